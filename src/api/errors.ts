// One error type for everything that can go wrong between the add-in and the platform. It carries
// what the UI and the custom functions need to explain the failure, and nothing secret: no token,
// no client secret, no password and no full URL (query strings may hold names the user typed).
// Whatever a server said passes serverText.ts on the way in: the sentence keeps at most about 300
// characters of it, the Details at most 4 KB, both redacted.

import { t } from "../i18n";
import { detailsText, mainText } from "./serverText";

export type ApiErrorKind =
  /** The request never got an HTTP answer (offline, DNS, connection refused, CORS). */
  | "network"
  /** The per-request timeout elapsed. */
  | "timeout"
  /** The caller aborted (cell recalculated, pane closed). */
  | "aborted"
  /** The server answered with a non-2xx status. */
  | "http"
  /** The server answered 2xx, but the body did not have the documented shape. */
  | "invalid-response"
  /** Not signed in, or the sign-in ended and could not be renewed. */
  | "signed-out"
  /** The token endpoint refused the credentials (OAuth error body). */
  | "auth"
  /** The request the add-in was asked to send lacks something the user has to give. */
  | "invalid-request";

export interface ValidationErrorItem {
  message: string;
  members: string[];
}

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** A short name of the endpoint, e.g. "GET projects of a company"; never a URL. */
  endpoint: string;
  status?: number;
  /** The platform's error code (service error body) or the OAuth error (token endpoint). */
  code?: string;
  /** The platform's own message, shown to the user (bounded and redacted). */
  platformMessage?: string;
  details?: string;
  validationErrors?: ValidationErrorItem[];
  /** For invalid responses: the path of the offending field, e.g. "value[3].Code". */
  fieldPath?: string;
  /** Seconds the server asked us to wait (429/503 Retry-After), when given. */
  retryAfterSeconds?: number;
  /** The sentence for the user when the caller knows better than the generic one (src/i18n). */
  userMessage?: string;
  cause?: unknown;
}

/** Validation errors kept at most: the sentence has room for a few, the Details for a few dozen. */
export const MAX_VALIDATION_ERRORS = 50;
/** A code, a member name or a field path from an answer: a word, not a text. */
const WORD_CHARS = 120;

function word(text: string): string {
  const short = mainText(text);
  return short.length > WORD_CHARS ? `${short.slice(0, WORD_CHARS - 1)}…` : short;
}

function optional(text: string | undefined, fit: (text: string) => string): string | undefined {
  return text === undefined ? undefined : fit(text);
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly endpoint: string;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly platformMessage: string | undefined;
  readonly details: string | undefined;
  readonly validationErrors: ValidationErrorItem[];
  readonly fieldPath: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  /** One or two sentences for the user: what failed, the platform's words, what to do. */
  readonly userMessage: string;
  /**
   * The same sentence without the platform's own words, for screens that show those under "Show
   * details" (`technicalDetails`): a server's English beside the pane's Russian is not the pane's text.
   */
  readonly plainMessage: string;
  /**
   * The technical detail a user can copy ("Show details"): the request, HTTP status and code, then
   * the platform's words in full up to 4 KB; redacted.
   */
  readonly technicalDetails: string;

  constructor(init: ApiErrorInit) {
    // A caller's sentence is the add-in's own words (src/i18n), with the platform's only as taken
    // from an ApiError already bounded: redacting it again would blank words a password matches.
    const userMessage = init.userMessage ?? describe(init);
    super(userMessage, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "ApiError";
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.code = optional(init.code, word);
    this.platformMessage = optional(init.platformMessage, mainText);
    this.details = optional(init.details, mainText);
    this.validationErrors = (init.validationErrors ?? []).slice(0, MAX_VALIDATION_ERRORS).map((v) => ({
      message: mainText(v.message),
      members: v.members.slice(0, MAX_VALIDATION_ERRORS).map(word),
    }));
    this.fieldPath = optional(init.fieldPath, word);
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.userMessage = userMessage;
    this.plainMessage =
      init.userMessage ??
      describe({ ...init, platformMessage: undefined, details: undefined, validationErrors: [] });
    this.technicalDetails = technicalDetails(init);
  }

  /** True when the user has to sign in (again) before anything else can work. */
  get needsSignIn(): boolean {
    return this.kind === "signed-out";
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

function sentence(text: string): string {
  const t = text.trim();
  if (t === "") return t;
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

function member(v: ValidationErrorItem): string {
  return v.members.length > 0 ? `${v.message} (${v.members.join(", ")})` : v.message;
}

/** Everything the platform said, as it said it (bounded and redacted by the caller). */
function platformWords(init: ApiErrorInit): string {
  const parts: string[] = [];
  if (init.platformMessage) parts.push(sentence(init.platformMessage));
  if (init.details && init.details !== init.platformMessage) parts.push(sentence(init.details));
  // A few more than a sentence can hold: the cut to MAIN_TEXT_CHARS happens on the joined text.
  for (const v of (init.validationErrors ?? []).slice(0, MAX_VALIDATION_ERRORS)) {
    parts.push(sentence(member(v)));
  }
  return parts.join(" ");
}

/** "Show details": the request, its status and code on one line, then the platform's words in full. */
function technicalDetails(init: ApiErrorInit): string {
  const head = [init.endpoint];
  if (init.status !== undefined) head.push(`HTTP ${init.status}`);
  if (init.code) head.push(init.code);
  const lines = [head.join(" · ")];
  const said = [init.platformMessage, init.details].filter((s): s is string => Boolean(s?.trim()));
  if (said.length > 0) lines.push(said.join(" "));
  const errors = init.validationErrors ?? [];
  for (const v of errors.slice(0, MAX_VALIDATION_ERRORS)) lines.push(member(v));
  if (errors.length > MAX_VALIDATION_ERRORS) lines.push(`(+${errors.length - MAX_VALIDATION_ERRORS})`);
  if (init.fieldPath) lines.push(init.fieldPath);
  return detailsText(lines.join("\n"));
}

/** The default sentence for the user, in the pane's language (English for logs and tests by default). */
function describe(init: ApiErrorInit): string {
  const what = init.endpoint;
  const said = mainText(platformWords(init));
  switch (init.kind) {
    case "network":
      return t("api.network", { what });
    case "timeout":
      return t("api.timeout", { what });
    case "aborted":
      return t("api.aborted", { what });
    case "signed-out":
      return said ? t("api.signedOutSaid", { said }) : t("api.signedOut");
    case "auth":
      if (said) return t("api.authSaid", { said });
      return init.code !== undefined ? t("api.authCode", { code: word(init.code) }) : t("api.authUnknown");
    case "invalid-request":
      return said || t("api.invalidRequest", { what });
    case "invalid-response": {
      if (init.fieldPath !== undefined) {
        const field = word(init.fieldPath);
        return said
          ? t("api.invalidResponseFieldSaid", { what, field, said })
          : t("api.invalidResponseField", { what, field });
      }
      return said ? t("api.invalidResponseSaid", { what, said }) : t("api.invalidResponse", { what });
    }
    case "http": {
      const status = String(init.status ?? 0);
      const code = init.status ?? 0;
      if (said) return t("api.httpSaid", { what, status, said });
      if (code === 403) return t("api.http403", { what });
      if (code === 404) return t("api.http404", { what });
      if (code === 413) return t("api.http413", { what });
      if (code === 429) {
        return init.retryAfterSeconds !== undefined
          ? t("api.http429Retry", { what, seconds: String(Math.ceil(init.retryAfterSeconds)) })
          : t("api.http429", { what });
      }
      if (code >= 500) return t("api.http5xx", { what, status });
      return t("api.httpOther", { what, status });
    }
  }
}
