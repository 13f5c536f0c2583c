// The cells of a row other than its code: the Guid, the price, the currency and the control
// points, each read as the user meant it or reported with why it cannot be.

import { characterCount, cleanText, numberText, parsePriceText, valueText } from "./cells";
import { parseControlPoints } from "./controlPoints";
import { headOf } from "./graphemes";
import { GUID_PATTERN, NIL_GUID } from "./guid";
import { normaliseGuid } from "./guidText";
import { visible } from "./problems";
import { LONG_TEXT, type Cell, type RowContext } from "./rowContext";
import type { CatalogPosition, ProblemReasonOf, ProblemValues } from "./types";

/** Prices from 10^15 up cannot be held to the cent by a double; nobody means them in a catalog. */
export const MAX_PRICE = 1e15;
/**
 * The smallest normal double (2.2250738585072014e-308). Excel keeps no number below it but zero:
 * a smaller one (a subnormal, down to 5e-324) comes from no cell a person typed, and is refused.
 */
export const MIN_PRICE = 2 ** -1022;
const NON_ZERO_DIGIT = /[1-9]/;
/** Excel shows 15 significant digits; beyond that a double holds float noise (0.1 + 0.2). */
const PRICE_SIGNIFICANT_DIGITS = 15;
/** Longest part of a control points cell (or of its binding) kept in a problem's values, in UTF-16 units. */
const MAX_CONTROL_POINTS_TEXT = 200;
const CURRENCY_PATTERN = /^[A-Za-z]{3}$/;
/** ISO 4217 codes that are not currencies a price can be in. */
const NOT_PRICE_CURRENCIES: ReadonlySet<string> = new Set(["XXX", "XTS", "XAU", "XAG", "XPT", "XPD"]);
/** What people type for a currency, and the code they mean. */
const CURRENCY_SUGGESTIONS: Readonly<Record<string, string>> = {
  RUR: "RUB",
  РУБ: "RUB",
  "РУБ.": "RUB",
  Р: "RUB",
  "Р.": "RUB",
  "₽": "RUB",
  BYR: "BYN",
  $: "USD",
  US$: "USD",
  "€": "EUR",
  "£": "GBP",
  "¥": "JPY",
  "₸": "KZT",
  ТГ: "KZT",
  DEM: "EUR",
  FRF: "EUR",
  ITL: "EUR",
  ESP: "EUR",
  NLG: "EUR",
  ATS: "EUR",
  FIM: "EUR",
  LTL: "EUR",
  LVL: "EUR",
  EEK: "EUR",
  TRL: "TRY",
  UAK: "UAH",
  GEK: "GEL",
  AZM: "AZN",
  TMM: "TMT",
};

let knownCurrencies: ReadonlySet<string> | null = null;
function isKnownCurrency(code: string): boolean {
  knownCurrencies ??= new Set(Intl.supportedValuesOf("currency"));
  return knownCurrencies.has(code) && !NOT_PRICE_CURRENCIES.has(code);
}

/** The Guid of row r in canonical form, or undefined when blank, unreadable (reported) or nil. */
export function readGuid(row: RowContext, r: number, cell: Cell | undefined): string | undefined {
  if (!cell) return undefined;
  // A Guid in canonical form (most are) is its own clean text and its own normal form.
  const canonical = cell.type === "String" && typeof cell.value === "string" && GUID_PATTERN.test(cell.value);
  const text = canonical ? (cell.value as string) : row.text("Guid", r, cell);
  if (text === undefined) return undefined;
  const guid = canonical ? text : normaliseGuid(text);
  if (guid === null) {
    row.report(cell, "malformed-guid", "error", { text: visible(text) });
    return undefined;
  }
  if (guid === NIL_GUID) {
    row.report(cell, "nil-guid", "warning", { text });
    return undefined;
  }
  if (cell.formula) row.report(cell, "formula-guid", "warning");
  return guid;
}

export function readPrice(row: RowContext, cell: Cell | undefined): number | undefined {
  if (!cell || cell.type === "Empty") return undefined;
  if (cell.type === "Error") {
    row.excelError(cell);
    return undefined;
  }
  let value: number;
  if (typeof cell.value === "number") {
    value = cell.value;
  } else if (typeof cell.value === "boolean") {
    notANumber(row, cell, "boolean");
    return undefined;
  } else {
    const text = cleanText(cell.value);
    if (text === "") return undefined;
    const ds = row.options.decimalSeparator;
    const parsed = parsePriceText(text, ds);
    if (parsed.kind === "invalid") {
      notANumber(row, cell, parsed.reason);
      return undefined;
    }
    if (parsed.kind === "ambiguous") {
      const values = { text: visible(text), grouped: parsed.grouped, decimal: parsed.decimal, separator: ds };
      row.report(cell, "price-ambiguous", "error", values);
      return undefined;
    }
    // The warning names the number that is sent, not the double the text parses to.
    value = roundPrice(parsed.value);
    // Digits other than zero that read as less than Excel keeps (a subnormal, or 0 by underflow).
    if (Math.abs(value) < MIN_PRICE && (value !== 0 || NON_ZERO_DIGIT.test(text))) {
      notANumber(row, cell, "too-small");
      return undefined;
    }
    row.report(cell, "price-text", "warning", { text: visible(text), value });
  }
  if (!Number.isFinite(value)) {
    notANumber(row, cell, "not-finite");
    return undefined;
  }
  if (value < 0) {
    row.report(cell, "price-negative", "error", { value: roundPrice(value) });
    return undefined;
  }
  if (value >= MAX_PRICE) {
    row.report(cell, "price-too-large", "error", { value: numberText(value) });
    return undefined;
  }
  const price = roundPrice(value);
  // Rounding a number just above the smallest normal one may give a subnormal: refused as well.
  if (price < MIN_PRICE && price !== 0) {
    notANumber(row, cell, "too-small");
    return undefined;
  }
  return price;
}

/**
 * A price as Excel shows it at most: rounded to 15 significant digits, Excel's precision, so float
 * noise (0.30000000000000004 from =0.1+0.2) is sent as 0.3. Not rounded to the cell's number
 * format: a format showing whole roubles is a view of a price that may hold kopecks
 * (src/catalog/README.md, "Cell rules").
 */
export function roundPrice(value: number): number {
  if (Number.isInteger(value)) return value;
  // Fast path for the usual prices with cents: k / 100 is the double nearest to the decimal,
  // which is what the 15-digit rounding below gives for them too.
  const cents = value * 100;
  if (Number.isInteger(cents) && Math.abs(cents) < MAX_PRICE) return cents / 100;
  return Number(value.toPrecision(PRICE_SIGNIFICANT_DIGITS));
}

function notANumber(row: RowContext, cell: Cell, reason: ProblemReasonOf<"price-not-number">): void {
  const values = { text: visible(valueText(cell.value)), separator: row.options.decimalSeparator };
  row.report(cell, "price-not-number", "error", values, reason);
}

/**
 * Currency cells read without a problem: their text and its code. A catalog repeats a few
 * currencies row after row, and the same text passes the same checks (they read nothing but the
 * text), so its code is given again without them. A sheet of many spellings fills it only so far.
 */
const acceptedCurrencies = new Map<string, string>();
const MAX_ACCEPTED_CURRENCIES = 64;

/** The currency code in upper case, or undefined when blank or not a currency (reported). */
export function readCurrency(row: RowContext, r: number, cell: Cell | undefined): string | undefined {
  if (!cell) return undefined;
  if (cell.type === "String" && typeof cell.value === "string") {
    const accepted = acceptedCurrencies.get(cell.value);
    if (accepted !== undefined) return accepted;
  }
  const text = row.text("CurrencyCharCode", r, cell);
  if (text === undefined) return undefined;
  const upper = text.toUpperCase();
  const suggestion = CURRENCY_SUGGESTIONS[upper] ?? "";
  if (typeof cell.value !== "string" || !CURRENCY_PATTERN.test(text)) {
    row.report(cell, "malformed-currency", "error", { text: visible(text), suggestion });
    return undefined;
  }
  if (!isKnownCurrency(upper)) {
    row.report(cell, "unknown-currency", "error", { text: upper, suggestion });
    return undefined;
  }
  if (cell.type === "String" && acceptedCurrencies.size < MAX_ACCEPTED_CURRENCIES)
    acceptedCurrencies.set(cell.value, upper);
  return upper;
}

export function readControlPoints(row: RowContext, cell: Cell | undefined): CatalogPosition["ControlPoints"] {
  if (!cell || cell.type === "Empty") return undefined;
  if (cell.type === "Error") {
    row.excelError(cell);
    return undefined;
  }
  const text = valueText(cell.value);
  if (text === "") return undefined;
  const parsed = parseControlPoints(text);
  if (!parsed.ok) {
    const values: Record<string, string | number> = {
      text: visible(headOf(text, MAX_CONTROL_POINTS_TEXT)),
    };
    if (parsed.item !== undefined) values["item"] = parsed.item;
    if (parsed.binding !== undefined)
      values["binding"] = visible(headOf(parsed.binding, MAX_CONTROL_POINTS_TEXT));
    row.report(cell, "malformed-control-points", "error", values satisfies ProblemValues, parsed.reason);
    return undefined;
  }
  // One warning for the cell, naming its longest binding or variable name (the first of equals).
  // A loop, not flatMap and filter: two arrays per cell for what is almost never there.
  const points = parsed.points;
  let longest: string | undefined;
  let longestCount = 0;
  for (let i = 0; i < 2 * points.length; i++) {
    const point = points[i >> 1] as (typeof points)[number];
    const text = i % 2 === 0 ? point.Binding : point.VariableName;
    if (text.length <= LONG_TEXT) continue;
    const count = characterCount(text);
    if (longest === undefined || count > longestCount) {
      longest = text;
      longestCount = count;
    }
  }
  if (longest !== undefined) row.noteLength(cell, longest);
  return points;
}
