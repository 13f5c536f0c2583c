// Recalculation for Refresh BOQ. The PLATFORM functions are not volatile, and a full recalculation
// of the workbook (application.calculate Full) is not enough: Excel does not run again custom
// functions in an error state on it (office-js issues 4502, 4487), and Microsoft said forcing a
// custom function to run again had no API (6545; 6575 announced one in 2026 without a name or a
// requirement set in the documentation we could find, so it is not used). So Refresh BOQ finds the
// sheets that hold PLATFORM formulas and calls Worksheet.calculate(true) on each (markAllDirty:
// every formula of the sheet is calculated again, ExcelApi 1.6), and counts the cells that answer.
import { a1Address, quoteSheetName } from "./names";
import { readAreaInBlocks, type CellArea } from "./read";

/** The namespace of the add-in's functions (manifest.xml's <Namespace>). */
export const FUNCTIONS_NAMESPACE = "PLATFORM";
/**
 * Rows of the used range read per pass of the scan: its formulas go through readAreaInBlocks
 * (blocks under Excel's 5 MB limit) and only the PLATFORM cells are kept, so a sheet of 1,048,576
 * rows is scanned with one pass's cells in memory at a time.
 */
export const SCAN_PASS_ROWS = 65_536;

/** A cell whose formula calls PLATFORM functions. */
export interface PlatformFormulaCell {
  /** The sheet's name as Excel gives it. */
  sheet: string;
  /** As a user reads it: "Catalog!A20", "'BOQ Tower AR 3.2'!B7". */
  address: string;
  /** 0-based, as Excel's rowIndex / columnIndex. */
  row: number;
  column: number;
  formula: string;
  /** The PLATFORM functions the formula calls, in upper case without the namespace ("BOQ"). */
  functions: string[];
}

/**
 * The PLATFORM functions a formula calls, without the namespace, in upper case; none for a value
 * or a formula calling none. Text in quotes is left out ("=\"PLATFORM.BOQ(\"" calls nothing).
 */
export function platformFunctionsOf(formula: unknown, namespace = FUNCTIONS_NAMESPACE): string[] {
  if (typeof formula !== "string" || !formula.startsWith("=")) return [];
  const code = formula.replace(/"(?:[^"]|"")*"/g, '""');
  const pattern = new RegExp(`(?<![\\w.])${namespace}\\.([A-Za-z_][\\w.]*)\\s*\\(`, "gi");
  const names = new Set<string>();
  for (const match of code.matchAll(pattern)) if (match[1]) names.add(match[1].toUpperCase());
  return [...names];
}

/** A formula that calls PLATFORM functions, or 0: what the scan keeps of each cell it reads. */
function keepPlatform(cell: unknown): unknown {
  return platformFunctionsOf(cell).length > 0 ? cell : 0;
}

/**
 * Every cell of the workbook whose formula calls a PLATFORM function (the anchor of a spill: the
 * cells it spills into hold no formula). Each sheet's used range is read in passes of
 * SCAN_PASS_ROWS rows, in blocks under Excel's limits, keeping only those cells.
 */
export async function findPlatformFormulas(context: Excel.RequestContext): Promise<PlatformFormulaCell[]> {
  const sheets = context.workbook.worksheets;
  sheets.load("items/name");
  await context.sync();
  const used = sheets.items.map((sheet) => {
    const range = sheet.getUsedRangeOrNullObject();
    range.load("rowIndex, columnIndex, rowCount, columnCount");
    return { sheet, range };
  });
  await context.sync();
  const found: PlatformFormulaCell[] = [];
  for (const { sheet, range } of used) {
    if (range.isNullObject) continue;
    for (let done = 0; done < range.rowCount; done += SCAN_PASS_ROWS) {
      const area: CellArea = {
        rowIndex: range.rowIndex + done,
        columnIndex: range.columnIndex,
        rowCount: Math.min(SCAN_PASS_ROWS, range.rowCount - done),
        columnCount: range.columnCount,
      };
      const read = await readAreaInBlocks(
        context,
        sheet,
        area,
        ["formulas"],
        { sheet: sheet.name, address: "" },
        { formulas: keepPlatform },
      );
      read.formulas.forEach((line, r) =>
        line.forEach((formula, c) => {
          const functions = platformFunctionsOf(formula);
          if (functions.length === 0 || typeof formula !== "string") return;
          const row = area.rowIndex + r;
          const column = area.columnIndex + c;
          const address = `${quoteSheetName(sheet.name)}!${a1Address(row, column, 1, 1)}`;
          found.push({ sheet: sheet.name, address, row, column, formula, functions });
        }),
      );
    }
  }
  return found;
}

/**
 * Calculates the named sheets with markAllDirty (Worksheet.calculate(true)), one sync for all:
 * every formula on them runs again, custom functions in an error state included.
 */
export async function calculateSheets(
  context: Excel.RequestContext,
  sheets: readonly string[],
): Promise<void> {
  if (sheets.length === 0) return;
  for (const name of sheets) context.workbook.worksheets.getItem(name).calculate(true);
  await context.sync();
}
