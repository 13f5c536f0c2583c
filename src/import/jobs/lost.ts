// An import whose answer was lost (a connection reset after the request was sent, no answer in
// time, an answer without a job id), or an import the pane was sending when it closed: the request
// is never sent again by itself. The pane asks the platform for the catalog's latest import
// (endpoint 3) and judges it (lostState.ts): a job not in the history whose time is after the
// request was sent is offered as "probably this import", followed once the user confirms and kept
// in the history like any other job; otherwise the user chooses between waiting (the pane asks
// again at intervals), asking again now and importing again.

import { isApiError } from "../../api/errors";
import { refusedBeforeDoing } from "../../api/faults";
import type { ImportStatus } from "../../api/schemas";
import type { HistoryEntry, PendingImport } from "../model/records";
import { detailOf, said, type Journey } from "./journey";
import { judgeLatest } from "../model/lostState";

/** "Wait": the pause between two questions, and how many are asked before the pane stops. */
export const LOST_WAIT_MS = 10_000;
export const LOST_WAIT_CHECKS = 12;

/**
 * Whether a failed POST may have reached the platform: any answer but one that shows the platform
 * refused it before doing anything (src/api/faults.ts `refusedBeforeDoing` and its table).
 */
export function answerLost(error: unknown): boolean {
  return !refusedBeforeDoing(error);
}

export class LostAnswer {
  /** The questions about the lost import on screen (a sign-in awaited among them). */
  private asking: AbortController | null = null;
  /** The pauses of "Wait", stopped alone by "Stop waiting". */
  private waiting: AbortController | null = null;

  constructor(private readonly journey: Journey) {}

  /** The pane opened again with an import sent but never answered: shows it and asks the platform. */
  async reopen(pending: PendingImport): Promise<void> {
    this.stop();
    this.journey.dispatch({ type: "lost-reopened", pending });
    await this.check();
  }

  /** Asks the platform once for the catalog's latest import and judges it ("Check again"). */
  async check(): Promise<void> {
    const lost = this.journey.state.job.lost;
    if (this.journey.state.phase !== "lost" || lost === null || lost.checking) return;
    const signal = this.signal();
    await this.ask(lost.pending, signal);
  }

  /** "Wait": asks again every LOST_WAIT_MS until a probable job shows, the user acts, or LOST_WAIT_CHECKS pass. */
  async wait(): Promise<void> {
    const state = this.journey.state;
    if (state.phase !== "lost" || state.job.lost === null || state.job.lost.waiting) return;
    const signal = this.signal();
    const pauses = new AbortController();
    this.waiting = pauses;
    this.journey.dispatch({ type: "lost-waiting", waiting: true });
    try {
      for (let i = 0; i < LOST_WAIT_CHECKS; i++) {
        await this.journey.deps.sleep(LOST_WAIT_MS, pauses.signal);
        const lost = this.journey.state.job.lost;
        if (signal.aborted || pauses.signal.aborted || lost === null) return;
        await this.ask(lost.pending, signal);
        if (this.journey.state.job.lost?.found?.verdict === "probable") break;
      }
    } catch {
      // Stopped: the user stopped waiting.
    } finally {
      if (this.waiting === pauses) this.waiting = null;
      this.journey.dispatch({ type: "lost-waiting", waiting: false });
    }
  }

  /** "Stop waiting" on the lost import: no more questions by themselves (one under way ends). */
  stopWaiting(): void {
    this.waiting?.abort();
    this.waiting = null;
    this.journey.dispatch({ type: "lost-waiting", waiting: false });
  }

  /**
   * The user confirmed the probable job as theirs: it is kept in the history (the pending import
   * settled in the same save) and returned to be followed. Null when no job is offered.
   */
  async confirm(): Promise<HistoryEntry | null> {
    const lost = this.journey.state.job.lost;
    const found = lost?.found;
    if (this.journey.state.phase !== "lost" || !lost || found?.verdict !== "probable" || !found.jobId) {
      return null;
    }
    this.stop();
    const pending = lost.pending;
    const entry: HistoryEntry = {
      jobId: found.jobId,
      catalogName: pending.catalogName,
      companyId: pending.companyId,
      companyName: pending.companyName,
      // The job's own start is not known; the moment it was sent is the nearest the pane knows.
      startedAt: pending.sentAt,
      status: "running",
      sent: pending.sent,
      source: pending.source,
    };
    this.journey.entry = entry;
    try {
      await this.journey.history.put(entry, { settlesPending: true });
    } catch (error) {
      this.journey.warn("could not save the job in the workbook settings", error);
    }
    await this.journey.keepOutside((kept, workbook) => kept.keepJob(workbook, entry));
    return entry;
  }

  /**
   * "Import again", after the user read the risk of a duplicate: the pending import is dropped
   * and the pane goes back to the range; nothing is posted before the user imports again.
   */
  async importAgain(): Promise<void> {
    if (this.journey.state.phase !== "lost") return;
    this.stop();
    try {
      await this.journey.history.clearPending();
    } catch (error) {
      this.journey.warn("could not clear the pending import in the workbook settings", error);
    }
    await this.journey.keepOutside((kept, workbook) => kept.forgetPending(workbook), { quiet: true });
    this.journey.dispatch({ type: "reset" });
  }

  /** Stops the questions without a word: another job, or none, is on screen now. */
  stop(): void {
    this.waiting?.abort();
    this.waiting = null;
    this.asking?.abort();
    this.asking = null;
  }

  private signal(): AbortSignal {
    this.asking ??= new AbortController();
    return this.asking.signal;
  }

  private async ask(pending: PendingImport, signal: AbortSignal): Promise<void> {
    const journey = this.journey;
    const deps = journey.deps;
    for (;;) {
      journey.dispatch({ type: "lost-checking" });
      let latest: ImportStatus | null;
      try {
        latest = await deps.api.getImportStatusByRoot(pending.catalogName.trim(), signal);
      } catch (error) {
        if (signal.aborted) return;
        if (isApiError(error) && error.kind === "http" && error.status === 404) {
          latest = null; // an answer: no import of this catalog shows (yet)
        } else if (isApiError(error) && error.needsSignIn) {
          journey.dispatch({ type: "lost-sign-in-needed" });
          try {
            await deps.whenSignedIn(signal);
          } catch {
            return;
          }
          continue;
        } else {
          journey.dispatch({
            type: "lost-check-failed",
            error: said("import.failedLostCheck", detailOf(error)),
          });
          return;
        }
      }
      if (signal.aborted) return;
      const now = deps.now();
      const found = judgeLatest(latest, pending, (jobId) => journey.history.find(jobId) !== undefined, now);
      journey.dispatch({ type: "lost-checked", found, at: now });
      return;
    }
  }
}
