// The code tree, by the platform's rule (platform-notes, catalog import 2 and 6): a code is made
// of modules separated by runs of characters that are neither letters nor digits; the parent of
// a code is the code cut before its last delimiter run; a one-module code is a root. Combining
// marks (\p{M}) count as part of a letter, so a decomposed "й" does not split a module.

import type { CodeTree, PreviewRow, TreeNode } from "./types";

const MODULE_CHAR = "[\\p{L}\\p{N}\\p{M}]";
const DELIMITER_CHAR = "[^\\p{L}\\p{N}\\p{M}]";
/**
 * The capture ends before the delimiter run that precedes the last module; a trailing delimiter
 * run is not a module boundary ("1.2." is a child of "1", "1." a root), the reading the
 * emulator shares (emulator/src/util.ts), since a one-module code is a root.
 */
const PARENT_PATTERN = new RegExp(
  `^(.*${MODULE_CHAR})${DELIMITER_CHAR}+${MODULE_CHAR}+${DELIMITER_CHAR}*$`,
  "su",
);
const DELIMITER_RUN = new RegExp(`${DELIMITER_CHAR}+`, "u");
const DIGIT_0 = 48;
const DIGIT_9 = 57;

/** The parent code, or null for a root. Expects a trimmed code. */
export function parentCode(code: string): string | null {
  const match = PARENT_PATTERN.exec(code);
  return match?.[1] ?? null;
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
  const byCode = new Map<string, TreeNode>();
  for (const item of items) {
    if (byCode.has(item.code)) continue;
    byCode.set(item.code, {
      code: item.code,
      name: item.name,
      row: item.row,
      depth: 0,
      orphan: false,
      children: [],
    });
  }
  const roots: TreeNode[] = [];
  let orphans = 0;
  for (const node of byCode.values()) {
    const parent = parentCode(node.code);
    if (parent === null) {
      roots.push(node);
      continue;
    }
    const parentNode = byCode.get(parent);
    if (parentNode) {
      parentNode.children.push(node);
    } else {
      node.orphan = true;
      orphans++;
      roots.push(node);
    }
  }
  const byCodeOrder = (x: TreeNode, y: TreeNode): number => compareNatural(x.code, y.code);
  roots.sort(byCodeOrder);
  let deepest = -1;
  const stack: TreeNode[] = [...roots];
  while (stack.length > 0) {
    const node = stack.pop() as TreeNode;
    if (node.depth > deepest) deepest = node.depth;
    if (node.children.length > 1) node.children.sort(byCodeOrder);
    for (const child of node.children) {
      child.depth = node.depth + 1;
      stack.push(child);
    }
  }
  return { roots, levels: deepest + 1, orphans, size: byCode.size };
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
