// The import body as JSON text, in parts. JSON.stringify of a 300,000-position body is one task of
// most of a second in the pane (55 MB of text); here the positions are written STEP_ITEMS at a
// time, pausing between (steps.ts), and each part is handed on as it is written: whoever sends it
// encodes it at once (src/import gathers the bytes into one Blob for fetch), so no 55 MB string is
// ever built and no part outlives its step.

import type { ImportBody } from "./body";
import { STEP_ITEMS, type Steps } from "./steps";

/**
 * Writes the body's JSON text to `write` in parts whose concatenation is `JSON.stringify(body)`,
 * character for character (keys in the body's own order, nothing left out or added). Every array
 * of the body (Data, DeletedData) is written STEP_ITEMS items a part, pausing after each part.
 */
export function* writeImportBodyJsonInSteps(body: ImportBody, write: (part: string) => void): Steps<void> {
  // Text not yet written: the keys and the small values between the arrays.
  let pending = "{";
  let firstKey = true;
  for (const key of Object.keys(body)) {
    const value: unknown = (body as Record<string, unknown>)[key];
    // JSON.stringify leaves out a key whose value has no JSON form (undefined, a function).
    const whole = Array.isArray(value) ? null : JSON.stringify(value);
    if (whole === undefined) continue;
    pending += `${firstKey ? "" : ","}${JSON.stringify(key)}:`;
    firstKey = false;
    if (!Array.isArray(value)) {
      pending += whole;
      continue;
    }
    pending += "[";
    const items: readonly unknown[] = value;
    for (let start = 0; start < items.length; start += STEP_ITEMS) {
      // An array's JSON is "[" + its items' JSON joined by "," + "]": the inside of a slice's is
      // the same items' part of the whole.
      const inside = JSON.stringify(items.slice(start, start + STEP_ITEMS)).slice(1, -1);
      write(`${pending}${start > 0 ? "," : ""}${inside}`);
      pending = "";
      yield;
    }
    pending += "]";
  }
  write(`${pending}}`);
}

/** The parts writeImportBodyJsonInSteps writes, in a list (tests, small bodies). */
export function* importBodyJsonInSteps(body: ImportBody): Steps<string[]> {
  const parts: string[] = [];
  yield* writeImportBodyJsonInSteps(body, (part) => parts.push(part));
  return parts;
}
