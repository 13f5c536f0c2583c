/**
 * Before the import writes a column (the new Guids inside the user's range, the Result column
 * beside it): what in the sheet would swallow or misplace the values. Excel keeps only the
 * top-left value of merged cells (a value written into another cell of a merged area is dropped
 * with no error), and a value written into a table, or just right of or below one (AutoCorrect's
 * "Include new rows and columns in table", which applies to the API too: office-js issue 6745),
 * changes that table. So these are found first and named, and nothing is written or sent.
 */
import { OFFICE_ERROR_CODES, officeErrorCode, toWorkbookError } from "./errors";
import { a1Address } from "./names";
import type { CellArea } from "./read";
import { resolveColumn } from "./write";

/** Cells of one column the import means to write, as writeColumnBack takes them. */
export interface ColumnTarget {
  sheet: string;
  /** A letter ("C") or a 0-based index. */
  column: string | number;
  /** 1-based sheet row of the first cell. */
  firstRow: number;
  rowCount: number;
}

/** What stands in the way of a column write, with the first cell it takes (A1, without the sheet). */
export type WriteBlocker =
  { kind: "merged"; cell: string; merged: string } | { kind: "table"; cell: string; table: string };

interface Area {
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}

function areaOf(a: CellArea): Area {
  return {
    r0: a.rowIndex,
    c0: a.columnIndex,
    r1: a.rowIndex + a.rowCount - 1,
    c1: a.columnIndex + a.columnCount - 1,
  };
}

function overlaps(a: Area, b: Area): boolean {
  return a.r0 <= b.r1 && b.r0 <= a.r1 && a.c0 <= b.c1 && b.c0 <= a.c1;
}

/** The first cell of the target column inside `area`. */
function firstCellIn(target: Area, area: Area): string {
  const row = Math.max(target.r0, area.r0);
  return a1Address(row, target.c0, 1, 1);
}

/**
 * Merged areas and tables in the way of writing `target`. `chosen` is the range the user imports:
 * a table overlapping it is the user's own (its Guid column is written inside it, and the Result
 * column beside it joins it as a plain range's would); any other table in the way blocks. Merged
 * areas are looked for from the top-left of the sheet, since Excel finds only those whose top-left
 * cell is inside the range asked (office-js issue 3611). A host without
 * getMergedAreasOrNullObject (before ExcelApi 1.13) is not asked about merged cells.
 */
export async function findWriteBlockers(
  context: Excel.RequestContext,
  target: ColumnTarget,
  chosen: CellArea,
): Promise<WriteBlocker[]> {
  if (target.rowCount <= 0) return [];
  const column = resolveColumn(target.column);
  const written: Area = {
    r0: target.firstRow - 1,
    c0: column,
    r1: target.firstRow - 1 + target.rowCount - 1,
    c1: column,
  };
  const sheet = context.workbook.worksheets.getItem(target.sheet);
  const around = sheet.getRangeByIndexes(0, 0, written.r1 + 1, written.c1 + 1);
  let merged: Excel.RangeAreas | null = null;
  try {
    merged = around.getMergedAreasOrNullObject();
    merged.areas.load("items/rowIndex, items/columnIndex, items/rowCount, items/columnCount");
    await context.sync();
  } catch (error) {
    if (officeErrorCode(error) === OFFICE_ERROR_CODES.itemNotFound) {
      throw toWorkbookError(error, { action: "read", sheet: target.sheet });
    }
    // Before ExcelApi 1.13 (no such method, or ApiNotFound): nothing can be said about merged cells.
    merged = null;
  }
  const blockers: WriteBlocker[] = [];
  if (merged !== null && !merged.isNullObject) {
    for (const item of merged.areas.items) {
      const area = areaOf(item);
      // A merged area whose top-left cell is the target cell keeps the value: only the others lose it.
      if (!overlaps(area, written) || (area.r0 === area.r1 && area.c0 === area.c1)) continue;
      blockers.push({
        kind: "merged",
        cell: firstCellIn(written, area),
        merged: a1Address(area.r0, area.c0, area.r1 - area.r0 + 1, area.c1 - area.c0 + 1),
      });
    }
  }
  return [...blockers, ...(await findTableBlockers(context, target.sheet, written, chosen))];
}

async function findTableBlockers(
  context: Excel.RequestContext,
  sheetName: string,
  written: Area,
  chosen: CellArea,
): Promise<WriteBlocker[]> {
  const tables = context.workbook.worksheets.getItem(sheetName).tables;
  tables.load("items/name");
  try {
    await context.sync();
  } catch (error) {
    throw toWorkbookError(error, { action: "read", sheet: sheetName });
  }
  const ranges = tables.items.map((table) => {
    const range = table.getRange();
    range.load("rowIndex, columnIndex, rowCount, columnCount");
    return { name: table.name, range };
  });
  if (ranges.length === 0) return [];
  try {
    await context.sync();
  } catch (error) {
    throw toWorkbookError(error, { action: "read", sheet: sheetName });
  }
  const mine = areaOf(chosen);
  const blockers: WriteBlocker[] = [];
  for (const { name, range } of ranges) {
    const table = areaOf(range);
    if (overlaps(table, mine)) continue;
    // The table itself, and the column right of it and the row below it, which Excel adds to it.
    const reach: Area = { ...table, r1: table.r1 + 1, c1: table.c1 + 1 };
    if (!overlaps(reach, written)) continue;
    blockers.push({ kind: "table", cell: firstCellIn(written, reach), table: name });
  }
  return blockers;
}
