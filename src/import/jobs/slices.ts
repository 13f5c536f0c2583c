// The catalog engine's long loops (the check, the preview's build, the body's JSON) run as steps;
// in the pane they run in slices with a pause between, so the page keeps responding while 300k
// rows are checked and sent.

import { runSteps, writeImportBodyJsonInSteps, type ImportBody, type Steps } from "../../catalog";

/** Longest stretch of the check or the preview's build between two pauses, when pauses are given. */
export const SLICE_MS = 30;

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
 * every Office host.
 */
export function* importBodyBlobInSteps(body: ImportBody): Steps<Blob> {
  const encoder = new TextEncoder();
  const groups: Blob[] = [];
  let group: BlobPart[] = [];
  let groupBytes = 0;
  yield* writeImportBodyJsonInSteps(body, (part) => {
    const bytes = encoder.encode(part);
    group.push(bytes);
    groupBytes += bytes.byteLength;
    if (groupBytes >= BLOB_GROUP_BYTES) {
      groups.push(new Blob(group));
      group = [];
      groupBytes = 0;
    }
  });
  groups.push(new Blob(group));
  return new Blob(groups, { type: "application/json" });
}
