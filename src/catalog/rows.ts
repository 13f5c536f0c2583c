// Reading one row at a time: the mapped cells of each row below the header become a position,
// a deletion, or a reported skip, with the problems of that row. Checks that need other rows
// (duplicates, look-alikes, deletions against imports, the tree) are in checks.ts.
//
// Hot path: 300,000 rows go through here, so there is no per-row Map or closure; each field's
// cell is read straight from the block's matrices.

import {
  NIL_GUID,
  cellType,
  characterCount,
  cleanText,
  isBlankText,
  normaliseGuid,
  numberText,
  parseDeletionMark,
  parsePriceText,
  valueText,
} from "./cells";
import { matchHeader } from "./columns";
import { parseControlPoints } from "./controlPoints";
import { problemAt, visible } from "./problems";
import type {
  CatalogDeletion,
  CatalogField,
  CatalogPosition,
  CellBlock,
  CellValue,
  CellValueType,
  Problem,
  ProblemKind,
  ProblemReasonOf,
  ProblemValues,
  Severity,
} from "./types";
import { runSteps, STEP_ITEMS, type Steps } from "./steps";

/** Sheet column index (0-based, A = 0) of each mapped field: the one type for "where is field X". */
export type FieldColumns = Partial<Record<CatalogField, number>>;

/** Longest text the platform keeps in a field, in characters as a person counts them. */
export const MAX_TEXT_LENGTH = 1000;

export interface ReadRowsOptions {
  /** The workbook's decimal separator, for prices typed as text. */
  decimalSeparator: string;
  /** Block row offset of the first data row. */
  firstDataRow: number;
  /** Report a missing name per row; off when the block has no Name column (reported once). */
  reportMissingName: boolean;
}

/** A cell of the current row. */
interface Cell {
  field: CatalogField;
  value: CellValue;
  type: CellValueType;
  formula: boolean;
  columnIndex: number;
  /** Block row offset. */
  r: number;
}

/** Why a row with content is not a position: no letter or digit in its code, or a section row. */
type SkipReason = "placeholder" | "section";

interface RowContext {
  readonly block: CellBlock;
  readonly options: ReadRowsOptions;
  /** A problem at a cell of the current row. */
  report<K extends ProblemKind>(
    cell: Cell,
    kind: K,
    severity: Severity,
    values?: ProblemValues,
    reason?: ProblemReasonOf<K>,
  ): void;
  /** The row is not a position: reported and counted as skipped. */
  skip(cell: Cell, reason: SkipReason, text: string): void;
  excelError(cell: Cell): void;
  /** Cleaned text of a field, or undefined when the cell is blank, an error (reported) or unmapped. */
  text(field: CatalogField, r: number, given?: Cell): string | undefined;
  /** False (and reported) when the text is longer than the platform keeps. */
  checkLength(cell: Cell, text: string): boolean;
}

export interface ReadRowsResult {
  /** Positions read, including rows that have errors (checks.ts and the tree need every code). */
  positions: CatalogPosition[];
  deletions: CatalogDeletion[];
  problems: Problem[];
  emptyRows: number;
  /** Rows with content that are not deletions (they should be positions). */
  contentRows: number;
  /** Rows with content reported and left out (header repeats, placeholders, section rows). */
  skippedRows: number;
}

const HAS_DIGIT = /\d/;
/** A repeated header is short: longer text in the Code column is data. */
const MAX_HEADER_REPEAT_LENGTH = 60;

/** One mapped field and where it sits. */
interface FieldSlot {
  field: CatalogField;
  offset: number;
  columnIndex: number;
}

export function readRows(block: CellBlock, columns: FieldColumns, options: ReadRowsOptions): ReadRowsResult {
  return runSteps(readRowsInSteps(block, columns, options));
}

/** readRows, pausing after every STEP_ITEMS rows (see steps.ts). */
export function readRowsInSteps(
  block: CellBlock,
  columns: FieldColumns,
  options: ReadRowsOptions,
): Steps<ReadRowsResult> {
  return new RowsReader(block, columns, options).read();
}

class RowsReader implements RowContext {
  private readonly result: ReadRowsResult = {
    positions: [],
    deletions: [],
    problems: [],
    emptyRows: 0,
    contentRows: 0,
    skippedRows: 0,
  };
  private readonly slots: FieldSlot[] = [];
  private readonly mappedOffsets: Set<number>;
  private readonly slot: Partial<Record<CatalogField, FieldSlot>> = {};
  private readonly cells: Partial<Record<CatalogField, Cell>> = {};

  constructor(
    readonly block: CellBlock,
    columns: FieldColumns,
    readonly options: ReadRowsOptions,
  ) {
    for (const field of Object.keys(columns) as CatalogField[]) {
      const columnIndex = columns[field];
      if (columnIndex === undefined) continue;
      const s = { field, offset: columnIndex - block.startColumn, columnIndex };
      this.slots.push(s);
      this.slot[field] = s;
    }
    this.mappedOffsets = new Set(this.slots.map((s) => s.offset));
  }

  *read(): Steps<ReadRowsResult> {
    let sinceStep = 0;
    for (let r = this.options.firstDataRow; r < this.block.values.length; r++) {
      this.readRow(r);
      if (++sinceStep === STEP_ITEMS) {
        sinceStep = 0;
        yield;
      }
    }
    return this.result;
  }

  /**
   * The cell of a field in row r. One Cell object per field is reused for every row (nothing
   * keeps a Cell past its row: problems copy what they need), so reading allocates nothing.
   */
  private cell(field: CatalogField, r: number): Cell | undefined {
    const s = this.slot[field];
    if (s === undefined) return undefined;
    const value = this.block.values[r]?.[s.offset] ?? "";
    const formulaCell = this.block.formulas?.[r]?.[s.offset];
    let cell = this.cells[field];
    if (cell === undefined) {
      cell = { field, value, type: "Empty", formula: false, columnIndex: s.columnIndex, r };
      this.cells[field] = cell;
    }
    cell.value = value;
    cell.type = cellType(value, this.block.valueTypes?.[r]?.[s.offset]);
    // Range.formulas repeats the value for a constant, so a text constant that itself starts
    // with "=" (typed after an apostrophe) is not taken for a formula.
    cell.formula = typeof formulaCell === "string" && formulaCell !== value && formulaCell.startsWith("=");
    cell.r = r;
    return cell;
  }

  private readRow(r: number): void {
    const row = this.block.values[r];
    if (row === undefined || this.rowIsBlank(r, row)) {
      this.blankRow(r, row);
      return;
    }
    if (this.isHeaderRepeat(r)) return;
    const deletion = this.deletionMark(r);
    if (deletion) {
      this.readDeletion(r);
      return;
    }
    this.result.contentRows++;
    this.readPosition(r);
  }

  /** A row is blank when its mapped cells are; an unset deletion mark (FALSE, "no") alone does
   * not make it content, since checkbox-like Delete columns are often filled to the end. */
  private rowIsBlank(r: number, row: readonly CellValue[]): boolean {
    const types = this.block.valueTypes?.[r];
    for (const s of this.slots) {
      const value = row[s.offset];
      if (value === undefined || value === "") continue;
      const type = cellType(value, types?.[s.offset]);
      if (type === "Empty") continue;
      if (s.field === "Delete" && type !== "Error" && parseDeletionMark(value) === false) continue;
      if (typeof value === "string" && isBlankText(value)) continue;
      return false;
    }
    return true;
  }

  /** A row whose mapped cells are blank: empty, or with data only in columns nobody reads. */
  private blankRow(r: number, row: readonly CellValue[] | undefined): void {
    if (row !== undefined) {
      for (let c = 0; c < row.length; c++) {
        if (this.mappedOffsets.has(c)) continue;
        const v = row[c];
        if (v === undefined || v === "" || (typeof v === "string" && cleanText(v) === "")) continue;
        const place = {
          sheet: this.block.sheet,
          row: this.block.startRow + r,
          columnIndex: this.block.startColumn + c,
        };
        this.result.skippedRows++;
        this.result.problems.push(
          problemAt(place, "unmapped-data", "warning", null, { text: visible(valueText(v)) }),
        );
        return;
      }
    }
    this.result.emptyRows++;
  }

  /** A second header row (bilingual headers, headers repeated at page breaks). */
  private isHeaderRepeat(r: number): boolean {
    const code = this.cell("Code", r);
    if (!code || typeof code.value !== "string") return false;
    const text = code.value;
    if (text.length > MAX_HEADER_REPEAT_LENGTH || HAS_DIGIT.test(text)) return false;
    if (matchHeader(text) !== "Code") return false;
    this.result.skippedRows++;
    this.report(code, "header-row-in-data", "warning", { text: visible(cleanText(text)) });
    return true;
  }

  /** Reads the deletion mark; an unreadable mark is reported and counts as "not marked". */
  private deletionMark(r: number): boolean {
    const cell = this.cell("Delete", r);
    if (!cell || cell.type === "Empty") return false;
    if (cell.type === "Error") {
      this.excelError(cell);
      return false;
    }
    const mark = parseDeletionMark(cell.value);
    if (mark === null) {
      this.report(cell, "unrecognised-deletion-mark", "warning", { text: visible(valueText(cell.value)) });
      return false;
    }
    return mark;
  }

  private readDeletion(r: number): void {
    const sheetRow = this.block.startRow + r;
    const deletion: CatalogDeletion = { row: sheetRow };
    const guidCell = this.cell("Guid", r);
    const guid = readGuid(this, r, guidCell);
    const codeCell = this.cell("Code", r);
    const code = codeCell && !this.isBlank(codeCell) ? readCode(this, codeCell, true) : undefined;
    const name = this.text("Name", r);
    if (guid !== undefined) deletion.Guid = guid;
    if (code !== undefined && code !== null) deletion.Code = code;
    if (name !== undefined) deletion.Name = name;
    const blank = (cell: Cell | undefined): boolean => !cell || this.isBlank(cell);
    if (blank(guidCell) && blank(codeCell)) {
      const mark = this.cell("Delete", r);
      if (mark) this.report(mark, "deletion-without-key", "error");
      return;
    }
    // A key that was unreadable is reported on its cell; the nil GUID alone leaves nothing to delete by.
    if (deletion.Guid === undefined && deletion.Code === undefined) return;
    this.result.deletions.push(deletion);
  }

  private readPosition(r: number): void {
    const sheetRow = this.block.startRow + r;
    const codeCell = this.cell("Code", r);
    let code: string | null | undefined;
    if (!codeCell || (codeCell.type !== "Error" && this.isBlank(codeCell))) {
      if (this.sectionByName(r)) return;
      if (codeCell) this.report(codeCell, "missing-code", "error");
      code = undefined;
    } else {
      code = readCode(this, codeCell, false);
      if (code === null) return; // not a position: reported and skipped
    }
    const guid = readGuid(this, r, this.cell("Guid", r));
    const name = this.text("Name", r);
    if (name === undefined && this.options.reportMissingName) {
      const cell = this.cell("Name", r);
      if (cell && this.isBlank(cell)) this.report(cell, "missing-name", "error");
    }
    const price = readPrice(this, this.cell("Price", r));
    const unit = this.text("Unit", r);
    const currency = readCurrency(this, r, this.cell("CurrencyCharCode", r));
    const binding = this.text("Binding", r);
    const controlPoints = readControlPoints(this, this.cell("ControlPoints", r));
    if (code === undefined) return;
    const position: CatalogPosition = { row: sheetRow, Code: code };
    if (guid !== undefined) position.Guid = guid;
    if (name !== undefined) position.Name = name;
    if (price !== undefined) position.Price = price;
    if (unit !== undefined) position.Unit = unit;
    if (currency !== undefined) position.CurrencyCharCode = currency;
    if (binding !== undefined) position.Binding = binding;
    if (controlPoints !== undefined) position.ControlPoints = controlPoints;
    this.result.positions.push(position);
  }

  /** A row with no code whose name reads "Итого", "Раздел 2", "Total": a sheet row, not a position. */
  private sectionByName(r: number): boolean {
    const nameCell = this.cell("Name", r);
    if (!nameCell || typeof nameCell.value !== "string") return false;
    const name = cleanText(nameCell.value);
    if (!SECTION_WORDS.test(name)) return false;
    this.skip(nameCell, "section", name);
    return true;
  }

  skip(cell: Cell, reason: SkipReason, text: string): void {
    this.result.skippedRows++;
    this.report(cell, "not-a-position", "warning", { text: visible(text) }, reason);
  }

  text(field: CatalogField, r: number, given?: Cell): string | undefined {
    const cell = given ?? this.cell(field, r);
    if (!cell || cell.type === "Empty") return undefined;
    if (cell.type === "Error") {
      this.excelError(cell);
      return undefined;
    }
    const text = valueText(cell.value);
    if (text === "") return undefined;
    if (!this.checkLength(cell, text)) return undefined;
    return text;
  }

  checkLength(cell: Cell, text: string): boolean {
    if (text.length <= MAX_TEXT_LENGTH) return true;
    const count = characterCount(text);
    if (count <= MAX_TEXT_LENGTH) return true;
    this.report(cell, "text-too-long", "error", { length: count, limit: MAX_TEXT_LENGTH });
    return false;
  }

  excelError(cell: Cell): void {
    const shown = typeof cell.value === "string" ? cleanText(cell.value) : valueText(cell.value);
    this.report(cell, "excel-error", "error", { text: shown });
  }

  private isBlank(cell: Cell): boolean {
    return cell.type === "Empty" || (typeof cell.value === "string" && isBlankText(cell.value));
  }

  report<K extends ProblemKind>(
    cell: Cell,
    kind: K,
    severity: Severity,
    values: ProblemValues = {},
    reason?: ProblemReasonOf<K>,
  ): void {
    const place = {
      sheet: this.block.sheet,
      row: this.block.startRow + cell.r,
      columnIndex: cell.columnIndex,
    };
    this.result.problems.push(problemAt(place, kind, severity, cell.field, values, reason));
  }
}

/** Codes that are not positions: sheet furniture typed in the Code column. */
const SECTION_WORDS =
  /^(?:итого|всего|итог|подытог|раздел|глава|подраздел|total|subtotal|sub-total|grand\s+total|section|chapter|part)(?![\p{L}\p{N}])/iu;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const LINE_BREAK_OR_TAB = /[\u0000-\u001f\u007f\u2028\u2029]/;
const NON_ASCII = /[\u0080-\uffff]/;
const LATIN_LETTER = /\p{Script=Latin}/u;
const CYRILLIC_LETTER = /\p{Script=Cyrillic}/u;
/** Number formats that show a date or a time: a serial number in the Code column is a date. */
const DATE_FORMAT = /(?:^|[^\\"])[dmyhsдмгч]/i;
/** Largest whole number a code can be typed as without Excel changing its last digits. */
const MAX_EXACT_CODE_NUMBER = 1e15;

/**
 * The code of a row as the user meant it, or null when the row is not a position (reported),
 * or undefined when it cannot be used (an error is reported).
 */
function readCode(row: RowContext, cell: Cell, forDeletion: boolean): string | null | undefined {
  if (cell.type === "Error") {
    row.excelError(cell);
    return undefined;
  }
  const value = cell.value;
  let code: string;
  if (typeof value === "boolean") {
    return invalidCode(row, cell, "boolean", value ? "TRUE" : "FALSE");
  } else if (typeof value === "number") {
    const numeric = numericCode(row, cell, value, forDeletion);
    if (numeric === undefined) return undefined;
    code = numeric;
  } else {
    code = cleanText(value);
    if (LINE_BREAK_OR_TAB.test(code)) return invalidCode(row, cell, "line-break", code);
    if (!HAS_LETTER_OR_DIGIT.test(code)) {
      if (forDeletion) return invalidCode(row, cell, "placeholder", code);
      row.skip(cell, "placeholder", code);
      return null;
    }
    if (SECTION_WORDS.test(code)) {
      if (forDeletion) return invalidCode(row, cell, "section", code);
      row.skip(cell, "section", code);
      return null;
    }
    if (code !== value && code !== value.trim()) {
      row.report(cell, "code-cleaned", "warning", { text: describeHidden(value), code });
    }
    if (NON_ASCII.test(code) && LATIN_LETTER.test(code) && CYRILLIC_LETTER.test(code)) {
      row.report(cell, "code-mixed-script", "warning", { text: code });
    }
  }
  if (cell.formula) row.report(cell, "formula-code", forDeletion ? "error" : "warning", { text: code });
  if (!row.checkLength(cell, code)) return undefined;
  return code;
}

/** A number in the Code column: its shown text is the code, when it can be trusted. */
function numericCode(row: RowContext, cell: Cell, value: number, forDeletion: boolean): string | undefined {
  const { block } = row;
  const shown = block.text?.[cell.r]?.[cell.columnIndex - block.startColumn];
  const format = block.numberFormats?.[cell.r]?.[cell.columnIndex - block.startColumn];
  const shownText = typeof shown === "string" ? cleanText(shown) : "";
  if (typeof format === "string" && DATE_FORMAT.test(format.replace(/\[[^\]]*\]/g, ""))) {
    invalidCode(row, cell, "date", shownText === "" ? numberText(value) : shownText);
    return undefined;
  }
  if (value < 0) {
    invalidCode(row, cell, "negative", shownText === "" ? numberText(value) : shownText);
    return undefined;
  }
  if (!Number.isFinite(value) || Math.abs(value) >= MAX_EXACT_CODE_NUMBER) {
    invalidCode(row, cell, "too-many-digits", shownText === "" ? numberText(value) : shownText);
    return undefined;
  }
  // Excel shows "###" in a narrow column and 3.3E+04 in General for long numbers: no code there.
  const usable =
    shownText !== "" && /^[\p{L}\p{N}][\p{L}\p{N}\s.,\-_/]*$/u.test(shownText) && !/E[+-]\d/i.test(shownText);
  const code = usable ? shownText : numberText(value);
  const fraction = !Number.isInteger(value);
  const severity = forDeletion && fraction && !usable ? "error" : "warning";
  const numberShown = numberText(value);
  // "shown" only where the shown text says more than the number does ("033000" for 33000).
  const reason = code !== numberShown ? "shown" : fraction ? "trailing-zeros" : "leading-zeros";
  row.report(cell, "numeric-code", severity, { text: code, value: numberShown }, reason);
  return code;
}

function invalidCode(
  row: RowContext,
  cell: Cell,
  reason: ProblemReasonOf<"invalid-code">,
  text: string,
): undefined {
  row.report(cell, "invalid-code", "error", { text: visible(text) }, reason);
  return undefined;
}

/** The raw text with its hidden characters named: "1.2<U+00AD>" for a soft hyphen. */
function describeHidden(text: string): string {
  let out = "";
  for (const ch of text.trim()) {
    const c = ch.codePointAt(0) ?? 0;
    const hidden =
      c === 0xad ||
      c === 0x61c ||
      c === 0x180e ||
      (c >= 0x200b && c <= 0x200f) ||
      (c >= 0x202a && c <= 0x202e) ||
      (c >= 0x2060 && c <= 0x2064) ||
      (c >= 0x2066 && c <= 0x2069) ||
      c === 0xfeff ||
      c === 0xa0 ||
      (c >= 0x2000 && c <= 0x200a) ||
      c === 0x202f ||
      c === 0x3000 ||
      (c >= 0x300 && c <= 0x36f);
    out += hidden ? `<U+${c.toString(16).toUpperCase().padStart(4, "0")}>` : ch;
  }
  return out;
}

/** Prices from 10^15 up cannot be held to the cent by a double; nobody means them in a catalog. */
export const MAX_PRICE = 1e15;
/** Excel shows 15 significant digits; beyond that a double holds float noise (0.1 + 0.2). */
const PRICE_SIGNIFICANT_DIGITS = 15;
/** Longest part of a control points cell (or of its binding) kept in a problem's values. */
const MAX_CONTROL_POINTS_TEXT = 200;
const CURRENCY_PATTERN = /^[A-Za-z]{3}$/;
/** ISO 4217 codes that are not currencies a price can be in. */
const NOT_PRICE_CURRENCIES: ReadonlySet<string> = new Set(["XXX", "XTS", "XAU", "XAG", "XPT", "XPD"]);
/** What people type for a currency, and the code they mean. */
const CURRENCY_SUGGESTIONS: Readonly<Record<string, string>> = {
  RUR: "RUB",
  РУБ: "RUB",
  "РУБ.": "RUB",
  Р: "RUB",
  "Р.": "RUB",
  "₽": "RUB",
  BYR: "BYN",
  $: "USD",
  US$: "USD",
  "€": "EUR",
  "£": "GBP",
  "¥": "JPY",
  "₸": "KZT",
  ТГ: "KZT",
  DEM: "EUR",
  FRF: "EUR",
  ITL: "EUR",
  ESP: "EUR",
  NLG: "EUR",
  ATS: "EUR",
  FIM: "EUR",
  LTL: "EUR",
  LVL: "EUR",
  EEK: "EUR",
  TRL: "TRY",
  UAK: "UAH",
  GEK: "GEL",
  AZM: "AZN",
  TMM: "TMT",
};

let knownCurrencies: ReadonlySet<string> | null = null;
function isKnownCurrency(code: string): boolean {
  knownCurrencies ??= new Set(Intl.supportedValuesOf("currency"));
  return knownCurrencies.has(code) && !NOT_PRICE_CURRENCIES.has(code);
}

/** The Guid of row r in canonical form, or undefined when blank, unreadable (reported) or nil. */
function readGuid(row: RowContext, r: number, cell: Cell | undefined): string | undefined {
  if (!cell) return undefined;
  const text = row.text("Guid", r, cell);
  if (text === undefined) return undefined;
  const guid = normaliseGuid(text);
  if (guid === null) {
    row.report(cell, "malformed-guid", "error", { text: visible(text) });
    return undefined;
  }
  if (guid === NIL_GUID) {
    row.report(cell, "nil-guid", "warning", { text });
    return undefined;
  }
  if (cell.formula) row.report(cell, "formula-guid", "warning");
  return guid;
}

function readPrice(row: RowContext, cell: Cell | undefined): number | undefined {
  if (!cell || cell.type === "Empty") return undefined;
  if (cell.type === "Error") {
    row.excelError(cell);
    return undefined;
  }
  let value: number;
  if (typeof cell.value === "number") {
    value = cell.value;
  } else if (typeof cell.value === "boolean") {
    notANumber(row, cell, "boolean");
    return undefined;
  } else {
    const text = cleanText(cell.value);
    if (text === "") return undefined;
    const ds = row.options.decimalSeparator;
    const parsed = parsePriceText(text, ds);
    if (parsed.kind === "invalid") {
      notANumber(row, cell, parsed.reason);
      return undefined;
    }
    if (parsed.kind === "ambiguous") {
      const values = { text: visible(text), grouped: parsed.grouped, decimal: parsed.decimal, separator: ds };
      row.report(cell, "price-ambiguous", "error", values);
      return undefined;
    }
    value = parsed.value;
    row.report(cell, "price-text", "warning", { text: visible(text), value });
  }
  if (!Number.isFinite(value)) {
    notANumber(row, cell, "not-finite");
    return undefined;
  }
  if (value < 0) {
    row.report(cell, "price-negative", "error", { value });
    return undefined;
  }
  if (value >= MAX_PRICE) {
    row.report(cell, "price-too-large", "error", { value: numberText(value) });
    return undefined;
  }
  // Float noise (0.30000000000000004 from =0.1+0.2) is not a price anyone meant: send what Excel shows.
  if (Number.isInteger(value)) return value;
  // Fast path for the usual prices with cents: k / 100 is the double nearest to the decimal,
  // which is what the 15-digit rounding below gives for them too.
  const cents = value * 100;
  if (Number.isInteger(cents) && Math.abs(cents) < MAX_PRICE) return cents / 100;
  return Number(value.toPrecision(PRICE_SIGNIFICANT_DIGITS));
}

function notANumber(row: RowContext, cell: Cell, reason: ProblemReasonOf<"price-not-number">): void {
  const values = { text: visible(valueText(cell.value)), separator: row.options.decimalSeparator };
  row.report(cell, "price-not-number", "error", values, reason);
}

/** The currency code in upper case, or undefined when blank or not a currency (reported). */
function readCurrency(row: RowContext, r: number, cell: Cell | undefined): string | undefined {
  if (!cell) return undefined;
  const text = row.text("CurrencyCharCode", r, cell);
  if (text === undefined) return undefined;
  const upper = text.toUpperCase();
  const suggestion = CURRENCY_SUGGESTIONS[upper] ?? "";
  if (typeof cell.value !== "string" || !CURRENCY_PATTERN.test(text)) {
    row.report(cell, "malformed-currency", "error", { text: visible(text), suggestion });
    return undefined;
  }
  if (!isKnownCurrency(upper)) {
    row.report(cell, "unknown-currency", "error", { text: upper, suggestion });
    return undefined;
  }
  return upper;
}

function readControlPoints(row: RowContext, cell: Cell | undefined): CatalogPosition["ControlPoints"] {
  if (!cell || cell.type === "Empty") return undefined;
  if (cell.type === "Error") {
    row.excelError(cell);
    return undefined;
  }
  const text = valueText(cell.value);
  if (text === "") return undefined;
  const parsed = parseControlPoints(text);
  if (!parsed.ok) {
    const values: Record<string, string | number> = {
      text: visible(text.slice(0, MAX_CONTROL_POINTS_TEXT)),
    };
    if (parsed.item !== undefined) values["item"] = parsed.item;
    if (parsed.binding !== undefined)
      values["binding"] = visible(parsed.binding.slice(0, MAX_CONTROL_POINTS_TEXT));
    row.report(cell, "malformed-control-points", "error", values satisfies ProblemValues, parsed.reason);
    return undefined;
  }
  let ok = true;
  for (const point of parsed.points) {
    ok = row.checkLength(cell, point.Binding) && ok;
    ok = row.checkLength(cell, point.VariableName) && ok;
  }
  return ok ? parsed.points : undefined;
}
