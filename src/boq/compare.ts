// Two versions of a bill of quantities compared, row by row and section by section. Pure: two row
// lists in, the difference out; no Office, no network, no words (the change is a kind the edge
// words). What PLATFORM.BOQDIFF spills and what the comparison sheet lays out both come from here.
//
// Matching: two rows are the same position when both carry a real PlatformId and the ids are
// equal. When either row has no real PlatformId (the all-zero UUID, or none), they are matched by
// code: the first unmatched row of A with that code goes with the first unmatched row of B with
// it, so a repeated code pairs in order of appearance. Two rows that both carry real, different
// PlatformIds are never matched by their code: the platform says they are different positions.
//
// The tree is version B's; a row only in A is placed under its A parent (that parent's B row when
// the parent is matched, else the removed parent itself), after the parent's B children. Totals are
// ./totals's rule, each version in its own tree (a parent's is the sum of its version's rows below
// it), so a section's change is what its cost became minus what it was, however rows moved between
// sections.
import type { BoqRow } from "../api/schemas";
import { GUID_PATTERN, NIL_GUID } from "../catalog";
import { subtreeTotals } from "./totals";

export type BoqChange = "added" | "removed" | "changed" | "moved" | "unchanged";

export interface ParentRef {
  readonly code: string;
  readonly name: string;
}

export interface ComparedRow {
  readonly change: BoqChange;
  /** 1 for a top-level section. */
  readonly level: number;
  /** True when rows of the comparison hang under this one: its quantity cells stay empty. */
  readonly hasChildren: boolean;
  /** Version B's code, name and unit (A's for a removed row). */
  readonly code: string;
  readonly name: string;
  readonly unit: string;
  /** A's code, name, unit where they differ from B's (a matched row only). */
  readonly codeA?: string;
  readonly nameA?: string;
  readonly unitA?: string;
  /** The unit differs between the versions: the quantities are not subtracted. */
  readonly unitChanged: boolean;
  readonly quantityA: number | null;
  readonly quantityB: number | null;
  readonly deltaQuantity: number | null;
  readonly totalA: number | null;
  readonly totalB: number | null;
  readonly deltaTotal: number;
  /** deltaTotal ÷ totalA (0.1 is 10 %); null where total A is 0 or absent. */
  readonly deltaRatio: number | null;
  /** For a moved row: its parent in A and in B (undefined: top level). */
  readonly movedFrom?: ParentRef | null;
  readonly movedTo?: ParentRef | null;
}

export interface SectionTotal {
  readonly code: string;
  readonly name: string;
  readonly change: BoqChange;
  readonly totalA: number;
  readonly totalB: number;
  readonly deltaTotal: number;
}

export interface BoqComparison {
  /** In tree order (B's tree, removed rows under their A parent). */
  readonly rows: ComparedRow[];
  /** The top-level rows' totals, in the same order. */
  readonly sections: SectionTotal[];
  readonly totalA: number;
  readonly totalB: number;
  readonly counts: Readonly<Record<BoqChange, number>>;
}

export interface CompareOptions {
  /** Keep unchanged rows (a parent with a kept row below it is always kept). Default false. */
  readonly showUnchanged?: boolean;
}

function realId(id: string | null | undefined): string | undefined {
  if (!id || id === NIL_GUID || !GUID_PATTERN.test(id)) return undefined;
  return id.toLowerCase();
}

function treeId(id: string | null | undefined): string | undefined {
  if (!id || id === NIL_GUID) return undefined;
  return id.toLowerCase();
}

/** The parent index of each row of one version (-1: top level), from Id and ParentId. */
function parentsOf(rows: readonly BoqRow[]): Int32Array {
  const byId = new Map<string, number>();
  for (let i = 0; i < rows.length; i++) {
    const id = treeId((rows[i] as BoqRow).Id);
    if (id !== undefined && !byId.has(id)) byId.set(id, i);
  }
  const parents = new Int32Array(rows.length).fill(-1);
  for (let i = 0; i < rows.length; i++) {
    const parent = treeId((rows[i] as BoqRow).ParentId);
    const p = parent === undefined ? undefined : byId.get(parent);
    if (p !== undefined && p !== i) parents[i] = p;
  }
  // A loop of ParentIds would make every row of it someone's descendant: cut each loop at the row
  // where the walk meets itself, which becomes a top-level row.
  const state = new Uint8Array(rows.length); // 0 unseen, 1 on the current walk, 2 done
  const walk: number[] = [];
  for (let start = 0; start < rows.length; start++) {
    let i = start;
    while (i !== -1 && state[i] === 0) {
      state[i] = 1;
      walk.push(i);
      i = parents[i] as number;
    }
    if (i !== -1 && state[i] === 1) parents[i] = -1;
    for (const w of walk) state[w] = 2;
    walk.length = 0;
  }
  return parents;
}

/** matchA[i]: the B row matched with A row i, or -1; matchB the other way. */
function matchRows(a: readonly BoqRow[], b: readonly BoqRow[]): { matchA: Int32Array; matchB: Int32Array } {
  const matchA = new Int32Array(a.length).fill(-1);
  const matchB = new Int32Array(b.length).fill(-1);
  const aById = new Map<string, number>();
  for (let i = 0; i < a.length; i++) {
    const id = realId((a[i] as BoqRow).PlatformId);
    if (id !== undefined && !aById.has(id)) aById.set(id, i);
  }
  for (let j = 0; j < b.length; j++) {
    const id = realId((b[j] as BoqRow).PlatformId);
    const i = id === undefined ? undefined : aById.get(id);
    if (i !== undefined && matchA[i] === -1) {
      matchA[i] = j;
      matchB[j] = i;
    }
  }
  // By code, in order of appearance. Two queues per code: every unmatched A row (for a B row
  // without a real id) and the unmatched A rows without a real id (for a B row with one, since two
  // real ids that differ are different positions). A row taken from one queue is skipped in the
  // other when its head reaches it, so each row is passed over at most once per queue: linear
  // however often a code repeats.
  interface Queue {
    rows: number[];
    head: number;
  }
  const push = (queues: Map<string, Queue>, code: string, i: number): void => {
    const queue = queues.get(code);
    if (queue) queue.rows.push(i);
    else queues.set(code, { rows: [i], head: 0 });
  };
  const anyByCode = new Map<string, Queue>();
  const noIdByCode = new Map<string, Queue>();
  for (let i = 0; i < a.length; i++) {
    if (matchA[i] !== -1) continue;
    const rowA = a[i] as BoqRow;
    push(anyByCode, rowA.Code, i);
    if (realId(rowA.PlatformId) === undefined) push(noIdByCode, rowA.Code, i);
  }
  for (let j = 0; j < b.length; j++) {
    if (matchB[j] !== -1) continue;
    const rowB = b[j] as BoqRow;
    const queue = (realId(rowB.PlatformId) === undefined ? anyByCode : noIdByCode).get(rowB.Code);
    if (!queue) continue;
    while (queue.head < queue.rows.length && matchA[queue.rows[queue.head] as number] !== -1) queue.head++;
    if (queue.head === queue.rows.length) continue;
    const i = queue.rows[queue.head] as number;
    queue.head++;
    matchA[i] = j;
    matchB[j] = i;
  }
  return { matchA, matchB };
}

function ref(row: BoqRow | undefined): ParentRef | null {
  return row === undefined ? null : { code: row.Code, name: row.Name };
}

const same = (x: number, y: number): boolean =>
  Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y));

export function compareBoqs(
  a: readonly BoqRow[],
  b: readonly BoqRow[],
  options: CompareOptions = {},
): BoqComparison {
  const parentsA = parentsOf(a);
  const parentsB = parentsOf(b);
  const totalsA = subtreeTotals(a, parentsA);
  const totalsB = subtreeTotals(b, parentsB);
  const { matchA, matchB } = matchRows(a, b);

  // The merged tree: nodes 0..b.length-1 are B's rows, b.length + i is A's removed row i.
  const n = b.length + a.length;
  const mergedParent = new Int32Array(n).fill(-1);
  for (let j = 0; j < b.length; j++) mergedParent[j] = parentsB[j] as number;
  for (let i = 0; i < a.length; i++) {
    if (matchA[i] !== -1) continue;
    const pa = parentsA[i] as number;
    mergedParent[b.length + i] = pa === -1 ? -1 : matchA[pa] !== -1 ? (matchA[pa] as number) : b.length + pa;
  }
  const present = (node: number): boolean => node < b.length || matchA[node - b.length] === -1;
  // Children lists in order: B's rows in B's order, then removed rows in A's order.
  const childStart = new Int32Array(n + 2);
  for (let node = 0; node < n; node++) {
    if (!present(node)) continue;
    childStart[(mergedParent[node] as number) + 2] =
      (childStart[(mergedParent[node] as number) + 2] as number) + 1;
  }
  for (let k = 1; k < n + 2; k++) childStart[k] = (childStart[k] as number) + (childStart[k - 1] as number);
  const childList = new Int32Array(childStart[n + 1] as number);
  const fill = childStart.slice();
  for (let node = 0; node < n; node++) {
    if (!present(node)) continue;
    const slot = (mergedParent[node] as number) + 1;
    childList[fill[slot] as number] = node;
    fill[slot] = (fill[slot] as number) + 1;
  }
  /** What became of a node: removed (A only), added (B only), or for a matched pair, moved,
   * changed or unchanged. */
  const changeOf = (node: number, hasChildren: boolean): BoqChange => {
    if (node >= b.length) return "removed";
    const i = matchB[node] as number;
    if (i === -1) return "added";
    const rowA = a[i] as BoqRow;
    const rowB = b[node] as BoqRow;
    const pa = parentsA[i] as number;
    const pb = parentsB[node] as number;
    if (pa === -1 ? pb !== -1 : pb === -1 || matchA[pa] !== pb) return "moved";
    const valuesDiffer =
      !same(totalsA[i] as number, totalsB[node] as number) ||
      rowA.Unit !== rowB.Unit ||
      rowA.Code !== rowB.Code ||
      rowA.Name !== rowB.Name ||
      (!hasChildren && !same(rowA.Value, rowB.Value));
    return valuesDiffer ? "changed" : "unchanged";
  };

  const describe = (node: number, level: number, hasChildren: boolean, change: BoqChange): ComparedRow => {
    if (node >= b.length) {
      const i = node - b.length;
      const rowA = a[i] as BoqRow;
      const totalA = totalsA[i] as number;
      return {
        change,
        level,
        hasChildren,
        code: rowA.Code,
        name: rowA.Name,
        unit: rowA.Unit,
        unitChanged: false,
        quantityA: hasChildren ? null : rowA.Value,
        quantityB: null,
        deltaQuantity: hasChildren ? null : -rowA.Value,
        totalA,
        totalB: null,
        deltaTotal: -totalA,
        deltaRatio: totalA === 0 ? null : -1,
      };
    }
    const rowB = b[node] as BoqRow;
    const totalB = totalsB[node] as number;
    const i = matchB[node] as number;
    if (i === -1) {
      return {
        change,
        level,
        hasChildren,
        code: rowB.Code,
        name: rowB.Name,
        unit: rowB.Unit,
        unitChanged: false,
        quantityA: null,
        quantityB: hasChildren ? null : rowB.Value,
        deltaQuantity: hasChildren ? null : rowB.Value,
        totalA: null,
        totalB,
        deltaTotal: totalB,
        deltaRatio: null,
      };
    }
    const rowA = a[i] as BoqRow;
    const totalA = totalsA[i] as number;
    const unitChanged = rowA.Unit !== rowB.Unit;
    const pa = parentsA[i] as number;
    const pb = parentsB[node] as number;
    const deltaTotal = totalB - totalA;
    return {
      change,
      level,
      hasChildren,
      code: rowB.Code,
      name: rowB.Name,
      unit: rowB.Unit,
      ...(rowA.Code !== rowB.Code ? { codeA: rowA.Code } : {}),
      ...(rowA.Name !== rowB.Name ? { nameA: rowA.Name } : {}),
      ...(unitChanged ? { unitA: rowA.Unit } : {}),
      unitChanged,
      quantityA: hasChildren ? null : rowA.Value,
      quantityB: hasChildren ? null : rowB.Value,
      deltaQuantity: hasChildren || unitChanged ? null : rowB.Value - rowA.Value,
      totalA,
      totalB,
      deltaTotal,
      deltaRatio: totalA === 0 ? null : deltaTotal / totalA,
      ...(change === "moved"
        ? { movedFrom: ref(pa === -1 ? undefined : a[pa]), movedTo: ref(pb === -1 ? undefined : b[pb]) }
        : {}),
    };
  };

  // Depth-first, iteratively (a deep tree must not overflow the stack), in children order. Each
  // visited node's level, whether it has children, its change and its parent's position in the
  // visit go into typed arrays: the rows themselves are built afterwards, only for the rows kept
  // (most rows of two versions are unchanged, and left out by default).
  const visited = childList.length;
  const visitNode = new Int32Array(visited);
  const visitLevel = new Int32Array(visited);
  const visitParent = new Int32Array(visited);
  const visitKids = new Uint8Array(visited);
  const visitChange: BoqChange[] = new Array<BoqChange>(visited);
  const stackNode = new Int32Array(visited);
  const stackLevel = new Int32Array(visited);
  const stackParent = new Int32Array(visited);
  let top = 0;
  for (let k = (childStart[1] as number) - 1; k >= (childStart[0] as number); k--) {
    stackNode[top] = childList[k] as number;
    stackLevel[top] = 1;
    stackParent[top] = -1;
    top++;
  }
  const counts: Record<BoqChange, number> = { added: 0, removed: 0, changed: 0, moved: 0, unchanged: 0 };
  let at = 0;
  while (top > 0) {
    top--;
    const node = stackNode[top] as number;
    const level = stackLevel[top] as number;
    // The node's children are childList[from..to).
    const from = childStart[node + 1] as number;
    const to = childStart[node + 2] as number;
    const hasChildren = to > from;
    const change = changeOf(node, hasChildren);
    counts[change] += 1;
    visitNode[at] = node;
    visitLevel[at] = level;
    visitParent[at] = stackParent[top] as number;
    visitKids[at] = hasChildren ? 1 : 0;
    visitChange[at] = change;
    for (let k = to - 1; k >= from; k--) {
      stackNode[top] = childList[k] as number;
      stackLevel[top] = level + 1;
      stackParent[top] = at;
      top++;
    }
    at++;
  }

  // Unchanged rows are left out unless asked for; a row is kept when it or a row below it is: each
  // changed row marks its ancestors up to the first one already marked (linear in all).
  const keepAll = options.showUnchanged === true;
  const keep = new Uint8Array(at);
  if (!keepAll) {
    for (let k = 0; k < at; k++) {
      if (visitChange[k] === "unchanged") continue;
      for (let j = k; j !== -1 && keep[j] === 0; j = visitParent[j] as number) keep[j] = 1;
    }
  }
  const rows: ComparedRow[] = [];
  const sections: SectionTotal[] = [];
  let totalA = 0;
  let totalB = 0;
  for (let k = 0; k < at; k++) {
    const level = visitLevel[k] as number;
    if (!keepAll && keep[k] === 0 && level !== 1) continue;
    const row = describe(visitNode[k] as number, level, visitKids[k] === 1, visitChange[k] as BoqChange);
    if (keepAll || keep[k] === 1) rows.push(row);
    if (level !== 1) continue;
    const tA = row.totalA ?? 0;
    const tB = row.totalB ?? 0;
    totalA += tA;
    totalB += tB;
    sections.push({
      code: row.code,
      name: row.name,
      change: row.change,
      totalA: tA,
      totalB: tB,
      deltaTotal: tB - tA,
    });
  }
  return { rows, sections, totalA, totalB, counts };
}
