/**
 * Sheet protection, asked before the add-in changes a sheet. Excel's default protection (Review >
 * Protect Sheet as it comes) refuses values, formulas, formats, inserting and deleting rows, the
 * outline, AutoFilters and charts (Microsoft support, "Protect a worksheet"), each with
 * AccessDenied at the operation that meets it: a refresh or an insert that only found out by
 * trying would stop halfway, with rows already deleted or the header language already chosen.
 * So `Worksheet.protection.protected` (ExcelApi 1.2) is read first, and a protected sheet is
 * named, with nothing changed.
 */
import { WorkbookError } from "./errors";

/** The error for a protected sheet the add-in did not touch. */
export function sheetProtectedError(sheet: string): WorkbookError {
  return new WorkbookError("sheet-protected", { key: "workbook.sheetProtectedUnchanged", values: { sheet } });
}

/**
 * Queues loading the sheet's name and whether it is protected; the returned check, called after
 * the caller's sync, throws sheetProtectedError for a protected sheet and gives its name otherwise.
 */
export function loadProtection(sheet: Excel.Worksheet): () => string {
  sheet.load(["name", "protection/protected"]);
  return () => {
    if (sheet.protection.protected) throw sheetProtectedError(sheet.name);
    return sheet.name;
  };
}
