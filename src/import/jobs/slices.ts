// The catalog engine's long loops (the check, the preview's build, the body's JSON) run as steps;
// in the pane they run in slices with a pause between, so the page keeps responding while 300k
// rows are checked and sent.

import { runSteps, writeImportBodyJsonInSteps, type ImportBody, type Steps } from "../../catalog";

/**
 * Longest stretch of the check or the preview's build between two pauses, when pauses are given.
 * A task of the pane is a slice plus the step that ends it, and one step can be long for reasons of
 * the browser's own: in Chromium 156 one 256-code step of the tree's index took 40 ms at 175,000
 * codes, all of it inside Map lookups. Lookups of fresh strings in an empty Map, on a fresh page,
 * stall near 346,000 and 695,000 of them: a table of the browser's that grows, which no slice
 * length bounds (at a million rows such a step may be longer). With 30 ms slices the pane's
 * longest own task at 300k rows was 53 to 76 ms (median 63 in six runs); with 10 ms, 36 to 53 ms
 * (median 48 in twelve). The pause is a scheduler.yield in the pane, so the shorter slice costs
 * little: the 300k check took 10.5 s against 9.2 s in one run each.
 */
export const SLICE_MS = 10;

/**
 * The pane's pause between slices (and the bench's, bench/page/probe.ts): a new task, so the page
 * can paint and handle input; scheduler.yield where the browser has it, which resumes ahead of
 * other tasks and without the 4 ms a nested setTimeout waits.
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Bytes gathered into one Blob before the next: the last step then joins a few Blobs (by
 * reference) rather than copying every part's bytes in one task (55 MB at 300k positions), and
 * each Blob made (a call to the browser) copies a few megabytes at most.
 */
const BLOB_GROUP_BYTES = 4 << 20;

/**
 * Runs the catalog engine's steps, pausing (`pause`: the pane lets the page respond) before the
 * first step and whenever a slice has taken SLICE_MS by `now`; without `pause`, at once. The first
 * pause keeps two runs called one after the other (the analysis to send, then its body) from
 * sharing one task of twice SLICE_MS.
 */
export async function runInSlices<T>(
  steps: Steps<T>,
  pause: (() => Promise<void>) | undefined,
  now: () => number,
): Promise<T> {
  if (pause === undefined) return runSteps(steps);
  await pause();
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

/**
 * The import body as the bytes the POST sends: its JSON (writeImportBodyJsonInSteps) encoded as
 * UTF-8 part by part as it is written, pausing after each part, gathered into one Blob. No part's
 * text outlives its step and no more than BLOB_GROUP_BYTES of bytes wait for their Blob, so the
 * serialization adds little to the heap the collector has to go through. Chosen over a string:
 * fetch encodes a string body in the calling task (930 ms for 55 MB in Chromium), while a Blob is
 * read off the page's thread; and over a Web Worker, which would first have to copy the cells or
 * the body to it (structured clone, itself one long task) and is not offered the same way by
 * every Office host. The parts are encoded into one buffer, used again for every group (a Blob
 * copies its bytes when made): encoding each part into bytes of its own allocated 55 MB of buffers
 * outside the JavaScript heap at 300k positions, and the pane's profile then showed one `encode`
 * call of 90 to 110 ms in every run (its samples thin out, as they do while the collector runs);
 * with the one buffer it is gone.
 */
export function* importBodyBlobInSteps(body: ImportBody): Steps<Blob> {
  const encoder = new TextEncoder();
  const groups: Blob[] = [];
  // One buffer, written again for every group (see above). A part that might not fit in it (a
  // step of very long texts) is encoded on its own.
  const buffer = new Uint8Array(BLOB_GROUP_BYTES);
  let used = 0;
  const flush = (): void => {
    if (used === 0) return;
    groups.push(new Blob([buffer.subarray(0, used)]));
    used = 0;
  };
  yield* writeImportBodyJsonInSteps(body, (part) => {
    // UTF-8 takes at most three bytes per UTF-16 unit.
    if (used + part.length * 3 > buffer.length) flush();
    if (part.length * 3 > buffer.length) {
      groups.push(new Blob([encoder.encode(part)]));
      return;
    }
    used += encoder.encodeInto(part, buffer.subarray(used)).written;
  });
  flush();
  return new Blob(groups, { type: "application/json" });
}
