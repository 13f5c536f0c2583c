/**
 * Refresh of a BOQ sheet in place, in Excel: the rows under the column headers read (values and
 * formulas, A to N, in blocks), then a refresh plan of src/boq/sheetRefresh applied in the steps
 * of src/boq/rowSteps: whole rows deleted where the BOQ lost positions and inserted where it gained
 * some (Excel then adjusts every formula and name in the workbook, so one that points at a row that
 * stays keeps pointing at it); a row whose position moved is moved with Range.moveTo (ExcelApi
 * 1.11: formulas elsewhere that point at it follow it, its own relative formulas stay right), or
 * on an Excel of ExcelApi 1.10 its estimator's cells are copied in R1C1 notation (formulasR1C1,
 * ExcelApi 1.2: its relative formulas point at its new row; formulas elsewhere that pointed at the
 * row it left show #REF!, which Excel cannot avoid without moveTo); the platform's columns written
 * on their rows (null in the estimator's columns: left as they are), the outline made again where
 * the rows now stand, and the cells that changed filled.
 */
import { columnIndex, ESTIMATOR_COLUMNS, SHEET_WIDTH } from "../boq/sheetLayout";
import { planCells, MAX_OUTLINE_LEVEL, type SheetPlan } from "../boq/sheetPlan";
import { rowSteps } from "../boq/rowSteps";
import type { RefreshPlan, SheetRowRead } from "../boq/sheetRefresh";
import {
  finishSheet,
  groupCalls,
  headerInputs,
  planRowInputs,
  rowStyleCalls,
  runCalls,
  syncWriting,
  writeRows,
} from "./boqSheet";
import { toWorkbookError } from "./errors";
import { a1Address } from "./names";
import { loadProtection } from "./protection";
import { readAreaInBlocks } from "./read";
import { CHANGED_FILL } from "./importLog";
import type { CellInput } from "./write";

/** Range.moveTo arrived with ExcelApi 1.11; below it a moved row's cells are copied in R1C1. */
export const MOVE_API_VERSION = "1.11";

function moveToSupported(): boolean {
  return (
    typeof Office !== "undefined" &&
    typeof Office.context?.requirements?.isSetSupported === "function" &&
    Office.context.requirements.isSetSupported("ExcelApi", MOVE_API_VERSION)
  );
}

/** The platform's visible columns, as runs [first, count]: A-E, G, I-K (fills cleared there). */
const PLATFORM_RUNS: ReadonlyArray<[number, number]> = [
  [0, 5],
  [6, 1],
  [8, 3],
];

export interface BoqSheetRows {
  sheetName: string;
  rows: SheetRowRead[];
}

/** The rows under the column headers (0-based `firstRow`) to the last used row. */
export async function readBoqSheetRows(
  context: Excel.RequestContext,
  sheetId: string,
  firstRow: number,
): Promise<BoqSheetRows> {
  const sheet = context.workbook.worksheets.getItem(sheetId);
  sheet.load("name");
  const used = sheet.getUsedRangeOrNullObject();
  used.load(["rowIndex", "rowCount"]);
  try {
    await context.sync();
  } catch (error) {
    throw toWorkbookError(error, { action: "read" });
  }
  const sheetName = sheet.name;
  const last = used.isNullObject ? -1 : used.rowIndex + used.rowCount - 1;
  if (last < firstRow) return { sheetName, rows: [] };
  // In blocks through the reader every read shares: a block Excel refuses or answers with null
  // (past 5 million cells) is read again smaller, and a row that stays null is reported, never dropped.
  const area = {
    rowIndex: firstRow,
    columnIndex: 0,
    rowCount: last - firstRow + 1,
    columnCount: SHEET_WIDTH,
  };
  const address = a1Address(area.rowIndex, 0, area.rowCount, SHEET_WIDTH);
  const read = await readAreaInBlocks(context, sheet, area, ["values", "formulas"], {
    sheet: sheetName,
    address,
  });
  const rows: SheetRowRead[] = read.values.map((values, k) => ({ values, formulas: read.formulas[k] ?? [] }));
  return { sheetName, rows };
}

/** Whether the host took the sync (an ungroup with no group left may be refused). */
async function syncTaken(context: Excel.RequestContext): Promise<boolean> {
  try {
    await context.sync();
    return true;
  } catch {
    return false;
  }
}

/** Runs of consecutive numbers, as [first, last], ascending. */
function runsOf(sorted: readonly number[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const n of sorted) {
    const last = out[out.length - 1];
    if (last && last[1] + 1 === n) last[1] = n;
    else out.push([n, n]);
  }
  return out;
}

/**
 * Without Range.moveTo: each moved row's estimator cells read in R1C1 notation and written on the
 * blank row it goes to, so its relative formulas point at that row (one sync to read, the writes
 * queued for the caller's).
 */
async function copyEstimatorCells(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  firstRow: number,
  moves: ReadonlyArray<{ from: number; to: number }>,
): Promise<void> {
  const reads = moves.map(({ from, to }) => {
    const cells = ESTIMATOR_COLUMNS.map((column) => {
      const range = sheet.getRangeByIndexes(firstRow + from, columnIndex(column), 1, 1);
      range.load("formulasR1C1");
      return { column, range };
    });
    return { to, cells };
  });
  try {
    await context.sync();
  } catch (error) {
    throw toWorkbookError(error, { action: "read" });
  }
  for (const { to, cells } of reads) {
    for (const { column, range } of cells) {
      const formula: unknown = (range.formulasR1C1 as unknown[][])[0]?.[0];
      if (typeof formula !== "string" && typeof formula !== "number" && typeof formula !== "boolean")
        continue;
      if (formula === "") continue;
      sheet.getRangeByIndexes(firstRow + to, columnIndex(column), 1, 1).formulasR1C1 = [[formula]];
    }
  }
}

/**
 * Applies `refresh` (planned from `old`, the rows `readBoqSheetRows` gave) to the sheet, showing
 * `plan`. The sheet keeps its name, id and position; rows that stay keep their place.
 */
export async function applyBoqRefresh(
  context: Excel.RequestContext,
  sheetId: string,
  plan: SheetPlan,
  refresh: RefreshPlan,
  old: readonly SheetRowRead[],
): Promise<string> {
  const sheet = context.workbook.worksheets.getItem(sheetId);
  // Protected since the rows were read (the user was asked, say): named before anything is written.
  const unprotected = loadProtection(sheet);
  try {
    await context.sync();
  } catch (error) {
    throw toWorkbookError(error, { action: "read" });
  }
  const sheetName = unprotected();
  const firstRow = plan.headerRow + 1;

  // The header block again (when it was pulled, the currency).
  sheet.getRangeByIndexes(0, 0, plan.headerRow + 1, SHEET_WIDTH).formulas = headerInputs(plan);
  await syncWriting(context, sheetName);

  // Whole rows: the lost ones deleted from the bottom up, blank ones inserted from the top down
  // (new positions, and the places moved rows go to), the moved rows moved onto theirs, and the
  // rows they left deleted.
  const steps = rowSteps(refresh, old.length);
  const rowsAt = (a: number, b: number): string => `${firstRow + a + 1}:${firstRow + b + 1}`;
  for (const [a, b] of runsOf(steps.lost).reverse()) sheet.getRange(rowsAt(a, b)).delete("Up");
  await syncWriting(context, sheetName);
  for (const [at, count] of steps.inserts) sheet.getRange(rowsAt(at, at + count - 1)).insert("Down");
  await syncWriting(context, sheetName);
  if (steps.moves.length > 0) {
    if (moveToSupported()) {
      for (const { from, to } of steps.moves) sheet.getRange(rowsAt(from, from)).moveTo(rowsAt(to, to));
    } else {
      await copyEstimatorCells(context, sheet, firstRow, steps.moves);
    }
    await syncWriting(context, sheetName);
    for (const [a, b] of runsOf(steps.left).reverse()) sheet.getRange(rowsAt(a, b)).delete("Up");
    await syncWriting(context, sheetName);
  }

  // The outline of the old rows goes; the plan's is made where the rows now stand. Each level
  // is taken off in its own sync: a host may refuse to ungroup rows that have no group left.
  const lastRow = firstRow + refresh.final.length - 1;
  if (lastRow >= firstRow) {
    for (let level = 0; level < MAX_OUTLINE_LEVEL; level += 1) {
      sheet.getRange(`${firstRow + 1}:${lastRow + 1}`).ungroup("ByRows");
      if (!(await syncTaken(context))) break;
    }
  }

  const cells = planCells(plan, refresh.sheetRows);
  const rows = refresh.final.flatMap((f) => {
    if (f.plan === undefined) return [];
    // The estimator's columns are null: left as they are (a moved row brought its own along).
    const row: Array<CellInput | null> = planRowInputs(cells[f.plan] ?? [], plan.numberFormats);
    return [{ at: refresh.sheetRows[f.plan] as number, cells: row, formats: true }];
  });
  await writeRows(context, sheet, sheetName, rows, plan.numberFormats);

  const calls: Array<() => void> = [];
  for (const [a, b] of runsOf([...refresh.sheetRows].sort((x, y) => x - y))) {
    for (const [column, count] of PLATFORM_RUNS) {
      calls.push(() => sheet.getRangeByIndexes(a, column, b - a + 1, count).format.fill.clear());
    }
  }
  for (const { sheetRow, column } of refresh.highlights) {
    calls.push(() => {
      sheet.getRangeByIndexes(sheetRow, columnIndex(column), 1, 1).format.fill.color = CHANGED_FILL;
    });
  }
  await runCalls(context, sheetName, calls);
  await runCalls(context, sheetName, rowStyleCalls(sheet, plan, refresh.sheetRows));
  await runCalls(context, sheetName, groupCalls(sheet, plan, refresh.sheetRows));
  finishSheet(sheet, plan, lastRow, false);
  await syncWriting(context, sheetName);
  return sheetName;
}
