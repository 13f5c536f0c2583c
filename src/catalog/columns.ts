// Header row detection and column mapping: which header names which field, which of two columns
// naming one field holds it, which columns hold data nobody reads, and whether a saved mapping
// still fits its sheet.

import {
  cellType,
  cleanText,
  columnIndex,
  columnLetter,
  normaliseGuid,
  parseDeletionMark,
  valueText,
} from "./cells";
import { problemAt } from "./problems";
import type { CatalogField, CellBlock, CellValue, ColumnMapping, Problem, UnmappedColumn } from "./types";
import { CATALOG_FIELDS } from "./types";
import type { FieldColumns } from "./rows";

/** The header is looked for in this many rows at the top of the block (titles may sit above it). */
export const HEADER_SCAN_ROWS = 30;
/** A header row must name the Code column and at least this many fields in all. */
const MIN_HEADER_FIELDS = 2;
/** A header names its field in its first few words; longer cells are titles or notes. */
const MAX_HEADER_WORDS = 6;
/** Cells below a header read to tell which of two columns holds a field. */
const CONTENT_SAMPLE_ROWS = 200;
/** "Код: 12-345", "Наименование: Школа": a label followed by its value, not a header. */
const LABEL_WITH_VALUE = /:\s*\S/;

/**
 * Header words per field, already normalised (lower case, letters and digits only, ё as е). A
 * header matches an alias when its words, or its first words, join to the alias, so "Ед. изм.",
 * "ед изм" and "ЕД.ИЗМ" all meet "едизм", and "Цена без НДС, руб." meets "ценабезндс" (the
 * longest alias its first words make wins: "Unit rate" is a price, not a unit).
 */
export const HEADER_ALIASES: Readonly<Record<CatalogField, readonly string[]>> = {
  Guid: [
    "guid",
    "uuid",
    "externalid",
    "идентификатор",
    "гуид",
    "внешнийидентификатор",
    "guidпозиции",
    "id",
    "ид",
  ],
  Code: [
    "code",
    "код",
    "шифр",
    "positioncode",
    "itemcode",
    "кодпозиции",
    "шифрпозиции",
    "обозначение",
    "шифррасценки",
    "кодресурса",
    "артикул",
    "sectionnumber",
    "number",
  ],
  Name: [
    "name",
    "title",
    "наименование",
    "название",
    "description",
    "positionname",
    "itemname",
    "itemdescription",
    "наименованиеработ",
    "наименованиематериала",
    "наименованиеработизатрат",
    "наименованиепозиции",
    "наименованиересурса",
    "описание",
  ],
  Price: [
    "price",
    "цена",
    "unitprice",
    "unitrate",
    "rate",
    "priceperunit",
    "ценазаединицу",
    "ценаединицы",
    "ценазаед",
    "ценабезндс",
    "ценасндс",
    "расценка",
    "стоимостьединицы",
    "стоимостьзаединицу",
    "стоимость",
    "cost",
    "unitcost",
  ],
  Unit: [
    "unit",
    "units",
    "uom",
    "unitofmeasure",
    "unitofmeasurement",
    "measure",
    "ед",
    "едизм",
    "едизмерения",
    "единица",
    "единицаизм",
    "единицаизмерения",
    "единицыизмерения",
  ],
  CurrencyCharCode: ["currency", "currencycode", "currencycharcode", "валюта", "кодвалюты"],
  Binding: ["binding", "привязка"],
  ControlPoints: ["controlpoints", "controlpoint", "контрольныеточки", "контрольнаяточка", "кт"],
  Delete: [
    "delete",
    "deleted",
    "del",
    "remove",
    "todelete",
    "markfordeletion",
    "удалить",
    "удаление",
    "удалено",
    "пометкаудаления",
    "кудалению",
  ],
};

/**
 * Aliases that often name something else: "ID" is as often a row number as a GUID, "Стоимость"
 * and "Cost" as often a total (quantity × price) as a unit price, "Number" a row number. When
 * two columns name one field, a column with a strong header wins over one with a weak header.
 */
const WEAK_ALIASES: ReadonlySet<string> = new Set(["id", "ид", "стоимость", "cost", "number", "rate"]);

const ALIAS_TO_FIELD: ReadonlyMap<string, CatalogField> = new Map(
  CATALOG_FIELDS.flatMap((field) => HEADER_ALIASES[field].map((alias) => [alias, field] as const)),
);

/** Lower case, letters and digits only, ё folded to е: the form header words are compared in. */
export function normaliseHeader(text: string): string {
  return headerWords(text).join("");
}

function headerWords(text: string): string[] {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/ё/g, "е")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "");
}

export interface HeaderMatch {
  field: CatalogField;
  /** A weak alias ("ID", "Стоимость"): loses to a strong one for the same field. */
  weak: boolean;
}

/** The field a header cell names, with how sure the name is, or null. */
export function matchHeaderStrength(text: string): HeaderMatch | null {
  if (LABEL_WITH_VALUE.test(text)) return null;
  const words = headerWords(text);
  if (words.length === 0 || words.length > MAX_HEADER_WORDS) {
    if (words.length === 0) return null;
    words.length = MAX_HEADER_WORDS;
  }
  for (let n = words.length; n >= 1; n--) {
    const alias = words.slice(0, n).join("");
    const field = ALIAS_TO_FIELD.get(alias);
    if (field !== undefined) return { field, weak: WEAK_ALIASES.has(alias) };
  }
  return null;
}

/** The field a header cell names, or null. */
export function matchHeader(text: string): CatalogField | null {
  return matchHeaderStrength(text)?.field ?? null;
}

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

/**
 * Check a mapping (detected or supplied) against the block: letters must be columns inside the
 * block, one field per column. Returns the sheet column index of each mapped field.
 */
export function resolveMapping(
  block: CellBlock,
  mapping: ColumnMapping,
): { columns: FieldColumns; problems: Problem[] } {
  const problems: Problem[] = [];
  const columns: FieldColumns = {};
  const width = blockWidth(block);
  const anchor = {
    sheet: block.sheet,
    row: mapping.headerRow ?? block.startRow,
    columnIndex: block.startColumn,
  };
  const owner = new Map<number, CatalogField>();
  for (const field of CATALOG_FIELDS) {
    const letters = mapping.columns[field];
    if (letters === undefined) continue;
    const index = columnIndex(letters);
    const offset = index === null ? -1 : index - block.startColumn;
    if (index === null || offset < 0 || offset >= width) {
      const reason = index === null ? "not-a-column" : "outside-range";
      problems.push(problemAt(anchor, "invalid-mapping", "error", field, { column: letters }, reason));
      continue;
    }
    const taken = owner.get(offset);
    if (taken !== undefined) {
      const values = { column: columnLetter(index), otherField: taken };
      problems.push(
        problemAt(
          { ...anchor, columnIndex: index },
          "invalid-mapping",
          "error",
          field,
          values,
          "same-column",
        ),
      );
      continue;
    }
    owner.set(offset, field);
    columns[field] = index;
  }
  if (mapping.headerRow !== null) {
    const headerOffset = mapping.headerRow - block.startRow;
    if (headerOffset < 0 || headerOffset >= block.values.length) {
      problems.push(
        problemAt(
          { ...anchor, row: block.startRow },
          "invalid-mapping",
          "error",
          null,
          { headerRow: mapping.headerRow },
          "header-outside-range",
        ),
      );
    }
  }
  return { columns, problems };
}

/**
 * A saved or chosen mapping names its header row; the sheet may have changed since (rows
 * inserted above, a different table selected). When the header the sheet now has sits in
 * another row, or the named row holds data (a number under Code or Price), the mapping no
 * longer fits: reading with it would skip a real row or import the header.
 */
export function checkMappingHeader(
  block: CellBlock,
  mapping: ColumnMapping,
  columns: FieldColumns,
): Problem[] {
  if (mapping.headerRow === null) return [];
  const r = mapping.headerRow - block.startRow;
  if (r < 0 || r >= block.values.length) return [];
  const found = findHeaderRow(block);
  const foundRow = found === null ? null : block.startRow + found;
  const at = { sheet: block.sheet, row: mapping.headerRow, columnIndex: columns.Code ?? block.startColumn };
  if (foundRow !== null && foundRow !== mapping.headerRow) {
    return [
      problemAt(at, "mapping-header-mismatch", "error", null, { headerRow: mapping.headerRow, foundRow }),
    ];
  }
  const row = block.values[r] ?? [];
  for (const field of ["Code", "Price"] as const) {
    const c = columns[field];
    if (c === undefined) continue;
    const v = row[c - block.startColumn];
    if (typeof v === "number") {
      return [
        problemAt({ ...at, columnIndex: c }, "mapping-header-mismatch", "error", field, {
          headerRow: mapping.headerRow,
          text: valueText(v),
        }),
      ];
    }
  }
  return [];
}

/** Columns of the widest row. */
export function blockWidth(block: CellBlock): number {
  let width = 0;
  for (const row of block.values) if (row.length > width) width = row.length;
  return width;
}

/**
 * Columns of the block that hold data below the header but are not mapped, each reported once
 * (at its header cell) so nothing the user typed is dropped without a word. A column already
 * reported as a second column for a field is listed but not reported again.
 */
export function findUnmappedColumns(
  block: CellBlock,
  mapping: ColumnMapping,
  columns: FieldColumns,
  reported: ReadonlySet<number>,
): { unmapped: UnmappedColumn[]; problems: Problem[] } {
  const mapped = new Set<number>(Object.values(columns));
  const width = blockWidth(block);
  const headerOffset = mapping.headerRow === null ? null : mapping.headerRow - block.startRow;
  const first = headerOffset === null ? 0 : Math.max(0, headerOffset + 1);
  const unmapped: UnmappedColumn[] = [];
  const problems: Problem[] = [];
  for (let c = 0; c < width; c++) {
    const index = block.startColumn + c;
    if (mapped.has(index)) continue;
    let filledRows = 0;
    for (let r = first; r < block.values.length; r++) {
      const v = block.values[r]?.[c];
      if (v === undefined || v === "") continue;
      if (typeof v === "string" && cleanText(v) === "") continue;
      filledRows++;
    }
    if (filledRows === 0) continue;
    const header =
      headerOffset !== null && headerOffset >= 0 ? valueText(block.values[headerOffset]?.[c] ?? "") : "";
    const suggestion = header === "" ? null : matchHeader(header);
    const column = columnLetter(index);
    unmapped.push({ column, header, filledRows, suggestion });
    if (reported.has(index)) continue;
    const row = mapping.headerRow ?? block.startRow;
    problems.push(
      problemAt({ sheet: block.sheet, row, columnIndex: index }, "unmapped-column", "warning", null, {
        column,
        header,
        filledRows,
        suggestion: suggestion ?? "",
      }),
    );
  }
  return { unmapped, problems };
}
