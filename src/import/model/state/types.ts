// The types of the import journey's state and events, in one file below the slices that reduce and
// read them (so no slice depends on another's file for a type): the phase, the five slices (check,
// send, job, log, warnings) and every event.

import type { CatalogAnalysis, CatalogPosition, CodeTree, ColumnMapping } from "../../../catalog";
import type { ImportLog } from "../../../api/schemas";
import type { LogCounts } from "../logCounts";
import type { PendingImport, SourceInfo, WrittenLog } from "../records";
import type { Said } from "../said";
import type { PreviewPrediction } from "../previewState";
import type { LostFinding, LostImport } from "../lostState";
import type { PendingOwner } from "../lease";

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

export interface CheckSlice {
  source: SourceInfo | null;
  /** The mapping in use (detected or chosen). */
  mapping: ColumnMapping | null;
  analysis: CatalogAnalysis | null;
  /** Rows with at least one error, for "Skip the N rows with errors". */
  errorRows: number[];
  choices: ImportChoices;
  /** Said on the check screen after the pane checked again by itself (cells changed before Import). */
  notice: Said | null;
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

/** What the body that went out held, as the check read it (the rows with errors left out). */
export interface SentRecord {
  positions: readonly CatalogPosition[];
  deletions: number;
  /** Sheet rows left out of it (rows with errors the user chose to skip). */
  skippedRows: readonly number[];
}

/** The body on its way (phase "posting"): its size, how long its answer is waited for, a pause. */
export interface Outgoing {
  /** The body's size in bytes (UTF-8 JSON). */
  bytes: number;
  /** How long the pane waits for the platform's answer (30 s and 1 s per MB: src/api). */
  limitMs: number;
  /** The platform asked to wait (429): epoch ms when the import is sent again; null otherwise. */
  resendAt: number | null;
}

export interface SendSlice {
  summary: SendSummary | null;
  /** The dry run of the preview on screen; null until it is made (Import waits for it). */
  prediction: PreviewPrediction | null;
  /** What was sent; null before the post and for a job not sent from this pane (or a restore). */
  sent: SentRecord | null;
  /** The body on its way; null but while it is posted. */
  outgoing: Outgoing | null;
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

/**
 * After a POST that got no answer, or from the History tab: the latest import of a catalog
 * (endpoint 3). `jobId` null: the platform knows no import of that catalog.
 */
export interface LatestImport {
  catalogName: string;
  jobId: string | null;
  status: string;
  progress: number;
  date?: string;
}

export interface JobSlice {
  jobId: string | null;
  progress: JobProgress | null;
  latest: LatestImport | null;
  /** Phase "lost": the import sent whose answer was lost. */
  lost: LostImport | null;
}

export interface LogSlice {
  log: ImportLog | null;
  counts: LogCounts | null;
  written: WrittenLog | null;
  /** Writing the log sheets failed: the log stays here with the reason, retry and download. */
  writeError: Said | null;
}

export interface WarningsSlice {
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

export interface ImportState {
  phase: Phase;
  /** Why the phase is "failed" (or the range could not be read): said on the screen it leaves. */
  error: Said | null;
  check: CheckSlice;
  send: SendSlice;
  job: JobSlice;
  log: LogSlice;
  warnings: WarningsSlice;
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
  /** The body on screen goes out: `sent` is what it holds, kept from now on (null: a restore). */
  | { type: "posting"; sent: SentRecord | null }
  /** The body, serialized, goes out now: its size and how long its answer is waited for. */
  | { type: "sending"; bytes: number; limitMs: number }
  /** The platform refused it for now (429): sent again at `resendAt` (epoch ms). */
  | { type: "send-throttled"; resendAt: number }
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
  | { type: "latest"; latest: LatestImport | null }
  | { type: "reset" }
  /** The POST got no usable answer: the import may or may not have started (`detail`: what came). */
  | { type: "answer-lost"; pending: PendingImport; detail?: string }
  /** The pane opened again and found an import sent without an answer, and who has it. */
  | { type: "lost-reopened"; pending: PendingImport; owner: PendingOwner }
  /** Another window that had the import let go of it (or its lease lapsed): this pane has it now. */
  | { type: "lost-owner"; owner: PendingOwner }
  | { type: "lost-checking" }
  | { type: "lost-checked"; found: LostFinding; at: number }
  | { type: "lost-check-failed"; error: Said }
  | { type: "lost-sign-in-needed" }
  | { type: "lost-waiting"; waiting: boolean }
  | { type: "settings-saved" }
  | { type: "settings-failed"; error: Said }
  | { type: "kept-outside" }
  | { type: "keep-outside-failed"; error: Said };
