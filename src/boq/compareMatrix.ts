// The matrix PLATFORM.BOQDIFF spills: a header row, then one row per compared position in the
// comparison's tree order (./compare: B's tree, removed rows under their A parent). Pure: the
// header words and the words of each row's change come from the caller (src/functions), in the
// workbook's header language. Change and Details are the comparison sheet's two columns
// (./compareSheetPlan): the kind alone, so a filter on it works, and what moved or changed. Each
// cell goes through the one seam from a value to a cell (./cellValues), as the sheet's do.
import {
  COMPARED_FIELDS,
  comparedKind,
  comparedValue,
  PLAIN_VALUES,
  spillValue,
  type ComparedField,
  type ComparedWords,
  type ValueSupport,
} from "./cellValues";
import type { BoqComparison, ComparedRow } from "./compare";
import { classes as changeClasses, type ChangeClass } from "./compareSheetPlan";
import { argumentError, BoqError, unavailable } from "./errors";
import { DESKTOP_RESULT_LIMIT, guardResultSize, type Cell, type Matrix, type ResultLimit } from "./matrix";

/** The columns a `columns` argument of PLATFORM.BOQDIFF can name: a compared row's fields. */
export const DIFF_COLUMNS = COMPARED_FIELDS;
export type DiffColumn = ComparedField;

/** Every column but Level: the tree reads from the codes, as in the platform's export. */
export const DEFAULT_DIFF_COLUMNS: readonly DiffColumn[] = DIFF_COLUMNS.filter((c) => c !== "Level");

export interface DiffWords {
  headers: Readonly<Record<DiffColumn, string>>;
  /** A change as the Change cell says it ("unchangedWithin": an unchanged parent with a change below). */
  change: (kind: ChangeClass) => string;
  /** What moved or changed besides the kind (parents, unit, code, name); "" for nothing. */
  details: (row: ComparedRow) => string;
  /** Two values of the two sides, A then B (a unit that changed). */
  pair: (a: string, b: string) => string;
}

const COLUMN_BY_LOWER = new Map<string, DiffColumn>(DIFF_COLUMNS.map((c) => [c.toLowerCase(), c]));

/**
 * The columns a `columns` argument names (by column name or a header word, any case); the default
 * set when it names none. An unknown column is #VALUE! naming the columns, before anything is asked.
 */
export function diffColumns(
  requested: readonly string[] | undefined,
  aliases?: ReadonlyMap<string, DiffColumn>,
): DiffColumn[] {
  if (!requested) return [...DEFAULT_DIFF_COLUMNS];
  return requested.map((name) => {
    const key = name.trim().toLowerCase();
    const column = COLUMN_BY_LOWER.get(key) ?? aliases?.get(key);
    if (column === undefined) {
      throw argumentError("boqdiff.columnUnknown", { column: name, columns: DIFF_COLUMNS.join(", ") });
    }
    return column;
  });
}

/** What a parent row leaves empty: its quantities, its totals and Δ % (its rows show them). */
const PARENT_EMPTY: ReadonlySet<DiffColumn> = new Set([
  "QuantityA",
  "QuantityB",
  "DeltaQuantity",
  "TotalA",
  "TotalB",
  "DeltaPercent",
]);

/**
 * A row's cell. A parent carries Δ total only, what its section's cost became minus what it was
 * (each version's own rows below it summed): its quantity cells stay empty (a section's quantity
 * is no sum, its rows have different units), and so do its totals and Δ %, which the rows below
 * it already show. A row whose unit changed shows both units and no Δ quantity, since quantities
 * in different units are not subtracted. Δ % is a ratio shown as a percentage (0.2 is 20 %), empty
 * where total A is 0.
 */
function cell(row: ComparedRow, column: DiffColumn, words: ComparedWords, support: ValueSupport): Cell {
  if (row.hasChildren && PARENT_EMPTY.has(column)) return "";
  return spillValue(comparedKind(column), comparedValue(row, column, words), support);
}

/**
 * Header + the comparison's rows in `columns` (diffColumns). A result past the host's limit is
 * #N/A with its counts, pointing to the comparison sheet, which has no such limit.
 */
export function compareMatrix(
  comparison: BoqComparison,
  columns: readonly DiffColumn[],
  words: DiffWords,
  limit: ResultLimit | number = DESKTOP_RESULT_LIMIT,
  support: ValueSupport = PLAIN_VALUES,
): Matrix {
  const changes = changeClasses(comparison.rows);
  const matrix: Matrix = [columns.map((c) => words.headers[c])];
  comparison.rows.forEach((row, i) => {
    const rowWords: ComparedWords = {
      change: words.change(changes[i] ?? row.change),
      details: words.details,
      pair: words.pair,
    };
    matrix.push(columns.map((c) => cell(row, c, rowWords, support)));
  });
  try {
    guardResultSize(matrix, limit);
  } catch (error) {
    if (error instanceof BoqError && error.key === "boq.tooLarge") {
      // The same counts, host and limit as PLATFORM.BOQ says, pointing to the comparison sheet.
      throw unavailable("boqdiff.tooLarge", error.values);
    }
    throw error;
  }
  return matrix;
}
