// One error type for everything that can go wrong between the add-in and the platform. It carries
// what the UI and the custom functions need to explain the failure, and nothing secret: no token,
// no client secret, no password and no full URL (query strings may hold names the user typed).

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
  /** The platform's own message, shown to the user as is. */
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

const SIGN_IN_AGAIN = "Sign in again.";

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

  constructor(init: ApiErrorInit) {
    const userMessage = init.userMessage ?? describe(init);
    super(userMessage, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "ApiError";
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.code = init.code;
    this.platformMessage = init.platformMessage;
    this.details = init.details;
    this.validationErrors = init.validationErrors ?? [];
    this.fieldPath = init.fieldPath;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.userMessage = userMessage;
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

function platformWords(init: ApiErrorInit): string {
  const parts: string[] = [];
  if (init.platformMessage) parts.push(sentence(init.platformMessage));
  if (init.details && init.details !== init.platformMessage) parts.push(sentence(init.details));
  for (const v of init.validationErrors ?? []) {
    const members = v.members.length > 0 ? ` (${v.members.join(", ")})` : "";
    parts.push(sentence(`${v.message}${members}`));
  }
  return parts.join(" ");
}

function describe(init: ApiErrorInit): string {
  const what = init.endpoint;
  const said = platformWords(init);
  switch (init.kind) {
    case "network":
      return `Could not reach the platform (${what}). Check the network connection and the service addresses in Settings.`;
    case "timeout":
      return `The platform did not answer in time (${what}). Try again in a moment.`;
    case "aborted":
      return `The request was cancelled (${what}).`;
    case "signed-out":
      return said
        ? `${said} ${SIGN_IN_AGAIN}`
        : `You are not signed in, or your sign-in has ended. ${SIGN_IN_AGAIN}`;
    case "auth":
      return said ? `Sign-in failed: ${said}` : `Sign-in failed (${init.code ?? "unknown reason"}).`;
    case "invalid-request":
      return said || `The request for ${what} is incomplete.`;
    case "invalid-response":
      return (
        `The platform's answer to ${what} did not have the expected form` +
        (init.fieldPath !== undefined ? ` at field "${init.fieldPath}"` : "") +
        (said ? `: ${said}` : ".")
      );
    case "http": {
      const status = init.status ?? 0;
      if (said) return `The platform refused ${what} (HTTP ${status}): ${said}`;
      if (status === 403)
        return `You do not have the rights for ${what} (HTTP 403). Ask your company administrator.`;
      if (status === 404)
        return `The platform found nothing for ${what} (HTTP 404). Check the names and identifiers.`;
      if (status === 413)
        return `The request for ${what} is too large for the platform (HTTP 413). Send fewer rows at once.`;
      if (status === 429)
        return `The platform is busy and asks to slow down (${what}, HTTP 429)${
          init.retryAfterSeconds !== undefined ? `; try again in ${Math.ceil(init.retryAfterSeconds)} s` : ""
        }.`;
      if (status >= 500) return `The platform failed on ${what} (HTTP ${status}). Try again later.`;
      return `The platform refused ${what} (HTTP ${status}).`;
    }
  }
}
