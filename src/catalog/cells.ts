// Cell-level helpers: addresses, text cleaning, Excel error values, deletion marks and prices typed
// as text. GUIDs are in guid.ts.

import { graphemeCount } from "./graphemes";
import type { CellValue, CellValueType } from "./types";

/** Characters Excel users paste from web pages and Word that look like spaces. */
const SPACE_LIKE = /[\u00A0\u2007\u202F\u2000-\u200A\u3000]/g;
/**
 * Invisible characters that would silently make two equal-looking codes differ: zero-width
 * spaces and joiners, the soft hyphen, the Mongolian vowel separator, direction marks (LRM, RLM,
 * ALM) and embeddings/isolates, word joiner and invisible operators, the byte order mark.
 */
const INVISIBLE = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
const NON_ASCII = /[\u0080-\uffff]/;
/** A worksheet has 16,384 columns (A to XFD) and 1,048,576 rows: the one definition for the add-in and dev. */
export const WORKSHEET_COLUMNS = 16_384;
export const WORKSHEET_ROWS = 1_048_576;
/** 0-based index of XFD, the last column of a worksheet. */
export const MAX_COLUMN_INDEX = WORKSHEET_COLUMNS - 1;
const LETTERS_IN_ALPHABET = 26;
const CHAR_CODE_A = 65;

/** Column letter of a 0-based column index: 0 → "A", 27 → "AB". */
export function columnLetter(index: number): string {
  if (!Number.isInteger(index) || index < 0 || index > MAX_COLUMN_INDEX) {
    throw new RangeError(`Column index ${index} is outside the worksheet (0..${MAX_COLUMN_INDEX}).`);
  }
  let n = index + 1;
  let letters = "";
  while (n > 0) {
    const rem = (n - 1) % LETTERS_IN_ALPHABET;
    letters = String.fromCharCode(CHAR_CODE_A + rem) + letters;
    n = Math.floor((n - 1) / LETTERS_IN_ALPHABET);
  }
  return letters;
}

/** 0-based column index of a column letter ("ab" works too), or null if it is not one. */
export function columnIndex(letters: string): number | null {
  const s = letters.trim().toUpperCase();
  if (!/^[A-Z]{1,3}$/.test(s)) return null;
  let n = 0;
  for (let i = 0; i < s.length; i++) n = n * LETTERS_IN_ALPHABET + (s.charCodeAt(i) - CHAR_CODE_A + 1);
  const index = n - 1;
  return index <= MAX_COLUMN_INDEX ? index : null;
}

/**
 * Trim, turn space-like characters into plain spaces, drop invisible ones and bring the text to
 * Unicode NFC, so a decomposed "й" (и + combining breve) is the same text as a composed one.
 */
export function cleanText(text: string): string {
  if (!PLAIN_TEXT.test(text)) return cleanUnusualText(text);
  // Of plain text only the space is trimmed: text that neither starts nor ends with one is clean.
  return text.charCodeAt(0) === SPACE || text.charCodeAt(text.length - 1) === SPACE ? text.trim() : text;
}

const SPACE = 0x20;

/**
 * Text that needs no clean-up but trimming (almost every cell): printable ASCII, and the letters
 * and signs of Latin-1, Latin Extended, Cyrillic and general punctuation that are neither
 * space-like, invisible, white space to trim, nor changed by NFC next to any other of them
 * (precomposed letters; combining marks are left out). Of these, only the space can be trimmed.
 * A regular expression rather than a loop over charCodeAt: it reads a string that was built by
 * concatenation (and flattened in place) at its full speed. test/catalog/cells-clean.test.ts
 * checks the set against the other expressions and String.prototype.normalize.
 */
export const PLAIN_TEXT =
  /^[\x20-\x7e\u00a1-\u00ac\u00ae-\u02ff\u0400-\u0482\u048a-\u052f\u2010-\u2027\u2116]*$/;

function cleanUnusualText(text: string): string {
  const s = text.replace(INVISIBLE, "").replace(SPACE_LIKE, " ").trim();
  return NON_ASCII.test(s) ? s.normalize("NFC") : s;
}

/** Whether text is blank once cleaned; most cells start with a visible ASCII character and need no cleaning. */
export function isBlankText(text: string): boolean {
  if (text.length === 0) return true;
  const c = text.charCodeAt(0);
  if (c > 0x20 && c < 0x7f) return false;
  return cleanText(text) === "";
}

/**
 * Length as a person counts characters: grapheme clusters (graphemes.ts), so an emoji, a flag, a
 * family joined by ZWJ or a letter with its accents is one, not two to eleven UTF-16 units.
 */
export function characterCount(text: string): number {
  return graphemeCount(text);
}

/**
 * Excel's error values, as a cell shows them. What each one means is said in the user's language
 * (src/i18n, the message area "problems").
 */
export const EXCEL_ERRORS: ReadonlySet<string> = new Set([
  "#N/A",
  "#REF!",
  "#VALUE!",
  "#DIV/0!",
  "#NAME?",
  "#NULL!",
  "#NUM!",
  "#SPILL!",
  "#CALC!",
  "#GETTING_DATA",
  "#FIELD!",
  "#BLOCKED!",
  "#CONNECT!",
  "#BUSY!",
  "#UNKNOWN!",
  "#PYTHON!",
]);

const HASH = 0x23;

/** The type of a cell, from Excel's valueTypes when given, else from the JavaScript value. */
export function cellType(value: CellValue | undefined, given: CellValueType | undefined): CellValueType {
  if (given !== undefined && given !== "Unknown") return given;
  if (value === undefined || value === "") return "Empty";
  if (typeof value === "number") return "Double";
  if (typeof value === "boolean") return "Boolean";
  // Every error value starts with "#": other text is not looked up.
  if (given === undefined && value.charCodeAt(0) === HASH && EXCEL_ERRORS.has(value)) return "Error";
  return "String";
}

/**
 * Text of a cell value as a user sees it: numbers without float noise (0.1 + 0.2 stays as Excel
 * shows it, 15 significant digits), booleans as Excel writes them.
 */
export function valueText(value: CellValue): string {
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "number") return numberText(value);
  return cleanText(value);
}

const EXCEL_SIGNIFICANT_DIGITS = 15;

export function numberText(n: number): string {
  if (Number.isInteger(n)) return String(n);
  return String(Number(n.toPrecision(EXCEL_SIGNIFICANT_DIGITS)));
}

/**
 * Deletion marks. Matched after trimming and lower-casing. Anything else that is not blank is
 * reported as an unrecognised mark rather than guessed.
 */
export const DELETION_MARKS_TRUE: readonly string[] = [
  "true",
  "x",
  "х", // Cyrillic kha, typed on a Russian keyboard layout
  "yes",
  "y",
  "1",
  "+",
  "✓",
  "✔",
  "delete",
  "deleted",
  "remove",
  "да",
  "д",
  "истина",
  "удалить",
  "удалено",
  "удаление",
];
export const DELETION_MARKS_FALSE: readonly string[] = ["false", "no", "n", "0", "-", "нет", "н", "ложь"];

const TRUE_MARKS = new Set(DELETION_MARKS_TRUE);
const FALSE_MARKS = new Set(DELETION_MARKS_FALSE);

/** true / false for a recognised mark, null for a value that is neither. Blank is false. */
export function parseDeletionMark(value: CellValue): boolean | null {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value === 1 ? true : value === 0 ? false : null;
  const s = cleanText(value).toLowerCase();
  if (s === "") return false;
  if (TRUE_MARKS.has(s)) return true;
  if (FALSE_MARKS.has(s)) return false;
  return null;
}

/** Why a price text cannot be read, as a stable code (src/i18n words it). */
export type PriceTextReason = "blank" | "wrong-separator" | "not-a-number" | "not-finite";

/** Outcome of reading a price cell. */
export type PriceResult =
  | { kind: "number"; value: number }
  | { kind: "text"; value: number }
  | { kind: "ambiguous"; grouped: number; decimal: number }
  | { kind: "invalid"; reason: PriceTextReason };

const priceRegExps = new Map<string, { grouped: RegExp; plain: RegExp; otherOnly: RegExp }>();

function priceRegExpsFor(ds: string): { grouped: RegExp; plain: RegExp; otherOnly: RegExp } {
  let found = priceRegExps.get(ds);
  if (found === undefined) {
    const other = ds === "," ? "." : ",";
    const d = escapeRegExp(ds);
    const o = escapeRegExp(other);
    found = {
      // Two or more whole groups of three after the other separator, or one with a decimal part.
      grouped: new RegExp(`^[+-]?\\d{1,3}(?:(?:${o}\\d{3}){2,}(?:${d}\\d+)?|${o}\\d{3}${d}\\d+)$`),
      plain: new RegExp(`^[+-]?(?:\\d+(?:${d}\\d*)?|${d}\\d+)$`),
      // Only the other separator, once: "1.500" (thousands or decimals?) or "12.5" (decimals).
      otherOnly: new RegExp(`^[+-]?\\d*${o}\\d+$`),
    };
    priceRegExps.set(ds, found);
  }
  return found;
}

/**
 * Read a price given as text, using the workbook's decimal separator. Spaces, non-breaking
 * spaces and apostrophes are taken as digit grouping. The other separator is grouping only
 * where nothing else can be meant: two or more groups of three ("1.234.567"), or one group
 * before the decimal separator ("1.234,5" with ","). A single group of three alone ("1.500",
 * "0.125") could be either reading, so it is "ambiguous" rather than guessed; "12.5" uses the
 * wrong decimal separator.
 */
export function parsePriceText(text: string, decimalSeparator: string): PriceResult {
  const s = cleanText(text).replace(/[\s'’]/g, "");
  if (s === "") return { kind: "invalid", reason: "blank" };
  const ds = decimalSeparator;
  const other = ds === "," ? "." : ",";
  const re = priceRegExpsFor(ds);
  let digits: string | null = null;
  if (re.grouped.test(s)) digits = s.split(other).join("");
  else if (re.plain.test(s)) digits = s;
  if (digits === null) {
    if (re.otherOnly.test(s)) {
      const [whole = "", fraction = ""] = s.split(other);
      const wholeDigits = whole.replace(/^[+-]/, "");
      if (
        fraction.length === 3 &&
        wholeDigits.length >= 1 &&
        wholeDigits.length <= 3 &&
        !/^0+$/.test(wholeDigits)
      ) {
        // The whole part has one to three digits here, so both readings are plain numbers.
        return {
          kind: "ambiguous",
          grouped: Number(whole + fraction),
          decimal: Number(`${whole}.${fraction}`),
        };
      }
      return { kind: "invalid", reason: "wrong-separator" };
    }
    return { kind: "invalid", reason: "not-a-number" };
  }
  const value = Number(digits.split(ds).join("."));
  if (!Number.isFinite(value)) return { kind: "invalid", reason: "not-finite" };
  return { kind: "text", value };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A1 reference of a cell: cellAddress(2, 7) → "C7". */
export function cellAddress(columnIndex: number, row: number): string {
  return `${columnLetter(columnIndex)}${row}`;
}
