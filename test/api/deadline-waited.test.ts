// How long the user waited, as the timeout message says it, and where the request's deadline ends:
// counted from the tries that ran out of time and the pauses between them even when the client's
// clock does not move (a frozen Date.now), measured from the request's own start otherwise.
import { z } from "zod";
import { ApiError } from "../../src/api/errors";
import { HttpClient, type TokenProvider } from "../../src/api/http";
import { setLogSink } from "../../src/log/logger";
import { FakeTokens, hangingFetch, jsonResponse, recordingSleep, URLS } from "./fakes";
import { errorText } from "../../src/i18n";

const T0 = 1_700_000_000_000;

beforeEach(() => setLogSink(() => undefined));
afterEach(() => {
  jest.useRealTimers();
  setLogSink(null);
});

const GET = {
  endpoint: "project-list",
  method: "GET",
  service: "value",
  path: "/p",
  schema: z.unknown(),
} as const;

const waitedMessage = (seconds: number) =>
  `The platform did not answer within ${seconds} seconds (the project list). Check the network connection, then try again.`;

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

describe("the time a timeout message names, with a clock that stands still", () => {
  // Pauses with random() = 0: half of 400, 800 and 1,600 ms, so 1.4 s in all.
  const standing = { now: () => 0, random: () => 0, sleep: recordingSleep().sleep };

  it("adds every try that ran out of its 30 s and every pause: four tries, 121 s", async () => {
    jest.useFakeTimers({ now: T0 });
    const f = countingFetch((_n, init) => hangingFetch("x", init));
    const http = new HttpClient(() => URLS, new FakeTokens(), { fetch: f.fetch, ...standing });
    const { outcome } = await timed(http.request(GET));
    const error = (outcome as { error: ApiError }).error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe("timeout");
    expect(errorText(error)).toBe(waitedMessage(121));
    expect(f.count()).toBe(4);
  });

  it("counts a try that failed at once (no network) as no time waited", async () => {
    jest.useFakeTimers({ now: T0 });
    const f = countingFetch((n, init) =>
      n < 4 ? Promise.reject(new TypeError("Failed to fetch")) : hangingFetch("x", init),
    );
    const http = new HttpClient(() => URLS, new FakeTokens(), { fetch: f.fetch, ...standing });
    const { outcome } = await timed(http.request(GET));
    expect(errorText((outcome as { error: ApiError }).error)).toBe(waitedMessage(31));
    expect(f.count()).toBe(4);
  });
});

describe("the deadline of one request, on a clock of its own", () => {
  it("starts no try once the deadline has passed during a sign-in renewal, and says how long it was", async () => {
    let clock = 0;
    const f = countingFetch(() => {
      clock = 40_000; // the 401 comes exactly at the deadline
      return Promise.resolve(jsonResponse(401));
    });
    const tokens = new FakeTokens();
    const http = new HttpClient(() => URLS, tokens, { fetch: f.fetch, now: () => clock });
    const error = (await http.request(GET).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe("timeout");
    expect(errorText(error)).toBe(waitedMessage(40));
    expect(tokens.renewals).toBe(1);
    expect(f.count()).toBe(1);
  });

  it("waits for a sign-in step until the request's deadline, not less and not more", async () => {
    jest.useFakeTimers({ now: T0 });
    // The client's clock reads 5 s at the request's start: the deadline is 40 s after that.
    const http = new HttpClient(() => URLS, hangingTokens(), { now: () => Date.now() - T0 + 5_000 });
    const { ms, outcome } = await timed(http.request(GET));
    expect((outcome as { error: ApiError }).error).toMatchObject({ kind: "timeout" });
    expect(ms).toBeGreaterThanOrEqual(39_000);
    expect(ms).toBeLessThanOrEqual(41_000);
  });

  it("goes on with the request after a slow sign-in step that ends within the deadline", async () => {
    jest.useFakeTimers({ now: T0 });
    const slowTokens: TokenProvider = {
      getAccessToken: () => new Promise<string>((resolve) => setTimeout(() => resolve("token-1"), 10_000)),
      renewAfterUnauthorized: () => Promise.reject(new Error("not expected")),
      signOutAfterRefusal: () => Promise.resolve(),
    };
    const f = countingFetch(() => Promise.resolve(jsonResponse(200, ["p1"])));
    const http = new HttpClient(() => URLS, slowTokens, { fetch: f.fetch });
    const { outcome } = await timed(http.request(GET));
    expect(outcome).toEqual({ value: ["p1"] });
    expect(f.count()).toBe(1);
  });
});

function hangingTokens(): TokenProvider {
  return {
    getAccessToken: () => new Promise<string>(() => undefined),
    renewAfterUnauthorized: () => Promise.reject(new Error("not expected")),
    signOutAfterRefusal: () => Promise.resolve(),
  };
}
