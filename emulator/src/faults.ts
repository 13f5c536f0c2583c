import { answerFault, type AnswerFaultKind, type EchoPlace, type StatusBody } from "./answerFaults";
import { Prng } from "./util";

export type ServiceName = "auth" | "value" | "platform";
/** 413 stands for a body over the platform's (unpublished) size limit. */
export type FaultStatus = 413 | 500 | 502 | 503;

/**
 * What a rule does to a request it hits. "drop" destroys the connection before the request is
 * handled. "process-reset" and "process-hang" let the request be handled (an import job is made)
 * and lose the answer: the first sends the status and the start of the body, then resets the
 * connection; the second never sends anything, until the client gives up. The kinds of
 * `AnswerFaultKind` (answerFaults.ts) change the answer itself: another status after the request
 * was handled, a redirect to the second origin, an answer too large or too deep, a server's words
 * echoed back.
 */
export type FaultKind = FaultStatus | 429 | "drop" | "process-reset" | "process-hang" | AnswerFaultKind;
/** What happens to the answer of a request that was handled. */
export type AfterAnswer =
  | { kind: "process-reset" }
  | { kind: "process-hang" }
  /** The answer replaced by `status` with `body`. */
  | { kind: "process-status"; status: number; body: StatusBody }
  /** The answer's first object given a `Filler` member of `bytes` bytes, streamed. */
  | { kind: "oversize"; bytes: number }
  /** Raw JSON members put first in the answer's first object. */
  | { kind: "inject"; members: string }
  /** Every ignored row of an import log given this Reason. */
  | { kind: "reason"; text: string };

/**
 * A rule matches requests whose path starts with `route` (optionally prefixed by a method, as in
 * "POST /connect/token"; "*" matches everything). `count` limits it to the next N matching
 * requests; `rate` (0..1) makes it hit a deterministic share of them.
 */
export interface FaultRuleInput {
  route: string;
  kind: FaultKind;
  count?: number;
  rate?: number;
  retryAfterSeconds?: number;
  /** "process-status": the status answered; "redirect": 301, 302, 303, 307 or 308 (default 307). */
  status?: number;
  /** "process-status": what the answer holds (default: a proxy's HTML page; for a 2xx, no job id). */
  body?: StatusBody;
  /** "oversize": the bytes of filler; "nest": how deep the nested arrays go. */
  size?: number;
  /** "echo": the words echoed; "inject": raw JSON members (`"__proto__":{"x":1}`). */
  text?: string;
  /** "echo": where the words go (default "error"). */
  echo?: EchoPlace;
}

export interface LatencyInput {
  route?: string;
  ms: number;
}

export interface TokenRevocationFilter {
  clientId?: string;
  username?: string;
  /** A token to revoke itself (access or refresh token). */
  token?: string;
  all?: boolean;
}

export interface FaultOptions {
  latency?: LatencyInput[];
  rules?: FaultRuleInput[];
  /** The next N import jobs fail with this message. */
  failJobs?: { count: number; message?: string };
}

interface ActiveRule {
  id: number;
  method: string | null;
  path: string;
  kind: FaultKind;
  remaining: number | null;
  rate: number;
  retryAfterSeconds: number;
  input: FaultRuleInput;
  prng: Prng;
  hits: number;
}

export interface FaultState {
  latency: { route: string; ms: number }[];
  rules: {
    id: number;
    route: string;
    kind: FaultKind;
    remaining: number | null;
    rate: number;
    retryAfterSeconds: number;
    hits: number;
  }[];
  failJobs: { remaining: number; message: string };
}

export type FaultDecision =
  | { type: "none" }
  | { type: "status"; status: FaultStatus }
  | { type: "throttle"; retryAfterSeconds: number }
  | { type: "drop" }
  /** Answered at once, not handled: a redirect to the second origin, a server's words echoed. */
  | { type: "answer"; status: number; headers: Record<string, string>; body: unknown }
  /** Handle the request, then lose or change its answer. */
  | { type: "after"; then: AfterAnswer };

const DEFAULT_JOB_FAILURE = "The import failed on the server (fault injected by the emulator).";
const DEFAULT_RETRY_AFTER_SECONDS = 2;

/** The operations shared by the in-process handle and the admin endpoint. */
export interface FaultsHandle {
  setLatency(ms: number, route?: string): void;
  failNext(route: string, count: number, status?: FaultStatus): void;
  failRate(route: string, rate: number, status?: FaultStatus): void;
  throttleNext(route: string, count: number, retryAfterSeconds?: number): void;
  dropNext(route: string, count: number): void;
  /** The next N requests are handled (a job is made), then the connection is reset mid-answer. */
  processThenResetNext(route: string, count: number): void;
  /** The next N requests are handled, then no answer is ever sent (the client times out). */
  processThenHangNext(route: string, count: number): void;
  /**
   * The next N requests are handled (a job is made), then answered with `status` and `body`
   * instead: a gateway's 524 after the platform made the job, a 2xx without a job id.
   */
  processThenStatusNext(route: string, count: number, status: number, body?: StatusBody): void;
  /** The next N requests are redirected (307 by default) to the same path on the second origin. */
  redirectNext(route: string, count: number, status?: number): void;
  /** The next N answers carry `bytes` more bytes of filler, streamed (never held in memory). */
  oversizeNext(route: string, count: number, bytes: number): void;
  /** The next N answers carry a member `Nested` of arrays `depth` deep. */
  nestNext(route: string, count: number, depth: number): void;
  /** The next N answers carry these raw JSON members first (`"__proto__":{...}`). */
  injectNext(route: string, count: number, members: string): void;
  /** The next N requests get `text` back: in an error body, an OAuth error or a log's Reasons. */
  echoNext(route: string, count: number, text: string, where?: EchoPlace): void;
  add(rule: FaultRuleInput): void;
  failNextJobs(count: number, message?: string): void;
  revokeTokens(filter: TokenRevocationFilter): number;
  clear(): void;
  list(): FaultState;
}

export class FaultEngine {
  /** The second origin a redirect points to (set once it listens). */
  elsewhere = "";
  private rules: ActiveRule[] = [];
  private latency: { method: string | null; path: string; route: string; ms: number }[] = [];
  private nextId = 1;
  private jobFailures = { remaining: 0, message: DEFAULT_JOB_FAILURE };

  constructor(initial?: FaultOptions) {
    for (const l of initial?.latency ?? []) this.setLatency(l.ms, l.route);
    for (const r of initial?.rules ?? []) this.add(r);
    if (initial?.failJobs) this.failNextJobs(initial.failJobs.count, initial.failJobs.message);
  }

  add(rule: FaultRuleInput): void {
    const { method, path } = parseRoute(rule.route);
    const id = this.nextId++;
    this.rules.push({
      id,
      method,
      path,
      kind: rule.kind,
      remaining: rule.count ?? null,
      rate: rule.rate ?? 1,
      retryAfterSeconds: rule.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS,
      input: rule,
      // Seeded by the rule itself: the same rule hits the same requests on every run.
      prng: new Prng(`${rule.route}|${rule.kind}|${rule.rate ?? 1}`),
      hits: 0,
    });
  }

  setLatency(ms: number, route = "*"): void {
    const { method, path } = parseRoute(route);
    this.latency = this.latency.filter((l) => l.route !== route);
    if (ms > 0) this.latency.push({ method, path, route, ms });
  }

  failNextJobs(count: number, message?: string): void {
    this.jobFailures = { remaining: count, message: message ?? DEFAULT_JOB_FAILURE };
  }

  /** Called once per new import job: the failure message if a fault asks this job to fail. */
  takeJobFailure(): string | null {
    if (this.jobFailures.remaining <= 0) return null;
    this.jobFailures.remaining--;
    return this.jobFailures.message;
  }

  latencyFor(method: string, path: string): number {
    let ms = 0;
    for (const l of this.latency) if (matches(l.method, l.path, method, path)) ms = Math.max(ms, l.ms);
    return ms;
  }

  /** `url`: the request's path and query, kept in a redirect's Location. */
  decide(method: string, path: string, url = path): FaultDecision {
    for (const r of this.rules) {
      if (!matches(r.method, r.path, method, path)) continue;
      if (r.remaining !== null && r.remaining <= 0) continue;
      if (r.rate < 1 && r.prng.next() >= r.rate) continue;
      if (r.remaining !== null) r.remaining--;
      r.hits++;
      if (r.kind === "drop") return { type: "drop" };
      if (r.kind === "process-reset" || r.kind === "process-hang") {
        return { type: "after", then: { kind: r.kind } };
      }
      if (r.kind === 429) return { type: "throttle", retryAfterSeconds: r.retryAfterSeconds };
      if (typeof r.kind === "number") return { type: "status", status: r.kind };
      return answerFault(r.kind, r.input, url, this.elsewhere);
    }
    return { type: "none" };
  }

  clear(): void {
    this.rules = [];
    this.latency = [];
    this.jobFailures = { remaining: 0, message: DEFAULT_JOB_FAILURE };
  }

  state(): FaultState {
    return {
      latency: this.latency.map((l) => ({ route: l.route, ms: l.ms })),
      rules: this.rules.map((r) => ({
        id: r.id,
        route: r.method ? `${r.method} ${r.path}` : r.path,
        kind: r.kind,
        remaining: r.remaining,
        rate: r.rate,
        retryAfterSeconds: r.retryAfterSeconds,
        hits: r.hits,
      })),
      failJobs: { ...this.jobFailures },
    };
  }
}

function parseRoute(route: string): { method: string | null; path: string } {
  const m = /^([A-Z]+)\s+(.*)$/.exec(route.trim());
  if (m?.[1] && m[2] !== undefined) return { method: m[1], path: m[2] };
  return { method: null, path: route.trim() };
}

function matches(ruleMethod: string | null, rulePath: string, method: string, path: string): boolean {
  if (ruleMethod && ruleMethod !== method) return false;
  return rulePath === "*" || path.startsWith(rulePath);
}
