// Header row detection and column mapping.

import { cellType, columnIndex, columnLetter, valueText } from "./cells";
import { problemAt } from "./problems";
import type { CatalogField, CellBlock, ColumnMapping, Problem } from "./types";
import { CATALOG_FIELDS, FIELD_LABELS } from "./types";

/** The header is looked for in this many rows at the top of the block (titles may sit above it). */
export const HEADER_SCAN_ROWS = 30;
/** Where the qualifier of a header begins: "Цена, руб.", "Price (EUR)", "Unit / Ед. изм.". */
const HEADER_QUALIFIER = /[,([/:;]/;
/** A header row must name the Code column and at least this many fields in all. */
const MIN_HEADER_FIELDS = 2;

/**
 * Header words per field, already normalised (lower case, letters and digits only, ё as е).
 * Matching a header cell normalises it the same way, so "Ед. изм.", "ед изм" and "ЕД.ИЗМ"
 * all meet "едизм".
 */
export const HEADER_ALIASES: Readonly<Record<CatalogField, readonly string[]>> = {
  Guid: [
    "guid",
    "id",
    "uuid",
    "externalid",
    "идентификатор",
    "ид",
    "гуид",
    "внешнийидентификатор",
    "guidпозиции",
  ],
  Code: ["code", "код", "шифр", "positioncode", "itemcode", "кодпозиции", "шифрпозиции", "обозначение"],
  Name: [
    "name",
    "наименованиеработ",
    "наименованиематериала",
    "наименованиеработизатрат",
    "наименование",
    "название",
    "description",
    "positionname",
    "itemname",
    "наименованиепозиции",
    "описание",
  ],
  Price: [
    "price",
    "цена",
    "стоимость",
    "unitprice",
    "rate",
    "cost",
    "ценазаединицу",
    "ценаединицы",
    "ценазаед",
  ],
  Unit: [
    "unit",
    "units",
    "uom",
    "unitofmeasure",
    "unitofmeasurement",
    "ед",
    "едизм",
    "единица",
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

const ALIAS_TO_FIELD: ReadonlyMap<string, CatalogField> = new Map(
  CATALOG_FIELDS.flatMap((field) => HEADER_ALIASES[field].map((alias) => [alias, field] as const)),
);

/** Lower case, letters and digits only, ё folded to е: the form header words are compared in. */
export function normaliseHeader(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

/** The field a header cell names, or null. */
export function matchHeader(text: string): CatalogField | null {
  const whole = ALIAS_TO_FIELD.get(normaliseHeader(text));
  if (whole !== undefined) return whole;
  // Headers often carry a unit or currency after a comma or in brackets: "Цена, руб.",
  // "Price (EUR)", "Unit / Ед. изм.". The words before that qualifier name the field.
  const head = text.split(HEADER_QUALIFIER)[0] ?? "";
  return head === text ? null : (ALIAS_TO_FIELD.get(normaliseHeader(head)) ?? null);
}

export interface HeaderDetection {
  /** null when no row of the scanned ones looks like a header. */
  mapping: ColumnMapping | null;
  problems: Problem[];
}

/**
 * Find the header row: among the first HEADER_SCAN_ROWS rows, the one naming the most fields,
 * provided it names Code and at least MIN_HEADER_FIELDS fields; the earliest wins a tie. When a
 * field is named twice, the leftmost column is used and the other is reported.
 */
export function detectHeader(block: CellBlock): HeaderDetection {
  let best: { r: number; columns: Map<CatalogField, number[]> } | null = null;
  let bestScore = 0;
  const rows = Math.min(block.values.length, HEADER_SCAN_ROWS);
  for (let r = 0; r < rows; r++) {
    const row = block.values[r] ?? [];
    const columns = new Map<CatalogField, number[]>();
    for (let c = 0; c < row.length; c++) {
      const value = row[c];
      if (value === undefined || typeof value !== "string") continue;
      if (cellType(value, block.valueTypes?.[r]?.[c]) !== "String") continue;
      const field = matchHeader(valueText(value));
      if (field === null) continue;
      const list = columns.get(field);
      if (list) list.push(c);
      else columns.set(field, [c]);
    }
    const score = columns.size;
    if (columns.has("Code") && score >= MIN_HEADER_FIELDS && score > bestScore) {
      best = { r, columns };
      bestScore = score;
    }
  }
  if (best === null) return { mapping: null, problems: [] };

  const headerRow = block.startRow + best.r;
  const mapping: ColumnMapping = { headerRow, columns: {} };
  const problems: Problem[] = [];
  for (const field of CATALOG_FIELDS) {
    const cols = best.columns.get(field);
    if (!cols) continue;
    const [first, ...rest] = cols;
    if (first === undefined) continue;
    const used = columnLetter(block.startColumn + first);
    mapping.columns[field] = used;
    const label = FIELD_LABELS[field];
    for (const c of rest) {
      const columnIndex = block.startColumn + c;
      const cell = `${columnLetter(columnIndex)}${headerRow}`;
      problems.push(
        problemAt(
          { sheet: block.sheet, row: headerRow, columnIndex },
          "duplicate-column",
          "warning",
          field,
          `The header in ${cell} also names ${label}, but column ${used} already holds ${label}; column ${columnLetter(columnIndex)} is not read.`,
          `Rename or remove one of the ${label} headers, or choose the columns by hand.`,
        ),
      );
    }
  }
  return { mapping, problems };
}

/**
 * Check a mapping (detected or supplied) against the block: letters must be columns inside the
 * block, one field per column. Returns the 0-based offsets inside the block of each mapped field.
 */
export function resolveMapping(
  block: CellBlock,
  mapping: ColumnMapping,
): { offsets: Partial<Record<CatalogField, number>>; problems: Problem[] } {
  const problems: Problem[] = [];
  const offsets: Partial<Record<CatalogField, number>> = {};
  const width = block.values.reduce((max, row) => Math.max(max, row.length), 0);
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
      const where =
        index === null
          ? `"${letters}" is not a column letter`
          : `column ${letters.toUpperCase()} is outside the selected range`;
      problems.push(
        problemAt(
          anchor,
          "invalid-mapping",
          "error",
          field,
          `The ${FIELD_LABELS[field]} field is mapped to a column that cannot be read: ${where}.`,
          `Choose a column inside the selected range for ${FIELD_LABELS[field]}, or select a wider range.`,
        ),
      );
      continue;
    }
    const taken = owner.get(offset);
    if (taken !== undefined) {
      problems.push(
        problemAt(
          { ...anchor, columnIndex: index },
          "invalid-mapping",
          "error",
          field,
          `Column ${columnLetter(index)} is mapped to both ${FIELD_LABELS[taken]} and ${FIELD_LABELS[field]}.`,
          `Map each field to its own column.`,
        ),
      );
      continue;
    }
    owner.set(offset, field);
    offsets[field] = offset;
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
          `The header row ${mapping.headerRow} is outside the selected range.`,
          `Select a range that includes the header row, or set the mapping to "no header row".`,
        ),
      );
    }
  }
  return { offsets, problems };
}
