// The sheet the rows tests read, one definition: a block at B4 (header in row 4, data from row
// 5) with the fields in B..J and notes nobody maps in K, so every cell named in a message depends
// on both the block's first row and its first column.
import { readRows } from "../../src/catalog";
import { pricesBlock, type WordedProblem } from "./helpers";
import type {
  CatalogField,
  CellBlock,
  CellValue,
  FieldColumns,
  Problem,
  ProblemReason,
  ProblemValues,
  ReadRowsOptions,
} from "../../src/catalog";

/** Sheet columns B..J hold the fields, K holds notes that nobody maps. */
export const ORDER = [
  "Code",
  "Name",
  "Price",
  "Unit",
  "CurrencyCharCode",
  "Guid",
  "Binding",
  "ControlPoints",
  "Delete",
  "Notes",
] as const;
export type Column = (typeof ORDER)[number];
export const COLUMNS: FieldColumns = {
  Code: 1,
  Name: 2,
  Price: 3,
  Unit: 4,
  CurrencyCharCode: 5,
  Guid: 6,
  Binding: 7,
  ControlPoints: 8,
  Delete: 9,
};
const HEADER = [
  "Code",
  "Name",
  "Price",
  "Unit",
  "Currency",
  "Guid",
  "Binding",
  "Control points",
  "Delete",
  "Notes",
];

/** One sheet row, its cells in sheet order. */
export const line = <T>(cells: Partial<Record<Column, T>>, blank: T): T[] =>
  ORDER.map((c) => cells[c] ?? blank);

/** The pane's usual options: data from the row under the header, a decimal point, missing names reported. */
export const READ_OPTIONS: ReadRowsOptions = {
  decimalSeparator: ".",
  firstDataRow: 1,
  reportMissingName: true,
};

/** readRows over the header and the given rows, with the pane's usual options unless given. */
export function read(
  rows: Partial<Record<Column, CellValue>>[],
  extra: Partial<CellBlock> = {},
  options: Partial<ReadRowsOptions> = {},
  columns: FieldColumns = COLUMNS,
) {
  const values = [HEADER, ...rows.map((r) => line<CellValue>(r, ""))];
  return readRows(pricesBlock(values, extra), columns, { ...READ_OPTIONS, ...options });
}

/** The problem as the pane gets it and its English words (see `worded`), for a cell such as "B5". */
export function problem(
  cell: string,
  field: CatalogField | null,
  kind: Problem["kind"],
  severity: Problem["severity"],
  message: string,
  fix: string,
  values: ProblemValues = {},
  reason?: ProblemReason,
): WordedProblem {
  const [, column = "", row = ""] = /^([A-Z]+)(\d+)$/.exec(cell) ?? [];
  const found: WordedProblem = {
    kind,
    severity,
    sheet: "Prices",
    row: Number(row),
    column,
    cell,
    field,
    values,
    message,
    fix,
  };
  if (reason !== undefined) found.reason = reason;
  return found;
}
