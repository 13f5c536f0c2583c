// What an import status means for the add-in (docs/interface.md 2.3): ReportCreated is done; Failed, or any status the add-in does not know that carries an
// error, is a failure; anything else is still running.

import type { ImportStatus } from "./schemas";
import { mainText } from "./serverText";

export const DONE_STATUS = "ReportCreated";
export const FAILED_STATUS = "Failed";
/** Compared without case: platform versions spell them differently ("InProgress", "inProgress"). */
const KNOWN_RUNNING = new Set(["queued", "running", "inprogress", "pending", "processing"]);

export type JobState =
  { state: "done" } | { state: "failed"; message: string } | { state: "running"; progress: number };

export function jobState(status: ImportStatus): JobState {
  if (status.status === DONE_STATUS && status.error === null) return { state: "done" };
  // ReportCreated with an error lands here too: a report of a failed import is not a success.
  if (
    status.status === FAILED_STATUS ||
    (status.error !== null && !KNOWN_RUNNING.has(status.status.toLowerCase()))
  ) {
    // A sentence's share of the platform's words (the schema kept up to 4 KB).
    return {
      state: "failed",
      message: mainText(status.error ?? `The import ended with status ${status.status}.`),
    };
  }
  return { state: "running", progress: Math.max(0, Math.min(100, status.progress)) };
}
