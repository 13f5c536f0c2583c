// Checks across rows: a repeated Code or Guid, codes that only look alike, a position that the
// same sheet also deletes or deletes above it, and parents the sheet does not list. Every check
// is one pass with Maps, linear in the number of rows, pausing every STEP_ITEMS items (steps.ts).
//
// The tree's index gives each position its node and its parent's node (buildIndexedTreeInSteps):
// a position's code is looked up once, by the tree, not again by every check. Loops over rows are
// indexed, not for...of, which allocates an iterator result per item in a paused generator.

import { cellAddress } from "./cells";
import { problemAt, visible } from "./problems";
import { NearTable, hashText, mayFold, nearHash, nearKey, nearness } from "./nearCodes";
import { compareNatural, parentCode, type IndexedTree } from "./tree";
import type {
  CatalogDeletion,
  CatalogPosition,
  CodeTree,
  FieldColumns,
  MissingParent,
  Problem,
  TreeNode,
} from "./types";
import { appendAll, runSteps, sortInSteps, stepCounter, type Steps } from "./steps";

/** Missing parents named in the one orphan message; the rest are counted. */
const MAX_PARENTS_NAMED = 8;

/**
 * Checks across rows: a repeated Code or Guid among positions (the platform keeps the first and
 * ignores the rest), codes that differ only in case or in look-alike letters, and a position
 * that the same sheet also deletes (by Guid or by Code), and positions below a code the sheet
 * deletes. Pauses after every STEP_ITEMS items of each pass (see steps.ts).
 */
export function* checkAcrossRowsInSteps(
  sheet: string,
  positions: readonly CatalogPosition[],
  deletions: readonly CatalogDeletion[],
  columns: FieldColumns,
  /** The tree of these positions with its indexes (buildIndexedTreeInSteps). */
  index: IndexedTree,
): Steps<Problem[]> {
  const step = stepCounter();
  const problems: Problem[] = [];
  const codeColumn = columns.Code ?? 0;
  const guidColumn = columns.Guid ?? codeColumn;
  const firstByGuid = new FirstByGuid();
  const at = (row: number, columnIndex: number): string => cellAddress(columnIndex, row);
  /** Codes that may read like another (mayFold), and the codes that are their own near key. */
  const folded: CatalogPosition[] = [];
  const own: string[] = [];
  const { byCode, nodeOf } = index;
  for (let i = 0; i < positions.length; i++) {
    if (step()) yield;
    const p = positions[i] as CatalogPosition;
    // Each code's node is at its first row: a position elsewhere repeats that code.
    const firstRow = (nodeOf[i] as TreeNode).row;
    if (firstRow !== p.row) {
      const values = { code: visible(p.Code), otherCell: at(firstRow, codeColumn), otherRow: firstRow };
      const place = { sheet, row: p.row, columnIndex: codeColumn };
      problems.push(problemAt(place, "duplicate-code", "error", "Code", values));
    } else if (mayFold(p.Code)) {
      folded.push(p);
    } else {
      own.push(p.Code);
    }
    if (p.Guid === undefined) continue;
    const sameGuid = firstByGuid.firstOrAdd(p.Guid, p);
    if (sameGuid) {
      const values = { guid: p.Guid, otherCell: at(sameGuid.row, guidColumn), otherRow: sameGuid.row };
      const place = { sheet, row: p.row, columnIndex: guidColumn };
      problems.push(problemAt(place, "duplicate-guid", "error", "Guid", values));
    }
  }
  /** The sheet row of a code's first position (the one the platform imports), if the sheet lists it. */
  const firstRow = (code: string): number | undefined => byCode.get(code)?.row;
  appendAll(problems, yield* checkLookalikes(sheet, folded, own, firstRow, codeColumn));
  yield;

  const deleteColumn = columns.Delete ?? codeColumn;
  for (let i = 0; i < deletions.length; i++) {
    if (step()) yield;
    const d = deletions[i] as CatalogDeletion;
    // The platform matches a deletion by Guid when it has one, else by Code; a row that deletes
    // a Guid while another imports its Code is as much a conflict.
    const byGuid = d.Guid !== undefined ? firstByGuid.get(d.Guid)?.row : undefined;
    const byCodeRow = d.Code !== undefined ? firstRow(d.Code) : undefined;
    const importedRow = byGuid ?? byCodeRow;
    if (importedRow === undefined) continue;
    problems.push(
      problemAt({ sheet, row: d.row, columnIndex: deleteColumn }, "deleted-and-imported", "error", "Delete", {
        key: byGuid !== undefined ? "Guid" : "Code",
        value: byGuid !== undefined ? (d.Guid ?? "") : visible(d.Code ?? ""),
        otherRow: importedRow,
        otherCell: at(importedRow, codeColumn),
      }),
    );
  }
  yield;
  appendAll(
    problems,
    yield* checkDeletedAncestors(sheet, positions, deletions, index, firstRow, codeColumn, deleteColumn),
  );
  return problems;
}

/**
 * The first position of each Guid. A Guid is filed under the number its first hex digits make:
 * a Map of small integers compares keys without reading them, where a Map of strings reads each
 * key it passes, a cache miss per key on a sheet of 300,000 rows. Guids that share those digits
 * with an earlier one (a few in 100,000 random ones; every one of a sequential series) are filed
 * by their whole text as well.
 */
class FirstByGuid {
  private readonly byDigits = new Map<number, CatalogPosition>();
  private readonly byText = new Map<string, CatalogPosition>();

  /** The first position with this Guid; undefined when there is none, and `p` becomes it. */
  firstOrAdd(guid: string, p: CatalogPosition): CatalogPosition | undefined {
    const key = leadingDigits(guid);
    const filed = this.byDigits.get(key);
    if (filed === undefined) {
      this.byDigits.set(key, p);
      return undefined;
    }
    if (filed.Guid === guid) return filed;
    const first = this.byText.get(guid);
    if (first === undefined) this.byText.set(guid, p);
    return first;
  }

  get(guid: string): CatalogPosition | undefined {
    const filed = this.byDigits.get(leadingDigits(guid));
    if (filed === undefined || filed.Guid === guid) return filed;
    return this.byText.get(guid);
  }
}

/**
 * The first 8 hex digits of a canonical Guid (parseInt stops at its first "-"), less two bits:
 * under 2^30, a small integer in every engine. Text that does not start with a hex digit is 0,
 * one key like any other.
 */
function leadingDigits(guid: string): number {
  return parseInt(guid, 16) >>> 2;
}

/**
 * Codes that read alike but are not the same text: "ss_15" and "Ss_15", "А.01" (Cyrillic) and
 * "A.01", "01.02" and "1.02", "1.2." and "1.2".
 */
function* checkLookalikes(
  sheet: string,
  folded: readonly CatalogPosition[],
  own: readonly string[],
  firstRow: (code: string) => number | undefined,
  codeColumn: number,
): Steps<Problem[]> {
  const step = stepCounter();
  const problems: Problem[] = [];
  if (folded.length === 0) return problems;
  const table = new NearTable(folded.length + own.length);
  for (let i = 0; i < own.length; i++) {
    if (step()) yield;
    table.addOwn(hashText(own[i] as string));
  }
  const hashes = new Uint32Array(folded.length);
  for (let i = 0; i < folded.length; i++) {
    if (step()) yield;
    const hash = nearHash((folded[i] as CatalogPosition).Code);
    hashes[i] = hash;
    table.addFolded(hash);
  }
  const firstByKey = new Map<string, { Code: string; row: number }>();
  for (let i = 0; i < folded.length; i++) {
    if (step()) yield;
    // Most codes have no twin (a padded catalog folds every code): no key string is built for them.
    if (!table.mayHaveTwin(hashes[i] as number)) continue;
    const p = folded[i] as CatalogPosition;
    const key = nearKey(p.Code);
    // A code that is its own key ("SS_15") is found among all codes; other spellings in firstByKey.
    if (key === p.Code) continue;
    const ownRow = firstRow(key);
    const other = firstByKey.get(key);
    if (other === undefined) firstByKey.set(key, p);
    const otherTwin = other !== undefined && other.Code !== p.Code ? other : undefined;
    if (ownRow === undefined && otherTwin === undefined) continue;
    // Report on the later row of the two, naming the earlier one (the first of the spellings).
    const first =
      ownRow !== undefined && (otherTwin === undefined || ownRow <= otherTwin.row)
        ? { Code: key, row: ownRow }
        : (otherTwin as { Code: string; row: number });
    const [earlier, later] = first.row < p.row ? [first, p] : [p, first];
    const near = nearness(earlier.Code, later.Code);
    const values = {
      code: visible(later.Code),
      otherCode: visible(earlier.Code),
      otherCell: cellAddress(codeColumn, earlier.row),
      otherRow: earlier.row,
    };
    const place = { sheet, row: later.row, columnIndex: codeColumn };
    const reason = near.kind === "near-duplicate-codes" ? near.reason : undefined;
    problems.push(problemAt(place, near.kind, "warning", "Code", values, reason));
  }
  return problems;
}

/**
 * The platform deletes a position's descendants with it, so an imported position below a code
 * this sheet deletes may be lost. Each ancestor's answer (which deletion lies above it, if any)
 * is remembered, so a deep chain is walked once, not once per row; only the top of each
 * affected subtree is reported (the walk stops at an imported code, checked on its own).
 */
function* checkDeletedAncestors(
  sheet: string,
  positions: readonly CatalogPosition[],
  deletions: readonly CatalogDeletion[],
  { nodeOf, parentOf }: IndexedTree,
  /** The sheet row of a code's first position, or undefined when the sheet does not import it. */
  importedRow: (code: string) => number | undefined,
  codeColumn: number,
  deleteColumn: number,
): Steps<Problem[]> {
  const step = stepCounter();
  const deletedByCode = new Map<string, CatalogDeletion>();
  for (let i = 0; i < deletions.length; i++) {
    if (step()) yield;
    const d = deletions[i] as CatalogDeletion;
    if (d.Code !== undefined && !deletedByCode.has(d.Code)) deletedByCode.set(d.Code, d);
  }
  if (deletedByCode.size === 0) return [];
  /** Code → the deletion found walking up from it (through codes not imported), or null. */
  const above = new Map<string, { code: string; deletion: CatalogDeletion } | null>();
  const walk = (start: string | null): { code: string; deletion: CatalogDeletion } | null => {
    const path: string[] = [];
    let found: { code: string; deletion: CatalogDeletion } | null = null;
    for (let code = start; code !== null; code = parentCode(code)) {
      const known = above.get(code);
      if (known !== undefined) {
        found = known;
        break;
      }
      const deletion = deletedByCode.get(code);
      if (deletion) {
        found = { code, deletion };
        break;
      }
      if (importedRow(code) !== undefined) break;
      path.push(code);
    }
    for (const code of path) above.set(code, found);
    return found;
  };
  const problems: Problem[] = [];
  for (let i = 0; i < positions.length; i++) {
    if (step()) yield;
    const p = positions[i] as CatalogPosition;
    const node = nodeOf[i] as TreeNode;
    // A repeated code is checked once, at the row the platform imports.
    if (node.row !== p.row) continue;
    // An imported parent ends the walk up (it is checked on its own): only its own deletion
    // counts. Above an orphan the codes are not imported, so the walk goes on through them.
    const parent = parentOf[i] ?? null;
    let hit: { code: string; deletion: CatalogDeletion } | null = null;
    if (parent !== null) {
      const deletion = deletedByCode.get(parent.code);
      if (deletion) hit = { code: parent.code, deletion };
    } else if (node.orphan) {
      hit = walk(parentCode(p.Code));
    }
    if (!hit) continue;
    const values = {
      code: visible(p.Code),
      deletedCode: visible(hit.code),
      otherCell: cellAddress(deleteColumn, hit.deletion.row),
      otherRow: hit.deletion.row,
    };
    problems.push(
      problemAt({ sheet, row: p.row, columnIndex: codeColumn }, "deleted-parent", "warning", "Code", values),
    );
  }
  return problems;
}

/** Parent codes the sheet does not list, each with the orphans below it and their subtree size. */
export function findMissingParents(tree: CodeTree): MissingParent[] {
  return runSteps(findMissingParentsInSteps(tree));
}

/** findMissingParents, pausing every STEP_ITEMS roots, tree nodes and sorted parents (see steps.ts). */
export function* findMissingParentsInSteps(tree: CodeTree): Steps<MissingParent[]> {
  const step = stepCounter();
  const byParent = new Map<string, MissingParent>();
  for (const root of tree.roots) {
    if (step()) yield;
    if (!root.orphan) continue;
    const parent = parentCode(root.code);
    if (parent === null) continue;
    let entry = byParent.get(parent);
    if (!entry) {
      entry = { code: parent, rows: [], positions: 0 };
      byParent.set(parent, entry);
    }
    entry.rows.push(root.row);
    // The size of the subtree below the orphan: every node once, pausing as the roots do.
    const stack: TreeNode[] = [root];
    while (stack.length > 0) {
      if (step()) yield;
      const x = stack.pop() as TreeNode;
      entry.positions++;
      for (const child of x.children) stack.push(child);
    }
  }
  const parents: MissingParent[] = [];
  for (const entry of byParent.values()) {
    if (step()) yield;
    parents.push(entry);
  }
  return yield* sortInSteps(parents, (a, b) => compareNatural(a.code, b.code));
}

/**
 * One warning for all missing parents: the platform ignores a position whose parent is neither
 * in the import nor in the catalog, and everything below it, so a table pasted without its
 * top rows (Uniclass `Ss_15` under `Ss`) may import nothing at all.
 */
export function orphanProblem(
  sheet: string,
  missing: readonly MissingParent[],
  codeColumn: number,
  total: number,
): Problem | null {
  if (missing.length === 0) return null;
  // A running sum and minimum: a spread of every orphan's row would overflow the call stack.
  let positions = 0;
  let firstRow = Number.POSITIVE_INFINITY;
  for (const m of missing) {
    positions += m.positions;
    for (const row of m.rows) if (row < firstRow) firstRow = row;
  }
  const named = missing.slice(0, MAX_PARENTS_NAMED).map((m) => visible(m.code));
  const more = missing.length - named.length;
  return problemAt({ sheet, row: firstRow, columnIndex: codeColumn }, "orphan-code", "warning", "Code", {
    parents: named,
    parentCount: missing.length,
    more,
    positions,
    total,
  });
}
