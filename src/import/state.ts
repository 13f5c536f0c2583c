// The import journey as plain data and pure transitions: every screen of the pane renders an
// ImportState, and every change is an ImportEvent through `transition`. No Excel, network, clock
// or storage here: the pipeline (pipeline.ts) does those at the edge and reports what happened as
// events, so the journey is tested event by event without a browser.

import {
  errorRows,
  isBlockProblem,
  type CatalogAnalysis,
  type CodeTree,
  type ColumnMapping,
  type Problem,
} from "../catalog";
import type { ImportLog } from "../api/schemas";
import type { Said as I18nSaid } from "../i18n";
import { countLog, type LogCounts } from "./logCounts";
import type { PendingImport } from "./history";
import type { PreviewPrediction } from "./previewState";
import { freshLost, type LostFinding, type LostImport } from "./lostState";

export { countLog, type LogCounts };

export type Phase =
  /** Choosing the range, the columns, the company and the catalog. */
  | "source"
  /** The range was read and checked: problems are listed. */
  | "checked"
  /** The user sees exactly what will be sent. */
  | "previewed"
  /** Guids are being written back and the job posted. */
  | "posting"
  /** The job runs on the server; the pane polls its status. */
  | "following"
  /** The job ended well; the log is fetched and written. */
  | "done"
  /** The job, the post or reading the range failed. */
  | "failed"
  /**
   * The import was sent but its answer was lost (or the pane closed while it was being sent): the
   * pane asks the platform for the catalog's latest import and lets the user decide.
   */
  | "lost"
  /** The user stopped waiting: the job goes on on the server. */
  | "detached";

/** What a message key and its values say (src/i18n's Said); the pane turns it into words. */
export interface Said extends I18nSaid {
  key: ImportMessageKey;
  values?: Readonly<Record<string, string | number>>;
  /** The platform's or Excel's own words, shown as they are (never a raw body or a token). */
  detail?: string;
}

/** Keys of src/i18n/areas/import.ts this folder uses for states (checked by the type of the area). */
export type ImportMessageKey =
  | "import.failedRead"
  | "import.failedPostRefused"
  | "import.refusedCatalog"
  | "import.refusedRights"
  | "import.failedJob"
  | "import.failedFollow"
  | "import.failedGuids"
  | "import.failedNotSignedIn"
  | "import.failedLogWrite"
  | "import.failedLostCheck"
  | "import.settingsNotSaved"
  | "import.notKeptOutsideFull"
  | "import.notKeptOutside"
  | "import.blockedGuidsMerged"
  | "import.blockedResultMerged"
  | "import.blockedGuidsTable"
  | "import.blockedResultTable"
  | "import.cellsChanged"
  | "prediction.addedParents";

export interface SourceInfo {
  sheet: string;
  /** A1 address without the sheet. */
  address: string;
}

/** The settings of the import the user chose on the Source screen. */
export interface ImportChoices {
  catalogName: string;
  companyId: string;
  companyName: string;
  /** Write the Guids given to new positions back into the Guid column (default on). */
  writeBackGuids: boolean;
  /** Write a Result column beside the source after the import (remembered). */
  resultColumn: boolean;
  /** Leave out the rows with errors (an explicit choice naming their number). */
  skipErrorRows: boolean;
}

/** What the Preview screen shows as "what will be sent". */
export interface SendSummary {
  positions: number;
  deletions: number;
  /** Guids that will be written back into the Guid column. */
  newGuids: number;
  /** Rows left out because they have errors (when the user chose to skip them). */
  skippedRows: number;
  catalogName: string;
  companyId: string;
  companyName: string;
  /** The tree of the positions sent (rows with errors left out when the user chose so). */
  tree: CodeTree;
}

export interface JobProgress {
  percent: number;
  status: string;
  /** Epoch ms when the job was posted (or resumed from the history). */
  startedAt: number;
  /** Epoch ms of the last status seen. */
  lastSeenAt: number;
  /** A passing fault (503, 429, no connection): the pane shows "Reconnecting…". */
  reconnecting: boolean;
  /** The sign-in ended and could not be renewed: the pane asks to sign in, the job id is kept. */
  signInNeeded: boolean;
}

/** Sheets of a log written into the workbook. */
export interface WrittenLog {
  summary: string;
  inserted?: string;
  updated?: string;
  deleted?: string;
  ignored?: string;
  /** Values the platform cleared (only for an import sent from this pane). */
  cleared?: string;
}

export interface ImportState {
  phase: Phase;
  source: SourceInfo | null;
  /** The mapping in use (detected or chosen). */
  mapping: ColumnMapping | null;
  analysis: CatalogAnalysis | null;
  /** Rows with at least one error, for "Skip the N rows with errors". */
  errorRows: number[];
  choices: ImportChoices;
  send: SendSummary | null;
  /** The dry run of the preview on screen; null until it is made (Import waits for it). */
  prediction: PreviewPrediction | null;
  jobId: string | null;
  progress: JobProgress | null;
  log: ImportLog | null;
  counts: LogCounts | null;
  written: WrittenLog | null;
  /** Writing the log sheets failed: the log stays here with the reason, retry and download. */
  writeError: Said | null;
  error: Said | null;
  /** Said on the check screen after the pane checked again by itself (cells changed before Import). */
  notice: Said | null;
  /**
   * After a POST that got no answer, or from the History tab: the latest import of a catalog
   * (endpoint 3). `jobId` null: the platform knows no import of that catalog.
   */
  latest: {
    catalogName: string;
    jobId: string | null;
    status: string;
    progress: number;
    date?: string;
  } | null;
  /** Phase "lost": the import sent whose answer was lost. */
  lost: LostImport | null;
  /**
   * Saving the workbook's document settings failed (Office's reason): the running job may not be
   * found once the workbook is closed. Cleared by the next save that works (each save writes all).
   */
  settingsError: Said | null;
  /**
   * The job could not be noted outside the workbook (the user's storage refused): it may not be
   * found if the workbook is closed without saving. Cleared by the next note that is kept.
   */
  keptOutsideError: Said | null;
}

export type ImportEvent =
  | { type: "choices"; choices: Partial<ImportChoices> }
  | { type: "analysed"; source: SourceInfo; analysis: CatalogAnalysis; notice?: Said }
  | { type: "read-failed"; error: Said }
  | { type: "back" }
  | { type: "previewed"; send: SendSummary }
  /** A follow-up import that puts values back (restore.ts), shown and confirmed: no range behind it. */
  | { type: "restore-previewed"; send: SendSummary }
  | { type: "predicted"; prediction: PreviewPrediction }
  | { type: "posting" }
  | { type: "post-failed"; error: Said }
  | { type: "posted"; jobId: string; at: number }
  | {
      type: "resumed";
      jobId: string;
      startedAt: number;
      source: SourceInfo | null;
      choices: Partial<ImportChoices>;
    }
  | { type: "status"; percent: number; status: string; at: number }
  | { type: "reconnecting" }
  | { type: "sign-in-needed" }
  | { type: "signed-in" }
  | { type: "job-failed"; error: Said }
  | { type: "detached" }
  | { type: "log"; log: ImportLog }
  | { type: "log-written"; written: WrittenLog }
  | { type: "log-write-failed"; error: Said }
  | { type: "latest"; latest: ImportState["latest"] }
  | { type: "reset" }
  /** The POST got no usable answer: the import may or may not have started. */
  | { type: "answer-lost"; pending: PendingImport }
  /** The pane opened again and found an import sent without an answer. */
  | { type: "lost-reopened"; pending: PendingImport }
  | { type: "lost-checking" }
  | { type: "lost-checked"; found: LostFinding; at: number }
  | { type: "lost-check-failed"; error: Said }
  | { type: "lost-sign-in-needed" }
  | { type: "lost-waiting"; waiting: boolean }
  | { type: "settings-saved" }
  | { type: "settings-failed"; error: Said }
  | { type: "kept-outside" }
  | { type: "keep-outside-failed"; error: Said };

export const DEFAULT_CHOICES: ImportChoices = {
  catalogName: "",
  companyId: "",
  companyName: "",
  writeBackGuids: true,
  resultColumn: false,
  skipErrorRows: false,
};

export function initialState(choices: Partial<ImportChoices> = {}): ImportState {
  return {
    phase: "source",
    source: null,
    mapping: null,
    analysis: null,
    errorRows: [],
    choices: { ...DEFAULT_CHOICES, ...choices },
    send: null,
    prediction: null,
    jobId: null,
    progress: null,
    log: null,
    counts: null,
    written: null,
    writeError: null,
    error: null,
    notice: null,
    latest: null,
    lost: null,
    settingsError: null,
    keptOutsideError: null,
  };
}

/**
 * Sheet rows that hold at least one error a skip cures: src/catalog's one definition of error
 * rows (problems about the block, the mapping or missing parents have no row to skip).
 */
export function rowsWithErrors(problems: readonly Problem[]): number[] {
  return errorRows(problems);
}

/** Errors that no skipping can cure: the header or the mapping is wrong. */
export function blockErrors(problems: readonly Problem[]): number {
  return problems.filter((p) => p.severity === "error" && isBlockProblem(p)).length;
}

/** Whether the import may go on to the preview: no errors, or only row errors the user chose to skip. */
export function canPreview(state: ImportState): boolean {
  const analysis = state.analysis;
  if (state.phase !== "checked" || analysis === null) return false;
  if (state.choices.catalogName.trim() === "" || state.choices.companyId === "") return false;
  const errors = analysis.problems.filter((p) => p.severity === "error");
  if (errors.length === 0) return analysis.positions.length + analysis.deletions.length > 0;
  if (!state.choices.skipErrorRows || blockErrors(analysis.problems) > 0) return false;
  const skipped = new Set(state.errorRows);
  return (
    analysis.positions.some((p) => !skipped.has(p.row)) || analysis.deletions.some((d) => !skipped.has(d.row))
  );
}

const FOLLOWING: ReadonlySet<Phase> = new Set(["following", "detached"]);

/** The next state; an event that does not fit the phase leaves the state as it is. */
export function transition(state: ImportState, event: ImportEvent): ImportState {
  switch (event.type) {
    case "choices": {
      if (!["source", "checked", "previewed"].includes(state.phase)) return state;
      const choices = { ...state.choices, ...event.choices };
      // A change of what is sent goes back to the check: the preview must show what is sent.
      const phase = state.phase === "previewed" ? "checked" : state.phase;
      return { ...state, choices, phase, send: null, prediction: null };
    }
    case "analysed":
      if (!["source", "checked", "previewed", "failed"].includes(state.phase)) return state;
      if (state.phase === "failed" && state.jobId !== null) return state;
      return {
        ...state,
        phase: "checked",
        source: event.source,
        analysis: event.analysis,
        mapping: event.analysis.mapping,
        errorRows: rowsWithErrors(event.analysis.problems),
        send: null,
        prediction: null,
        error: null,
        notice: event.notice ?? null,
      };
    case "read-failed":
      if (!["source", "checked", "previewed"].includes(state.phase)) return state;
      return { ...state, phase: "source", error: event.error };
    case "back":
      if (state.phase === "previewed") return { ...state, phase: "checked", send: null, prediction: null };
      if (state.phase === "checked") return { ...state, phase: "source" };
      return state;
    case "previewed":
      if (!canPreview(state)) return state;
      return { ...state, phase: "previewed", send: event.send, prediction: null, notice: null };
    case "predicted":
      // Only for the body on screen: its positions are the ones the preview sends.
      if (state.phase !== "previewed" || state.send === null) return state;
      if (event.prediction.positions.length !== state.send.positions) return state;
      return { ...state, prediction: event.prediction };
    case "restore-previewed":
      if (BUSY.has(state.phase) || state.phase === "lost") return state;
      return {
        ...initialState({ ...state.choices, skipErrorRows: false }),
        phase: "previewed",
        send: event.send,
        settingsError: state.settingsError,
        keptOutsideError: state.keptOutsideError,
      };
    case "posting":
      if (state.phase !== "previewed") return state;
      return { ...state, phase: "posting", error: null, latest: null };
    case "post-failed":
      if (state.phase !== "posting") return state;
      return { ...state, phase: "failed", error: event.error, latest: null, jobId: null };
    case "posted":
      if (state.phase !== "posting") return state;
      return {
        ...state,
        phase: "following",
        jobId: event.jobId,
        progress: {
          percent: 0,
          status: "",
          startedAt: event.at,
          lastSeenAt: event.at,
          reconnecting: false,
          signInNeeded: false,
        },
      };
    case "resumed":
      return {
        ...initialState({ ...state.choices, ...event.choices }),
        settingsError: state.settingsError,
        keptOutsideError: state.keptOutsideError,
        phase: "following",
        source: event.source,
        jobId: event.jobId,
        progress: {
          percent: 0,
          status: "",
          startedAt: event.startedAt,
          lastSeenAt: event.startedAt,
          reconnecting: false,
          signInNeeded: false,
        },
      };
    case "status":
      if (state.phase !== "following" || state.progress === null) return state;
      return {
        ...state,
        progress: {
          ...state.progress,
          // Never backwards: a late answer must not make the bar jump back.
          percent: Math.max(state.progress.percent, Math.max(0, Math.min(100, event.percent))),
          status: event.status,
          lastSeenAt: event.at,
          reconnecting: false,
          signInNeeded: false,
        },
      };
    case "reconnecting":
      if (state.phase !== "following" || state.progress === null) return state;
      return { ...state, progress: { ...state.progress, reconnecting: true } };
    case "sign-in-needed":
      if (state.phase !== "following" || state.progress === null) return state;
      return { ...state, progress: { ...state.progress, signInNeeded: true } };
    case "signed-in":
      if (state.phase !== "following" || state.progress === null) return state;
      return { ...state, progress: { ...state.progress, signInNeeded: false } };
    case "job-failed":
      if (!FOLLOWING.has(state.phase)) return state;
      return { ...state, phase: "failed", error: event.error };
    case "detached":
      if (state.phase !== "following") return state;
      return { ...state, phase: "detached" };
    case "log":
      // Also from an idle screen: the History tab reopens a log by job id.
      if (state.phase === "posting") return state;
      return {
        ...state,
        phase: "done",
        log: event.log,
        counts: countLog(event.log),
        progress: state.progress ? { ...state.progress, percent: 100, reconnecting: false } : null,
        written: null,
        writeError: null,
      };
    case "log-written":
      if (state.phase !== "done") return state;
      return { ...state, written: event.written, writeError: null };
    case "log-write-failed":
      if (state.phase !== "done") return state;
      return { ...state, writeError: event.error };
    case "latest":
      return { ...state, latest: event.latest };
    case "reset":
      return {
        ...initialState(state.choices),
        choices: { ...state.choices, skipErrorRows: false },
        source: state.source ?? state.lost?.pending.source ?? null,
        mapping: state.mapping,
        settingsError: state.settingsError,
        keptOutsideError: state.keptOutsideError,
      };
    case "answer-lost":
      if (state.phase !== "posting") return state;
      return {
        ...state,
        phase: "lost",
        jobId: null,
        error: null,
        latest: null,
        lost: freshLost(event.pending),
      };
    case "lost-reopened":
      if (BUSY.has(state.phase)) return state;
      return {
        ...initialState({
          ...state.choices,
          catalogName: event.pending.catalogName,
          companyId: event.pending.companyId,
          companyName: event.pending.companyName,
        }),
        phase: "lost",
        source: event.pending.source,
        lost: freshLost(event.pending, true),
        settingsError: state.settingsError,
        keptOutsideError: state.keptOutsideError,
      };
    case "lost-checking":
      return withLost(state, { checking: true, error: null });
    case "lost-checked":
      return withLost(state, {
        checking: false,
        found: event.found,
        checkedAt: event.at,
        error: null,
        signInNeeded: false,
      });
    case "lost-check-failed":
      return withLost(state, { checking: false, error: event.error, signInNeeded: false });
    case "lost-sign-in-needed":
      return withLost(state, { signInNeeded: true });
    case "lost-waiting":
      return withLost(state, { waiting: event.waiting });
    case "settings-saved":
      return state.settingsError === null ? state : { ...state, settingsError: null };
    case "settings-failed":
      return { ...state, settingsError: event.error };
    case "kept-outside":
      return state.keptOutsideError === null ? state : { ...state, keptOutsideError: null };
    case "keep-outside-failed":
      return { ...state, keptOutsideError: event.error };
  }
}

/** Phases a found pending import must not interrupt: something is being sent or followed. */
const BUSY: ReadonlySet<Phase> = new Set(["posting", "following"]);

function withLost(state: ImportState, change: Partial<LostImport>): ImportState {
  if (state.phase !== "lost" || state.lost === null) return state;
  return { ...state, lost: { ...state.lost, ...change } };
}
