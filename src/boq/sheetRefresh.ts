// Refresh of a BOQ sheet in place, as data: what identifies the sheet's bill of quantities (kept
// in the workbook's document settings by sheet id: names and versions only, nothing secret), the
// rows as the sheet shows them, and what a refresh changed, row by row. Pure: src/workbook reads
// and writes the cells, the task pane asks the platform.
import { z } from "zod";
import type { SheetPlan } from "./sheetPlan";

/** Document settings key: sheet id → the source of the BOQ sheet. */
export const BOQ_SHEETS_SETTING = "boqBridge.boqSheets";

export const boqSheetSourceSchema = z.object({
  company: z.string(),
  project: z.string(),
  model: z.string(),
  scheme: z.string(),
  /** "modelVersion.analysisVersion". */
  version: z.string(),
  /** How the analysis was shown to the user. */
  analysis: z.string(),
});
export type BoqSheetSource = z.infer<typeof boqSheetSourceSchema>;

/**
 * The sources kept in the document, by sheet id. Settings travel with the file and may have been
 * written by another version of the add-in: an entry that does not read as a source is left out.
 */
export function readBoqSheetSources(raw: unknown): Record<string, BoqSheetSource> {
  const out: Record<string, BoqSheetSource> = {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return out;
  for (const [id, value] of Object.entries(raw)) {
    const parsed = boqSheetSourceSchema.safeParse(value);
    if (parsed.success) out[id] = parsed.data;
  }
  return out;
}

/** One data row of a BOQ sheet as it reads: the cells a refresh rewrites from the platform. */
export interface SheetRowSnapshot {
  level: number;
  code: string;
  name: string;
  unit: string;
  /** Empty for a parent row. */
  quantity: number | "";
  unitCost: number | "";
  platformTotal: number;
}

export interface SheetChange {
  added: number;
  removed: number;
  changed: number;
}

/** Where the sheet's columns are (SHEET_COLUMNS of sheetPlan: A-F, H). */
const COLUMN_INDEX = {
  level: 0,
  code: 1,
  name: 2,
  unit: 3,
  quantity: 4,
  unitCost: 5,
  platformTotal: 7,
} as const satisfies Record<string, number>;

function text(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return "";
}

function numberOrEmpty(value: unknown): number | "" {
  return typeof value === "number" ? value : "";
}

/**
 * The data rows of a BOQ sheet from its cell values (A to H, from the row under the column
 * headers): rows go on while column A holds a level (the grand total row has none).
 */
export function snapshotFromCells(rows: ReadonlyArray<ReadonlyArray<unknown>>): SheetRowSnapshot[] {
  const out: SheetRowSnapshot[] = [];
  for (const row of rows) {
    const level = row[COLUMN_INDEX.level];
    if (typeof level !== "number" || !Number.isInteger(level) || level < 1) break;
    const total = row[COLUMN_INDEX.platformTotal];
    out.push({
      level,
      code: text(row[COLUMN_INDEX.code]),
      name: text(row[COLUMN_INDEX.name]),
      unit: text(row[COLUMN_INDEX.unit]),
      quantity: numberOrEmpty(row[COLUMN_INDEX.quantity]),
      unitCost: numberOrEmpty(row[COLUMN_INDEX.unitCost]),
      platformTotal: typeof total === "number" ? total : 0,
    });
  }
  return out;
}

/** The data rows a plan writes, as the sheet will read them. */
export function snapshotFromPlan(plan: SheetPlan): SheetRowSnapshot[] {
  return plan.rows.map((row) => {
    const value = (i: number): unknown => {
      const cell = row.values[i];
      return typeof cell === "object" ? undefined : cell;
    };
    const total = value(COLUMN_INDEX.platformTotal);
    return {
      level: row.level,
      code: text(value(COLUMN_INDEX.code)),
      name: text(value(COLUMN_INDEX.name)),
      unit: text(value(COLUMN_INDEX.unit)),
      quantity: numberOrEmpty(value(COLUMN_INDEX.quantity)),
      unitCost: numberOrEmpty(value(COLUMN_INDEX.unitCost)),
      platformTotal: typeof total === "number" ? total : 0,
    };
  });
}

/**
 * A row's stable key: the path of codes from its root ("1 / 1.2 / 1.2.3"), so the same code in
 * two sections is two rows; a code repeated under one parent is told apart by its occurrence.
 */
function keyed(rows: readonly SheetRowSnapshot[]): Map<string, SheetRowSnapshot> {
  const out = new Map<string, SheetRowSnapshot>();
  const path: string[] = [];
  for (const row of rows) {
    path.length = Math.max(0, Math.min(path.length, row.level - 1));
    path.push(row.code);
    const base = path.join(" / ");
    let key = base;
    for (let n = 2; out.has(key); n += 1) key = `${base} #${n}`;
    out.set(key, row);
  }
  return out;
}

function sameRow(a: SheetRowSnapshot, b: SheetRowSnapshot): boolean {
  return (
    a.name === b.name &&
    a.unit === b.unit &&
    a.quantity === b.quantity &&
    a.unitCost === b.unitCost &&
    Math.abs(a.platformTotal - b.platformTotal) < 0.005
  );
}

/** What a refresh changed: rows matched by their code path, compared on what the sheet shows. */
export function diffSheetRows(
  before: readonly SheetRowSnapshot[],
  after: readonly SheetRowSnapshot[],
): SheetChange {
  const old = keyed(before);
  const now = keyed(after);
  let added = 0;
  let changed = 0;
  for (const [key, row] of now) {
    const was = old.get(key);
    if (!was) added += 1;
    else if (!sameRow(was, row)) changed += 1;
  }
  let removed = 0;
  for (const key of old.keys()) if (!now.has(key)) removed += 1;
  return { added, removed, changed };
}
