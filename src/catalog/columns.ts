// Finding the header row and the columns it names: which row is the header, and which of two
// columns naming one field holds it.

import { cellAddress, cleanText, columnIndex, columnLetter, parseDeletionMark } from "./cells";
import { normaliseGuid } from "./guidText";
import { findHeaderLayout, type HeaderLayout } from "./headerRows";
import { isRowNumberHeader } from "./headers";
import { problemAt } from "./problems";
import type { CatalogField, CellBlock, CellValue, ColumnMapping, Problem } from "./types";
import { CATALOG_FIELDS } from "./types";

/** Cells below a header read to tell which of two columns holds a field. */
const CONTENT_SAMPLE_ROWS = 200;
/** A whole number as a row-number column holds it: 1, 2, 3 (or "1", "2." typed as text). */
const ROW_NUMBER_TEXT = /^\d{1,7}\.?$/;

export { HEADER_SCAN_ROWS } from "./headerRows";

export interface HeaderDetection {
  /** null when no row of the scanned ones looks like a header. */
  mapping: ColumnMapping | null;
  problems: Problem[];
}

interface Candidate {
  offset: number;
  weak: boolean;
}

/** The fields the header names, each with the columns (block offsets) naming it. */
function headerFields(layout: HeaderLayout): Map<CatalogField, Candidate[]> {
  const fields = new Map<CatalogField, Candidate[]>();
  layout.matches.forEach((match, c) => {
    if (match === null) return;
    const list = fields.get(match.field);
    if (list) list.push({ offset: c, weak: match.weak });
    else fields.set(match.field, [{ offset: c, weak: match.weak }]);
  });
  return fields;
}

/** Block row offset of the header's last row (the data starts below it), or null. */
export function findHeaderRow(block: CellBlock): number | null {
  return findHeaderLayout(block)?.last ?? null;
}

/**
 * Find the header (headerRows.ts: the row naming the most fields, a title above it told apart, a
 * header spread over two rows read together) and the column of each field. When a field is named
 * by two columns, the content below decides (see chooseColumn); a column headed "ID" holding
 * whole numbers is taken for row numbers, not for the Guid. What was assumed is reported.
 */
export function detectHeader(block: CellBlock): HeaderDetection {
  const layout = findHeaderLayout(block);
  if (layout === null) return { mapping: null, problems: [] };
  const fields = headerFields(layout);
  const r = layout.last;
  const headerRow = block.startRow + r;
  const mapping: ColumnMapping = { headerRow, columns: {} };
  const problems: Problem[] = [];
  const at = (offset: number, row = headerRow) => ({
    sheet: block.sheet,
    row,
    columnIndex: block.startColumn + offset,
  });
  const letter = (offset: number): string => columnLetter(block.startColumn + offset);
  /** The header text of a column of the block ("" when its header cell is blank). */
  const headerOf = (offset: number): string => layout.texts[offset] ?? "";
  const rowNumbers: Candidate[] = [];
  for (const field of CATALOG_FIELDS) {
    let candidates = fields.get(field);
    if (!candidates || candidates.length === 0) continue;
    if (field === "Guid") {
      for (const c of candidates) if (c.weak && holdsRowNumbers(block, r + 1, c.offset)) rowNumbers.push(c);
      candidates = candidates.filter((c) => !rowNumbers.includes(c));
      if (candidates.length === 0) continue;
    }
    const choice = chooseColumn(block, r + 1, field, candidates);
    const used = letter(choice.chosen);
    mapping.columns[field] = used;
    const others = candidates.filter((c) => c.offset !== choice.chosen);
    if (choice.ambiguous) {
      const letters = candidates.map((c) => letter(c.offset));
      const values = { columns: letters, header: headerOf(choice.chosen) };
      problems.push(problemAt(at(choice.chosen), "ambiguous-column", "error", field, values));
      continue;
    }
    for (const other of others) {
      const values = {
        header: headerOf(other.offset),
        usedColumn: used,
        usedHeader: headerOf(choice.chosen),
      };
      problems.push(problemAt(at(other.offset), "duplicate-column", "warning", field, values, choice.reason));
    }
  }
  const guid = mapping.columns.Guid;
  for (const c of rowNumbers) {
    const values = {
      column: letter(c.offset),
      header: headerOf(c.offset),
      usedColumn: guid ?? "",
      usedHeader: guid === undefined ? "" : headerOf((columnIndex(guid) ?? 0) - block.startColumn),
    };
    problems.push(problemAt(at(c.offset), "row-number-column", "warning", "Guid", values, "id"));
  }
  // A "№" column is said to number the rows, rather than reported as data nobody reads.
  layout.texts.forEach((text, c) => {
    if (layout.matches[c] !== null || !isRowNumberHeader(text) || !holdsRowNumbers(block, r + 1, c)) return;
    const values = { column: letter(c), header: text, usedColumn: "", usedHeader: "" };
    problems.push(problemAt(at(c), "row-number-column", "warning", null, values, "numbering"));
  });
  if (layout.spread !== null) {
    const code = columnIndex(mapping.columns.Code ?? "") ?? block.startColumn;
    const values = {
      firstRow: block.startRow + layout.first,
      headerRow,
      codeCell: cellAddress(code, headerRow),
      columns: layout.joined.map(letter),
      headers: layout.joined.map(headerOf),
    };
    // Named at the first cell whose words complete the row above: where the two rows meet.
    const place = at(layout.joined[0] ?? code - block.startColumn);
    problems.push(problemAt(place, "header-two-rows", "warning", null, values, layout.spread));
  }
  if (layout.title !== null) {
    const t = layout.title;
    const values = {
      titleRow: block.startRow + t.row,
      headerRow: block.startRow + layout.first,
      fields: t.fields,
    };
    const place = at(Math.max(0, t.codeOffset), block.startRow + t.row);
    problems.push(problemAt(place, "title-above-header", "warning", null, values));
  }
  return { mapping, problems };
}

/**
 * Whether a column's cells below the header are all whole numbers (1, 2, 3): the row numbers a
 * "№" or "ID" column holds, which no GUID is.
 */
function holdsRowNumbers(block: CellBlock, firstDataRow: number, offset: number): boolean {
  let filled = 0;
  const end = Math.min(block.values.length, firstDataRow + CONTENT_SAMPLE_ROWS);
  for (let r = firstDataRow; r < end; r++) {
    const v = block.values[r]?.[offset];
    if (v === undefined || v === "" || (typeof v === "string" && cleanText(v) === "")) continue;
    filled++;
    if (typeof v === "boolean") return false;
    if (typeof v === "number" ? !Number.isInteger(v) || v < 0 : !ROW_NUMBER_TEXT.test(cleanText(v)))
      return false;
  }
  return filled > 0;
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
