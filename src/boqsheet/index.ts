// The BOQ journeys, like src/import: Insert BOQ sheet and Refresh this BOQ sheet (./journey), the
// sheet's words (./labels), Insert comparison sheet (./compare), the navigator's Insert formula
// (./formulaJourney) and Compare with… (./compareJourney), the steps the navigator's screens share
// (./navigatorFlows), Refresh BOQ formulas for the pane and the ribbon (./refresh), the workbook's
// header language as Settings changes it (./headerSetting), and the BOQ tab's actions over all of
// them (./actions). Effects come in as BoqSheetDeps (the Excel runner, the BOQ data path, the
// document settings, the clock). See README.md.
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
export { boqActions } from "./actions";
export type { BoqActions, CompareActions } from "./actions";
export type { FormulaChoice, FormulaOutcome } from "./formulaJourney";
export type { CompareChoice, ComparisonPreview } from "./compareJourney";
export { formulaInsert, loadPreviewInto } from "./navigatorFlows";
export type { Loaded, Notice } from "./navigatorFlows";
export { refreshBoqFormulas, onRefreshOutcome, lastRefreshOutcome, asksToSignIn } from "./refresh";
export { sessionSignedIn, excelFormulaRefresh, REFRESH_QUIET_MS, REFRESH_LIMIT_MS } from "./refresh";
export type { RefreshOutcome, RefreshCounts, FailedCell, FormulaRefreshDeps } from "./refresh";
export { workbookHeaderSetting } from "./headerSetting";
export type { HeaderSetting } from "./headerSetting";
export type { WrittenComparisonSheet, WrittenBoqSheet, FormulaTarget } from "../workbook";
export type { ChangedRow, AddedRow, MovedRow, RemovedRow, TypedCell, LostEntry } from "../boq/sheetRefresh";
