// The matrix PLATFORM.BOQDIFF spills: a header row, then one row per compared position in the
// comparison's tree order (./compare: B's tree, removed rows under their A parent). Pure: the
// header words and the words of each row's change come from the caller (src/functions), in the
// workbook's header language.
import type { BoqComparison, ComparedRow } from "./compare";
import { argumentError, BoqError, unavailable } from "./errors";
import { DESKTOP_RESULT_LIMIT, guardResultSize, type Cell, type Matrix, type ResultLimit } from "./matrix";

/** The comparison's columns a `columns` argument can name. */
export const COMPARE_COLUMNS = [
  "Level",
  "Code",
  "Name",
  "Unit",
  "QuantityA",
  "QuantityB",
  "DeltaQuantity",
  "TotalA",
  "TotalB",
  "DeltaTotal",
  "DeltaPercent",
  "Change",
] as const;
export type CompareColumn = (typeof COMPARE_COLUMNS)[number];

/** Every column but Level: the tree is read from the codes, as in the platform's export. */
export const DEFAULT_COMPARE_COLUMNS: readonly CompareColumn[] = COMPARE_COLUMNS.filter((c) => c !== "Level");

export interface CompareWords {
  headers: Readonly<Record<CompareColumn, string>>;
  /** What the Change cell says of a row: its kind, and what moved or changed name, code or unit. */
  change(row: ComparedRow): string;
}

const COLUMN_BY_LOWER = new Map<string, CompareColumn>(COMPARE_COLUMNS.map((c) => [c.toLowerCase(), c]));

/**
 * The columns a `columns` argument names (by column name or header word, any case); the default
 * set when it names none. An unknown column is #VALUE! naming the columns, before anything is asked.
 */
export function compareColumns(
  requested: readonly string[] | undefined,
  aliases?: ReadonlyMap<string, CompareColumn>,
): CompareColumn[] {
  if (!requested) return [...DEFAULT_COMPARE_COLUMNS];
  return requested.map((name) => {
    const key = name.trim().toLowerCase();
    const column = COLUMN_BY_LOWER.get(key) ?? aliases?.get(key);
    if (column === undefined) {
      throw argumentError("boqdiff.columnUnknown", { column: name, columns: COMPARE_COLUMNS.join(", ") });
    }
    return column;
  });
}

function number(value: number | null): Cell {
  return value === null ? "" : value;
}

/**
 * A row's cells. A parent carries its totals and their change, not quantities (a section's
 * quantity is no sum: its rows have different units); a row whose unit changed shows both units
 * and no Δ quantity, since quantities in different units are not subtracted. Δ % is in percent
 * (20 is 20 %), empty where total A is 0.
 */
function cell(row: ComparedRow, column: CompareColumn, words: CompareWords): Cell {
  switch (column) {
    case "Level":
      return row.level;
    case "Code":
      return row.code;
    case "Name":
      return row.name;
    case "Unit":
      return row.unitChanged && row.unitA !== undefined ? `${row.unitA} → ${row.unit}` : row.unit;
    case "QuantityA":
      return row.hasChildren ? "" : number(row.quantityA);
    case "QuantityB":
      return row.hasChildren ? "" : number(row.quantityB);
    case "DeltaQuantity":
      return row.hasChildren || row.unitChanged ? "" : number(row.deltaQuantity);
    case "TotalA":
      return number(row.totalA);
    case "TotalB":
      return number(row.totalB);
    case "DeltaTotal":
      return row.deltaTotal;
    case "DeltaPercent":
      return row.deltaRatio === null ? "" : row.deltaRatio * 100;
    case "Change":
      return words.change(row);
  }
}

/**
 * Header + the comparison's rows in `columns` (compareColumns). A result past the host's limit is
 * #N/A pointing to the comparison sheet, which has no such limit.
 */
export function compareMatrix(
  comparison: BoqComparison,
  cols: readonly CompareColumn[],
  words: CompareWords,
  limit: ResultLimit | number = DESKTOP_RESULT_LIMIT,
): Matrix {
  const matrix: Matrix = [cols.map((c) => words.headers[c])];
  for (const row of comparison.rows) matrix.push(cols.map((c) => cell(row, c, words)));
  try {
    guardResultSize(matrix, limit);
  } catch (error) {
    if (error instanceof BoqError && error.words.key === "boq.tooLarge") {
      // The same counts, host and limit as PLATFORM.BOQ says, pointing to the comparison sheet.
      throw unavailable("boqdiff.tooLarge", error.values);
    }
    throw error;
  }
  return matrix;
}
