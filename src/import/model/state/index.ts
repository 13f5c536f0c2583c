// The import journey as plain data and pure transitions, in slices as Script Lab's editor store
// keeps its state (one folder, one file per concern with its reducer and selectors): check, send,
// job, log and warnings, under the phase that decides which events fit (phase.ts). Every screen of
// the pane renders an ImportState and reads what is derived from it through the selectors; every
// change is an ImportEvent through `transition`. No Excel, network, clock or storage here: the jobs
// (src/import/jobs) do those at the edge and report what happened as events, so the journey is
// tested event by event without a browser.

import { initialCheck, reduceCheck } from "./check";
import { NO_JOB, reduceJob } from "./job";
import { NO_LOG, reduceLog } from "./log";
import { nextPhase, startsOver } from "./phase";
import { EMPTY_SEND, reduceSend } from "./send";
import type { ImportChoices, ImportEvent, ImportState } from "./types";
import type { Said } from "../said";
import { NO_WARNINGS, reduceWarnings } from "./warnings";

export { countLog, type LogCounts } from "../logCounts";
export type {
  Phase,
  ImportEvent,
  ImportState,
  ImportChoices,
  CheckSlice,
  SendSlice,
  Outgoing,
  SendSummary,
  SentRecord,
  JobSlice,
  JobProgress,
  LatestImport,
  LogSlice,
  WarningsSlice,
} from "./types";
export {
  DEFAULT_CHOICES,
  rowsWithErrors,
  blockErrors,
  canPreview,
  previewBlocker,
  selectSkippable,
  selectProblemsInOrder,
  type PreviewBlocker,
} from "./check";
export { selectSent } from "./send";
export { selectReasons, selectOutcome, selectClearOutcomes } from "./log";

export function initialState(choices: Partial<ImportChoices> = {}): ImportState {
  return {
    phase: "source",
    error: null,
    check: initialCheck(choices),
    send: EMPTY_SEND,
    job: NO_JOB,
    log: NO_LOG,
    warnings: NO_WARNINGS,
  };
}

function reduceError(state: ImportState, event: ImportEvent): Said | null {
  switch (event.type) {
    case "read-failed":
    case "post-failed":
    case "job-failed":
      return event.error;
    case "analysed":
    case "posting":
    case "answer-lost":
      return null;
    default:
      return startsOver(event) ? null : state.error;
  }
}

/** The next state; an event that does not fit the phase leaves the state as it is. */
export function transition(state: ImportState, event: ImportEvent): ImportState {
  const phase = nextPhase(state, event);
  if (phase === null) return state;
  const next: ImportState = {
    phase,
    error: reduceError(state, event),
    check: reduceCheck(state, event),
    send: reduceSend(state, event),
    job: reduceJob(state, event),
    log: reduceLog(state, event),
    warnings: reduceWarnings(state, event),
  };
  const same = (Object.keys(next) as (keyof ImportState)[]).every((key) => next[key] === state[key]);
  return same ? state : next;
}
