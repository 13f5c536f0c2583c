// What the schemas of every service share: the policy below, and the helpers that apply it.
//
// Policy, applied everywhere:
// - Fields the add-in relies on (ids, names, version numbers, BOQ codes and values) are required.
// - Fields whose only shown value is null or an empty array are optional and accept anything
//   (their element shape is not shown), so a real server that fills them does not break us.
// - Unknown fields are stripped (z.object's default), never rejected.
// - Where the interface leaves the casing open (import response, status, log), keys are
//   normalised to camelCase before parsing, so one output type serves both wire forms.
// - A body that does not parse becomes an ApiError of kind "invalid-response" naming the endpoint
//   and the path of the offending field (parseResponse in boundary.ts).

import { z } from "zod";

/** The all-zero UUID: "none selected" / "no parent" in the platform's responses (the catalog's nil GUID). */
export { NIL_GUID as NIL_UUID } from "../../catalog";

/** An array that may also come as null or be missing; always an array after parsing. */
export function list<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((v): z.output<T>[] => v ?? []);
}

/** A field whose value shape is not shown: accepted as is, optional. */
export const unknownShape = z.unknown().optional();

export const optString = z.string().nullish();
export const optNumber = z.number().nullish();
export const optBoolean = z.boolean().nullish();

/** Keys JSON.parse makes own properties, and copying them into an object would turn into its prototype. */
const UNSAFE_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** Whether a key of an answer must never be copied into an object (body.ts drops it when parsing). */
export function isUnsafeKey(key: string): boolean {
  return UNSAFE_KEYS.has(key);
}

export function lowerFirst(key: string): string {
  return key.length === 0 ? key : key.charAt(0).toLowerCase() + key.slice(1);
}

/**
 * Recursively rewrites object keys from PascalCase to camelCase (values untouched). Its depth is
 * the answer's, which the HTTP layer bounds (body.ts MAX_JSON_DEPTH); a key that would reach the
 * prototype (`__proto__`, `constructor`, `prototype`) is dropped, never assigned.
 */
export function camelizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelizeKeys);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const key = lowerFirst(k);
      if (isUnsafeKey(key)) continue;
      // When both casings are present the camelCase one (the public example's form) wins.
      if (key in out && k !== key) continue;
      out[key] = camelizeKeys(v);
    }
    return out;
  }
  return value;
}

export function eitherCase<T extends z.ZodType>(schema: T) {
  return z.preprocess(camelizeKeys, schema);
}
