// The matrix a PLATFORM.BOQ formula spills: a header row, then one row per BOQ row in tree order,
// with the columns the user asked for (row fields, Level, or LocalVars variables by name). Pure.
import type { BoqRow } from "../api/schemas";
import { argumentError, unavailable } from "./errors";
import { treeOrder, type LeveledRow } from "./tree";

export type Cell = string | number | boolean;
export type Matrix = Cell[][];

/** Fields of a BOQ row a column can name (docs/interface.md 2.9), plus Level from ParentId. */
export const BOQ_FIELDS = [
  "Level",
  "CatalogName",
  "Code",
  "Name",
  "Unit",
  "Value",
  "ValueCost",
  "TotalCost",
  "FullTotalCost",
  "Id",
  "ExternalId",
  "PlatformId",
  "ParentId",
  "ParentExternalId",
  "ParentPlatformId",
  "Company",
  "Project",
  "Model",
  "Tree",
  "Version",
] as const;
export type BoqField = (typeof BOQ_FIELDS)[number];

export const DEFAULT_COLUMNS: readonly BoqField[] = [
  "Level",
  "CatalogName",
  "Code",
  "Name",
  "Unit",
  "Value",
  "ValueCost",
  "TotalCost",
];

/** Excel refuses a custom function result larger than this (serialized). */
export const MAX_RESULT_BYTES = 5 * 1024 * 1024;

type Column =
  { kind: "field"; field: BoqField; header: string } | { kind: "var"; name: string; header: string };

const FIELD_BY_LOWER = new Map<string, BoqField>(BOQ_FIELDS.map((f) => [f.toLowerCase(), f]));

function resolveColumns(requested: readonly string[] | undefined, rows: readonly BoqRow[]): Column[] {
  if (!requested) return DEFAULT_COLUMNS.map((field) => ({ kind: "field", field, header: field }));
  let variables: Map<string, string> | undefined;
  return requested.map((name): Column => {
    const field = FIELD_BY_LOWER.get(name.toLowerCase());
    if (field) return { kind: "field", field, header: field };
    if (!variables) {
      variables = new Map();
      for (const row of rows) {
        for (const v of row.LocalVars)
          if (!variables.has(v.Name.toLowerCase())) variables.set(v.Name.toLowerCase(), v.Name);
      }
    }
    const variable = variables.get(name.toLowerCase());
    if (variable !== undefined) return { kind: "var", name: variable, header: variable };
    throw argumentError("boq.columnUnknown", { column: name, fields: BOQ_FIELDS.join(", ") });
  });
}

function fieldValue(item: LeveledRow, field: BoqField): Cell {
  if (field === "Level") return item.level;
  const value = item.row[field];
  return value ?? "";
}

function varValue(row: BoqRow, name: string): Cell {
  const found =
    row.LocalVars.find((v) => v.Name === name) ??
    row.LocalVars.find((v) => v.Name.toLowerCase() === name.toLowerCase());
  return found?.Value ?? "";
}

/** Bytes of a cell in the JSON Excel receives (UTF-8), plus its separator. */
function cellBytes(cell: Cell): number {
  if (typeof cell !== "string") return String(cell).length + 1;
  let bytes = 3; // quotes and comma
  for (let i = 0; i < cell.length; i++) {
    const c = cell.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c) bytes += 2;
    else if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Throws the "too large" error when the matrix would pass Excel's 5 MB limit for one result. */
export function guardResultSize(matrix: Matrix, limit = MAX_RESULT_BYTES): void {
  let bytes = 2;
  for (const row of matrix) {
    bytes += 3;
    for (const cell of row) bytes += cellBytes(cell);
    if (bytes > limit) {
      throw unavailable("boq.tooLarge", { rows: matrix.length - 1, columns: matrix[0]?.length ?? 0 });
    }
  }
}

/** Header + rows in tree order; throws a BoqError for an unknown column or a too-large result. */
export function boqMatrix(
  rows: readonly BoqRow[],
  columns?: readonly string[],
  limit = MAX_RESULT_BYTES,
): Matrix {
  const cols = resolveColumns(columns, rows);
  const matrix: Matrix = [cols.map((c) => c.header)];
  for (const item of treeOrder(rows)) {
    matrix.push(
      cols.map((c) => (c.kind === "field" ? fieldValue(item, c.field) : varValue(item.row, c.name))),
    );
  }
  guardResultSize(matrix, limit);
  return matrix;
}
