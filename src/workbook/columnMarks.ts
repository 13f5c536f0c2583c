// Columns the add-in wrote and must find again (the import's Result column), marked with a
// workbook name instead of recognised by their header text: a name follows its cells when columns
// are inserted or the sheet is renamed, and means the same in every language. One mark per sheet
// column; a mark whose cells were deleted (#REF!) is dropped when the next one is made.

import { columnIndex } from "../catalog";
import { a1Address, splitReference } from "./names";
import { resolveColumn } from "./write";

export interface ColumnMark {
  sheet: string;
  /** The column's index (A = 0). */
  column: number;
  firstRow: number;
  lastRow: number;
}

interface NamedRange {
  item: Excel.NamedItem;
  sheet: string;
  column: number;
}

/** The names starting with `prefix` that refer to one column's cells, with where they point. */
async function marks(
  context: Excel.RequestContext,
  prefix: string,
): Promise<{ ranges: NamedRange[]; broken: Excel.NamedItem[]; taken: Set<string> }> {
  const names = context.workbook.names;
  names.load("items/name,items/type,items/value");
  await context.sync();
  const ranges: NamedRange[] = [];
  const broken: Excel.NamedItem[] = [];
  const taken = new Set<string>();
  for (const item of names.items) {
    taken.add(item.name.toLowerCase());
    if (!item.name.toLowerCase().startsWith(prefix.toLowerCase())) continue;
    const { sheet, address } = splitReference(String(item.value).replace(/^=/, ""));
    const first = /^\$?([A-Za-z]{1,3})\$?\d+/.exec(address);
    const column = first?.[1] === undefined ? null : columnIndex(first[1].toUpperCase());
    if (item.type !== "Range" || sheet === undefined || column === null) broken.push(item);
    else ranges.push({ item, sheet, column });
  }
  return { ranges, broken, taken };
}

/** The columns of `sheetName` marked with a name starting with `prefix`. */
export async function markedColumns(
  context: Excel.RequestContext,
  sheetName: string,
  prefix: string,
): Promise<number[]> {
  const { ranges } = await marks(context, prefix);
  const wanted = sheetName.toLowerCase();
  return ranges.filter((r) => r.sheet.toLowerCase() === wanted).map((r) => r.column);
}

/**
 * Marks the column's cells with a new name `prefix` + a number (`comment` says what it is in the
 * Name Manager), after removing the marks of the same sheet column and those left pointing at
 * deleted cells.
 */
export async function markColumn(
  context: Excel.RequestContext,
  mark: ColumnMark,
  prefix: string,
  comment: string,
): Promise<void> {
  const column = resolveColumn(mark.column);
  const { ranges, broken, taken } = await marks(context, prefix);
  const wanted = mark.sheet.toLowerCase();
  for (const r of ranges) {
    if (r.sheet.toLowerCase() === wanted && r.column === column) {
      r.item.delete();
      taken.delete(r.item.name.toLowerCase());
    }
  }
  for (const item of broken) {
    item.delete();
    taken.delete(item.name.toLowerCase());
  }
  let n = 1;
  while (taken.has(`${prefix}${n}`.toLowerCase())) n += 1;
  const address = a1Address(mark.firstRow - 1, column, mark.lastRow - mark.firstRow + 1, 1);
  const range = context.workbook.worksheets.getItem(mark.sheet).getRange(address);
  context.workbook.names.add(`${prefix}${n}`, range, comment);
  await context.sync();
}
