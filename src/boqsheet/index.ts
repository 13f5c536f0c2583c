// The BOQ sheet journey: Insert BOQ sheet and Refresh this BOQ sheet (./journey), the sheet's
// words (./labels), Insert comparison sheet (./compare); the navigator's Insert formula is
// src/taskpane/boq/formulaJourney.ts. Effects come in as BoqSheetDeps (the Excel runner, the BOQ
// data path, the document settings, the clock). See README.md.
export {
  insertBoqSheet,
  refreshActiveBoqSheet,
  activeBoqSheet,
  boqSheetSource,
  NotABoqSheetError,
} from "./journey";
export type { BoqSheetDeps, BoqSheetChoice, RefreshedBoqSheet, SheetRefreshStep } from "./journey";
export { sheetLabels } from "./labels";
export { insertComparisonSheet, comparisonSheetLabels } from "./compare";
export type { ComparisonSheetChoice } from "./compare";
export type { WrittenComparisonSheet } from "../workbook";
export type { WrittenBoqSheet } from "../workbook";
export type { ChangedRow, AddedRow, RemovedRow, TypedCell, LostEntry } from "../boq/sheetRefresh";
