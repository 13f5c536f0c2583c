// One rule for a row's total (docs/interface.md 2.9, "A section's total"), used by PLATFORM.BOQ's
// spill, the navigator's preview, the BOQ sheet, the comparison and the entity card alike:
//
// - a position (a row with no children) totals its TotalCost (its FullTotalCost where the platform
//   sent no TotalCost, else 0);
// - a section (a row other rows name as their parent) totals the sum of its children's totals, so
//   down to its positions. The platform's own figures on a section are not used for it: a section
//   can come with TotalCost 0 and FullTotalCost 0, and FullTotalCost can differ from its rows;
// - the section's FullTotalCost is shown beside that sum, labelled, only where it is not 0 and
//   differs from the sum by a cent or more (platformFullTotal).
//
// Pure: rows in, numbers out, linear however deep the tree.
import type { BoqRow } from "../api/schemas";
import type { LeveledRow } from "./tree";

/** Two totals closer than half a cent are the same amount. */
const HALF_CENT = 0.005;

/** A position's total: its TotalCost, else its FullTotalCost, else 0. */
export function positionTotal(row: BoqRow): number {
  return row.TotalCost ?? row.FullTotalCost ?? 0;
}

/**
 * Each row's total by the rule, for rows in any order with the index of each one's parent (-1: a
 * top-level row; no loops, as src/boq/compare's parentsOf and tree order give them).
 */
export function subtreeTotals(rows: readonly BoqRow[], parents: Int32Array): Float64Array {
  const n = rows.length;
  const hasChildren = new Uint8Array(n);
  for (let i = 0; i < n; i++) if ((parents[i] as number) >= 0) hasChildren[parents[i] as number] = 1;
  const totals = new Float64Array(n);
  for (let i = 0; i < n; i++) if (!hasChildren[i]) totals[i] = positionTotal(rows[i] as BoqRow);
  // Each row's depth, then rows from the deepest up, each adding its total to its parent's: linear
  // however deep the tree (every walk ends at a top-level row).
  const depth = new Int32Array(n).fill(-1);
  const walk: number[] = [];
  for (let i = 0; i < n; i++) {
    let j = i;
    while (j !== -1 && depth[j] === -1) {
      walk.push(j);
      j = parents[j] as number;
    }
    let d = j === -1 ? -1 : (depth[j] as number);
    for (let k = walk.length - 1; k >= 0; k--) depth[walk[k] as number] = ++d;
    walk.length = 0;
  }
  // Rows bucketed by depth (a counting sort), then walked from the deepest bucket up.
  let maxDepth = 0;
  for (let i = 0; i < n; i++) if ((depth[i] as number) > maxDepth) maxDepth = depth[i] as number;
  const start = new Int32Array(maxDepth + 2);
  for (let i = 0; i < n; i++)
    start[(depth[i] as number) + 1] = (start[(depth[i] as number) + 1] as number) + 1;
  for (let d = 1; d <= maxDepth + 1; d++) start[d] = (start[d] as number) + (start[d - 1] as number);
  const order = new Int32Array(n);
  const next = start.slice();
  for (let i = 0; i < n; i++) {
    const d = depth[i] as number;
    order[next[d] as number] = i;
    next[d] = (next[d] as number) + 1;
  }
  for (let k = n - 1; k >= 0; k--) {
    const i = order[k] as number;
    const p = parents[i] as number;
    if (p >= 0) totals[p] = (totals[p] as number) + (totals[i] as number);
  }
  return totals;
}

/** The parent of each row in tree order (src/boq/tree): the last open row of a lower level. */
function treeParents(ordered: readonly LeveledRow[]): Int32Array {
  const parents = new Int32Array(ordered.length).fill(-1);
  const open: number[] = [];
  ordered.forEach((item, i) => {
    while (open.length > 0 && (ordered[open[open.length - 1] as number] as LeveledRow).level >= item.level)
      open.pop();
    if (open.length > 0) parents[i] = open[open.length - 1] as number;
    open.push(i);
  });
  return parents;
}

/**
 * The platform's FullTotalCost of a section, where it is shown beside the rule's total: not 0 (or
 * missing) and a cent or more away from it. Undefined everywhere else, positions included.
 */
export function platformFullTotal(row: BoqRow, isSection: boolean, total: number): number | undefined {
  const full = row.FullTotalCost;
  if (!isSection || full === null || full === undefined || full === 0) return undefined;
  return Math.abs(full - total) >= HALF_CENT ? full : undefined;
}

/** What a row's total cell and the figure beside it say: the rule's total, the platform's where it differs. */
export interface RowTotal {
  total: number;
  /** The section's FullTotalCost where it is not 0 and differs (labelled beside the total). */
  platformFull?: number;
}

/** Each tree-ordered row's total and, for a section, the platform's full total where it differs. */
export function rowTotals(ordered: readonly LeveledRow[]): RowTotal[] {
  const parents = treeParents(ordered);
  const totals = subtreeTotals(
    ordered.map((item) => item.row),
    parents,
  );
  const isSection = new Uint8Array(ordered.length);
  for (const p of parents) if (p >= 0) isSection[p] = 1;
  return ordered.map((item, i) => {
    const total = totals[i] as number;
    const platformFull = platformFullTotal(item.row, isSection[i] === 1, total);
    return platformFull === undefined ? { total } : { total, platformFull };
  });
}
