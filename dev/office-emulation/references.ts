/**
 * What Excel does to references when whole rows or columns are inserted or deleted: every
 * formula in the workbook and every defined name that points at the changed sheet is rewritten
 * so that it keeps pointing at the same cells, a range grows when cells are inserted inside it
 * and shrinks when some of its rows (columns) are deleted, and a reference whose cells are all
 * deleted becomes #REF! (`=Prices!#REF!`, `=SUM(#REF!)`). Absolute and relative references move
 * alike; `$` markers are kept.
 *
 * Excel's own formulas (the ones HyperFormula computes) and custom-function formulas are
 * rewritten by this one tokenizer, so that `Range.formulas` reads the same text for both kinds;
 * HyperFormula is then given the rewritten formulas (native-formulas.ts reloads the sheets).
 * HyperFormula's addRows/removeRows would adjust its own formulas only, and prints them in its
 * own style.
 *
 * Not modelled: partial shifts (Range.insert/delete of part of a row or column) leave formulas as
 * they are; structured references (Table1[Col]), 3-D references (Sheet1:Sheet3!A1) and R1C1 text.
 */
import { type Area, MAX_COLUMNS, MAX_ROWS, columnToLetters } from "./address";

export type Axis = "rows" | "columns";

/** Whole rows or columns inserted or deleted on one sheet. */
export interface StructuralChange {
  /** Name of the sheet whose rows or columns change (case-insensitive match). */
  sheet: string;
  axis: Axis;
  kind: "insert" | "delete";
  /** First row (column) inserted or deleted, 0-based. */
  at: number;
  count: number;
}

/** The area after the change; null when every cell it covered was deleted. */
export function adjustArea(area: Area, change: StructuralChange): Area | null {
  const rows = change.axis === "rows";
  const max = (rows ? MAX_ROWS : MAX_COLUMNS) - 1;
  const lo = rows ? area.r0 : area.c0;
  const hi = rows ? area.r1 : area.c1;
  // A reference spanning every row (A:C) is not moved by row changes, likewise for columns.
  if (lo === 0 && hi === max) return area;
  const span = adjustSpan(lo, hi, change, max);
  if (!span) return null;
  return rows ? { ...area, r0: span[0], r1: span[1] } : { ...area, c0: span[0], c1: span[1] };
}

function adjustSpan(lo: number, hi: number, change: StructuralChange, max: number): [number, number] | null {
  const { at, count } = change;
  if (change.kind === "insert") {
    if (lo >= at) {
      if (lo + count > max) return null;
      return [lo + count, Math.min(max, hi + count)];
    }
    if (hi >= at) return [lo, Math.min(max, hi + count)];
    return [lo, hi];
  }
  const last = at + count - 1;
  if (hi < at) return [lo, hi];
  if (lo > last) return [lo - count, hi - count];
  if (lo >= at && hi <= last) return null;
  const newLo = lo < at ? lo : at;
  const newHi = hi > last ? hi - count : at - 1;
  return [newLo, newHi];
}

/** One cell or area reference as it is written: which parts are absolute, which form it has. */
export interface RefParts {
  form: "cells" | "columns" | "rows";
  area: Area;
  absolute: [boolean, boolean, boolean, boolean]; // col0, row0, col1, row1
  range: boolean;
}

export const SHEET_PREFIX = String.raw`(?:'(?:[^']|'')+'|[\p{L}_][\p{L}\p{N}_.]*)!`;
const CELL = String.raw`\$?[A-Za-z]{1,3}\$?\d{1,7}`;
const REFERENCE = new RegExp(
  String.raw`(${SHEET_PREFIX})?(${CELL}(?::${CELL})?|\$?[A-Za-z]{1,3}:\$?[A-Za-z]{1,3}|\$?\d{1,7}:\$?\d{1,7})(#?)`,
  "gu",
);
const NAME_CHAR = /[\p{L}\p{N}_.]/u;

function parseRef(text: string): RefParts | undefined {
  const pieces = text.split(":");
  const one = (
    piece: string,
  ): { col?: number; row?: number; absCol: boolean; absRow: boolean } | undefined => {
    const m = /^(\$?)([A-Za-z]{0,3})(\$?)(\d{0,7})$/.exec(piece);
    if (!m) return undefined;
    const letters = m[2] ?? "";
    const digits = m[4] ?? "";
    if (letters === "" && digits === "") return undefined;
    const out: { col?: number; row?: number; absCol: boolean; absRow: boolean } = {
      absCol: letters !== "" && m[1] === "$",
      absRow: digits !== "" && (letters === "" ? m[1] === "$" : m[3] === "$"),
    };
    if (letters !== "") out.col = lettersToIndex(letters);
    if (digits !== "") out.row = Number(digits) - 1;
    return out;
  };
  const first = one(pieces[0] ?? "");
  const second = pieces.length === 2 ? one(pieces[1] ?? "") : first;
  if (!first || !second) return undefined;
  const form =
    first.row === undefined && second.row === undefined
      ? "columns"
      : first.col === undefined && second.col === undefined
        ? "rows"
        : "cells";
  if (form === "cells" && (first.row === undefined || first.col === undefined)) return undefined;
  if (form === "cells" && (second.row === undefined || second.col === undefined)) return undefined;
  const r0 = form === "columns" ? 0 : (first.row ?? 0);
  const r1 = form === "columns" ? MAX_ROWS - 1 : (second.row ?? 0);
  const c0 = form === "rows" ? 0 : (first.col ?? 0);
  const c1 = form === "rows" ? MAX_COLUMNS - 1 : (second.col ?? 0);
  if (Math.max(r0, r1) >= MAX_ROWS || Math.max(c0, c1) >= MAX_COLUMNS || r0 < 0 || c0 < 0) return undefined;
  return {
    form,
    area: { r0: Math.min(r0, r1), r1: Math.max(r0, r1), c0: Math.min(c0, c1), c1: Math.max(c0, c1) },
    absolute: [first.absCol, first.absRow, second.absCol, second.absRow],
    range: pieces.length === 2,
  };
}

function lettersToIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

export function formatRef(parts: RefParts, area: Area): string {
  const [ac0, ar0, ac1, ar1] = parts.absolute;
  const col = (c: number, abs: boolean): string => `${abs ? "$" : ""}${columnToLetters(c)}`;
  const row = (r: number, abs: boolean): string => `${abs ? "$" : ""}${r + 1}`;
  if (parts.form === "columns") return `${col(area.c0, ac0)}:${col(area.c1, ac1)}`;
  if (parts.form === "rows") return `${row(area.r0, ar0)}:${row(area.r1, ar1)}`;
  const start = `${col(area.c0, ac0)}${row(area.r0, ar0)}`;
  if (!parts.range) return start;
  return `${start}:${col(area.c1, ac1)}${row(area.r1, ar1)}`;
}

function unquote(prefix: string): string {
  const name = prefix.slice(0, -1);
  return name.startsWith("'") ? name.slice(1, -1).replace(/''/g, "'") : name;
}

/** A reference found in a formula's text, outside string literals. */
export interface FoundReference {
  start: number;
  end: number;
  /** The sheet named in the reference, or undefined for the formula's own sheet. */
  sheet: string | undefined;
  /** The sheet prefix as written ("'My sheet'!"), or "". */
  prefix: string;
  parts: RefParts;
  spill: boolean;
}

/** Every cell, range, whole-row and whole-column reference in a formula, outside text literals. */
export function findReferences(formula: string): FoundReference[] {
  const found: FoundReference[] = [];
  // Text between double quotes is a literal: its content is never a reference.
  const literals: Array<[number, number]> = [];
  for (const m of formula.matchAll(/"(?:[^"]|"")*"/g)) literals.push([m.index, m.index + m[0].length]);
  const inLiteral = (i: number): boolean => literals.some(([a, b]) => i >= a && i < b);
  for (const m of formula.matchAll(REFERENCE)) {
    const start = m.index;
    const end = start + m[0].length;
    if (inLiteral(start)) continue;
    const before = formula[start - 1];
    // Part of a longer name (MyName1, LOG10), a sheet name ending in "!" that did not match, or an
    // error literal: not a reference.
    if (
      before !== undefined &&
      (NAME_CHAR.test(before) || before === "$" || before === "!" || before === "'")
    )
      continue;
    const after = formula[end];
    if (after !== undefined && (NAME_CHAR.test(after) || after === "(" || after === "!" || after === "["))
      continue;
    const parts = parseRef(m[2] ?? "");
    if (!parts) continue;
    const prefix = m[1] ?? "";
    found.push({
      start,
      end,
      sheet: prefix === "" ? undefined : unquote(prefix),
      prefix,
      parts,
      spill: m[3] === "#",
    });
  }
  return found;
}

/**
 * The formula rewritten for a structural change; `formulaSheet` is the name of the sheet the
 * formula is on (references without a sheet point there). Returns the same string when nothing
 * it refers to moved.
 */
export function adjustFormula(formula: string, formulaSheet: string, change: StructuralChange): string {
  const target = change.sheet.toLowerCase();
  let out = "";
  let last = 0;
  for (const ref of findReferences(formula)) {
    const sheet = (ref.sheet ?? formulaSheet).toLowerCase();
    if (sheet !== target) continue;
    const area = adjustArea(ref.parts.area, change);
    const replacement =
      area === null
        ? `${ref.prefix}#REF!`
        : `${ref.prefix}${formatRef(ref.parts, area)}${ref.spill ? "#" : ""}`;
    out += formula.slice(last, ref.start) + replacement;
    last = ref.end;
  }
  return last === 0 ? formula : out + formula.slice(last);
}

/** References to the changed sheet with a deleted area: `Sheet1!#REF!` is read as `#REF!`. */
export function withoutSheetOnErrors(formula: string): string {
  return formula
    .split(/("(?:[^"]|"")*")/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(new RegExp(`${SHEET_PREFIX}#REF!`, "gu"), "#REF!")))
    .join("");
}

/** Cells cut from `from` and pasted at `to` (Range.moveTo), both areas of the same size. */
export interface CellMove {
  fromSheet: string;
  from: Area;
  toSheet: string;
  to: Area;
}

const within = (a: Area, b: Area): boolean => a.r0 >= b.r0 && a.r1 <= b.r1 && a.c0 >= b.c0 && a.c1 <= b.c1;

/**
 * The formula rewritten for cells that moved, as Excel's cut and paste (Range.moveTo) rewrites
 * every formula of the workbook: a reference all inside the moved cells follows them (to their
 * new sheet too), a reference all inside the cells they were pasted over becomes #REF!, any other
 * reference stays as it is (relative ones included: a moved formula keeps pointing at the same
 * cells, so one pointing at its own row follows only if its row moved with it).
 */
export function moveFormula(formula: string, formulaSheet: string, move: CellMove): string {
  const fromSheet = move.fromSheet.toLowerCase();
  const toSheet = move.toSheet.toLowerCase();
  const dr = move.to.r0 - move.from.r0;
  const dc = move.to.c0 - move.from.c0;
  let out = "";
  let last = 0;
  for (const ref of findReferences(formula)) {
    if (ref.parts.form !== "cells") continue;
    const sheet = (ref.sheet ?? formulaSheet).toLowerCase();
    const area = ref.parts.area;
    let replacement: string | undefined;
    if (sheet === fromSheet && within(area, move.from)) {
      const moved = { r0: area.r0 + dr, r1: area.r1 + dr, c0: area.c0 + dc, c1: area.c1 + dc };
      const crosses = toSheet !== (ref.sheet ?? formulaSheet).toLowerCase();
      const prefix = crosses ? `${quoteName(move.toSheet)}!` : ref.prefix;
      replacement = `${prefix}${formatRef(ref.parts, moved)}${ref.spill ? "#" : ""}`;
    } else if (sheet === toSheet && within(area, move.to)) {
      replacement = `${ref.prefix}#REF!`;
    }
    if (replacement === undefined) continue;
    out += formula.slice(last, ref.start) + replacement;
    last = ref.end;
  }
  return last === 0 ? formula : out + formula.slice(last);
}

function quoteName(name: string): string {
  return /^[\p{L}_][\p{L}\p{N}_.]*$/u.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}
