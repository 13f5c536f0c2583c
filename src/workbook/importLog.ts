/**
 * The Excel side of the catalog import: log sheets as Excel tables (filters, frozen header, fitted
 * widths, number formats, changed cells highlighted), a summary sheet, selecting a cell the user
 * clicked in a problem list, and the current region around a single selected cell.
 * Everything the service sent is written as a value (writeTableToNewSheet's text marker), never
 * as a formula.
 */
import { OFFICE_ERROR_CODES, officeErrorCode, toWorkbookError } from "./errors";
import { planBlocks } from "./blocks";
import { a1Address, quoteSheetName, splitReference } from "./names";
import { readAreaInBlocks } from "./read";
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

/** Whether a sheet (or the workbook structure) is protected; false where the host cannot tell. */
export async function isSheetProtected(context: Excel.RequestContext, sheetName: string): Promise<boolean> {
  const sheet = context.workbook.worksheets.getItem(sheetName);
  sheet.load("protection/protected");
  try {
    await context.sync();
  } catch (error) {
    if (officeErrorCode(error) === OFFICE_ERROR_CODES.itemNotFound) {
      throw toWorkbookError(error, { action: "read", sheet: sheetName });
    }
    return false;
  }
  return sheet.protection.protected;
}

/** The reference of a range with its sheet, as a user reads it ("'My sheet'!A1:H20"). */
export function sheetReference(sheet: string, address: string): string {
  return `${quoteSheetName(sheet)}!${splitReference(address).address}`;
}

/**
 * Excel's current region (Ctrl+A, Range.getSurroundingRegion) of the cell at (row, column) of a
 * block of values starting at (top, left): the smallest rectangle around the cell bordered by
 * empty rows and columns. Pure, so a host without getSurroundingRegion gets the same answer.
 * Returns the region in sheet indexes (0-based), or just the cell when it stands alone.
 */
export function currentRegion(
  values: ReadonlyArray<ReadonlyArray<unknown>>,
  top: number,
  left: number,
  row: number,
  column: number,
): { rowIndex: number; columnIndex: number; rowCount: number; columnCount: number } {
  const filled = (r: number, c: number): boolean => {
    const v = values[r - top]?.[c - left];
    return v !== undefined && v !== null && v !== "";
  };
  let r0 = row;
  let r1 = row;
  let c0 = column;
  let c1 = column;
  const height = values.length;
  const width = values.reduce((w, line) => Math.max(w, line.length), 0);
  for (let grew = true; grew;) {
    grew = false;
    const anyInRow = (r: number) => {
      for (let c = Math.max(left, c0 - 1); c <= Math.min(left + width - 1, c1 + 1); c += 1)
        if (filled(r, c)) return true;
      return false;
    };
    const anyInColumn = (c: number) => {
      for (let r = Math.max(top, r0 - 1); r <= Math.min(top + height - 1, r1 + 1); r += 1)
        if (filled(r, c)) return true;
      return false;
    };
    if (r0 > top && anyInRow(r0 - 1)) {
      r0 -= 1;
      grew = true;
    }
    if (r1 < top + height - 1 && anyInRow(r1 + 1)) {
      r1 += 1;
      grew = true;
    }
    if (c0 > left && anyInColumn(c0 - 1)) {
      c0 -= 1;
      grew = true;
    }
    if (c1 < left + width - 1 && anyInColumn(c1 + 1)) {
      c1 += 1;
      grew = true;
    }
  }
  return { rowIndex: r0, columnIndex: c0, rowCount: r1 - r0 + 1, columnCount: c1 - c0 + 1 };
}

/** What the user selected, grown or cut to the cells an import reads. */
export interface ImportSourceRange {
  sheet: string;
  /** A1 address without the sheet ("A1:G17"). */
  address: string;
}

/**
 * The range to import from the selection: a single cell grows to its current region; whole
 * columns or rows are cut to the used range by readRangeBlock later. A selection on an empty
 * sheet stays as it is.
 */
export async function importSourceFromSelection(context: Excel.RequestContext): Promise<ImportSourceRange> {
  const selected = context.workbook.getSelectedRange();
  selected.load("address, rowIndex, columnIndex, rowCount, columnCount, worksheet/name");
  const used = selected.worksheet.getUsedRangeOrNullObject(true);
  used.load("rowIndex, columnIndex, rowCount, columnCount");
  try {
    await context.sync();
  } catch (error) {
    throw toWorkbookError(error, { action: "read" });
  }
  const sheet = selected.worksheet.name;
  const reference = selected.address;
  const address = splitReference(reference).address;
  if (selected.rowCount !== 1 || selected.columnCount !== 1 || used.isNullObject) return { sheet, address };
  // The used range bounds the current region; its values are read in blocks (readAreaInBlocks): in
  // one read, a used range over 5 million cells comes back as null, and one over 5 MB is refused.
  const usedArea = {
    rowIndex: used.rowIndex,
    columnIndex: used.columnIndex,
    rowCount: used.rowCount,
    columnCount: used.columnCount,
  };
  const usedAddress = a1Address(used.rowIndex, used.columnIndex, used.rowCount, used.columnCount);
  const { values } = await readAreaInBlocks(
    context,
    context.workbook.worksheets.getItem(sheet),
    usedArea,
    ["values"],
    {
      sheet,
      address: usedAddress,
    },
  );
  const region = currentRegion(
    values,
    used.rowIndex,
    used.columnIndex,
    selected.rowIndex,
    selected.columnIndex,
  );
  return {
    sheet,
    address: a1Address(region.rowIndex, region.columnIndex, region.rowCount, region.columnCount),
  };
}
