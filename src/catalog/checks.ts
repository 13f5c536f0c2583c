// Checks across rows: a repeated Code or Guid, codes that only look alike, a position that the
// same sheet also deletes or deletes above it, and parents the sheet does not list. Every check
// is one pass with Maps, linear in the number of rows, pausing every STEP_ITEMS items (steps.ts).

import { cellAddress } from "./cells";
import { problemAt, visible } from "./problems";
import { compareNatural, parentCode } from "./tree";
import type {
  CatalogDeletion,
  CatalogPosition,
  CodeTree,
  FieldColumns,
  MissingParent,
  Problem,
  ProblemReasonOf,
  TreeNode,
} from "./types";
import { appendAll, runSteps, sortInSteps, stepCounter, type Steps } from "./steps";

/** Cyrillic capitals that look like Latin ones, folded to compare codes as the eye reads them. */
const LOOKALIKES: Readonly<Record<string, string>> = {
  А: "A",
  В: "B",
  Е: "E",
  Ё: "E",
  К: "K",
  М: "M",
  Н: "H",
  О: "O",
  Р: "P",
  С: "C",
  Т: "T",
  У: "Y",
  Х: "X",
  І: "I",
  Ј: "J",
  Ѕ: "S",
};
const CYRILLIC_LOOKALIKE = /[АВЕЁКМНОРСТУХІЈЅ]/g;
const NON_ASCII = /[\u0080-\uffff]/;
/** Missing parents named in the one orphan message; the rest are counted. */
const MAX_PARENTS_NAMED = 8;

/** Lower-case Latin letters or any non-ASCII character: only such codes can read like another. */
const MAY_FOLD = /[a-z\u0080-\uffff]/;
/** Punctuation closing a code ("1.2.", "Ss_15_"): the tree reads no level of its own from it. */
const TRAILING_MARK = /[^\p{L}\p{N}]+$/u;

/** How a code reads to the eye: upper case, Cyrillic look-alikes as Latin. */
function lookalikeKey(code: string): string {
  if (!MAY_FOLD.test(code)) return code;
  const upper = code.toUpperCase();
  return NON_ASCII.test(upper) ? upper.replace(CYRILLIC_LOOKALIKE, (c) => LOOKALIKES[c] ?? c) : upper;
}

/** Dashes that look like a hyphen (‐ ‑ ‒ – — ―, the minus sign, small and full-width hyphens). */
const DASHES = /[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g;

/** The code with every dash written as a hyphen ("01–02" as "01-02": Word types the en dash). */
function withHyphens(code: string): string {
  return NON_ASCII.test(code) ? code.replace(DASHES, "-") : code;
}

/** The code with the leading zeros of its numbers dropped ("01.002" → "1.2"; "0" and "1.0" kept). */
function withoutLeadingZeros(code: string): string {
  let out: string | null = null;
  let copied = 0;
  const end = code.length - 1;
  for (let i = 0; i < end; i++) {
    if (code.charCodeAt(i) !== ZERO || (i > 0 && isDigit(code.charCodeAt(i - 1)))) continue;
    // A zero that starts a number: drop it and the zeros after it while a digit follows.
    let j = i;
    while (j < end && code.charCodeAt(j) === ZERO && isDigit(code.charCodeAt(j + 1))) j++;
    if (j === i) continue;
    out = (out ?? "") + code.slice(copied, i);
    copied = j;
    i = j;
  }
  return out === null ? code : out + code.slice(copied);
}

const ZERO = 48;
const isDigit = (c: number): boolean => c >= ZERO && c <= 57;

function withoutTrailingMark(code: string): string {
  const last = code.charCodeAt(code.length - 1);
  // Most codes end in an ASCII letter or digit: no regular expression runs for them.
  const asciiWord = (last >= 48 && last <= 57) || (last >= 65 && last <= 90) || (last >= 97 && last <= 122);
  return asciiWord ? code : code.replace(TRAILING_MARK, "");
}

/**
 * What a code probably means: as it reads to the eye (lookalikeKey, dashes as hyphens), numbers
 * without their leading zeros ("01.02" as "1.2") and without punctuation at its end ("1.2." as
 * "1.2"). A code
 * that is its own key is found among all codes; only the others are keyed in checkLookalikes.
 */
function nearKey(code: string): string {
  const key = withoutLeadingZeros(withoutTrailingMark(withHyphens(lookalikeKey(code))));
  // "1." has no key but itself: a code of punctuation alone is not a position anyway.
  return key === "" ? code : key;
}

/** How two codes with one nearKey differ, as the kind (and reason) of the warning naming them. */
function nearness(
  a: string,
  b: string,
):
  | { kind: "case-twin-codes" | "lookalike-codes" }
  | { kind: "near-duplicate-codes"; reason: ProblemReasonOf<"near-duplicate-codes"> } {
  if (a.toUpperCase() === b.toUpperCase()) return { kind: "case-twin-codes" };
  const ka = lookalikeKey(a);
  const kb = lookalikeKey(b);
  if (ka === kb) return { kind: "lookalike-codes" };
  if (withHyphens(ka) === withHyphens(kb)) return { kind: "near-duplicate-codes", reason: "dashes" };
  if (withoutTrailingMark(ka) === withoutTrailingMark(kb))
    return { kind: "near-duplicate-codes", reason: "trailing-mark" };
  if (withoutLeadingZeros(ka) === withoutLeadingZeros(kb))
    return { kind: "near-duplicate-codes", reason: "leading-zeros" };
  return { kind: "near-duplicate-codes", reason: "zeros-and-mark" };
}

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
  /** The first row of each code: the tree's index (buildIndexedTreeInSteps). */
  firstRowByCode: ReadonlyMap<string, { row: number }>,
): Steps<Problem[]> {
  const step = stepCounter();
  const problems: Problem[] = [];
  const codeColumn = columns.Code ?? 0;
  const guidColumn = columns.Guid ?? codeColumn;
  const firstByGuid = new Map<string, CatalogPosition>();
  const at = (row: number, columnIndex: number): string => cellAddress(columnIndex, row);
  /** Codes whose look-alike key differs from the code itself (the others are their own key). */
  const folded: CatalogPosition[] = [];
  const foldedKeys: string[] = [];
  for (const p of positions) {
    if (step()) yield;
    // The index holds every code at its first row: a position elsewhere repeats that code.
    const firstRow = firstRowByCode.get(p.Code)?.row ?? p.row;
    if (firstRow !== p.row) {
      const values = { code: visible(p.Code), otherCell: at(firstRow, codeColumn), otherRow: firstRow };
      const place = { sheet, row: p.row, columnIndex: codeColumn };
      problems.push(problemAt(place, "duplicate-code", "error", "Code", values));
    } else {
      const key = nearKey(p.Code);
      if (key !== p.Code) {
        folded.push(p);
        foldedKeys.push(key);
      }
    }
    if (p.Guid === undefined) continue;
    const sameGuid = firstByGuid.get(p.Guid);
    if (sameGuid) {
      const values = { guid: p.Guid, otherCell: at(sameGuid.row, guidColumn), otherRow: sameGuid.row };
      const place = { sheet, row: p.row, columnIndex: guidColumn };
      problems.push(problemAt(place, "duplicate-guid", "error", "Guid", values));
    } else {
      firstByGuid.set(p.Guid, p);
    }
  }
  /** The sheet row of a code's first position (the one the platform imports), if the sheet lists it. */
  const firstRow = (code: string): number | undefined => firstRowByCode.get(code)?.row;
  appendAll(problems, yield* checkLookalikes(sheet, folded, foldedKeys, firstRow, codeColumn));
  yield;

  const deleteColumn = columns.Delete ?? codeColumn;
  for (const d of deletions) {
    if (step()) yield;
    // The platform matches a deletion by Guid when it has one, else by Code; a row that deletes
    // a Guid while another imports its Code is as much a conflict.
    const byGuid = d.Guid !== undefined ? firstByGuid.get(d.Guid)?.row : undefined;
    const byCode = d.Code !== undefined ? firstRow(d.Code) : undefined;
    const importedRow = byGuid ?? byCode;
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
    yield* checkDeletedAncestors(sheet, positions, deletions, firstRow, codeColumn, deleteColumn),
  );
  return problems;
}

/**
 * Codes that read alike but are not the same text: "ss_15" and "Ss_15", "А.01" (Cyrillic) and
 * "A.01", "01.02" and "1.02", "1.2." and "1.2".
 */
function* checkLookalikes(
  sheet: string,
  folded: readonly CatalogPosition[],
  keys: readonly string[],
  firstRow: (code: string) => number | undefined,
  codeColumn: number,
): Steps<Problem[]> {
  const step = stepCounter();
  const problems: Problem[] = [];
  const firstByKey = new Map<string, { Code: string; row: number }>();
  for (let i = 0; i < folded.length; i++) {
    if (step()) yield;
    const p = folded[i] as CatalogPosition;
    const key = keys[i] as string;
    // A code that is its own key ("SS_15") is found among all codes; other spellings in firstByKey.
    // Most codes have no twin (a padded catalog keys every code): nothing is allocated for them.
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
  /** The sheet row of a code's first position, or undefined when the sheet does not import it. */
  importedRow: (code: string) => number | undefined,
  codeColumn: number,
  deleteColumn: number,
): Steps<Problem[]> {
  const step = stepCounter();
  const deletedByCode = new Map<string, CatalogDeletion>();
  for (const d of deletions) {
    if (step()) yield;
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
  for (const p of positions) {
    if (step()) yield;
    // A repeated code is checked once, at the row the platform imports.
    if (importedRow(p.Code) !== p.row) continue;
    const hit = walk(parentCode(p.Code));
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
