// A server that does not answer: the user's action (a pane button, a cell) gets a message within
// 45 s, where four 30-second tries with their pauses kept it waiting two minutes. Driven by fake
// timers: the clock, the per-try timeouts and the pauses all run on them, nothing waits for real.
import { z } from "zod";
import { ApiError } from "../../src/api/errors";
import { REQUEST_RETRY } from "../../src/api/faults";
import { HttpClient, type TokenProvider } from "../../src/api/http";
import { listProjects } from "../../src/api/platform";
import { setLogSink } from "../../src/log/logger";
import { FakeTokens, hangingFetch, jsonResponse, URLS } from "./fakes";
import { errorText } from "../../src/i18n";

const USER_WAITS_AT_MOST_MS = 45_000;

beforeEach(() => {
  jest.useFakeTimers({ now: 1_700_000_000_000 });
  setLogSink(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  setLogSink(null);
});

/** Runs the fake clock a second at a time until `promise` settles; how long that took, and how. */
async function timed<T>(promise: Promise<T>, limitMs = 5 * 60_000) {
  const start = Date.now();
  let outcome: { value: T } | { error: unknown } | undefined;
  promise.then(
    (value) => (outcome = { value }),
    (error: unknown) => (outcome = { error }),
  );
  while (outcome === undefined && Date.now() - start < limitMs) await jest.advanceTimersByTimeAsync(1_000);
  if (outcome === undefined) throw new Error(`still waiting after ${limitMs} ms`);
  return { ms: Date.now() - start, outcome };
}

function countingFetch(answer: (n: number, init?: RequestInit) => Promise<Response>) {
  let n = 0;
  const fetchFn = ((_input: RequestInfo | URL, init?: RequestInit) => answer(++n, init)) as typeof fetch;
  return { fetch: fetchFn, count: () => n };
}

const GET = {
  endpoint: "project-list",
  method: "GET",
  service: "value",
  path: "/p",
  schema: z.unknown(),
} as const;

describe("a server that does not answer", () => {
  it("gives the user a message within 45 s, naming how long it waited", async () => {
    const f = countingFetch((_n, init) => hangingFetch("x", init));
    const http = new HttpClient(() => URLS, new FakeTokens(), { fetch: f.fetch });
    const { ms, outcome } = await timed(listProjects(http, "c1"));
    expect(ms).toBeLessThanOrEqual(USER_WAITS_AT_MOST_MS);
    expect(ms).toBeGreaterThanOrEqual(REQUEST_RETRY.deadlineMs - 1_000);
    expect("error" in outcome && outcome.error).toBeInstanceOf(ApiError);
    const error = (outcome as { error: ApiError }).error;
    expect(error.kind).toBe("timeout");
    expect(errorText(error)).toBe(
      "The platform did not answer within 40 seconds (the project list). Check the network connection, then try again.",
    );
    expect(errorText(error)).not.toMatch(/HTTP|\d{3}\b/);
    // The first try used its 30 s, the second what was left; no third try starts without time.
    expect(f.count()).toBe(2);
    expect(jest.getTimerCount()).toBe(0);
  });

  it("ends within the deadline when a sign-in renewal before the request hangs", async () => {
    const hangingTokens: TokenProvider = {
      getAccessToken: () => new Promise<string>(() => undefined),
      renewAfterUnauthorized: () => Promise.reject(new Error("not expected")),
      signOutAfterRefusal: () => Promise.resolve(),
    };
    const f = countingFetch(() => Promise.resolve(jsonResponse(200, [])));
    const http = new HttpClient(() => URLS, hangingTokens, { fetch: f.fetch });
    const { ms, outcome } = await timed(http.request(GET));
    expect(ms).toBeLessThanOrEqual(USER_WAITS_AT_MOST_MS);
    expect((outcome as { error: ApiError }).error).toMatchObject({ kind: "timeout" });
    expect(f.count()).toBe(0);
  });

  it("keeps the renewal and the replay after a 401 inside the same deadline", async () => {
    const f = countingFetch((n, init) =>
      n === 1
        ? new Promise((resolve) => setTimeout(() => resolve(jsonResponse(401)), 25_000))
        : hangingFetch("x", init),
    );
    const http = new HttpClient(() => URLS, new FakeTokens(), { fetch: f.fetch });
    const { ms, outcome } = await timed(http.request(GET));
    expect(ms).toBeLessThanOrEqual(USER_WAITS_AT_MOST_MS);
    expect((outcome as { error: ApiError }).error).toMatchObject({ kind: "timeout" });
  });

  it("still waits for a slow answer that comes within one try's time limit", async () => {
    const f = countingFetch(
      () => new Promise((resolve) => setTimeout(() => resolve(jsonResponse(200, ["slow"])), 28_000)),
    );
    const http = new HttpClient(() => URLS, new FakeTokens(), { fetch: f.fetch });
    const { ms, outcome } = await timed(http.request(GET));
    expect(outcome).toEqual({ value: ["slow"] });
    expect(ms).toBeLessThan(30_000);
    expect(f.count()).toBe(1);
  });

  it("tells a refused retry's wait rather than waiting past the deadline", async () => {
    // 503 with Retry-After 25 s twice: the second pause would end after the deadline.
    const f = countingFetch(() =>
      Promise.resolve(new Response("", { status: 503, headers: { "Retry-After": "25" } })),
    );
    const http = new HttpClient(() => URLS, new FakeTokens(), { fetch: f.fetch });
    const { ms, outcome } = await timed(http.request(GET));
    expect(ms).toBeLessThanOrEqual(USER_WAITS_AT_MOST_MS);
    expect((outcome as { error: ApiError }).error).toMatchObject({ kind: "http", status: 503 });
    expect(f.count()).toBe(2);
  });
});
