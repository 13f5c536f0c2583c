// Refresh of a BOQ sheet in place, as data. What identifies the sheet's bill of quantities (kept in
// the workbook's document settings by sheet id: names and versions only, nothing secret), and the
// refresh plan: which sheet rows stay (matched by the row's id, else its code), which are deleted
// (positions the BOQ lost), where rows are inserted (positions it gained), what changed on the rows
// that stay (old → new), which platform cells the estimator typed over (replaced only after asking)
// and which of the estimator's entries leave with a deleted row. Rows stay where they are, so a
// formula elsewhere that points at a row keeps pointing at it; rows the estimator inserted stay
// too. Pure: src/workbook reads and writes the cells, src/boqsheet asks the platform.
import { z } from "zod";
import {
  columnIndex,
  ESTIMATOR_COLUMNS,
  readRecord,
  RECORDED_COLUMNS,
  SHEET_COLUMNS,
  type PlatformValues,
  type RecordedColumn,
  type SheetColumn,
} from "./sheetLayout";
import { planCells, type PlannedRow, type SheetPlan } from "./sheetPlan";

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
  /** The sheet layout it was written with (sheetPlan SHEET_LAYOUT); absent: the first one. */
  layout: z.number().int().optional(),
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

/** One row under the column headers as the sheet holds it: values and formulas, A to N. */
export interface SheetRowRead {
  values: readonly unknown[];
  formulas: readonly unknown[];
}

export type Shown = number | string | boolean;

export interface FieldChange {
  column: RecordedColumn;
  before: number | string;
  after: number | string;
}

export interface ChangedRow {
  /** 0-based sheet row after the refresh: the first row of the position that changed. */
  sheetRow: number;
  code: string;
  name: string;
  changes: FieldChange[];
}

export interface AddedRow {
  sheetRow: number;
  code: string;
  name: string;
}

/** A position whose row moved (to another section or place): where it is now and where it was. */
export interface MovedRow {
  sheetRow: number;
  /** 0-based sheet row it had before the refresh. */
  fromSheetRow: number;
  code: string;
  name: string;
}

export interface RemovedRow {
  code: string;
  name: string;
}

/** A platform cell that holds something else than the platform wrote there. */
export interface TypedCell {
  /** 0-based sheet row before the refresh. */
  sheetRow: number;
  column: SheetColumn;
  code: string;
  typed: Shown;
  /** What the refresh writes there: a value, or "" for a formula (`formula` true). */
  platform: Shown;
  formula: boolean;
}

/** A row the BOQ lost that holds the estimator's own entries. */
export interface LostEntry {
  sheetRow: number;
  code: string;
  name: string;
  entries: Array<{ column: SheetColumn; value: Shown }>;
}

/** A row of the sheet after the refresh, top to bottom. */
export interface FinalRow {
  /** The plan's row it shows (absent: a row the estimator inserted, left as it is). */
  plan?: number;
  /** The old row it is (absent: inserted now). */
  old?: number;
  /** Inserted for a row that moved: the old row whose estimator's entries it takes along. */
  carry?: number;
}

export interface RefreshPlan {
  final: FinalRow[];
  /** Old rows deleted, ascending (indices into the rows read). */
  deletes: number[];
  /** 0-based sheet row of each plan row after the refresh. */
  sheetRows: number[];
  changed: ChangedRow[];
  added: AddedRow[];
  removed: RemovedRow[];
  moved: MovedRow[];
  /** Cells to mark after the refresh: what changed, 0-based rows after it. */
  highlights: Array<{ sheetRow: number; column: SheetColumn }>;
  typedOver: TypedCell[];
  lost: LostEntry[];
}

function same(a: unknown, b: unknown): boolean {
  if (typeof a === "number" && typeof b === "number")
    return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a));
  return (a ?? "") === (b ?? "");
}

function shown(value: unknown): Shown {
  return typeof value === "number" || typeof value === "string" || typeof value === "boolean" ? value : "";
}

function isFormula(value: unknown): boolean {
  return typeof value === "string" && value.startsWith("=");
}

const at = (row: SheetRowRead, column: SheetColumn): unknown => row.values[columnIndex(column)];
const textAt = (row: SheetRowRead, column: SheetColumn): string => {
  const value = at(row, column);
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
};

/** What the platform said of an old row: its record, else (no record) its cells. */
function recorded(row: SheetRowRead): PlatformValues | undefined {
  return readRecord(at(row, "record"));
}

/** Longest run of old rows whose matches keep their order: the rows that stay where they are. */
function keptInOrder(pairs: ReadonlyArray<[number, number]>): Set<number> {
  // pairs: [old, plan] in old order; longest increasing subsequence on plan, O(n log n).
  const tails: number[] = [];
  const previous = new Array<number>(pairs.length).fill(-1);
  for (let i = 0; i < pairs.length; i++) {
    const value = (pairs[i] as [number, number])[1];
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((pairs[tails[mid] as number] as [number, number])[1] < value) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[i] = tails[lo - 1] as number;
    tails[lo] = i;
  }
  const kept = new Set<number>();
  for (
    let i = tails.length > 0 ? (tails[tails.length - 1] as number) : -1;
    i >= 0;
    i = previous[i] as number
  ) {
    kept.add((pairs[i] as [number, number])[0]);
  }
  return kept;
}

/** Matches old rows to plan rows: by the row's id (its key), else by its code. */
function match(
  old: readonly SheetRowRead[],
  plan: SheetPlan,
): { planOf: Map<number, number>; user: Set<number> } {
  const byKey = new Map<string, number>();
  plan.rows.forEach((row, j) => byKey.set(row.key, j));
  const taken = new Set<number>();
  const planOf = new Map<number, number>();
  const user = new Set<number>();
  const seen = new Set<string>();
  const unmatched: number[] = [];
  old.forEach((row, i) => {
    const key = textAt(row, "key");
    // No id: a row the estimator inserted. An id seen already: a copy the estimator made.
    if (key === "" || seen.has(key)) {
      user.add(i);
      return;
    }
    seen.add(key);
    const j = byKey.get(key);
    if (j !== undefined && !taken.has(j)) {
      planOf.set(i, j);
      taken.add(j);
    } else unmatched.push(i);
  });
  // Else by code: an analysis run again may give the rows new ids.
  const classOf = (key: string): string =>
    key.startsWith("end:") ? "end" : key === "total" ? "total" : "row";
  const byCode = new Map<string, number[]>();
  plan.rows.forEach((row, j) => {
    if (taken.has(j)) return;
    const k = `${classOf(row.key)}|${row.values.code}`;
    const list = byCode.get(k);
    if (list) list.push(j);
    else byCode.set(k, [j]);
  });
  for (const i of unmatched) {
    const row = old[i] as SheetRowRead;
    const code = recorded(row)?.code ?? textAt(row, "code");
    const j = byCode.get(`${classOf(textAt(row, "key"))}|${code}`)?.shift();
    if (j !== undefined) {
      planOf.set(i, j);
      taken.add(j);
    }
  }
  return { planOf, user };
}

function positionName(plan: SheetPlan, row: PlannedRow): { code: string; name: string } {
  const named = row.heading === undefined ? row : (plan.rows[row.heading] ?? row);
  return { code: named.values.code, name: named.values.name };
}

/**
 * The refresh of a sheet whose data rows (from the row under the column headers, `firstRow`
 * 0-based) read `old`, to show `plan`.
 */
export function planRefresh(old: readonly SheetRowRead[], plan: SheetPlan, firstRow: number): RefreshPlan {
  const { planOf, user } = match(old, plan);
  const pairs: Array<[number, number]> = [...planOf.entries()].sort((a, b) => a[0] - b[0]);
  const kept = keptInOrder(pairs);
  const movedFrom = new Map<number, number>();
  for (const [i, j] of pairs) if (!kept.has(i)) movedFrom.set(j, i);
  const keptPlanOf = new Map<number, number>();
  for (const [i, j] of pairs) if (kept.has(i)) keptPlanOf.set(j, i);

  const final: FinalRow[] = [];
  const deletes: number[] = [];
  let o = 0;
  const passUntil = (end: number): void => {
    for (; o < end; o++) {
      if (user.has(o)) final.push({ old: o });
      else deletes.push(o);
    }
  };
  plan.rows.forEach((_, j) => {
    const i = keptPlanOf.get(j);
    if (i === undefined) {
      final.push({ plan: j, carry: movedFrom.get(j) });
      return;
    }
    passUntil(i);
    final.push({ plan: j, old: i });
    o = i + 1;
    // The rows the estimator inserted right under a row stay with it.
    while (o < old.length && user.has(o)) final.push({ old: o++ });
  });
  passUntil(old.length);

  const sheetRows = new Array<number>(plan.rows.length).fill(0);
  final.forEach((f, position) => {
    if (f.plan !== undefined) sheetRows[f.plan] = firstRow + position;
  });
  const cells = planCells(plan, sheetRows);

  const changed: ChangedRow[] = [];
  const changedAt = new Map<string, ChangedRow>();
  const added: AddedRow[] = [];
  const moved: MovedRow[] = [];
  const highlights: RefreshPlan["highlights"] = [];
  const typedOver: TypedCell[] = [];
  for (const f of final) {
    if (f.plan === undefined) continue;
    const row = plan.rows[f.plan] as PlannedRow;
    const sheetRow = sheetRows[f.plan] as number;
    const { code, name } = positionName(plan, row);
    if (f.old === undefined) {
      if (row.kind !== "sectionTotal") {
        if (f.carry === undefined) added.push({ sheetRow, code, name });
        else moved.push({ sheetRow, fromSheetRow: firstRow + f.carry, code, name });
      }
      for (const column of RECORDED_COLUMNS) highlights.push({ sheetRow, column });
      continue;
    }
    const was = old[f.old] as SheetRowRead;
    const before = recorded(was);
    if (before) {
      const changes: FieldChange[] = [];
      for (const column of RECORDED_COLUMNS) {
        const after = row.values[column];
        if (same(before[column], after)) continue;
        changes.push({ column, before: before[column], after });
        highlights.push({ sheetRow, column });
      }
      if (changes.length > 0 && row.kind !== "grandTotal") {
        const position = row.key.replace(/^end:/, "");
        const entry = changedAt.get(position);
        if (entry) for (const change of changes) entry.changes.push(change);
        else {
          // The row the change is on: a section's total is on its total row.
          const made = { sheetRow, code, name, changes };
          changedAt.set(position, made);
          changed.push(made);
        }
      }
    }
    const planned = cells[f.plan] as ReturnType<typeof planCells>[number];
    (Object.keys(SHEET_COLUMNS) as SheetColumn[]).forEach((column, c) => {
      if (ESTIMATOR_COLUMNS.includes(column) || column === "key" || column === "record") return;
      const want = planned[c];
      const now = was.values[c];
      const nowFormula = was.formulas[c];
      if (typeof want === "object" && want !== null) {
        // A blank cell holds nothing typed: a work type's empty Total becomes an item's formula.
        if (isFormula(nowFormula) || same(now, "")) return;
        typedOver.push({
          sheetRow: firstRow + f.old!,
          column,
          code,
          typed: shown(now),
          platform: "",
          formula: true,
        });
        return;
      }
      const recordedValue = (RECORDED_COLUMNS as readonly string[]).includes(column)
        ? before?.[column as RecordedColumn]
        : "";
      // Without a record there is nothing to tell a typed value from the platform's.
      if (recordedValue === undefined || same(now, want) || same(now, recordedValue)) return;
      if (isFormula(nowFormula) && !(RECORDED_COLUMNS as readonly string[]).includes(column)) return;
      typedOver.push({
        sheetRow: firstRow + f.old!,
        column,
        code,
        typed: shown(now),
        platform: shown(want),
        formula: false,
      });
    });
  }
  changed.sort((a, b) => a.sheetRow - b.sheetRow);

  const removed: RemovedRow[] = [];
  const lost: LostEntry[] = [];
  for (const i of deletes) {
    const row = old[i] as SheetRowRead;
    const key = textAt(row, "key");
    if (planOf.has(i)) continue; // moved: inserted again elsewhere with its entries
    const values = recorded(row);
    const code = values?.code ?? textAt(row, "code");
    const name = values?.name ?? textAt(row, "name");
    if (!key.startsWith("end:") && key !== "total") removed.push({ code, name });
    const entries = ESTIMATOR_COLUMNS.filter((c) => !same(at(row, c), "")).map((column) => ({
      column,
      value: shown(at(row, column)),
    }));
    if (entries.length > 0) lost.push({ sheetRow: firstRow + i, code, name, entries });
  }
  return { final, deletes, sheetRows, changed, added, removed, moved, highlights, typedOver, lost };
}

/** Whether applying `refresh` replaces anything the estimator typed: then the pane asks first. */
export function needsConsent(refresh: RefreshPlan): boolean {
  return refresh.typedOver.length > 0 || refresh.lost.length > 0;
}
