// Public surface of the catalog engine: pure functions from worksheet cells to a checked
// position tree and an import request body. No Office, no network, no clock.

export * from "./types";
export {
  analyseCatalog,
  analyseCatalogInSteps,
  countAnalysis,
  mappingFromLetters,
  DEFAULT_DECIMAL_SEPARATOR,
  EMPTY_TREE,
} from "./analyse";
export { appendAll, runSteps, sortInSteps, stepCounter, STEP_ITEMS, type Steps } from "./steps";
export { LargeMap, LargeSet } from "./largeMap";
export type { AnalyseOptions } from "./analyse";
export { buildImportBody, buildImportBodyInSteps, CatalogBlockedError } from "./body";
export type {
  ImportSettings,
  ImportBody,
  WirePosition,
  WireDeletion,
  AssignedGuid,
  BuildBodyOptions,
  BuiltBody,
} from "./body";
export {
  cellAddress,
  cellType,
  cleanText,
  characterCount,
  columnIndex,
  columnLetter,
  parseDeletionMark,
  parsePriceText,
  valueText,
  DELETION_MARKS_TRUE,
  DELETION_MARKS_FALSE,
  EXCEL_ERRORS,
  MAX_COLUMN_INDEX,
  WORKSHEET_COLUMNS,
  WORKSHEET_ROWS,
} from "./cells";
export type { PriceResult, PriceTextReason } from "./cells";
export { GUID_PATTERN, NIL_GUID } from "./guid";
export { normaliseGuid } from "./guidText";
export { matchHeader, matchHeaderStrength, normaliseHeader, HEADER_ALIASES } from "./headers";
export type { HeaderMatch } from "./headers";
export { detectHeader, findHeaderRow, HEADER_SCAN_ROWS } from "./columns";
export { spreadHeaderTexts } from "./headerRows";
export type { HeaderDetection } from "./columns";
export { resolveMapping } from "./mapping";
export { parseControlPoints, formatControlPoints } from "./controlPoints";
export type { ControlPointsResult } from "./controlPoints";
export { readRows, LONG_TEXT, MAX_PRICE } from "./rows";
export type { ReadRowsOptions, ReadRowsResult } from "./rows";
export { BLOCK_PROBLEM_KINDS, errorRows, isBlockProblem } from "./problems";
export { findMissingParents } from "./checks";
export {
  importRequestSchema,
  importPositionSchema,
  deletedPositionSchema,
  controlPointSchema,
  importSettingsSchema,
} from "./wire";
export type { ImportRequest, ImportPosition, DeletedPosition } from "./wire";
export {
  buildTree,
  buildIndexedTreeInSteps,
  flattenTree,
  parentCode,
  codeModules,
  compareNatural,
} from "./tree";
export type { TreeItem, IndexedTree } from "./tree";
export { importBodyJsonInSteps, writeImportBodyJsonInSteps } from "./bodyJson";
