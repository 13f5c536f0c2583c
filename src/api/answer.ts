// What an answer of the platform says when it is not the one asked for, as the one ApiError: a
// refusal with its status and the platform's words (its JSON error body, an OAuth error, or
// nothing readable: then the status speaks), a redirect (never followed), and an answer too large
// or too deeply nested to read (body.ts). http.ts reads the answers; this file words nothing.

import { ANSWER_BYTES, parseJson, type BodyRead } from "./body";
import { ApiError, type ApiEndpoint, type ApiErrorKind } from "./errors";
import { oauthErrorSchema, serviceErrorSchema } from "./schemas";

/** An answer as the HTTP layer read it. */
export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The body was not read: over its cap, or nested too deep (body.ts). */
  refused?: BodyRead["refused"];
  /** The server answered with a redirect, which is never followed. */
  redirected?: boolean;
  /** How many times the request was sent, when the HTTP layer sent it more than once. */
  tries?: number;
}

/** Statuses of a redirect; a browser shows every one as an opaque redirect (status 0) under "manual". */
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** Whether a fetch answer (under `redirect: "manual"`) is a redirect. */
export function isRedirect(response: Response): boolean {
  return response.type === "opaqueredirect" || REDIRECTS.has(response.status);
}

/** A 401 that is the platform's refusal of the token (docs/interface.md 6), not some proxy's. */
export function bearerChallenge(response: RawResponse): boolean {
  return /^\s*Bearer\b/i.test(response.headers.get("www-authenticate") ?? "");
}

/** A cap in the Details' words: "4 MB", "64 KB". */
function sizeOf(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** An answer that was not read: a redirect, or a body over its cap (`maxBytes`) or nested too deep. */
export function unreadAnswerError(
  response: RawResponse,
  endpoint: ApiEndpoint,
  maxBytes: number = ANSWER_BYTES.other,
): ApiError {
  return new ApiError({
    kind: "invalid-response",
    endpoint,
    ...(response.status !== 0 ? { status: response.status } : {}),
    found: response.redirected
      ? { key: "api.foundRedirect" }
      : response.refused === "size"
        ? { key: "api.foundTooLarge", values: { size: sizeOf(maxBytes) } }
        : { key: "api.foundTooDeep" },
  });
}

/**
 * A refusal (a status other than 2xx) as an ApiError: the platform's error body read, or an OAuth
 * error's, or none (an HTML page from a proxy, an empty body, one over its cap: the status speaks).
 */
export function answerError(
  response: RawResponse,
  request: { endpoint: ApiEndpoint; oauth: boolean },
  retryAfterMs: number | undefined,
  kind?: ApiErrorKind,
): ApiError {
  let parsed: unknown = undefined;
  try {
    parsed = response.text.trim() === "" ? undefined : parseJson(response.text);
  } catch {
    // Not JSON (an HTML error page from a proxy): never shown, the status speaks for itself.
  }
  const common = {
    endpoint: request.endpoint,
    status: response.status,
    retryAfterSeconds: retryAfterMs === undefined ? undefined : retryAfterMs / 1000,
    ...(response.tries !== undefined ? { tries: response.tries } : {}),
  };
  const byStatus: ApiErrorKind = response.status === 401 ? "signed-out" : "http";
  const service = serviceErrorSchema.safeParse(parsed);
  if (service.success) {
    const e = service.data.error;
    return new ApiError({
      ...common,
      kind: kind ?? byStatus,
      serviceBody: true,
      code: e.code,
      platformMessage: e.message ?? undefined,
      details: e.details ?? undefined,
      validationErrors: e.validationErrors,
    });
  }
  const oauth = oauthErrorSchema.safeParse(parsed);
  if (oauth.success) {
    return new ApiError({
      ...common,
      kind: kind ?? (request.oauth ? "auth" : byStatus),
      code: oauth.data.error,
      platformMessage: oauth.data.error_description ?? undefined,
    });
  }
  return new ApiError({ ...common, kind: kind ?? byStatus });
}
