/**
 * The selection: what the user selected (readSelection) and the range an import reads from it
 * (importSourceFromSelection: a single cell grows to its current region, as Ctrl+A does).
 */
import { toWorkbookError } from "./errors";
import { a1Address, splitReference } from "./names";
import { readAreaInBlocks } from "./read";

export interface SelectionInfo {
  sheet: string;
  /** Excel's address with the sheet, as `Range.address` gives it ("'My sheet'!A1:H10"). */
  reference: string;
  /** The address without the sheet ("A1:H10"). */
  address: string;
  rowIndex: number;
  columnIndex: number;
  rowCount: number;
  columnCount: number;
}

/** The selected range: its sheet, address and size (one sync). */
export async function readSelection(context: Excel.RequestContext): Promise<SelectionInfo> {
  const range = context.workbook.getSelectedRange();
  range.load("address, rowIndex, columnIndex, rowCount, columnCount, worksheet/name");
  try {
    await context.sync();
  } catch (error) {
    throw toWorkbookError(error, { action: "read" });
  }
  const reference = range.address;
  return {
    sheet: range.worksheet.name,
    reference,
    address: splitReference(reference).address,
    rowIndex: range.rowIndex,
    columnIndex: range.columnIndex,
    rowCount: range.rowCount,
    columnCount: range.columnCount,
  };
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
