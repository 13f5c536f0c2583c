// The catalog engine's long loops (the check, the preview's build) run as steps; in the pane they
// run in slices with a pause between, so the page keeps responding while 100k rows are checked.

import { runSteps, type Steps } from "../catalog";

/** Longest stretch of the check or the preview's build between two pauses, when pauses are given. */
export const SLICE_MS = 30;

/**
 * Runs the catalog engine's steps, pausing (`pause`: the pane lets the page respond) whenever a
 * slice has taken SLICE_MS by `now`; without `pause`, at once.
 */
export async function runInSlices<T>(
  steps: Steps<T>,
  pause: (() => Promise<void>) | undefined,
  now: () => number,
): Promise<T> {
  if (pause === undefined) return runSteps(steps);
  let sliceStarted = now();
  let next = steps.next();
  while (next.done !== true) {
    if (now() - sliceStarted >= SLICE_MS) {
      await pause();
      sliceStarted = now();
    }
    next = steps.next();
  }
  return next.value;
}
