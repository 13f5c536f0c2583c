/**
 * Writes a BOQ sheet plan (src/boq/sheetPlan) to a new sheet: the header block, the column
 * headers, the rows with their live formulas, number formats, the Name column indented by level,
 * a row outline grouped by tree level and a frozen header. Text from the service is written as a
 * value with Excel's text marker, so a name starting with "=" never becomes a formula; only the
 * plan's own formulas are written as formulas. Rows go in blocks under Excel's 5 MB request limit.
 * Every function takes the RequestContext of the caller's run (src/boqsheet's injected runner).
 */
import type { PlanCell, SheetPlan } from "../boq/sheetPlan";
import { NAME_COLUMN } from "../boq/sheetPlan";
import { t } from "../i18n";
import { jsonBytes, planBlocks } from "./blocks";
import { toWorkbookError } from "./errors";
import { ROW_OVERHEAD_BYTES, WRITE_BUDGET_BYTES } from "./limits";
import { a1Address, uniqueSheetName } from "./names";
import { readAreaInBlocks } from "./read";
import { type CellInput, toCellInput } from "./write";

/** Outline and indent calls queued per sync: each is a small request, a few thousand stay far under 5 MB. */
const CALLS_PER_SYNC = 2_000;
/** Outline levels shown when the sheet opens: sections and their direct children. */
export const BOQ_SHEET_SHOWN_LEVELS = 2;

export interface WrittenBoqSheet {
  sheetName: string;
  /** Excel's id of the sheet: it stays the same when the sheet is renamed or moved. */
  sheetId: string;
  /** Data rows written (without header block, column headers and total row). */
  rowCount: number;
  /** Outline groups made. */
  groupCount: number;
}

/** The input Excel takes for a plan cell: a formula as a formula, anything else as a value. */
export function planCellInput(cell: PlanCell): CellInput {
  if (typeof cell === "object") return cell.formula;
  return toCellInput(cell);
}

function sheetRows(plan: SheetPlan): CellInput[][] {
  const width = plan.columns.length;
  const pad = (row: CellInput[]): CellInput[] => [
    ...row,
    ...new Array<CellInput>(width - row.length).fill(""),
  ];
  // "Company: Northwind" in one cell of column A runs on over the empty cells to its right, so
  // neither label nor value is cut off by the narrow Level and Code columns.
  const out: CellInput[][] = plan.headerBlock.map(([label = "", value = ""]) =>
    pad([toCellInput(value === "" ? label : t("boq.sheetHeaderLine", { label, value }))]),
  );
  while (out.length < plan.headerRow) out.push(pad([]));
  out.push(plan.columns.map((text) => toCellInput(text)));
  for (const row of plan.rows) out.push(pad(row.values.map(planCellInput)));
  if (plan.totalRow) out.push(pad(plan.totalRow.values.map(planCellInput)));
  return out;
}

async function sync(context: Excel.RequestContext, sheetName: string): Promise<void> {
  try {
    await context.sync();
  } catch (error) {
    throw toWorkbookError(error, { action: "write", sheet: sheetName });
  }
}

/** Writes `plan` to a new sheet named after `desiredName` (made unique) and makes it the active sheet. */
export async function writeBoqSheet(
  context: Excel.RequestContext,
  plan: SheetPlan,
  desiredName: string,
): Promise<WrittenBoqSheet> {
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
  await writePlan(context, sheet, sheetName, plan);
  return { sheetName, sheetId: sheet.id, rowCount: plan.rows.length, groupCount: plan.groups.length };
}

/** The active sheet's id and name (to find the BOQ sheet a refresh is for). */
export async function readActiveSheet(context: Excel.RequestContext): Promise<{ id: string; name: string }> {
  const sheet = context.workbook.worksheets.getActiveWorksheet();
  sheet.load(["id", "name"]);
  try {
    await context.sync();
  } catch (error) {
    throw toWorkbookError(error, { action: "read" });
  }
  return { id: sheet.id, name: sheet.name };
}

export interface RewrittenBoqSheet {
  sheetName: string;
  /** Cell values A:H of the data rows as they were (from the row under the column headers). */
  before: unknown[][];
  rowCount: number;
}

/**
 * Refresh in place: reads the data rows the sheet holds (for the caller to say what changed),
 * deletes the rows the sheet used (values, formats, outline) and writes `plan` into the same
 * sheet, which keeps its name, id and position among the sheets.
 */
export async function rewriteBoqSheet(
  context: Excel.RequestContext,
  sheetId: string,
  plan: SheetPlan,
): Promise<RewrittenBoqSheet> {
  const sheet = context.workbook.worksheets.getItem(sheetId);
  sheet.load("name");
  const used = sheet.getUsedRangeOrNullObject(true);
  used.load(["rowIndex", "rowCount"]);
  try {
    await context.sync();
  } catch (error) {
    throw toWorkbookError(error, { action: "read" });
  }
  const sheetName = sheet.name;
  let before: unknown[][] = [];
  const lastRow = used.isNullObject ? -1 : used.rowIndex + used.rowCount - 1;
  const firstData = plan.headerRow + 1;
  if (lastRow >= firstData) {
    // In blocks: a single read of a long sheet is refused past 5 MB, or null past 5 million cells.
    const area = { rowIndex: firstData, columnIndex: 0, rowCount: lastRow - firstData + 1, columnCount: 8 };
    const address = a1Address(area.rowIndex, 0, area.rowCount, 8);
    before = (await readAreaInBlocks(context, sheet, area, ["values"], { sheet: sheetName, address })).values;
  }
  if (lastRow >= 0) {
    sheet.getRange(`1:${lastRow + 1}`).delete("Up");
    await sync(context, sheetName);
  }
  await writePlan(context, sheet, sheetName, plan);
  return { sheetName, before, rowCount: plan.rows.length };
}

/** Writes the plan's cells, formats, indent, outline and frozen header into an empty sheet. */
async function writePlan(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  sheetName: string,
  plan: SheetPlan,
): Promise<void> {
  const width = plan.columns.length;
  const inputs = sheetRows(plan);
  const blocks = planBlocks(
    inputs.map((row) => jsonBytes(row) * 2 + ROW_OVERHEAD_BYTES),
    WRITE_BUDGET_BYTES,
  );
  const firstData = plan.headerRow + 1;
  for (const block of blocks) {
    // Values and formulas first, then the number formats of the same rows (table rows only).
    sheet.getRangeByIndexes(block.start, 0, block.count, width).formulas = inputs.slice(
      block.start,
      block.start + block.count,
    );
    const from = Math.max(block.start, firstData);
    const to = block.start + block.count;
    if (to > from) {
      sheet.getRangeByIndexes(from, 0, to - from, width).numberFormat = Array.from(
        { length: to - from },
        () => [...plan.numberFormats],
      );
    }
    await sync(context, sheetName);
  }

  // Name indented by level: one call per run of consecutive rows with the same indent.
  const calls: Array<() => void> = [];
  let run: { start: number; count: number; indent: number } | undefined;
  const flush = (): void => {
    if (!run || run.indent === 0) return;
    const { start, count, indent } = run;
    calls.push(() => {
      sheet.getRangeByIndexes(start, NAME_COLUMN, count, 1).format.indentLevel = indent;
    });
  };
  for (const row of plan.rows) {
    if (run && run.indent === row.indent && run.start + run.count === row.sheetRow) run.count += 1;
    else {
      flush();
      run = { start: row.sheetRow, count: 1, indent: row.indent };
    }
  }
  flush();
  // The outline: outer groups first, so each inner group nests one level deeper.
  for (const group of plan.groups) {
    calls.push(() => {
      // The enum's value rather than Excel.GroupOption: this folder's code runs with the caller's
      // context only, whether or not the host put an Excel namespace on the global object.
      sheet.getRange(`${group.firstRow + 1}:${group.lastRow + 1}`).group("ByRows");
    });
  }
  for (let i = 0; i < calls.length; i += CALLS_PER_SYNC) {
    for (const call of calls.slice(i, i + CALLS_PER_SYNC)) call();
    await sync(context, sheetName);
  }

  sheet.getRangeByIndexes(0, 0, 1, 1).format.font.bold = true;
  sheet.getRangeByIndexes(plan.headerRow, 0, 1, width).format.font.bold = true;
  if (plan.totalRow) sheet.getRangeByIndexes(plan.totalRow.sheetRow, 0, 1, width).format.font.bold = true;
  sheet.getRangeByIndexes(plan.headerRow, 0, inputs.length - plan.headerRow, width).format.autofitColumns();
  sheet.freezePanes.freezeRows(plan.headerRow + 1);
  if (plan.groups.length > 0) sheet.showOutlineLevels(BOQ_SHEET_SHOWN_LEVELS, 0);
  sheet.activate();
  await sync(context, sheetName);
}
