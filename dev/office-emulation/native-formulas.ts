/**
 * Excel's own functions in the emulated workbook (SUM, SUBTOTAL, SUMPRODUCT, PRODUCT, IF, ROUND,
 * references, arithmetic, `A1#` references to spills...) through HyperFormula, a kept formula
 * engine, rather than a hand-written one. HyperFormula is used under its GPLv3 licence
 * (licenseKey "gpl-v3"), which suits a development-only tool: this file is part of the Office
 * emulation in dev/, which the production build never bundles (test/build checks it).
 *
 * The workbook model stays the source of truth. HyperFormula holds a mirror of it: constants and
 * the results of custom functions (anchors and spilled cells) as values, native formulas as
 * formulas. After each change the values HyperFormula computes for native formula cells are
 * written back into the model, and the custom-function engine is told, so that a PLATFORM
 * formula reading such a cell runs again. `A1#` is not HyperFormula syntax: a formula is given
 * to it with `A1#` replaced by the current spill range of A1, and given again when that spill
 * changes size.
 *
 * `A5.Quantity` (a field of an entity value: ./cell-values) is no HyperFormula syntax either: it is
 * given as the field's value as it is now (#FIELD! in Excel where the cell has no such field,
 * #VALUE! here, which HyperFormula knows), and given again when the cell's value changes.
 *
 * Excel's SUBTOTAL ignores cells of its ranges that hold SUBTOTAL formulas themselves (so that a
 * parent's subtotal over a subtree does not count nested subtotals twice); HyperFormula's does
 * not, so SUBTOTAL is replaced by a plugin that does.
 */
import {
  CellError,
  DetailedCellError,
  ErrorType,
  type ExportedChange,
  ExportedCellChange,
  FunctionArgumentType,
  FunctionPlugin,
  HyperFormula,
  type ImplementedFunctions,
  type RawCellContent,
  SimpleRangeValue,
} from "hyperformula";
import { type Area, MAX_COLUMNS, MAX_ROWS, cellAddress, formatArea, parseAddress } from "./address";
import { entityField } from "./cell-values";
import { type SheetModel, type WorkbookModel, cellKey, keyToCell } from "./model";
import { withoutSheetOnErrors } from "./references";

type Evaluate = ExcelSubtotalPlugin["evaluateAst"];
type PluginAst = Parameters<Evaluate>[0];
type PluginState = Parameters<Evaluate>[1];
type PluginValue = ReturnType<Evaluate>;

const SUBTOTAL_CALL = /\bSUBTOTAL\s*\(/i;

function rawNumber(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  // HyperFormula keeps numbers with a format (percent, currency, dates) as objects with `val`.
  if (typeof value === "object" && value !== null && "val" in value) {
    const val = value.val;
    return typeof val === "number" ? val : undefined;
  }
  return undefined;
}

function aggregate(code: number, numbers: number[], nonEmpty: number): number | CellError {
  const n = numbers.length;
  const sum = numbers.reduce((a, b) => a + b, 0);
  const variance = (sample: boolean): number | CellError => {
    const d = sample ? n - 1 : n;
    if (d <= 0) return new CellError(ErrorType.DIV_BY_ZERO);
    const mean = sum / n;
    return numbers.reduce((a, b) => a + (b - mean) ** 2, 0) / d;
  };
  const sqrt = (v: number | CellError): number | CellError => (typeof v === "number" ? Math.sqrt(v) : v);
  switch (code % 100) {
    case 1:
      return n === 0 ? new CellError(ErrorType.DIV_BY_ZERO) : sum / n;
    case 2:
      return n;
    case 3:
      return nonEmpty;
    case 4:
      return n === 0 ? 0 : Math.max(...numbers);
    case 5:
      return n === 0 ? 0 : Math.min(...numbers);
    case 6:
      return n === 0 ? 0 : numbers.reduce((a, b) => a * b, 1);
    case 7:
      return sqrt(variance(true));
    case 8:
      return sqrt(variance(false));
    case 9:
      return sum;
    case 10:
      return variance(true);
    case 11:
      return variance(false);
    default:
      return new CellError(ErrorType.VALUE);
  }
}

/** SUBTOTAL as Excel computes it: cells of its ranges holding a SUBTOTAL formula are left out. */
export class ExcelSubtotalPlugin extends FunctionPlugin {
  static override implementedFunctions: ImplementedFunctions = {
    SUBTOTAL: {
      method: "subtotal",
      parameters: [
        { argumentType: FunctionArgumentType.NUMBER },
        { argumentType: FunctionArgumentType.RANGE },
      ],
      repeatLastArgs: 1,
    },
  };

  subtotal(ast: { args: PluginAst[] }, state: PluginState): PluginValue {
    const [first, ...refs] = ast.args;
    if (!first || refs.length === 0) return new CellError(ErrorType.NA);
    const codeValue = this.evaluateAst(first, state);
    if (codeValue instanceof CellError) return codeValue;
    const code = rawNumber(codeValue);
    if (code === undefined || !((code >= 1 && code <= 11) || (code >= 101 && code <= 111)))
      return new CellError(ErrorType.VALUE);
    const countOnly = code % 100 === 2 || code % 100 === 3;
    const numbers: number[] = [];
    let nonEmpty = 0;
    const take = (value: unknown): CellError | undefined => {
      if (value instanceof CellError) {
        nonEmpty += 1;
        return countOnly ? undefined : value;
      }
      const number = rawNumber(value);
      if (number !== undefined) numbers.push(number);
      if (value !== null && value !== undefined && typeof value !== "symbol") nonEmpty += 1;
      return undefined;
    };
    for (const ref of refs) {
      const value = this.evaluateAst(ref, state);
      if (!(value instanceof SimpleRangeValue)) {
        const error = take(value);
        if (error) return error;
        continue;
      }
      const start = value.range?.start;
      const rows = value.data;
      for (let i = 0; i < rows.length; i += 1) {
        const row = rows[i] ?? [];
        for (let j = 0; j < row.length; j += 1) {
          if (start) {
            const formula = this.serialization.getCellFormula({
              sheet: start.sheet,
              row: start.row + i,
              col: start.col + j,
            });
            if (formula !== undefined && SUBTOTAL_CALL.test(formula)) continue;
          }
          const error = take(row[j]);
          if (error) return error;
        }
      }
    }
    return aggregate(code, numbers, nonEmpty);
  }
}

HyperFormula.registerFunction("SUBTOTAL", ExcelSubtotalPlugin);

/** HyperFormula's own error kinds, as Excel shows the same situation. */
const ERROR_VALUES: Record<string, string> = {
  "#CYCLE!": "#VALUE!",
  "#ERROR!": "#NAME?",
  "#LIC!": "#VALUE!",
};

const SPILL_REFERENCE = /((?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_.]*)!)?(\$?[A-Za-z]{1,3}\$?\d{1,7})#/g;

/** `A5.Quantity`, `Sheet1!$A$5.[Unit cost]`: a cell's field (not a number such as 1.5, no function). */
const FIELD_REFERENCE =
  /(?<![A-Za-z0-9_.$'\]])((?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_]*)!)?(\$?[A-Za-z]{1,3}\$?\d{1,7})\.(\[[^\]]+\]|[\p{L}_][\p{L}\p{N}_]*)(?!\s*\()/gu;

/** A field's value as a formula literal. */
function literal(value: unknown): string {
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  return `"${String(value).replace(/"/g, '""')}"`;
}

function readerKey(sheet: SheetModel, row: number, col: number): string {
  return `${sheet.id}|${cellKey(row, col)}`;
}

/** True when the formula calls no function of the add-in's namespace (outside text literals). */
export function isNativeFormula(formula: string, namespace: string): boolean {
  const code = formula.replace(/"(?:[^"]|"")*"/g, '""');
  return !new RegExp(`(^|[^A-Za-z0-9_.])${namespace.replace(/[.]/g, "\\.")}\\.`, "i").test(code);
}

export type NativeValueListener = (sheet: SheetModel, row: number, col: number) => void;

export class NativeFormulas {
  private readonly hf: HyperFormula;
  /** Model sheet id → HyperFormula sheet id. */
  private readonly sheetIds = new Map<string, number>();
  /** Model sheet id → keys of the cells holding a native formula. */
  private readonly formulas = new Map<string, Set<number>>();
  /** Spill anchor ("sheetId|key") → native formula cells ("sheetId|key") that read it with `#`. */
  private readonly spillReaders = new Map<string, Set<string>>();
  /** Cell ("sheetId|key") → native formula cells that read a field of it (`A5.Quantity`). */
  private readonly fieldReaders = new Map<string, Set<string>>();
  private suspended = 0;
  /** Native formula cells written while evaluation was suspended. */
  private readonly touched: Array<{ sheet: number; row: number; col: number }> = [];

  constructor(
    private readonly model: WorkbookModel,
    private readonly onValue: NativeValueListener,
    private readonly namespace: () => string,
  ) {
    this.hf = HyperFormula.buildEmpty({
      licenseKey: "gpl-v3",
      useArrayArithmetic: true,
      evaluateNullToZero: true,
      leapYear1900: true,
      nullDate: { year: 1899, month: 12, day: 30 },
      maxRows: MAX_ROWS,
      maxColumns: MAX_COLUMNS,
    });
  }

  holds(sheet: SheetModel, row: number, col: number): boolean {
    return this.formulas.get(sheet.id)?.has(cellKey(row, col)) ?? false;
  }

  /** A native formula was written to the cell. */
  setFormula(sheet: SheetModel, row: number, col: number, formula: string): void {
    const hfSheet = this.syncSheets(sheet);
    this.formulasOf(sheet).add(cellKey(row, col));
    this.forgetSpillReads(sheet, row, col);
    const text = this.translate(sheet, row, col, formula);
    const address = { sheet: hfSheet, row, col };
    this.run(() => this.hf.setCellContents(address, text), [address]);
  }

  /** The cell now holds a constant (or nothing, or a custom function's result): mirror it. */
  setValue(sheet: SheetModel, row: number, col: number): void {
    const hfSheet = this.syncSheets(sheet);
    const key = cellKey(row, col);
    if (this.formulas.get(sheet.id)?.delete(key)) this.forgetSpillReads(sheet, row, col);
    const content = this.rawContent(sheet, row, col);
    this.run(() => this.hf.setCellContents({ sheet: hfSheet, row, col }, content), []);
    this.giveAgain(this.fieldReaders.get(readerKey(sheet, row, col)));
  }

  /** Mirrors the values of an area (a spill range that changed), leaving native formulas be. */
  syncArea(sheet: SheetModel, area: Area): void {
    this.batch(() => {
      for (let r = area.r0; r <= area.r1; r += 1) {
        for (let c = area.c0; c <= area.c1; c += 1) {
          if (!this.holds(sheet, r, c)) this.setValue(sheet, r, c);
        }
      }
    });
  }

  /** The spill of the formula at this anchor changed: formulas reading `anchor#` are given again. */
  spillChanged(sheet: SheetModel, row: number, col: number): void {
    this.giveAgain(this.spillReaders.get(readerKey(sheet, row, col)));
  }

  /** Native formulas ("sheetId|key") given to HyperFormula again, as they read now. */
  private giveAgain(readers: ReadonlySet<string> | undefined): void {
    if (!readers || readers.size === 0) return;
    this.batch(() => {
      for (const reader of [...readers]) {
        const [sheetId, key] = reader.split("|");
        const target = this.model.getSheetById(sheetId ?? "");
        if (!target) continue;
        const pos = keyToCell(Number(key));
        const formula = target.getCell(pos.row, pos.col)?.formula;
        if (formula !== undefined && this.holds(target, pos.row, pos.col))
          this.setFormula(target, pos.row, pos.col, formula);
      }
    });
  }

  /** Cells moved without the formula engine (Range.insert/delete): mirror the sheet again. */
  reload(sheet: SheetModel): void {
    const hfSheet = this.sheetIds.get(sheet.id);
    if (hfSheet === undefined) return;
    // The sheet's spill readers are kept by cell position, which moved: the load below registers
    // them again (a reader elsewhere keeps its entry; it is given again when its text changed).
    const prefix = `${sheet.id}|`;
    for (const readers of this.spillReaders.values()) {
      for (const reader of [...readers]) if (reader.startsWith(prefix)) readers.delete(reader);
    }
    this.batch(() => {
      this.hf.clearSheet(hfSheet);
      this.formulas.delete(sheet.id);
      this.load(sheet, hfSheet);
    });
  }

  /**
   * Runs `fn` with HyperFormula's evaluation suspended (one recalculation for many writes, as for
   * a Range.values of a whole block), then writes the computed values back.
   */
  batch<T>(fn: () => T): T {
    if (this.suspended > 0) {
      this.suspended += 1;
      try {
        return fn();
      } finally {
        this.suspended -= 1;
      }
    }
    this.suspended = 1;
    this.hf.suspendEvaluation();
    try {
      return fn();
    } finally {
      this.suspended = 0;
      const changes = this.hf.resumeEvaluation();
      const touched = this.touched.splice(0);
      this.writeBack(changes, touched);
    }
  }

  private run(
    op: () => ExportedChange[],
    explicit: Array<{ sheet: number; row: number; col: number }>,
  ): void {
    if (this.suspended > 0) {
      op();
      this.touched.push(...explicit);
      return;
    }
    this.writeBack(op(), explicit);
  }

  /** Writes HyperFormula's values of native formula cells into the model and reports them. */
  private writeBack(
    changes: ExportedChange[],
    explicit: Array<{ sheet: number; row: number; col: number }>,
  ): void {
    const bySheet = new Map<number, SheetModel>();
    for (const [modelId, hfId] of this.sheetIds) {
      const sheet = this.model.getSheetById(modelId);
      if (sheet) bySheet.set(hfId, sheet);
    }
    const seen = new Set<string>();
    const updated: Array<{ sheet: SheetModel; row: number; col: number }> = [];
    const addresses = [
      ...changes
        .filter((c): c is ExportedCellChange => c instanceof ExportedCellChange)
        .map((c) => c.address),
      ...explicit,
    ];
    for (const address of addresses) {
      const sheet = bySheet.get(address.sheet);
      if (!sheet || !this.holds(sheet, address.row, address.col)) continue;
      const id = readerKey(sheet, address.row, address.col);
      if (seen.has(id)) continue;
      seen.add(id);
      const cell = sheet.getCell(address.row, address.col);
      if (!cell) continue;
      const value = this.hf.getCellValue(address);
      delete cell.errorMessage;
      if (value instanceof DetailedCellError) {
        cell.value = ERROR_VALUES[value.value] ?? value.value;
        cell.isError = true;
        if (value.value === "#CYCLE!") cell.errorMessage = "Circular reference.";
      } else {
        delete cell.isError;
        cell.value = value ?? 0;
      }
      updated.push({ sheet, row: address.row, col: address.col });
    }
    if (updated.length === 0) return;
    this.model.notifyChanged();
    for (const { sheet, row, col } of updated) this.onValue(sheet, row, col);
  }

  private formulasOf(sheet: SheetModel): Set<number> {
    let set = this.formulas.get(sheet.id);
    if (!set) {
      set = new Set();
      this.formulas.set(sheet.id, set);
    }
    return set;
  }

  /** What HyperFormula is given for a cell that is not a native formula. */
  private rawContent(sheet: SheetModel, row: number, col: number): RawCellContent {
    const cell = sheet.getCell(row, col);
    const value = cell?.value ?? null;
    if (value === null || typeof value !== "string") return value;
    // An error value HyperFormula knows is given as such; text always as text (a leading
    // apostrophe keeps "123" or "=x" from being read as a number or a formula).
    if (cell?.isError) return value;
    return `'${value}`;
  }

  /** Mirrors the whole workbook (one opened from a file), writing back what HyperFormula computes. */
  mirrorAll(): void {
    const first = this.model.sheets[0];
    if (first) this.batch(() => this.syncSheets(first));
  }

  /** Mirrors every sheet of the model (added, renamed, deleted); returns the id of `sheet`. */
  private syncSheets(sheet: SheetModel): number {
    for (const [modelId, hfId] of [...this.sheetIds]) {
      if (this.model.getSheetById(modelId)) continue;
      this.hf.removeSheet(hfId);
      this.sheetIds.delete(modelId);
      this.formulas.delete(modelId);
    }
    for (const model of this.model.sheets) {
      const hfId = this.sheetIds.get(model.id);
      if (hfId !== undefined) {
        if (this.hf.getSheetName(hfId) !== model.name) this.hf.renameSheet(hfId, model.name);
        continue;
      }
      const name = this.hf.addSheet(model.name);
      const id = this.hf.getSheetId(name);
      if (id === undefined) continue;
      this.sheetIds.set(model.id, id);
      if (model.cells.size > 0) this.batch(() => this.load(model, id));
    }
    const id = this.sheetIds.get(sheet.id);
    if (id === undefined) throw new Error(`Sheet ${sheet.name} is not in the formula engine.`);
    return id;
  }

  /** Gives HyperFormula every cell of a sheet (within a batch). */
  private load(sheet: SheetModel, hfSheet: number): void {
    for (const [key, cell] of [...sheet.cells]) {
      const { row, col } = keyToCell(key);
      const address = { sheet: hfSheet, row, col };
      if (cell.formula !== undefined && isNativeFormula(cell.formula, this.namespace())) {
        this.formulasOf(sheet).add(key);
        this.hf.setCellContents(address, this.translate(sheet, row, col, cell.formula));
        this.touched.push(address);
      } else if (cell.value !== null) {
        // Constants, and the results of custom functions (mirrored by value).
        this.hf.setCellContents(address, this.rawContent(sheet, row, col));
      }
    }
  }

  private forgetSpillReads(sheet: SheetModel, row: number, col: number): void {
    const reader = readerKey(sheet, row, col);
    for (const readers of this.spillReaders.values()) readers.delete(reader);
    for (const readers of this.fieldReaders.values()) readers.delete(reader);
  }

  /** `A5.Quantity` replaced by the field's value now; the reader is given again when A5 changes. */
  private fieldsRead(sheet: SheetModel, reader: string, code: string): string {
    return code.replace(FIELD_REFERENCE, (_match, prefix: string | undefined, ref: string, field: string) => {
      const target = prefix
        ? this.model.getSheetByName(
            prefix
              .slice(0, -1)
              .replace(/^'(.*)'$/, "$1")
              .replace(/''/g, "'"),
          )
        : sheet;
      const cellRef = parseAddress(ref.replace(/\$/g, ""));
      if (!target || !cellRef) return "#REF!";
      const { r0, c0 } = cellRef.area;
      const key = readerKey(target, r0, c0);
      let readers = this.fieldReaders.get(key);
      if (!readers) {
        readers = new Set();
        this.fieldReaders.set(key, readers);
      }
      readers.add(reader);
      const entity = target.getCell(r0, c0)?.entity;
      const value = entity ? entityField(entity, field.replace(/^\[(.*)\]$/, "$1")) : undefined;
      return value === undefined ? "#VALUE!" : literal(value);
    });
  }

  /** The formula as HyperFormula reads it: `A1#` becomes the spill range of A1 as it is now. */
  private translate(sheet: SheetModel, row: number, col: number, formula: string): string {
    const reader = readerKey(sheet, row, col);
    // Text literals are left as they are; `Prices!#REF!` (a deleted reference) reads as #REF!.
    return withoutSheetOnErrors(formula)
      .split(/("(?:[^"]|"")*")/)
      .map((part, i) =>
        i % 2 === 1
          ? part
          : this.fieldsRead(sheet, reader, part).replace(
              SPILL_REFERENCE,
              (_match, prefix: string | undefined, ref: string) => {
                const target = prefix
                  ? this.model.getSheetByName(
                      prefix
                        .slice(0, -1)
                        .replace(/^'(.*)'$/, "$1")
                        .replace(/''/g, "'"),
                    )
                  : sheet;
                const anchor = parseAddress(ref.replace(/\$/g, ""));
                if (!target || !anchor) return "#REF!";
                const { r0, c0 } = anchor.area;
                const key = readerKey(target, r0, c0);
                let readers = this.spillReaders.get(key);
                if (!readers) {
                  readers = new Set();
                  this.spillReaders.set(key, readers);
                }
                readers.add(reader);
                const cell = target.getCell(r0, c0);
                if (cell?.spill) {
                  const area = { r0, c0, r1: r0 + cell.spill.rows - 1, c1: c0 + cell.spill.columns - 1 };
                  return `${prefix ?? ""}${formatArea(area)}`;
                }
                if (cell?.formula !== undefined && !cell.isError)
                  return `${prefix ?? ""}${cellAddress(r0, c0)}`;
                return "#REF!";
              },
            ),
      )
      .join("");
  }
}
