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
  /**
   * `Range.text`: what each cell shows. Used for numbers in the Code column, where the shown
   * text ("033000", "1.10") is the code the user meant and the value (33000, 1.1) is not.
   */
  text?: string[][];
  /** `Range.numberFormat`: tells a date serial or a zero-padded number in the Code column. */
  numberFormats?: string[][];
  /**
   * The separators `text` shows numbers with (the display locale's, or Excel's own when it does
   * not use the system's). The Code column reads shown numbers back in en-US form, so the check
   * does not depend on the locale Excel displays in (shownNumber.ts). Absent: en-US or unknown.
   */
  textSeparators?: TextSeparators;
}

/** A decimal and a group (thousands) separator, as Excel shows numbers with them. */
export interface TextSeparators {
  decimal: string;
  group: string;
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

/** Sheet column index (0-based, A = 0) of each mapped field: the one type for "where is field X". */
export type FieldColumns = Partial<Record<CatalogField, number>>;

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

/** The problem kinds about the block and the mapping, not about one row's data. */
export const BLOCK_AND_MAPPING_KINDS = [
  "empty-selection",
  "no-data-rows",
  "block-outside-sheet",
  "no-header",
  "missing-column",
  "duplicate-column",
  "ambiguous-column",
  "unmapped-column",
  "invalid-mapping",
  "mapping-header-mismatch",
  "header-two-rows",
  "title-above-header",
  "row-number-column",
] as const;

/** Stable identifiers of the problem kinds, for tests and for grouping in the task pane. */
export const PROBLEM_KINDS = [
  // The block and the mapping
  ...BLOCK_AND_MAPPING_KINDS,
  // One row
  "header-row-in-data",
  "not-a-position",
  "unmapped-data",
  "excel-error",
  "missing-code",
  "missing-name",
  "invalid-code",
  "code-cleaned",
  "code-mixed-script",
  "malformed-guid",
  "nil-guid",
  "price-not-number",
  "price-text",
  "price-ambiguous",
  "price-negative",
  "price-too-large",
  "malformed-currency",
  "unknown-currency",
  "malformed-control-points",
  "deletion-without-key",
  "unrecognised-deletion-mark",
  "long-text",
  "formula-code",
  "formula-guid",
  "numeric-code",
  "name-not-text",
  // Across rows
  "duplicate-code",
  "duplicate-guid",
  "lookalike-codes",
  "case-twin-codes",
  "near-duplicate-codes",
  "orphan-code",
  "deleted-and-imported",
  "deleted-parent",
] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

/**
 * Why the control points of a cell cannot be read (src/catalog/controlPoints.ts). Items of the
 * text form and elements of the JSON array are counted from 1.
 */
export const CONTROL_POINTS_REASONS = [
  "json-object", // a single JSON object where the JSON form is an array
  "lone-escape", // the text ends with a lone backslash
  "not-json", // starts with "[" but is not valid JSON
  "not-array", // valid JSON, but not an array
  "element-not-object", // values: item
  "element-no-binding", // values: item
  "element-no-variable", // values: item
  "item-no-equals", // values: item, binding
  "item-no-binding", // values: item
  "item-no-variable", // values: item, binding
  "item-two-equals", // values: item, binding (a second "=" where a ";" was meant: "A=1, B=2")
  "no-items", // separators only (";"), no control point
  "element-unknown-key", // values: item (a key other than Binding and VariableName)
  "element-repeated-key", // values: item (one field twice: "Binding" and "binding", or "Binding" written twice)
  "repeated-binding", // values: item, binding (a binding an earlier item has)
] as const;
export type ControlPointsReason = (typeof CONTROL_POINTS_REASONS)[number];

/**
 * The variants of the kinds that have them: which one a problem is, as a code. The words for
 * each are in src/i18n (the message area "problems").
 */
export const PROBLEM_REASONS = {
  "duplicate-column": ["content", "header"],
  "invalid-mapping": ["not-a-column", "outside-range", "same-column", "header-outside-range"],
  "header-two-rows": ["below", "above"],
  "row-number-column": ["id", "numbering"],
  "not-a-position": ["placeholder", "section"],
  "invalid-code": ["boolean", "date", "negative", "too-many-digits", "line-break", "placeholder", "section"],
  "numeric-code": ["shown", "leading-zeros", "trailing-zeros"],
  "name-not-text": ["boolean", "number"],
  "near-duplicate-codes": ["leading-zeros", "trailing-mark", "zeros-and-mark", "dashes", "doubled-mark"],
  "price-not-number": ["boolean", "blank", "wrong-separator", "not-a-number", "not-finite", "too-small"],
  "malformed-control-points": CONTROL_POINTS_REASONS,
} as const satisfies Partial<Record<ProblemKind, readonly string[]>>;

/** The reason codes of one kind; never for a kind without variants. */
export type ProblemReasonOf<K extends ProblemKind> = K extends keyof typeof PROBLEM_REASONS
  ? (typeof PROBLEM_REASONS)[K][number]
  : never;
export type ProblemReason = ProblemReasonOf<ProblemKind>;

/**
 * One finding, naming the cell so the task pane can select it. Error blocks the import. It holds
 * no words: a screen, a log or a test words it from the kind, the reason, the place and the
 * values (src/import words it in the user's language).
 */
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
  /** Which variant of its kind, for the kinds listed in PROBLEM_REASONS; absent otherwise. */
  reason?: ProblemReason;
  /**
   * What the problem is about, for a screen to word it in any language: the cell's text as
   * shown (`text`), the value read, other cells and rows involved, counts. Keys per kind are
   * listed in src/catalog/README.md.
   */
  values: ProblemValues;
}

/** Values of a problem: plain strings and numbers, and lists of strings (codes, column letters). */
export type ProblemValues = Readonly<Record<string, string | number | readonly string[]>>;

export type { ControlPoint } from "./wire";
import type { ControlPoint } from "./wire";

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
  /** Rows with content that are neither a position nor a deletion in the body (each reported). */
  skippedRows: number;
  errors: number;
  warnings: number;
}

/** A parent code the sheet does not list, with what hangs under it. */
export interface MissingParent {
  code: string;
  /** Sheet rows of the orphans directly below it (the top of each hanging subtree). */
  rows: number[];
  /** Positions hanging under it, the orphans and all their descendants. */
  positions: number;
}

/** A column of the block that holds data but no field is read from. */
export interface UnmappedColumn {
  column: string;
  /** The header text, "" when the column has none or the mapping has no header row. */
  header: string;
  /** Rows below the header with something in this column. */
  filledRows: number;
  /** A field the header or the content suggests, not used until the user maps it. */
  suggestion: CatalogField | null;
}

export interface CatalogAnalysis {
  /** null when no header was found and no mapping was supplied. */
  mapping: ColumnMapping | null;
  positions: CatalogPosition[];
  deletions: CatalogDeletion[];
  problems: Problem[];
  tree: CodeTree;
  counts: CatalogCounts;
  /** Parent codes missing from the sheet, in natural order. */
  missingParents: MissingParent[];
  /** Columns with data that no field reads, to offer in the mapping. */
  unmappedColumns: UnmappedColumn[];
}
