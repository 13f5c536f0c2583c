// Work in steps. The engine's long loops are generators that pause after every STEP_ITEMS items,
// so that a caller with a clock (src/import, in the task pane) can let the page respond between
// slices of a 100k-row check instead of freezing it for seconds. The engine itself never looks at
// a clock and never waits: `runSteps` drives a generator to its end at once, which is what the
// plain functions (analyseCatalog, buildImportBody, …) do.

/** A computation that pauses (yields nothing) between slices and returns T at its end. */
export type Steps<T> = Generator<void, T, void>;

/** Items handled between two pauses: small enough that a slice of them takes a few milliseconds. */
export const STEP_ITEMS = 256;

/** Runs every step at once and returns the result. */
export function runSteps<T>(steps: Steps<T>): T {
  let next = steps.next();
  while (next.done !== true) next = steps.next();
  return next.value;
}
