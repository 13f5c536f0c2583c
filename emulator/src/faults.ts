import { Prng } from "./util";

export type ServiceName = "auth" | "value" | "platform";
/** 413 stands for a body over the platform's (unpublished) size limit. */
export type FaultStatus = 413 | 500 | 502 | 503;

/**
 * What a rule does to a request it hits. "drop" destroys the connection before the request is
 * handled. "process-reset" and "process-hang" let the request be handled (an import job is made)
 * and lose the answer: the first sends the status and the start of the body, then resets the
 * connection; the second never sends anything, until the client gives up.
 */
export type FaultKind = FaultStatus | 429 | "drop" | AfterAnswer;
/** What happens to the answer of a request that was handled. */
export type AfterAnswer = "process-reset" | "process-hang";

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
  /** Handle the request, then lose its answer. */
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
  add(rule: FaultRuleInput): void;
  failNextJobs(count: number, message?: string): void;
  revokeTokens(filter: TokenRevocationFilter): number;
  clear(): void;
  list(): FaultState;
}

export class FaultEngine {
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

  decide(method: string, path: string): FaultDecision {
    for (const r of this.rules) {
      if (!matches(r.method, r.path, method, path)) continue;
      if (r.remaining !== null && r.remaining <= 0) continue;
      if (r.rate < 1 && r.prng.next() >= r.rate) continue;
      if (r.remaining !== null) r.remaining--;
      r.hits++;
      if (r.kind === "drop") return { type: "drop" };
      if (r.kind === "process-reset" || r.kind === "process-hang") return { type: "after", then: r.kind };
      if (r.kind === 429) return { type: "throttle", retryAfterSeconds: r.retryAfterSeconds };
      return { type: "status", status: r.kind };
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
