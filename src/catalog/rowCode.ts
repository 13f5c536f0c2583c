// The Code cell of a row: the code as the user meant it (a number read as shown, invisible
// characters removed), or why the row is not a position, or why its code cannot be used.
// Deletions get the same checks, stricter where a wrong code would delete a different position
// and its descendants.

import { cleanText, numberText } from "./cells";
import { visible } from "./problems";
import { dateText, enUsShownText } from "./shownNumber";
import type { Cell, RowContext } from "./rowContext";
import type { ProblemReasonOf } from "./types";

/** Codes that are not positions: sheet furniture typed in the Code column. */
export const SECTION_WORDS =
  /^(?:итого|всего|итог|подытог|раздел|глава|подраздел|total|subtotal|sub-total|grand\s+total|section|chapter|part)(?![\p{L}\p{N}])/iu;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** What scanCode finds in a code: only ASCII, something beyond ASCII, or a line break or tab. */
const ASCII = 0;
const NON_ASCII = 1;
const LINE_BREAK = 2;
const LATIN_LETTER = /\p{Script=Latin}/u;
const CYRILLIC_LETTER = /\p{Script=Cyrillic}/u;
/** Number formats that show a date or a time: a serial number in the Code column is a date. */
const DATE_FORMAT = /(?:^|[^\\"])[dmyhsдмгч]/i;
/** Largest whole number a code can be typed as without Excel changing its last digits. */
const MAX_EXACT_CODE_NUMBER = 1e15;

/**
 * The code of a row as the user meant it, or null when the row is not a position (reported),
 * or undefined when it cannot be used (an error is reported).
 */
export function readCode(row: RowContext, cell: Cell, forDeletion: boolean): string | null | undefined {
  if (cell.type === "Error") {
    row.excelError(cell);
    return undefined;
  }
  const value = cell.value;
  let code: string;
  if (typeof value === "boolean") {
    return invalidCode(row, cell, "boolean", value ? "TRUE" : "FALSE");
  } else if (typeof value === "number") {
    const numeric = numericCode(row, cell, value, forDeletion);
    if (numeric === undefined) return undefined;
    code = numeric;
  } else {
    code = cleanText(value);
    const scan = scanCode(code);
    if (scan === LINE_BREAK) return invalidCode(row, cell, "line-break", code);
    // A code starting with an ASCII letter or digit has one; a section word starts with a letter.
    const first = code.charCodeAt(0);
    if (!isAsciiLetterOrDigit(first) && !HAS_LETTER_OR_DIGIT.test(code)) {
      if (forDeletion) return invalidCode(row, cell, "placeholder", code);
      row.skip(cell, "placeholder", code);
      return null;
    }
    if (!isAsciiDigit(first) && SECTION_WORDS.test(code)) {
      if (forDeletion) return invalidCode(row, cell, "section", code);
      row.skip(cell, "section", code);
      return null;
    }
    if (code !== value && code !== value.trim()) {
      row.report(cell, "code-cleaned", "warning", { text: describeHidden(value), code });
    }
    if (scan === NON_ASCII && LATIN_LETTER.test(code) && CYRILLIC_LETTER.test(code)) {
      row.report(cell, "code-mixed-script", "warning", { text: code });
    }
  }
  if (cell.formula) row.report(cell, "formula-code", forDeletion ? "error" : "warning", { text: code });
  row.noteLength(cell, code);
  return code;
}

/**
 * One pass over a code for what its checks ask first: a line break, tab or other control
 * character (U+0000–U+001F, U+007F, the line and paragraph separators) makes it LINE_BREAK, else
 * any unit from U+0080 up makes it NON_ASCII. A loop rather than two regular expressions: every
 * code of the sheet goes through here.
 */
function scanCode(code: string): number {
  let found = ASCII;
  for (let i = 0; i < code.length; i++) {
    const c = code.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 0x2028 || c === 0x2029) return LINE_BREAK;
    if (c >= 0x80) found = NON_ASCII;
  }
  return found;
}

function isAsciiDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isAsciiLetterOrDigit(c: number): boolean {
  return isAsciiDigit(c) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

/**
 * A number in the Code column: its shown text is the code, when it can be trusted. The shown text
 * is read in en-US form and a date by its ISO date, so the code and the problems are the same
 * whatever locale Excel displays in (shownNumber.ts).
 */
function numericCode(row: RowContext, cell: Cell, value: number, forDeletion: boolean): string | undefined {
  const { block } = row;
  const shown = block.text?.[cell.r]?.[cell.columnIndex - block.startColumn];
  const format = block.numberFormats?.[cell.r]?.[cell.columnIndex - block.startColumn];
  const shownText = typeof shown === "string" ? cleanText(enUsShownText(shown, block.textSeparators)) : "";
  if (typeof format === "string" && DATE_FORMAT.test(format.replace(/\[[^\]]*\]/g, ""))) {
    invalidCode(row, cell, "date", dateText(value));
    return undefined;
  }
  if (value < 0) {
    invalidCode(row, cell, "negative", shownText === "" ? numberText(value) : shownText);
    return undefined;
  }
  if (!Number.isFinite(value) || Math.abs(value) >= MAX_EXACT_CODE_NUMBER) {
    invalidCode(row, cell, "too-many-digits", shownText === "" ? numberText(value) : shownText);
    return undefined;
  }
  // Excel shows "###" in a narrow column and 3.3E+04 in General for long numbers: no code there.
  const usable =
    shownText !== "" && /^[\p{L}\p{N}][\p{L}\p{N}\s.,\-_/]*$/u.test(shownText) && !/E[+-]\d/i.test(shownText);
  const code = usable ? shownText : numberText(value);
  const fraction = !Number.isInteger(value);
  const severity = forDeletion && fraction && !usable ? "error" : "warning";
  const numberShown = numberText(value);
  // "shown" only where the shown text says more than the number does ("033000" for 33000).
  const reason = code !== numberShown ? "shown" : fraction ? "trailing-zeros" : "leading-zeros";
  row.report(cell, "numeric-code", severity, { text: code, value: numberShown }, reason);
  return code;
}

function invalidCode(
  row: RowContext,
  cell: Cell,
  reason: ProblemReasonOf<"invalid-code">,
  text: string,
): undefined {
  row.report(cell, "invalid-code", "error", { text: visible(text) }, reason);
  return undefined;
}

/** The raw text with its hidden characters named: "1.2<U+00AD>" for a soft hyphen. */
function describeHidden(text: string): string {
  let out = "";
  for (const ch of text.trim()) {
    const c = ch.codePointAt(0) ?? 0;
    const hidden =
      c === 0xad ||
      c === 0x61c ||
      c === 0x180e ||
      (c >= 0x200b && c <= 0x200f) ||
      (c >= 0x202a && c <= 0x202e) ||
      (c >= 0x2060 && c <= 0x2064) ||
      (c >= 0x2066 && c <= 0x2069) ||
      c === 0xfeff ||
      c === 0xa0 ||
      (c >= 0x2000 && c <= 0x200a) ||
      c === 0x202f ||
      c === 0x3000 ||
      (c >= 0x300 && c <= 0x36f);
    out += hidden ? `<U+${c.toString(16).toUpperCase().padStart(4, "0")}>` : ch;
  }
  return out;
}
