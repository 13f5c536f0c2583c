// The HTTP layer's requests as they go on the wire and the finer points of its answers: headers
// (JSON accepted, no cookies, no cache), form and JSON bodies, the backoff between retries (equal
// jitter, capped), Retry-After with decimals, a 2xx that is not JSON, a redirect status, and the
// services behind a TLS-terminating proxy on a non-default port.
import { z } from "zod";
import { HttpClient, parseRetryAfter, type HttpDeps } from "../../src/api/http";
import { setLogSink } from "../../src/log/logger";
import { FakeTokens, jsonResponse, recordingSleep } from "./fakes";

beforeAll(() => setLogSink(() => undefined));
afterAll(() => setLogSink(null));

interface Sent {
  url: string;
  init: RequestInit;
}

function client(
  answer: (n: number) => Response,
  deps: HttpDeps = {},
  urls = {
    auth: "https://auth.example.com",
    value: "https://value.example.com",
    platform: "https://p.example.com",
  },
) {
  const sent: Sent[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: input instanceof Request ? input.url : input.toString(), init: init ?? {} });
    return answer(sent.length);
  }) as typeof fetch;
  const s = recordingSleep();
  const http = new HttpClient(() => urls, new FakeTokens("token-1"), {
    fetch: fetchFn,
    sleep: s.sleep,
    ...deps,
  });
  return { http, sent, pauses: s.pauses };
}

const anything = z.unknown();

describe("a request on the wire", () => {
  it("asks for JSON, sends no cookies, bypasses the cache, and carries the bearer token", async () => {
    const { http, sent } = client(() => jsonResponse(200, {}));
    await http.request({
      endpoint: "project-list",
      method: "GET",
      service: "value",
      path: "/x",
      schema: anything,
    });
    const init = sent[0]?.init;
    expect(init?.method).toBe("GET");
    expect(init?.headers).toEqual({ Accept: "application/json", Authorization: "Bearer token-1" });
    expect(init?.credentials).toBe("omit");
    expect(init?.cache).toBe("no-store");
    expect(init?.body).toBeUndefined();
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it("sends a form url-encoded, without a token when told so", async () => {
    const { http, sent } = client(() => jsonResponse(200, {}));
    await http.request({
      endpoint: "token",
      method: "POST",
      service: "auth",
      path: "/connect/token",
      form: { grant_type: "password", username: "ivan petrov", password: "a&b=c" },
      schema: anything,
      auth: false,
    });
    const init = sent[0]?.init;
    expect(init?.headers).toEqual({
      Accept: "application/json",
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(init?.body).toBe("grant_type=password&username=ivan+petrov&password=a%26b%3Dc");
  });

  it("sends JSON as JSON", async () => {
    const { http, sent } = client(() => jsonResponse(200, {}));
    await http.request({
      endpoint: "catalog-import",
      method: "POST",
      service: "value",
      path: "/import",
      json: { Name: "Бетон" },
      schema: anything,
    });
    expect(sent[0]?.init.headers).toMatchObject({ "Content-Type": "application/json" });
    expect(sent[0]?.init.body).toBe('{"Name":"Бетон"}');
  });

  it("leaves out query parameters without a value, and trims the base URL's trailing slashes", async () => {
    const { http, sent } = client(
      () => jsonResponse(200, {}),
      {},
      {
        auth: "https://auth.example.com//",
        value: "https://value.example.com/base///",
        platform: "https://p.example.com",
      },
    );
    await http.request({
      endpoint: "boq",
      method: "GET",
      service: "value",
      path: "/a",
      query: { version: "1.1", parents: false, none: undefined },
      schema: anything,
    });
    expect(sent[0]?.url).toBe("https://value.example.com/base/a?version=1.1&parents=false");
  });
});

describe("the pause between retries", () => {
  const failing = () => new Response("", { status: 503 });

  it("is half the step at the least (equal jitter), doubling from 400 ms", async () => {
    const { http, pauses } = client(failing, { random: () => 0 });
    await http
      .request({ endpoint: "boq", method: "GET", service: "value", path: "/a", schema: anything })
      .catch(() => undefined);
    expect(pauses).toEqual([200, 400, 800]);
  });

  it("is the whole step at the most, and never above the cap", async () => {
    const { http, pauses } = client(failing, {
      random: () => 0.999999,
      retry: { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 3000 },
    });
    await http
      .request({ endpoint: "boq", method: "GET", service: "value", path: "/a", schema: anything })
      .catch(() => undefined);
    expect(pauses).toEqual([1000, 2000, 3000, 3000]);
  });

  it("follows a Retry-After with decimals, and retries at a Retry-After of exactly the longest wait", async () => {
    let n = 0;
    const { http, pauses } = client(
      () => {
        n++;
        return n === 1
          ? new Response("", { status: 429, headers: { "Retry-After": "1.5" } })
          : n === 2
            ? new Response("", { status: 503, headers: { "Retry-After": "30" } })
            : jsonResponse(200, { ok: true });
      },
      { random: () => 0 },
    );
    await expect(
      http.request({ endpoint: "boq", method: "GET", service: "value", path: "/a", schema: anything }),
    ).resolves.toEqual({ ok: true });
    expect(pauses).toEqual([1500, 30_000]);
  });
});

describe("Retry-After", () => {
  it("reads delay-seconds with spaces and decimals, and nothing else as seconds", () => {
    expect(parseRetryAfter(" 2 ", 0)).toBe(2000);
    expect(parseRetryAfter("0.25", 0)).toBe(250);
    expect(parseRetryAfter("2 seconds", 0)).toBeUndefined();
    expect(parseRetryAfter("x2", 0)).toBeUndefined();
  });

  it("reads a date in the past as no wait", () => {
    expect(parseRetryAfter("Thu, 01 Jan 1970 00:00:10 GMT", 60_000)).toBe(0);
  });
});

describe("answers", () => {
  it("refuses a success that is not JSON, naming the endpoint", async () => {
    const { http } = client(() => new Response("<html>proxy login</html>", { status: 200 }));
    await expect(
      http.request({
        endpoint: "project-list",
        method: "GET",
        service: "value",
        path: "/a",
        schema: anything,
      }),
    ).rejects.toMatchObject({ kind: "invalid-response", status: 200, endpoint: "project-list" });
  });

  it("reads an empty success as no content", async () => {
    const { http } = client(() => new Response("  ", { status: 200 }));
    await expect(
      http.request({ endpoint: "boq", method: "GET", service: "value", path: "/a", schema: z.null() }),
    ).resolves.toBeNull();
  });

  it("treats a redirect or other non-2xx status as a failure with its status", async () => {
    const { http } = client(() => new Response(null, { status: 304 }));
    await expect(
      http.request({ endpoint: "boq", method: "GET", service: "value", path: "/a", schema: anything }),
    ).rejects.toMatchObject({ kind: "http", status: 304 });
  });

  it("gives the Retry-After of a final refusal in seconds", async () => {
    const { http } = client(() => new Response("", { status: 429, headers: { "Retry-After": "120" } }));
    await expect(
      http.request({ endpoint: "boq", method: "GET", service: "value", path: "/a", schema: anything }),
    ).rejects.toMatchObject({ status: 429, retryAfterSeconds: 120 });
  });

  it("reads an OAuth refusal of a non-OAuth endpoint by its status: 401 is a sign-out", async () => {
    const { http } = client(
      () => jsonResponse(401, { error: "invalid_token", error_description: "expired" }),
      {},
      undefined,
    );
    const tokenless = { endpoint: "boq", method: "GET", service: "value", path: "/a", auth: false } as const;
    const refusal = await http.request({ ...tokenless, schema: anything }).catch((e: unknown) => e);
    expect(refusal).toMatchObject({
      kind: "signed-out",
      code: "invalid_token",
      platformMessage: "expired",
    });
    const { http: other } = client(() => jsonResponse(403, { error: "insufficient_scope" }));
    await expect(other.request({ ...tokenless, schema: anything })).rejects.toMatchObject({
      kind: "http",
      code: "insufficient_scope",
      platformMessage: undefined,
    });
  });
});

describe("a service on a non-default port behind a TLS-terminating proxy", () => {
  const urls = {
    auth: "https://auth.example.com",
    value: "https://value.example.com:8443",
    platform: "https://p.example.com",
  };

  it("follows its http:// link on the same port over https", async () => {
    const { http, sent } = client(() => jsonResponse(200, {}), {}, urls);
    await http.request({
      endpoint: "boq",
      method: "GET",
      service: "value",
      url: "http://value.example.com:8443/odata?p=2",
      schema: anything,
    });
    expect(sent[0]?.url).toBe("https://value.example.com:8443/odata?p=2");
  });

  it("follows its http:// link without a port over https on the service's port", async () => {
    const { http, sent } = client(() => jsonResponse(200, {}), {}, urls);
    await http.request({
      endpoint: "boq",
      method: "GET",
      service: "value",
      url: "http://value.example.com/odata",
      schema: anything,
    });
    expect(sent[0]?.url).toBe("https://value.example.com:8443/odata");
  });

  it("does not change an http:// service's own links", async () => {
    const local = {
      auth: "http://localhost:4001",
      value: "http://localhost:4002",
      platform: "http://localhost:4003",
    };
    const { http, sent } = client(() => jsonResponse(200, {}), {}, local);
    await http.request({
      endpoint: "boq",
      method: "GET",
      service: "value",
      url: "http://localhost:4002/odata",
      schema: anything,
    });
    expect(sent[0]?.url).toBe("http://localhost:4002/odata");
  });
});
