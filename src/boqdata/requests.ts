// The request layer of the BOQ data path, under the PLATFORM functions and the BOQ sheet. A
// workbook holds many formulas and Excel recalculates them on structural edits (insert a row,
// expand a group), so: one result per argument set is kept for a few minutes, with what was built
// from it (a BOQ's spill per column list); identical calls in flight share one request; at most a
// few requests run at once across all cells; a call whose cell was cancelled stops waiting (and
// its request is aborted once no other cell waits for it); every call settles before a deadline
// well inside Excel's limit, so no cell stays #BUSY!.
import pLimit, { type LimitFunction } from "p-limit";
import { unavailable } from "../boq/errors";

/** How long a result answers a recalculation without a request. */
export const CACHE_TTL_MS = 5 * 60_000;
/** Requests at once across all cells. */
export const MAX_CONCURRENT_REQUESTS = 4;
/** A call gives up (and aborts its request) after this long, queueing included. */
export const CALL_DEADLINE_MS = 45_000;
/** Results kept at most; the oldest go first. */
const MAX_ENTRIES = 500;
/**
 * Results built from one kept result (spills of one BOQ with other column lists); the oldest go
 * first. A 100k-row spill is tens of megabytes: a few per BOQ, not one per column list ever asked.
 */
export const MAX_DERIVED_PER_ENTRY = 4;

export interface RequestLayerOptions {
  ttlMs?: number;
  concurrency?: number;
  deadlineMs?: number;
  now?: () => number;
}

interface Entry {
  /** Set once the work succeeded; failures are never kept. */
  done: boolean;
  value: unknown;
  /** When the answer came (the layer's clock). */
  keptSince: number;
  expiresAt: number;
  promise: Promise<unknown>;
  controller: AbortController;
  /** Callers still waiting for the request in flight. */
  waiters: number;
  /** What was built from `value`, by derived key; it goes with the entry. */
  derived: Map<string, unknown>;
}

export interface RunOptions {
  /** Asks again even when a result is kept (a refresh the user asked for); a request in flight is shared. */
  fresh?: boolean;
}

export class RequestLayer {
  private readonly entries = new Map<string, Entry>();
  private readonly limit: LimitFunction;
  private readonly ttlMs: number;
  private readonly deadlineMs: number;
  private readonly now: () => number;
  /** Requests started (for tests and the log). */
  started = 0;

  constructor(options: RequestLayerOptions = {}) {
    this.ttlMs = options.ttlMs ?? CACHE_TTL_MS;
    this.deadlineMs = options.deadlineMs ?? CALL_DEADLINE_MS;
    this.now = options.now ?? Date.now;
    this.limit = pLimit(options.concurrency ?? MAX_CONCURRENT_REQUESTS);
  }

  /** Forgets every kept result (Refresh); requests in flight finish for their callers but are not kept. */
  clear(): void {
    this.entries.clear();
  }

  /**
   * The result for `key`: kept, shared with an identical call in flight, or fetched by `work`.
   * `signal` is the caller's (the cell's onCanceled); `work` gets the request's own signal.
   */
  run<T>(
    key: string,
    work: (signal: AbortSignal) => Promise<T>,
    signal?: AbortSignal,
    options: RunOptions = {},
  ): Promise<T> {
    if (signal?.aborted) return Promise.reject(unavailable("boq.cancelled"));
    let entry = this.entries.get(key);
    if (entry && entry.done && (options.fresh === true || entry.expiresAt <= this.now())) {
      this.entries.delete(key);
      entry = undefined;
    }
    if (entry?.done) return Promise.resolve(entry.value as T);
    entry ??= this.start(key, work);
    return this.wait(key, entry, signal) as Promise<T>;
  }

  /** When `value`, the result for `key`, arrived (the layer's clock), if it is still the one kept. */
  keptSince(key: string, value: unknown): number | undefined {
    const entry = this.entries.get(key);
    return entry?.done && entry.value === value ? entry.keptSince : undefined;
  }

  /**
   * What `build` makes of `value`, the result kept for `key`: built once per `derivedKey` while
   * that result is kept, then answered from memory. Once the result is no longer kept (Refresh,
   * expiry, a fresh request), it is built each time and not kept. A failure of `build` is not kept.
   */
  derive<T, R>(key: string, value: T, derivedKey: string, build: (value: T) => R): R {
    const entry = this.entries.get(key);
    if (!entry || !entry.done || entry.value !== value) return build(value);
    if (entry.derived.has(derivedKey)) return entry.derived.get(derivedKey) as R;
    const result = build(value);
    if (entry.derived.size >= MAX_DERIVED_PER_ENTRY) {
      const oldest = entry.derived.keys().next();
      if (oldest.done !== true) entry.derived.delete(oldest.value);
    }
    entry.derived.set(derivedKey, result);
    return result;
  }

  private start<T>(key: string, work: (signal: AbortSignal) => Promise<T>): Entry {
    const controller = new AbortController();
    const entry: Entry = {
      done: false,
      value: undefined,
      keptSince: 0,
      expiresAt: 0,
      controller,
      waiters: 0,
      promise: Promise.resolve(),
      derived: new Map(),
    };
    const deadline = setTimeout(() => controller.abort(), this.deadlineMs);
    const timedOut = new Promise<never>((_, reject) => {
      controller.signal.addEventListener(
        "abort",
        () => reject(unavailable("boq.timedOut", { seconds: Math.round(this.deadlineMs / 1000) })),
        { once: true },
      );
    });
    // Marked handled: the callers see the rejection through the race below.
    timedOut.catch(() => undefined);
    const request = this.limit(() => {
      if (controller.signal.aborted) return Promise.reject(unavailable("boq.cancelled"));
      this.started++;
      return work(controller.signal);
    });
    entry.promise = Promise.race([request, timedOut]).then(
      (value) => {
        clearTimeout(deadline);
        if (this.entries.get(key) === entry) {
          entry.done = true;
          entry.value = value;
          entry.keptSince = this.now();
          entry.expiresAt = entry.keptSince + this.ttlMs;
          this.trim();
        }
        return value;
      },
      (error: unknown) => {
        clearTimeout(deadline);
        if (this.entries.get(key) === entry) this.entries.delete(key);
        throw error;
      },
    );
    // A failure reaches every waiter; the entry's own promise must not count as unhandled.
    entry.promise.catch(() => undefined);
    this.entries.set(key, entry);
    return entry;
  }

  private wait(key: string, entry: Entry, signal: AbortSignal | undefined): Promise<unknown> {
    entry.waiters++;
    if (!signal) {
      return entry.promise.finally(() => {
        entry.waiters--;
      });
    }
    return new Promise<unknown>((resolve, reject) => {
      let settled = false;
      const onAbort = (): void => {
        if (settled) return;
        settled = true;
        entry.waiters--;
        // The last cell waiting for it went away: stop the request itself.
        if (entry.waiters === 0 && !entry.done) {
          if (this.entries.get(key) === entry) this.entries.delete(key);
          entry.controller.abort();
        }
        reject(unavailable("boq.cancelled"));
      };
      signal.addEventListener("abort", onAbort, { once: true });
      entry.promise.then(
        (value) => {
          if (settled) return;
          settled = true;
          entry.waiters--;
          signal.removeEventListener("abort", onAbort);
          resolve(value);
        },
        (error: unknown) => {
          if (settled) return;
          settled = true;
          entry.waiters--;
          signal.removeEventListener("abort", onAbort);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  private trim(): void {
    if (this.entries.size <= MAX_ENTRIES) return;
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES) break;
      if (entry.done) this.entries.delete(key);
    }
  }
}
