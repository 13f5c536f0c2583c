// What the readers of one kind of cell (codes: rowCode.ts; Guid, price, currency, control points:
// rowFields.ts) need from the row reader (rows.ts): the cell of the current row, and the reader's
// ways to report on it. Kept apart so those files and rows.ts do not import each other.

import type {
  CatalogField,
  CellBlock,
  CellValue,
  CellValueType,
  ProblemKind,
  ProblemReasonOf,
  ProblemValues,
  Severity,
} from "./types";

/**
 * Text longer than this (in characters as a person counts them) is named in a warning and sent as
 * it is. The platform publishes no length limit (interface, "Limits": size limits not shown), so
 * what it does with a longer text is unknown; the figure is the add-in's, not the platform's: far
 * beyond any name, unit or code in a catalog we know, so the warning points at a pasted paragraph.
 */
export const LONG_TEXT = 1000;

export interface ReadRowsOptions {
  /** The workbook's decimal separator, for prices typed as text. */
  decimalSeparator: string;
  /** Block row offset of the first data row. */
  firstDataRow: number;
  /** Report a missing name per row; off when the block has no Name column (reported once). */
  reportMissingName: boolean;
}

/** A cell of the current row. */
export interface Cell {
  field: CatalogField;
  value: CellValue;
  type: CellValueType;
  formula: boolean;
  columnIndex: number;
  /** Block row offset. */
  r: number;
}

/** Why a row with content is not a position: no letter or digit in its code, or a section row. */
export type SkipReason = "placeholder" | "section";

export interface RowContext {
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
  /** Warns, once per cell, when the text is longer than LONG_TEXT characters; the text is kept. */
  noteLength(cell: Cell, text: string): void;
}
