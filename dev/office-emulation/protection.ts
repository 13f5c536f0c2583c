/**
 * Sheet protection as Excel's default (Review > Protect Sheet with its boxes as they come, or
 * `Worksheet.protection.protect()` without options): every cell is locked, and only selecting
 * cells is allowed. Each operation below is refused with AccessDenied ("You cannot perform the
 * requested operation.") before it changes anything; reading, selecting, calculating and
 * activating work.
 *
 * Sources: Microsoft support, "Protect a worksheet" ("Allow all users of this worksheet to": only
 * Select locked cells and Select unlocked cells are checked by default; clearing Format cells
 * prevents "changing any of the options in the Format Cells or Conditional Formatting dialog
 * boxes", Format columns "changing column width or hiding columns", Format rows "changing row
 * height or hiding rows", Insert/Delete rows and columns, Use AutoFilter, Edit objects "making
 * changes to graphic objects, including ... embedded charts"; "Users cannot apply or remove
 * AutoFilters on a protected worksheet, regardless of this setting"; all cells are locked by
 * default); Excel.WorksheetProtectionOptions (ExcelApi 1.2, the same boxes: `allowFormatCells`,
 * `allowInsertRows`, ...); office-js issue 2871 (a protected sheet refuses grouping and
 * ungrouping rows; the JavaScript API has no UserInterfaceOnly to allow it).
 *
 * Chosen where the sources are silent: expanding or collapsing outline groups is refused like
 * grouping (Excel's own outline buttons do not work on a protected sheet without VBA's
 * EnableOutlining); inserting or deleting part of a row or column (cells shifted) is refused
 * whatever the options; tables and merged cells are refused whatever the options (they change
 * locked cells); freeze panes, sheet names and tab colours are not sheet protection (the
 * workbook's structure protection and the window) and work.
 */
import { ErrorCodes, officeError } from "./errors";
import type { SheetModel } from "./model";

/** Excel.WorksheetProtectionOptions's boxes this emulation honours. */
export interface ProtectionOptions {
  allowAutoFilter?: boolean;
  allowDeleteColumns?: boolean;
  allowDeleteRows?: boolean;
  allowEditObjects?: boolean;
  allowFormatCells?: boolean;
  allowFormatColumns?: boolean;
  allowFormatRows?: boolean;
  allowInsertColumns?: boolean;
  allowInsertRows?: boolean;
}

/** What an operation changes on the sheet, as protection sees it. */
export type SheetChange =
  /** Values, formulas, clearing, merging, tables: locked cells, refused whatever the options. */
  | "cells"
  | "formatCells"
  | "formatColumns"
  | "formatRows"
  | "insertRows"
  | "insertColumns"
  | "deleteRows"
  | "deleteColumns"
  /** Cells shifted within part of a row or column: refused whatever the options (chosen). */
  | "shiftCells"
  /** Grouping, ungrouping, showing or hiding outline levels: refused whatever the options. */
  | "outline"
  /** Applying or removing an AutoFilter: "regardless of this setting". */
  | "autoFilterSetUp"
  /** Changing the criteria of an AutoFilter there already is (allowAutoFilter). */
  | "autoFilterUse"
  /** Charts: adding, moving, changing, deleting (allowEditObjects). */
  | "objects";

const ALLOWED_BY: Partial<Record<SheetChange, keyof ProtectionOptions>> = {
  formatCells: "allowFormatCells",
  formatColumns: "allowFormatColumns",
  formatRows: "allowFormatRows",
  insertRows: "allowInsertRows",
  insertColumns: "allowInsertColumns",
  deleteRows: "allowDeleteRows",
  deleteColumns: "allowDeleteColumns",
  autoFilterUse: "allowAutoFilter",
  objects: "allowEditObjects",
};

/** Throws AccessDenied (at `location`, "Range.insert") when the sheet's protection refuses `change`. */
export function refuseIfProtected(sheet: SheetModel, change: SheetChange, location: string): void {
  if (!sheet.isProtected) return;
  const option = ALLOWED_BY[change];
  if (option !== undefined && sheet.protectionOptions[option] === true) return;
  throw officeError(ErrorCodes.accessDenied, location);
}

/** The options `protect(options)` was given, kept as booleans (anything else is Excel's default, false). */
export function protectionOptionsOf(options: unknown): ProtectionOptions {
  if (typeof options !== "object" || options === null) return {};
  const out: ProtectionOptions = {};
  for (const key of Object.values(ALLOWED_BY)) {
    const value = (options as Record<string, unknown>)[key];
    if (typeof value === "boolean") out[key] = value;
  }
  return out;
}
