// The catalog import: the journey as plain data (state.ts), the pipeline the pane holds
// (pipeline.ts) over its jobs (check.ts, send.ts, follow.ts, logSheets.ts, reopen.ts), the
// workbook's import history (history.ts), the log as tables (logTables.ts) and the check's
// problems in words (problemWords.ts), an import whose answer was lost (lostState.ts, lost.ts).
export * from "./state";
export * from "./previewState";
export * from "./lostState";
export { LOST_WAIT_MS, LOST_WAIT_CHECKS, answerLost } from "./lost";
export * from "./records";
export * from "./said";
export * from "./history";
export { KeptJobs, KEPT_KEY, MAX_KEPT, KEPT_DAYS } from "./kept";
export type { OutsideStore, WorkbookIdentity, KeptForWorkbook } from "./kept";
export * from "./logTables";
export { logWords, resultHeaders } from "./logWords";
export * from "./problemWords";
export { ImportPipeline, type ExcelRunner, type ImportDeps, type Listener } from "./pipeline";
export { importBodyBlobInSteps, runInSlices, SLICE_MS } from "./slices";
export { analysisToSend } from "./analysisToSend";
export * from "./catalogList";
export type { PlatformCatalogs } from "./catalogNames";
export * from "./layouts";
export { previewBlocker, type PreviewBlocker } from "./previewBlocker";
export * from "./predict";
export { buildBaseline } from "./predictBaseline";
export { MemoryBaselineStore, baselineKey, readBaseline, type BaselineStore } from "./baselines";
export * from "./ignoredReasons";
export { reasonsOfState, outcomeOfState } from "./outcome";
export { reasonText, nothingText } from "./reasonWords";
export * from "./cleared";
export * from "./restoreBody";
export type { RestoreOffer, RestoreListener } from "./restore";
export {
  listRows,
  blankFieldsOf,
  blankCellRows,
  missingParentsAsk,
  LISTED_ROWS,
  type ListedRow,
  type MissingParentsAsk,
} from "./predictView";
export type { ParentsAdded } from "./addParents";
