// What WorkbookError says when Excel refuses or fails (src/workbook/errors.ts): shown in the import
// screens (selecting a problem's cell, reading the range, writing the log and Result column) and
// wherever a sheet is written. {where} is one of the where* messages; {text} is Excel's own words.
import { defineEnglish } from "../types";

export const workbook = defineEnglish({
  en: {
    whereSheet: 'sheet "{sheet}"',
    whereWorksheet: "the worksheet",
    whereCells: "{address} on {sheet}",
    couldNotRead: "Excel could not read {where}: {text}",
    couldNotWrite: "Excel could not write {where}: {text}",
    couldNotCreate: "Excel could not create {where}: {text}",
    workbookProtected:
      "The workbook's structure is protected, so no sheet can be added: unprotect it (Review > Protect Workbook) and try again.",
    readRefused: "Excel refused to read {where}: you may not have access to this workbook.",
    sheetProtected: 'Sheet "{sheet}" is protected: unprotect it (Review > Unprotect Sheet) and try again.',
    worksheetProtected: "The sheet is protected: unprotect it (Review > Unprotect Sheet) and try again.",
    sheetProtectedUnchanged:
      'Sheet "{sheet}" is protected, so nothing was changed: unprotect it (Review > Unprotect Sheet) and try again.',
    sheetNotFound:
      'Sheet "{sheet}" was not found: it may have been renamed or deleted. Select the range again.',
    worksheetNotFound:
      "The worksheet was not found: it may have been renamed or deleted. Select the range again.",
    sheetNameTaken: 'A sheet named "{sheet}" already exists: try again.',
    cellEditMode: "Excel is editing a cell: press Enter or Esc to leave the cell, then try again.",
    invalidSelection:
      "Select one rectangular range of cells (not a chart, a shape or several areas) and try again.",
    tooLargeRead: "Excel refused to read {where} because one request would exceed its 5 MB limit.",
    tooLargeWrite: "Excel refused to write {where} because one request would exceed its 5 MB limit.",
    tooLargeCreate: "Excel refused to create {where} because one request would exceed its 5 MB limit.",
    invalidAddress: '"{address}" is not a range Excel recognises: select the cells again.',
    partlyWritten: '{cause} Sheet "{sheet}" holds only the first {written} of {total} rows.',
    readIncomplete:
      "Excel gave back no values for {where}, so the range was not read (no rows were left out). Select fewer rows or columns, for example only the catalog's own cells, and try again.",
  },
});
