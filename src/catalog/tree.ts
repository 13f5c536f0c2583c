// The code tree, by the platform's rule (docs/interface.md 2.1): a code is made
// of modules separated by runs of characters that are neither letters nor digits; the parent of
// a code is the code cut before its last delimiter run; a one-module code is a root. Combining
// marks (\p{M}) count as part of a letter, so a decomposed "й" does not split a module.

import type { CatalogPosition, CodeTree, PreviewRow, TreeNode } from "./types";
import { LargeMap } from "./largeMap";
import { runSteps, sortInSteps, stepCounter, type Steps } from "./steps";

const DELIMITER_CHAR = "[^\\p{L}\\p{N}\\p{M}]";
/** One character (a code point) that belongs to a module: a letter, a digit or a combining mark. */
const MODULE_CODE_POINT = /^[\p{L}\p{N}\p{M}]$/u;
const DELIMITER_RUN = new RegExp(`${DELIMITER_CHAR}+`, "u");
const DIGIT_0 = 48;
const DIGIT_9 = 57;

/**
 * The code point ending at index i (a low surrogate pairs with the one before): its width in
 * code units, positive for a module character, negative for a delimiter. A number rather than
 * an object, so scanning 300,000 codes allocates nothing.
 */
function charEndingAt(code: string, i: number): number {
  const c = code.charCodeAt(i);
  if (c < 0x80) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? 1 : -1;
  let width = 1;
  if (c >= 0xdc00 && c <= 0xdfff && i > 0) {
    const h = code.charCodeAt(i - 1);
    if (h >= 0xd800 && h <= 0xdbff) width = 2;
  }
  return MODULE_CODE_POINT.test(code.slice(i - width + 1, i + 1)) ? width : -width;
}

/**
 * The parent code, or null for a root. Expects a trimmed code. The reading (shared with the
 * emulator, tested with test/fixtures/parent-codes.json): the code cut before the delimiter run
 * that precedes its last module; a trailing delimiter run is not a boundary ("1.2." is a child
 * of "1", "1." a root). Equivalent to ^(.*M)D+M+D*$ with the s flag, scanned from the end.
 */
export function parentCode(code: string): string | null {
  const length = parentCodeLength(code);
  return length < 0 ? null : code.slice(0, length);
}

/** The length of parentCode(code), or -1 for a root: the parent without a new string. */
function parentCodeLength(code: string): number {
  let i = code.length - 1;
  let w = 0;
  // Trailing delimiters, then the last module, then the delimiter run before it.
  while (i >= 0 && (w = charEndingAt(code, i)) < 0) i += w;
  while (i >= 0 && (w = charEndingAt(code, i)) > 0) i -= w;
  if (i < 0) return -1;
  while (i >= 0 && (w = charEndingAt(code, i)) < 0) i += w;
  return i < 0 ? -1 : i + 1;
}

/** The modules of a code: "А.01.12-003" → ["А", "01", "12", "003"]. */
export function codeModules(code: string): string[] {
  return code.split(DELIMITER_RUN).filter((m) => m !== "");
}

function isDigit(c: number): boolean {
  return c >= DIGIT_0 && c <= DIGIT_9;
}

/**
 * Natural order: runs of digits compare by value (2 before 10, 002 before 010), everything
 * else by character code. Equal values with different leading zeros put fewer zeros first, and
 * distinct strings never compare equal, so sorting is deterministic whatever the input order.
 */
export function compareNatural(a: string, b: string): number {
  let i = 0;
  let j = 0;
  let tie = 0;
  while (i < a.length && j < b.length) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(j);
    if (isDigit(ca) && isDigit(cb)) {
      let si = i;
      while (si < a.length && a.charCodeAt(si) === DIGIT_0) si++;
      let sj = j;
      while (sj < b.length && b.charCodeAt(sj) === DIGIT_0) sj++;
      let ei = si;
      while (ei < a.length && isDigit(a.charCodeAt(ei))) ei++;
      let ej = sj;
      while (ej < b.length && isDigit(b.charCodeAt(ej))) ej++;
      const significantA = ei - si;
      const significantB = ej - sj;
      if (significantA !== significantB) return significantA - significantB;
      for (let k = 0; k < significantA; k++) {
        const d = a.charCodeAt(si + k) - b.charCodeAt(sj + k);
        if (d !== 0) return d;
      }
      if (tie === 0) tie = ei - i - (ej - j);
      i = ei;
      j = ej;
    } else {
      if (ca !== cb) return ca - cb;
      i++;
      j++;
    }
  }
  const rest = a.length - i - (b.length - j);
  if (rest !== 0) return rest;
  return tie;
}

/**
 * The children of every leaf: one shared, frozen empty list instead of 300,000 empty arrays (a
 * many small objects less for the collector on a large sheet). Frozen, so a mistaken push throws.
 */
const NO_CHILDREN = Object.freeze([]) as unknown as TreeNode[];

export interface TreeItem {
  code: string;
  name?: string | undefined;
  row: number;
}

/**
 * Build the tree of the given codes. A code listed twice is placed once, at its first row (the
 * platform keeps the first). A code whose parent code is not in the list is an orphan: it is
 * shown as a root with the orphan flag, and its descendants stay under it.
 */
export function buildTree(items: readonly TreeItem[]): CodeTree {
  return runSteps(buildIndexedTreeInSteps(items.map((i) => ({ row: i.row, Code: i.code, Name: i.name }))))
    .tree;
}

/** What the tree needs of a position: its code, name and sheet row. */
type TreeSource = Pick<CatalogPosition, "row" | "Code"> & { Name?: string | undefined };

export interface IndexedTree {
  tree: CodeTree;
  /** A LargeMap: one entry per code of the sheet, grown without one long step (largeMap.ts). */
  byCode: Pick<LargeMap<TreeNode>, "get" | "has" | "size">;
  /**
   * By the index of each item: the node of its code (a repeated code's node is its first row's).
   * The checks across rows read a position's node here instead of looking its code up again.
   */
  nodeOf: readonly TreeNode[];
  /**
   * By the index of each item: the node of its code's parent when the list has that code, else
   * null (a root, an orphan, or an item whose code came earlier).
   */
  parentOf: readonly (TreeNode | null)[];
}

/**
 * The tree of read positions, without copying them into TreeItems first (300,000 rows), and its
 * indexes: nodes by code (each at the code's first row), and each position's node and parent
 * node; pausing after every STEP_ITEMS codes (see steps.ts). The loops are indexed rather than
 * for...of, which allocates an iterator result per item in a paused generator (4 MB for 100,000
 * items, for the collector to sweep).
 */
export function* buildIndexedTreeInSteps(items: readonly TreeSource[]): Steps<IndexedTree> {
  const step = stepCounter();
  const n = items.length;
  const byCode = new LargeMap<TreeNode>();
  // Sized once: pushing 300,000 items would copy each list several times as it grows.
  const nodeOf = new Array<TreeNode>(n);
  const parentOf = new Array<TreeNode | null>(n);
  /** 1 where the item placed its code's node (its first row). */
  const placed = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (step()) yield;
    const item = items[i] as TreeSource;
    const code = item.Code;
    let node = byCode.get(code);
    if (node === undefined) {
      node = { code, name: item.Name, row: item.row, depth: 0, orphan: false, children: NO_CHILDREN };
      byCode.set(code, node);
      placed[i] = 1;
    }
    nodeOf[i] = node;
  }
  const roots: TreeNode[] = [];
  let orphans = 0;
  /** The parent found last: the next code's too, most often (sheets list siblings together). */
  let lastParent: TreeNode | undefined;
  // The nodes in the order they were placed, as the index lists them: the order of the roots
  // before their sort, and so the order of equal codes.
  for (let i = 0; i < n; i++) {
    if (step()) yield;
    parentOf[i] = null;
    if (placed[i] === 0) continue;
    const node = nodeOf[i] as TreeNode;
    const code = node.code;
    const cut = parentCodeLength(code);
    let parentNode: TreeNode | undefined;
    if (cut >= 0) {
      // The same parent as the code before needs no new string and no lookup.
      const same =
        lastParent !== undefined && lastParent.code.length === cut && code.startsWith(lastParent.code);
      parentNode = same ? lastParent : byCode.get(code.slice(0, cut));
    }
    if (parentNode) {
      lastParent = parentNode;
      parentOf[i] = parentNode;
      if (parentNode.children === NO_CHILDREN) parentNode.children = [node];
      else parentNode.children.push(node);
      continue;
    }
    if (cut >= 0) {
      node.orphan = true;
      orphans++;
    }
    roots.push(node);
  }
  const byCodeOrder = (x: TreeNode, y: TreeNode): number => compareNatural(x.code, y.code);
  // A flat list (codes without delimiters) is 300,000 roots; one code may have as many children.
  yield* sortInSteps(roots, byCodeOrder);
  let deepest = -1;
  const stack: TreeNode[] = [...roots];
  while (stack.length > 0) {
    if (step()) yield;
    const node = stack.pop() as TreeNode;
    if (node.depth > deepest) deepest = node.depth;
    const children = node.children;
    if (children.length > 1) yield* sortInSteps(children, byCodeOrder);
    for (let c = 0; c < children.length; c++) {
      const child = children[c] as TreeNode;
      child.depth = node.depth + 1;
      stack.push(child);
    }
  }
  return { tree: { roots, levels: deepest + 1, orphans, size: byCode.size }, byCode, nodeOf, parentOf };
}

/** The tree in display order (depth first, children in natural order), one line per node. */
export function flattenTree(tree: CodeTree): PreviewRow[] {
  const rows: PreviewRow[] = [];
  const stack: TreeNode[] = [];
  for (let i = tree.roots.length - 1; i >= 0; i--) stack.push(tree.roots[i] as TreeNode);
  while (stack.length > 0) {
    const node = stack.pop() as TreeNode;
    rows.push({
      code: node.code,
      name: node.name,
      row: node.row,
      depth: node.depth,
      hasChildren: node.children.length > 0,
      orphan: node.orphan,
    });
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as TreeNode);
  }
  return rows;
}
