// Control points live in one cell, either as text `Binding=Variable; Binding2=Variable2` or as
// the JSON array of the wire form. Text form rules:
// - items are separated by ";" or a line break; an empty item (e.g. a trailing ";") is skipped;
// - each item is `Binding=VariableName`, split at its one unescaped "=" (a second one is refused:
//   "A=1, B=2" is two items with the wrong separator, not the variable name "1, B=2");
// - a cell of separators alone (";") is refused, as it holds no item;
// - a backslash escapes the next character, so "\;", "\=" and "\\" stand for themselves;
// - white space around items and around "=" is not significant (values are trimmed);
// - a cell starting with "[" is read as JSON, so a text form whose first binding starts with "["
//   is written with that "[" escaped.
// - a binding is the control point's identifier (interface 2.1): one binding twice is refused;
// - a JSON element with a key other than Binding and VariableName (either casing), or with one
//   field in both casings, is refused (the shape of interface 2.1 has those two strings only).
// Both forms parse to the same trimmed values, so text → points → text and
// JSON → points → JSON round-trip for any canonical (trimmed, non-empty) values.

import type { ControlPoint, ControlPointsReason } from "./types";

const ITEM_SEPARATOR = ";";
const PAIR_SEPARATOR = "=";
const ESCAPE = "\\";
/** A cell whose text starts with this is the JSON form. */
const JSON_START = "[";

/**
 * The points read, or why they cannot be: a reason code (CONTROL_POINTS_REASONS) with the item
 * or element it is about, counted from 1, and the binding of that item where it has one.
 */
export type ControlPointsResult =
  | { ok: true; points: ControlPoint[] }
  | { ok: false; reason: ControlPointsReason; item?: number; binding?: string };

type Refusal = Extract<ControlPointsResult, { ok: false }>;

/** Parse a control points cell (text form or JSON array). Blank text gives an empty list. */
export function parseControlPoints(text: string): ControlPointsResult {
  const s = text.trim();
  if (s.startsWith(JSON_START)) return repeatedBinding(parseJson(s));
  if (s.startsWith("{") && s.endsWith("}") && isJsonObject(s)) {
    return { ok: false, reason: "json-object" };
  }
  return repeatedBinding(parseTextForm(s));
}

/**
 * The documented shape (interface 2.1): a control point is a Binding, "binding identifier of the
 * control point", and a VariableName. One binding twice in a cell is no identifier: refused,
 * at the item that repeats it.
 */
function repeatedBinding(result: ControlPointsResult): ControlPointsResult {
  if (!result.ok) return result;
  const points = result.points;
  // A cell holds a few points: compared pairwise, no set is built for them.
  const seen = points.length > FEW_POINTS ? new Set<string>() : null;
  for (let i = 1; i < points.length; i++) {
    const binding = (points[i] as ControlPoint).Binding;
    let repeated = false;
    if (seen === null) {
      for (let k = 0; k < i && !repeated; k++) repeated = (points[k] as ControlPoint).Binding === binding;
    } else {
      if (i === 1) seen.add((points[0] as ControlPoint).Binding);
      repeated = seen.has(binding);
      seen.add(binding);
    }
    if (repeated) return { ok: false, reason: "repeated-binding", item: i + 1, binding };
  }
  return result;
}

const FEW_POINTS = 8;

/** Format control points as the text form (default) or as the JSON array of the wire form. */
export function formatControlPoints(points: readonly ControlPoint[], form: "text" | "json" = "text"): string {
  if (form === "json") {
    return JSON.stringify(points.map((p) => ({ Binding: p.Binding, VariableName: p.VariableName })));
  }
  const text = points
    .map((p) => `${escapeText(p.Binding)}${PAIR_SEPARATOR}${escapeText(p.VariableName)}`)
    .join("; ");
  return text.startsWith(JSON_START) ? `${ESCAPE}${text}` : text;
}

function escapeText(value: string): string {
  let out = "";
  for (const ch of value) {
    if (ch === ESCAPE || ch === ITEM_SEPARATOR || ch === PAIR_SEPARATOR || ch === "\n" || ch === "\r") {
      out += ESCAPE;
    }
    out += ch;
  }
  return out;
}

function parseTextForm(s: string): ControlPointsResult {
  // Most cells have no backslash: their items and sides are slices of the text.
  if (!s.includes(ESCAPE)) return parseUnescapedTextForm(s);
  const points: ControlPoint[] = [];
  // Each item is collected as its binding part and its variable part; `pairSeen` tells which.
  let binding = "";
  let variable = "";
  let pairSeen = false;
  let escaped = false;
  let itemNumber = 1;
  const finish = (): Refusal | null => {
    const b = binding.trim();
    const v = variable.trim();
    const blankItem = !pairSeen && b === "";
    binding = "";
    variable = "";
    const hadPair = pairSeen;
    pairSeen = false;
    if (blankItem) return null;
    const n = itemNumber++;
    if (!hadPair) return { ok: false, reason: "item-no-equals", item: n, binding: b };
    if (b === "") return { ok: false, reason: "item-no-binding", item: n };
    if (v === "") return { ok: false, reason: "item-no-variable", item: n, binding: b };
    points.push({ Binding: b, VariableName: v });
    return null;
  };
  for (const ch of s) {
    if (escaped) {
      if (pairSeen) variable += ch;
      else binding += ch;
      escaped = false;
      continue;
    }
    if (ch === ESCAPE) {
      escaped = true;
    } else if (ch === ITEM_SEPARATOR || ch === "\n" || ch === "\r") {
      const refused = finish();
      if (refused) return refused;
    } else if (ch === PAIR_SEPARATOR && !pairSeen) {
      pairSeen = true;
    } else if (ch === PAIR_SEPARATOR) {
      // "A=1, B=2": a second "=" in one item is a separator that is missing, not part of a name
      // (a name holding "=" is written "\=", as formatControlPoints writes it).
      return { ok: false, reason: "item-two-equals", item: itemNumber, binding: binding.trim() };
    } else if (pairSeen) {
      variable += ch;
    } else {
      binding += ch;
    }
  }
  if (escaped) return { ok: false, reason: "lone-escape" };
  const refused = finish();
  if (refused) return refused;
  // ";" alone is not "no control points" (that is a blank cell): something was typed and is unread.
  if (points.length === 0 && s !== "") return { ok: false, reason: "no-items" };
  return { ok: true, points };
}

const ITEM_SEPARATOR_CODE = ITEM_SEPARATOR.charCodeAt(0);
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const PAIR_SEPARATOR_CODE = PAIR_SEPARATOR.charCodeAt(0);

/**
 * parseTextForm for text without a backslash: the same points and the same refusals, in the
 * same order, with each side of an item cut out of the text in one slice instead of being
 * built a character at a time (a 300,000-row sheet has tens of thousands of these cells).
 */
function parseUnescapedTextForm(s: string): ControlPointsResult {
  const points: ControlPoint[] = [];
  let itemNumber = 1;
  let start = 0;
  /** Where the item's "=" is, or -1. */
  let pair = -1;
  for (let i = 0; i <= s.length; i++) {
    const c = i < s.length ? s.charCodeAt(i) : -1;
    if (c === PAIR_SEPARATOR_CODE) {
      if (pair < 0) {
        pair = i;
        continue;
      }
      return { ok: false, reason: "item-two-equals", item: itemNumber, binding: s.slice(start, pair).trim() };
    }
    // The end of the text ends the last item as a separator does.
    // Compared, not looked up in a Set: this runs for every character of the cell.
    if (c >= 0 && c !== ITEM_SEPARATOR_CODE && c !== LINE_FEED && c !== CARRIAGE_RETURN) continue;
    const binding = s.slice(start, pair < 0 ? i : pair).trim();
    const variable = pair < 0 ? "" : s.slice(pair + 1, i).trim();
    const hadPair = pair >= 0;
    start = i + 1;
    pair = -1;
    if (!hadPair && binding === "") continue;
    const n = itemNumber++;
    if (!hadPair) return { ok: false, reason: "item-no-equals", item: n, binding };
    if (binding === "") return { ok: false, reason: "item-no-binding", item: n };
    if (variable === "") return { ok: false, reason: "item-no-variable", item: n, binding };
    points.push({ Binding: binding, VariableName: variable });
  }
  if (points.length === 0 && s !== "") return { ok: false, reason: "no-items" };
  return { ok: true, points };
}

function isJsonObject(s: string): boolean {
  try {
    const data: unknown = JSON.parse(s);
    return typeof data === "object" && data !== null && !Array.isArray(data);
  } catch {
    return false;
  }
}

function parseJson(s: string): ControlPointsResult {
  let data: unknown;
  try {
    data = JSON.parse(s);
  } catch {
    return { ok: false, reason: "not-json" };
  }
  if (!Array.isArray(data)) return { ok: false, reason: "not-array" };
  const points: ControlPoint[] = [];
  // JSON.parse keeps the last of a key written twice in one object, unseen: the text tells.
  const written = keysWritten(s);
  for (let i = 0; i < data.length; i++) {
    const item: unknown = data[i];
    if (typeof item !== "object" || item === null || Array.isArray(item)) {
      return { ok: false, reason: "element-not-object", item: i + 1 };
    }
    const keys = checkKeys(item);
    if (keys !== null) return { ok: false, reason: keys, item: i + 1 };
    if ((written[i] ?? 0) > Object.keys(item).length)
      return { ok: false, reason: "element-repeated-key", item: i + 1 };
    const binding = pick(item, "Binding", "binding");
    const variable = pick(item, "VariableName", "variableName");
    if (binding === undefined || binding.trim() === "") {
      return { ok: false, reason: "element-no-binding", item: i + 1 };
    }
    if (variable === undefined || variable.trim() === "") {
      return { ok: false, reason: "element-no-variable", item: i + 1 };
    }
    points.push({ Binding: binding.trim(), VariableName: variable.trim() });
  }
  return { ok: true, points };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const JSON_SPACE: ReadonlySet<number> = new Set([0x20, 0x09, 0x0a, 0x0d]);

/**
 * How many keys the text of a JSON array writes in each of its elements, duplicates counted:
 * a string followed by ":" one level inside an element is a key. For valid JSON only.
 */
function keysWritten(s: string): number[] {
  const counts: number[] = [];
  let depth = 0;
  let element = -1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < s.length && s.charCodeAt(i) !== QUOTE; i++) if (s.charCodeAt(i) === BACKSLASH) i++;
      if (depth !== 2) continue;
      let j = i + 1;
      while (j < s.length && JSON_SPACE.has(s.charCodeAt(j))) j++;
      if (s.charCodeAt(j) === COLON) counts[element] = (counts[element] ?? 0) + 1;
    } else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth === 2) element++;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return counts;
}

const JSON_KEYS: ReadonlySet<string> = new Set(["Binding", "binding", "VariableName", "variableName"]);

/**
 * An element holds a control point's two fields and nothing else: another key (a typo such as
 * "Variable", or a field of something else) would be dropped unseen, and both casings of one
 * field ("Binding" and "binding") leave it unsaid which is meant.
 */
function checkKeys(item: object): "element-unknown-key" | "element-repeated-key" | null {
  const keys = Object.keys(item);
  for (let k = 0; k < keys.length; k++) if (!JSON_KEYS.has(keys[k] as string)) return "element-unknown-key";
  if (keys.length > 2) return "element-repeated-key";
  return null;
}

// Users paste JSON from tools that use either casing, as the platform's own responses do.
function pick(obj: object, pascal: string, camel: string): string | undefined {
  const record = obj as Record<string, unknown>;
  const value = record[pascal] ?? record[camel];
  return typeof value === "string" ? value : undefined;
}
