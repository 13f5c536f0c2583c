/**
 * CustomFunctions.associate and a small formula engine for the cells of the emulated workbook:
 * `=NAMESPACE.FUNC(arg, ...)` with literals, cell and range references and nested calls, calling
 * the registered functions as Excel's custom-functions runtime does (invocation object,
 * streaming through setResult, onCanceled), showing #BUSY! while a promise is pending, spilling
 * 2-D results (#SPILL! when the spill range is not blank) and turning a CustomFunctions.Error into
 * an error value that keeps its message.
 */
import { type Area, MAX_COLUMNS, MAX_ROWS, cellAddress, formatAddress, parseAddress } from "./address";
import {
  type Cell,
  type CellValue,
  type FormulaCell,
  type FormulaEngine,
  type SheetModel,
  type WorkbookModel,
  cellKey,
  intersects,
  isExcelErrorValue,
  keyToCell,
} from "./model";
import { type RichValue, isRichValue, richValueOf } from "./cell-values";
import { type HostProfile, hostProfile } from "./host";
import { NativeFormulas, isNativeFormula } from "./native-formulas";
import { utf8Length } from "./proxy";
import { withoutSheetOnErrors } from "./references";

/** Excel.CalculationType: what `application.calculate` is asked to do. */
export type CalculationType = "Recalculate" | "Full" | "FullRebuild";

export const CustomFunctionErrorCode = {
  invalidValue: "#VALUE!",
  notAvailable: "#N/A",
  divisionByZero: "#DIV/0!",
  invalidNumber: "#NUM!",
  nullReference: "#NULL!",
  invalidName: "#NAME?",
  invalidReference: "#REF!",
} as const;

/** Excel keeps the message of these two codes only (custom-functions-runtime _getMessage). */
const CODES_WITH_MESSAGE = new Set<string>(["#VALUE!", "#N/A"]);
const DEFAULT_NAMESPACE = "PLATFORM";
/** Stops a chain of formulas that depend on each other in a loop. */
const MAX_DEPENDENCY_DEPTH = 32;

/** CustomFunctions.Error as the runtime defines it: code is the error literal, message optional. */
export class CustomFunctionError extends Error {
  readonly code: string;
  readonly type = "Error";

  constructor(code?: string, message?: string) {
    super(message ?? "");
    Object.setPrototypeOf(this, CustomFunctionError.prototype);
    this.name = "CustomFunctions.Error";
    this.code = code ?? CustomFunctionErrorCode.invalidValue;
  }
}

export interface FunctionParameterMetadata {
  name: string;
  type?: string;
  dimensionality?: string;
  optional?: boolean;
  repeating?: boolean;
}

export interface FunctionMetadata {
  id: string;
  name: string;
  description?: string;
  parameters?: FunctionParameterMetadata[];
  result?: { type?: string; dimensionality?: string };
  options?: {
    stream?: boolean;
    cancelable?: boolean;
    requiresAddress?: boolean;
    /** A streaming function's @requiresAddress (custom-functions-metadata writes it so). */
    requiresStreamAddress?: boolean;
    requiresParameterAddresses?: boolean;
    requiresStreamParameterAddresses?: boolean;
    volatile?: boolean;
  };
}

export interface FunctionsMetadata {
  /** Lets the functions return data types on CustomFunctionsRuntime 1.4 (./cell-values). */
  allowCustomDataForDataTypeAny?: boolean;
  functions: FunctionMetadata[];
}

export interface EmulatedInvocation {
  /**
   * The calling cell ("Sheet1!A1", a sheet name with spaces quoted), only where the function's
   * metadata asks for it (requiresAddress, requiresStreamAddress), else undefined, as in Excel
   * ("The cell address where the function is being called, if requested, otherwise undefined":
   * CustomFunctions.Invocation). Functions registered without metadata (tests) get it.
   */
  address: string | undefined;
  functionName: string;
  parameterAddresses: string[] | undefined;
  isInValuePreview: boolean;
  onCanceled: (() => void) | undefined;
  setResult(value: unknown): void;
  setError(error: unknown): void;
}

type CustomFunction = (...args: unknown[]) => unknown;

interface ErrorResult {
  error: string;
  message?: string;
}
/** A cell's content: a value, or a data type a function returned (./cell-values). */
type Scalar = CellValue | null | RichValue;
type EvalValue = Scalar | ErrorResult | Scalar[][] | ReferenceValue;

interface ReferenceValue {
  ref: { sheet: SheetModel; area: Area };
}

function isErrorResult(value: unknown): value is ErrorResult {
  return typeof value === "object" && value !== null && "error" in value && !Array.isArray(value);
}

function isReference(value: unknown): value is ReferenceValue {
  return typeof value === "object" && value !== null && "ref" in value;
}

// ---------------------------------------------------------------------------------------------
// Parsing

type Expr =
  | { kind: "literal"; value: Scalar }
  | { kind: "error"; value: string }
  | { kind: "ref"; sheet: string | undefined; area: Area; text: string }
  | { kind: "call"; name: string; args: Array<Expr | undefined> };

class FormulaSyntaxError extends Error {}

function parseFormula(formula: string): Expr {
  const text = formula.startsWith("=") ? formula.slice(1) : formula;
  let pos = 0;
  const skip = (): void => {
    while (pos < text.length && /\s/.test(text[pos] ?? "")) pos += 1;
  };
  const parseExpr = (): Expr => {
    skip();
    const ch = text[pos];
    if (ch === undefined) throw new FormulaSyntaxError("empty");
    if (ch === '"') {
      let out = "";
      pos += 1;
      for (;;) {
        const c = text[pos];
        if (c === undefined) throw new FormulaSyntaxError("unterminated string");
        if (c === '"') {
          if (text[pos + 1] === '"') {
            out += '"';
            pos += 2;
            continue;
          }
          pos += 1;
          break;
        }
        out += c;
        pos += 1;
      }
      return { kind: "literal", value: out };
    }
    const number = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(text.slice(pos));
    if (number && !/^[A-Za-z_]/.test(text.slice(pos + number[0].length))) {
      pos += number[0].length;
      return { kind: "literal", value: Number(number[0]) };
    }
    const error = /^#(NULL!|DIV\/0!|VALUE!|REF!|NAME\?|NUM!|N\/A)/i.exec(text.slice(pos));
    if (error) {
      pos += error[0].length;
      return { kind: "error", value: error[0].toUpperCase() };
    }
    // A reference, possibly with a (quoted) sheet name, or a function name.
    const refMatch =
      /^(('([^']|'')+'|[A-Za-z_][A-Za-z0-9_.]*)!)?\$?[A-Za-z]{1,3}\$?\d{1,7}(:\$?[A-Za-z]{1,3}\$?\d{1,7})?/.exec(
        text.slice(pos),
      );
    const nameMatch = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(text.slice(pos));
    if (nameMatch) {
      const after = text.slice(pos + nameMatch[0].length).trimStart();
      if (after.startsWith("(")) {
        pos += nameMatch[0].length;
        skip();
        pos += 1;
        const args: Array<Expr | undefined> = [];
        skip();
        if (text[pos] === ")") {
          pos += 1;
          return { kind: "call", name: nameMatch[0].toUpperCase(), args };
        }
        for (;;) {
          skip();
          if (text[pos] === "," || text[pos] === ")") args.push(undefined);
          else args.push(parseExpr());
          skip();
          const sep = text[pos];
          pos += 1;
          if (sep === ")") break;
          if (sep !== ",") throw new FormulaSyntaxError("expected , or )");
        }
        return { kind: "call", name: nameMatch[0].toUpperCase(), args };
      }
    }
    if (refMatch) {
      const parsed = parseAddress(refMatch[0]);
      if (parsed) {
        pos += refMatch[0].length;
        return { kind: "ref", sheet: parsed.sheet, area: parsed.area, text: refMatch[0] };
      }
    }
    if (nameMatch) {
      const upper = nameMatch[0].toUpperCase();
      if (upper === "TRUE" || upper === "FALSE") {
        pos += nameMatch[0].length;
        return { kind: "literal", value: upper === "TRUE" };
      }
    }
    throw new FormulaSyntaxError(`unexpected ${ch}`);
  };
  const expr = parseExpr();
  skip();
  if (pos !== text.length) throw new FormulaSyntaxError("trailing text");
  return expr;
}

// ---------------------------------------------------------------------------------------------
// The registry of associated functions

export class CustomFunctionRegistry {
  private readonly functions = new Map<string, CustomFunction>();
  private readonly listeners = new Set<() => void>();
  metadata: FunctionsMetadata | undefined;

  constructor(public namespace: string = DEFAULT_NAMESPACE) {}

  associate(idOrMappings: string | Record<string, CustomFunction>, fn?: CustomFunction): void {
    if (typeof idOrMappings === "string") {
      if (typeof fn !== "function")
        throw new TypeError(`CustomFunctions.associate: ${idOrMappings} is not a function`);
      this.functions.set(idOrMappings.toUpperCase(), fn);
    } else {
      for (const [id, f] of Object.entries(idOrMappings)) this.functions.set(id.toUpperCase(), f);
    }
    for (const listener of this.listeners) listener();
  }

  setMetadata(metadata: FunctionsMetadata): void {
    this.metadata = metadata;
    for (const listener of this.listeners) listener();
  }

  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  ids(): string[] {
    return [...this.functions.keys()];
  }

  /** Finds the function a formula names: NAMESPACE.NAME → metadata name → id → association. */
  lookup(
    formulaName: string,
  ): { fn: CustomFunction; metadata: FunctionMetadata | undefined; fullName: string } | undefined {
    const prefix = `${this.namespace.toUpperCase()}.`;
    if (!formulaName.startsWith(prefix)) return undefined;
    const name = formulaName.slice(prefix.length);
    const metadata = this.metadata?.functions.find((f) => f.name.toUpperCase() === name);
    const id = (metadata?.id ?? name).toUpperCase();
    const fn = this.functions.get(id);
    return fn ? { fn, metadata, fullName: formulaName } : undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// The engine

interface RunningFormula {
  generation: number;
  invocation: EmulatedInvocation | undefined;
  references: Array<{ sheetId: string; area: Area }>;
  /** The last result, written again when its spill range is freed or blocked. */
  lastResult?: EvalValue | undefined;
  /** Where the last array result wanted to spill. */
  spillArea?: Area;
  /** The result came back too large to reach Excel: the cell stays #BUSY! (see host.ts). */
  undelivered?: boolean;
}

/** Puts a value or a data type into a cell: its basic value, and the format or entity it carries. */
function setContent(cell: Cell, value: Scalar): void {
  delete cell.isError;
  delete cell.valueFormat;
  delete cell.entity;
  if (!isRichValue(value)) {
    cell.value = value;
    return;
  }
  cell.value = value.value;
  if (value.isError) cell.isError = true;
  if (value.valueFormat !== undefined) cell.valueFormat = value.valueFormat;
  if (value.entity) cell.entity = value.entity;
}

/** What a cell holds, as setContent put it there (a saved data type kept as one). */
function contentOf(cell: Cell | undefined): Scalar {
  if (!cell) return "";
  if (cell.entity || cell.valueFormat !== undefined) {
    return {
      rich: true,
      value: cell.value ?? "",
      isError: cell.isError === true,
      ...(cell.valueFormat !== undefined ? { valueFormat: cell.valueFormat } : {}),
      ...(cell.entity ? { entity: cell.entity } : {}),
    };
  }
  return cell.value ?? "";
}

function errorFrom(thrown: unknown): ErrorResult {
  if (thrown instanceof CustomFunctionError || (isErrorLike(thrown) && isExcelErrorValue(thrown.code))) {
    const code = (thrown as { code: string }).code;
    const message = (thrown as { message?: string }).message;
    const out: ErrorResult = { error: code };
    if (message && CODES_WITH_MESSAGE.has(code)) out.message = message;
    return out;
  }
  // An exception that is not a CustomFunctions.Error shows as #VALUE! in Excel.
  return { error: "#VALUE!" };
}

function isErrorLike(value: unknown): value is { code: string; message?: string } {
  return (
    typeof value === "object" && value !== null && typeof (value as { code?: unknown }).code === "string"
  );
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function"
  );
}

export class CustomFunctionEngine implements FormulaEngine {
  /**
   * A variation, not the default (EmulationOptions.fullCalculationSkipsErrors): a full
   * recalculation of the workbook (application.calculate "Full"/"FullRebuild", Ctrl+Alt+F9) does
   * not run again custom-function cells in an error state. office-js issue 4502: "Excel does not
   * reinvoke our custom functions on cells showing a #VALUE! error when you force a full
   * recalculation of the workbook", with an initialisation error (issue 4487), on Windows and Mac.
   * Worksheet.calculate(true) and Range.calculate still run them (chosen: the reports name the
   * workbook's full recalculation only).
   */
  fullCalculationSkipsErrors = false;
  /**
   * A variation, not the default (EmulationOptions.busyKeepsOldValue): while a custom function
   * runs again, its cell keeps the last result with a busy mark instead of #BUSY!, as current
   * Excel shows it (office-js issue 4152); reading the cell then gives the old value, which
   * cannot be told from a fresh one (issue 6930). A cell with no result yet still shows #BUSY!.
   */
  busyKeepsOldValue = false;
  private readonly running = new Map<string, RunningFormula>();
  private readonly pending = new Set<Promise<unknown>>();
  private depth = 0;
  /** Excel's own functions (SUM, SUBTOTAL, IF, A1#...) through HyperFormula. */
  private readonly native: NativeFormulas;

  constructor(
    private readonly model: WorkbookModel,
    private readonly registry: CustomFunctionRegistry,
    private readonly host: HostProfile = hostProfile("web"),
    /** Whether the host's runtime returns data types (CustomFunctionsRuntime 1.4: ./cell-values). */
    private readonly runtimeTakesDataTypes: () => boolean = () => false,
  ) {
    registry.onChange(() => this.retryUnresolvedNames());
    this.native = new NativeFormulas(
      model,
      (sheet, row, col) => this.dependentsOf(sheet, row, col),
      () => this.registry.namespace,
    );
  }

  /** A formula that calls no function of the add-in's namespace is Excel's own: HyperFormula's. */
  private isNative(formula: string): boolean {
    return isNativeFormula(formula, this.registry.namespace);
  }

  batch<T>(fn: () => T): T {
    return this.native.batch(fn);
  }

  /**
   * Cells of the sheet moved. What ran on the sheet and what it spilled is dropped (positions
   * changed), Excel's own formulas are read again, and the custom functions of the sheet run
   * again, as Excel runs non-volatile custom functions again when rows, columns or cells are
   * inserted or deleted (office-js issue 3332, desktop; issue 3911, "the entire sheet gets
   * recalculated ... insert a column", confirmed by design). Custom formulas on other sheets whose
   * references were adjusted run again too.
   */
  structureChanged(sheet: SheetModel, rewritten: ReadonlyArray<FormulaCell>): void {
    for (const [key, state] of [...this.running]) {
      if (!key.startsWith(`${sheet.id}|`)) continue;
      this.running.delete(key);
      state.invocation?.onCanceled?.();
    }
    for (const cell of sheet.cells.values()) {
      if (cell.spillOwner !== undefined) {
        cell.value = null;
        delete cell.isError;
        delete cell.errorMessage;
        delete cell.spillOwner;
      }
      delete cell.spill;
    }
    const elsewhere = rewritten.filter((c) => c.sheet !== sheet && this.isCustomFormulaCell(c));
    for (const c of elsewhere) this.stop(c.sheet, c.row, c.col);
    this.native.batch(() => {
      for (const target of new Set([sheet, ...rewritten.map((c) => c.sheet)])) this.native.reload(target);
    });
    this.rerun([...this.customFormulaCells((s) => s === sheet), ...elsewhere]);
  }

  /**
   * The workbook was opened from a file. Excel keeps the results a custom-function cell was saved
   * with and runs again only the cells saved in an error state or without a result (office-js issue
   * 2012, Microsoft: "cells already holding a value are preserved on open, and only cells that
   * were saved in an error/unresolved state recalculate"). A kept cell runs again when its inputs
   * change, like any other.
   */
  opened(): void {
    this.native.mirrorAll();
    for (const c of this.customFormulaCells(() => true)) {
      const cell = c.sheet.getCell(c.row, c.col);
      if (!cell || cell.value === null || cell.isError) this.evaluate(c.sheet, c.row, c.col);
      else this.adopt(c.sheet, c.row, c.col, cell);
    }
  }

  /** Takes a saved result as the formula's last result, with the references it reads. */
  private adopt(sheet: SheetModel, row: number, col: number, cell: Cell): void {
    let expr: Expr;
    try {
      expr = parseFormula(withoutSheetOnErrors(cell.formula ?? ""));
    } catch {
      return;
    }
    const references: RunningFormula["references"] = [];
    const visit = (e: Expr | undefined): void => {
      if (!e) return;
      if (e.kind === "call") e.args.forEach(visit);
      if (e.kind !== "ref") return;
      const target = e.sheet === undefined ? sheet : this.model.getSheetByName(e.sheet);
      if (target) references.push({ sheetId: target.id, area: e.area });
    };
    visit(expr);
    const state: RunningFormula = { generation: 1, invocation: undefined, references };
    if (cell.spill) {
      const area = { r0: row, c0: col, r1: row + cell.spill.rows - 1, c1: col + cell.spill.columns - 1 };
      state.spillArea = area;
      state.lastResult = Array.from({ length: cell.spill.rows }, (_, i) =>
        Array.from({ length: cell.spill?.columns ?? 1 }, (_, j) =>
          contentOf(sheet.getCell(row + i, col + j)),
        ),
      );
    } else {
      state.lastResult = contentOf(cell);
    }
    this.running.set(CustomFunctionEngine.key(sheet, row, col), state);
  }

  /**
   * Outline groups of the sheet were expanded or collapsed: Excel runs the sheet's non-volatile
   * custom functions again (office-js issue 3332: "expanding/collapsing grouped cells").
   */
  outlineToggled(sheet: SheetModel): void {
    this.rerun(this.customFormulaCells((s) => s === sheet));
  }

  /**
   * application.calculate, Worksheet.calculate and Range.calculate by Excel's rules for custom
   * functions. "Recalculate" (Calculate Now, F9) recalculates the cells Excel marked dirty: a
   * non-volatile custom function whose inputs did not change does not run again (office-js issue
   * 1462); volatile ones do. "Full" and "FullRebuild" mark every cell dirty ("This will mark all
   * cells as dirty and then recalculate them", Excel.CalculationType), so every custom function
   * runs again. `scope` limits it to a sheet or a range.
   */
  calculate(type: CalculationType, scope?: { sheet: SheetModel; area?: Area }): void {
    const inScope = (sheet: SheetModel, row: number, col: number): boolean => {
      if (!scope) return true;
      if (sheet !== scope.sheet) return false;
      const a = scope.area;
      return !a || (row >= a.r0 && row <= a.r1 && col >= a.c0 && col <= a.c1);
    };
    let cells = this.customFormulaCells(() => true).filter((c) => inScope(c.sheet, c.row, c.col));
    if (type !== "Recalculate" && !scope && this.fullCalculationSkipsErrors) {
      cells = cells.filter((c) => {
        const cell = c.sheet.getCell(c.row, c.col);
        return !(cell?.isError === true && cell.value !== "#BUSY!");
      });
    }
    this.rerun(type === "Recalculate" ? cells.filter((c) => this.isVolatile(c)) : cells);
  }

  private isCustomFormulaCell(c: FormulaCell): boolean {
    const formula = c.sheet.getCell(c.row, c.col)?.formula;
    return formula !== undefined && !this.isNative(formula);
  }

  private customFormulaCells(sheetFilter: (sheet: SheetModel) => boolean): FormulaCell[] {
    const out: FormulaCell[] = [];
    for (const sheet of this.model.sheets) {
      if (!sheetFilter(sheet)) continue;
      for (const [key, cell] of sheet.cells) {
        if (cell.formula !== undefined && !this.isNative(cell.formula))
          out.push({ sheet, ...keyToCell(key) });
      }
    }
    return out;
  }

  private rerun(cells: ReadonlyArray<FormulaCell>): void {
    for (const c of cells) this.evaluate(c.sheet, c.row, c.col);
  }

  /** A formula calling a function declared volatile in functions.json. */
  private isVolatile(c: FormulaCell): boolean {
    const formula = c.sheet.getCell(c.row, c.col)?.formula;
    if (formula === undefined) return false;
    let expr: Expr;
    try {
      expr = parseFormula(withoutSheetOnErrors(formula));
    } catch {
      return false;
    }
    const visit = (e: Expr | undefined): boolean => {
      if (!e || e.kind !== "call") return false;
      if (this.registry.lookup(e.name)?.metadata?.options?.volatile) return true;
      return e.args.some(visit);
    };
    return visit(expr);
  }

  private static key(sheet: SheetModel, row: number, col: number): string {
    return `${sheet.id}|${cellKey(row, col)}`;
  }

  cellChanged(sheet: SheetModel, row: number, col: number): void {
    const cell = sheet.getCell(row, col);
    if (cell?.formula !== undefined && this.isNative(cell.formula)) {
      this.stop(sheet, row, col);
      this.native.setFormula(sheet, row, col, cell.formula);
    } else {
      if (cell?.formula !== undefined) this.evaluate(sheet, row, col);
      else this.stop(sheet, row, col);
      this.native.setValue(sheet, row, col);
    }
    this.dependentsOf(sheet, row, col);
  }

  /** Reruns the formulas that read a cell whose value just changed; frees or blocks spills. */
  valueChanged(sheet: SheetModel, row: number, col: number): void {
    this.native.setValue(sheet, row, col);
    this.afterValue(sheet, row, col);
  }

  private afterValue(sheet: SheetModel, row: number, col: number): void {
    for (const [key, state] of [...this.running]) {
      const area = state.spillArea;
      if (!area || !key.startsWith(`${sheet.id}|`)) continue;
      if (row < area.r0 || row > area.r1 || col < area.c0 || col > area.c1) continue;
      if (row === area.r0 && col === area.c0) continue;
      this.reapply(sheet, area.r0, area.c0);
    }
    this.dependentsOf(sheet, row, col);
  }

  spillsMayChange(sheet: SheetModel): void {
    for (const [key, state] of [...this.running]) {
      if (!key.startsWith(`${sheet.id}|`) || !Array.isArray(state.lastResult)) continue;
      const { row, col } = keyToCell(Number(key.split("|")[1]));
      this.reapply(sheet, row, col);
    }
  }

  reapply(sheet: SheetModel, row: number, col: number): void {
    const state = this.running.get(CustomFunctionEngine.key(sheet, row, col));
    if (state && "lastResult" in state) this.apply(sheet, row, col, state, state.lastResult);
  }

  /** Resolves once no custom function promise is pending (results written, no #BUSY! left but streams). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) {
      await Promise.allSettled([...this.pending]);
      await Promise.resolve();
    }
  }

  recalculateAll(): void {
    for (const sheet of this.model.sheets) {
      for (const [key, cell] of [...sheet.cells]) {
        if (cell.formula === undefined) continue;
        const { row, col } = keyToCell(key);
        this.evaluate(sheet, row, col);
      }
    }
  }

  private retryUnresolvedNames(): void {
    for (const sheet of this.model.sheets) {
      for (const [key, cell] of [...sheet.cells]) {
        if (cell.formula !== undefined && cell.value === "#NAME?") {
          const { row, col } = keyToCell(key);
          this.evaluate(sheet, row, col);
        }
      }
    }
  }

  private dependentsOf(sheet: SheetModel, row: number, col: number): void {
    if (this.depth > MAX_DEPENDENCY_DEPTH) return;
    this.depth += 1;
    try {
      for (const [key, state] of [...this.running]) {
        const hit = state.references.some(
          (r) =>
            r.sheetId === sheet.id &&
            row >= r.area.r0 &&
            row <= r.area.r1 &&
            col >= r.area.c0 &&
            col <= r.area.c1,
        );
        if (!hit) continue;
        const [sheetId, cellKeyText] = key.split("|");
        const target = this.model.getSheetById(sheetId ?? "");
        if (!target) continue;
        const pos = keyToCell(Number(cellKeyText));
        if (target === sheet && pos.row === row && pos.col === col) continue;
        this.evaluate(target, pos.row, pos.col);
      }
    } finally {
      this.depth -= 1;
    }
  }

  /** Cancels what runs for the cell and removes its spill. */
  private stop(sheet: SheetModel, row: number, col: number): void {
    const key = CustomFunctionEngine.key(sheet, row, col);
    const state = this.running.get(key);
    if (state) {
      this.running.delete(key);
      state.invocation?.onCanceled?.();
    }
    const spill = sheet.getCell(row, col)?.spill;
    this.clearSpill(sheet, row, col);
    if (spill) {
      this.native.syncArea(sheet, {
        r0: row,
        c0: col,
        r1: row + spill.rows - 1,
        c1: col + spill.columns - 1,
      });
    }
    if (state) this.native.spillChanged(sheet, row, col);
  }

  private clearSpill(sheet: SheetModel, row: number, col: number): void {
    const anchor = sheet.getCell(row, col);
    if (!anchor?.spill) return;
    const anchorKey = cellKey(row, col);
    for (let r = row; r < row + anchor.spill.rows; r += 1) {
      for (let c = col; c < col + anchor.spill.columns; c += 1) {
        if (r === row && c === col) continue;
        const key = cellKey(r, c);
        const cell = sheet.cells.get(key);
        if (cell?.spillOwner !== anchorKey) continue;
        setContent(cell, null);
        delete cell.errorMessage;
        delete cell.spillOwner;
      }
    }
    delete anchor.spill;
  }

  private evaluate(sheet: SheetModel, row: number, col: number): void {
    const cell = sheet.getCell(row, col);
    if (!cell?.formula || this.isNative(cell.formula)) return;
    const key = CustomFunctionEngine.key(sheet, row, col);
    const previous = this.running.get(key);
    previous?.invocation?.onCanceled?.();
    const state: RunningFormula = {
      generation: (previous?.generation ?? 0) + 1,
      invocation: undefined,
      references: [],
    };
    this.running.set(key, state);
    let expr: Expr;
    try {
      expr = parseFormula(withoutSheetOnErrors(cell.formula));
    } catch {
      this.apply(sheet, row, col, state, { error: "#NAME?", message: "The formula could not be read." });
      return;
    }
    const outcome = this.evalExpr(expr, sheet, row, col, state, true);
    if (isPromiseLike(outcome)) {
      this.showBusy(sheet, row, col, state);
      const settled = Promise.resolve(outcome).then(
        (value) => this.apply(sheet, row, col, state, value),
        (thrown: unknown) => this.apply(sheet, row, col, state, errorFrom(thrown)),
      );
      this.pending.add(settled);
      void settled.finally(() => this.pending.delete(settled));
    } else if (outcome !== undefined) {
      this.apply(sheet, row, col, state, outcome);
    } else {
      // A streaming function returns nothing and calls setResult later.
      this.showBusy(sheet, row, col, state);
    }
  }

  /** #BUSY!, or (busyKeepsOldValue) the last result kept with a busy mark. */
  private showBusy(sheet: SheetModel, row: number, col: number, state: RunningFormula): void {
    const cell = sheet.getCell(row, col);
    const hasResult = cell !== undefined && cell.value !== null && cell.value !== "#BUSY!";
    if (this.busyKeepsOldValue && hasResult) {
      cell.busy = true;
      this.model.notifyChanged();
      return;
    }
    this.apply(sheet, row, col, state, { error: "#BUSY!" });
  }

  private referenceValues(ref: ReferenceValue): Scalar[][] {
    const { sheet, area } = ref.ref;
    const out: Scalar[][] = [];
    for (let r = area.r0; r <= area.r1; r += 1) {
      const row: Scalar[] = [];
      for (let c = area.c0; c <= area.c1; c += 1) row.push(sheet.getCell(r, c)?.value ?? null);
      out.push(row);
    }
    return out;
  }

  private firstError(ref: ReferenceValue): ErrorResult | undefined {
    const { sheet, area } = ref.ref;
    for (let r = area.r0; r <= area.r1; r += 1) {
      for (let c = area.c0; c <= area.c1; c += 1) {
        const cell = sheet.getCell(r, c);
        if (cell?.isError && typeof cell.value === "string") return { error: cell.value };
      }
    }
    return undefined;
  }

  /** Evaluates an expression; a pending custom function makes the result a promise. */
  private evalExpr(
    expr: Expr,
    sheet: SheetModel,
    row: number,
    col: number,
    state: RunningFormula,
    top: boolean,
  ): EvalValue | undefined | Promise<EvalValue | undefined> {
    switch (expr.kind) {
      case "literal":
        return expr.value;
      case "error":
        return { error: expr.value };
      case "ref": {
        const target = expr.sheet === undefined ? sheet : this.model.getSheetByName(expr.sheet);
        if (!target) return { error: "#REF!" };
        state.references.push({ sheetId: target.id, area: expr.area });
        const ref: ReferenceValue = { ref: { sheet: target, area: expr.area } };
        if (!top) return ref;
        const values = this.referenceValues(ref);
        const err = this.firstError(ref);
        if (err && expr.area.r0 === expr.area.r1 && expr.area.c0 === expr.area.c1) return err;
        return values.length === 1 && values[0]?.length === 1 ? (values[0][0] ?? 0) : values;
      }
      case "call":
        return this.call(expr, sheet, row, col, state);
    }
  }

  private call(
    expr: Extract<Expr, { kind: "call" }>,
    sheet: SheetModel,
    row: number,
    col: number,
    state: RunningFormula,
  ): EvalValue | undefined | Promise<EvalValue | undefined> {
    const found = this.registry.lookup(expr.name);
    if (!found) return { error: "#NAME?", message: `${expr.name} is not a registered function.` };
    const params = found.metadata?.parameters ?? [];
    if (found.metadata && expr.args.length > params.length && !params.some((p) => p.repeating)) {
      return { error: "#VALUE!", message: `${found.fullName} takes at most ${params.length} arguments.` };
    }
    const argValues = expr.args.map((arg) =>
      arg ? this.evalExpr(arg, sheet, row, col, state, false) : undefined,
    );
    const parameterAddresses = expr.args.map((arg) =>
      arg?.kind === "ref" ? formatAddress(arg.sheet ?? sheet.name, arg.area) : "",
    );
    const invoke = (
      resolved: Array<EvalValue | undefined>,
    ): EvalValue | undefined | Promise<EvalValue | undefined> => {
      const args: unknown[] = [];
      const count = Math.max(params.length, resolved.length);
      for (let i = 0; i < count; i += 1) {
        const param = params[i];
        const raw = resolved[i];
        if (raw === undefined) {
          if (param && !param.optional && found.metadata) {
            return { error: "#VALUE!", message: `${found.fullName} needs the argument ${param.name}.` };
          }
          // Excel passes null for an optional argument left out.
          args.push(null);
          continue;
        }
        const coerced = this.coerce(raw, param);
        if (isErrorResult(coerced)) return coerced;
        args.push(coerced);
      }
      return this.invoke(found, args, sheet, row, col, state, parameterAddresses);
    };
    if (argValues.some(isPromiseLike)) {
      return Promise.all(argValues.map((value) => Promise.resolve(value))).then((values) => {
        const err = values.find(isErrorResult);
        return err ?? invoke(values);
      });
    }
    const plain = argValues as Array<EvalValue | undefined>;
    const err = plain.find(isErrorResult);
    if (err) return err;
    return invoke(plain);
  }

  /** Converts an argument to what the declared parameter type expects, as Excel does. */
  private coerce(raw: EvalValue, param: FunctionParameterMetadata | undefined): unknown {
    const matrix = param?.dimensionality === "matrix";
    let value: Scalar | Scalar[][];
    if (isReference(raw)) {
      const values = this.referenceValues(raw);
      if (!matrix) {
        if (values.length !== 1 || values[0]?.length !== 1) return { error: "#VALUE!" };
        const err = this.firstError(raw);
        if (err) return err;
        value = values[0][0] ?? null;
      } else value = values;
    } else if (isErrorResult(raw)) {
      return raw;
    } else {
      value = raw;
    }
    // A data type another function returned reaches this one as its basic value.
    if (isRichValue(value)) value = value.value;
    if (matrix) return Array.isArray(value) ? value : [[value]];
    if (Array.isArray(value)) {
      return value.length === 1 && value[0]?.length === 1 ? (value[0][0] ?? null) : { error: "#VALUE!" };
    }
    switch (param?.type) {
      case "number":
        if (value === null || value === "") return 0;
        if (typeof value === "boolean") return value ? 1 : 0;
        if (typeof value === "string") {
          const n = Number(value);
          return value.trim() === "" || Number.isNaN(n) ? { error: "#VALUE!" } : n;
        }
        return value;
      case "string":
        if (value === null) return "";
        if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
        return String(value);
      case "boolean":
        if (typeof value === "string") {
          const upper = value.toUpperCase();
          if (upper === "TRUE" || upper === "FALSE") return upper === "TRUE";
          return { error: "#VALUE!" };
        }
        if (typeof value === "number") return value !== 0;
        return value ?? false;
      default:
        return value ?? null;
    }
  }

  private invoke(
    found: { fn: CustomFunction; metadata: FunctionMetadata | undefined; fullName: string },
    args: unknown[],
    sheet: SheetModel,
    row: number,
    col: number,
    state: RunningFormula,
    parameterAddresses: string[],
  ): EvalValue | undefined | Promise<EvalValue | undefined> {
    let streamed = false;
    const options = found.metadata?.options;
    const asked = (plain: boolean | undefined, stream: boolean | undefined): boolean =>
      !found.metadata || plain === true || stream === true;
    const invocation: EmulatedInvocation = {
      address: asked(options?.requiresAddress, options?.requiresStreamAddress)
        ? formatAddress(sheet.name, { r0: row, c0: col, r1: row, c1: col })
        : undefined,
      functionName: found.fullName,
      parameterAddresses: asked(
        options?.requiresParameterAddresses,
        options?.requiresStreamParameterAddresses,
      )
        ? parameterAddresses
        : undefined,
      isInValuePreview: false,
      onCanceled: undefined,
      setResult: (value: unknown): void => {
        streamed = true;
        this.apply(sheet, row, col, state, this.normalize(value));
      },
      setError: (error: unknown): void => {
        streamed = true;
        this.apply(sheet, row, col, state, errorFrom(error));
      },
    };
    state.invocation = invocation;
    let result: unknown;
    try {
      result = found.fn(...args, invocation);
    } catch (thrown) {
      return errorFrom(thrown);
    }
    if (isPromiseLike(result)) {
      return Promise.resolve(result).then(
        (value) => this.normalize(value),
        (thrown: unknown) => errorFrom(thrown),
      );
    }
    if (result === undefined && (found.metadata?.options?.stream || !found.metadata)) {
      return streamed ? this.currentValue(sheet, row, col) : undefined;
    }
    return this.normalize(result);
  }

  private currentValue(sheet: SheetModel, row: number, col: number): EvalValue {
    const cell = sheet.getCell(row, col);
    if (cell?.isError && typeof cell.value === "string") {
      const out: ErrorResult = { error: cell.value };
      if (cell.errorMessage) out.message = cell.errorMessage;
      return out;
    }
    return cell?.value ?? null;
  }

  /** Turns what a function returned into a cell value, an error, or a matrix to spill. */
  private normalize(value: unknown): EvalValue {
    if (value instanceof CustomFunctionError || (value instanceof Error && isErrorLike(value)))
      return errorFrom(value);
    if (value === null || value === undefined) return 0;
    if (typeof value === "number") {
      return Number.isFinite(value) ? value : { error: "#NUM!" };
    }
    if (typeof value === "string" || typeof value === "boolean") return value;
    const rich = this.dataType(value);
    if (rich) return rich;
    if (Array.isArray(value)) {
      const rows = value.length;
      if (rows === 0 || !value.every((r) => Array.isArray(r))) return { error: "#VALUE!" };
      const columns = (value[0] as unknown[]).length;
      if (columns === 0 || !value.every((r) => (r as unknown[]).length === columns))
        return { error: "#VALUE!" };
      return (value as unknown[][]).map((r) =>
        r.map((v): Scalar => {
          if (v === null || v === undefined) return "";
          if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return v;
          if (v instanceof CustomFunctionError || isErrorLike(v)) return errorFrom(v).error;
          return this.dataType(v) ?? "#VALUE!";
        }),
      );
    }
    return { error: "#VALUE!" };
  }

  /** A data type, where the runtime and functions.json let the functions return them (./cell-values). */
  private dataType(value: unknown): RichValue | undefined {
    if (!this.runtimeTakesDataTypes() || this.registry.metadata?.allowCustomDataForDataTypeAny !== true)
      return undefined;
    return richValueOf(value);
  }

  /** Writes a result to the anchor cell (and its spill), unless a newer evaluation superseded it. */
  private apply(
    sheet: SheetModel,
    row: number,
    col: number,
    state: RunningFormula,
    result: EvalValue | undefined,
  ): void {
    const key = CustomFunctionEngine.key(sheet, row, col);
    if (this.running.get(key) !== state || !this.model.getSheetById(sheet.id)) return;
    const anchor = sheet.getCell(row, col);
    if (!anchor?.formula) return;
    delete anchor.busy;
    const before = anchor.spill;
    this.clearSpill(sheet, row, col);
    if (this.undeliverable(result, state.generation)) {
      // The runtime never gets this result into the workbook: #BUSY! stays, with no error.
      state.undelivered = true;
      result = undefined;
    } else if (result !== undefined) {
      delete state.undelivered;
    }
    state.lastResult = result;
    delete state.spillArea;
    if (Array.isArray(result)) {
      state.spillArea = {
        r0: row,
        c0: col,
        r1: row + result.length - 1,
        c1: col + (result[0]?.length ?? 1) - 1,
      };
    }
    const setAnchor = (value: Scalar, isError: boolean, message?: string): void => {
      setContent(anchor, value);
      if (isError || anchor.isError) anchor.isError = true;
      else delete anchor.isError;
      if (message) anchor.errorMessage = message;
      else delete anchor.errorMessage;
    };
    if (result === undefined) setAnchor("#BUSY!", true);
    else if (isErrorResult(result)) setAnchor(result.error, true, result.message);
    else if (isReference(result)) setAnchor("#VALUE!", true);
    else if (Array.isArray(result)) this.spill(sheet, row, col, anchor, result, setAnchor);
    else setAnchor(result, false);
    this.model.notifyChanged();
    // The formula engine sees the anchor and every cell the spill covered or covers now.
    const after = anchor.spill;
    this.native.syncArea(sheet, {
      r0: row,
      c0: col,
      r1: row + Math.max(before?.rows ?? 1, after?.rows ?? 1) - 1,
      c1: col + Math.max(before?.columns ?? 1, after?.columns ?? 1) - 1,
    });
    this.native.spillChanged(sheet, row, col);
    this.afterValue(sheet, row, col);
  }

  /** Whether a result is too large to reach Excel on this host (see CustomFunctionResultLimit). */
  private undeliverable(result: EvalValue | undefined, id: number): boolean {
    if (!Array.isArray(result) && typeof result !== "string") return false;
    const limit = this.host.resultLimit;
    const json = JSON.stringify([id, true, result]);
    return json.length + 1 >= limit.sliceCharacters || utf8Length(json) > limit.requestBytes;
  }

  /** Formula cells whose last result was too large to be shown (they stay #BUSY!). */
  undeliveredResults(): Array<{ sheet: SheetModel; row: number; col: number }> {
    const out: Array<{ sheet: SheetModel; row: number; col: number }> = [];
    for (const [key, state] of this.running) {
      if (!state.undelivered) continue;
      const [sheetId, cellKeyText] = key.split("|");
      const sheet = this.model.getSheetById(sheetId ?? "");
      if (sheet) out.push({ sheet, ...keyToCell(Number(cellKeyText)) });
    }
    return out;
  }

  private spill(
    sheet: SheetModel,
    row: number,
    col: number,
    anchor: Cell,
    matrix: Scalar[][],
    setAnchor: (value: Scalar, isError: boolean, message?: string) => void,
  ): void {
    const rows = matrix.length;
    const columns = matrix[0]?.length ?? 0;
    if (row + rows > MAX_ROWS || col + columns > MAX_COLUMNS) {
      setAnchor("#SPILL!", true, "The spill range extends beyond the edge of the worksheet.");
      return;
    }
    const spillArea = { r0: row, c0: col, r1: row + rows - 1, c1: col + columns - 1 };
    // Excel.SpillErrorCellValueSubType: "Table", a dynamic array formula entered in a table;
    // "MergedCell", a merged cell blocking a dynamic array.
    if (
      (rows > 1 || columns > 1) &&
      this.model.tables.some(
        (t) => t.sheetId === sheet.id && intersects(t.area, { r0: row, c0: col, r1: row, c1: col }),
      )
    ) {
      setAnchor("#SPILL!", true, "Spilled array formulas aren't supported in tables.");
      return;
    }
    const merged = sheet.mergedAreas.find((m) => intersects(m, spillArea));
    if (merged && (rows > 1 || columns > 1)) {
      setAnchor(
        "#SPILL!",
        true,
        `Spill range has merged cells: ${cellAddress(merged.r0, merged.c0)} is merged.`,
      );
      return;
    }
    for (let r = row; r < row + rows; r += 1) {
      for (let c = col; c < col + columns; c += 1) {
        if ((r !== row || c !== col) && sheet.hasContent(r, c)) {
          setAnchor("#SPILL!", true, `Spill range isn't blank: ${cellAddress(r, c)} is not empty.`);
          return;
        }
      }
    }
    const anchorKey = cellKey(row, col);
    matrix.forEach((values, i) =>
      values.forEach((value, j) => {
        const isError = isExcelErrorValue(value);
        if (i === 0 && j === 0) {
          setAnchor(value === "" ? null : value, isError);
          return;
        }
        const cell = sheet.ensureCell(row + i, col + j);
        setContent(cell, value === "" ? null : value);
        if (isError || cell.isError) cell.isError = true;
        else delete cell.isError;
        cell.spillOwner = anchorKey;
      }),
    );
    if (rows > 1 || columns > 1) anchor.spill = { rows, columns };
  }
}

/** The CustomFunctions global: associate, Error, ErrorCode. */
export function createCustomFunctionsNamespace(registry: CustomFunctionRegistry): Record<string, unknown> {
  return {
    associate: (idOrMappings: string | Record<string, CustomFunction>, fn?: CustomFunction) =>
      registry.associate(idOrMappings, fn),
    Error: CustomFunctionError,
    ErrorCode: { ...CustomFunctionErrorCode },
  };
}
