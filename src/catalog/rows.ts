// Reading one row at a time: the mapped cells of each row below the header become a position,
// a deletion, or a reported skip, with the problems of that row. The Code cell is read in
// rowCode.ts, the Guid, price, currency and control points in rowFields.ts; checks that need
// other rows (duplicates, look-alikes, deletions against imports, the tree) are in checks.ts.
//
// Hot path: 300,000 rows go through here, so there is no per-row Map or closure; each field's
// cell is read straight from the block's matrices.

import { cellType, characterCount, cleanText, isBlankText, parseDeletionMark, valueText } from "./cells";
import { matchHeader } from "./headers";
import { problemAt, visible } from "./problems";
import { LONG_TEXT, type Cell, type ReadRowsOptions, type RowContext, type SkipReason } from "./rowContext";
import { SECTION_WORDS, readCode } from "./rowCode";
import { readControlPoints, readCurrency, readGuid, readPrice } from "./rowFields";
import { EVERY_POSITION_FIELD, sizeForEveryField } from "./records";
import type {
  CatalogDeletion,
  CatalogField,
  CatalogPosition,
  CellBlock,
  CellValue,
  FieldColumns,
  Problem,
  ProblemKind,
  ProblemReasonOf,
  ProblemValues,
  Severity,
} from "./types";
import { runSteps, STEP_ITEMS, type Steps } from "./steps";

export { LONG_TEXT, type ReadRowsOptions } from "./rowContext";
export { MAX_PRICE } from "./rowFields";

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

/** `{ row, Code }` with room for every other field of a position (records.ts). */
const PositionRecord = function (this: CatalogPosition, row: number, code: string) {
  this.row = row;
  this.Code = code;
} as unknown as { new (row: number, code: string): CatalogPosition; prototype: object };
sizeForEveryField(PositionRecord, () => new PositionRecord(0, "0"), { row: 0, ...EVERY_POSITION_FIELD });

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
  /**
   * The cell of each mapped field: one Cell object per field, made here and filled for each row
   * in turn (nothing keeps a Cell past its row: problems copy what they need), so reading
   * allocates nothing. Its `r` is the row it holds, -1 before the first.
   */
  private readonly cells: Partial<Record<CatalogField, Cell>> = {};

  constructor(
    readonly block: CellBlock,
    columns: FieldColumns,
    readonly options: ReadRowsOptions,
  ) {
    for (const field of Object.keys(columns) as CatalogField[]) {
      const columnIndex = columns[field];
      if (columnIndex === undefined) continue;
      this.slots.push({ field, offset: columnIndex - block.startColumn, columnIndex });
      this.cells[field] = { field, value: "", type: "Empty", formula: false, columnIndex, r: -1 };
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
   * The cell of a field in row r, read from the block once per row: the steps of a row that ask
   * for a cell again (the Code cell: header repeat, then the code) are given it as it was filled.
   */
  private cell(field: CatalogField, r: number): Cell | undefined {
    const cell = this.cells[field];
    if (cell === undefined || cell.r === r) return cell;
    const offset = cell.columnIndex - this.block.startColumn;
    const value = this.block.values[r]?.[offset] ?? "";
    const formulaCell = this.block.formulas?.[r]?.[offset];
    cell.value = value;
    cell.type = cellType(value, this.block.valueTypes?.[r]?.[offset]);
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
    for (let i = 0; i < this.slots.length; i++) {
      const s = this.slots[i] as FieldSlot;
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
    const nameCell = this.cell("Name", r);
    const name = this.text("Name", r, nameCell);
    if (name === undefined && this.options.reportMissingName) {
      if (nameCell && this.isBlank(nameCell)) this.report(nameCell, "missing-name", "error");
    } else if (nameCell && name !== undefined && typeof nameCell.value !== "string") {
      // TRUE or a number is a name nobody types: a checkbox or a price column read as the Name.
      const reason = typeof nameCell.value === "boolean" ? "boolean" : "number";
      this.report(nameCell, "name-not-text", "warning", { text: name }, reason);
    }
    const price = readPrice(this, this.cell("Price", r));
    const unit = this.text("Unit", r);
    const currency = readCurrency(this, r, this.cell("CurrencyCharCode", r));
    const binding = this.text("Binding", r);
    const controlPoints = readControlPoints(this, this.cell("ControlPoints", r));
    if (code === undefined) return;
    const position = new PositionRecord(sheetRow, code);
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
    // A Guid and a currency have shapes of their own that a long text does not pass.
    if (field !== "Guid" && field !== "CurrencyCharCode") this.noteLength(cell, text);
    return text;
  }

  noteLength(cell: Cell, text: string): void {
    if (text.length <= LONG_TEXT) return;
    const count = characterCount(text);
    if (count > LONG_TEXT) this.report(cell, "long-text", "warning", { length: count });
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
