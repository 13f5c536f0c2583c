/** Display text of a cell value under the few number formats the add-in and its tests use. */
import { parseCellInput, type Cell } from "./model";

const GENERAL_SIGNIFICANT_DIGITS = 11;

function general(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e11) return String(n);
  const text = String(Number(n.toPrecision(GENERAL_SIGNIFICANT_DIGITS)));
  return text.length > GENERAL_SIGNIFICANT_DIGITS ? n.toExponential(5).toUpperCase() : text;
}

function fixed(n: number, decimals: number, grouping: boolean): string {
  const text = Math.abs(n).toFixed(decimals);
  const [intPart = "0", frac] = text.split(".");
  const grouped = grouping ? intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ",") : intPart;
  return `${n < 0 ? "-" : ""}${grouped}${frac !== undefined ? `.${frac}` : ""}`;
}

export function formatNumber(n: number, numberFormat: string): string {
  const format = numberFormat.split(";")[0] ?? "General";
  if (format === "General" || format === "" || format === "@") return general(n);
  const percent = format.endsWith("%");
  const body = percent ? format.slice(0, -1) : format;
  const match = /^(#,##)?0(\.(0+))?$/.exec(body);
  if (!match) return general(n);
  const decimals = match[3]?.length ?? 0;
  return fixed(percent ? n * 100 : n, decimals, match[1] !== undefined) + (percent ? "%" : "");
}

export function cellText(cell: Cell | undefined, columnFormat?: string): string {
  if (!cell || cell.value === null) return "";
  const value = cell.value;
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "number") return formatNumber(value, cell.numberFormat ?? columnFormat ?? "General");
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
