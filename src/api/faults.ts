// Which failures are worth asking again, and after how long: the one home of the client's idea of a
// passing fault. Two policies, because the two callers ask for different things:
//
// - REQUEST_RETRY, "retry inside a request" (http.ts): a safe request is repeated a few times with
//   a short, jittered backoff before its caller sees any failure. A status that says the request
//   itself is wrong, or that the server broke on it, is returned at once: repeating it only delays
//   the answer. All the tries of one request, with their pauses and the sign-in renewal before
//   them, end by one deadline (deadlineMs): a server that does not answer gets the user a message
//   within it, not after four 30-second timeouts.
// - JOB_POLLING, "keep polling a job" (src/import, following a catalog import): the job runs on
//   the server whatever its status endpoint says, so every fault of the server's side (and the
//   network's) is passing: the pane says "Reconnecting…" and asks again at the polling pace, for
//   as long as the user waits. Only an answer that can never change ends the following.
//
// Per status (the tables in test/api/faults.test.ts say the same):
//
// | status             | retry inside a request | keep polling a job |
// | ------------------ | ---------------------- | ------------------ |
// | 408                | yes                    | yes                |
// | 429                | yes                    | yes                |
// | 500                | no                     | yes                |
// | 501, 505           | no                     | no                 |
// | 502, 503, 504      | yes                    | yes                |
// | any other 5xx      | no                     | yes                |
// | any other status   | no                     | no                 |
// | network, timeout   | yes                    | yes                |
//
// 401 never reaches a policy as a fault: the HTTP layer renews the sign-in and replays once, and
// a second refusal is a sign-out the caller answers by asking the user to sign in.
//
// A third question is asked of the answer to a request that makes something on the platform (the
// import POST, never sent again by itself): did the platform refuse it before doing anything, or
// may the answer have been lost (`refusedBeforeDoing`, below)? Only these answers are refusals:
//
// | answer                                                                  | refused before doing anything |
// | ----------------------------------------------------------------------- | ----------------------------- |
// | 400, 403, 404, 413, 415, 422 with the platform's JSON error body        | yes                           |
// | 401 with `WWW-Authenticate: Bearer` (renewed and sent again once first) | yes                           |
// | 429 (sent again after its Retry-After first, the user sees it waiting)  | yes                           |
// | refused by the add-in before sending (no sign-in, no company)          | yes                           |
// | any of those statuses with another body (a proxy's page, none)          | no: lost                      |
// | 2xx without a job id, 3xx, 408, 409, 425, any 5xx (500–504, 520–527…)   | no: lost                      |
// | a reset, no answer in time, an answer too large or malformed            | no: lost                      |

import { isApiError } from "./errors";

/** A failed attempt in the terms both policies decide on. */
export type Fault =
  /** The server answered with this status; `retryAfterMs` when it named a pause (Retry-After). */
  | { kind: "status"; status: number; retryAfterMs?: number }
  /** No answer came (offline, DNS, connection refused or dropped). */
  | { kind: "network" }
  /** No answer came within the request's time limit. */
  | { kind: "timeout" };

/** Ask again after `delayMs`, or give the failure to the caller. */
export type FaultDecision = { again: false } | { again: true; delayMs: number };

const GIVE_UP: FaultDecision = { again: false };

/**
 * Statuses that say the same request may get an answer soon:
 * - 408: the server stopped waiting for the request (an idle or slow connection); RFC 9110
 *   section 15.5.9 lets the client repeat it.
 * - 429: throttled; the server may say how long to wait (Retry-After).
 * - 502, 503, 504: a proxy could not reach the service, or the service is starting or overloaded.
 */
const PASSING_STATUSES: ReadonlySet<number> = new Set([408, 429, 502, 503, 504]);

/**
 * Server errors that say the server will never answer this request: 501 (the server offers no
 * such method or endpoint) and 505 (it refuses the HTTP version). Any other 5xx is the server's
 * own trouble of the moment.
 */
const PERMANENT_SERVER_STATUSES: ReadonlySet<number> = new Set([501, 505]);

function isServerError(status: number): boolean {
  return status >= 500 && status <= 599;
}

// ---- retry inside a request -------------------------------------------------------------------

export interface RequestRetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** The first pause's step; each later step doubles, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * A server asking for a longer pause than this gets an error the user can act on instead of a
   * cell that stays busy for minutes.
   */
  maxRetryAfterMs: number;
  /**
   * One request ends by then, every try, pause and the sign-in renewal before it included: the
   * user's action (a pane button, a cell) gets its answer or its message within it. Below the
   * functions' 45 s, so a cell shows the request's own reason rather than a bare "no answer".
   */
  deadlineMs: number;
  /** A try is not started with less time than this before the deadline: it could not be answered. */
  minAttemptMs: number;
}

export const REQUEST_RETRY: RequestRetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 400,
  maxDelayMs: 8_000,
  // Within the deadline, with a try after it: a longer pause is the user's to wait (a message).
  maxRetryAfterMs: 30_000,
  deadlineMs: 40_000,
  minAttemptMs: 2_000,
};

export interface RequestAttempt {
  /** The attempt that failed, from 1. */
  attempt: number;
  /**
   * Whether sending the request again is harmless: a GET, or a request its caller marked so. The
   * import POST is not (a repeated POST could import the catalog twice), nor are token requests
   * (a refresh token may be single-use).
   */
  safe: boolean;
  /** Time left before the request's deadline, when the pause would start; absent: no deadline. */
  remainingMs?: number;
}

/**
 * The pause before the next attempt: exponential backoff with "equal jitter", at least half the
 * step and at most the whole step (`random` in [0, 1)).
 */
export function requestBackoff(attempt: number, policy: RequestRetryPolicy, random: () => number): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

/** Whether the HTTP layer sends a request again after this fault, and after how long. */
export function retryInRequest(
  fault: Fault,
  { attempt, safe, remainingMs }: RequestAttempt,
  policy: RequestRetryPolicy = REQUEST_RETRY,
  random: () => number = Math.random,
): FaultDecision {
  if (!safe || attempt >= Math.max(1, policy.maxAttempts)) return GIVE_UP;
  let delayMs: number;
  if (fault.kind === "network" || fault.kind === "timeout") {
    delayMs = requestBackoff(attempt, policy, random);
  } else if (!PASSING_STATUSES.has(fault.status)) {
    return GIVE_UP;
  } else if (fault.retryAfterMs !== undefined) {
    if (fault.retryAfterMs > policy.maxRetryAfterMs) return GIVE_UP;
    delayMs = fault.retryAfterMs;
  } else {
    delayMs = requestBackoff(attempt, policy, random);
  }
  // The next try would start too late to be answered before the deadline: say so now.
  if (remainingMs !== undefined && delayMs + policy.minAttemptMs > remainingMs) return GIVE_UP;
  return { again: true, delayMs };
}

// ---- keep polling a job -----------------------------------------------------------------------

export interface JobPollingPolicy {
  /** The pause before the second request; it grows by `factor` up to maxDelayMs. */
  firstDelayMs: number;
  factor: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is shortened: the pane keeps asking, the server may say again. */
  maxRetryAfterMs: number;
}

export const JOB_POLLING: JobPollingPolicy = {
  firstDelayMs: 1_000,
  factor: 1.5,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 60_000,
};

/** The pause before the n-th request after the first (n from 0): 1 s, 1.5 s, 2.25 s, … 5 s. */
export function pollDelay(attempt: number, policy: JobPollingPolicy = JOB_POLLING): number {
  return Math.min(policy.maxDelayMs, Math.round(policy.firstDelayMs * policy.factor ** attempt));
}

/** Whether a fault passes while a job is followed: then the status is asked again, never given up. */
export function isPassingWhilePolling(fault: Fault): boolean {
  if (fault.kind !== "status") return true;
  const status = fault.status;
  if (PASSING_STATUSES.has(status)) return true;
  return isServerError(status) && !PERMANENT_SERVER_STATUSES.has(status);
}

/**
 * Whether to ask about a job again after this fault, and after how long: the polling pace of
 * `attempt`, or the server's Retry-After when it asks for longer (shortened to maxRetryAfterMs).
 */
export function keepPolling(
  fault: Fault,
  attempt: number,
  policy: JobPollingPolicy = JOB_POLLING,
): FaultDecision {
  if (!isPassingWhilePolling(fault)) return GIVE_UP;
  const asked = fault.kind === "status" ? (fault.retryAfterMs ?? 0) : 0;
  return {
    again: true,
    delayMs: Math.max(Math.min(asked, policy.maxRetryAfterMs), pollDelay(attempt, policy)),
  };
}

/**
 * The fault an error of the client stands for; null for everything no policy repeats: a
 * cancelled request, a sign-out, a malformed answer, a request the user has to complete, or an
 * error that is not the client's.
 */
export function faultOf(error: unknown): Fault | null {
  if (!isApiError(error)) return null;
  switch (error.kind) {
    case "network":
      return { kind: "network" };
    case "timeout":
      return { kind: "timeout" };
    case "http":
      if (error.status === undefined) return null;
      return error.retryAfterSeconds === undefined
        ? { kind: "status", status: error.status }
        : { kind: "status", status: error.status, retryAfterMs: error.retryAfterSeconds * 1000 };
    default:
      return null;
  }
}

// ---- the answer to a request that makes a job ----------------------------------------------------

/** Statuses that, with the platform's own error body, say it refused the request as it came. */
const REFUSED_AS_SENT: ReadonlySet<number> = new Set([400, 403, 404, 413, 415, 422]);

/**
 * Whether a request that makes a job (the import POST) failed with an answer that shows the
 * platform refused it before doing anything (the table above): then nothing started and it may
 * be sent again. Any other failure may hide a job that started: its answer is lost.
 */
export function refusedBeforeDoing(error: unknown): boolean {
  if (!isApiError(error)) return false;
  switch (error.kind) {
    case "invalid-request":
      return true;
    case "signed-out":
      // No token to send (nothing was sent), or the token refused again after its renewal.
      return error.status === undefined || error.status === 401;
    case "http":
      if (error.status === 429) return true;
      return error.status !== undefined && REFUSED_AS_SENT.has(error.status) && error.serviceBody;
    default:
      return false;
  }
}
