/**
 * Writes a BOQ sheet plan (src/boq/sheetPlan) to a new sheet, or again over a sheet of an older
 * layout: the header block, the column headers, the rows with their live formulas, number formats,
 * the Name column indented by level, section headings and totals in bold, the outline (one group
 * per section, its +/- on the section's total row), the estimator's column headers shaded, the
 * row id and record columns hidden, and a frozen header. Text from the service is written as a
 * value with Excel's text marker, so a name starting with "=" never becomes a formula; only the
 * plan's own formulas are written as formulas. Rows go in blocks under Excel's 5 MB request limit.
 * Refresh in place is ./boqSheetRefresh. Every function takes the RequestContext of the caller's
 * run (src/boqsheet's injected runner).
 */
import { columnIndex, HIDDEN_COLUMNS, ESTIMATOR_COLUMNS, SHEET_WIDTH } from "../boq/sheetLayout";
import { planCells, planGroups, type PlanCell, type SheetPlan } from "../boq/sheetPlan";
import { jsonBytes, planBlocks } from "./blocks";
import { toWorkbookError } from "./errors";
import { ROW_OVERHEAD_BYTES, WRITE_BUDGET_BYTES } from "./limits";
import { uniqueSheetName } from "./names";
import { loadProtection } from "./protection";
import { WriteRefused, writeShrinking } from "./shrink";
import { type CellInput, TEXT_NUMBER_FORMAT, toCellInput } from "./write";

/** Outline and format calls queued per sync: each is a small request, a few thousand stay far under 5 MB. */
export const CALLS_PER_SYNC = 2_000;
/** Outline levels shown when the sheet opens: sections and their direct children. */
export const BOQ_SHEET_SHOWN_LEVELS = 2;
/** The shade of the estimator's column headers: their columns are the estimator's own. */
export const ESTIMATOR_HEADER_FILL = "#DDEBF7";
const NAME_COLUMN = columnIndex("name");

export interface WrittenBoqSheet {
  sheetName: string;
  /** Excel's id of the sheet: it stays the same when the sheet is renamed or moved. */
  sheetId: string;
  /** Rows of the bill of quantities written (without the sections' totals and the grand total). */
  rowCount: number;
  /** Outline groups made. */
  groupCount: number;
}

/**
 * The input Excel takes for a plan cell: a formula as a formula, null leaves the cell as it is,
 * text in a cell already formatted as text ("@") as it is, elsewhere with the text marker.
 */
export function planCellInput(cell: PlanCell, cellIsText = false): CellInput | null {
  if (cell === null) return null;
  if (typeof cell === "object") return cell.formula;
  return toCellInput(cell, cellIsText);
}

/** A plan row's inputs, for a row whose number formats are set first (in the same sync). */
export function planRowInputs(
  cells: readonly PlanCell[],
  numberFormats: readonly string[],
): Array<CellInput | null> {
  return cells.map((cell, c) => planCellInput(cell, numberFormats[c] === TEXT_NUMBER_FORMAT));
}

export async function syncWriting(context: Excel.RequestContext, sheetName: string): Promise<void> {
  try {
    await context.sync();
  } catch (error) {
    throw toWorkbookError(error, { action: "write", sheet: sheetName });
  }
}

/** Runs queued calls in syncs of CALLS_PER_SYNC. */
export async function runCalls(
  context: Excel.RequestContext,
  sheetName: string,
  calls: ReadonlyArray<() => void>,
): Promise<void> {
  for (let i = 0; i < calls.length; i += CALLS_PER_SYNC) {
    for (const call of calls.slice(i, i + CALLS_PER_SYNC)) call();
    await syncWriting(context, sheetName);
  }
}

/** The header block and the column headers, rows 0 to headerRow. */
export function headerInputs(plan: SheetPlan): CellInput[][] {
  const pad = (row: CellInput[]): CellInput[] => [
    ...row,
    ...new Array<CellInput>(SHEET_WIDTH - row.length).fill(""),
  ];
  // "Company: Northwind" in one cell of column A runs on over the empty cells to its right, so
  // neither label nor value is cut off by the narrow Level and Code columns.
  const out: CellInput[][] = plan.headerBlock.map((line) => pad([toCellInput(line)]));
  while (out.length < plan.headerRow) out.push(pad([]));
  out.push(plan.columns.map((text) => toCellInput(text)));
  return out;
}

/**
 * Writes rows of cells (null: leave the cell) starting at 0-based sheet rows `at[i]`, in blocks of
 * consecutive rows under the request budget. `formats`: the row's number formats are set first,
 * so its text goes into text cells as it is (planRowInputs) and no formula lands in a text cell.
 * The rows are as wide as `numberFormats` (the BOQ sheet's 14 columns, the comparison sheet's 13).
 */
export async function writeRows(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  sheetName: string,
  rows: ReadonlyArray<{ at: number; cells: Array<CellInput | null>; formats: boolean }>,
  numberFormats: readonly string[],
): Promise<void> {
  const width = numberFormats.length;
  // Runs of consecutive sheet rows, then blocks within each run.
  let start = 0;
  while (start < rows.length) {
    let end = start + 1;
    while (end < rows.length && (rows[end]?.at ?? 0) === (rows[end - 1]?.at ?? 0) + 1) end += 1;
    const run = rows.slice(start, end);
    const blocks = planBlocks(
      run.map((r) => jsonBytes(r.cells) * 2 + ROW_OVERHEAD_BYTES),
      WRITE_BUDGET_BYTES,
    );
    for (const block of blocks) {
      // A block Excel refuses for its size is written again in halves (shrink.ts).
      await writeShrinking(context, block, (span) => {
        const part = run.slice(span.start, span.start + span.count);
        const first = part[0]?.at ?? 0;
        // Number formats of the table's rows (not the header block's), one call per run of them.
        for (let k = 0; k < part.length;) {
          if (!part[k]?.formats) {
            k += 1;
            continue;
          }
          let e = k;
          while (e < part.length && part[e]?.formats) e += 1;
          sheet.getRangeByIndexes(first + k, 0, e - k, width).numberFormat = Array.from(
            { length: e - k },
            () => [...numberFormats],
          );
          k = e;
        }
        sheet.getRangeByIndexes(first, 0, part.length, width).formulas = part.map((r) => r.cells);
      }).catch((error: unknown) => {
        throw toWorkbookError(error instanceof WriteRefused ? error.error : error, {
          action: "write",
          sheet: sheetName,
        });
      });
    }
    start = end;
  }
}

/** Indent, bold for headings and totals, per run of rows alike; `at`: each plan row's sheet row. */
export function rowStyleCalls(
  sheet: Excel.Worksheet,
  plan: SheetPlan,
  at: readonly number[],
): Array<() => void> {
  const calls: Array<() => void> = [];
  let run: { start: number; count: number; indent: number; bold: boolean } | undefined;
  const flush = (): void => {
    if (!run) return;
    const { start, count, indent, bold } = run;
    calls.push(() => {
      sheet.getRangeByIndexes(start, NAME_COLUMN, count, 1).format.indentLevel = indent;
      sheet.getRangeByIndexes(start, 0, count, SHEET_WIDTH).format.font.bold = bold;
    });
  };
  plan.rows.forEach((row, i) => {
    const sheetRow = at[i] as number;
    const bold = row.kind !== "item";
    if (run && run.indent === row.indent && run.bold === bold && run.start + run.count === sheetRow)
      run.count += 1;
    else {
      flush();
      run = { start: sheetRow, count: 1, indent: row.indent, bold };
    }
  });
  flush();
  return calls;
}

/** The outline of the plan where its rows stand (outer groups first, so inner ones nest). */
export function groupCalls(
  sheet: Excel.Worksheet,
  plan: SheetPlan,
  at: readonly number[],
): Array<() => void> {
  return planGroups(plan, at).map((group) => () => {
    // The enum's value rather than Excel.GroupOption: this folder's code runs with the caller's
    // context only, whether or not the host put an Excel namespace on the global object.
    sheet.getRange(`${group.firstRow + 1}:${group.lastRow + 1}`).group("ByRows");
  });
}

/**
 * The header's look, the hidden columns, the frozen header and, on a new sheet (`fresh`), the
 * outline shown at sections and their children; a refreshed sheet keeps what the estimator opened.
 */
export function finishSheet(sheet: Excel.Worksheet, plan: SheetPlan, lastRow: number, fresh: boolean): void {
  sheet.getRangeByIndexes(0, 0, 1, 1).format.font.bold = true;
  sheet.getRangeByIndexes(plan.headerRow, 0, 1, SHEET_WIDTH).format.font.bold = true;
  for (const column of ESTIMATOR_COLUMNS) {
    sheet.getRangeByIndexes(plan.headerRow, columnIndex(column), 1, 1).format.fill.color =
      ESTIMATOR_HEADER_FILL;
  }
  sheet
    .getRangeByIndexes(plan.headerRow, 0, lastRow - plan.headerRow + 1, SHEET_WIDTH)
    .format.autofitColumns();
  for (const column of HIDDEN_COLUMNS) {
    sheet.getRangeByIndexes(0, columnIndex(column), 1, 1).getEntireColumn().columnHidden = true;
  }
  sheet.freezePanes.freezeRows(plan.headerRow + 1);
  if (fresh && plan.rows.some((r) => r.kind === "sectionTotal"))
    sheet.showOutlineLevels(BOQ_SHEET_SHOWN_LEVELS, 0);
}

function positions(plan: SheetPlan): number {
  return plan.rows.filter((r) => r.kind === "item" || r.kind === "heading").length;
}

/** Writes the whole plan into an empty sheet, from the top. */
async function writeFresh(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  sheetName: string,
  plan: SheetPlan,
): Promise<number> {
  const header = headerInputs(plan).map((cells, at) => ({ at, cells, formats: false }));
  const cells = planCells(plan);
  const rows = plan.rows.map((row, i) => ({
    at: row.sheetRow,
    cells: planRowInputs(cells[i] ?? [], plan.numberFormats),
    formats: true,
  }));
  await writeRows(context, sheet, sheetName, [...header, ...rows], plan.numberFormats);
  const at = plan.rows.map((r) => r.sheetRow);
  const groups = groupCalls(sheet, plan, at);
  await runCalls(context, sheetName, [...rowStyleCalls(sheet, plan, at), ...groups]);
  finishSheet(sheet, plan, plan.headerRow + plan.rows.length, true);
  sheet.activate();
  await syncWriting(context, sheetName);
  return groups.length;
}

/** A new sheet named after `desiredName`, made unique among the workbook's sheets; its id loaded. */
export async function addSheetNamedAfter(
  context: Excel.RequestContext,
  desiredName: string,
): Promise<{ sheet: Excel.Worksheet; sheetName: string }> {
  const worksheets = context.workbook.worksheets;
  worksheets.load("items/name");
  try {
    await context.sync();
  } catch (error) {
    throw toWorkbookError(error, { action: "read" });
  }
  const sheetName = uniqueSheetName(
    desiredName,
    worksheets.items.map((s) => s.name),
  );
  const sheet = worksheets.add(sheetName);
  sheet.load("id");
  try {
    await context.sync();
  } catch (error) {
    throw toWorkbookError(error, { action: "create", sheet: sheetName });
  }
  return { sheet, sheetName };
}

/** Writes `plan` to a new sheet named after `desiredName` (made unique) and makes it the active sheet. */
export async function writeBoqSheet(
  context: Excel.RequestContext,
  plan: SheetPlan,
  desiredName: string,
): Promise<WrittenBoqSheet> {
  const { sheet, sheetName } = await addSheetNamedAfter(context, desiredName);
  const groupCount = await writeFresh(context, sheet, sheetName, plan);
  return { sheetName, sheetId: sheet.id, rowCount: positions(plan), groupCount };
}

/**
 * The active sheet's id and name (to find the BOQ sheet a refresh is for), and whether it is
 * protected (Worksheet.protection, ExcelApi 1.2: a refresh then changes nothing and says so).
 */
export async function readActiveSheet(
  context: Excel.RequestContext,
): Promise<{ id: string; name: string; protected: boolean }> {
  const sheet = context.workbook.worksheets.getActiveWorksheet();
  sheet.load(["id", "name", "protection/protected"]);
  try {
    await context.sync();
  } catch (error) {
    throw toWorkbookError(error, { action: "read" });
  }
  return { id: sheet.id, name: sheet.name, protected: sheet.protection.protected };
}

/**
 * A sheet of an older layout made again (the pane asks first): every row it used is deleted
 * (values, formats, outline) and `plan` written from the top. The sheet keeps its name, id and
 * position among the sheets.
 */
export async function rebuildBoqSheet(
  context: Excel.RequestContext,
  sheetId: string,
  plan: SheetPlan,
): Promise<WrittenBoqSheet> {
  const sheet = context.workbook.worksheets.getItem(sheetId);
  // A protected sheet is named before its rows are deleted, not after.
  const unprotected = loadProtection(sheet);
  const used = sheet.getUsedRangeOrNullObject();
  used.load(["rowIndex", "rowCount"]);
  try {
    await context.sync();
  } catch (error) {
    throw toWorkbookError(error, { action: "read" });
  }
  const sheetName = unprotected();
  if (!used.isNullObject) {
    sheet.getRange(`1:${used.rowIndex + used.rowCount}`).delete("Up");
    await syncWriting(context, sheetName);
  }
  const groupCount = await writeFresh(context, sheet, sheetName, plan);
  return { sheetName, sheetId, rowCount: positions(plan), groupCount };
}

/**
 * Calls `listener` with the sheet's id whenever another sheet becomes the active one (Excel's
 * WorksheetCollection.onActivated, ExcelApi 1.7), for as long as the add-in runs.
 */
export async function onSheetActivated(
  context: Excel.RequestContext,
  listener: (sheetId: string) => void,
): Promise<void> {
  context.workbook.worksheets.onActivated.add(async (event) => {
    listener(event.worksheetId);
    await Promise.resolve();
  });
  await syncWriting(context, "");
}
