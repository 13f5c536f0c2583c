/**
 * The only code that touches `Excel.*`. Every function takes the RequestContext of the caller's
 * `Excel.run`; big ranges are read and written in blocks under Excel on the web's 5 MB limit.
 */
export { recalculateWorkbookFully } from "./calculation";
export {
  findPlatformFormulas,
  calculateSheets,
  platformFunctionsOf,
  FUNCTIONS_NAMESPACE,
  SCAN_PASS_ROWS,
} from "./platformCells";
export type { PlatformFormulaCell } from "./platformCells";
export { readRangeBlock, readDecimalSeparator, SEPARATORS_API_VERSION } from "./read";
export type { ReadRangeOptions, ReadRangeResult, CellArea, SheetRange, RangeTarget } from "./read";
export {
  writeTableToNewSheet,
  writeColumnBack,
  toCellInput,
  TEXT_MARKER,
  TEXT_NUMBER_FORMAT,
  MAX_CELL_TEXT_LENGTH,
} from "./write";
export type { TableToWrite, WrittenTable, WrittenColumn, WritableCell, CellInput } from "./write";
export {
  uniqueSheetName,
  sanitizeSheetName,
  splitReference,
  quoteSheetName,
  MAX_SHEET_NAME_LENGTH,
} from "./names";
export { WorkbookError, toWorkbookError, isOfficeError, OFFICE_ERROR_CODES } from "./errors";
export type { WorkbookErrorCode, ErrorSituation } from "./errors";
export { EXCEL_PAYLOAD_LIMIT_BYTES, READ_BUDGET_BYTES, WRITE_BUDGET_BYTES, isExcelOnTheWeb } from "./limits";
export { cellValueSupport, DATA_TYPES_RUNTIME, DATA_TYPES_API, DOUBLE_FORMAT_API } from "./valueSupport";
export { planBlocks, jsonBytes, utf8Bytes } from "./blocks";
export { writeLogTable, selectCell, sheetReference, CHANGED_FILL, LOG_TABLE_STYLE } from "./importLog";
export type { LogTableToWrite, WrittenLogTable } from "./importLog";
export { readSelection, importSourceFromSelection, currentRegion } from "./selection";
export type { SelectionInfo, ImportSourceRange } from "./selection";
export { documentSettings, documentUrl, MemoryDocumentSettings } from "./documentSettings";
export type { DocumentSettingsStore, OfficeSettingsLike, ExcelRunner } from "./documentSettings";
export {
  writeBoqSheet,
  rebuildBoqSheet,
  readActiveSheet,
  planCellInput,
  BOQ_SHEET_SHOWN_LEVELS,
  ESTIMATOR_HEADER_FILL,
  onSheetActivated,
} from "./boqSheet";
export type { WrittenBoqSheet } from "./boqSheet";
export { readBoqSheetRows, applyBoqRefresh } from "./boqSheetRefresh";
export type { BoqSheetRows } from "./boqSheetRefresh";
export { inspectFormulaTarget, writeFormulaAt, readCellShown, requireUnprotectedAt } from "./insertFormula";
export { sheetProtectedError } from "./protection";
export type { FormulaTarget, CellShown } from "./insertFormula";
export { findWriteBlockers } from "./writeTargets";
export { appendRowsBelow, type AppendedRows } from "./appendRows";
export type { ColumnTarget, WriteBlocker } from "./writeTargets";
export { runExcel } from "./documentSettings";
export { onSelectionChanged } from "./events";
export { markColumn, markedColumns, type ColumnMark } from "./columnMarks";
export {
  readHeaderLanguage,
  saveHeaderLanguage,
  workbookHeaderLanguage,
  HEADER_LANGUAGE_KEY,
} from "./headerLanguage";
export {
  writeComparisonSheet,
  COMPARISON_CHART_TYPE,
  INCREASE_BAR,
  DECREASE_BAR,
  INCREASE_FILL,
  INCREASE_FONT,
  DECREASE_FILL,
  DECREASE_FONT,
} from "./comparisonSheet";
export type { WrittenComparisonSheet } from "./comparisonSheet";
