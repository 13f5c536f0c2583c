// What the navigator's preview says of a BOQ before anything is inserted: how many rows, how deep,
// its total and its first rows in tree order. Pure.
import type { BoqRow } from "../api/schemas";
import { treeOrder } from "./tree";

export interface SummaryRow {
  level: number;
  code: string;
  name: string;
  unit: string;
  /** Empty on a parent row, as the spill shows it. */
  quantity: number | undefined;
  total: number | undefined;
}

export interface BoqSummary {
  rowCount: number;
  /** The deepest level (1 for a flat list). */
  levels: number;
  /** The sum of the top-level rows' totals; undefined when the platform gave none. */
  totalCost: number | undefined;
  firstRows: SummaryRow[];
}

/** A row's total as the platform states it: a parent's includes its children (FullTotalCost). */
function rowTotal(row: BoqRow, isParent: boolean): number | undefined {
  return (
    (isParent ? (row.FullTotalCost ?? row.TotalCost) : (row.TotalCost ?? row.FullTotalCost)) ?? undefined
  );
}

export function summarizeBoq(rows: readonly BoqRow[], firstCount = 5): BoqSummary {
  const ordered = treeOrder(rows);
  let levels = 0;
  let total: number | undefined;
  for (const item of ordered) {
    if (item.level > levels) levels = item.level;
    if (item.level === 1) {
      const t = rowTotal(item.row, item.hasChildren);
      if (t !== undefined) total = (total ?? 0) + t;
    }
  }
  return {
    rowCount: ordered.length,
    levels,
    totalCost: total,
    firstRows: ordered.slice(0, firstCount).map((item) => ({
      level: item.level,
      code: item.row.Code,
      name: item.row.Name,
      unit: item.row.Unit,
      quantity: item.hasChildren ? undefined : item.row.Value,
      total: rowTotal(item.row, item.hasChildren),
    })),
  };
}
