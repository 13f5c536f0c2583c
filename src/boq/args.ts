// Arguments of the PLATFORM functions as Excel passes them (text, number, boolean, null for an
// omitted optional one), checked and turned into what the request needs. Pure.
import { GUID_PATTERN } from "../catalog";
import type { MessageKey } from "../i18n";
import { argumentError, words } from "./errors";

/** A name the user typed, or an id (a UUID) where the platform has both. */
export type NameOrId = { kind: "id"; id: string } | { kind: "name"; name: string };

/** "modelVersion.analysisVersion", both whole numbers: the UnionTree version (docs/interface.md 4). */
const VERSION_TAG = /^(\d{1,9})\.(\d{1,9})$/;

export function isUuid(text: string): boolean {
  // Ids are typed in either case; the pattern is the canonical lower-case one.
  return GUID_PATTERN.test(text.toLowerCase());
}

function blank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
}

/**
 * Required text; a number is accepted where a name can be a number ("2024"). `what` is the message
 * that says what the argument holds ("boq.whatCompany": company name or id).
 */
export function requireText(value: unknown, argument: string, what: MessageKey): string {
  if (blank(value)) throw argumentError("boq.argumentMissing", { argument, what: words(what) });
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") throw argumentError("boq.argumentNotText", { argument, what: words(what) });
  return value.trim();
}

/** A company, project or model: a UUID is taken as an id, anything else as a name. */
export function parseNameOrId(value: unknown, argument: string, what: MessageKey): NameOrId {
  const text = requireText(value, argument, what);
  return isUuid(text) ? { kind: "id", id: text.toLowerCase() } : { kind: "name", name: text };
}

/**
 * The BOQ version as text "3.10". A number is refused: Excel has already turned 3.10 into 3.1,
 * and the user must learn that here rather than get the BOQ of analysis 1.
 */
export function parseVersionTag(value: unknown, argument = "version"): string {
  if (typeof value === "number") throw argumentError("boq.versionIsNumber", { value: String(value) });
  const text = requireText(value, argument, "boq.whatVersion");
  const match = VERSION_TAG.exec(text);
  if (!match) throw argumentError("boq.versionFormat", { value: text });
  return `${Number(match[1])}.${Number(match[2])}`;
}

/** An optional model version number (3, or "3"); undefined when omitted. */
export function parseModelVersion(value: unknown, argument = "modelVersion"): number | undefined {
  if (blank(value)) return undefined;
  const n = typeof value === "string" ? Number(value.trim()) : value;
  if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 0) {
    throw argumentError("boq.modelVersionFormat", { argument, value: String(value) });
  }
  return n;
}

const TRUE_WORDS = new Set(["true", "yes", "1", "истина", "да"]);
const FALSE_WORDS = new Set(["false", "no", "0", "ложь", "нет"]);

/** An optional boolean: TRUE/FALSE, 1/0, or those words as text; the fallback when omitted. */
export function parseBoolean(value: unknown, argument: string, fallback: boolean): boolean {
  if (blank(value)) return fallback;
  if (typeof value === "boolean") return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === "string") {
    const word = value.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  throw argumentError("boq.booleanFormat", { argument, value: String(value) });
}

/**
 * The optional comma-separated column list; undefined when omitted (the default set applies).
 * Names are kept as typed (trimmed): whether each is a field or a variable is decided against the
 * rows (see matrix.ts), case-insensitively.
 */
export function parseColumnList(value: unknown): string[] | undefined {
  if (blank(value)) return undefined;
  if (typeof value !== "string")
    throw argumentError("boq.argumentNotText", { argument: "columns", what: words("boq.whatColumns") });
  const items = value.split(/[,;]/).map((s) => s.trim());
  if (items.some((s) => s === "")) throw argumentError("boq.columnsEmptyItem", { value: `"${value}"` });
  const seen = new Set<string>();
  for (const item of items) {
    const key = item.toLowerCase();
    if (seen.has(key)) throw argumentError("boq.columnsDuplicate", { column: item });
    seen.add(key);
  }
  return items;
}
