// The import's phase: which screen the pane shows, and which events it takes. The one place that
// decides whether an event fits the journey where it stands; the slices then say what it changes.

import { canPreview } from "./check";
import type { ImportEvent, ImportState, Phase } from "./types";

/** Phases a found pending import must not interrupt: something is being sent or followed. */
const BUSY: ReadonlySet<Phase> = new Set(["posting", "following"]);
const FOLLOWING: ReadonlySet<Phase> = new Set(["following", "detached"]);
const CHOOSING: ReadonlySet<Phase> = new Set(["source", "checked", "previewed"]);

/** The phase after the event, or null when the event does not fit the journey where it stands. */
export function nextPhase(state: ImportState, event: ImportEvent): Phase | null {
  const phase = state.phase;
  switch (event.type) {
    case "choices":
      // A change of what is sent goes back to the check: the preview must show what is sent.
      if (!CHOOSING.has(phase)) return null;
      return phase === "previewed" ? "checked" : phase;
    case "analysed":
      if (!CHOOSING.has(phase) && phase !== "failed") return null;
      return phase === "failed" && state.job.jobId !== null ? null : "checked";
    case "read-failed":
      return CHOOSING.has(phase) ? "source" : null;
    case "back":
      return phase === "previewed" ? "checked" : phase === "checked" ? "source" : null;
    case "previewed":
      return canPreview(state) ? "previewed" : null;
    case "predicted":
      // Only for the body on screen: its positions are the ones the preview sends.
      return phase === "previewed" && state.send.summary?.positions === event.prediction.positions.length
        ? phase
        : null;
    case "restore-previewed":
      return BUSY.has(phase) || phase === "lost" ? null : "previewed";
    case "posting":
      return phase === "previewed" ? "posting" : null;
    case "sending":
    case "send-throttled":
      return phase === "posting" ? phase : null;
    case "post-failed":
      return phase === "posting" ? "failed" : null;
    case "posted":
      return phase === "posting" ? "following" : null;
    case "resumed":
      return "following";
    case "status":
    case "reconnecting":
    case "sign-in-needed":
    case "signed-in":
      return phase === "following" && state.job.progress !== null ? phase : null;
    case "job-failed":
      return FOLLOWING.has(phase) ? "failed" : null;
    case "detached":
      return phase === "following" ? "detached" : null;
    case "log":
      // Also from an idle screen: the History tab reopens a log by job id.
      return phase === "posting" ? null : "done";
    case "log-written":
    case "log-write-failed":
      return phase === "done" ? phase : null;
    case "reset":
      return "source";
    case "answer-lost":
      return phase === "posting" ? "lost" : null;
    case "lost-reopened":
      return BUSY.has(phase) ? null : "lost";
    case "lost-checking":
    case "lost-checked":
    case "lost-check-failed":
    case "lost-sign-in-needed":
    case "lost-waiting":
    case "lost-owner":
      return phase === "lost" && state.job.lost !== null ? phase : null;
    case "latest":
    case "settings-saved":
    case "settings-failed":
    case "kept-outside":
    case "keep-outside-failed":
      return phase;
  }
}

/** Events that start the journey over from nothing (a new screen), keeping only what outlives a job. */
export function startsOver(event: ImportEvent): boolean {
  return (
    event.type === "restore-previewed" ||
    event.type === "resumed" ||
    event.type === "reset" ||
    event.type === "lost-reopened"
  );
}
