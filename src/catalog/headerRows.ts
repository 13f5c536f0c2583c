// Where the header is, on sheets laid out for people: the row naming the most fields among the
// first rows; a row above it that names the same fields but is a title (rows that are no data lie
// between them); and a header spread over two rows (a merged "Цена" above "за ед." and "валюта",
// or "Code" above "Guid" in one row and a merged "Price" above two in the next), read together.

import { cellType, valueText } from "./cells";
import {
  isHeaderLike,
  isTotalHeader,
  matchHeaderStrength,
  matchJoinedHeader,
  type HeaderMatch,
} from "./headers";
import type { CatalogField, CellBlock } from "./types";

/** The header is looked for in this many rows at the top of the block (titles may sit above it). */
export const HEADER_SCAN_ROWS = 30;
/** A header row must name the Code column and at least this many fields in all. */
const MIN_HEADER_FIELDS = 2;
/** Text a price or a code could be: never a sub-header. */
const NUMBER_LIKE = /^[\d\s'’.,+-]+$/;

/** What the header of a block is, as found: its rows and each column's header. */
export interface HeaderLayout {
  /** Block offset of the header's first row (last - 1 when it spreads over two rows). */
  first: number;
  /** Block offset of the header's last row: the data starts below it. */
  last: number;
  /** Each column's header as read (two rows joined by a space), "" where there is none. */
  texts: string[];
  /** The field each column's header names, or null. */
  matches: (HeaderMatch | null)[];
  /** Columns (block offsets) whose header is read from both rows. */
  joined: number[];
  /** Which row completes the one naming Code: the row below it, or a row of merged names above. */
  spread: "below" | "above" | null;
  /** An earlier row naming Code and another field, taken for a title above the table. */
  title: { row: number; fields: CatalogField[]; codeOffset: number } | null;
}

/** One row's cells as header text: "" for a blank cell; `other` when a cell holds a number or TRUE. */
interface RowText {
  texts: string[];
  other: boolean;
}

function rowText(block: CellBlock, r: number): RowText {
  const row = block.values[r] ?? [];
  const texts: string[] = [];
  let other = false;
  for (let c = 0; c < row.length; c++) {
    const value = row[c];
    const type = cellType(value, block.valueTypes?.[r]?.[c]);
    if (type === "String" && typeof value === "string") texts.push(valueText(value));
    else {
      texts.push("");
      if (type !== "Empty") other = true;
    }
  }
  return { texts, other };
}

interface Candidate {
  r: number;
  matches: (HeaderMatch | null)[];
  fields: Set<CatalogField>;
}

function candidateOf(block: CellBlock, r: number): Candidate {
  const matches = rowText(block, r).texts.map((t) => (t === "" ? null : matchHeaderStrength(t)));
  const fields = new Set<CatalogField>();
  for (const m of matches) if (m !== null) fields.add(m.field);
  return { r, matches, fields };
}

const namesHeader = (c: Candidate): boolean => c.fields.has("Code") && c.fields.size >= MIN_HEADER_FIELDS;

/**
 * Find the header: among the first HEADER_SCAN_ROWS rows, the one naming the most fields, provided
 * it names Code and at least MIN_HEADER_FIELDS fields; the earliest wins a tie (a second header
 * row right below, as in bilingual headers, is then reported in the data), unless only rows that
 * hold no data lie between the two: the earlier is then a title above the table ("Код
 * Наименование" over the real header). Then the row below or above it may complete it.
 */
export function findHeaderLayout(block: CellBlock): HeaderLayout | null {
  const rows = Math.min(block.values.length, HEADER_SCAN_ROWS);
  const candidates: Candidate[] = [];
  let best: Candidate | null = null;
  for (let r = 0; r < rows; r++) {
    const c = candidateOf(block, r);
    if (!namesHeader(c)) continue;
    candidates.push(c);
    if (best === null || c.fields.size > best.fields.size) best = c;
  }
  if (best === null) return null;
  let header: Candidate = best;
  for (const later of candidates) {
    if (later.r <= header.r || later.fields.size !== best.fields.size) continue;
    // The same words again are a repeated header (page breaks): the first stays the header.
    if (later.r === header.r + 1 || sameTexts(block, header.r, later.r)) continue;
    if (onlyTitlesBetween(block, header.r, later.r)) header = later;
  }
  const layout = spreadLayout(block, header) ?? single(block, header);
  const above = candidates.find((c) => c.r < layout.first);
  if (above !== undefined) {
    const codeOffset = above.matches.findIndex((m) => m?.field === "Code");
    layout.title = { row: above.r, fields: [...above.fields], codeOffset };
  }
  return layout;
}

/**
 * Whether the rows between a header-like row and a later one are titles: each blank or with one
 * cell filled ("Справочник материалов"). A row with two cells filled may be a position (a code
 * and a name), so the earlier row stays the header and the later one is reported in the data.
 */
function onlyTitlesBetween(block: CellBlock, upper: number, lower: number): boolean {
  for (let r = upper + 1; r < lower; r++) {
    let filled = 0;
    for (const v of block.values[r] ?? []) {
      if (v !== "" && !(typeof v === "string" && v.trim() === "")) filled++;
    }
    if (filled > 1) return false;
  }
  return true;
}

function sameTexts(block: CellBlock, a: number, b: number): boolean {
  const ta = rowText(block, a).texts;
  const tb = rowText(block, b).texts;
  const width = Math.max(ta.length, tb.length);
  for (let c = 0; c < width; c++) if ((ta[c] ?? "") !== (tb[c] ?? "")) return false;
  return true;
}

function single(block: CellBlock, header: Candidate): HeaderLayout {
  return {
    first: header.r,
    last: header.r,
    texts: rowText(block, header.r).texts,
    matches: header.matches,
    joined: [],
    spread: null,
    title: null,
  };
}

/** The header read from two rows, when the row below (or above) the one found completes it. */
function spreadLayout(block: CellBlock, header: Candidate): HeaderLayout | null {
  const own = rowText(block, header.r);
  if (header.r + 1 < block.values.length) {
    const below = rowText(block, header.r + 1);
    if (subHeaderRow(below) && codeCellsRepeat(header, own, below)) {
      const joined = joinRows(own.texts, below.texts, "below");
      if (joined !== null) return { ...joined, first: header.r, last: header.r + 1, spread: "below" };
    }
  }
  if (header.r >= 1) {
    const above = rowText(block, header.r - 1);
    if (subHeaderRow(above)) {
      const joined = joinRows(above.texts, own.texts, "above");
      if (joined !== null) return { ...joined, first: header.r - 1, last: header.r, spread: "above" };
    }
  }
  return null;
}

/** A row that can be part of a header: text only, short, no numbers, something in it. */
function subHeaderRow(row: RowText): boolean {
  if (row.other) return false;
  let any = false;
  for (const t of row.texts) {
    if (t === "") continue;
    if (NUMBER_LIKE.test(t) || !isHeaderLike(t)) return false;
    any = true;
  }
  return any;
}

/** Below a header, the Code cell of a second header row is blank (merged down) or repeats it. */
function codeCellsRepeat(header: Candidate, own: RowText, below: RowText): boolean {
  for (let c = 0; c < header.matches.length; c++) {
    if (header.matches[c]?.field !== "Code") continue;
    const text = below.texts[c] ?? "";
    if (text !== "" && text !== own.texts[c]) return false;
  }
  return true;
}

/**
 * Each column's header read from an upper and a lower row: the upper text (or that of a merged
 * cell to its left, which spans the columns below it) joined with the lower one. The lower words
 * decide where they name a field alone ("валюта"), or with the upper ones ("Цена" + "за ед.");
 * otherwise the upper words do, unless the lower ones mark a total ("всего"). Null when the
 * lower row's words name nothing the upper row does not already (two unrelated rows).
 */
function joinRows(
  upper: readonly string[],
  lower: readonly string[],
  spread: "below" | "above",
): Pick<HeaderLayout, "texts" | "matches" | "joined" | "title"> | null {
  const width = Math.max(upper.length, lower.length);
  const texts: string[] = [];
  const matches: (HeaderMatch | null)[] = [];
  const joined: number[] = [];
  let evidence = false;
  /** The upper text spanning this column: its own, or a merged one's to the left. */
  let spanning = "";
  for (let c = 0; c < width; c++) {
    const top = upper[c] ?? "";
    const sub = lower[c] ?? "";
    if (top !== "") spanning = top;
    else if (sub === "") spanning = "";
    const parent = top !== "" ? top : spanning;
    if (sub === "" || sub === parent || parent === "") {
      const text = sub === "" ? parent : sub;
      texts.push(text);
      matches.push(text === "" ? null : matchHeaderStrength(text));
      continue;
    }
    const text = `${parent} ${sub}`;
    const whole = matchJoinedHeader(parent, sub);
    const alone = matchHeaderStrength(sub);
    const fromParent = isTotalHeader(sub) ? null : matchHeaderStrength(parent);
    const match = whole ?? alone ?? fromParent;
    texts.push(text);
    matches.push(match);
    joined.push(c);
    const before = spread === "below" ? (top === "" ? null : matchHeaderStrength(top)) : alone;
    // Evidence that the rows are one header: the words of both spell a field ("Price per unit"),
    // a sub-header names a field its merged cell does not ("currency" under "Price"), or (a row of
    // merged names above) the header's own words name nothing and the cell right above them does
    // (a title spanning from the left, "Стоимость материалов", is no evidence).
    if (whole !== null) evidence = true;
    else if (spread === "below" && alone !== null && alone.field !== before?.field) evidence = true;
    else if (spread === "above" && alone === null && top !== "" && fromParent !== null) evidence = true;
  }
  return evidence ? { texts, matches, joined, title: null } : null;
}

/**
 * Each column's header as the check reads it when the mapping's header row is the second row of
 * a header spread over two ("Цена за ед." for "за ед." under a merged "Цена"), to label the
 * columns offered in the mapping; null when the header is one row (its cells say it as they are).
 */
export function spreadHeaderTexts(block: CellBlock, headerRow: number | null): string[] | null {
  if (headerRow === null) return null;
  const layout = findHeaderLayout(block);
  if (layout === null || layout.spread === null || block.startRow + layout.last !== headerRow) return null;
  return layout.texts;
}
