/**
 * Display text of a cell value under the few number formats the add-in and its tests use, in the
 * display locale of the workbook (Excel shows numbers with the regional format's separators and
 * the built-in short date in its own order; `values`, `formulas` and `numberFormat` stay en-US).
 */
import { parseCellInput, type Cell } from "./model";

/** The regional format Excel displays numbers and dates in. */
export interface DisplayLocale {
  name: string;
  decimal: string;
  group: string;
  /** How the built-in short date (numFmtId 14, "m/d/yyyy" in en-US) shows in this locale. */
  shortDate: string;
}

/** Separators and short dates as Windows/.NET and ICU define them for these cultures. */
export const DISPLAY_LOCALES: Readonly<Record<string, DisplayLocale>> = {
  "en-US": { name: "en-US", decimal: ".", group: ",", shortDate: "m/d/yyyy" },
  "en-GB": { name: "en-GB", decimal: ".", group: ",", shortDate: "dd/mm/yyyy" },
  "de-DE": { name: "de-DE", decimal: ",", group: ".", shortDate: "dd.mm.yyyy" },
  "ru-RU": { name: "ru-RU", decimal: ",", group: "\u00a0", shortDate: "dd.mm.yyyy" },
};

export const EN_US: DisplayLocale = { name: "en-US", decimal: ".", group: ",", shortDate: "m/d/yyyy" };

/** Excel's built-in short date as the `numberFormat` property gives it (numFmtId 14, en-US). */
const BUILT_IN_SHORT_DATE = "m/d/yyyy";

/**
 * The locale with Excel's own decimal separator when "Use system separators" is off (`decimal`
 * given): the group separator is the locale's unless it is the same character.
 */
export function displayLocale(name: string | undefined, decimal?: string): DisplayLocale {
  const base = DISPLAY_LOCALES[name ?? "en-US"];
  if (!base) throw new Error(`The emulation knows no display locale "${name ?? ""}".`);
  if (decimal === undefined || decimal === base.decimal) return base;
  const group = base.group !== decimal ? base.group : decimal === "," ? "\u00a0" : ",";
  return { ...base, decimal, group };
}

function localizeSeparators(text: string, locale: DisplayLocale): string {
  if (locale.decimal === "." && locale.group === ",") return text;
  return text.replace(/[.,]/g, (ch) => (ch === "." ? locale.decimal : locale.group));
}

const GENERAL_SIGNIFICANT_DIGITS = 11;

function general(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e11) return String(n);
  const text = String(Number(n.toPrecision(GENERAL_SIGNIFICANT_DIGITS)));
  if (text.length <= GENERAL_SIGNIFICANT_DIGITS) return text;
  // Scientific as Excel writes it: no trailing zeros in the mantissa, two exponent digits (1E+12).
  const [mantissa = "", exponent = "0"] = n.toExponential(5).split("e");
  const trimmed = mantissa.includes(".") ? mantissa.replace(/\.?0+$/, "") : mantissa;
  const sign = exponent.startsWith("-") ? "-" : "+";
  return `${trimmed}E${sign}${exponent.replace(/^[+-]/, "").padStart(2, "0")}`;
}

function fixed(n: number, decimals: number, grouping: boolean, minimumDigits = 1): string {
  const text = Math.abs(n).toFixed(decimals);
  const [rawInt = "0", frac] = text.split(".");
  // Excel pads the whole part to as many digits as the format has zeros before the point.
  const intPart = rawInt.padStart(minimumDigits, "0");
  const grouped = grouping ? intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ",") : intPart;
  return `${n < 0 ? "-" : ""}${grouped}${frac !== undefined ? `.${frac}` : ""}`;
}

export function formatNumber(n: number, numberFormat: string, locale: DisplayLocale = EN_US): string {
  const format = numberFormat.split(";")[0] ?? "General";
  if (format === "General" || format === "" || format === "@") return localizeSeparators(general(n), locale);
  if (format === BUILT_IN_SHORT_DATE) return formatDate(n, locale.shortDate);
  if (isDateFormat(format)) return formatDate(n, format);
  return localizeSeparators(formatFixed(n, format), locale);
}

function formatFixed(n: number, format: string): string {
  const percent = format.endsWith("%");
  const body = percent ? format.slice(0, -1) : format;
  const match = /^(#,##)?(0+)(\.(0*)(#*))?$/.exec(body);
  if (!match) return general(n);
  const required = match[4]?.length ?? 0;
  const optional = match[5]?.length ?? 0;
  const minimumDigits = match[2]?.length ?? 1;
  let text = fixed(percent ? n * 100 : n, required + optional, match[1] !== undefined, minimumDigits);
  // "#" decimals show only when they are not zero; Excel keeps the point ("12." for "0.##").
  for (let i = 0; i < optional && text.endsWith("0"); i += 1) text = text.slice(0, -1);
  return text + (percent ? "%" : "");
}

/** A format made of day, month and year codes (d, dd, m, mm, yy, yyyy) and separators. */
const DATE_FORMAT = /^(?:d{1,2}|m{1,2}|y{2}|y{4}|[./\- ])+$/i;

function isDateFormat(format: string): boolean {
  return DATE_FORMAT.test(format) && /[dmy]/i.test(format);
}

const MS_PER_DAY = 86_400_000;
/** Serial 1 is 1900-01-01; Excel counts a 29 February 1900 (serial 60), so later serials start a day earlier. */
const EXCEL_EPOCH_AFTER_LEAP_BUG = Date.UTC(1899, 11, 30);
const EXCEL_EPOCH_BEFORE_LEAP_BUG = Date.UTC(1899, 11, 31);
const FICTITIOUS_LEAP_DAY = 60;

/** A date serial shown under a date format, as Excel's 1900 date system reads it. */
function formatDate(serial: number, format: string): string {
  if (serial < 0) return "#".repeat(10); // Excel shows ###### for a negative date
  const day = Math.floor(serial);
  if (day === FICTITIOUS_LEAP_DAY) return applyDate(format, 1900, 2, 29);
  const epoch = day < FICTITIOUS_LEAP_DAY ? EXCEL_EPOCH_BEFORE_LEAP_BUG : EXCEL_EPOCH_AFTER_LEAP_BUG;
  const date = new Date(epoch + day * MS_PER_DAY);
  return applyDate(format, date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

function applyDate(format: string, year: number, month: number, day: number): string {
  return format.replace(/yyyy|yy|mm|m|dd|d/gi, (token) => {
    switch (token.toLowerCase()) {
      case "yyyy":
        return String(year);
      case "yy":
        return String(year % 100).padStart(2, "0");
      case "mm":
        return String(month).padStart(2, "0");
      case "m":
        return String(month);
      case "dd":
        return String(day).padStart(2, "0");
      default:
        return String(day);
    }
  });
}

export function cellText(
  cell: Cell | undefined,
  columnFormat?: string,
  locale: DisplayLocale = EN_US,
): string {
  if (!cell || cell.value === null) return "";
  // An entity shows its text (./cell-values), though Range.values reads it as #VALUE!.
  if (cell.entity) return cell.entity.text ?? "";
  const value = cell.value;
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "number") {
    const own = cell.numberFormat ?? columnFormat;
    // A formatted number's own format shows unless the cell was given one (./cell-values).
    const format =
      cell.valueFormat !== undefined && (own === undefined || own === "General") ? cell.valueFormat : own;
    return formatNumber(value, format ?? "General", locale);
  }
  return value;
}

/**
 * What Excel's formula bar shows for a cell: its formula, or its value written so that entering
 * it again gives the same cell. Text that would be read as a number, boolean, error or formula
 * ("1.10", "TRUE", "=x") gets a leading apostrophe, unless a text format (@) keeps it text.
 */
export function cellEditText(cell: Cell | undefined, columnFormat?: string): string {
  if (!cell) return "";
  if (cell.formula !== undefined) return cell.formula;
  // A spilled entity: the formula bar shows its text, as the cell does.
  if (cell.entity) return cell.entity.text ?? "";
  const value = cell.value;
  if (value === null) return "";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "number" || cell.isError) return String(value);
  const reread = parseCellInput(value, cell.numberFormat ?? columnFormat);
  return reread.formula === undefined && !reread.isError && reread.value === value ? value : `'${value}`;
}

export type ValueType = "Empty" | "String" | "Double" | "Boolean" | "Error";

export function cellValueType(cell: Cell | undefined): ValueType {
  if (!cell || cell.value === null) return "Empty";
  if (cell.isError) return "Error";
  if (typeof cell.value === "number") return "Double";
  if (typeof cell.value === "boolean") return "Boolean";
  return "String";
}
