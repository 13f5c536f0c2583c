// The HTTP layer's policy as a caller relies on it without configuring anything: which statuses
// are retried and how often, how long it waits by default, what is never retried (a POST, a
// cancelled request), a 401 without a token, the edges of success (exactly 300), links on the
// service's own host, and the log lines a support engineer reads. Tests of the defaults load the
// module afresh, so its module-level policy is built inside the test.
import { z } from "zod";
import type * as HttpModule from "../../src/api/http";
import { HttpClient, type HttpDeps } from "../../src/api/http";
import { setLogSink } from "../../src/log/logger";
import {
  FakeTokens,
  hangingFetch,
  jsonResponse,
  recordingSleep,
  scriptedFetch,
  URLS,
  type Reply,
} from "./fakes";
import { errorText } from "../../src/i18n";

let logLines: string[] = [];
beforeEach(() => {
  logLines = [];
  setLogSink((level, line) => logLines.push(`${level} ${line}`));
});
afterAll(() => setLogSink(null));

async function freshHttp(): Promise<typeof HttpModule> {
  let loaded: typeof HttpModule | undefined;
  await jest.isolateModulesAsync(async () => {
    loaded = await import("../../src/api/http");
    // The fresh copy logs through a fresh logger: keep its retries out of the test output.
    (await import("../../src/log/logger")).setLogSink(() => undefined);
  });
  if (loaded === undefined) throw new Error("the http module did not load");
  return loaded;
}

const anything = z.unknown();
const GET = {
  endpoint: "project-list",
  method: "GET",
  service: "value",
  path: "/p",
  schema: anything,
} as const;

/** Records the pauses; a client that keeps retrying past any sane policy is stopped at 20. */
function boundedSleep() {
  const pauses: number[] = [];
  const sleep = async (ms: number) => {
    pauses.push(ms);
    if (pauses.length > 20) throw new Error("still retrying after 20 pauses");
  };
  return { sleep, pauses };
}

function client(replies: Reply[], deps: HttpDeps = {}, tokens = new FakeTokens(), Client = HttpClient) {
  const f = scriptedFetch(replies);
  const s = boundedSleep();
  const http = new Client(() => URLS, tokens, { fetch: f.fetch, sleep: s.sleep, random: () => 0, ...deps });
  return { http, requests: f.requests, pauses: s.pauses, tokens };
}

const settle = (p: Promise<unknown>) => p.catch((e: unknown) => e);

describe("the default retry policy", () => {
  it("tries a GET four times in all, pausing 200, 400 and 800 ms at the least", async () => {
    const { HttpClient: Fresh } = await freshHttp();
    const { http, requests, pauses } = client(
      [{ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }, { status: 200, body: {} }],
      {},
      undefined,
      Fresh,
    );
    expect(await settle(http.request(GET))).toMatchObject({ kind: "http", status: 503 });
    expect(requests).toHaveLength(4);
    expect(pauses).toEqual([200, 400, 800]);
  });

  it("never waits more than 8 s between attempts, however many there are", async () => {
    const { HttpClient: Fresh } = await freshHttp();
    const replies: Reply[] = Array.from({ length: 7 }, () => ({ status: 502 }));
    const { http, pauses } = client(
      replies,
      { random: () => 0.999999, retry: { maxAttempts: 7 } },
      undefined,
      Fresh,
    );
    await settle(http.request(GET));
    expect(pauses).toEqual([400, 800, 1600, 3200, 6400, 8000]);
  });

  it("waits a Retry-After of half a minute, and gives up at once on a longer one", async () => {
    const { HttpClient: Fresh } = await freshHttp();
    const minute = client(
      [
        { status: 429, headers: { "Retry-After": "30" } },
        { status: 200, body: [] },
      ],
      {},
      undefined,
      Fresh,
    );
    await expect(minute.http.request(GET)).resolves.toEqual([]);
    expect(minute.pauses).toEqual([30_000]);
    const longer = client([{ status: 429, headers: { "Retry-After": "31" } }], {}, undefined, Fresh);
    expect(await settle(longer.http.request(GET))).toMatchObject({ status: 429, retryAfterSeconds: 31 });
    expect(longer.requests).toHaveLength(1);
  });

  it.each([408, 429, 502, 503, 504])("retries a %i", async (status) => {
    const { HttpClient: Fresh } = await freshHttp();
    const { http, requests } = client([{ status }, { status: 200, body: { ok: 1 } }], {}, undefined, Fresh);
    await expect(http.request(GET)).resolves.toEqual({ ok: 1 });
    expect(requests).toHaveLength(2);
  });

  it.each([400, 404, 500, 501, 505])("does not retry a %i", async (status) => {
    const { HttpClient: Fresh } = await freshHttp();
    const { http, requests } = client([{ status }, { status: 200 }], {}, undefined, Fresh);
    expect(await settle(http.request(GET))).toMatchObject({ status });
    expect(requests).toHaveLength(1);
  });

  it("really waits between attempts when no pause function is given", async () => {
    const { HttpClient: Fresh } = await freshHttp();
    const f = scriptedFetch([
      { status: 503, headers: { "Retry-After": "0.06" } },
      { status: 200, body: {} },
    ]);
    const http = new Fresh(() => URLS, new FakeTokens(), { fetch: f.fetch });
    const started = Date.now();
    await http.request(GET);
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
    expect(f.requests).toHaveLength(2);
  });

  it("uses the browser's fetch when none is given", async () => {
    const browserFetch = jest.spyOn(globalThis, "fetch").mockResolvedValue(jsonResponse(200, { ok: true }));
    try {
      const http = new HttpClient(() => URLS, new FakeTokens(), { sleep: recordingSleep().sleep });
      await expect(http.request(GET)).resolves.toEqual({ ok: true });
      expect(browserFetch).toHaveBeenCalledTimes(1);
      expect(browserFetch.mock.calls[0]?.[0]).toBe("https://value.example.com/p");
    } finally {
      browserFetch.mockRestore();
    }
  });
});

describe("what is never retried", () => {
  it("sends a POST once even on a 503, unless told to retry", async () => {
    const post = { ...GET, method: "POST", json: { a: 1 } } as const;
    const once = client([{ status: 503 }, { status: 200, body: {} }]);
    expect(await settle(once.http.request(post))).toMatchObject({ status: 503 });
    expect(once.requests).toHaveLength(1);
    const retried = client([{ status: 503 }, { status: 200, body: {} }]);
    await expect(retried.http.request({ ...post, retry: true })).resolves.toEqual({});
    expect(retried.requests).toHaveLength(2);
  });

  it("sends nothing for a request cancelled before it starts", async () => {
    const controller = new AbortController();
    controller.abort();
    const { http, requests, pauses } = client([{ status: 200, body: {} }]);
    expect(await settle(http.request({ ...GET, signal: controller.signal }))).toMatchObject({
      kind: "aborted",
      endpoint: "project-list",
    });
    expect(requests).toHaveLength(0);
    expect(pauses).toEqual([]);
  });

  it("does not pause to retry a request cancelled while it was on its way", async () => {
    const controller = new AbortController();
    const cancelling = (async () => {
      controller.abort();
      throw new DOMException("aborted", "AbortError");
    }) as typeof fetch;
    const s = recordingSleep();
    const http = new HttpClient(() => URLS, new FakeTokens(), { fetch: cancelling, sleep: s.sleep });
    expect(await settle(http.request({ ...GET, signal: controller.signal }))).toMatchObject({
      kind: "aborted",
    });
    expect(s.pauses).toEqual([]);
  });

  it("fails as cancelled, naming the endpoint, when cancelled during the pause", async () => {
    const { http, requests } = client([{ status: 503 }, { status: 200, body: {} }], {
      sleep: () => Promise.reject(new DOMException("The operation was aborted.", "AbortError")),
    });
    expect(await settle(http.request(GET))).toMatchObject({ kind: "aborted", endpoint: "project-list" });
    expect(requests).toHaveLength(1);
  });
});

describe("answers at the edges", () => {
  it("does not renew anything when a request sent without a token gets 401", async () => {
    const { http, requests, tokens } = client([{ status: 401 }, { status: 200, body: {} }]);
    expect(await settle(http.request({ ...GET, auth: false }))).toMatchObject({
      kind: "signed-out",
      status: 401,
    });
    expect(tokens.renewals).toBe(0);
    expect(requests).toHaveLength(1);
  });

  it("reads a service error of a request sent without a token with 401 as a sign-out", async () => {
    const { http } = client([{ status: 401, body: { error: { message: "Unauthorized" } } }]);
    expect(await settle(http.request({ ...GET, auth: false }))).toMatchObject({
      kind: "signed-out",
      platformMessage: "Unauthorized",
    });
  });

  it("gives no Retry-After for a refusal that names none", async () => {
    const { http } = client([{ status: 403, body: { error: { message: "Forbidden" } } }]);
    const refusal = (await settle(http.request(GET))) as { retryAfterSeconds?: number; status?: number };
    expect(refusal.status).toBe(403);
    expect(refusal.retryAfterSeconds).toBeUndefined();
  });

  it("treats a 300 as a failure and a 299 as a success", async () => {
    const multiple = client([{ status: 300, body: { choices: 2 } }]);
    expect(await settle(multiple.http.request(GET))).toMatchObject({ kind: "http", status: 300 });
    const edge = client([{ status: 299, body: { ok: 1 } }]);
    await expect(edge.http.request(GET)).resolves.toEqual({ ok: 1 });
  });

  it("says that a success which is not JSON is not JSON", async () => {
    const { http } = client([{ status: 200, body: "<html>login</html>" }]);
    const error = await settle(http.request(GET));
    expect(error).toMatchObject({ kind: "invalid-response", found: { key: "api.foundNotJson" } });
    expect(errorText(error)).toBe(
      "The platform's answer to the project list did not have the expected form: the answer is not JSON.",
    );
  });

  it("asks the service's base URL itself when no path is given", async () => {
    const { http, requests } = client([{ status: 200, body: {} }]);
    await http.request({ endpoint: "project-list", method: "GET", service: "platform", schema: anything });
    expect(requests[0]?.url).toBe("https://platform.example.com/");
  });

  it("refuses an https link to the service's host on another port", async () => {
    const urls = { ...URLS, value: "https://value.example.com:8443" };
    const f = scriptedFetch([{ status: 200, body: {} }]);
    const http = new HttpClient(() => urls, new FakeTokens(), {
      fetch: f.fetch,
      sleep: recordingSleep().sleep,
    });
    expect(
      await settle(http.request({ ...GET, path: undefined, url: "https://value.example.com/next?page=2" })),
    ).toMatchObject({ kind: "invalid-response" });
    expect(f.requests).toHaveLength(0);
  });
});

describe("timeouts", () => {
  it("gives up on one request after its own time limit, shorter than the client's", async () => {
    const http = new HttpClient(() => URLS, new FakeTokens(), {
      fetch: hangingFetch,
      sleep: recordingSleep().sleep,
      timeoutMs: 60_000,
    });
    const started = Date.now();
    expect(await settle(http.request({ ...GET, retry: false, timeoutMs: 30 }))).toMatchObject({
      kind: "timeout",
      endpoint: "project-list",
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe("timers", () => {
  afterEach(() => jest.useRealTimers());

  it("leaves no time limit running once the answer is in", async () => {
    jest.useFakeTimers();
    const { http } = client([{ status: 200, body: {} }]);
    await http.request(GET);
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe("the log of retries", () => {
  it("says under the http scope what failed, which attempt is next and how long it waits", async () => {
    const network = client(["network-error", { status: 200, body: {} }]);
    await network.http.request(GET);
    const status = client([{ status: 503 }, { status: 200, body: {} }]);
    await status.http.request(GET);
    expect(logLines).toEqual([
      "warn [http] GET project-list: network failure, retry 1 in 200 ms",
      "warn [http] GET project-list: HTTP 503, retry 1 in 200 ms",
    ]);
  });

  it("says when a 401 makes it renew the sign-in", async () => {
    const { http } = client([{ status: 401 }, { status: 200, body: {} }]);
    await http.request(GET);
    expect(logLines).toEqual(["info [http] GET project-list: 401, renewing the sign-in once"]);
  });
});
