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
import { OWNER_HERE, type PendingOwner } from "../model/lease";
import type { PendingLease } from "./lease";

/** "Wait": the pause between two questions, and how many are asked before the pane stops. */
export const LOST_WAIT_MS = 10_000;
export const LOST_WAIT_CHECKS = 12;
/** "Follow it here" (an import sent from another file, read only): questions asked at most (half an hour). */
export const FOLLOW_ELSEWHERE_CHECKS = 180;

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

  constructor(
    private readonly journey: Journey,
    private readonly lease: PendingLease,
  ) {}

  /**
   * The pane opened again with an import sent but never answered: shows it with who has it. This
   * pane's to act on: it takes the lease and asks the platform; another window's: it waits for that
   * window; another file's: it asks the platform, to show what it says, read only.
   */
  async reopen(pending: PendingImport, owner: PendingOwner = OWNER_HERE): Promise<void> {
    this.stop();
    this.journey.dispatch({ type: "lost-reopened", pending, owner });
    if (owner.kind === "window") return this.lease.watch(() => this.lookAgain());
    if (owner.kind === "here" && pending.id !== undefined) await this.lease.takeOver(pending.id);
    await this.check();
  }

  /** Asks the platform once for the catalog's latest import and judges it ("Check again"). */
  async check(): Promise<void> {
    const lost = this.journey.state.job.lost;
    if (this.journey.state.phase !== "lost" || lost === null || lost.checking) return;
    if (lost.owner.kind === "window") return;
    const signal = this.signal();
    await this.ask(lost.pending, signal);
  }

  /**
   * "Wait": asks again every LOST_WAIT_MS until a probable job shows, the user acts, or
   * LOST_WAIT_CHECKS pass. For an import sent from another file ("Follow it here", read only), until
   * the probable job ended, at most FOLLOW_ELSEWHERE_CHECKS times.
   */
  async wait(): Promise<void> {
    const state = this.journey.state;
    if (state.phase !== "lost" || state.job.lost === null || state.job.lost.waiting) return;
    const owner = state.job.lost.owner.kind;
    if (owner === "window") return;
    const signal = this.signal();
    const pauses = new AbortController();
    this.waiting = pauses;
    this.journey.dispatch({ type: "lost-waiting", waiting: true });
    try {
      for (let i = 0; i < (owner === "file" ? FOLLOW_ELSEWHERE_CHECKS : LOST_WAIT_CHECKS); i++) {
        await this.journey.deps.sleep(LOST_WAIT_MS, pauses.signal);
        const lost = this.journey.state.job.lost;
        if (signal.aborted || pauses.signal.aborted || lost === null) return;
        await this.ask(lost.pending, signal);
        const found = this.journey.state.job.lost?.found;
        if (found?.verdict === "probable" && (owner === "here" || found.outcome !== "running")) break;
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
    // Only an import this pane may act on: never another window's, never another file's.
    if (lost.owner.kind !== "here") return null;
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
      await this.journey.history.put(entry, { settlesPending: pending.id ?? true });
    } catch (error) {
      this.journey.warn("could not save the job in the workbook settings", error);
    }
    await this.journey.keepOutside((kept, workbook) => kept.keepJob(workbook, entry, pending.id));
    return entry;
  }

  /**
   * "Import again", after the user read the risk of a duplicate: the pending import is dropped
   * and the pane goes back to the range; nothing is posted before the user imports again.
   */
  async importAgain(): Promise<void> {
    const lost = this.journey.state.job.lost;
    if (this.journey.state.phase !== "lost" || lost?.owner.kind !== "here") return;
    this.stop();
    const id = lost.pending.id;
    await this.settle(id);
    await this.journey.keepOutside((kept, workbook) => kept.forgetPending(workbook, id), { quiet: true });
    this.journey.dispatch({ type: "reset" });
  }

  /**
   * "Back to the range" from an import another window or another file has: nothing is sent, and the
   * import is left to them. A copy forgets the other file's import its settings brought along (its
   * note outside the workbook is that file's and stays).
   */
  async leave(): Promise<void> {
    const lost = this.journey.state.job.lost;
    if (this.journey.state.phase !== "lost" || lost === null || lost.owner.kind === "here") return;
    this.stop();
    if (lost.owner.kind === "file") await this.settle(lost.pending.id);
    this.journey.dispatch({ type: "reset" });
  }

  /**
   * Looks again at the import another window has (at each renewal of the leases): once that window
   * let go or its lease lapsed, this pane has it and asks the platform; once it is settled there,
   * the pane goes back to the range.
   */
  private async lookAgain(): Promise<void> {
    const lost = this.journey.state.job.lost;
    if (this.journey.state.phase !== "lost" || lost?.owner.kind !== "window") return this.lease.unwatch();
    const owner = await this.lease.ownerNow(lost.pending, lost.owner);
    if (this.journey.state.job.lost !== lost) return;
    if (owner?.kind === "window") return;
    this.lease.unwatch();
    if (owner === null) return this.journey.dispatch({ type: "reset" });
    this.journey.dispatch({ type: "lost-owner", owner });
    if (owner.kind === "here" && lost.pending.id !== undefined) await this.lease.takeOver(lost.pending.id);
    await this.check();
  }

  /** The pending import goes from the workbook's settings (if it is still this one). */
  private async settle(id: string | undefined): Promise<void> {
    try {
      await this.journey.history.clearPending(id ?? null);
    } catch (error) {
      this.journey.warn("could not clear the pending import in the workbook settings", error);
    }
  }

  /** Stops the questions without a word: another job, or none, is on screen now. */
  stop(): void {
    this.lease.unwatch();
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
