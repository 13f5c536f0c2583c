// Following a job: its status is asked until it ends (src/api's "keep polling a job" policy says
// which faults pass and how long to wait), then its log is fetched and the outcome recorded in the
// workbook's history. A passing fault shows "Reconnecting…"; a sign-in that ended waits for the
// user to sign in again and follows the same job (it is never posted twice).

import { isApiError } from "../../api/errors";
import { faultOf, keepPolling, pollDelay } from "../../api/faults";
import { jobState } from "../../api/jobState";
import { errorText } from "../../i18n";
import type { ImportLog } from "../../api/schemas";
import { detailOf, said, type Journey } from "./journey";
import { rowsSentBy } from "../model/records";
import type { Said } from "../model/said";
import { selectOutcome } from "../model/state";

/** A request about a job: its answer, or null when the user stopped the following or it ended failed. */
type Asked<T> = { value: T } | null;

/** The polling pace of one stretch of requests: every pause, after an answer or a fault, is the next. */
interface Pace {
  attempt: number;
}

export class JobFollower {
  private following: AbortController | null = null;

  constructor(private readonly journey: Journey) {}

  /**
   * Follows a job until it ends, or until the user stops waiting. Returns its log once the job is
   * done (the log is on screen and the job recorded as done); null when the job failed (recorded
   * as failed) or the following was stopped.
   */
  async follow(jobId: string): Promise<ImportLog | null> {
    this.following?.abort();
    const controller = new AbortController();
    this.following = controller;
    const signal = controller.signal;
    const deps = this.journey.deps;
    const pace: Pace = { attempt: 0 };
    while (!signal.aborted) {
      const asked = await this.ask(jobId, (s) => deps.api.pollImportStatusByJobId(jobId, s), pace, signal);
      if (asked === null) return null;
      const status = asked.value;
      const state = jobState(status);
      if (state.state === "failed") {
        await this.endFailed(jobId, said("import.failedJob", jobDetail(jobId, state.message)), state.message);
        return null;
      }
      if (state.state === "done") {
        this.journey.dispatch({ type: "status", percent: 100, status: status.status, at: deps.now() });
        return this.fetchLog(jobId, signal);
      }
      this.journey.dispatch({
        type: "status",
        percent: state.progress,
        status: status.status,
        at: deps.now(),
      });
      if (!(await this.wait(pollDelay(pace.attempt++), signal))) return null;
    }
    return null;
  }

  /** "Stop waiting": the job goes on on the server; the history keeps it as running. */
  detach(): void {
    if (this.journey.state.phase !== "following") return;
    this.stop();
    this.journey.dispatch({ type: "detached" });
  }

  /** Stops following without a word: another job, or none, is on screen now. */
  stop(): void {
    this.following?.abort();
    this.following = null;
  }

  /** Fetches the log (asking again on passing faults), and records the job as done. */
  private async fetchLog(jobId: string, signal: AbortSignal): Promise<ImportLog | null> {
    const deps = this.journey.deps;
    const rowsSent = rowsSentBy(this.journey.entry?.jobId === jobId ? this.journey.entry : undefined);
    const asked = await this.ask(
      jobId,
      (s) => deps.api.getImportLog(jobId, s, { rowsSent }),
      { attempt: 0 },
      signal,
    );
    if (asked === null) return null;
    const log = asked.value;
    this.following = null;
    this.journey.dispatch({ type: "log", log });
    const counts = this.journey.state.log.counts ?? undefined;
    // A job that changed nothing though rows were sent: History shows the warning and its reason.
    const nothing = selectOutcome(this.journey.state);
    await this.journey.saveEntry(jobId, {
      status: "done",
      finishedAt: new Date(deps.now()).toISOString(),
      ...(counts ? { counts } : {}),
      ...(nothing ? { nothing } : {}),
    });
    return log;
  }

  /**
   * Asks until answered. A passing fault says "Reconnecting…" and asks again after the policy's
   * pause; a sign-in that ended (and could not be renewed) asks the user to sign in and asks
   * again once they have. Returns the answer; or ends the following as failed (saying why) and
   * returns null; or returns null when the following was stopped.
   */
  private async ask<T>(
    jobId: string,
    request: (signal: AbortSignal) => Promise<T>,
    pace: Pace,
    signal: AbortSignal,
  ): Promise<Asked<T>> {
    for (;;) {
      try {
        return { value: await request(signal) };
      } catch (error) {
        if (signal.aborted) return null;
        const fault = faultOf(error);
        const decision = fault === null ? null : keepPolling(fault, pace.attempt);
        if (decision?.again === true) {
          pace.attempt += 1;
          this.journey.dispatch({ type: "reconnecting" });
          if (!(await this.wait(decision.delayMs, signal))) return null;
          continue;
        }
        if (isApiError(error) && error.needsSignIn) {
          this.journey.dispatch({ type: "sign-in-needed" });
          try {
            await this.journey.deps.whenSignedIn(signal);
          } catch {
            return null;
          }
          this.journey.dispatch({ type: "signed-in" });
          continue;
        }
        await this.endFailed(
          jobId,
          said("import.failedFollow", jobDetail(jobId, detailOf(error))),
          errorText(error),
        );
        return null;
      }
    }
  }

  /** Waits, or returns false when the following was stopped meanwhile. */
  private async wait(ms: number, signal: AbortSignal): Promise<boolean> {
    try {
      await this.journey.deps.sleep(ms, signal);
      return true;
    } catch {
      return false;
    }
  }

  /** `reason`: the words the History tab shows for the job (the detail goes to the Details). */
  private async endFailed(jobId: string, error: Said, reason: string): Promise<void> {
    this.following = null;
    this.journey.dispatch({ type: "job-failed", error });
    await this.journey.saveEntry(jobId, {
      status: "failed",
      finishedAt: new Date(this.journey.deps.now()).toISOString(),
      error: reason,
    });
    // No log will come: the note outside the workbook has done its work.
    await this.journey.keepOutside((kept) => kept.forget(jobId), { quiet: true });
  }
}

/** The Details of a job's failure: its id first (what support asks for), then what was said. */
function jobDetail(jobId: string, detail: string): string {
  return detail.trim() === "" ? `job ${jobId}` : `job ${jobId}\n${detail}`;
}
