// Plain-data types of the catalog engine. Everything here is serialisable (no classes, no
// functions), so a mapping or an analysis can be saved in the workbook settings or sent to a
// worker and used again.

/** What Excel reports in `Range.valueTypes`. */
export type CellValueType = "Empty" | "String" | "Double" | "Boolean" | "Error" | "Integer" | "Unknown";

/** What Excel reports in `Range.values`. */
export type CellValue = string | number | boolean;

/**
 * A block of cells as read from a worksheet range.
 * `startRow` is the 1-based sheet row number of `values[0]` (as shown in Excel's row headers);
 * `startColumn` is the 0-based column index of `values[r][0]` (A = 0, as `Range.columnIndex`).
 */
export interface CellBlock {
  sheet: string;
  startRow: number;
  startColumn: number;
  values: CellValue[][];
  /** When absent, types are inferred from the JavaScript type of each value. */
  valueTypes?: CellValueType[][];
  /** `Range.formulas`: a string starting with "=" marks a cell whose value is a formula result. */
  formulas?: CellValue[][];
}

/** The position fields a column can hold, plus the deletion mark. */
export const CATALOG_FIELDS = [
  "Guid",
  "Code",
  "Name",
  "Price",
  "Unit",
  "CurrencyCharCode",
  "Binding",
  "ControlPoints",
  "Delete",
] as const;
export type CatalogField = (typeof CATALOG_FIELDS)[number];

/** How fields are named in messages: the words a user sees in a header, not wire names. */
export const FIELD_LABELS: Readonly<Record<CatalogField, string>> = {
  Guid: "Guid",
  Code: "Code",
  Name: "Name",
  Price: "Price",
  Unit: "Unit",
  CurrencyCharCode: "Currency",
  Binding: "Binding",
  ControlPoints: "Control points",
  Delete: "Delete",
};

/**
 * Which sheet column holds which field. Saved and reused as it is.
 * `headerRow` is the sheet row number of the header (data starts below it), or null when the
 * block has no header row and every row is data.
 * `columns` maps a field to a column letter ("B"); a field left out has no column.
 */
export interface ColumnMapping {
  headerRow: number | null;
  columns: Partial<Record<CatalogField, string>>;
}

export type Severity = "error" | "warning";

/** Stable identifiers of the problem kinds, for tests and for grouping in the task pane. */
export const PROBLEM_KINDS = [
  "no-header",
  "missing-column",
  "duplicate-column",
  "invalid-mapping",
  "excel-error",
  "missing-code",
  "missing-name",
  "duplicate-code",
  "duplicate-guid",
  "malformed-guid",
  "price-not-number",
  "price-text",
  "price-negative",
  "malformed-currency",
  "malformed-control-points",
  "orphan-code",
  "deletion-without-key",
  "deleted-and-imported",
  "deleted-parent",
  "unrecognised-deletion-mark",
  "text-too-long",
  "formula-code",
  "formula-guid",
  "numeric-code",
] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

/** One finding, naming the cell so the task pane can select it. Error blocks the import. */
export interface Problem {
  kind: ProblemKind;
  severity: Severity;
  sheet: string;
  /** Sheet row number (1-based). */
  row: number;
  /** Column letter ("C"). */
  column: string;
  /** A1 reference of the cell ("C7"). */
  cell: string;
  /** The field concerned; null when the problem is about the block as a whole. */
  field: CatalogField | null;
  message: string;
  fix: string;
}

export interface ControlPoint {
  Binding: string;
  VariableName: string;
}

/**
 * A position read from one row. PascalCase fields are the wire fields; a field is absent when
 * its column is not mapped or its cell is blank (the platform then keeps what it has).
 */
export interface CatalogPosition {
  /** Sheet row number the position came from. */
  row: number;
  Code: string;
  Guid?: string;
  Name?: string;
  Price?: number;
  Unit?: string;
  CurrencyCharCode?: string;
  Binding?: string;
  ControlPoints?: ControlPoint[];
}

/** A row marked for deletion. At least one of Guid and Code is present when the row is valid. */
export interface CatalogDeletion {
  row: number;
  Guid?: string;
  Code?: string;
  Name?: string;
}

export interface TreeNode {
  code: string;
  name: string | undefined;
  row: number;
  /** Depth in the displayed tree: roots and orphans are 0. */
  depth: number;
  /** The code has a parent code that is not in the list. */
  orphan: boolean;
  children: TreeNode[];
}

export interface CodeTree {
  /** True roots and orphans, in natural order of their codes. */
  roots: TreeNode[];
  /** Number of levels (deepest depth + 1), 0 for an empty tree. */
  levels: number;
  orphans: number;
  size: number;
}

/** One line of the flattened tree, in display order. */
export interface PreviewRow {
  code: string;
  name: string | undefined;
  row: number;
  depth: number;
  hasChildren: boolean;
  orphan: boolean;
}

export interface CatalogCounts {
  positions: number;
  roots: number;
  levels: number;
  orphans: number;
  withGuid: number;
  withoutGuid: number;
  deletions: number;
  emptyRows: number;
  errors: number;
  warnings: number;
}

export interface CatalogAnalysis {
  /** null when no header was found and no mapping was supplied. */
  mapping: ColumnMapping | null;
  positions: CatalogPosition[];
  deletions: CatalogDeletion[];
  problems: Problem[];
  tree: CodeTree;
  counts: CatalogCounts;
}
