/**
 * Refresh of a BOQ sheet in place, in Excel: the rows under the column headers read (values and
 * formulas, A to N, in blocks), then a refresh plan of src/boq/sheetRefresh applied: whole rows
 * deleted where the BOQ lost positions and inserted where it gained some (Excel then adjusts every
 * formula and name in the workbook, so one that points at a row that stays keeps pointing at it),
 * the platform's columns written on their rows (null in the estimator's columns: left as they
 * are), the outline made again where the rows now stand, and the cells that changed filled.
 */
import { columnIndex, ESTIMATOR_COLUMNS, SHEET_WIDTH } from "../boq/sheetLayout";
import { planCells, MAX_OUTLINE_LEVEL, type SheetPlan } from "../boq/sheetPlan";
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

  // Whole rows: deleted from the bottom up, then inserted from the top down at their places.
  for (const [a, b] of runsOf(refresh.deletes).reverse()) {
    sheet.getRange(`${firstRow + a + 1}:${firstRow + b + 1}`).delete("Up");
  }
  await syncWriting(context, sheetName);
  const inserted = refresh.final.flatMap((f, position) => (f.old === undefined ? [position] : []));
  for (const [a, b] of runsOf(inserted)) {
    sheet.getRange(`${firstRow + a + 1}:${firstRow + b + 1}`).insert("Down");
  }
  await syncWriting(context, sheetName);

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
    const row: Array<CellInput | null> = planRowInputs(cells[f.plan] ?? [], plan.numberFormats);
    // A row that moved takes the estimator's entries along.
    const from = f.carry === undefined ? undefined : old[f.carry];
    if (from) {
      for (const column of ESTIMATOR_COLUMNS) {
        const value = from.formulas[columnIndex(column)];
        row[columnIndex(column)] = typeof value === "number" || typeof value === "string" ? value : null;
      }
    }
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
