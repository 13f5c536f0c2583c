import { ApiError } from "../../src/api/errors";
import { HttpClient, parseRetryAfter, type HttpDeps } from "../../src/api/http";
import { setLogSink } from "../../src/log/logger";
import { getBoq, listCompanies, listProjects, startImport } from "../../src/api/platform";
import { FakeTokens, hangingFetch, recordingSleep, scriptedFetch, URLS, type Reply } from "./fakes";
import { errorDetails, errorText } from "../../src/i18n";

const COMPANIES = [{ id: "c1", name: "ACME", isPersonal: false }];
const IMPORT_BODY = {
  Settings: { CatalogName: "Cat", CompanyId: "c1" },
  Data: [{ Code: "1", Name: "Root" }],
  DeletedData: [],
};

let logLines: string[] = [];
beforeEach(() => {
  logLines = [];
  setLogSink((_level, line) => logLines.push(line));
});
afterAll(() => setLogSink(null));

function client(
  replies: Reply[] | Parameters<typeof scriptedFetch>[0],
  tokens = new FakeTokens(),
  deps: HttpDeps = {},
) {
  const f = scriptedFetch(replies);
  const s = recordingSleep();
  const http = new HttpClient(() => URLS, tokens, {
    fetch: f.fetch,
    sleep: s.sleep,
    random: () => 0.5,
    ...deps,
  });
  return { http, requests: f.requests, pauses: s.pauses, tokens };
}

describe("requests", () => {
  it("sends the bearer token to the service's base URL and parses the body", async () => {
    const { http, requests } = client([{ status: 200, body: COMPANIES }]);
    await expect(listCompanies(http)).resolves.toEqual(COMPANIES);
    expect(requests[0]!.url).toBe("https://auth.example.com/api/app/company");
    expect(requests[0]!.headers.Authorization).toBe("Bearer token-1");
  });

  it("encodes a path identifier", async () => {
    const { http, requests } = client([{ status: 200, body: [] }]);
    await listProjects(http, "a/b c");
    expect(requests[0]!.url).toBe("https://value.example.com/api/app/project/a%2Fb%20c/byCompanyId");
  });
});

describe("retries of GET requests", () => {
  it("returns the data after two 503 answers, with growing pauses", async () => {
    const { http, requests, pauses } = client([
      { status: 503 },
      { status: 503 },
      { status: 200, body: COMPANIES },
    ]);
    await expect(listCompanies(http)).resolves.toEqual(COMPANIES);
    expect(requests).toHaveLength(3);
    expect(pauses).toHaveLength(2);
    expect(pauses[1]!).toBeGreaterThan(pauses[0]!);
  });

  it.each([502, 504])("retries on %i", async (status) => {
    const { http, requests } = client([{ status }, { status: 200, body: COMPANIES }]);
    await listCompanies(http);
    expect(requests).toHaveLength(2);
  });

  it("retries after a network failure", async () => {
    const { http, requests } = client(["network-error", { status: 200, body: COMPANIES }]);
    await expect(listCompanies(http)).resolves.toEqual(COMPANIES);
    expect(requests).toHaveLength(2);
  });

  it("waits as long as Retry-After says (seconds) on 429", async () => {
    const { http, pauses } = client([
      { status: 429, headers: { "Retry-After": "3" } },
      { status: 200, body: COMPANIES },
    ]);
    await listCompanies(http);
    expect(pauses).toEqual([3000]);
  });

  it("waits until the HTTP date of Retry-After", async () => {
    const now = Date.parse("2025-03-03T10:00:00Z");
    const { http, pauses } = client(
      [
        { status: 429, headers: { "Retry-After": "Mon, 03 Mar 2025 10:00:05 GMT" } },
        { status: 200, body: COMPANIES },
      ],
      new FakeTokens(),
      { now: () => now },
    );
    await listCompanies(http);
    expect(pauses).toEqual([5000]);
  });

  it("gives up after the attempts and reports the platform's status", async () => {
    const { http, requests } = client(() => ({ status: 503 }));
    const error = await listCompanies(http).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect(requests).toHaveLength(4);
  });

  it("still busy after its tries: says it asked again, not the platform's 'retry after 1 second' (issue 43)", async () => {
    const busy = {
      status: 429,
      headers: { "Retry-After": "1" },
      body: { error: { code: "TooManyRequests", message: "Please retry after 1 second" } },
    };
    const { http, requests } = client(() => busy);
    const error = (await listCompanies(http).catch((e: unknown) => e)) as ApiError;
    expect(requests).toHaveLength(4);
    expect(errorText(error)).toBe(
      "The platform is busy (the company list): it was asked 4 times, waiting as long as it said each time, and is still busy. Try again in a few minutes.",
    );
    // The platform's words stay in the details.
    expect(errorDetails(error)).toContain("Please retry after 1 second");
  });

  it("does not wait for a Retry-After longer than half a minute", async () => {
    const { http, requests } = client([{ status: 429, headers: { "Retry-After": "600" } }]);
    const error = (await listCompanies(http).catch((e: unknown) => e)) as ApiError;
    expect(requests).toHaveLength(1);
    expect(error.retryAfterSeconds).toBe(600);
    expect(errorText(error)).toMatch(/try again in 600 s/);
  });

  it("does not retry a 500", async () => {
    const { http, requests } = client([{ status: 500 }]);
    await expect(listCompanies(http)).rejects.toBeInstanceOf(ApiError);
    expect(requests).toHaveLength(1);
  });
});

describe("the import POST", () => {
  it.each<Reply>([
    { status: 503 },
    { status: 502 },
    { status: 401 },
    { status: 401, headers: { "WWW-Authenticate": 'Basic realm="proxy"' } },
    { status: 307, headers: { Location: "https://elsewhere.example.com/api/import/catalog/json/external" } },
    "network-error",
  ])("is sent once when it fails (%p)", async (reply) => {
    const { http, requests } = client([reply, { status: 200, body: { JobId: "j" } }]);
    await expect(startImport(http, IMPORT_BODY)).rejects.toBeInstanceOf(ApiError);
    expect(requests).toHaveLength(1);
  });

  it("is sent again after the Retry-After of a 429 (refused before anything was done), the waiting told", async () => {
    const { http, requests } = client([
      { status: 429, headers: { "Retry-After": "3" } },
      { status: 200, body: { JobId: "j" } },
    ]);
    const waits: number[] = [];
    await expect(
      startImport(http, IMPORT_BODY, undefined, { onWaiting: (ms) => waits.push(ms) }),
    ).resolves.toEqual({ jobId: "j" });
    expect(requests).toHaveLength(2);
    expect(waits).toEqual([3000]);
  });

  it("is sent again once the sign-in is renewed after a 401 carrying WWW-Authenticate: Bearer", async () => {
    const { http, requests } = client([
      { status: 401, headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' } },
      { status: 200, body: { JobId: "j" } },
    ]);
    await expect(startImport(http, IMPORT_BODY)).resolves.toEqual({ jobId: "j" });
    expect(requests).toHaveLength(2);
  });

  it("is sent as JSON and returns the job id", async () => {
    const { http, requests } = client([{ status: 200, body: { jobId: "65f1" } }]);
    await expect(startImport(http, IMPORT_BODY)).resolves.toEqual({ jobId: "65f1" });
    expect(requests[0]!.headers["Content-Type"]).toBe("application/json");
    expect(JSON.parse(requests[0]!.body!)).toEqual(IMPORT_BODY);
  });
});

describe("401: renew once and replay", () => {
  it("replays the request with the renewed token", async () => {
    const { http, requests, tokens } = client([{ status: 401 }, { status: 200, body: COMPANIES }]);
    await expect(listCompanies(http)).resolves.toEqual(COMPANIES);
    expect(tokens.renewals).toBe(1);
    expect(requests.map((r) => r.headers.Authorization)).toEqual(["Bearer token-1", "Bearer token-2"]);
  });

  it("signs out when the replayed request is refused again", async () => {
    const { http, requests, tokens } = client([{ status: 401 }, { status: 401 }]);
    const error = (await listCompanies(http).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe("signed-out");
    expect(errorText(error)).toMatch(/Sign in again/);
    expect(tokens.renewals).toBe(1);
    expect(tokens.signedOut).toBe(true);
    expect(requests).toHaveLength(2);
  });

  it("does not replay when renewal is impossible, and says to sign in again", async () => {
    const { http, requests } = client([{ status: 401 }], new FakeTokens("token-1", null));
    const error = (await listCompanies(http).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe("signed-out");
    expect(errorText(error)).toMatch(/Sign in again/);
    expect(requests).toHaveLength(1);
  });
});

describe("errors", () => {
  it("carries the platform's code, message, details and validation errors", async () => {
    const body = {
      error: {
        code: "Catalog.NotFound",
        message: "Catalog 'X' was not found",
        details: "Check the name",
        validationErrors: [{ message: "CatalogName is required", members: ["catalogName"] }],
      },
    };
    const { http } = client([{ status: 400, body }]);
    const error = (await startImport(http, IMPORT_BODY).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({
      kind: "http",
      status: 400,
      code: "Catalog.NotFound",
      platformMessage: "Catalog 'X' was not found",
      details: "Check the name",
      validationErrors: [{ message: "CatalogName is required", members: ["catalogName"] }],
    });
    expect(errorText(error)).toBe(
      "The platform refused the catalog import: Catalog 'X' was not found. Check the name. CatalogName is required (catalogName).",
    );
  });

  it("never shows a raw non-JSON body", async () => {
    const { http } = client([{ status: 404, body: "<html><body>secret stack trace</body></html>" }]);
    const error = (await listCompanies(http).catch((e: unknown) => e)) as ApiError;
    expect(errorText(error)).not.toContain("stack trace");
    expect(errorText(error)).toBe(
      "The platform found nothing for the company list. Check the names and identifiers.",
    );
    expect(errorDetails(error)).toMatch(/HTTP 404/);
  });

  it("names the endpoint and field of a malformed body", async () => {
    const { http } = client([{ status: 200, body: [{ id: "c1", name: 7 }] }]);
    const error = (await listCompanies(http).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe("invalid-response");
    expect(errorText(error)).toContain("the company list");
    expect(error.fieldPath).toBe("[0].name");
  });

  it("reports a timeout as such", async () => {
    const http = new HttpClient(() => URLS, new FakeTokens(), {
      fetch: hangingFetch,
      sleep: async () => undefined,
      timeoutMs: 20,
      retry: { maxAttempts: 2 },
    });
    const error = (await listCompanies(http).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe("timeout");
  });

  it("reports a cancellation by the caller without retrying", async () => {
    const controller = new AbortController();
    let calls = 0;
    const hanging = ((_input: RequestInfo | URL, init?: RequestInit) => {
      calls++;
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        controller.abort();
      });
    }) as typeof fetch;
    const http = new HttpClient(() => URLS, new FakeTokens(), {
      fetch: hanging,
      sleep: async () => undefined,
    });
    const error = (await listCompanies(http, controller.signal).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe("aborted");
    expect(calls).toBe(1);
  });

  it("puts no token and no URL query into messages and logs", async () => {
    const { http } = client([{ status: 503 }, { status: 500, body: { error: { message: "boom" } } }]);
    const error = (await getBoq(http, {
      company: "ACME",
      project: "P",
      model: "M",
      scheme: "S",
      version: "1.2",
    }).catch((e: unknown) => e)) as ApiError;
    const everything = [error.message, errorText(error), ...logLines].join("\n");
    expect(everything).not.toContain("token-1");
    expect(everything).not.toContain("version=");
    expect(everything).not.toContain("https://");
  });
});

describe("OData paging", () => {
  const row = (code: string) => ({ Code: code, Name: `Row ${code}`, Value: 1 });

  it("follows absolute and relative nextLinks to the end", async () => {
    const { http, requests } = client([
      {
        status: 200,
        body: {
          value: [row("1")],
          "@odata.nextLink": "https://value.example.com/api/odata/UnionTree('a')?page=2",
        },
      },
      { status: 200, body: { value: [row("2")], "@odata.nextLink": "UnionTree('a')?page=3" } },
      { status: 200, body: { value: [row("3")] } },
    ]);
    const result = await getBoq(http, {
      company: "A'B",
      project: "Проект",
      model: "M#1",
      scheme: "S/1",
      version: { modelVersionIndex: 3, analysisVersion: 2 },
      parents: true,
    });
    expect(result.rows.map((r) => r.Code)).toEqual(["1", "2", "3"]);
    expect(result.pages).toBe(3);
    expect(requests[0]!.url).toBe(
      "https://value.example.com/api/odata/UnionTree('A''B','%D0%9F%D1%80%D0%BE%D0%B5%D0%BA%D1%82','M%231','S%2F1')?version=3.2&parents=true&parent=true",
    );
    expect(requests[2]!.url).toBe("https://value.example.com/api/odata/UnionTree('a')?page=3");
    expect(requests.every((r) => r.headers.Authorization === "Bearer token-1")).toBe(true);
  });

  const boqQuery = { company: "a", project: "b", model: "c", scheme: "d", version: "1.1" } as const;

  it("resolves a relative nextLink against the page it came in, not the first page", async () => {
    const { http, requests } = client([
      {
        status: 200,
        body: { value: [row("1")], "@odata.nextLink": "https://value.example.com/api/odata/paged/p?n=2" },
      },
      // No context URL here: OData's base for a relative URL is then the request URL of this page.
      { status: 200, body: { value: [row("2")], "@odata.nextLink": "more?n=3" } },
      { status: 200, body: { value: [row("3")] } },
    ]);
    const result = await getBoq(http, boqQuery);
    expect(result.rows.map((r) => r.Code)).toEqual(["1", "2", "3"]);
    expect(requests.map((r) => r.url)).toEqual([
      expect.stringContaining("https://value.example.com/api/odata/UnionTree("),
      "https://value.example.com/api/odata/paged/p?n=2",
      "https://value.example.com/api/odata/paged/more?n=3",
    ]);
  });

  it("resolves a relative nextLink against the page's context URL when it has one (OData JSON 4.3)", async () => {
    const { http, requests } = client([
      {
        status: 200,
        body: {
          "@odata.context": "https://value.example.com/api/odata/v2/$metadata#UnionTree",
          value: [row("1")],
          "@odata.nextLink": "UnionTree('a')?$skiptoken=2",
        },
      },
      {
        status: 200,
        // A relative context URL is itself relative to the request URL.
        body: { "@odata.context": "../$metadata#UnionTree", value: [row("2")], "@odata.nextLink": "x?n=3" },
      },
      { status: 200, body: { value: [row("3")] } },
    ]);
    await getBoq(http, boqQuery);
    expect(requests.map((r) => r.url).slice(1)).toEqual([
      "https://value.example.com/api/odata/v2/UnionTree('a')?$skiptoken=2",
      "https://value.example.com/api/odata/x?n=3",
    ]);
  });

  it("refuses a nextLink to another server (the token would go with it)", async () => {
    const { http, requests } = client([
      { status: 200, body: { value: [row("1")], "@odata.nextLink": "https://evil.example.net/steal" } },
    ]);
    const error = await getBoq(http, boqQuery).catch((e: unknown) => e);
    expect(errorText(error)).toMatch(/different server/);
    expect(requests).toHaveLength(1);
  });

  it("follows an http:// nextLink to the service's own host over https (a TLS-terminating proxy)", async () => {
    const { http, requests } = client([
      {
        status: 200,
        body: { value: [row("1")], "@odata.nextLink": "http://value.example.com/api/odata/x?p=2" },
      },
      { status: 200, body: { value: [row("2")] } },
    ]);
    const result = await getBoq(http, boqQuery);
    expect(result.rows.map((r) => r.Code)).toEqual(["1", "2"]);
    expect(requests[1]!.url).toBe("https://value.example.com/api/odata/x?p=2");
  });

  it("still refuses an http:// nextLink to another host or another port", async () => {
    for (const link of ["http://evil.example.net/api/odata/x", "http://value.example.com:8080/api/odata/x"]) {
      const { http, requests } = client([
        { status: 200, body: { value: [row("1")], "@odata.nextLink": link } },
      ]);
      const error = await getBoq(http, boqQuery).catch((e: unknown) => e);
      expect(errorText(error)).toMatch(/different server/);
      expect(requests).toHaveLength(1);
    }
  });

  it("reports a BOQ asked with parents whose rows name parents that never came", async () => {
    const leaf = (code: string) => ({ ...row(code), Id: `id-${code}`, ParentId: "id-parent" });
    const { http } = client([{ status: 200, body: { value: [leaf("1.1"), leaf("1.2")] } }]);
    const error = await getBoq(http, { ...boqQuery, parents: true }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "invalid-response" });
    expect(errorText(error)).toContain("parent");
  });

  it("accepts a BOQ with parents whose rows are all roots, and one without parents asked", async () => {
    const root = (code: string) => ({ ...row(code), Id: `id-${code}`, ParentId: null });
    const { http } = client([{ status: 200, body: { value: [root("1"), root("2")] } }]);
    await expect(
      getBoq(http, { company: "a", project: "b", model: "c", scheme: "d", version: "1.1", parents: true }),
    ).resolves.toMatchObject({ pages: 1 });
    const leaf = (code: string) => ({ ...row(code), Id: `id-${code}`, ParentId: "id-parent" });
    const second = client([{ status: 200, body: { value: [leaf("1.1")] } }]);
    await expect(
      getBoq(second.http, { company: "a", project: "b", model: "c", scheme: "d", version: "1.1" }),
    ).resolves.toMatchObject({ pages: 1 });
  });

  it("stops on a nextLink loop", async () => {
    const { http } = client(() => ({
      status: 200,
      body: { value: [row("1")], "@odata.nextLink": "https://value.example.com/api/odata/x?p=2" },
    }));
    const error = await getBoq(http, boqQuery).catch((e: unknown) => e);
    expect(errorText(error)).toBe(
      'The platform\'s answer to the bill of quantities did not have the expected form at field "@odata.nextLink": the next-page links go round in a circle.',
    );
  });
});

describe("parseRetryAfter", () => {
  it("reads seconds and dates and ignores garbage", () => {
    expect(parseRetryAfter("2", 0)).toBe(2000);
    expect(parseRetryAfter("Thu, 01 Jan 1970 00:00:10 GMT", 4000)).toBe(6000);
    expect(parseRetryAfter("soon", 0)).toBeUndefined();
    expect(parseRetryAfter(null, 0)).toBeUndefined();
  });
});
