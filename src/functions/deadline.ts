// The functions' deadline: a cell shows #BUSY! while it waits, and its answer or its reason within
// 45 s, whatever it asks on the way (restoring the sign-in, resolving names, the BOQ's pages). Each
// request already ends by the HTTP layer's deadline (src/api/faults.ts); this one holds for the
// whole call, where one request after another could add up.
import { unavailable } from "../boq/errors";

/** A PLATFORM function answers its cell within this long. */
export const FUNCTION_DEADLINE_MS = 45_000;

/**
 * The result of `work`, or #N/A "did not answer within 45 seconds" once the deadline passes; then
 * `controller` is aborted, so the requests nobody waits for any more stop.
 */
export function withinDeadline<T>(
  controller: AbortController,
  work: () => Promise<T>,
  deadlineMs = FUNCTION_DEADLINE_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(unavailable("boq.timedOut", { seconds: Math.round(deadlineMs / 1000) }));
      controller.abort();
    }, deadlineMs);
    // Settled as it settled: a body's own CustomFunctions.Error must reach the cell unchanged.
    Promise.resolve()
      .then(work)
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}
