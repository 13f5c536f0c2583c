// The job slice: the job id, its progress while it is followed, the catalog's latest import asked
// of the platform, and an import whose answer was lost.

import { freshLost, type LostImport } from "../lostState";
import type { ImportEvent, ImportState, JobSlice } from "./types";

export const NO_JOB: JobSlice = { jobId: null, progress: null, latest: null, lost: null };

function started(jobId: string, at: number): JobSlice {
  return {
    ...NO_JOB,
    jobId,
    progress: {
      percent: 0,
      status: "",
      startedAt: at,
      lastSeenAt: at,
      reconnecting: false,
      signInNeeded: false,
    },
  };
}

/** The job slice after an event the journey took (`state` is the state before it). */
export function reduceJob(state: ImportState, event: ImportEvent): JobSlice {
  const job = state.job;
  const progress = job.progress;
  const lost = (change: Partial<LostImport>): JobSlice =>
    job.lost === null ? job : { ...job, lost: { ...job.lost, ...change } };
  switch (event.type) {
    case "restore-previewed":
    case "reset":
      return NO_JOB;
    case "posting":
      return { ...job, latest: null };
    case "post-failed":
      return { ...job, latest: null, jobId: null };
    case "posted":
      return { ...started(event.jobId, event.at), latest: job.latest, lost: job.lost };
    case "resumed":
      return started(event.jobId, event.startedAt);
    case "status":
      if (progress === null) return job;
      return {
        ...job,
        progress: {
          ...progress,
          // Never backwards: a late answer must not make the bar jump back.
          percent: Math.max(progress.percent, Math.max(0, Math.min(100, event.percent))),
          status: event.status,
          lastSeenAt: event.at,
          reconnecting: false,
          signInNeeded: false,
        },
      };
    case "reconnecting":
      return progress === null ? job : { ...job, progress: { ...progress, reconnecting: true } };
    case "sign-in-needed":
      return progress === null ? job : { ...job, progress: { ...progress, signInNeeded: true } };
    case "signed-in":
      return progress === null ? job : { ...job, progress: { ...progress, signInNeeded: false } };
    case "log":
      return progress === null
        ? job
        : { ...job, progress: { ...progress, percent: 100, reconnecting: false } };
    case "latest":
      return { ...job, latest: event.latest };
    case "answer-lost":
      return { ...job, jobId: null, latest: null, lost: freshLost(event.pending, false, event.detail) };
    case "lost-reopened":
      return { ...NO_JOB, lost: freshLost(event.pending, true, undefined, event.owner) };
    case "lost-owner":
      return lost({ owner: event.owner });
    case "lost-checking":
      return lost({ checking: true, error: null });
    case "lost-checked":
      return lost({
        checking: false,
        found: event.found,
        checkedAt: event.at,
        error: null,
        signInNeeded: false,
      });
    case "lost-check-failed":
      return lost({ checking: false, error: event.error, signInNeeded: false });
    case "lost-sign-in-needed":
      return lost({ signInNeeded: true });
    case "lost-waiting":
      return lost({ waiting: event.waiting });
    default:
      return job;
  }
}
