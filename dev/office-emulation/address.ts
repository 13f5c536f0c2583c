/**
 * A1-style addresses: parsing and formatting as Excel shows them in `Range.address`. Written here
 * from Excel's own definitions, not borrowed from the add-in: the emulation is what the add-in's
 * address code is checked against, so it must not share that code.
 */

/** Excel's worksheet size ("Excel specifications and limits": 1,048,576 rows by 16,384 columns). */
export const MAX_ROWS = 1_048_576;
export const MAX_COLUMNS = 16_384;

/** Zero-based inclusive rectangle. */
export interface Area {
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}

export interface ParsedAddress {
  sheet: string | undefined;
  area: Area;
}

/**
 * Column letters are counted like a car's odometer with one width per band: A..Z (26 columns),
 * then AA..ZZ (26² more), then AAA..XFD. Find the band by its width, then write the offset inside
 * the band as base-26 digits of exactly that width.
 */
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const BANDS = [1, 2, 3].map((width) => ({ width, size: ALPHABET.length ** width }));

/** Column letters ("A", "XFD") of a 0-based column. */
export function columnToLetters(column: number): string {
  if (!Number.isInteger(column) || column < 0 || column >= MAX_COLUMNS) {
    throw new RangeError(`The emulated sheet has no column ${column} (0..${MAX_COLUMNS - 1}).`);
  }
  let offset = column;
  for (const band of BANDS) {
    if (offset < band.size) {
      let letters = "";
      for (let i = 0; i < band.width; i++) {
        letters = ALPHABET.charAt(offset % ALPHABET.length) + letters;
        offset = Math.floor(offset / ALPHABET.length);
      }
      return letters;
    }
    offset -= band.size;
  }
  throw new RangeError(`The emulated sheet has no column ${column}.`);
}

/** 0-based column of column letters; past XFD gives an index past the sheet (refused by callers). */
export function lettersToColumn(letters: string): number {
  const upper = letters.toUpperCase();
  let start = 0;
  for (const band of BANDS) {
    if (band.width === upper.length) {
      let offset = 0;
      for (const letter of upper) offset = offset * ALPHABET.length + ALPHABET.indexOf(letter);
      return Math.min(start + offset, MAX_COLUMNS);
    }
    start += band.size;
  }
  return MAX_COLUMNS;
}

const CELL_RE = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/;
const COLUMN_RE = /^\$?([A-Za-z]{1,3})$/;
const ROW_RE = /^\$?(\d{1,7})$/;

interface PartRef {
  row: number | undefined;
  col: number | undefined;
}

function parsePart(part: string): PartRef | undefined {
  const cell = CELL_RE.exec(part);
  if (cell) return { col: lettersToColumn(cell[1] ?? ""), row: Number(cell[2]) - 1 };
  const col = COLUMN_RE.exec(part);
  if (col) return { col: lettersToColumn(col[1] ?? ""), row: undefined };
  const row = ROW_RE.exec(part);
  if (row) return { col: undefined, row: Number(row[1]) - 1 };
  return undefined;
}

/** Splits "Sheet1!A1:B2" or "'My sheet'!A1" into sheet name and the reference part. */
export function splitSheet(address: string): { sheet: string | undefined; ref: string } {
  const trimmed = address.trim();
  const bang = trimmed.lastIndexOf("!");
  if (bang < 0) return { sheet: undefined, ref: trimmed };
  let sheet = trimmed.slice(0, bang);
  if (sheet.startsWith("'") && sheet.endsWith("'") && sheet.length >= 2) {
    sheet = sheet.slice(1, -1).replace(/''/g, "'");
  }
  return { sheet, ref: trimmed.slice(bang + 1) };
}

/** Returns undefined for anything that is not a cell, range, whole-column or whole-row reference. */
export function parseAddress(address: string): ParsedAddress | undefined {
  const { sheet, ref } = splitSheet(address);
  const pieces = ref.split(":");
  if (pieces.length < 1 || pieces.length > 2) return undefined;
  const first = parsePart(pieces[0] ?? "");
  const second = pieces.length === 2 ? parsePart(pieces[1] ?? "") : first;
  if (!first || !second) return undefined;
  const wholeColumns = first.row === undefined && second.row === undefined;
  const wholeRows = first.col === undefined && second.col === undefined;
  if (pieces.length === 1 && (first.row === undefined || first.col === undefined)) return undefined;
  if (!wholeColumns && !wholeRows && (first.row === undefined || second.row === undefined)) return undefined;
  if (!wholeColumns && !wholeRows && (first.col === undefined || second.col === undefined)) return undefined;
  const r0 = wholeColumns ? 0 : (first.row ?? 0);
  const r1 = wholeColumns ? MAX_ROWS - 1 : (second.row ?? 0);
  const c0 = wholeRows ? 0 : (first.col ?? 0);
  const c1 = wholeRows ? MAX_COLUMNS - 1 : (second.col ?? 0);
  const area = { r0: Math.min(r0, r1), r1: Math.max(r0, r1), c0: Math.min(c0, c1), c1: Math.max(c0, c1) };
  if (area.r1 >= MAX_ROWS || area.c1 >= MAX_COLUMNS || area.r0 < 0 || area.c0 < 0) return undefined;
  return { sheet, area };
}

export function quoteSheetName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) && !CELL_RE.test(name)
    ? name
    : `'${name.replace(/'/g, "''")}'`;
}

export function cellAddress(row: number, col: number): string {
  return `${columnToLetters(col)}${row + 1}`;
}

/** The local part as Excel prints it: "A1", "A1:B2", "A:C", "2:5". */
export function formatArea(area: Area): string {
  const entireColumns = area.r0 === 0 && area.r1 === MAX_ROWS - 1;
  const entireRows = area.c0 === 0 && area.c1 === MAX_COLUMNS - 1;
  if (entireColumns && !entireRows) return `${columnToLetters(area.c0)}:${columnToLetters(area.c1)}`;
  if (entireRows && !entireColumns) return `${area.r0 + 1}:${area.r1 + 1}`;
  const start = cellAddress(area.r0, area.c0);
  if (area.r0 === area.r1 && area.c0 === area.c1) return start;
  return `${start}:${cellAddress(area.r1, area.c1)}`;
}

export function formatAddress(sheetName: string, area: Area): string {
  return `${quoteSheetName(sheetName)}!${formatArea(area)}`;
}

export function areaRows(area: Area): number {
  return area.r1 - area.r0 + 1;
}

export function areaColumns(area: Area): number {
  return area.c1 - area.c0 + 1;
}
