/**
 * Emulation of the part of the Office JavaScript API the add-in uses, over an in-memory
 * workbook, for the workbench page and for Jest. Dev/test code only: never imported by src/.
 */
export { createEmulatedExcel, installOfficeEmulation } from "./install";
export type {
  Coauthor,
  EmulatedGlobals,
  EmulationOptions,
  InstalledOfficeEmulation,
  OfficeEmulation,
  SheetRows,
} from "./install";
export type { WorkbookFile } from "./document-file";
export type { CustomFunctionResultLimit, HostKind } from "./host";
export { WorkbookModel, SheetModel, EXCEL_ERROR_VALUES, parseCellInput } from "./model";
export type { Cell, CellValue, SyncLogEntry, SheetVisibility } from "./model";
export { EmulatedOfficeError, ErrorCodes, ErrorMessages } from "./errors";
export { DEFAULT_PAYLOAD_LIMIT_BYTES } from "./proxy";
export { ExcelEnums } from "./excel";
export { CustomFunctionError, CustomFunctionErrorCode, CustomFunctionRegistry } from "./custom-functions";
export type { FunctionsMetadata, FunctionMetadata, EmulatedInvocation } from "./custom-functions";
export { DEFAULT_REQUIREMENTS, DialogErrors, EventType } from "./office";
export type { DialogBlocking, DialogOpener, OpenDialogHandle } from "./office";
export { BROWSER_STORAGE_PREFIX, localStorageBackend, memoryBackend } from "./runtime-storage";
export type { KeyValueBackend } from "./runtime-storage";
export { createBrowserDialogOpener, DIALOG_MESSAGE_TYPE, DIALOG_SHIM_SCRIPT } from "./dialog-browser";
export { columnToLetters, formatAddress, parseAddress, MAX_ROWS, MAX_COLUMNS } from "./address";
export { cellEditText, cellText, cellValueType } from "./format";
export type {
  AutoFilterView,
  ChartView,
  ConditionalFormatView,
  ConditionalStyle,
  FilterCriteriaModel,
} from "./sheet-objects";
