// One error type for everything that can go wrong between the add-in and the platform. It carries
// what the UI and the custom functions need to explain the failure, as data (src/i18n's Said: a
// message key and values, worded at the edge by errorText and errorDetails), and nothing secret:
// no token, no client secret, no password and no full URL (query strings may hold names the user
// typed). Whatever a server said passes serverText.ts on the way in: the sentence keeps at most
// about 300 characters of it, the Details at most 4 KB, both redacted; it stays a value, never a key.

import type { MessageKey, Said, SaidValue } from "../i18n";
import { DETAILS_BYTES, detailsText, mainText } from "./serverText";

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

/** The requests the add-in makes, by a short code (logs); each has its name in src/i18n. */
export type ApiEndpoint = keyof typeof REQUEST_NAMES;

/** The message naming each request in the sentences and the Details (area "api"). */
const REQUEST_NAMES = {
  "catalog-import": "api.requestCatalogImport",
  "import-status": "api.requestImportStatus",
  "import-status-of-catalog": "api.requestImportStatusOfCatalog",
  "import-log": "api.requestImportLog",
  "company-list": "api.requestCompanyList",
  "project-list": "api.requestProjectList",
  model: "api.requestModel",
  "analyses-of-model-version": "api.requestAnalysesOfModelVersion",
  "analyses-of-union-model": "api.requestAnalysesOfUnionModel",
  boq: "api.requestBoq",
  token: "api.requestToken",
  discovery: "api.requestDiscovery",
  revocation: "api.requestRevocation",
  "end-session": "api.requestEndSession",
  renewal: "api.requestRenewal",
  platform: "api.requestPlatform",
  "client-list": "api.requestClientList",
  "client-create": "api.requestClientCreate",
  "client-update": "api.requestClientUpdate",
  "client-delete": "api.requestClientDelete",
  "client-secret": "api.requestClientSecret",
} as const satisfies Record<string, MessageKey>;

/** The request's name, to say what the user was doing ("while loading {what}"). */
export function requestName(endpoint: ApiEndpoint): Said {
  return { key: REQUEST_NAMES[endpoint] };
}

export interface ValidationErrorItem {
  message: string;
  members: string[];
}

export interface ApiErrorInit {
  kind: ApiErrorKind;
  endpoint: ApiEndpoint;
  status?: number;
  /** The platform's error code (service error body) or the OAuth error (token endpoint). */
  code?: string;
  /** The platform's own message, shown to the user (bounded and redacted). */
  platformMessage?: string;
  /** The platform's details (or, for an answer that did not parse, the schema's words on it). */
  details?: string;
  validationErrors?: ValidationErrorItem[];
  /** For invalid responses: the path of the offending field, e.g. "value[3].Code"; "" for the whole body. */
  fieldPath?: string;
  /** What the add-in itself found wrong with the answer (a found* message of area "api"). */
  found?: Said;
  /** Seconds the server asked us to wait (429/503 Retry-After), when given. */
  retryAfterSeconds?: number;
  /** How many times the request was sent, when it was sent again after a passing fault. */
  tries?: number;
  /** The refusal came with the platform's own JSON error body ({error: {...}}), not a proxy's page. */
  serviceBody?: boolean;
  /** What to say when the caller knows better than the default sentence (a key of src/i18n). */
  said?: Said;
  cause?: unknown;
}

/** Validation errors kept at most: the sentence has room for a few, the Details for a few dozen. */
export const MAX_VALIDATION_ERRORS = 50;
/** A code, a member name or a field path from an answer: a word, not a text. */
const WORD_CHARS = 120;
/**
 * Room within DETAILS_BYTES for what the Details hold besides the platform's words: the request's
 * name, status and code, a finding, the field path (a word: at most WORD_CHARS characters).
 */
const DETAILS_EDGE_BYTES = 1024;

function word(text: string): string {
  const short = mainText(text);
  return short.length > WORD_CHARS ? `${short.slice(0, WORD_CHARS - 1)}…` : short;
}

function optional(text: string | undefined, fit: (text: string) => string): string | undefined {
  return text === undefined ? undefined : fit(text);
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly endpoint: ApiEndpoint;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly platformMessage: string | undefined;
  readonly details: string | undefined;
  readonly validationErrors: ValidationErrorItem[];
  readonly fieldPath: string | undefined;
  readonly found: Said | undefined;
  readonly retryAfterSeconds: number | undefined;
  /** The refusal came with the platform's own JSON error body: the platform itself answered. */
  readonly serviceBody: boolean;
  /** One or two sentences for the user: what failed, the platform's words, what to do. */
  readonly said: Said;
  /**
   * The same sentence without the platform's own words, for screens that show those under "Show
   * details" (`technicalDetails`): a server's English beside the pane's Russian is not the pane's text.
   */
  readonly plainSaid: Said;
  /**
   * The technical detail a user can copy ("Show details"): the request, HTTP status and code, then
   * the platform's words in full up to 4 KB; redacted.
   */
  readonly technicalDetails: Said;

  constructor(init: ApiErrorInit) {
    // A caller's Said carries the platform's words only as taken from an ApiError already bounded:
    // redacting them again would blank words a password matches.
    const said = init.said ?? describe(init, false);
    // Error.message, what the logs show: the sentence's key, the request, its status and code, and
    // the platform's words as bounded and redacted here; no sentence of ours, nothing secret.
    super(logLine(said, init), init.cause === undefined ? undefined : { cause: init.cause });
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
    this.found = init.found;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.serviceBody = init.serviceBody === true;
    this.said = said;
    this.plainSaid = init.said ?? describe(init, true);
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

/** The Details' first line after the request's name: " · HTTP 404 · CatalogNotFound". */
function statusAndCode(init: ApiErrorInit): string {
  const parts: string[] = [];
  if (init.status !== undefined) parts.push(`HTTP ${init.status}`);
  if (init.code) parts.push(word(init.code));
  return parts.map((part) => ` · ${part}`).join("");
}

/**
 * "Show details": the request's name with its status and code on one line, then what the add-in
 * found, the platform's words in full, one line per validation error, and the field path.
 */
function technicalDetails(init: ApiErrorInit): Said {
  const lines: string[] = [];
  const said = [init.platformMessage, init.details].filter((s): s is string => Boolean(s?.trim()));
  if (said.length > 0) lines.push(said.join(" "));
  const errors = init.validationErrors ?? [];
  for (const v of errors.slice(0, MAX_VALIDATION_ERRORS)) lines.push(member(v));
  if (errors.length > MAX_VALIDATION_ERRORS) lines.push(`(+${errors.length - MAX_VALIDATION_ERRORS})`);
  const values: Record<string, SaidValue> = {
    what: requestName(init.endpoint),
    head: statusAndCode(init),
    text: detailsText(lines.join("\n"), DETAILS_BYTES - DETAILS_EDGE_BYTES),
  };
  if (init.found !== undefined) values["found"] = init.found;
  if (init.fieldPath !== undefined) values["field"] = fieldOf(init.fieldPath);
  return { key: "api.details", values };
}

/** A field path as said: a word of the answer, or the whole body (""). */
function fieldOf(fieldPath: string): SaidValue {
  return fieldPath === "" ? { key: "api.fieldWholeBody" } : word(fieldPath);
}

/** Error.message: the key of what is said, the request, status and code, the platform's words. */
function logLine(said: Said, init: ApiErrorInit): string {
  const words = mainText(platformWords(init));
  return `${said.key} (${init.endpoint}${statusAndCode(init)})${words === "" ? "" : `: ${words}`}`;
}

/** What is said by default, with the platform's words (plain: without them, nor the finding). */
function describe(init: ApiErrorInit, plain: boolean): Said {
  const what = requestName(init.endpoint);
  const said = plain ? "" : mainText(platformWords(init));
  const found = plain ? undefined : init.found;
  switch (init.kind) {
    case "network":
      return { key: "api.network", values: { what } };
    case "timeout":
      return { key: "api.timeout", values: { what } };
    case "aborted":
      return { key: "api.aborted", values: { what } };
    case "signed-out":
      return said ? { key: "api.signedOutSaid", values: { said } } : { key: "api.signedOut" };
    case "auth":
      if (said) return { key: "api.authSaid", values: { said } };
      return init.code !== undefined
        ? { key: "api.authCode", values: { code: word(init.code) } }
        : { key: "api.authUnknown" };
    case "invalid-request":
      return said
        ? { key: "api.invalidRequestSaid", values: { said } }
        : { key: "api.invalidRequest", values: { what } };
    case "invalid-response": {
      if (init.fieldPath !== undefined) {
        const field = fieldOf(init.fieldPath);
        if (said) return { key: "api.invalidResponseFieldSaid", values: { what, field, said } };
        if (found) return { key: "api.invalidResponseFieldFound", values: { what, field, found } };
        return { key: "api.invalidResponseField", values: { what, field } };
      }
      if (said) return { key: "api.invalidResponseSaid", values: { what, said } };
      if (found) return { key: "api.invalidResponseFound", values: { what, found } };
      return { key: "api.invalidResponse", values: { what } };
    }
    case "http":
      return httpSaid(init, what, said);
  }
}

function httpSaid(init: ApiErrorInit, what: Said, said: string): Said {
  const status = String(init.status ?? 0);
  const code = init.status ?? 0;
  // Asked again already and still busy: "retry after 1 second" (the platform's words, kept in the
  // details) is what the add-in did; the user is told that, and to come back later.
  if (code === 429 && init.tries !== undefined && init.tries > 1) {
    return { key: "api.http429Tried", values: { what, count: init.tries } };
  }
  if (said) return { key: "api.httpSaid", values: { what, status, said } };
  if (code === 403) return { key: "api.http403", values: { what } };
  if (code === 404) return { key: "api.http404", values: { what } };
  if (code === 413) return { key: "api.http413", values: { what } };
  if (code === 429) {
    return init.retryAfterSeconds !== undefined
      ? { key: "api.http429Retry", values: { what, seconds: String(Math.ceil(init.retryAfterSeconds)) } }
      : { key: "api.http429", values: { what } };
  }
  if (code >= 500) return { key: "api.http5xx", values: { what, status } };
  return { key: "api.httpOther", values: { what, status } };
}
