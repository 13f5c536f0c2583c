// Reading one row at a time: the mapped cells of each row below the header become a position,
// a deletion, or a reported skip, with the problems of that row. Checks that need other rows
// (duplicates, look-alikes, deletions against imports, the tree) are in checks.ts.
//
// Hot path: 300,000 rows go through here, so there is no per-row Map or closure; each field's
// cell is read straight from the block's matrices.

import {
  EXCEL_ERRORS,
  NIL_GUID,
  cellAddress,
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
import { problemAt, quote, visible } from "./problems";
import { FIELD_LABELS } from "./types";
import type {
  CatalogDeletion,
  CatalogField,
  CatalogPosition,
  CellBlock,
  CellValue,
  CellValueType,
  Problem,
  ProblemValues,
} from "./types";
import { runSteps, STEP_ITEMS, type Steps } from "./steps";

/** Longest text the platform keeps in a field, in characters as a person counts them. */
export const MAX_TEXT_LENGTH = 1000;
/** Prices from 10^15 up cannot be held to the cent by a double; nobody means them in a catalog. */
export const MAX_PRICE = 1e15;
/** Excel shows 15 significant digits; beyond that a double holds float noise (0.1 + 0.2). */
const PRICE_SIGNIFICANT_DIGITS = 15;
/** Largest whole number a code can be typed as without Excel changing its last digits. */
const MAX_EXACT_CODE_NUMBER = 1e15;

/** Sheet column index (0-based, A = 0) of each mapped field: the one type for "where is field X". */
export type FieldColumns = Partial<Record<CatalogField, number>>;

export interface ReadRowsOptions {
  /** The workbook's decimal separator, for prices typed as text. */
  decimalSeparator: string;
  /** Block row offset of the first data row. */
  firstDataRow: number;
  /** Report a missing name per row; off when the block has no Name column (reported once). */
  reportMissingName: boolean;
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

/** Codes that are not positions: sheet furniture typed in the Code column. */
const SECTION_WORDS =
  /^(?:итого|всего|итог|подытог|раздел|глава|подраздел|total|subtotal|sub-total|grand\s+total|section|chapter|part)(?![\p{L}\p{N}])/iu;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const HAS_DIGIT = /\d/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const LINE_BREAK_OR_TAB = /[\u0000-\u001f\u007f\u2028\u2029]/;
const NON_ASCII = /[\u0080-\uffff]/;
const LATIN_LETTER = /\p{Script=Latin}/u;
const CYRILLIC_LETTER = /\p{Script=Cyrillic}/u;
/** Number formats that show a date or a time: a serial number in the Code column is a date. */
const DATE_FORMAT = /(?:^|[^\\"])[dmyhsдмгч]/i;
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

/** One mapped field and where it sits. */
interface FieldSlot {
  field: CatalogField;
  offset: number;
  columnIndex: number;
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

class RowsReader {
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
    private readonly block: CellBlock,
    columns: FieldColumns,
    private readonly options: ReadRowsOptions,
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
        const columnIndex = this.block.startColumn + c;
        const sheetRow = this.block.startRow + r;
        const cell = cellAddress(columnIndex, sheetRow);
        this.result.skippedRows++;
        this.result.problems.push(
          problemAt(
            { sheet: this.block.sheet, row: sheetRow, columnIndex },
            "unmapped-data",
            "warning",
            null,
            `Row ${sheetRow} has data only in columns that are not read (${cell} holds ${quote(valueText(v))}), so it is not imported.`,
            `If row ${sheetRow} is a position, fill its Code and Name, or choose the column of ${cell} in the column choice; otherwise nothing needs doing.`,
            { text: visible(valueText(v)) },
          ),
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
    if (text.length > 60 || HAS_DIGIT.test(text)) return false;
    if (matchHeader(text) !== "Code") return false;
    const sheetRow = this.block.startRow + r;
    this.result.skippedRows++;
    this.report(
      code,
      "header-row-in-data",
      "warning",
      `Row ${sheetRow} repeats the header (${this.ref(code)} reads ${quote(cleanText(text))}), so it is not imported.`,
      `Nothing needs doing if row ${sheetRow} is a repeated header; if it is a position, give it a real code in ${this.ref(code)}.`,
      { text: visible(cleanText(text)) },
    );
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
      this.report(
        cell,
        "unrecognised-deletion-mark",
        "warning",
        `Cell ${this.ref(cell)} (Delete) holds ${quote(valueText(cell.value))}, which is not a deletion mark, so the row is imported, not deleted.`,
        `To delete the row's position, enter x, yes, TRUE or 1 (or да, удалить); otherwise clear the cell.`,
        { text: visible(valueText(cell.value)) },
      );
      return false;
    }
    return mark;
  }

  private readDeletion(r: number): void {
    const sheetRow = this.block.startRow + r;
    const deletion: CatalogDeletion = { row: sheetRow };
    const guidCell = this.cell("Guid", r);
    const codeCell = this.cell("Code", r);
    const guid = this.guid(r, true);
    const code = codeCell && !this.isBlank(codeCell) ? this.code(codeCell, true) : undefined;
    const name = this.text("Name", r);
    if (guid !== undefined) deletion.Guid = guid;
    if (code !== undefined && code !== null) deletion.Code = code;
    if (name !== undefined) deletion.Name = name;
    const blank = (cell: Cell | undefined): boolean => !cell || this.isBlank(cell);
    if (blank(guidCell) && blank(codeCell)) {
      const mark = this.cell("Delete", r);
      if (mark) {
        this.report(
          mark,
          "deletion-without-key",
          "error",
          `Row ${sheetRow} is marked for deletion in ${this.ref(mark)}, but it has neither a Guid nor a Code, so the platform cannot tell which position to delete.`,
          `Enter the Guid or the Code of the position to delete in row ${sheetRow}, or clear the mark in ${this.ref(mark)}.`,
        );
      }
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
      if (codeCell) {
        this.report(
          codeCell,
          "missing-code",
          "error",
          `Row ${sheetRow} has no Code in ${this.ref(codeCell)}; every position needs a code, and the platform ignores rows without one.`,
          `Enter the position's code in ${this.ref(codeCell)}, or clear the row if it is not a position.`,
        );
      }
      code = undefined;
    } else {
      code = this.code(codeCell, false);
      if (code === null) return; // not a position: reported and skipped
    }
    const guid = this.guid(r, false);
    const name = this.text("Name", r);
    if (name === undefined && this.options.reportMissingName) {
      const cell = this.cell("Name", r);
      if (cell && this.isBlank(cell)) {
        this.report(
          cell,
          "missing-name",
          "error",
          `Row ${sheetRow} has no Name in ${this.ref(cell)}; the platform ignores positions without a name.`,
          `Enter a name in ${this.ref(cell)}, or clear the row if it is not a position.`,
        );
      }
    }
    const price = this.price(r);
    const unit = this.text("Unit", r);
    const currency = this.currency(r);
    const binding = this.text("Binding", r);
    const controlPoints = this.controlPoints(r);
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

  private skip(cell: Cell, reason: "placeholder" | "section", text: string): void {
    const sheetRow = this.block.startRow + cell.r;
    this.result.skippedRows++;
    this.report(
      cell,
      "not-a-position",
      "warning",
      reason === "placeholder"
        ? `Row ${sheetRow} has ${quote(text)} in ${this.ref(cell)} instead of a code (no letter or digit), so it is not imported.`
        : `Row ${sheetRow} reads ${quote(text)} in ${this.ref(cell)}, a section heading or total rather than a position, so it is not imported.`,
      `Nothing needs doing if row ${sheetRow} is not a position; if it is one, enter its code in the Code column.`,
      { text: visible(text), reason },
    );
  }

  /**
   * The code of a row as the user meant it, or null when the row is not a position (reported),
   * or undefined when it cannot be used (an error is reported). Deletions get the same checks,
   * stricter where a wrong code would delete a different position and its descendants.
   */
  private code(cell: Cell, forDeletion: boolean): string | null | undefined {
    if (cell.type === "Error") {
      this.excelError(cell);
      return undefined;
    }
    const value = cell.value;
    let code: string;
    if (typeof value === "boolean") {
      return this.invalidCode(cell, "boolean", value ? "TRUE" : "FALSE");
    } else if (typeof value === "number") {
      const numeric = this.numericCode(cell, value, forDeletion);
      if (numeric === undefined) return undefined;
      code = numeric;
    } else {
      code = cleanText(value);
      if (LINE_BREAK_OR_TAB.test(code)) return this.invalidCode(cell, "line-break", code);
      if (!HAS_LETTER_OR_DIGIT.test(code)) {
        if (forDeletion) return this.invalidCode(cell, "placeholder", code);
        this.skip(cell, "placeholder", code);
        return null;
      }
      if (SECTION_WORDS.test(code)) {
        if (forDeletion) return this.invalidCode(cell, "section", code);
        this.skip(cell, "section", code);
        return null;
      }
      if (code !== value && code !== value.trim()) {
        this.report(
          cell,
          "code-cleaned",
          "warning",
          `The Code in ${this.ref(cell)} held invisible or decomposed characters (${quote(describeHidden(value))}); it is read as ${quote(code)}.`,
          `Retype the code in ${this.ref(cell)} so the sheet holds exactly ${quote(code)}.`,
          { text: describeHidden(value), code },
        );
      }
      if (NON_ASCII.test(code) && LATIN_LETTER.test(code) && CYRILLIC_LETTER.test(code)) {
        this.report(
          cell,
          "code-mixed-script",
          "warning",
          `The Code ${quote(code)} in ${this.ref(cell)} mixes Latin and Cyrillic letters, which look alike (A and А, C and С); it may not match the code the catalog has.`,
          `Retype the letters of the code in ${this.ref(cell)} on one keyboard layout.`,
          { text: code },
        );
      }
    }
    if (cell.formula) {
      this.report(
        cell,
        "formula-code",
        forDeletion ? "error" : "warning",
        forDeletion
          ? `The Code in ${this.ref(cell)} (${quote(code)}) that this row deletes is the result of a formula; if it changes, a different position and everything below it is deleted.`
          : `The Code in ${this.ref(cell)} (${quote(code)}) is the result of a formula; it changes when the cells it depends on change, which moves the position in the tree or makes it a new one.`,
        `Copy the Code column and paste it as values (Paste Special > Values) before importing.`,
        { text: code },
      );
    }
    if (!this.checkLength(cell, code, "Code")) return undefined;
    return code;
  }

  /** A number in the Code column: its shown text is the code, when it can be trusted. */
  private numericCode(cell: Cell, value: number, forDeletion: boolean): string | undefined {
    const shown = this.block.text?.[cell.r]?.[cell.columnIndex - this.block.startColumn];
    const format = this.block.numberFormats?.[cell.r]?.[cell.columnIndex - this.block.startColumn];
    const shownText = typeof shown === "string" ? cleanText(shown) : "";
    if (typeof format === "string" && DATE_FORMAT.test(format.replace(/\[[^\]]*\]/g, ""))) {
      this.invalidCode(cell, "date", shownText === "" ? numberText(value) : shownText);
      return undefined;
    }
    if (value < 0) {
      this.invalidCode(cell, "negative", shownText === "" ? numberText(value) : shownText);
      return undefined;
    }
    if (!Number.isFinite(value) || Math.abs(value) >= MAX_EXACT_CODE_NUMBER) {
      this.invalidCode(cell, "too-many-digits", shownText === "" ? numberText(value) : shownText);
      return undefined;
    }
    // Excel shows "###" in a narrow column and 3.3E+04 in General for long numbers: no code there.
    const usable =
      shownText !== "" &&
      /^[\p{L}\p{N}][\p{L}\p{N}\s.,\-_/]*$/u.test(shownText) &&
      !/E[+-]\d/i.test(shownText);
    const code = usable ? shownText : numberText(value);
    const fraction = !Number.isInteger(value);
    const severity = forDeletion && fraction && !usable ? "error" : "warning";
    const numberShown = numberText(value);
    this.report(
      cell,
      "numeric-code",
      severity,
      usable
        ? `The Code in ${this.ref(cell)} is stored as the number ${numberShown} and shown as ${quote(code)}; it is read as ${quote(code)}, as shown.`
        : fraction
          ? `The Code in ${this.ref(cell)} is stored as the number ${numberShown}; Excel drops trailing zeros of numbers, so a code typed as ${numberShown}0 arrives as ${numberShown}${forDeletion ? ", and the row may delete a different position and everything below it" : ""}.`
          : `The Code in ${this.ref(cell)} is stored as the number ${numberShown}; Excel drops leading zeros of numbers, so a code typed as 0${numberShown} arrives as ${numberShown}.`,
      `Format the Code column as Text and retype the codes as they should read (with their zeros).`,
      { text: code, value: numberShown },
    );
    return code;
  }

  private invalidCode(
    cell: Cell,
    reason: "boolean" | "date" | "negative" | "too-many-digits" | "line-break" | "placeholder" | "section",
    text: string,
  ): undefined {
    const why: Record<typeof reason, string> = {
      boolean: "is a TRUE/FALSE value, not a code",
      date: "is a date (Excel stores dates as numbers), not a code",
      negative: "is a negative number, not a code",
      "too-many-digits":
        "is a number too long for Excel to keep exactly (it keeps 15 digits), so its last digits are lost",
      "line-break": "contains a line break or tab, which would make a different code from the one shown",
      placeholder: "has no letter or digit, so it names no position",
      section: "is a section heading or total, not a position",
    };
    const fix: Record<typeof reason, string> = {
      boolean: `Enter the position's code in ${this.ref(cell)} as text.`,
      date: `Format the Code column as Text and retype the code in ${this.ref(cell)}.`,
      negative: `Format the Code column as Text and retype the code in ${this.ref(cell)} (a leading "-" makes Excel read a number).`,
      "too-many-digits": `Format the Code column as Text and retype the code in ${this.ref(cell)}.`,
      "line-break": `Remove the line break or tab from the code in ${this.ref(cell)}.`,
      placeholder: `Enter the code of the position to delete in ${this.ref(cell)}, or clear the deletion mark.`,
      section: `Enter the code of the position to delete in ${this.ref(cell)}, or clear the deletion mark.`,
    };
    this.report(
      cell,
      "invalid-code",
      "error",
      `The Code in ${this.ref(cell)} (${quote(text)}) ${why[reason]}.`,
      fix[reason],
      { text: visible(text), reason },
    );
    return undefined;
  }

  private guid(r: number, forDeletion: boolean): string | undefined {
    const cell = this.cell("Guid", r);
    if (!cell) return undefined;
    const text = this.text("Guid", r, cell);
    if (text === undefined) return undefined;
    const guid = normaliseGuid(text);
    if (guid === null) {
      this.report(
        cell,
        "malformed-guid",
        "error",
        `The Guid in ${this.ref(cell)} (${quote(text)}) is not a GUID.`,
        forDeletion
          ? `Enter the Guid of the position to delete in ${this.ref(cell)}, or clear it to delete by Code.`
          : `Enter a GUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301 in ${this.ref(cell)}, or clear the cell to let the add-in assign one.`,
        { text: visible(text) },
      );
      return undefined;
    }
    if (guid === NIL_GUID) {
      this.report(
        cell,
        "nil-guid",
        "warning",
        `The Guid in ${this.ref(cell)} is the nil GUID (all zeros), which the platform reads as "no Guid"; it is left out${forDeletion ? ", and the row deletes by its Code" : ", and the position is matched by its Code"}.`,
        `Clear ${this.ref(cell)}${forDeletion ? "" : " so a new Guid is assigned"}, or enter the position's real Guid.`,
        { text },
      );
      return undefined;
    }
    if (cell.formula) {
      this.report(
        cell,
        "formula-guid",
        "warning",
        `The Guid in ${this.ref(cell)} is the result of a formula; if the formula gives a new value on recalculation, the next import creates the position again instead of updating it.`,
        `Copy the Guid column and paste it as values (Paste Special > Values).`,
      );
    }
    return guid;
  }

  /** Cleaned text of a field, or undefined when the cell is blank, an error or unmapped. */
  private text(field: CatalogField, r: number, given?: Cell): string | undefined {
    const cell = given ?? this.cell(field, r);
    if (!cell || cell.type === "Empty") return undefined;
    if (cell.type === "Error") {
      this.excelError(cell);
      return undefined;
    }
    const text = valueText(cell.value);
    if (text === "") return undefined;
    if (!this.checkLength(cell, text, FIELD_LABELS[field])) return undefined;
    return text;
  }

  /** False (and reported) when the text is longer than the platform keeps. */
  private checkLength(cell: Cell, text: string, what: string): boolean {
    if (text.length <= MAX_TEXT_LENGTH) return true;
    const count = characterCount(text);
    if (count <= MAX_TEXT_LENGTH) return true;
    this.report(
      cell,
      "text-too-long",
      "error",
      `The ${what} in ${this.ref(cell)} is ${count.toLocaleString("en-US")} characters long; the platform accepts at most ${MAX_TEXT_LENGTH.toLocaleString("en-US")}.`,
      `Shorten the text in ${this.ref(cell)} to ${MAX_TEXT_LENGTH.toLocaleString("en-US")} characters or fewer.`,
      { length: count, limit: MAX_TEXT_LENGTH },
    );
    return false;
  }

  private price(r: number): number | undefined {
    const cell = this.cell("Price", r);
    if (!cell || cell.type === "Empty") return undefined;
    if (cell.type === "Error") {
      this.excelError(cell);
      return undefined;
    }
    let value: number;
    if (typeof cell.value === "number") {
      value = cell.value;
    } else if (typeof cell.value === "boolean") {
      this.notANumber(cell, "boolean");
      return undefined;
    } else {
      const text = cleanText(cell.value);
      if (text === "") return undefined;
      const parsed = parsePriceText(text, this.options.decimalSeparator);
      if (parsed.kind === "invalid") {
        this.notANumber(cell, parsed.reason);
        return undefined;
      }
      if (parsed.kind === "ambiguous") {
        const ds = this.options.decimalSeparator;
        this.report(
          cell,
          "price-ambiguous",
          "error",
          `The Price in ${this.ref(cell)} is text (${quote(text)}) that could mean ${numberText(parsed.grouped)} or ${numberText(parsed.decimal)}; this workbook uses "${ds}" for decimals, so it is not guessed.`,
          `Enter the price in ${this.ref(cell)} as a number (for ${numberText(parsed.decimal)} type it with "${ds}"), or convert the column to numbers.`,
          { text: visible(text), grouped: parsed.grouped, decimal: parsed.decimal, separator: ds },
        );
        return undefined;
      }
      value = parsed.value;
      this.report(
        cell,
        "price-text",
        "warning",
        `The Price in ${this.ref(cell)} is text (${quote(text)}); it is read as the number ${numberText(value)}.`,
        `Check that ${numberText(value)} is the intended price, and convert the column to numbers to silence this warning.`,
        { text: visible(text), value },
      );
    }
    if (!Number.isFinite(value)) {
      this.notANumber(cell, "not-finite");
      return undefined;
    }
    if (value < 0) {
      this.report(
        cell,
        "price-negative",
        "error",
        `The Price in ${this.ref(cell)} is negative (${numberText(value)}); a catalog price cannot be below zero.`,
        `Enter a price of zero or more in ${this.ref(cell)}.`,
        { value },
      );
      return undefined;
    }
    if (value >= MAX_PRICE) {
      this.report(
        cell,
        "price-too-large",
        "error",
        `The Price in ${this.ref(cell)} (${numberText(value)}) is too large to be a catalog price; it cannot be held to the cent.`,
        `Check the price in ${this.ref(cell)}: it may be a code, a total or a value pasted into the wrong column.`,
        { value: numberText(value) },
      );
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

  private notANumber(
    cell: Cell,
    reason: "boolean" | "blank" | "wrong-separator" | "not-a-number" | "not-finite",
  ): void {
    const ds = this.options.decimalSeparator;
    const why: Record<typeof reason, string> = {
      boolean: "it is a TRUE/FALSE value",
      blank: "it is blank",
      "wrong-separator": `it uses "${ds === "," ? "." : ","}" as a decimal point but this workbook uses "${ds}"`,
      "not-a-number": "it holds characters that are not part of a number",
      "not-finite": "it is not a finite number",
    };
    this.report(
      cell,
      "price-not-number",
      "error",
      `The Price in ${this.ref(cell)} (${quote(valueText(cell.value))}) cannot be read as a number: ${why[reason]}.`,
      `Enter the price as a plain number in ${this.ref(cell)}, without currency signs or units, using "${ds}" for decimals.`,
      { text: visible(valueText(cell.value)), reason, separator: ds },
    );
  }

  private currency(r: number): string | undefined {
    const cell = this.cell("CurrencyCharCode", r);
    if (!cell) return undefined;
    const text = this.text("CurrencyCharCode", r, cell);
    if (text === undefined) return undefined;
    const upper = text.toUpperCase();
    const suggestion = CURRENCY_SUGGESTIONS[upper] ?? "";
    if (typeof cell.value !== "string" || !CURRENCY_PATTERN.test(text)) {
      this.report(
        cell,
        "malformed-currency",
        "error",
        `The Currency in ${this.ref(cell)} (${quote(text)}) is not a three-letter currency code${suggestion === "" ? "." : `; did you mean ${suggestion}?`}`,
        suggestion === ""
          ? `Enter the ISO 4217 code in Latin letters, such as USD, EUR or RUB, in ${this.ref(cell)}.`
          : `Enter ${suggestion} in ${this.ref(cell)}.`,
        { text: visible(text), suggestion },
      );
      return undefined;
    }
    if (!isKnownCurrency(upper)) {
      this.report(
        cell,
        "unknown-currency",
        "error",
        `The Currency in ${this.ref(cell)} (${quote(text)}) is not a currency in use${suggestion === "" ? "" : `; it was replaced by ${suggestion}`}.`,
        suggestion === ""
          ? `Enter the ISO 4217 code of the price's currency, such as USD, EUR or RUB, in ${this.ref(cell)}.`
          : `Enter ${suggestion} in ${this.ref(cell)}.`,
        { text: upper, suggestion },
      );
      return undefined;
    }
    return upper;
  }

  private controlPoints(r: number): CatalogPosition["ControlPoints"] {
    const cell = this.cell("ControlPoints", r);
    if (!cell || cell.type === "Empty") return undefined;
    if (cell.type === "Error") {
      this.excelError(cell);
      return undefined;
    }
    const text = valueText(cell.value);
    if (text === "") return undefined;
    const parsed = parseControlPoints(text);
    if (!parsed.ok) {
      this.report(
        cell,
        "malformed-control-points",
        "error",
        `The Control points in ${this.ref(cell)} cannot be read: ${parsed.reason}.`,
        `Write them as Binding=Variable; Binding2=Variable2 (or as a JSON array of {"Binding","VariableName"}) in ${this.ref(cell)}.`,
        { text: visible(text.slice(0, 200)), reason: parsed.reason },
      );
      return undefined;
    }
    let ok = true;
    for (const point of parsed.points) {
      ok = this.checkLength(cell, point.Binding, `binding of control point ${quote(point.Binding)}`) && ok;
      ok =
        this.checkLength(
          cell,
          point.VariableName,
          `variable name of control point ${quote(point.Binding)}`,
        ) && ok;
    }
    return ok ? parsed.points : undefined;
  }

  private excelError(cell: Cell): void {
    const shown = typeof cell.value === "string" ? cleanText(cell.value) : valueText(cell.value);
    const cause = EXCEL_ERRORS[shown] ?? "Excel could not compute the value";
    this.report(
      cell,
      "excel-error",
      "error",
      `Cell ${this.ref(cell)} (${FIELD_LABELS[cell.field]}) shows the Excel error ${shown}: ${cause}.`,
      `Correct the formula or value in ${this.ref(cell)} so the cell no longer shows an error.`,
      { text: shown },
    );
  }

  private isBlank(cell: Cell): boolean {
    return cell.type === "Empty" || (typeof cell.value === "string" && isBlankText(cell.value));
  }

  private ref(cell: Cell): string {
    return cellAddress(cell.columnIndex, this.block.startRow + cell.r);
  }

  private report(
    cell: Cell,
    kind: Problem["kind"],
    severity: Problem["severity"],
    message: string,
    fix: string,
    values: ProblemValues = {},
  ): void {
    this.result.problems.push(
      problemAt(
        { sheet: this.block.sheet, row: this.block.startRow + cell.r, columnIndex: cell.columnIndex },
        kind,
        severity,
        cell.field,
        message,
        fix,
        values,
      ),
    );
  }
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
