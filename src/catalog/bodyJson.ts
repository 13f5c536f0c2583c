// The import body as JSON text, in parts. JSON.stringify of a 300,000-position body is one task of
// most of a second in the pane (55 MB of text); here the positions are written STEP_ITEMS at a
// time, pausing between (steps.ts), and the parts are kept apart: whoever sends them joins them
// (src/import encodes them into one Blob for fetch, so no 55 MB string is ever built).

import type { ImportBody } from "./body";
import { STEP_ITEMS, type Steps } from "./steps";

/**
 * The body's JSON text in parts whose concatenation is `JSON.stringify(body)`, character for
 * character (keys in the body's own order, nothing left out or added). Every array of the body
 * (Data, DeletedData) is written STEP_ITEMS items a part, pausing after each part.
 */
export function* importBodyJsonInSteps(body: ImportBody): Steps<string[]> {
  const parts: string[] = [];
  // Text written since the last part: the keys and the small values between the arrays.
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
      parts.push(`${pending}${start > 0 ? "," : ""}${inside}`);
      pending = "";
      yield;
    }
    pending += "]";
  }
  parts.push(`${pending}}`);
  return parts;
}
