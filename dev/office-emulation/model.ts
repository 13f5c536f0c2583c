/**
 * The in-memory workbook behind the emulation: sheets with sparse cell grids, formats, outline,
 * frozen panes, the selection, the document settings and the log of every sync. It applies
 * Excel's input rules (a string written as a value that looks like a number becomes a number, one
 * starting with "=" becomes a formula, "#N/A" becomes an error) so that tests see what Excel
 * would make of what the add-in writes.
 */
import type { ProtectionOptions } from "./protection";

/** The emulation's document settings limit: an assumption (WorkbookModel.settingsLimitBytes). */
export const DOCUMENT_SETTINGS_LIMIT_BYTES = 2 * 1024 * 1024;
import type { EntityJson } from "./cell-values";
import { type Area, MAX_COLUMNS, MAX_ROWS, formatAddress } from "./address";
import { type ErrorCode, ErrorCodes } from "./errors";
import { type DisplayLocale, EN_US } from "./format";
import { type CellMove, type StructuralChange, adjustArea, adjustFormula, moveFormula } from "./references";

export type CellValue = string | number | boolean;

export const EXCEL_ERROR_VALUES = [
  "#NULL!",
  "#DIV/0!",
  "#VALUE!",
  "#REF!",
  "#NAME?",
  "#NUM!",
  "#N/A",
  "#GETTING_DATA",
  "#SPILL!",
  "#CALC!",
  "#BUSY!",
  "#FIELD!",
  "#BLOCKED!",
  "#CONNECT!",
  "#UNKNOWN!",
] as const;
export type ExcelErrorValue = (typeof EXCEL_ERROR_VALUES)[number];

export const SHEET_NAME_MAX_LENGTH = 31;
const SHEET_NAME_FORBIDDEN = /[:\\/?*[\]]/;
const MAX_OUTLINE_LEVEL = 8;
export const DEFAULT_COLUMN_WIDTH = 48; // points: 8.43 characters of Calibri 11, 64 px
export const DEFAULT_NUMBER_FORMAT = "General";
const NUMERIC_INPUT = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

export interface Cell {
  /** null means empty. For an error cell, the error literal ("#N/A"). */
  value: CellValue | null;
  isError?: boolean;
  /** Shown on hover in the workbench; custom functions can attach one to #VALUE! and #N/A. */
  errorMessage?: string;
  /**
   * A custom function of this cell is running while the cell keeps its last result (the
   * variation busyKeepsOldValue, custom-functions.ts): the grid marks it; the API cannot see it.
   */
  busy?: boolean;
  /** "=..." when the cell holds a formula (only on the anchor of a spill). */
  formula?: string;
  numberFormat?: string;
  /**
   * The number format a custom function's FormattedNumber or Double value carries (./cell-values):
   * shown unless the cell has a number format of its own.
   */
  valueFormat?: string;
  /** A custom function's entity value (./cell-values): the cell shows its text, its card its fields. */
  entity?: EntityJson;
  bold?: boolean;
  italic?: boolean;
  fontColor?: string;
  fill?: string;
  horizontalAlignment?: string;
  wrapText?: boolean;
  fontName?: string;
  fontSize?: number;
  indentLevel?: number;
  /** Key of the anchor cell whose array result fills this cell. */
  spillOwner?: number;
  /** On an anchor: size of its current spill. */
  spill?: { rows: number; columns: number };
}

export type SheetVisibility = "Visible" | "Hidden" | "VeryHidden";

export function cellKey(row: number, col: number): number {
  return row * MAX_COLUMNS + col;
}

export function keyToCell(key: number): { row: number; col: number } {
  return { row: Math.floor(key / MAX_COLUMNS), col: key % MAX_COLUMNS };
}

export function isExcelErrorValue(value: unknown): value is ExcelErrorValue {
  return typeof value === "string" && (EXCEL_ERROR_VALUES as readonly string[]).includes(value);
}

export interface ParsedInput {
  value: CellValue | null;
  isError: boolean;
  formula: string | undefined;
}

/** What Excel stores when the given value is typed or written through `Range.values`. */
export function parseCellInput(
  raw: CellValue | null | undefined,
  numberFormat: string | undefined,
): ParsedInput {
  if (raw === null || raw === undefined || raw === "")
    return { value: null, isError: false, formula: undefined };
  if (typeof raw !== "string") return { value: raw, isError: false, formula: undefined };
  if (numberFormat === "@") return { value: raw, isError: false, formula: undefined };
  if (raw.startsWith("'")) return { value: raw.slice(1), isError: false, formula: undefined };
  if (raw.startsWith("=") && raw.length > 1) return { value: null, isError: false, formula: raw };
  if (isExcelErrorValue(raw.toUpperCase()))
    return { value: raw.toUpperCase(), isError: true, formula: undefined };
  if (NUMERIC_INPUT.test(raw)) return { value: Number(raw), isError: false, formula: undefined };
  const upper = raw.toUpperCase();
  if (upper === "TRUE" || upper === "FALSE")
    return { value: upper === "TRUE", isError: false, formula: undefined };
  return { value: raw, isError: false, formula: undefined };
}

export class SheetModel {
  readonly cells = new Map<number, Cell>();
  readonly columnWidths = new Map<number, number>();
  readonly rowHeights = new Map<number, number>();
  readonly hiddenRows = new Set<number>();
  readonly hiddenColumns = new Set<number>();
  readonly rowOutline = new Map<number, number>();
  readonly columnOutline = new Map<number, number>();
  /** Number formats given to entire columns: apply to cells without their own format. */
  readonly columnNumberFormats = new Map<number, string>();
  frozenRows = 0;
  frozenColumns = 0;
  visibility: SheetVisibility = "Visible";
  tabColor = "";
  /** Review > Protect Sheet: what it refuses is in protection.ts (AccessDenied). */
  isProtected = false;
  /** The boxes protect(options) checked (protection.ts); none: Excel's default. */
  protectionOptions: ProtectionOptions = {};
  /** Merged areas (Range.merge), each at least two cells; their top-left cell holds the value. */
  readonly mergedAreas: Area[] = [];

  constructor(
    readonly id: string,
    public name: string,
  ) {}

  getCell(row: number, col: number): Cell | undefined {
    return this.cells.get(cellKey(row, col));
  }

  /** Returns the record, creating an empty one (formats live on empty cells too). */
  ensureCell(row: number, col: number): Cell {
    const key = cellKey(row, col);
    let cell = this.cells.get(key);
    if (!cell) {
      cell = { value: null };
      this.cells.set(key, cell);
    }
    return cell;
  }

  hasContent(row: number, col: number): boolean {
    const cell = this.getCell(row, col);
    return cell !== undefined && (cell.value !== null || cell.formula !== undefined);
  }

  /** Bounding box of the used cells; valuesOnly ignores cells that only carry formats. */
  usedArea(valuesOnly: boolean): Area | undefined {
    let r0 = Infinity;
    let c0 = Infinity;
    let r1 = -1;
    let c1 = -1;
    for (const [key, cell] of this.cells) {
      const used = cell.value !== null || cell.formula !== undefined;
      const formatted =
        cell.numberFormat !== undefined ||
        cell.bold !== undefined ||
        cell.fill !== undefined ||
        cell.fontColor !== undefined;
      if (!used && (valuesOnly || !formatted)) continue;
      const { row, col } = keyToCell(key);
      r0 = Math.min(r0, row);
      c0 = Math.min(c0, col);
      r1 = Math.max(r1, row);
      c1 = Math.max(c1, col);
    }
    return r1 < 0 ? undefined : { r0, c0, r1, c1 };
  }

  /** The format a cell shows and that governs typed input: its own, else its column's. */
  numberFormatAt(row: number, col: number): string {
    return this.getCell(row, col)?.numberFormat ?? this.columnNumberFormats.get(col) ?? DEFAULT_NUMBER_FORMAT;
  }

  columnWidth(col: number): number {
    return this.columnWidths.get(col) ?? DEFAULT_COLUMN_WIDTH;
  }
}

export interface SyncLogEntry {
  /** 1-based sequence number over the workbook's life. */
  index: number;
  /** Approximate JSON size of the request (queued writes, method calls and loads). */
  requestBytes: number;
  /** Approximate JSON size of the loaded values sent back. */
  responseBytes: number;
  operations: number;
  writes: number;
  loads: number;
  /**
   * Whether the sync moved cells: it loaded or set a range's cell matrix (values, formulas, text,
   * number formats, value types). Syncs that only look things up (the selection, the used range,
   * the culture, sheet names) or format whole ranges are false: the bench counts them apart.
   */
  cellData: boolean;
  /** Error code when the sync was refused or failed. */
  error?: string;
}

export interface FormulaEngine {
  /** Called after a formula was written to a cell (or the cell was cleared). */
  cellChanged(sheet: SheetModel, row: number, col: number): void;
  /** Called after a constant was written, so formulas that read the cell run again. */
  valueChanged(sheet: SheetModel, row: number, col: number): void;
  /** Writes the last result of the formula at this anchor again (its spill range changed). */
  reapply(sheet: SheetModel, row: number, col: number): void;
  /**
   * Reruns every formula of the workbook: the test helper `recalculate()`, not an Excel operation
   * (Excel's own calculation types are `calculate`).
   */
  recalculateAll(): void;
  /** application/Worksheet/Range.calculate by Excel's rules (custom-functions.ts). */
  calculate(type: "Recalculate" | "Full" | "FullRebuild", scope?: { sheet: SheetModel; area?: Area }): void;
  /** Runs many writes with one recalculation of Excel's own functions at the end. */
  batch<T>(fn: () => T): T;
  /**
   * Cells of the sheet moved (Range.insert/delete, a table row added): the engine reads the sheet
   * again and, as Excel does (office-js issues 3332, 3911), runs its custom functions again;
   * `rewritten` are the formula cells elsewhere whose references were adjusted.
   */
  structureChanged(sheet: SheetModel, rewritten: ReadonlyArray<FormulaCell>): void;
  /** Outline groups of the sheet were expanded or collapsed (office-js issue 3332). */
  outlineToggled(sheet: SheetModel): void;
  /** Cells of the sheet were merged or unmerged: array results there spill again or are blocked. */
  spillsMayChange(sheet: SheetModel): void;
}

export interface FormulaCell {
  sheet: SheetModel;
  row: number;
  col: number;
}

export type ChangeListener = () => void;

export interface Selection {
  sheetId: string;
  area: Area;
}

export interface SheetInit {
  /** Rows of values starting at A1; strings go through Excel's input rules. */
  rows?: ReadonlyArray<ReadonlyArray<CellValue | null>>;
  visibility?: SheetVisibility;
}

export interface TableModel {
  id: string;
  name: string;
  sheetId: string;
  /** Header row included. */
  area: Area;
  style: string;
  showBandedRows: boolean;
}

const TABLE_NAME = /^[A-Za-z_\\][A-Za-z0-9_.]*$/;
const CELL_LIKE_NAME = /^([A-Za-z]{1,3}\d+|[RrCc]\d*)$/;
export const TABLE_NAME_MAX_LENGTH = 255;

export interface NamedRangeModel {
  name: string;
  sheetId: string;
  /** null once every cell the name referred to was deleted: the name refers to #REF!. */
  area: Area | null;
  comment: string;
}

export class WorkbookModel {
  readonly sheets: SheetModel[] = [];
  readonly tables: TableModel[] = [];
  readonly names: NamedRangeModel[] = [];
  private nextTableId = 1;
  /**
   * Document settings as saved into the open document (Office.context.document.settings.saveAsync);
   * they reach the file when the workbook is saved (document-file.ts).
   */
  readonly documentSettings = new Map<string, string>();
  /** The regional format displayed text (Range.text, the grid) is shown in. */
  displayLocale: DisplayLocale = EN_US;
  /** Test hook: while set, settings.saveAsync fails with this message and the file keeps what it had. */
  settingsSaveRefusal: string | null = null;
  /**
   * Largest document settings saveAsync takes: UTF-8 bytes of the settings as JSON, all keys of the
   * add-in together. An assumption: Microsoft names "the size limits of the document Settings"
   * ("Persist add-in state and settings") without a figure; 2 MB is chosen. Above it saveAsync
   * fails with office.js's ooeSettingsCannotSave (4001, "Save Settings Error", "The settings could
   * not be saved.") and nothing is written.
   */
  settingsLimitBytes = DOCUMENT_SETTINGS_LIMIT_BYTES;
  readonly syncLog: SyncLogEntry[] = [];
  activeSheetId = "";
  /** Review > Protect Workbook (structure): sheets cannot be added, renamed or deleted (AccessDenied). */
  structureProtected = false;
  selection: Selection | undefined;
  formulaEngine: FormulaEngine | undefined;
  /** Excel's AutoCorrect option "Include new rows and columns in table" (on by default). */
  autoExpandTables = true;
  private nextSheetId = 1;
  private readonly listeners = new Set<ChangeListener>();
  /** Called whenever the selection changes (grid clicks, Range.select, activating a sheet). */
  readonly selectionListeners = new Set<(selection: Selection) => void>();
  /** Called with the sheet's id whenever another sheet becomes the active one (onActivated). */
  readonly activationListeners = new Set<(sheetId: string) => void>();
  private notifyScheduled = false;

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Coalesces the change notifications of one synchronous burst into one. */
  notifyChanged(): void {
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    queueMicrotask(() => {
      this.notifyScheduled = false;
      for (const listener of this.listeners) listener();
    });
  }

  getSheetByName(name: string): SheetModel | undefined {
    const wanted = name.toLowerCase();
    return this.sheets.find((s) => s.name.toLowerCase() === wanted);
  }

  getSheetById(id: string): SheetModel | undefined {
    return this.sheets.find((s) => s.id === id);
  }

  get activeSheet(): SheetModel | undefined {
    return this.getSheetById(this.activeSheetId) ?? this.sheets[0];
  }

  /** Runs many cell writes (one Excel API operation) with one recalculation at the end. */
  batch<T>(fn: () => T): T {
    return this.formulaEngine ? this.formulaEngine.batch(fn) : fn();
  }

  /** Excel's rules for a sheet name; returns the error code Excel raises, or undefined if valid. */
  validateSheetName(name: string, exceptId?: string): ErrorCode | undefined {
    if (
      name.length === 0 ||
      name.length > SHEET_NAME_MAX_LENGTH ||
      SHEET_NAME_FORBIDDEN.test(name) ||
      name.startsWith("'") ||
      name.endsWith("'") ||
      name.toLowerCase() === "history"
    ) {
      return ErrorCodes.invalidArgument;
    }
    const existing = this.getSheetByName(name);
    if (existing && existing.id !== exceptId) return ErrorCodes.itemAlreadyExists;
    return undefined;
  }

  private defaultSheetName(): string {
    for (let n = this.sheets.length + 1; ; n += 1) {
      const candidate = `Sheet${n}`;
      if (!this.getSheetByName(candidate)) return candidate;
    }
  }

  /** Adds a sheet at the end; throws the Excel error code for an invalid name. */
  addSheet(name?: string, init?: SheetInit): SheetModel {
    const finalName = name ?? this.defaultSheetName();
    const problem = this.validateSheetName(finalName);
    if (problem) throw new ModelError(problem, finalName);
    const sheet = new SheetModel(`{emulated-sheet-${this.nextSheetId}}`, finalName);
    this.nextSheetId += 1;
    this.sheets.push(sheet);
    if (!this.activeSheetId) this.activeSheetId = sheet.id;
    if (init?.visibility) sheet.visibility = init.visibility;
    init?.rows?.forEach((row, r) => row.forEach((value, c) => this.writeInput(sheet, r, c, value)));
    this.notifyChanged();
    return sheet;
  }

  renameSheet(sheet: SheetModel, name: string): void {
    const problem = this.validateSheetName(name, sheet.id);
    if (problem) throw new ModelError(problem, name);
    sheet.name = name;
    this.notifyChanged();
  }

  moveSheet(sheet: SheetModel, position: number): void {
    if (position < 0 || position >= this.sheets.length) throw new ModelError(ErrorCodes.invalidArgument, "");
    const from = this.sheets.indexOf(sheet);
    this.sheets.splice(from, 1);
    this.sheets.splice(position, 0, sheet);
    this.notifyChanged();
  }

  deleteSheet(sheet: SheetModel): void {
    const visible = this.sheets.filter((s) => s.visibility === "Visible");
    if (visible.length === 1 && visible[0] === sheet) throw new ModelError(ErrorCodes.invalidOperation, "");
    const index = this.sheets.indexOf(sheet);
    this.sheets.splice(index, 1);
    for (const table of this.tables.filter((t) => t.sheetId === sheet.id))
      this.tables.splice(this.tables.indexOf(table), 1);
    if (this.activeSheetId === sheet.id) {
      const next = this.sheets.find((s) => s.visibility === "Visible");
      this.activeSheetId = next?.id ?? "";
      this.selection = undefined;
      if (next) this.fireActivation();
    }
    this.notifyChanged();
  }

  setVisibility(sheet: SheetModel, visibility: SheetVisibility): void {
    if (visibility !== "Visible") {
      const others = this.sheets.filter((s) => s !== sheet && s.visibility === "Visible");
      if (others.length === 0) throw new ModelError(ErrorCodes.invalidOperation, "");
    }
    sheet.visibility = visibility;
    if (visibility !== "Visible" && this.activeSheetId === sheet.id) {
      this.activeSheetId = this.sheets.find((s) => s.visibility === "Visible")?.id ?? "";
    }
    this.notifyChanged();
  }

  activate(sheet: SheetModel): void {
    if (sheet.visibility !== "Visible") throw new ModelError(ErrorCodes.invalidOperation, "");
    if (this.activeSheetId !== sheet.id) {
      this.activeSheetId = sheet.id;
      this.selection = { sheetId: sheet.id, area: { r0: 0, c0: 0, r1: 0, c1: 0 } };
      this.fireSelection();
      this.fireActivation();
    }
    this.notifyChanged();
  }

  /** The selection on the active sheet (A1 if nothing was selected yet). */
  currentSelection(): { sheet: SheetModel; area: Area } | undefined {
    const sheet = this.activeSheet;
    if (!sheet) return undefined;
    if (this.selection && this.selection.sheetId === sheet.id) return { sheet, area: this.selection.area };
    return { sheet, area: { r0: 0, c0: 0, r1: 0, c1: 0 } };
  }

  select(sheet: SheetModel, area: Area): void {
    const activated = this.activeSheetId !== sheet.id;
    this.activeSheetId = sheet.id;
    this.selection = { sheetId: sheet.id, area };
    this.fireSelection();
    if (activated) this.fireActivation();
    this.notifyChanged();
  }

  private fireActivation(): void {
    const id = this.activeSheetId;
    for (const listener of this.activationListeners) listener(id);
  }

  private fireSelection(): void {
    const selection = this.selection;
    if (!selection) return;
    for (const listener of this.selectionListeners) listener(selection);
  }

  /**
   * Writes one value or formula as Excel does for typed input and `Range.values`/`formulas`,
   * then lets the formula engine evaluate it and re-check any spill this cell blocks or frees.
   */
  writeInput(sheet: SheetModel, row: number, col: number, raw: CellValue | null | undefined): void {
    // Only the top-left cell of a merged area holds a value: what is written to another of its cells
    // is dropped (Microsoft support, "Merge and unmerge cells": the merged cell shows the upper-left
    // cell's content).
    const merged = mergedAreaAt(sheet, row, col);
    if (merged && (merged.r0 !== row || merged.c0 !== col)) return;
    if (this.autoExpandTables && raw !== null && raw !== undefined && raw !== "") {
      this.expandTableTowards(sheet, row, col);
    }
    const header = this.tables.find(
      (t) => t.sheetId === sheet.id && t.area.r0 === row && col >= t.area.c0 && col <= t.area.c1,
    );
    if (header) raw = `'${this.headerText(sheet, header, col, raw)}`;
    const existing = sheet.getCell(row, col);
    const parsed = parseCellInput(raw, existing?.numberFormat ?? sheet.columnNumberFormats.get(col));
    const cell = sheet.ensureCell(row, col);
    const formerOwner = cell.spillOwner;
    const hadFormula = cell.formula !== undefined;
    cell.value = parsed.value;
    cell.isError = parsed.isError || undefined;
    delete cell.errorMessage;
    delete cell.spillOwner;
    delete cell.valueFormat;
    delete cell.entity;
    if (parsed.formula !== undefined) cell.formula = parsed.formula;
    else delete cell.formula;
    if (parsed.formula !== undefined || hadFormula) this.formulaEngine?.cellChanged(sheet, row, col);
    else this.formulaEngine?.valueChanged(sheet, row, col);
    if (formerOwner !== undefined) {
      const owner = keyToCell(formerOwner);
      this.formulaEngine?.reapply(sheet, owner.row, owner.col);
    }
    this.notifyChanged();
  }

  /**
   * Excel's AutoCorrect "Include new rows and columns in table" (on by default): a value typed in
   * the row just below a table, under one of its columns, or in the column just right of it, beside
   * one of its rows, makes the table take that row or column in (Microsoft support, "Resize a table
   * by adding or removing rows and columns"). AutoCorrect's table options apply to changes made
   * through the API too (office-js issue 6745).
   */
  private expandTableTowards(sheet: SheetModel, row: number, col: number): void {
    for (const table of this.tables) {
      if (table.sheetId !== sheet.id) continue;
      const { r0, c0, r1, c1 } = table.area;
      if (row === r1 + 1 && col >= c0 && col <= c1 && row < MAX_ROWS) {
        table.area = { ...table.area, r1: row };
        return;
      }
      if (col === c1 + 1 && row >= r0 && row <= r1 && col < MAX_COLUMNS) {
        table.area = { ...table.area, c1: col };
        // The new column's header: the value written, when it is written there; else ColumnN.
        if (row !== r0) this.nameNewTableColumns(sheet, table, col, col);
        return;
      }
    }
  }

  /**
   * What a table's header cell holds after a write: always text, never empty (ColumnN), unique in
   * its table (a number appended), as Excel keeps table headers.
   */
  private headerText(
    sheet: SheetModel,
    table: TableModel,
    col: number,
    raw: CellValue | null | undefined,
  ): string {
    const taken = new Set<string>();
    for (let c = table.area.c0; c <= table.area.c1; c += 1) {
      if (c === col) continue;
      const value = sheet.getCell(table.area.r0, c)?.value;
      if (value !== null && value !== undefined) taken.add(String(value).toLowerCase());
    }
    let text =
      raw === null || raw === undefined
        ? ""
        : typeof raw === "boolean"
          ? raw
            ? "TRUE"
            : "FALSE"
          : String(raw);
    if (text.startsWith("'")) text = text.slice(1);
    if (text === "") {
      let n = col - table.area.c0 + 1;
      while (taken.has(`column${n}`)) n += 1;
      return `Column${n}`;
    }
    let unique = text;
    for (let n = 2; taken.has(unique.toLowerCase()); n += 1) unique = `${text}${n}`;
    return unique;
  }

  /**
   * Range.merge: the area (each of its rows with `across`) becomes one merged cell keeping only
   * the upper-left cell's content ("Merge and unmerge cells"). A table cannot hold merged cells
   * (MergedRangeConflict, "A table can't overlap with ... merged cells"); merged areas inside the
   * new one are absorbed; one that only partly overlaps it is refused (InvalidOperation, chosen:
   * Excel's answer through the API is not documented).
   */
  merge(sheet: SheetModel, area: Area, across: boolean): void {
    const targets: Area[] = across
      ? Array.from({ length: area.r1 - area.r0 + 1 }, (_, i) => ({
          ...area,
          r0: area.r0 + i,
          r1: area.r0 + i,
        }))
      : [area];
    for (const target of targets) {
      if (target.r0 === target.r1 && target.c0 === target.c1) continue;
      if (this.tables.some((t) => t.sheetId === sheet.id && intersects(t.area, target))) {
        throw new ModelError(ErrorCodes.mergedRangeConflict, "merged cells in a table");
      }
      const overlapping = sheet.mergedAreas.filter((m) => intersects(m, target));
      if (overlapping.some((m) => !contains(target, m))) {
        throw new ModelError(ErrorCodes.invalidOperation, "merge across a merged area");
      }
      for (const m of overlapping) sheet.mergedAreas.splice(sheet.mergedAreas.indexOf(m), 1);
      this.batch(() => {
        for (const [key, cell] of [...sheet.cells]) {
          const { row, col } = keyToCell(key);
          if (!contains(target, { r0: row, c0: col, r1: row, c1: col })) continue;
          if (row === target.r0 && col === target.c0) continue;
          if (cell.value !== null || cell.formula !== undefined) this.writeInput(sheet, row, col, null);
        }
      });
      sheet.mergedAreas.push({ ...target });
    }
    this.formulaEngine?.spillsMayChange(sheet);
    this.notifyChanged();
  }

  /** Range.unmerge: every merged area the range touches is split again (its value stays top-left). */
  unmerge(sheet: SheetModel, area: Area): void {
    for (const m of sheet.mergedAreas.filter((a) => intersects(a, area))) {
      sheet.mergedAreas.splice(sheet.mergedAreas.indexOf(m), 1);
    }
    this.formulaEngine?.spillsMayChange(sheet);
    this.notifyChanged();
  }

  clearArea(sheet: SheetModel, area: Area, applyTo: "All" | "Formats" | "Contents" | "Hyperlinks"): void {
    const keys = [...sheet.cells.keys()];
    for (const key of keys) {
      const { row, col } = keyToCell(key);
      if (row < area.r0 || row > area.r1 || col < area.c0 || col > area.c1) continue;
      if (applyTo === "All" || applyTo === "Contents") {
        const cell = sheet.cells.get(key);
        if (cell && (cell.value !== null || cell.formula !== undefined))
          this.writeInput(sheet, row, col, null);
      }
      if (applyTo === "All" || applyTo === "Formats") {
        const cell = sheet.cells.get(key);
        if (!cell) continue;
        delete cell.numberFormat;
        delete cell.bold;
        delete cell.italic;
        delete cell.fontColor;
        delete cell.fill;
        delete cell.horizontalAlignment;
        delete cell.wrapText;
        delete cell.fontName;
        delete cell.fontSize;
        delete cell.indentLevel;
        if (cell.value === null && cell.formula === undefined && cell.spillOwner === undefined) {
          sheet.cells.delete(key);
        }
      }
    }
    this.notifyChanged();
  }

  /** Adds one outline level to the rows or columns of the area (Excel caps the depth at 8). */
  group(sheet: SheetModel, area: Area, byRows: boolean): void {
    const outline = byRows ? sheet.rowOutline : sheet.columnOutline;
    const [from, to] = byRows ? [area.r0, area.r1] : [area.c0, area.c1];
    for (let i = from; i <= to; i += 1) {
      const level = outline.get(i) ?? 0;
      if (level >= MAX_OUTLINE_LEVEL) throw new ModelError(ErrorCodes.invalidOperation, "");
    }
    for (let i = from; i <= to; i += 1) outline.set(i, (outline.get(i) ?? 0) + 1);
    this.notifyChanged();
  }

  /** Worksheet.showOutlineLevels (and the workbench's outline buttons): levels at or above n hide. */
  showOutlineLevels(sheet: SheetModel, rowLevels: number, columnLevels: number): void {
    const apply = (outline: Map<number, number>, hidden: Set<number>, levels: number): void => {
      if (levels <= 0) return;
      for (const [index, level] of outline) {
        if (level >= levels) hidden.add(index);
        else hidden.delete(index);
      }
    };
    apply(sheet.rowOutline, sheet.hiddenRows, rowLevels);
    apply(sheet.columnOutline, sheet.hiddenColumns, columnLevels);
    this.formulaEngine?.outlineToggled(sheet);
    this.notifyChanged();
  }

  ungroup(sheet: SheetModel, area: Area, byRows: boolean): void {
    const outline = byRows ? sheet.rowOutline : sheet.columnOutline;
    const [from, to] = byRows ? [area.r0, area.r1] : [area.c0, area.c1];
    for (let i = from; i <= to; i += 1) {
      const level = outline.get(i) ?? 0;
      if (level <= 1) outline.delete(i);
      else outline.set(i, level - 1);
    }
    this.notifyChanged();
  }

  /**
   * Range.insert / Range.delete: moves the cells beyond the area (below it for "Down"/"Up",
   * right of it for "Right"/"Left") by the area's size, clearing the area on delete. Column
   * widths and column formats move with whole columns. Formulas are not rewritten.
   */
  shiftCells(sheet: SheetModel, area: Area, direction: "Down" | "Right" | "Up" | "Left"): void {
    const vertical = direction === "Down" || direction === "Up";
    const size = vertical ? area.r1 - area.r0 + 1 : area.c1 - area.c0 + 1;
    const removing = direction === "Up" || direction === "Left";
    const inBand = (row: number, col: number): boolean =>
      vertical ? col >= area.c0 && col <= area.c1 : row >= area.r0 && row <= area.r1;
    if (!removing) {
      // Excel refuses to push content off the sheet (NonBlankCellOffSheet).
      const limit = (vertical ? MAX_ROWS : MAX_COLUMNS) - size;
      for (const [key, cell] of sheet.cells) {
        const { row, col } = keyToCell(key);
        const pos = vertical ? row : col;
        const moves = pos >= (vertical ? area.r0 : area.c0) && pos >= limit;
        if (inBand(row, col) && moves && (cell.value !== null || cell.formula !== undefined)) {
          throw new ModelError(ErrorCodes.nonBlankCellOffSheet, "insert");
        }
      }
    }
    const moved = new Map<number, Cell>();
    for (const [key, cell] of [...sheet.cells]) {
      const { row, col } = keyToCell(key);
      if (!inBand(row, col)) continue;
      const pos = vertical ? row : col;
      const start = vertical ? area.r0 : area.c0;
      const end = vertical ? area.r1 : area.c1;
      if (removing && pos >= start && pos <= end) {
        sheet.cells.delete(key);
        continue;
      }
      if (pos < start || (removing && pos <= end)) continue;
      sheet.cells.delete(key);
      const delta = removing ? -size : size;
      const target = vertical ? cellKey(row + delta, col) : cellKey(row, col + delta);
      if ((vertical ? row + delta : col + delta) < (vertical ? MAX_ROWS : MAX_COLUMNS))
        moved.set(target, cell);
    }
    for (const [key, cell] of moved) sheet.cells.set(key, cell);
    if (vertical && area.c0 === 0 && area.c1 === MAX_COLUMNS - 1) {
      // Whole rows: their outline levels, heights and hidden state move with them.
      for (const map of [sheet.rowOutline, sheet.rowHeights]) {
        const entries = [...map].filter(([r]) => r >= area.r0);
        for (const [r] of entries) map.delete(r);
        for (const [r, v] of entries) {
          if (removing && r <= area.r1) continue;
          map.set(removing ? r - size : r + size, v);
        }
      }
      const hidden = [...sheet.hiddenRows].filter((r) => r >= area.r0);
      for (const r of hidden) sheet.hiddenRows.delete(r);
      for (const r of hidden) {
        if (removing && r <= area.r1) continue;
        sheet.hiddenRows.add(removing ? r - size : r + size);
      }
    }
    if (!vertical && area.r0 === 0 && area.r1 === MAX_ROWS - 1) {
      for (const map of [sheet.columnWidths, sheet.columnNumberFormats] as Map<number, number | string>[]) {
        const entries = [...map].filter(([c]) => c >= area.c0);
        for (const [c] of entries) map.delete(c);
        for (const [c, v] of entries) {
          if (removing && c <= area.c1) continue;
          map.set(removing ? c - size : c + size, v);
        }
      }
    }
    const whole = vertical
      ? area.c0 === 0 && area.c1 === MAX_COLUMNS - 1
      : area.r0 === 0 && area.r1 === MAX_ROWS - 1;
    const rewritten = whole
      ? this.adjustReferences({
          sheet: sheet.name,
          axis: vertical ? "rows" : "columns",
          kind: removing ? "delete" : "insert",
          at: vertical ? area.r0 : area.c0,
          count: size,
        })
      : [];
    this.formulaEngine?.structureChanged(sheet, rewritten);
    this.notifyChanged();
  }

  /**
   * Range.moveTo (ExcelApi 1.11), Excel's cut and paste: the cells of `from` (values, formulas,
   * formats) go to the same-sized area at `to`, replacing what was there, and `from` is left
   * empty; every formula of the workbook is rewritten as moveFormula says (references into the
   * moved cells follow them, references to the cells pasted over become #REF!). Whole rows moved
   * take their height, outline level and hidden state along.
   */
  moveCells(move: { sheet: SheetModel; from: Area; toSheet: SheetModel; to: Area }): void {
    const { sheet, from, toSheet, to } = move;
    const inArea = (a: Area, row: number, col: number): boolean =>
      row >= a.r0 && row <= a.r1 && col >= a.c0 && col <= a.c1;
    const taken: Array<[number, number, Cell]> = [];
    for (const [key, cell] of [...sheet.cells]) {
      const { row, col } = keyToCell(key);
      if (!inArea(from, row, col)) continue;
      sheet.cells.delete(key);
      if (cell.spillOwner === undefined) taken.push([row - from.r0, col - from.c0, cell]);
    }
    for (const [key] of [...toSheet.cells]) {
      const { row, col } = keyToCell(key);
      if (inArea(to, row, col)) toSheet.cells.delete(key);
    }
    for (const [dr, dc, cell] of taken) {
      delete cell.spill;
      toSheet.cells.set(cellKey(to.r0 + dr, to.c0 + dc), cell);
    }
    if (from.c0 === 0 && from.c1 === MAX_COLUMNS - 1) {
      for (let r = 0; r <= from.r1 - from.r0; r += 1) {
        const level = sheet.rowOutline.get(from.r0 + r);
        const height = sheet.rowHeights.get(from.r0 + r);
        sheet.rowOutline.delete(from.r0 + r);
        sheet.rowHeights.delete(from.r0 + r);
        if (level !== undefined) toSheet.rowOutline.set(to.r0 + r, level);
        if (height !== undefined) toSheet.rowHeights.set(to.r0 + r, height);
        if (sheet.hiddenRows.delete(from.r0 + r)) toSheet.hiddenRows.add(to.r0 + r);
      }
    }
    const cut: CellMove = { fromSheet: sheet.name, from, toSheet: toSheet.name, to };
    const rewritten: FormulaCell[] = [];
    for (const each of this.sheets) {
      for (const [key, cell] of each.cells) {
        if (cell.formula === undefined) continue;
        const adjusted = moveFormula(cell.formula, each.name, cut);
        if (adjusted === cell.formula) continue;
        cell.formula = adjusted;
        rewritten.push({ sheet: each, ...keyToCell(key) });
      }
    }
    this.formulaEngine?.structureChanged(sheet, rewritten);
    if (toSheet !== sheet) this.formulaEngine?.structureChanged(toSheet, []);
    this.notifyChanged();
  }

  /**
   * Whole rows or columns were inserted or deleted: formulas anywhere in the workbook and defined
   * names that refer to the sheet keep pointing at the same cells (#REF! where those cells are
   * gone), and the sheet's tables move, grow or shrink with their rows and columns. Returns the
   * formula cells whose text changed.
   */
  private adjustReferences(change: StructuralChange): FormulaCell[] {
    const rewritten: FormulaCell[] = [];
    for (const sheet of this.sheets) {
      for (const [key, cell] of sheet.cells) {
        if (cell.formula === undefined) continue;
        const adjusted = adjustFormula(cell.formula, sheet.name, change);
        if (adjusted === cell.formula) continue;
        cell.formula = adjusted;
        rewritten.push({ sheet, ...keyToCell(key) });
      }
    }
    const changed = this.getSheetByName(change.sheet);
    if (!changed) return rewritten;
    for (const name of this.names) {
      if (name.sheetId === changed.id && name.area) name.area = adjustArea(name.area, change);
    }
    for (const table of [...this.tables]) {
      if (table.sheetId === changed.id) this.adjustTable(changed, table, change);
    }
    // Merged areas move and grow or shrink with their rows and columns; one cell left is no merge.
    const merged = changed.mergedAreas.splice(0);
    for (const area of merged) {
      const adjusted = adjustArea(area, change);
      if (adjusted && (adjusted.r0 !== adjusted.r1 || adjusted.c0 !== adjusted.c1))
        changed.mergedAreas.push(adjusted);
    }
    return rewritten;
  }

  /**
   * A table grows when rows (columns) are inserted inside it and moves when they are inserted
   * before it; deleting some of its rows or columns shrinks it, deleting its header row or all of
   * its columns removes it. A column inserted inside a table gets a unique "ColumnN" header.
   */
  private adjustTable(sheet: SheetModel, table: TableModel, change: StructuralChange): void {
    const rows = change.axis === "rows";
    const headerDeleted =
      rows &&
      change.kind === "delete" &&
      table.area.r0 >= change.at &&
      table.area.r0 < change.at + change.count;
    const area = adjustArea(table.area, change);
    if (!area || headerDeleted) {
      this.tables.splice(this.tables.indexOf(table), 1);
      return;
    }
    const before = table.area;
    table.area = area;
    if (!rows && change.kind === "insert" && change.at > before.c0 && change.at <= before.c1) {
      this.nameNewTableColumns(sheet, table, change.at, change.at + change.count - 1);
    }
  }

  /** Unique "ColumnN" headers for new columns c0..c1 of a table, as Excel gives them. */
  nameNewTableColumns(sheet: SheetModel, table: TableModel, c0: number, c1: number): void {
    const taken = new Set<string>();
    for (let c = table.area.c0; c <= table.area.c1; c += 1) {
      if (c >= c0 && c <= c1) continue;
      const value = sheet.getCell(table.area.r0, c)?.value;
      if (value !== null && value !== undefined) taken.add(String(value).toLowerCase());
    }
    let n = 1;
    for (let c = c0; c <= c1; c += 1) {
      while (taken.has(`column${n}`)) n += 1;
      const header = `Column${n}`;
      taken.add(header.toLowerCase());
      const cell = sheet.ensureCell(table.area.r0, c);
      cell.value = header;
      delete cell.isError;
      delete cell.formula;
    }
  }

  /** Moves the cells of columns c0..c1 at or below `fromRow` down by `count` rows. */
  shiftDown(sheet: SheetModel, c0: number, c1: number, fromRow: number, count: number): void {
    const moving = [...sheet.cells].filter(([key]) => {
      const { row, col } = keyToCell(key);
      return row >= fromRow && col >= c0 && col <= c1;
    });
    for (const [key] of moving) sheet.cells.delete(key);
    for (const [key, cell] of moving) {
      const { row, col } = keyToCell(key);
      sheet.cells.set(cellKey(row + count, col), cell);
    }
    this.formulaEngine?.structureChanged(sheet, []);
    for (const table of this.tables) {
      if (table.sheetId !== sheet.id || table.area.c1 < c0 || table.area.c0 > c1) continue;
      if (table.area.r0 >= fromRow)
        table.area = { ...table.area, r0: table.area.r0 + count, r1: table.area.r1 + count };
    }
  }

  /** Excel's rules for defined names, shared with table names (one namespace in a workbook). */
  validateDefinedName(name: string): ErrorCode | undefined {
    if (
      name.length === 0 ||
      name.length > TABLE_NAME_MAX_LENGTH ||
      !TABLE_NAME.test(name) ||
      CELL_LIKE_NAME.test(name)
    ) {
      return ErrorCodes.invalidArgument;
    }
    const lower = name.toLowerCase();
    const taken =
      this.names.some((n) => n.name.toLowerCase() === lower) ||
      this.tables.some((t) => t.name.toLowerCase() === lower);
    return taken ? ErrorCodes.itemAlreadyExists : undefined;
  }

  validateTableName(name: string, exceptId?: string): ErrorCode | undefined {
    if (
      name.length === 0 ||
      name.length > TABLE_NAME_MAX_LENGTH ||
      !TABLE_NAME.test(name) ||
      CELL_LIKE_NAME.test(name)
    ) {
      return ErrorCodes.invalidArgument;
    }
    const lower = name.toLowerCase();
    const taken =
      this.tables.some((t) => t.id !== exceptId && t.name.toLowerCase() === lower) ||
      this.names.some((n) => n.name.toLowerCase() === lower);
    return taken ? ErrorCodes.itemAlreadyExists : undefined;
  }

  /**
   * Creates a table over `area`. Without headers, Excel pushes the data down one row and writes
   * Column1..n above it; header texts are made unique ("Name", "Name2") and never empty.
   */
  addTable(sheet: SheetModel, area: Area, hasHeaders: boolean): TableModel {
    const tableArea = hasHeaders ? area : { ...area, r1: area.r1 + 1 };
    // "Cannot complete the operation. A table can't overlap with another table, a PivotTable
    // report, query results, merged cells, or an XML Map." (MergedRangeConflict, Office docs,
    // Error handling with the application-specific JavaScript APIs)
    const overlaps =
      this.tables.some((t) => t.sheetId === sheet.id && intersects(t.area, tableArea)) ||
      sheet.mergedAreas.some((m) => intersects(m, tableArea));
    if (overlaps)
      throw new ModelError(ErrorCodes.mergedRangeConflict, "table overlaps a table or merged cells");
    if (!hasHeaders) this.shiftDown(sheet, area.c0, area.c1, area.r0, 1);
    const seen = new Set<string>();
    for (let c = tableArea.c0; c <= tableArea.c1; c += 1) {
      const cell = sheet.getCell(tableArea.r0, c);
      let header = hasHeaders && cell?.value !== null && cell?.value !== undefined ? String(cell.value) : "";
      if (header === "") header = `Column${c - tableArea.c0 + 1}`;
      let unique = header;
      for (let n = 2; seen.has(unique.toLowerCase()); n += 1) unique = `${header}${n}`;
      seen.add(unique.toLowerCase());
      const target = sheet.ensureCell(tableArea.r0, c);
      target.value = unique;
      delete target.isError;
      delete target.formula;
    }
    let name = "";
    do {
      name = `Table${this.nextTableId}`;
      this.nextTableId += 1;
    } while (this.validateTableName(name) !== undefined);
    const table: TableModel = {
      id: `{emulated-table-${this.nextTableId}}`,
      name,
      sheetId: sheet.id,
      area: tableArea,
      style: "TableStyleMedium2",
      showBandedRows: true,
    };
    this.tables.push(table);
    this.notifyChanged();
    return table;
  }

  /** A table read from a workbook file (its cells are already in the sheet). */
  restoreTable(
    sheet: SheetModel,
    saved: { name: string; area: Area; style: string; showBandedRows: boolean },
  ): TableModel {
    const table: TableModel = {
      id: `{emulated-table-${this.nextTableId}}`,
      name: saved.name,
      sheetId: sheet.id,
      area: { ...saved.area },
      style: saved.style,
      showBandedRows: saved.showBandedRows,
    };
    this.nextTableId += 1;
    this.tables.push(table);
    return table;
  }

  removeTable(table: TableModel, clearCells: boolean): void {
    const index = this.tables.indexOf(table);
    if (index >= 0) this.tables.splice(index, 1);
    const sheet = this.getSheetById(table.sheetId);
    if (clearCells && sheet) this.clearArea(sheet, table.area, "All");
    this.notifyChanged();
  }

  address(sheet: SheetModel, area: Area): string {
    return formatAddress(sheet.name, area);
  }
}

/** A model-level refusal carrying the Excel error code it maps to. */
export class ModelError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly subject: string,
  ) {
    super(`${code}: ${subject}`);
  }
}

export function intersects(a: Area, b: Area): boolean {
  return a.r0 <= b.r1 && a.r1 >= b.r0 && a.c0 <= b.c1 && a.c1 >= b.c0;
}

/** Whether `outer` covers every cell of `inner`. */
export function contains(outer: Area, inner: Area): boolean {
  return outer.r0 <= inner.r0 && outer.r1 >= inner.r1 && outer.c0 <= inner.c0 && outer.c1 >= inner.c1;
}

/** The merged area covering a cell, if any. */
export function mergedAreaAt(sheet: SheetModel, row: number, col: number): Area | undefined {
  return sheet.mergedAreas.find((m) => row >= m.r0 && row <= m.r1 && col >= m.c0 && col <= m.c1);
}

export function clampArea(area: Area): Area {
  return {
    r0: Math.max(0, area.r0),
    c0: Math.max(0, area.c0),
    r1: Math.min(MAX_ROWS - 1, area.r1),
    c1: Math.min(MAX_COLUMNS - 1, area.c1),
  };
}
