// The boundary: the platform's own error body, and parseResponse, which parses every answer with
// its schema and turns a mismatch into an ApiError naming the endpoint and the offending field.

import { z } from "zod";
import { ApiError, type ApiEndpoint } from "../errors";
import { list, lowerFirst, optString } from "./shape";

/** The service error body (docs/interface.md 6): {error: {code, message, details, validationErrors}}. */
export const serviceErrorSchema = z.object({
  error: z.object({
    code: z
      .union([z.string(), z.number().transform(String)])
      .nullish()
      .transform((v) => v ?? undefined),
    message: optString,
    details: optString,
    data: z.record(z.string(), z.unknown()).nullish(),
    validationErrors: list(
      z.object({
        message: z.string(),
        members: list(z.string()),
      }),
    ),
  }),
});
export type ServiceError = z.output<typeof serviceErrorSchema>;

/**
 * Formats a zod issue path the way a reader of the JSON would: value[3].LocalVars[0].Name; "" for
 * the whole body (ApiError says so in words).
 */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`;
    else {
      const s = String(seg);
      out += /^[A-Za-z_$][\w$]*$/.test(s) ? (out === "" ? s : `.${s}`) : `[${JSON.stringify(s)}]`;
    }
  }
  return out;
}

/**
 * The path of an issue with each key spelt as in the body the server sent: schemas that accept
 * both casings report the camelCase key, while the body may have held the PascalCase one.
 */
function wirePath(data: unknown, path: readonly PropertyKey[]): PropertyKey[] {
  const out: PropertyKey[] = [];
  let node: unknown = data;
  for (const seg of path) {
    let key: PropertyKey = seg;
    if (typeof seg === "string" && node !== null && typeof node === "object" && !Array.isArray(node)) {
      const record = node as Record<string, unknown>;
      if (!(seg in record)) key = Object.keys(record).find((k) => lowerFirst(k) === seg) ?? seg;
    }
    out.push(key);
    node =
      node !== null && typeof node === "object" ? (node as Record<PropertyKey, unknown>)[key] : undefined;
  }
  return out;
}

/**
 * Parses a response body with its schema; on mismatch throws an ApiError naming the endpoint and
 * the first offending field. The body itself is never copied into the message.
 */
export function parseResponse<T extends z.ZodType>(
  schema: T,
  data: unknown,
  endpoint: ApiEndpoint,
): z.output<T> {
  let result: ReturnType<T["safeParse"]>;
  try {
    result = schema.safeParse(data) as ReturnType<T["safeParse"]>;
  } catch (cause) {
    // Data nested past what the schemas can walk, given by another way than the HTTP layer (which
    // refuses it while reading): the same invalid answer, never a RangeError on the screen.
    if (!(cause instanceof RangeError)) throw cause;
    throw new ApiError({ kind: "invalid-response", endpoint, found: { key: "api.foundTooDeep" }, cause });
  }
  if (result.success) return result.data as z.output<T>;
  const issue = result.error.issues[0];
  throw new ApiError({
    kind: "invalid-response",
    endpoint,
    fieldPath: issue ? formatPath(wirePath(data, issue.path)) : "",
    // The schema's own words on the answer (zod's, in English), shown as the platform's are.
    ...(issue ? { details: issue.message } : { found: { key: "api.foundUnexpectedShape" } }),
    cause: result.error,
  });
}
