/**
 * The Excel side of the catalog import: log sheets as Excel tables (filters, frozen header, fitted
 * widths, number formats, changed cells highlighted), a summary sheet, and selecting a cell the
 * user clicked in a problem list. (The range an import reads from the selection: selection.ts.)
 * Everything the service sent is written as a value (writeTableToNewSheet's text marker), never
 * as a formula.
 */
import { toWorkbookError } from "./errors";
import { planBlocks } from "./blocks";
import { quoteSheetName, splitReference } from "./names";
import { type TableToWrite, type WrittenTable, writeTableToNewSheet } from "./write";

/** Fill of a cell whose value changed (Excel's "Neutral" yellow, readable in light and dark themes). */
export const CHANGED_FILL = "#FFEB9C";
/** Fill operations queued per sync when highlighting changed cells. */
const HIGHLIGHTS_PER_SYNC = 5_000;
/** Table style of the log tables: banded rows with filter buttons. */
export const LOG_TABLE_STYLE = "TableStyleLight9";

export interface LogTableToWrite extends TableToWrite {
  /** Data cells to highlight as changed: [data row index (0 = first row under the header), column index]. */
  highlight?: ReadonlyArray<readonly [number, number]>;
  /** Make the range an Excel table (filter buttons, banded rows); default true. */
  asTable?: boolean;
}

export interface WrittenLogTable extends WrittenTable {
  /** Name of the Excel table, when one was made. */
  tableName?: string;
}

/**
 * A new sheet holding the rows as an Excel table: values and formats by writeTableToNewSheet (in
 * blocks under the 5 MB limit, frozen header, fitted widths), then the table, then highlights.
 */
export async function writeLogTable(
  context: Excel.RequestContext,
  table: LogTableToWrite,
): Promise<WrittenLogTable> {
  const written = await writeTableToNewSheet(context, table);
  const sheet = context.workbook.worksheets.getItem(written.sheetName);
  let tableName: string | undefined;
  if (table.asTable !== false) {
    const excelTable = sheet.tables.add(written.address, true);
    excelTable.style = LOG_TABLE_STYLE;
    excelTable.load("name");
    try {
      await context.sync();
    } catch (error) {
      throw toWorkbookError(error, { action: "write", sheet: written.sheetName, address: written.address });
    }
    tableName = excelTable.name;
  }
  const highlight = table.highlight ?? [];
  const blocks = planBlocks(new Array<number>(highlight.length).fill(1), HIGHLIGHTS_PER_SYNC);
  for (const block of blocks) {
    for (const [row, column] of highlight.slice(block.start, block.start + block.count)) {
      sheet.getRangeByIndexes(row + 1, column, 1, 1).format.fill.color = CHANGED_FILL;
    }
    try {
      // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one sync per HIGHLIGHTS_PER_SYNC cells, never per cell
      await context.sync();
    } catch (error) {
      throw toWorkbookError(error, { action: "write", sheet: written.sheetName });
    }
  }
  return tableName === undefined ? written : { ...written, tableName };
}

/**
 * Selects one cell (or range) of a sheet and shows its sheet, for "click a problem, land on its
 * cell". A sheet renamed or deleted since the check gives a WorkbookError "sheet-not-found".
 */
export async function selectCell(
  context: Excel.RequestContext,
  sheetName: string,
  address: string,
): Promise<void> {
  const sheet = context.workbook.worksheets.getItem(sheetName);
  sheet.activate();
  sheet.getRange(address).select();
  try {
    await context.sync();
  } catch (error) {
    throw toWorkbookError(error, { action: "read", sheet: sheetName, address });
  }
}

/** The reference of a range with its sheet, as a user reads it ("'My sheet'!A1:H20"). */
export function sheetReference(sheet: string, address: string): string {
  return `${quoteSheetName(sheet)}!${splitReference(address).address}`;
}
