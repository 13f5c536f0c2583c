/**
 * Pure helpers about Excel names and addresses: sheet names Excel accepts, A1 addresses of blocks,
 * and splitting "Sheet!A1:B2" references. No Office calls here. Column letters and the size of a
 * worksheet are defined once, in src/catalog/cells.ts.
 */
import { columnLetter } from "../catalog";

/** Excel refuses longer sheet names. */
export const MAX_SHEET_NAME_LENGTH = 31;
/** Characters Excel refuses in a sheet name. */
const FORBIDDEN_SHEET_NAME_CHARACTERS = /[:\\/?*[\]]/g;
/** Control characters (below space, and DEL) cannot be typed into a sheet tab either. */
const FIRST_PRINTABLE_CODE = 0x20;
const DELETE_CODE = 0x7f;
/** Stands in for a character Excel refuses, so the name still reads the same. */
const REPLACEMENT_CHARACTER = "_";
/** Name used when nothing usable is left of the desired name. */
export const FALLBACK_SHEET_NAME = "Sheet";
/** Excel reserves this name for the change-history sheet of shared workbooks. */
const RESERVED_SHEET_NAMES = ["history"];

/** Cuts `text` to at most `max` UTF-16 units without splitting a surrogate pair. */
function cutTo(text: string, max: number): string {
  let out = "";
  for (const ch of text) {
    if (out.length + ch.length > max) break;
    out += ch;
  }
  return out;
}

/** Excel also refuses a leading or trailing apostrophe; spaces at the ends are trimmed for tidiness. */
function trimEnds(text: string): string {
  return text.replace(/^['\s]+|['\s]+$/g, "");
}

function replaceControlCharacters(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    out += code < FIRST_PRINTABLE_CODE || code === DELETE_CODE ? " " : ch;
  }
  return out;
}

/** A name Excel accepts, as close to `desired` as possible (not yet made unique). */
export function sanitizeSheetName(desired: string): string {
  const cleaned = trimEnds(
    replaceControlCharacters(desired).replace(FORBIDDEN_SHEET_NAME_CHARACTERS, REPLACEMENT_CHARACTER),
  );
  const cut = trimEnds(cutTo(cleaned, MAX_SHEET_NAME_LENGTH));
  return cut === "" ? FALLBACK_SHEET_NAME : cut;
}

/**
 * A sheet name Excel accepts and that no existing sheet has (Excel compares names without regard
 * to case): `desired` cleaned, then "desired (2)", "desired (3)"... shortened so the suffix fits in
 * 31 characters.
 */
export function uniqueSheetName(desired: string, existingNames: Iterable<string>): string {
  const taken = new Set<string>(RESERVED_SHEET_NAMES);
  for (const name of existingNames) for (const folded of caseFoldings(name)) taken.add(folded);
  const isFree = (name: string): boolean => caseFoldings(name).every((folded) => !taken.has(folded));
  const base = sanitizeSheetName(desired);
  if (isFree(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = ` (${n})`;
    const stem = trimEnds(cutTo(base, MAX_SHEET_NAME_LENGTH - suffix.length));
    const candidate = `${stem === "" ? FALLBACK_SHEET_NAME : stem}${suffix}`;
    if (isFree(candidate)) return candidate;
  }
}

/**
 * Excel compares sheet names without regard to case, but does not document whose case rules
 * (invariant, or the user's locale: Turkish "I" lowers to "ı"), so a name equal under either is taken.
 */
function caseFoldings(name: string): [string, string] {
  return [name.toLowerCase(), name.toLocaleLowerCase()];
}

/** A1 address of a block given by 0-based indexes ("B3:D10", or "B3" for one cell). */
export function a1Address(
  rowIndex: number,
  columnIndex: number,
  rowCount: number,
  columnCount: number,
): string {
  const first = `${columnLetter(columnIndex)}${rowIndex + 1}`;
  if (rowCount === 1 && columnCount === 1) return first;
  return `${first}:${columnLetter(columnIndex + columnCount - 1)}${rowIndex + rowCount}`;
}

/** Names Excel would read as a cell ("A1", "xfd10") or an R1C1 reference ("R1C1", "R2", "C"), so they need quotes. */
const CELL_LIKE_SHEET_NAME = /^(?:[A-Za-z]{1,3}\d+|[Rr]\d*[Cc]?\d*|[Cc]\d*)$/;

/**
 * A sheet name as it appears in a reference: quoted when it holds anything but letters, digits, _ and
 * ., or when it looks like a cell reference.
 */
export function quoteSheetName(name: string): string {
  const plain = /^[\p{L}_][\p{L}\p{N}_.]*$/u.test(name) && !CELL_LIKE_SHEET_NAME.test(name);
  return plain ? name : `'${name.replace(/'/g, "''")}'`;
}

export interface SplitReference {
  /** Sheet named in the reference, unquoted; undefined for a plain "A1:B2". */
  sheet: string | undefined;
  address: string;
}

/** Splits "Sheet1!A1:B2" or "'My ''best'' sheet'!A1" into sheet and address. */
export function splitReference(reference: string): SplitReference {
  const bang = reference.lastIndexOf("!");
  if (bang < 0) return { sheet: undefined, address: reference.trim() };
  let sheet = reference.slice(0, bang).trim();
  if (sheet.length >= 2 && sheet.startsWith("'") && sheet.endsWith("'")) {
    sheet = sheet.slice(1, -1).replace(/''/g, "'");
  }
  return { sheet, address: reference.slice(bang + 1).trim() };
}
