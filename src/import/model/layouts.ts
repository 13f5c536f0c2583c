// Remembered columns per sheet layout (pure). A choice of columns the user made is kept with the
// header row it was made for; on another sheet it is applied only where that header row is found
// again, so a sheet with other headers takes its columns from its own headers (and the pane says a
// remembered choice exists and differs, one click away). A choice made on a sheet without a
// recognised header row is applied to another such sheet, saying whether its first row is read as
// a header or as a position. Choices of the previous version, kept without their header row, are
// never applied by themselves.

import { z } from "zod";
import {
  CATALOG_FIELDS,
  columnIndex,
  columnLetter,
  findHeaderRow,
  HEADER_SCAN_ROWS,
  valueText,
  type CatalogField,
  type CellBlock,
  type ColumnMapping,
} from "../../catalog";

/** Layouts kept per catalog; the oldest go first. */
export const MAX_LAYOUTS = 8;

export interface RememberedColumns {
  columns: Partial<Record<CatalogField, string>>;
  /**
   * The header row's texts by column letter (empty cells left out), as the choice was made over
   * it; null when the sheet had no recognised header row (its first rows may have been data).
   */
  header: Record<string, string> | null;
  /** The header row counted from the range's first row (0: its first row); null: no header row. */
  headerOffset: number | null;
  /** Kept by the previous version without its header row: offered, never applied by itself. */
  legacy?: boolean;
}

const columnsSchema = z.record(z.string(), z.string()).transform((all) => {
  const out: Partial<Record<CatalogField, string>> = {};
  for (const field of CATALOG_FIELDS) if (typeof all[field] === "string") out[field] = all[field];
  return out;
});

export const rememberedSchema = z.object({
  columns: columnsSchema,
  header: z.record(z.string(), z.string()).nullable(),
  headerOffset: z.number().int().min(0).nullable(),
  legacy: z.boolean().optional(),
});

/** The previous version's shape: a header row number and the letters, per catalog. */
const legacySchema = z.object({
  headerRow: z.number().int().positive().nullable(),
  columns: columnsSchema,
});

/** What a remembered choice means for the sheet read now. */
export type RememberedFit =
  | { kind: "none" }
  /** Its header row was found in this sheet: applied. */
  | { kind: "applies"; mapping: ColumnMapping }
  /**
   * Made over a sheet without a recognised header row, and this one has none either: applied.
   * `firstRow`: how the range's first row is read (as when the choice was made, unless it holds a
   * number under Code or Price: then it is a position). `field`: the field that decided it.
   */
  | {
      kind: "no-header";
      mapping: ColumnMapping;
      firstRow: "header" | "position";
      row: number;
      field: CatalogField | null;
    }
  /** Made for other headers (or by the previous version): not applied; `mapping` if the user asks. */
  | { kind: "differs"; mapping: ColumnMapping; legacy: boolean; madeWithoutHeader: boolean };

function text(value: unknown): string {
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    return valueText(value).replace(/\s+/g, " ").toLocaleLowerCase();
  }
  return "";
}

/** The texts of a row of the block by column letter, empty cells left out. */
export function rowTexts(block: CellBlock, offset: number): Record<string, string> {
  const row = block.values[offset] ?? [];
  const out: Record<string, string> = {};
  row.forEach((value, c) => {
    const t = text(value);
    if (t !== "") out[columnLetter(block.startColumn + c)] = t;
  });
  return out;
}

function columnOffset(block: CellBlock, letter: string): number {
  const index = columnIndex(letter);
  return index === null ? -1 : index - block.startColumn;
}

/**
 * What to remember of a choice the user made over this block: its header row's texts when that
 * row is a header (the engine found it there, or it holds no number under Code or Price), else
 * none: the choice was made over data (the pane took the first row as the header because no
 * header was found, and that row holds a position).
 */
export function rememberChoice(block: CellBlock, mapping: ColumnMapping): RememberedColumns {
  const columns = { ...mapping.columns };
  if (mapping.headerRow === null) return { columns, header: null, headerOffset: null };
  const offset = mapping.headerRow - block.startRow;
  const asData = findHeaderRow(block) !== offset && numberUnder(block, offset, columns) !== null;
  const header = asData ? {} : rowTexts(block, offset);
  if (Object.keys(header).length === 0)
    return { columns, header: null, headerOffset: asData ? null : offset };
  return { columns, header, headerOffset: offset };
}

/** The first field among Code and Price whose cell in the row holds a number (the row is data). */
function numberUnder(
  block: CellBlock,
  offset: number,
  columns: Partial<Record<CatalogField, string>>,
): CatalogField | null {
  const row = block.values[offset] ?? [];
  for (const field of ["Code", "Price"] as const) {
    const letter = columns[field];
    if (letter === undefined) continue;
    const c = columnOffset(block, letter);
    if (c >= 0 && typeof row[c] === "number") return field;
  }
  return null;
}

function sameLayout(a: RememberedColumns, b: RememberedColumns): boolean {
  if (a.header === null || b.header === null) return a.header === b.header;
  const ka = Object.keys(a.header);
  return ka.length === Object.keys(b.header).length && ka.every((k) => a.header?.[k] === b.header?.[k]);
}

/** The list with a new choice first; one per layout, at most MAX_LAYOUTS. */
export function withChoice(
  list: readonly RememberedColumns[],
  choice: RememberedColumns,
): RememberedColumns[] {
  return [choice, ...list.filter((r) => r.legacy !== true && !sameLayout(r, choice))].slice(0, MAX_LAYOUTS);
}

/** A catalog's remembered choices as stored (the current list, or the previous version's one mapping). */
export function parseRemembered(stored: unknown, legacy: unknown): RememberedColumns[] {
  if (Array.isArray(stored)) {
    const out: RememberedColumns[] = [];
    for (const item of stored) {
      const parsed = rememberedSchema.safeParse(item);
      if (parsed.success) out.push(stripUndefined(parsed.data));
    }
    if (out.length > 0) return out;
  }
  const old = legacySchema.safeParse(legacy);
  if (!old.success || Object.keys(old.data.columns).length === 0) return [];
  const headerOffset = old.data.headerRow === null ? null : old.data.headerRow - 1;
  return [{ columns: old.data.columns, header: null, headerOffset, legacy: true }];
}

function stripUndefined(r: z.output<typeof rememberedSchema>): RememberedColumns {
  return r.legacy === true
    ? { ...r, legacy: true }
    : { columns: r.columns, header: r.header, headerOffset: r.headerOffset };
}

/** The row (block offset) among the first ones whose texts include every text of `header`. */
function findHeader(block: CellBlock, header: Record<string, string>): number | null {
  const wanted = Object.entries(header);
  if (wanted.length === 0) return null;
  const rows = Math.min(block.values.length, HEADER_SCAN_ROWS);
  for (let r = 0; r < rows; r += 1) {
    const row = block.values[r] ?? [];
    const fits = wanted.every(([letter, t]) => {
      const c = columnOffset(block, letter);
      return c >= 0 && text(row[c]) === t;
    });
    if (fits) return r;
  }
  return null;
}

/**
 * The remembered choice that fits this block, newest first: one whose header row is found here is
 * applied; one made without a header row is applied where this block has none either; otherwise
 * the newest is offered (`differs`) and the columns come from the sheet's own headers.
 */
export function fitRemembered(block: CellBlock, list: readonly RememberedColumns[]): RememberedFit {
  if (list.length === 0) return { kind: "none" };
  for (const r of list) {
    if (r.legacy === true || r.header === null) continue;
    const at = findHeader(block, r.header);
    if (at !== null)
      return { kind: "applies", mapping: { headerRow: block.startRow + at, columns: r.columns } };
  }
  const found = findHeaderRow(block);
  if (found === null) {
    const bare = list.find((r) => r.legacy !== true && r.header === null);
    if (bare) {
      const field = bare.headerOffset === 0 ? numberUnder(block, 0, bare.columns) : null;
      const asHeader = bare.headerOffset === 0 && field === null;
      return {
        kind: "no-header",
        mapping: { headerRow: asHeader ? block.startRow : null, columns: bare.columns },
        firstRow: asHeader ? "header" : "position",
        row: block.startRow,
        field,
      };
    }
  }
  const newest = list[0] as RememberedColumns;
  const headerRow =
    found !== null
      ? block.startRow + found
      : newest.headerOffset === null
        ? null
        : block.startRow + newest.headerOffset;
  return {
    kind: "differs",
    mapping: { headerRow, columns: newest.columns },
    legacy: newest.legacy === true,
    madeWithoutHeader: newest.header === null,
  };
}
