// What a number in the Code column shows, made independent of the display locale.
//
// Excel shows a number with the separators of the user's regional format (or Excel's own, when
// "Use system separators" is off): the same cell shows "1,10" and "1 234" in ru-RU Excel and
// "1.10" and "1,234" in en-US Excel, while `values` and `numberFormat` read the same everywhere.
// The code a number stands for must not depend on who opens the workbook: a check in Moscow and
// one in London have to agree on the codes, the problems and the positions, and the platform's
// code hierarchy is written with ".". So the shown text is brought back to the en-US separators
// (the ones `numberFormat` is written in), and a date, whose shown order and separators differ
// by locale, is described by its ISO date.
//
// Limitation: a separator character written as literal text in a custom format (`0","000`) is
// swapped like a real separator outside en-US, so such a code reads differently there. Codes are
// rarely formatted that way, and the numeric-code warning every number code gets names the code
// read, so the user sees it.

import type { TextSeparators } from "./types";

/** The separators `Range.text` uses in en-US Excel: the form a code is read in. */
export const EN_US_SEPARATORS: TextSeparators = { decimal: ".", group: "," };

/** Space-like characters Excel or Windows may use as a group separator (ru-RU: U+00A0 or U+202F). */
const SPACE_LIKE = /^[\s\u00A0\u2007\u202F]$/u;

function sameSeparator(ch: string, separator: string): boolean {
  if (ch === separator) return true;
  return SPACE_LIKE.test(separator) && SPACE_LIKE.test(ch);
}

/**
 * `shown` as en-US Excel would show the same number under the same format: the display's decimal
 * separator becomes "." and its group separator ",". Unchanged when the display is en-US already
 * or its separators are unknown (an older Excel: the text is taken as it is).
 */
export function enUsShownText(shown: string, separators: TextSeparators | undefined): string {
  if (!separators) return shown;
  const { decimal, group } = separators;
  if (decimal === EN_US_SEPARATORS.decimal && group === EN_US_SEPARATORS.group) return shown;
  let out = "";
  for (const ch of shown) {
    if (ch === decimal) out += EN_US_SEPARATORS.decimal;
    else if (sameSeparator(ch, group)) out += EN_US_SEPARATORS.group;
    else out += ch;
  }
  return out;
}

const MS_PER_DAY = 86_400_000;
const SECONDS_PER_DAY = 86_400;
/** Serial 60 is 29 February 1900, a day that never was (Excel's 1900 date system keeps Lotus's error). */
const FICTITIOUS_LEAP_DAY = 60;
const EPOCH_AFTER_LEAP_DAY = Date.UTC(1899, 11, 30);
const EPOCH_BEFORE_LEAP_DAY = Date.UTC(1899, 11, 31);

const two = (n: number) => String(n).padStart(2, "0");

/**
 * An Excel date serial as ISO 8601 (`2023-03-15`, `2023-03-15 12:30`, `12:30` for a time alone):
 * the same in every locale and read the same way in English and Russian.
 */
export function dateText(serial: number): string {
  if (!Number.isFinite(serial) || serial < 0) return String(serial);
  let day = Math.floor(serial);
  let seconds = Math.round((serial - day) * SECONDS_PER_DAY);
  if (seconds === SECONDS_PER_DAY) {
    day += 1;
    seconds = 0;
  }
  const time =
    seconds === 0
      ? ""
      : `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}` +
        (seconds % 60 === 0 ? "" : `:${two(seconds % 60)}`);
  if (day === 0) return time === "" ? "00:00" : time;
  let date: string;
  if (day === FICTITIOUS_LEAP_DAY) date = "1900-02-29";
  else {
    const epoch = day < FICTITIOUS_LEAP_DAY ? EPOCH_BEFORE_LEAP_DAY : EPOCH_AFTER_LEAP_DAY;
    const d = new Date(epoch + day * MS_PER_DAY);
    date = `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
  }
  return time === "" ? date : `${date} ${time}`;
}
