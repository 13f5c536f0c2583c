// The catalog import's one door (README.md): the pane imports the room through this file only.
// Behind it, inner rooms on floors: model/ (the journey as plain data and its pure transitions,
// the predictions, the records the history keeps, the log as tables: pure), store/ (the history in
// the document settings, the notes outside the workbook, the baselines) and words/ (problems,
// ignored rows' reasons and the log in words) above it, jobs/ (the effects: checking a range,
// sending, following a job, the log's sheets, earlier jobs) above those, and the pipeline the pane
// holds (pipeline.ts) on top.
export * from "./model/state";
export * from "./model/previewState";
export * from "./model/lostState";
export * from "./model/lease";
export { LOST_WAIT_MS, LOST_WAIT_CHECKS, FOLLOW_ELSEWHERE_CHECKS, answerLost } from "./jobs/lost";
export {
  parseEntry,
  parsePending,
  type HistoryEntry,
  type HistoryStatus,
  type PendingImport,
  type SourceInfo,
  type WrittenLog,
} from "./model/records";
export * from "./model/said";
export * from "./store/history";
export { KeptJobs, KEPT_KEY, NOTE_KEY_PREFIX, noteKey, MAX_KEPT, KEPT_DAYS } from "./store/kept";
export type { OutsideStore, WorkbookIdentity, KeptForWorkbook } from "./store/kept";
export * from "./model/logTables";
export { logWords } from "./words/logWords";
export * from "./words/problemWords";
export { ImportPipeline, type ExcelRunner, type ImportDeps, type Listener } from "./pipeline";
export { importBodyBlobInSteps, runInSlices, SLICE_MS, yieldToPage } from "./jobs/slices";
export { analysisToSend } from "./model/analysisToSend";
export * from "./model/catalogList";
export type { PlatformCatalogs } from "./jobs/catalogNames";
export * from "./model/layouts";
export * from "./model/predict";
export { buildBaseline } from "./model/predictBaseline";
export { MemoryBaselineStore, baselineKey, readBaseline, type BaselineStore } from "./store/baselines";
export * from "./model/ignoredReasons";
export { reasonText, nothingText } from "./words/reasonWords";
export * from "./model/cleared";
export type { ClearOutcome, ClearVerdict } from "./model/clearVerdicts";
export * from "./model/restoreBody";
export type { RestoreOffer, RestoreListener } from "./jobs/restore";
export {
  listRows,
  blankFieldsOf,
  blankCellRows,
  missingParentsAsk,
  mayUpdateCount,
  blankFieldCounts,
  clearsOf,
  clearingRows,
  LISTED_ROWS,
  type BlankFieldCount,
  type ListedRow,
  type MissingParentsAsk,
} from "./model/predictView";
export type { ParentsAdded } from "./jobs/addParents";
