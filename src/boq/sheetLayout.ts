// The columns of a BOQ sheet and what each kind of row holds in them, given where the row stands.
// The estimator's own columns (adjusted quantity, adjusted unit cost, note) sit beside the
// platform's and are never written by a refresh: a row's cells come out with `null` there, which
// Excel takes as "leave the cell as it is". A row's formulas depend only on its own sheet row and,
// for a section's total, on the row of the section's heading, so a refresh can write them wherever
// the row has come to stand (rows the estimator inserted between them included). Pure.

export type PlanCell = string | number | { formula: string } | null;

/** Column letters, in order. */
export const SHEET_COLUMNS = {
  level: "A",
  code: "B",
  name: "C",
  unit: "D",
  quantity: "E",
  adjustedQuantity: "F",
  unitCost: "G",
  adjustedUnitCost: "H",
  total: "I",
  platformTotal: "J",
  differs: "K",
  note: "L",
  key: "M",
  record: "N",
} as const;
export type SheetColumn = keyof typeof SHEET_COLUMNS;

export const COLUMN_ORDER = Object.keys(SHEET_COLUMNS) as SheetColumn[];
export const SHEET_WIDTH = COLUMN_ORDER.length;
export const columnIndex = (column: SheetColumn): number => COLUMN_ORDER.indexOf(column);

/** The estimator's columns: a refresh never writes them (a moved row takes them along). */
export const ESTIMATOR_COLUMNS: readonly SheetColumn[] = ["adjustedQuantity", "adjustedUnitCost", "note"];
/** The platform's values a row shows, as kept in its record to tell what the estimator typed over. */
export const RECORDED_COLUMNS = [
  "level",
  "code",
  "name",
  "unit",
  "quantity",
  "unitCost",
  "platformTotal",
] as const;
export type RecordedColumn = (typeof RECORDED_COLUMNS)[number];
/** The columns that hold the add-in's formulas on some rows. */
export const FORMULA_COLUMNS: readonly SheetColumn[] = ["total", "platformTotal", "differs"];
/** The row id and the record: hidden, the add-in's own. */
export const HIDDEN_COLUMNS: readonly SheetColumn[] = ["key", "record"];

export type RowKind = "item" | "heading" | "sectionTotal" | "grandTotal";

/** What the platform says of a row, as the sheet shows it ("" where the row shows nothing). */
export interface PlatformValues {
  level: number | "";
  code: string;
  name: string;
  unit: string;
  quantity: number | "";
  unitCost: number | "";
  platformTotal: number | "";
}

export interface LayoutRow {
  kind: RowKind;
  /** The row's id on the sheet: "id:<Id>", else "code:<Code>"; "end:<key>" for a section's total. */
  key: string;
  values: PlatformValues;
}

/** The record of a row (hidden column N): what the add-in wrote in the platform's value columns. */
export function recordOf(values: PlatformValues): string {
  return JSON.stringify(RECORDED_COLUMNS.map((c) => values[c]));
}

/** Reads a record back; undefined when the cell does not hold one this layout wrote. */
export function readRecord(text: unknown): PlatformValues | undefined {
  if (typeof text !== "string" || !text.startsWith("[")) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== RECORDED_COLUMNS.length) return undefined;
  const [level, code, name, unit, quantity, unitCost, platformTotal] = parsed as unknown[];
  const num = (v: unknown): number | "" => (typeof v === "number" ? v : "");
  const str = (v: unknown): string => (typeof v === "string" ? v : "");
  return {
    level: num(level),
    code: str(code),
    name: str(name),
    unit: str(unit),
    quantity: num(quantity),
    unitCost: num(unitCost),
    platformTotal: num(platformTotal),
  };
}

export interface RowPlace {
  /** A1 row number of the row. */
  row: number;
  /** A section total: the A1 row of its heading. */
  heading?: number;
  /** The grand total: the A1 row of the first data row. */
  firstData?: number;
}

/**
 * The cells of a row standing at `place`, A to N; null in the estimator's columns. `mark` is what
 * the Differs column shows where the sheet's total and the platform's differ.
 */
export function rowCells(row: LayoutRow, place: RowPlace, mark: string): PlanCell[] {
  const C = SHEET_COLUMNS;
  const n = place.row;
  const v = row.values;
  const q = (s: string): string => s.replace(/"/g, '""');
  const differs = { formula: `=IF(ROUND(${C.total}${n}-${C.platformTotal}${n},2)<>0,"${q(mark)}","")` };
  let total: PlanCell = "";
  let platformTotal: PlanCell = v.platformTotal;
  let differsCell: PlanCell = "";
  if (row.kind === "item") {
    // The estimator's adjusted value where one is given, else the platform's.
    const quantity = `IF(${C.adjustedQuantity}${n}="",${C.quantity}${n},${C.adjustedQuantity}${n})`;
    const unitCost = `IF(${C.adjustedUnitCost}${n}="",${C.unitCost}${n},${C.adjustedUnitCost}${n})`;
    total = { formula: `=${quantity}*${unitCost}` };
    differsCell = differs;
  } else if (row.kind === "sectionTotal") {
    const from = (place.heading ?? n - 1) + 1;
    // SUBTOTAL leaves out the nested sections' SUBTOTALs: each item counts once.
    total = n - 1 >= from ? { formula: `=SUBTOTAL(9,${C.total}${from}:${C.total}${n - 1})` } : 0;
    differsCell = differs;
  } else if (row.kind === "grandTotal") {
    const from = place.firstData ?? n;
    const range = (c: string): string => `${c}${from}:${c}${Math.max(from, n - 1)}`;
    total = { formula: `=SUBTOTAL(9,${range(C.total)})` };
    // The platform's total of the whole BOQ: its top-level rows (a section shows it on its total row).
    platformTotal = { formula: `=SUMIF(${range(C.level)},1,${range(C.platformTotal)})` };
    differsCell = differs;
  }
  const cells: Record<SheetColumn, PlanCell> = {
    level: v.level,
    code: v.code,
    name: v.name,
    unit: v.unit,
    quantity: v.quantity,
    adjustedQuantity: null,
    unitCost: v.unitCost,
    adjustedUnitCost: null,
    total,
    platformTotal,
    differs: differsCell,
    note: null,
    key: row.key,
    record: row.kind === "grandTotal" ? "" : recordOf(v),
  };
  return COLUMN_ORDER.map((c) => cells[c]);
}
