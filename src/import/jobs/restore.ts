// Putting values back after a job: the values the platform cleared in the job on screen (known
// only for a body this pane sent: a resumed or reopened job says nothing rather than guess),
// "Restore the previous values" and History's "Undo the updates". Either is a follow-up import,
// first shown as an offer (the positions and the values sent back) and sent only when the user
// chooses Import, through the same posting and following as any import (pipeline.ts).

import type { ImportLog, ImportRequest } from "../../api/schemas";
import { clearedPositions, type ClearedPosition } from "../model/cleared";
import type { Journey } from "./journey";
import { fetchJobLog } from "./reopen";
import { restorePlan, undoPlan, type RestorePlan, type RestoreTarget } from "../model/restoreBody";
import type { Said } from "../model/said";

/** A follow-up import shown before it is sent; `origin`: the screen that offered it. */
export interface RestoreOffer {
  origin: "result" | "history";
  plan: RestorePlan;
}

export type RestoreListener = (offer: RestoreOffer | null) => void;

export class RestoreDesk {
  /** The last body this pane posted, by its job id: what the job's log is read against. */
  private sent: { jobId: string; body: ImportRequest } | null = null;
  private shown: RestoreOffer | null = null;
  private readonly listeners = new Set<RestoreListener>();
  /** Computed once per log: the body and the log may hold 300k positions. */
  private memo: { log: ImportLog; jobId: string; cleared: ClearedPosition[] } | null = null;

  constructor(private readonly journey: Journey) {}

  get offer(): RestoreOffer | null {
    return this.shown;
  }

  subscribe(listener: RestoreListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** A job was posted with this body. */
  noteSent(jobId: string, body: ImportRequest | null): void {
    this.sent = body === null ? null : { jobId, body };
  }

  /** The body a job was posted with, while this pane still has it. */
  bodyOf(jobId: string): ImportRequest | null {
    return this.sent?.jobId === jobId ? this.sent.body : null;
  }

  /** The values the platform cleared in the job on screen; null when its body is not known here. */
  cleared(): ClearedPosition[] | null {
    const state = this.journey.state;
    const jobId = state.job.jobId;
    if (state.log.log === null || jobId === null) return null;
    const body = this.bodyOf(jobId);
    if (body === null) return null;
    if (this.memo?.log !== state.log.log || this.memo.jobId !== jobId) {
      this.memo = { log: state.log.log, jobId, cleared: clearedPositions(body, state.log.log) };
    }
    return this.memo.cleared;
  }

  /** "Restore the previous values" of the job on screen: shown, not sent. */
  offerRestore(): void {
    const state = this.journey.state;
    const cleared = this.cleared();
    const jobId = state.job.jobId;
    if (cleared === null || cleared.length === 0 || state.log.log === null || jobId === null) return;
    const body = this.bodyOf(jobId);
    if (body === null) return;
    this.show({ origin: "result", plan: restorePlan(this.target(jobId), state.log.log, body, cleared) });
  }

  /** "Undo the updates" of any job of the history: its log fetched (endpoint 4), the offer shown. */
  async offerUndo(jobId: string): Promise<Said | null> {
    const fetched = await fetchJobLog(this.journey, jobId);
    if ("error" in fetched) return fetched.error;
    this.show({ origin: "history", plan: undoPlan(this.target(jobId), fetched.log, this.bodyOf(jobId)) });
    return null;
  }

  /** "Cancel", or the offer taken to be sent. */
  take(): RestoreOffer | null {
    const offer = this.shown;
    this.show(null);
    return offer;
  }

  private target(jobId: string): RestoreTarget {
    const entry = this.journey.history.find(jobId);
    const choices = this.journey.state.check.choices;
    return {
      jobId,
      catalogName: entry?.catalogName ?? choices.catalogName.trim(),
      companyId: entry?.companyId ?? choices.companyId,
      companyName: entry?.companyName ?? choices.companyName,
    };
  }

  private show(offer: RestoreOffer | null): void {
    this.shown = offer;
    for (const l of [...this.listeners]) l(offer);
  }
}
