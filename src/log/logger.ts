// A tiny logger that cannot leak credentials, used by every room (api, session, pane, commands).
// Every line goes through redact(): values the session registered as secret (tokens, refresh token,
// client secret, password) are blanked wherever they appear, and so are JWT-shaped strings, Bearer
// and Basic credentials, secret-named fields of forms, query strings and JSON texts, and cookies
// (Cookie and Set-Cookie headers, and cookies named like a session or a sign-in), as a second line
// of defence for secrets the logger was never told about.
//
// The list of registered secrets is bounded: a runtime that stays open for days renews its token
// every hour, and each renewal registers new values. The oldest registrations are dropped first
// (a replaced token only needs blanking while a request that carried it may still log an error);
// the pattern rules above still blank any token-shaped value that fell off the list.

export type LogLevel = "debug" | "info" | "warn" | "error";
export type LogSink = (level: LogLevel, line: string) => void;

const REDACTED = "[redacted]";
/** Shorter values are not registered: blanking "a" everywhere would make logs unreadable. */
const MIN_SECRET_LENGTH = 4;
const SECRET_KEY = /(token|secret|password|passwd|authorization|code_verifier|assertion|cookie)/i;
const JWT_LIKE = /\beyJ[\w-]*\.[\w-]+\.[\w-]*/g;
const BEARER = /\b(Bearer|Basic)\s+[\w\-.~+/=]+/gi;
/** A field name that says its value is secret, in a form body, a query string or a JSON text. */
const SECRET_NAME =
  "[\\w.-]*(?:token|secret|password|passwd|api_?key|assertion)[\\w.-]*|code|code_verifier|pwd|sig|signature";
const SECRET_FIELD = new RegExp(`\\b(${SECRET_NAME})=([^&\\s"';,]+)`, "gi");
const SECRET_JSON_FIELD = new RegExp(
  `"(${SECRET_NAME}|cookie|set-cookie)"(\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`,
  "gi",
);
/** A Cookie or Set-Cookie header echoed back: everything after the name, to the end of the line. */
const COOKIE_HEADER = /\b(Set-Cookie|Cookie)(\s*:\s*)[^\r\n]+/gi;
/**
 * A cookie by its name (ASP.NET Core's and IdentityServer's, and any named like a session or a
 * sign-in) with its value, as a server may echo it in a message: the name stays, the value goes.
 */
const COOKIE_PAIR =
  /(^|[\s;,"'([{])(\.AspNetCore\.[\w.-]+|\.ASPXAUTH|ASP\.NET_SessionId|idsrv(?:\.[\w-]+)*|__(?:Host|Secure)-[\w.-]+|ARRAffinity\w*|[\w.-]*(?:session|sess|sid|auth|identity|antiforgery|csrf|xsrf)(?:id|key)?(?:[._-][\w.-]*)?)=([^;\s,"']+)/gi;

/**
 * How many secrets are remembered at most. A sign-in registers up to six values (password, client
 * secret, access, refresh and id token, the restored refresh token) and each renewal three more:
 * 64 keeps the current ones and those of the last dozen or so renewals.
 */
export const MAX_SECRETS = 64;

/** Insertion order is registration order: the first entry is the oldest. */
const knownSecrets = new Set<string>();
/** The secrets longest first, rebuilt only when the set changed (not on every line). */
let longestFirst: string[] | null = [];

/** Tell the logger about a value that must never appear in a log line. */
export function registerSecret(value: string | null | undefined): void {
  if (!value || value.length < MIN_SECRET_LENGTH) return;
  // Registering again makes it the newest.
  knownSecrets.delete(value);
  knownSecrets.add(value);
  while (knownSecrets.size > MAX_SECRETS) {
    const oldest = knownSecrets.values().next().value;
    if (oldest === undefined) break;
    knownSecrets.delete(oldest);
  }
  longestFirst = null;
}

export function forgetSecret(value: string | null | undefined): void {
  if (value && knownSecrets.delete(value)) longestFirst = null;
}

/** How many secrets the logger holds now (tests: the list stays bounded). */
export function registeredSecretCount(): number {
  return knownSecrets.size;
}

function secretsLongestFirst(): string[] {
  // Longest first, so a secret containing another secret is blanked whole.
  longestFirst ??= [...knownSecrets].sort((a, b) => b.length - a.length);
  return longestFirst;
}

function redactString(text: string): string {
  let out = text;
  for (const s of secretsLongestFirst()) {
    if (out.includes(s)) out = out.split(s).join(REDACTED);
  }
  return out
    .replace(JWT_LIKE, REDACTED)
    .replace(BEARER, (_m, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(COOKIE_HEADER, (_m, name: string, colon: string) => `${name}${colon}${REDACTED}`)
    .replace(SECRET_JSON_FIELD, (_m, key: string, colon: string) => `"${key}"${colon}"${REDACTED}"`)
    .replace(SECRET_FIELD, (_m, key: string) => `${key}=${REDACTED}`)
    .replace(COOKIE_PAIR, (_m, before: string, name: string) => `${before}${name}=${REDACTED}`);
}

function redactValue(value: unknown, depth: number): unknown {
  if (typeof value === "string") return redactString(value);
  if (value === null || typeof value !== "object" || depth > 4) return value;
  if (value instanceof Error) return redactString(`${value.name}: ${value.message}`);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] = SECRET_KEY.test(k) ? REDACTED : redactValue(v, depth + 1);
  }
  return out;
}

/** Returns the text with every credential blanked. Exported for tests and for error rendering. */
export function redact(value: unknown): string {
  const v = redactValue(value, 0);
  if (typeof v === "string") return v;
  try {
    return redactString(JSON.stringify(v));
  } catch {
    return "[unserialisable]";
  }
}

const consoleSink: LogSink = (level, line) => {
  (level === "debug"
    ? console.debug
    : level === "info"
      ? console.info
      : level === "warn"
        ? console.warn
        : console.error)(line);
};

let sink: LogSink = consoleSink;

/** Replace where log lines go (tests capture them; null restores the console). */
export function setLogSink(next: LogSink | null): void {
  sink = next ?? consoleSink;
}

export interface Logger {
  debug(message: string, data?: unknown): void;
  info(message: string, data?: unknown): void;
  warn(message: string, data?: unknown): void;
  error(message: string, data?: unknown): void;
}

export function createLogger(scope: string): Logger {
  const emit = (level: LogLevel, message: string, data?: unknown) => {
    const suffix = data === undefined ? "" : ` ${redact(data)}`;
    sink(level, `[${scope}] ${redactString(message)}${suffix}`);
  };
  return {
    debug: (m, d) => emit("debug", m, d),
    info: (m, d) => emit("info", m, d),
    warn: (m, d) => emit("warn", m, d),
    error: (m, d) => emit("error", m, d),
  };
}
