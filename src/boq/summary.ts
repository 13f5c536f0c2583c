// What the navigator's preview says of a BOQ before anything is inserted: how many rows, how deep,
// its total and its first rows in tree order. Totals are ./totals's rule, as the spill, the BOQ sheet
// and the comparison give them; the platform's full total stands beside a total only where it
// differs (then the preview labels both). A row's fields are ./cellValues's, as every cell's. Pure.
import type { BoqRow } from "../api/schemas";
import { fieldValue } from "./cellValues";
import { rowTotals, type RowTotal } from "./totals";
import { treeOrder } from "./tree";

export interface SummaryRow {
  level: number;
  code: string;
  name: string;
  unit: string;
  /** Empty on a parent row, as the spill shows it. */
  quantity: number | undefined;
  /** The row's total by the rule (a section's: the sum of its children's). */
  total: number;
  /** A section's FullTotalCost where it is not 0 and differs from `total`. */
  platformTotal?: number;
}

export interface BoqSummary {
  rowCount: number;
  /** The deepest level (1 for a flat list). */
  levels: number;
  /** The sum of the top-level rows' totals; undefined when no row carries a cost (or there are none). */
  totalCost: number | undefined;
  /**
   * The same sum with each top-level section's FullTotalCost where it differs from its total:
   * present only where it differs from `totalCost`.
   */
  platformTotalCost?: number;
  firstRows: SummaryRow[];
}

const HALF_CENT = 0.005;

export function summarizeBoq(rows: readonly BoqRow[], firstCount = 5): BoqSummary {
  const ordered = treeOrder(rows);
  const totals = rowTotals(ordered);
  let levels = 0;
  let total: number | undefined;
  let platform = 0;
  let priced = false;
  ordered.forEach((item, i) => {
    if (item.level > levels) levels = item.level;
    priced ||= typeof (item.row.TotalCost ?? item.row.FullTotalCost) === "number";
    if (item.level !== 1) return;
    const t = totals[i] as RowTotal;
    total = (total ?? 0) + t.total;
    platform += t.platformFull ?? t.total;
  });
  if (!priced) total = undefined;
  const differs = total !== undefined && Math.abs(platform - total) >= HALF_CENT;
  return {
    rowCount: ordered.length,
    levels,
    totalCost: total,
    ...(differs ? { platformTotalCost: platform } : {}),
    firstRows: ordered.slice(0, firstCount).map((item, i) => {
      const t = totals[i] as RowTotal;
      const text = (field: "Code" | "Name" | "Unit") => String(fieldValue(item, field, t) ?? "");
      const quantity = fieldValue(item, "Value", t);
      return {
        level: item.level,
        code: text("Code"),
        name: text("Name"),
        unit: text("Unit"),
        quantity: typeof quantity === "number" ? quantity : undefined,
        total: t.total,
        ...(t.platformFull === undefined ? {} : { platformTotal: t.platformFull }),
      };
    }),
  };
}
