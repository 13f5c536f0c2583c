// The client's two policies for a passing fault, as tables: for each status (and a network
// failure, and a timeout), whether the HTTP layer sends a safe request again ("retry inside a
// request") and whether the import keeps asking about a running job ("keep polling a job").
import { ApiError } from "../../src/api/errors";
import type * as FaultsModule from "../../src/api/faults";
import {
  JOB_POLLING,
  REQUEST_RETRY,
  faultOf,
  keepPolling,
  pollDelay,
  requestBackoff,
  retryInRequest,
  type Fault,
} from "../../src/api/faults";

const status = (s: number, retryAfterMs?: number): Fault =>
  retryAfterMs === undefined ? { kind: "status", status: s } : { kind: "status", status: s, retryAfterMs };

/** [what failed, retried inside a safe request, kept polling while a job runs] */
const TABLE: ReadonlyArray<[string, Fault, boolean, boolean]> = [
  ["200", status(200), false, false],
  ["304", status(304), false, false],
  ["400", status(400), false, false],
  ["401", status(401), false, false],
  ["403", status(403), false, false],
  ["404", status(404), false, false],
  ["405", status(405), false, false],
  ["408", status(408), true, true],
  ["409", status(409), false, false],
  ["410", status(410), false, false],
  ["413", status(413), false, false],
  ["422", status(422), false, false],
  ["425", status(425), false, false],
  ["429", status(429), true, true],
  ["499", status(499), false, false],
  ["500", status(500), false, true],
  ["501", status(501), false, false],
  ["502", status(502), true, true],
  ["503", status(503), true, true],
  ["504", status(504), true, true],
  ["505", status(505), false, false],
  ["507", status(507), false, true],
  ["511", status(511), false, true],
  ["520", status(520), false, true],
  ["599", status(599), false, true],
  ["600", status(600), false, false],
  ["a network failure", { kind: "network" }, true, true],
  ["a timeout", { kind: "timeout" }, true, true],
];

describe("retry inside a request", () => {
  it.each(TABLE)("%s: retried inside a safe request: %s", (_what, fault, retried) => {
    expect(retryInRequest(fault, { attempt: 1, safe: true }, REQUEST_RETRY, () => 0).again).toBe(retried);
  });

  it.each(TABLE)("%s: never retried inside an unsafe request (the import POST)", (_what, fault) => {
    expect(retryInRequest(fault, { attempt: 1, safe: false }, REQUEST_RETRY, () => 0)).toEqual({
      again: false,
    });
  });

  it("gives up after the policy's attempts, the first included", () => {
    const decide = (attempt: number) => retryInRequest(status(503), { attempt, safe: true }, REQUEST_RETRY);
    expect([1, 2, 3, 4].map((a) => decide(a).again)).toEqual([true, true, true, false]);
    const once = { ...REQUEST_RETRY, maxAttempts: 1 };
    expect(retryInRequest({ kind: "network" }, { attempt: 1, safe: true }, once).again).toBe(false);
    // A policy of no attempts still sends the request once, and never again.
    const none = { ...REQUEST_RETRY, maxAttempts: 0 };
    expect(retryInRequest({ kind: "network" }, { attempt: 1, safe: true }, none).again).toBe(false);
  });

  it("waits as long as Retry-After says, up to half a minute, and gives up on a longer pause", () => {
    const decide = (ms: number, s = 429) => retryInRequest(status(s, ms), { attempt: 1, safe: true });
    expect(decide(3_000)).toEqual({ again: true, delayMs: 3_000 });
    expect(decide(0)).toEqual({ again: true, delayMs: 0 });
    expect(decide(30_000, 503)).toEqual({ again: true, delayMs: 30_000 });
    expect(decide(30_001)).toEqual({ again: false });
    // A status that is not repeated stays so whatever the server asks.
    expect(decide(1_000, 500)).toEqual({ again: false });
  });

  it("backs off exponentially with equal jitter, capped at the policy's longest pause", () => {
    const low = [1, 2, 3, 4, 5, 6, 7].map((a) => requestBackoff(a, REQUEST_RETRY, () => 0));
    expect(low).toEqual([200, 400, 800, 1600, 3200, 4000, 4000]);
    const high = [1, 2, 3, 6, 7].map((a) => requestBackoff(a, REQUEST_RETRY, () => 0.999999));
    expect(high).toEqual([400, 800, 1600, 8000, 8000]);
    // Network failures and timeouts, and statuses without Retry-After, wait the backoff.
    expect(retryInRequest({ kind: "timeout" }, { attempt: 2, safe: true }, REQUEST_RETRY, () => 0.5)).toEqual(
      {
        again: true,
        delayMs: 600,
      },
    );
    expect(retryInRequest(status(502), { attempt: 3, safe: true }, REQUEST_RETRY, () => 0)).toEqual({
      again: true,
      delayMs: 800,
    });
  });
});

describe("the deadline of one request", () => {
  it("ends every request, its tries and pauses included, well inside the 45 s a user waits", () => {
    // The first try may use the whole per-try limit (30 s); what is left is for a second try.
    expect(REQUEST_RETRY.deadlineMs).toBeLessThanOrEqual(40_000);
    expect(REQUEST_RETRY.maxRetryAfterMs + REQUEST_RETRY.minAttemptMs).toBeLessThanOrEqual(
      REQUEST_RETRY.deadlineMs,
    );
  });

  it("starts no try that could not be answered before the deadline", () => {
    const decide = (fault: Fault, remainingMs: number) =>
      retryInRequest(fault, { attempt: 1, safe: true, remainingMs }, REQUEST_RETRY, () => 0);
    // The backoff of a first failure is 200 ms here; a try needs minAttemptMs after it.
    const enough = 200 + REQUEST_RETRY.minAttemptMs;
    expect(decide({ kind: "timeout" }, enough)).toEqual({ again: true, delayMs: 200 });
    expect(decide({ kind: "timeout" }, enough - 1)).toEqual({ again: false });
    expect(decide({ kind: "network" }, 0)).toEqual({ again: false });
    expect(decide(status(429, 5_000), 5_000 + REQUEST_RETRY.minAttemptMs)).toEqual({
      again: true,
      delayMs: 5_000,
    });
    expect(decide(status(429, 5_000), 6_000)).toEqual({ again: false });
    // Without a deadline the attempts alone decide (a caller of the policy that keeps no clock).
    expect(
      retryInRequest({ kind: "timeout" }, { attempt: 1, safe: true }, REQUEST_RETRY, () => 0).again,
    ).toBe(true);
  });
});

describe("keep polling a job", () => {
  it.each(TABLE)("%s: kept polling: %s", (_what, fault, _retried, polled) => {
    expect(keepPolling(fault, 0).again).toBe(polled);
  });

  it("polls from about 1 s, growing by half each time, to 5 s", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((a) => pollDelay(a))).toEqual([
      1000, 1500, 2250, 3375, 5000, 5000, 5000,
    ]);
    expect(pollDelay(0)).toBe(JOB_POLLING.firstDelayMs);
    expect(pollDelay(50)).toBe(JOB_POLLING.maxDelayMs);
  });

  it("asks again at the polling pace after a fault, whatever the attempt", () => {
    expect(keepPolling({ kind: "network" }, 0)).toEqual({ again: true, delayMs: 1000 });
    expect(keepPolling(status(503), 2)).toEqual({ again: true, delayMs: 2250 });
    expect(keepPolling({ kind: "timeout" }, 9)).toEqual({ again: true, delayMs: 5000 });
  });

  it("waits a longer Retry-After, shortened to a minute, and never less than the polling pace", () => {
    expect(keepPolling(status(429, 3_000), 0)).toEqual({ again: true, delayMs: 3_000 });
    expect(keepPolling(status(503, 10 * 60_000), 0)).toEqual({ again: true, delayMs: 60_000 });
    expect(keepPolling(status(429, 200), 2)).toEqual({ again: true, delayMs: 2250 });
    // A status that ends the following does so whatever the server asks.
    expect(keepPolling(status(404, 1_000), 0)).toEqual({ again: false });
  });
});

describe("the fault an error of the client stands for", () => {
  const error = (init: Partial<ConstructorParameters<typeof ApiError>[0]>) =>
    new ApiError({ kind: "http", endpoint: "import-status", ...init });

  it.each<[string, unknown, Fault | null]>([
    ["a network failure", error({ kind: "network" }), { kind: "network" }],
    ["a timeout", error({ kind: "timeout" }), { kind: "timeout" }],
    ["a status", error({ status: 503 }), status(503)],
    ["a status with Retry-After", error({ status: 429, retryAfterSeconds: 2.5 }), status(429, 2500)],
    ["an HTTP error without a status", error({}), null],
    ["a cancelled request", error({ kind: "aborted" }), null],
    ["a sign-out", error({ kind: "signed-out", status: 401 }), null],
    ["a malformed answer", error({ kind: "invalid-response", status: 200 }), null],
    ["a request the user has to complete", error({ kind: "invalid-request" }), null],
    ["an error that is not the client's", new Error("boom"), null],
    ["a look-alike of the client's error", { kind: "network", status: 503 }, null],
    ["a rejection without a value", undefined, null],
    ["a rejection with null", null, null],
  ])("%s", (_what, given, fault) => {
    expect(faultOf(given)).toEqual(fault);
  });
});

describe("the policies as the module builds them", () => {
  // Loaded inside each test, so that the module-level tables (the statuses, the give-up answer, the
  // polling pace) are built while a test runs and a change to them is seen by these tests.
  async function freshFaults(): Promise<typeof FaultsModule> {
    let loaded: typeof FaultsModule | undefined;
    await jest.isolateModulesAsync(async () => {
      loaded = await import("../../src/api/faults");
    });
    if (loaded === undefined) throw new Error("the faults module did not load");
    return loaded;
  }

  it("answers a fault it does not repeat with exactly { again: false }", async () => {
    const f = await freshFaults();
    expect(f.retryInRequest(status(404), { attempt: 1, safe: true }, f.REQUEST_RETRY, () => 0)).toEqual({
      again: false,
    });
    expect(f.keepPolling(status(400), 0)).toEqual({ again: false });
  });

  it.each([501, 505])("stops following a job on a %i, which the server will never answer", async (s) => {
    const f = await freshFaults();
    expect(f.isPassingWhilePolling(status(s))).toBe(false);
    expect(f.keepPolling(status(s), 0)).toEqual({ again: false });
  });

  it("keeps following a job through a 500 and a 507", async () => {
    const f = await freshFaults();
    expect(f.keepPolling(status(500), 0)).toEqual({ again: true, delayMs: 1000 });
    expect(f.keepPolling(status(507), 0)).toEqual({ again: true, delayMs: 1000 });
  });

  it("polls at 1 s, 1.5 s, … up to 5 s by default, and shortens a Retry-After to a minute", async () => {
    const f = await freshFaults();
    expect([0, 1, 4].map((a) => f.pollDelay(a))).toEqual([1000, 1500, 5000]);
    expect(f.keepPolling(status(503, 10 * 60_000), 0)).toEqual({ again: true, delayMs: 60_000 });
  });
});
