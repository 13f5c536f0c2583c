// Rows added right below a range (the import's missing parent codes, with a name to edit): only
// into empty cells. The cells below are read first; if any of them holds something, nothing is
// written and the caller is told which cells, so it can say so instead of overwriting them.

import { columnIndex } from "../catalog";
import { WorkbookError } from "./errors";
import { a1Address } from "./names";
import { toCellInput, type CellInput } from "./write";

/** What was done: the range grown over the new rows, or the cells below that are not empty. */
export type AppendedRows = { grown: string; added: number } | { occupied: string };

/**
 * Writes `rows` (each a map of column letter to text) below the range `address` of `sheetName`,
 * across the range's columns (columns not named are left empty), as text, and selects the range
 * grown to include them. Returns that range, or the address of the cells below when any of them
 * is not empty (nothing is then written or selected).
 */
export async function appendRowsBelow(
  context: Excel.RequestContext,
  sheetName: string,
  address: string,
  rows: readonly Readonly<Record<string, string>>[],
): Promise<AppendedRows> {
  const sheet = context.workbook.worksheets.getItem(sheetName);
  const range = sheet.getRange(address);
  range.load("rowIndex, columnIndex, rowCount, columnCount");
  await context.sync();
  const first = range.rowIndex + range.rowCount;
  const below = a1Address(first, range.columnIndex, Math.max(1, rows.length), range.columnCount);
  if (rows.length === 0) return { grown: address, added: 0 };
  const target = sheet.getRangeByIndexes(first, range.columnIndex, rows.length, range.columnCount);
  target.load("values, formulas");
  await context.sync();
  const formulas = target.formulas as unknown[][];
  const taken = formulas.some((line) => line.some((v) => v !== "" && v !== null && v !== undefined));
  if (taken) return { occupied: below };
  const values: CellInput[][] = rows.map((row) => {
    const line: CellInput[] = new Array<CellInput>(range.columnCount).fill("");
    for (const [letter, text] of Object.entries(row)) {
      const index = columnIndex(letter);
      if (index === null || index < range.columnIndex || index >= range.columnIndex + range.columnCount) {
        throw new WorkbookError("invalid-argument", `Column ${letter} is not a column of ${address}.`);
      }
      line[index - range.columnIndex] = toCellInput(text);
    }
    return line;
  });
  target.values = values;
  // The grown range selected: the pane's "selection changed" compares the selection with the range.
  sheet
    .getRangeByIndexes(range.rowIndex, range.columnIndex, range.rowCount + rows.length, range.columnCount)
    .select();
  await context.sync();
  return {
    grown: a1Address(range.rowIndex, range.columnIndex, range.rowCount + rows.length, range.columnCount),
    added: rows.length,
  };
}
