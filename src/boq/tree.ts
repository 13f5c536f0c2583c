// The BOQ rows in tree order with their level, from Id and ParentId (docs/interface.md 2.9). Pure.
import type { BoqRow } from "../api/schemas";
import { NIL_GUID } from "../catalog";

export interface LeveledRow {
  row: BoqRow;
  /** 1 for a root, 2 for its children, and so on. */
  level: number;
  /** True when another row names this one as its parent. */
  hasChildren: boolean;
}

function idOf(id: string | null | undefined): string | undefined {
  if (!id || id === NIL_GUID) return undefined;
  return id.toLowerCase();
}

/**
 * Rows in tree order: each parent followed by its subtree, siblings in the order the service sent
 * them. A row whose parent is not among the rows (parents=false, or a parent on a page that never
 * came) is a root. A loop of ParentIds cannot hang: each row is placed once.
 */
export function treeOrder(rows: readonly BoqRow[]): LeveledRow[] {
  const byId = new Map<string, number>();
  rows.forEach((row, i) => {
    const id = idOf(row.Id);
    if (id !== undefined && !byId.has(id)) byId.set(id, i);
  });
  const children = new Map<number, number[]>();
  const roots: number[] = [];
  rows.forEach((row, i) => {
    const parent = idOf(row.ParentId);
    const p = parent === undefined ? undefined : byId.get(parent);
    if (p === undefined || p === i) roots.push(i);
    else {
      const list = children.get(p);
      if (list) list.push(i);
      else children.set(p, [i]);
    }
  });
  const out: LeveledRow[] = [];
  const placed = new Uint8Array(rows.length);
  // Iterative depth-first walk: a 100k-row BOQ may be deep enough to overflow recursion.
  const visit = (start: number): void => {
    const stack: Array<[number, number]> = [[start, 1]];
    while (stack.length > 0) {
      const [i, level] = stack.pop() as [number, number];
      if (placed[i]) continue;
      placed[i] = 1;
      const kids = children.get(i) ?? [];
      out.push({ row: rows[i] as BoqRow, level, hasChildren: kids.length > 0 });
      for (let k = kids.length - 1; k >= 0; k--) stack.push([kids[k] as number, level + 1]);
    }
  };
  for (const r of roots) visit(r);
  // Rows only reachable through a loop of ParentIds: placed as roots, in their order.
  for (let i = 0; i < rows.length; i++) if (!placed[i]) visit(i);
  return out;
}
