// From rows of cells to positions and deletions, with the problems of each row, then the checks
// across rows (duplicates, rows both imported and deleted). Rows are read once and the
// cross-row checks use Maps, so the work is linear in the number of rows.

import {
  EXCEL_ERRORS,
  cellAddress,
  cellType,
  cleanText,
  normaliseGuid,
  numberText,
  parseDeletionMark,
  parsePriceText,
  valueText,
} from "./cells";
import { parseControlPoints } from "./controlPoints";
import { parentCode } from "./tree";
import { problemAt, quote } from "./problems";
import { FIELD_LABELS } from "./types";
import type {
  CatalogDeletion,
  CatalogField,
  CatalogPosition,
  CellBlock,
  CellValue,
  CellValueType,
  Problem,
} from "./types";

/** Longest text the platform keeps in a field. */
export const MAX_TEXT_LENGTH = 1000;
const CURRENCY_PATTERN = /^[A-Za-z]{3}$/;

export interface ReadRowsOptions {
  /** The workbook's decimal separator, for prices typed as text. */
  decimalSeparator: string;
  /** Block row offset of the first data row. */
  firstDataRow: number;
  /** Report a missing name per row; off when the block has no Name column (reported once). */
  reportMissingName: boolean;
}

export interface ReadRowsResult {
  positions: CatalogPosition[];
  deletions: CatalogDeletion[];
  problems: Problem[];
  emptyRows: number;
  /** Rows with content that are not deletions (they should be positions). */
  contentRows: number;
}

/** One mapped cell of the current row, as read. */
interface Cell {
  field: CatalogField;
  value: CellValue;
  type: CellValueType;
  formula: boolean;
  columnIndex: number;
}

type Offsets = Partial<Record<CatalogField, number>>;

export function readRows(block: CellBlock, offsets: Offsets, options: ReadRowsOptions): ReadRowsResult {
  const result: ReadRowsResult = { positions: [], deletions: [], problems: [], emptyRows: 0, contentRows: 0 };
  const fields = (Object.keys(offsets) as CatalogField[]).filter((f) => offsets[f] !== undefined);
  for (let r = options.firstDataRow; r < block.values.length; r++) {
    const row = new RowReader(block, r, offsets, fields, options, result.problems);
    if (row.isEmpty()) {
      result.emptyRows++;
      continue;
    }
    if (row.isDeletion()) {
      const deletion = row.readDeletion();
      if (deletion) result.deletions.push(deletion);
      continue;
    }
    result.contentRows++;
    const position = row.readPosition();
    if (position) result.positions.push(position);
  }
  return result;
}

class RowReader {
  private readonly cells = new Map<CatalogField, Cell>();
  readonly sheetRow: number;

  constructor(
    private readonly block: CellBlock,
    r: number,
    offsets: Offsets,
    fields: readonly CatalogField[],
    private readonly options: ReadRowsOptions,
    private readonly problems: Problem[],
  ) {
    this.sheetRow = block.startRow + r;
    const values = block.values[r] ?? [];
    const types = block.valueTypes?.[r];
    const formulas = block.formulas?.[r];
    for (const field of fields) {
      const c = offsets[field];
      if (c === undefined) continue;
      const value = values[c] ?? "";
      const formulaCell = formulas?.[c];
      this.cells.set(field, {
        field,
        value,
        type: cellType(value, types?.[c]),
        // Range.formulas repeats the value for a constant, so a text constant that itself starts
        // with "=" (typed after an apostrophe) is not taken for a formula.
        formula: typeof formulaCell === "string" && formulaCell.startsWith("=") && formulaCell !== value,
        columnIndex: block.startColumn + c,
      });
    }
  }

  /** A row is empty when its mapped cells are blank; an unset deletion mark (FALSE, "no") alone
   * does not make it content, since checkbox-like Delete columns are often filled to the end. */
  isEmpty(): boolean {
    for (const cell of this.cells.values()) {
      if (cell.type === "Empty") continue;
      if (cell.field === "Delete" && cell.type !== "Error" && parseDeletionMark(cell.value) === false)
        continue;
      if (typeof cell.value === "string" && cleanText(cell.value) === "") continue;
      return false;
    }
    return true;
  }

  /** Reads the deletion mark; an unreadable mark is reported and counts as "not marked". */
  isDeletion(): boolean {
    const cell = this.cells.get("Delete");
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
      );
      return false;
    }
    return mark;
  }

  readDeletion(): CatalogDeletion | null {
    const deletion: CatalogDeletion = { row: this.sheetRow };
    const guidCell = this.cells.get("Guid");
    const codeCell = this.cells.get("Code");
    const guid = this.guid(true);
    const code = this.text("Code");
    const name = this.text("Name");
    if (guid !== undefined) deletion.Guid = guid;
    if (code !== undefined) deletion.Code = code;
    if (name !== undefined) deletion.Name = name;
    const blank = (cell: Cell | undefined): boolean => !cell || this.isBlank(cell);
    if (blank(guidCell) && blank(codeCell)) {
      const mark = this.cells.get("Delete");
      if (mark) {
        this.report(
          mark,
          "deletion-without-key",
          "error",
          `Row ${this.sheetRow} is marked for deletion in ${this.ref(mark)}, but it has neither a Guid nor a Code, so the platform cannot tell which position to delete.`,
          `Enter the Guid or the Code of the position to delete in row ${this.sheetRow}, or clear the mark in ${this.ref(mark)}.`,
        );
      }
      return null;
    }
    if (deletion.Guid === undefined && deletion.Code === undefined) return null;
    return deletion;
  }

  readPosition(): CatalogPosition | null {
    const code = this.code();
    const guid = this.guid(false);
    const name = this.text("Name");
    if (name === undefined && this.options.reportMissingName) {
      const cell = this.cells.get("Name");
      if (cell && this.isBlank(cell)) {
        this.report(
          cell,
          "missing-name",
          "error",
          `Row ${this.sheetRow} has no Name in ${this.ref(cell)}; the platform ignores positions without a name.`,
          `Enter a name in ${this.ref(cell)}, or clear the row if it is not a position.`,
        );
      }
    }
    const price = this.price();
    const unit = this.text("Unit");
    const currency = this.currency();
    const binding = this.text("Binding");
    const controlPoints = this.controlPoints();
    if (code === undefined) return null;
    const position: CatalogPosition = { row: this.sheetRow, Code: code };
    if (guid !== undefined) position.Guid = guid;
    if (name !== undefined) position.Name = name;
    if (price !== undefined) position.Price = price;
    if (unit !== undefined) position.Unit = unit;
    if (currency !== undefined) position.CurrencyCharCode = currency;
    if (binding !== undefined) position.Binding = binding;
    if (controlPoints !== undefined) position.ControlPoints = controlPoints;
    return position;
  }

  private code(): string | undefined {
    const cell = this.cells.get("Code");
    if (!cell) return undefined;
    if (cell.type !== "Error" && this.isBlank(cell)) {
      this.report(
        cell,
        "missing-code",
        "error",
        `Row ${this.sheetRow} has no Code in ${this.ref(cell)}; every position needs a code, and the platform ignores rows without one.`,
        `Enter the position's code in ${this.ref(cell)}, or clear the row if it is not a position.`,
      );
      return undefined;
    }
    const code = this.text("Code");
    if (code === undefined) return undefined;
    if (cell.formula) {
      this.report(
        cell,
        "formula-code",
        "warning",
        `The Code in ${this.ref(cell)} (${quote(code)}) is the result of a formula; it changes when the cells it depends on change, which moves the position in the tree or makes it a new one.`,
        `Copy the Code column and paste it as values (Paste Special > Values) before importing.`,
      );
    }
    if (typeof cell.value === "number" && !Number.isInteger(cell.value)) {
      this.report(
        cell,
        "numeric-code",
        "warning",
        `The Code in ${this.ref(cell)} is stored as the number ${numberText(cell.value)}; Excel drops trailing zeros of numbers, so a code typed as 1.10 arrives as 1.1.`,
        `Format the Code column as Text and retype the codes that had trailing zeros.`,
      );
    }
    return code;
  }

  private guid(forDeletion: boolean): string | undefined {
    const cell = this.cells.get("Guid");
    if (!cell) return undefined;
    const text = this.text("Guid");
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
  private text(field: CatalogField): string | undefined {
    const cell = this.cells.get(field);
    if (!cell || cell.type === "Empty") return undefined;
    if (cell.type === "Error") {
      this.excelError(cell);
      return undefined;
    }
    const text = valueText(cell.value);
    if (text === "") return undefined;
    this.checkLength(cell, text, `The ${FIELD_LABELS[field]}`);
    return text;
  }

  private checkLength(cell: Cell, text: string, what: string): void {
    if (text.length <= MAX_TEXT_LENGTH) return;
    this.report(
      cell,
      "text-too-long",
      "error",
      `${what} in ${this.ref(cell)} is ${text.length.toLocaleString("en-US")} characters long; the platform accepts at most ${MAX_TEXT_LENGTH.toLocaleString("en-US")}.`,
      `Shorten the text in ${this.ref(cell)} to ${MAX_TEXT_LENGTH.toLocaleString("en-US")} characters or fewer.`,
    );
  }

  private price(): number | undefined {
    const cell = this.cells.get("Price");
    if (!cell || cell.type === "Empty") return undefined;
    if (cell.type === "Error") {
      this.excelError(cell);
      return undefined;
    }
    let value: number;
    if (typeof cell.value === "number") {
      value = cell.value;
    } else if (typeof cell.value === "boolean") {
      this.notANumber(cell, "it is a TRUE/FALSE value");
      return undefined;
    } else {
      const text = cleanText(cell.value);
      if (text === "") return undefined;
      const parsed = parsePriceText(text, this.options.decimalSeparator);
      if (parsed.kind === "invalid") {
        this.notANumber(cell, parsed.reason);
        return undefined;
      }
      value = parsed.value;
      this.report(
        cell,
        "price-text",
        "warning",
        `The Price in ${this.ref(cell)} is text (${quote(text)}); it is read as the number ${numberText(value)}.`,
        `Check that ${numberText(value)} is the intended price, and convert the column to numbers to silence this warning.`,
      );
    }
    if (!Number.isFinite(value)) {
      this.notANumber(cell, "it is not a finite number");
      return undefined;
    }
    if (value < 0) {
      this.report(
        cell,
        "price-negative",
        "error",
        `The Price in ${this.ref(cell)} is negative (${numberText(value)}); a catalog price cannot be below zero.`,
        `Enter a price of zero or more in ${this.ref(cell)}.`,
      );
      return undefined;
    }
    return value;
  }

  private notANumber(cell: Cell, reason: string): void {
    this.report(
      cell,
      "price-not-number",
      "error",
      `The Price in ${this.ref(cell)} (${quote(valueText(cell.value))}) cannot be read as a number: ${reason}.`,
      `Enter the price as a plain number in ${this.ref(cell)}, without currency signs or units, using "${this.options.decimalSeparator}" for decimals.`,
    );
  }

  private currency(): string | undefined {
    const cell = this.cells.get("CurrencyCharCode");
    const text = this.text("CurrencyCharCode");
    if (!cell || text === undefined) return undefined;
    if (typeof cell.value !== "string" || !CURRENCY_PATTERN.test(text)) {
      this.report(
        cell,
        "malformed-currency",
        "error",
        `The Currency in ${this.ref(cell)} (${quote(text)}) is not a three-letter currency code.`,
        `Enter the ISO 4217 code in Latin letters, such as USD, EUR or RUB, in ${this.ref(cell)}.`,
      );
      return undefined;
    }
    return text.toUpperCase();
  }

  private controlPoints(): CatalogPosition["ControlPoints"] {
    const cell = this.cells.get("ControlPoints");
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
      );
      return undefined;
    }
    for (const point of parsed.points) {
      this.checkLength(cell, point.Binding, `The binding of control point ${quote(point.Binding)}`);
      this.checkLength(
        cell,
        point.VariableName,
        `The variable name of control point ${quote(point.Binding)}`,
      );
    }
    return parsed.points;
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
    );
  }

  private isBlank(cell: Cell): boolean {
    return cell.type === "Empty" || (typeof cell.value === "string" && cleanText(cell.value) === "");
  }

  private ref(cell: Cell): string {
    return cellAddress(cell.columnIndex, this.sheetRow);
  }

  private report(
    cell: Cell,
    kind: Problem["kind"],
    severity: Problem["severity"],
    message: string,
    fix: string,
  ): void {
    this.problems.push(
      problemAt(
        { sheet: this.block.sheet, row: this.sheetRow, columnIndex: cell.columnIndex },
        kind,
        severity,
        cell.field,
        message,
        fix,
      ),
    );
  }
}

/** Column positions of the fields, for problems found across rows. */
export type FieldColumns = Partial<Record<CatalogField, number>>;

/**
 * Checks across rows: a repeated Code or Guid among positions (the platform keeps the first and
 * ignores the rest), and a position that the same sheet also deletes (the outcome would depend
 * on the order the platform applies them in).
 */
export function checkAcrossRows(
  sheet: string,
  positions: readonly CatalogPosition[],
  deletions: readonly CatalogDeletion[],
  columns: FieldColumns,
): Problem[] {
  const problems: Problem[] = [];
  const codeColumn = columns.Code ?? 0;
  const guidColumn = columns.Guid ?? codeColumn;
  const firstByCode = new Map<string, CatalogPosition>();
  const firstByGuid = new Map<string, CatalogPosition>();
  const at = (row: number, columnIndex: number): string => cellAddress(columnIndex, row);
  for (const p of positions) {
    const earlier = firstByCode.get(p.Code);
    if (earlier) {
      const here = at(p.row, codeColumn);
      const there = at(earlier.row, codeColumn);
      problems.push(
        problemAt(
          { sheet, row: p.row, columnIndex: codeColumn },
          "duplicate-code",
          "error",
          "Code",
          `The Code ${quote(p.Code)} in ${here} repeats the Code in ${there}; the platform imports the first and ignores row ${p.row}.`,
          `Give one of the positions in ${there} and ${here} a different code, or delete the repeated row.`,
        ),
      );
    } else {
      firstByCode.set(p.Code, p);
    }
    if (p.Guid === undefined) continue;
    const sameGuid = firstByGuid.get(p.Guid);
    if (sameGuid) {
      const here = at(p.row, guidColumn);
      const there = at(sameGuid.row, guidColumn);
      problems.push(
        problemAt(
          { sheet, row: p.row, columnIndex: guidColumn },
          "duplicate-guid",
          "error",
          "Guid",
          `The Guid in ${here} repeats the Guid in ${there}; two positions cannot share one identifier, and the platform would ignore row ${p.row}.`,
          `Clear the Guid in ${here} so a new one is assigned, or correct whichever of ${there} and ${here} is wrong.`,
        ),
      );
    } else {
      firstByGuid.set(p.Guid, p);
    }
  }
  const deleteColumn = columns.Delete ?? codeColumn;
  for (const d of deletions) {
    // The platform matches a deletion by Guid when it has one, else by Code.
    const imported =
      d.Guid !== undefined
        ? firstByGuid.get(d.Guid)
        : d.Code !== undefined
          ? firstByCode.get(d.Code)
          : undefined;
    if (!imported) continue;
    const key = d.Guid !== undefined ? `Guid ${d.Guid}` : `Code ${quote(d.Code ?? "")}`;
    problems.push(
      problemAt(
        { sheet, row: d.row, columnIndex: deleteColumn },
        "deleted-and-imported",
        "error",
        "Delete",
        `The deletion mark in ${at(d.row, deleteColumn)} deletes the position with ${key}, which row ${imported.row} (${at(imported.row, codeColumn)}) imports in the same sheet; the result would depend on the order the platform applies them.`,
        `Either clear the deletion mark in ${at(d.row, deleteColumn)} or remove row ${imported.row}.`,
      ),
    );
  }
  problems.push(...checkDeletedAncestors(sheet, positions, deletions, firstByCode, codeColumn, deleteColumn));
  return problems;
}

/**
 * The platform deletes a position's descendants with it, so an imported position below a code
 * this sheet deletes may be lost. Each position walks up its codes until it meets one that is
 * imported (that one is checked on its own) or a deleted one; only the top of each affected
 * subtree is reported.
 */
function checkDeletedAncestors(
  sheet: string,
  positions: readonly CatalogPosition[],
  deletions: readonly CatalogDeletion[],
  imported: ReadonlyMap<string, CatalogPosition>,
  codeColumn: number,
  deleteColumn: number,
): Problem[] {
  const deletedByCode = new Map<string, CatalogDeletion>();
  for (const d of deletions)
    if (d.Code !== undefined && !deletedByCode.has(d.Code)) deletedByCode.set(d.Code, d);
  if (deletedByCode.size === 0) return [];
  const problems: Problem[] = [];
  for (const p of positions) {
    if (imported.get(p.Code) !== p) continue;
    for (let code = parentCode(p.Code); code !== null; code = parentCode(code)) {
      const deletion = deletedByCode.get(code);
      if (deletion) {
        const mark = cellAddress(deleteColumn, deletion.row);
        problems.push(
          problemAt(
            { sheet, row: p.row, columnIndex: codeColumn },
            "deleted-parent",
            "warning",
            "Code",
            `The Code ${quote(p.Code)} in ${cellAddress(codeColumn, p.row)} lies under ${quote(code)}, which ${mark} deletes; the platform deletes a position's descendants with it, so this position may be lost.`,
            `Clear the deletion mark in ${mark}, or give the position in ${cellAddress(codeColumn, p.row)} a code outside ${quote(code)}.`,
          ),
        );
        break;
      }
      if (imported.has(code)) break;
    }
  }
  return problems;
}
