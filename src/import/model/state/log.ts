// The log slice: the job's log, its counts, the sheets it was written to (or why writing failed),
// and the selectors that read the outcome from it: each ignored row's reason and, for a job that
// changed nothing though rows were sent, the one reason the result and History give.

import type { ImportLog } from "../../../api/schemas";
import { clearOutcomes, type ClearOutcome } from "../clearVerdicts";
import { countLog } from "../logCounts";
import { ignoredReasons, nothingChanged, type IgnoredReason, type NothingChanged } from "../ignoredReasons";
import type { ImportEvent, ImportState, LogSlice } from "./types";

export const NO_LOG: LogSlice = { log: null, counts: null, written: null, writeError: null };

/** The log slice after an event the journey took (`state` is the state before it). */
export function reduceLog(state: ImportState, event: ImportEvent): LogSlice {
  switch (event.type) {
    case "log":
      return { log: event.log, counts: countLog(event.log), written: null, writeError: null };
    case "log-written":
      return { ...state.log, written: event.written, writeError: null };
    case "log-write-failed":
      return { ...state.log, writeError: event.error };
    case "restore-previewed":
    case "resumed":
    case "reset":
    case "lost-reopened":
      return NO_LOG;
    default:
      return state.log;
  }
}

/** The reasons of the last state asked, for as long as its log, what was sent and its dry run stand. */
let lastReasons: {
  log: ImportLog;
  sent: ImportState["send"]["sent"];
  prediction: ImportState["send"]["prediction"];
  reasons: IgnoredReason[];
} | null = null;

/**
 * The reasons of the log's ignored rows. What was sent is known only for a job sent from this pane,
 * and the earlier imports (codes in the catalog, units it accepted) only where its preview had them.
 * Kept for the same log: the result screen, the log sheets and the follower ask for them in turn,
 * and a log can list hundreds of thousands of rows.
 */
export function selectReasons(state: ImportState): IgnoredReason[] {
  const log = state.log.log;
  if (log === null) return [];
  const { sent, prediction } = state.send;
  if (lastReasons?.log === log && lastReasons.sent === sent && lastReasons.prediction === prediction) {
    return lastReasons.reasons;
  }
  const known = prediction?.known;
  const units = new Set<string>();
  for (const u of known?.units ?? []) if (u !== null && u.trim() !== "") units.add(u.trim());
  const reasons = ignoredReasons(log, sent?.positions ?? null, { codes: new Set(known?.codes ?? []), units });
  lastReasons = { log, sent, prediction, reasons };
  return reasons;
}

/** Why the job on screen changed nothing, or null when it changed something (or has no log yet). */
export function selectOutcome(state: ImportState): NothingChanged | null {
  const { log, counts } = state.log;
  if (log === null || counts === null) return null;
  const summary = state.send.summary;
  const sentRows = summary ? summary.positions + summary.deletions : counts.ignored;
  return nothingChanged(counts, sentRows, selectReasons(state));
}

/** The verdicts of the last state asked, for as long as its log and its dry run stand. */
let lastClears: {
  log: ImportLog;
  prediction: ImportState["send"]["prediction"];
  outcomes: ClearOutcome[];
} | null = null;

/**
 * For each value the preview said a blank may clear, whether the platform kept or cleared it, from
 * the log (issue 43). Only for a job sent from this pane's preview: a resumed job says nothing.
 */
export function selectClearOutcomes(state: ImportState): ClearOutcome[] {
  const log = state.log.log;
  const { sent, prediction } = state.send;
  if (log === null || sent === null || prediction === null) return [];
  if (lastClears?.log === log && lastClears.prediction === prediction) return lastClears.outcomes;
  const outcomes = clearOutcomes(prediction.positions, prediction.outcome.clears, log);
  lastClears = { log, prediction, outcomes };
  return outcomes;
}
