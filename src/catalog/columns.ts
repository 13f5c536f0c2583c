// Finding the header row and the columns it names: which row is the header, and which of two
// columns naming one field holds it.

import { cellType, cleanText, columnLetter, parseDeletionMark, valueText } from "./cells";
import { normaliseGuid } from "./guidText";
import { matchHeaderStrength } from "./headers";
import { problemAt } from "./problems";
import type { CatalogField, CellBlock, CellValue, ColumnMapping, Problem } from "./types";
import { CATALOG_FIELDS } from "./types";

/** The header is looked for in this many rows at the top of the block (titles may sit above it). */
export const HEADER_SCAN_ROWS = 30;
/** A header row must name the Code column and at least this many fields in all. */
const MIN_HEADER_FIELDS = 2;
/** Cells below a header read to tell which of two columns holds a field. */
const CONTENT_SAMPLE_ROWS = 200;

export interface HeaderDetection {
  /** null when no row of the scanned ones looks like a header. */
  mapping: ColumnMapping | null;
  problems: Problem[];
}

interface Candidate {
  offset: number;
  weak: boolean;
}

/** The fields a row's cells name, each with the columns (block offsets) naming it. */
function headerFields(block: CellBlock, r: number): Map<CatalogField, Candidate[]> {
  const row = block.values[r] ?? [];
  const fields = new Map<CatalogField, Candidate[]>();
  for (let c = 0; c < row.length; c++) {
    const value = row[c];
    if (value === undefined || typeof value !== "string") continue;
    if (cellType(value, block.valueTypes?.[r]?.[c]) !== "String") continue;
    const match = matchHeaderStrength(valueText(value));
    if (match === null) continue;
    const list = fields.get(match.field);
    if (list) list.push({ offset: c, weak: match.weak });
    else fields.set(match.field, [{ offset: c, weak: match.weak }]);
  }
  return fields;
}

/** Block row offset of the header row found in the first rows, or null. */
export function findHeaderRow(block: CellBlock): number | null {
  let best: number | null = null;
  let bestScore = 0;
  const rows = Math.min(block.values.length, HEADER_SCAN_ROWS);
  for (let r = 0; r < rows; r++) {
    const fields = headerFields(block, r);
    const score = fields.size;
    if (fields.has("Code") && score >= MIN_HEADER_FIELDS && score > bestScore) {
      best = r;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Find the header row: among the first HEADER_SCAN_ROWS rows, the one naming the most fields,
 * provided it names Code and at least MIN_HEADER_FIELDS fields; the earliest wins a tie (a
 * second header row below it, as in bilingual headers, is then reported in the data). When a
 * field is named by two columns, the content below decides (see chooseColumn).
 */
export function detectHeader(block: CellBlock): HeaderDetection {
  const r = findHeaderRow(block);
  if (r === null) return { mapping: null, problems: [] };
  const fields = headerFields(block, r);
  const headerRow = block.startRow + r;
  const mapping: ColumnMapping = { headerRow, columns: {} };
  const problems: Problem[] = [];
  for (const field of CATALOG_FIELDS) {
    const candidates = fields.get(field);
    if (!candidates || candidates.length === 0) continue;
    const choice = chooseColumn(block, r + 1, field, candidates);
    const used = columnLetter(block.startColumn + choice.chosen);
    mapping.columns[field] = used;
    const others = candidates.filter((c) => c.offset !== choice.chosen);
    if (choice.ambiguous) {
      const letters = candidates.map((c) => columnLetter(block.startColumn + c.offset));
      problems.push(
        problemAt(
          { sheet: block.sheet, row: headerRow, columnIndex: block.startColumn + choice.chosen },
          "ambiguous-column",
          "error",
          field,
          { columns: letters, header: headerText(block, r, choice.chosen) },
        ),
      );
      continue;
    }
    for (const other of others) {
      const values = {
        header: headerText(block, r, other.offset),
        usedColumn: used,
        usedHeader: headerText(block, r, choice.chosen),
      };
      const place = { sheet: block.sheet, row: headerRow, columnIndex: block.startColumn + other.offset };
      problems.push(problemAt(place, "duplicate-column", "warning", field, values, choice.reason));
    }
  }
  return { mapping, problems };
}

function headerText(block: CellBlock, r: number, offset: number): string {
  const v = block.values[r]?.[offset];
  return v === undefined ? "" : valueText(v);
}

/** How well a cell fits a field: true when it holds what the field holds. */
function fits(field: CatalogField, value: CellValue): boolean {
  switch (field) {
    case "Guid":
      return typeof value === "string" && normaliseGuid(value) !== null;
    case "Price":
      return (
        typeof value === "number" || (typeof value === "string" && /^[\d\s'’.,+-]+$/.test(cleanText(value)))
      );
    case "CurrencyCharCode":
      return typeof value === "string" && /^[A-Za-z]{3}$/.test(cleanText(value));
    case "Delete":
      return parseDeletionMark(value) !== null;
    case "Code":
      return typeof value === "string" && /[\p{L}\p{N}]/u.test(value);
    default:
      return typeof value === "string";
  }
}

/**
 * Of the columns naming one field, the one whose cells below hold what the field holds (a GUID
 * column rather than a row-number column headed "ID"); among equally fitting columns, the one
 * with a strong header ("Цена" rather than "Стоимость"). Two that still tie are ambiguous.
 */
function chooseColumn(
  block: CellBlock,
  firstDataRow: number,
  field: CatalogField,
  candidates: readonly Candidate[],
): { chosen: number; ambiguous: boolean; reason: "content" | "header" } {
  const first = candidates[0] as Candidate;
  if (candidates.length === 1) return { chosen: first.offset, ambiguous: false, reason: "header" };
  const scored = candidates.map((c) => {
    let filled = 0;
    let fitting = 0;
    const end = Math.min(block.values.length, firstDataRow + CONTENT_SAMPLE_ROWS);
    for (let r = firstDataRow; r < end; r++) {
      const v = block.values[r]?.[c.offset];
      if (v === undefined || v === "" || (typeof v === "string" && cleanText(v) === "")) continue;
      filled++;
      if (fits(field, v)) fitting++;
    }
    // Share of filled cells that fit, in tenths, so small differences do not decide.
    const fit = filled === 0 ? 0 : Math.round((fitting / filled) * 10);
    return { c, fit, strength: c.weak ? 0 : 1 };
  });
  scored.sort((a, b) => b.fit - a.fit || b.strength - a.strength || a.c.offset - b.c.offset);
  const [best, second] = scored as [(typeof scored)[number], (typeof scored)[number]];
  const reason = best.fit !== second.fit ? "content" : "header";
  const ambiguous = best.fit === second.fit && best.strength === second.strength;
  return { chosen: best.c.offset, ambiguous, reason };
}
