// The one place that talks HTTP to the platform: base URLs, bearer header, per-try timeout,
// retries for safe requests (the policy "retry inside a request" of faults.ts) within one deadline
// per request, one refresh-and-replay on 401, no redirect followed, every answer read within its
// size and nesting caps (body.ts), and every failure turned into an ApiError. fetch, sleep, the
// clock and randomness are injected so tests drive it without a network.

import type { z } from "zod";
import { ApiError, requestName, type ApiEndpoint, type ApiErrorKind } from "./errors";
import { ANSWER_BYTES, parseJson, readBody } from "./body";
import { answerError, bearerChallenge, isRedirect, unreadAnswerError, type RawResponse } from "./answer";
import { REQUEST_RETRY, retryInRequest, type Fault, type RequestRetryPolicy } from "./faults";
import { createLogger, type Logger } from "../log/logger";
import { parseResponse } from "./schemas";

/** One try's time limit; all the tries of a request end by the policy's deadline (faults.ts). */
export const DEFAULT_TIMEOUT_MS = 30_000;

export type ServiceName = "auth" | "value" | "platform";

export interface ServiceUrls {
  /** {auth_url}: the authorization server. */
  auth: string;
  /** {base_url}: the value service. */
  value: string;
  /** {platform_url}: the platform service holding models. */
  platform: string;
}

/** What the HTTP layer needs from the session. */
export interface TokenProvider {
  /** The current access token; throws an ApiError of kind "signed-out" when there is none. */
  getAccessToken(signal?: AbortSignal, endpoint?: ApiEndpoint): Promise<string>;
  /**
   * Called once when a request carrying `refusedToken` got 401. Returns a fresh token (refresh
   * grant, or password grant while the password is in memory), or signs out and throws an ApiError
   * of kind "signed-out".
   */
  renewAfterUnauthorized(refusedToken: string, signal?: AbortSignal, endpoint?: ApiEndpoint): Promise<string>;
  /** Called when the replayed request is refused again: the sign-in is no longer accepted. */
  signOutAfterRefusal(): Promise<void>;
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface HttpDeps {
  fetch?: typeof fetch;
  sleep?: Sleep;
  /** Milliseconds since the epoch; Retry-After given as an HTTP date, and the request's deadline. */
  now?: () => number;
  /** In [0, 1); the jitter of the backoff. */
  random?: () => number;
  timeoutMs?: number;
  /**
   * Waits out one try's time limit (then the try is a timeout), or rejects when its signal aborts
   * (the try ended first). Default: a timer; a test stands in for it to see the limit given.
   */
  tryTimer?: Sleep;
  retry?: Partial<RequestRetryPolicy>;
  logger?: Logger;
}

export interface RequestSpec<T extends z.ZodType> {
  /** The request, for the logs and (by its name in src/i18n) the messages. Never a URL. */
  endpoint: ApiEndpoint;
  method: "GET" | "POST" | "PUT" | "DELETE";
  service: ServiceName;
  /** Path below the service's base URL, already percent-encoded. */
  path?: string;
  /** An absolute or relative URL (OData nextLink); must stay on the service's origin. */
  url?: string;
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  /**
   * JSON the caller already serialized, as its UTF-8 bytes: sent as it is (the import body,
   * serialized in slices so the pane never spends one long task on it; fetch reads a Blob off the
   * page's thread, where a string body is encoded in the calling task).
   */
  jsonBlob?: Blob;
  form?: Record<string, string>;
  schema: T;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Safe to send again on a passing fault (faults.ts, "retry inside a request"); default: only a GET. */
  retry?: boolean;
  /** The endpoint speaks OAuth errors ({error, error_description}) rather than service errors. */
  oauth?: boolean;
  signal?: AbortSignal;
  /** One try's time limit; a longer one than the policy's deadline moves the deadline with it. */
  timeoutMs?: number;
  /** The most a successful answer may hold, in bytes (body.ts ANSWER_BYTES; default `other`). */
  maxBytes?: number;
  /**
   * The request makes something on the server (the import POST): never sent again but after an
   * answer that shows it was refused before anything was done: a 429, after its Retry-After (the
   * pause added to the deadline, the body's own time never cut by it), and a 401 carrying
   * `WWW-Authenticate: Bearer`, once the sign-in is renewed. Any other 401 is an answer that may
   * have been lost.
   */
  createsJob?: boolean;
  /** Told before each pause a throttled request waits (the pane shows it waiting). */
  onWaiting?: (ms: number) => void;
}

/** Why a signal aborted, as an Error (AbortSignal.reason is typed `any`; it is a DOMException unless the caller chose otherwise). */
function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new DOMException("The operation was aborted.", "AbortError");
}

export const defaultSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/** AbortSignal.any where present (older Office webviews lack it), else the same by hand. */
export function anySignal(signals: AbortSignal[]): AbortSignal {
  const anyFn = (AbortSignal as { any?: (s: AbortSignal[]) => AbortSignal }).any;
  if (typeof anyFn === "function") return anyFn.call(AbortSignal, signals);
  const controller = new AbortController();
  for (const s of signals) {
    if (s.aborted) {
      controller.abort(s.reason);
      break;
    }
    s.addEventListener("abort", () => controller.abort(s.reason), { once: true });
  }
  return controller.signal;
}

/** Retry-After: delay-seconds or an HTTP date. Returns milliseconds, or undefined when absent/invalid. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

class AttemptFailure {
  constructor(
    readonly kind: Extract<ApiErrorKind, "network" | "timeout" | "aborted">,
    readonly cause: unknown,
  ) {}
}

/** When one request started and by when it ends, every try, pause and renewal included. */
interface Deadline {
  started: number;
  at: number;
  /** Time spent waiting on tries that timed out and on pauses (the clock may stand still in tests). */
  waitedMs: number;
}

export class HttpClient {
  private readonly fetchFn: typeof fetch;
  private readonly sleep: Sleep;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly timeoutMs: number;
  private readonly tryTimer: Sleep;
  private readonly retryPolicy: RequestRetryPolicy;
  private readonly log: Logger;

  constructor(
    private readonly urls: () => ServiceUrls,
    private readonly tokens: TokenProvider,
    deps: HttpDeps = {},
  ) {
    // Bound: a bare reference to window.fetch throws "Illegal invocation" in browsers.
    this.fetchFn = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.sleep = deps.sleep ?? defaultSleep;
    this.now = deps.now ?? Date.now;
    this.random = deps.random ?? Math.random;
    this.timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.tryTimer = deps.tryTimer ?? defaultSleep;
    this.retryPolicy = { ...REQUEST_RETRY, ...deps.retry };
    this.log = deps.logger ?? createLogger("http");
  }

  /** The base URL of a service, without a trailing slash. */
  baseUrl(service: ServiceName): string {
    const urls = this.urls();
    return trimSlash(service === "auth" ? urls.auth : service === "value" ? urls.value : urls.platform);
  }

  async request<T extends z.ZodType>(spec: RequestSpec<T>): Promise<z.output<T>> {
    return (await this.requestWithUrl(spec)).data;
  }

  /** Like request, and also returns the URL that was fetched (to resolve relative nextLinks). */
  async requestWithUrl<T extends z.ZodType>(
    spec: RequestSpec<T>,
  ): Promise<{ data: z.output<T>; url: string }> {
    const url = this.buildUrl(spec);
    const useAuth = spec.auth ?? true;
    const started = this.now();
    const deadline: Deadline = {
      started,
      at: started + Math.max(this.retryPolicy.deadlineMs, spec.timeoutMs ?? 0),
      waitedMs: 0,
    };
    // The endpoint goes along so that a failed renewal can say what the user was doing.
    let token = useAuth
      ? await this.beforeDeadline(this.tokens.getAccessToken(spec.signal, spec.endpoint), spec, deadline)
      : undefined;
    let response = this.notRedirected(await this.sendWithRetries(spec, url, token, deadline), spec);
    if (response.status === 401 && token !== undefined) {
      // A request that makes a job is sent again only when the platform refused its token.
      if (spec.createsJob && !bearerChallenge(response)) throw this.toApiError(response, spec, "http");
      this.log.info(`${spec.method} ${spec.endpoint}: 401, renewing the sign-in once`);
      const renewal = this.tokens.renewAfterUnauthorized(token, spec.signal, spec.endpoint);
      token = await this.beforeDeadline(renewal, spec, deadline);
      response = this.notRedirected(await this.sendWithRetries(spec, url, token, deadline), spec);
      if (response.status === 401) {
        if (spec.createsJob && !bearerChallenge(response)) throw this.toApiError(response, spec, "http");
        await this.tokens.signOutAfterRefusal();
        throw this.toApiError(response, spec, "signed-out");
      }
    }
    if (response.status < 200 || response.status >= 300) throw this.toApiError(response, spec);
    if (response.refused !== undefined) throw unreadAnswerError(response, spec.endpoint, spec.maxBytes);
    let body: unknown = null;
    if (response.text.trim() !== "") {
      try {
        body = parseJson(response.text);
      } catch (cause) {
        throw new ApiError({
          kind: "invalid-response",
          endpoint: spec.endpoint,
          status: response.status,
          found: { key: "api.foundNotJson" },
          cause,
        });
      }
    }
    return { data: parseResponse(spec.schema, body, spec.endpoint), url };
  }

  /** A redirect is never followed (another host would get the body, or answer for the platform). */
  private notRedirected(response: RawResponse, spec: RequestSpec<z.ZodType>): RawResponse {
    if (response.redirected) throw unreadAnswerError(response, spec.endpoint, spec.maxBytes);
    return response;
  }

  private buildUrl(spec: RequestSpec<z.ZodType>): string {
    const base = this.baseUrl(spec.service);
    // A production build starts with no server configured: say where to set it, not "invalid URL".
    if (base === "") {
      throw new ApiError({
        kind: "invalid-request",
        endpoint: spec.endpoint,
        said: { key: "session.noServerConfigured" },
      });
    }
    let url: URL;
    if (spec.url !== undefined) {
      url = new URL(spec.url, `${base}/`);
      const service = new URL(base);
      // A service behind a TLS-terminating proxy sees plain HTTP and may write http:// links to
      // its own host: such a link is followed over the configured service's https.
      if (
        service.protocol === "https:" &&
        url.protocol === "http:" &&
        url.hostname === service.hostname &&
        (url.port === "" || url.port === service.port)
      ) {
        url.protocol = "https:";
        url.port = service.port;
      }
      // The bearer token goes with every request: never follow a link to another host.
      if (url.origin !== service.origin) {
        throw new ApiError({
          kind: "invalid-response",
          endpoint: spec.endpoint,
          found: { key: "api.foundForeignNextLink" },
        });
      }
    } else {
      url = new URL(`${base}${spec.path ?? ""}`);
    }
    for (const [k, v] of Object.entries(spec.query ?? {})) {
      if (v !== undefined) url.searchParams.set(k, String(v));
    }
    return url.toString();
  }

  /** The error of a request that ran out of time: how long the user waited, in seconds. */
  private deadlineError(spec: RequestSpec<z.ZodType>, deadline: Deadline, cause?: unknown): ApiError {
    const waited = Math.max(this.now() - deadline.started, deadline.waitedMs);
    return new ApiError({
      kind: "timeout",
      endpoint: spec.endpoint,
      said: {
        key: "api.deadline",
        values: { seconds: Math.max(1, Math.round(waited / 1000)), what: requestName(spec.endpoint) },
      },
      cause,
    });
  }

  /**
   * The sign-in step before a request (a restore, a renewal: shared with other requests, so never
   * cancelled here) waited for until the request's deadline at most.
   */
  private beforeDeadline<T>(step: Promise<T>, spec: RequestSpec<z.ZodType>, deadline: Deadline): Promise<T> {
    const left = deadline.at - this.now();
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(this.deadlineError(spec, deadline)), Math.max(0, left));
      step.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  private async sendWithRetries(
    spec: RequestSpec<z.ZodType>,
    url: string,
    token: string | undefined,
    deadline: Deadline,
  ): Promise<RawResponse> {
    const safe = spec.retry ?? spec.method === "GET";
    for (let attempt = 1; ; attempt++) {
      const now = this.now();
      // The body of a request that makes a job has its whole time limit on every try (the sign-in
      // or a pause before it never cuts it): the deadline moves with it.
      if (spec.createsJob === true && spec.timeoutMs !== undefined) {
        deadline.at = Math.max(deadline.at, now + spec.timeoutMs);
      }
      const left = deadline.at - now;
      if (left <= 0) throw this.deadlineError(spec, deadline);
      const timeoutMs = Math.min(spec.timeoutMs ?? this.timeoutMs, left);
      const result = await this.attempt(spec, url, token, timeoutMs);
      let fault: Fault;
      if (result instanceof AttemptFailure) {
        if (result.kind === "aborted") {
          throw new ApiError({ kind: result.kind, endpoint: spec.endpoint, cause: result.cause });
        }
        if (result.kind === "timeout") deadline.waitedMs += timeoutMs;
        fault = { kind: result.kind };
      } else {
        const retryAfterMs = this.retryAfterMs(result);
        fault = {
          kind: "status",
          status: result.status,
          ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
        };
      }
      // A throttled request that makes a job was refused before anything was done: sent again
      // after the pause, which moves the deadline with it.
      const throttled = spec.createsJob === true && fault.kind === "status" && fault.status === 429;
      const remainingMs = throttled ? undefined : deadline.at - this.now();
      const decision = retryInRequest(
        fault,
        { attempt, safe: safe || throttled, remainingMs },
        this.retryPolicy,
        this.random,
      );
      if (!decision.again) {
        // A success, a 401 (renewed by the caller) or a status the policy does not repeat goes back as it is.
        if (!(result instanceof AttemptFailure)) return attempt > 1 ? { ...result, tries: attempt } : result;
        // A server that does not answer: the message says how long the user waited.
        if (result.kind === "timeout") throw this.deadlineError(spec, deadline, result.cause);
        throw new ApiError({ kind: result.kind, endpoint: spec.endpoint, cause: result.cause });
      }
      const what = result instanceof AttemptFailure ? `${result.kind} failure` : `HTTP ${result.status}`;
      this.log.warn(`${spec.method} ${spec.endpoint}: ${what}, retry ${attempt} in ${decision.delayMs} ms`);
      spec.onWaiting?.(decision.delayMs);
      await this.pause(decision.delayMs, spec);
      deadline.waitedMs += decision.delayMs;
      if (throttled) deadline.at += decision.delayMs;
    }
  }

  private retryAfterMs(response: RawResponse): number | undefined {
    return parseRetryAfter(response.headers.get("retry-after"), this.now());
  }

  private async pause(ms: number, spec: RequestSpec<z.ZodType>): Promise<void> {
    try {
      await this.sleep(ms, spec.signal);
    } catch (cause) {
      throw new ApiError({ kind: "aborted", endpoint: spec.endpoint, cause });
    }
  }

  private async attempt(
    spec: RequestSpec<z.ZodType>,
    url: string,
    token: string | undefined,
    timeoutMs: number,
  ): Promise<RawResponse | AttemptFailure> {
    if (spec.signal?.aborted) return new AttemptFailure("aborted", spec.signal.reason);
    const timeout = new AbortController();
    const ended = new AbortController();
    void this.tryTimer(timeoutMs, ended.signal).then(
      () => timeout.abort(new Error("timeout")),
      () => undefined,
    );
    const signal = spec.signal ? anySignal([spec.signal, timeout.signal]) : timeout.signal;
    const headers: Record<string, string> = { Accept: "application/json" };
    let body: string | Blob | undefined;
    if (spec.jsonBlob !== undefined) {
      headers["Content-Type"] = "application/json";
      body = spec.jsonBlob;
    } else if (spec.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(spec.json);
    } else if (spec.form !== undefined) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(spec.form).toString();
    }
    if (token !== undefined) headers.Authorization = `Bearer ${token}`;
    try {
      const response = await this.fetchFn(url, {
        method: spec.method,
        headers,
        body,
        signal,
        credentials: "omit",
        cache: "no-store",
        // Never followed: a 307 would send the body again to wherever it points, a 302 would have
        // another host answer for the platform. A browser shows it as an opaque redirect.
        redirect: "manual",
      });
      if (isRedirect(response)) {
        await response.body?.cancel().catch(() => undefined);
        return { status: response.status, headers: response.headers, text: "", redirected: true };
      }
      // Read the body under the same timeout (a server that stalls mid-body is a timeout too),
      // within its cap: a success's the caller states, a refusal's ANSWER_BYTES.error.
      const ok = response.status >= 200 && response.status < 300;
      const read = await readBody(response, ok ? (spec.maxBytes ?? ANSWER_BYTES.other) : ANSWER_BYTES.error);
      return { status: response.status, headers: response.headers, ...read };
    } catch (cause) {
      if (spec.signal?.aborted) return new AttemptFailure("aborted", cause);
      if (timeout.signal.aborted) return new AttemptFailure("timeout", cause);
      return new AttemptFailure("network", cause);
    } finally {
      ended.abort();
    }
  }

  private toApiError(response: RawResponse, spec: RequestSpec<z.ZodType>, kind?: ApiErrorKind): ApiError {
    return answerError(
      response,
      { endpoint: spec.endpoint, oauth: spec.oauth === true },
      this.retryAfterMs(response),
      kind,
    );
  }
}
