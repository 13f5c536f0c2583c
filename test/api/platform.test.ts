// Each platform endpoint sends the request of interface.md (method, service, path with its
// segments encoded, query names) and reads its reply through the schema; the status poll is not
// retried by the HTTP layer (the pipeline keeps its own backoff), the other reads are.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ApiError } from "../../src/api/errors";
import { HttpClient } from "../../src/api/http";
import { createPlatformApi, parentsMissing } from "../../src/api/platform";
import { setLogSink } from "../../src/log/logger";
import type { ImportRequest } from "../../src/api/schemas";
import { FakeTokens, recordingSleep, scriptedFetch, URLS, type Reply } from "./fakes";
import { errorDetails, errorText } from "../../src/i18n";

beforeAll(() => setLogSink(() => undefined));
afterAll(() => setLogSink(null));

const FIXTURES = join(__dirname, "../fixtures/api");
const fixture = (name: string): unknown => JSON.parse(readFileSync(join(FIXTURES, name), "utf8"));

function api(replies: Reply[] | (() => Reply)) {
  const f = scriptedFetch(Array.isArray(replies) ? replies : () => replies());
  const sleep = recordingSleep();
  const http = new HttpClient(() => URLS, new FakeTokens(), {
    fetch: f.fetch,
    sleep: sleep.sleep,
    random: () => 0.5,
  });
  return { platform: createPlatformApi(http), requests: f.requests };
}

const ok = (name: string): Reply => ({ status: 200, body: fixture(name) });
const JOB = "job 1/2?#";
const ENCODED_JOB = "job%201%2F2%3F%23";

describe("the import endpoints", () => {
  it("reads a job's status by its id, the id encoded as one path segment", async () => {
    const { platform, requests } = api([ok("import-status.json")]);
    await expect(platform.getImportStatusByJobId(JOB)).resolves.toMatchObject({ status: expect.any(String) });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET https://value.example.com/api/import/catalog/json/external/statusbyjobid/${ENCODED_JOB}`,
    ]);
  });

  it("retries a passing fault when reading a status once, but not when polling", async () => {
    const once = api([{ status: 503 }, ok("import-status-running.json")]);
    await expect(once.platform.getImportStatusByJobId("j1")).resolves.toBeDefined();
    expect(once.requests).toHaveLength(2);

    const polled = api([{ status: 503 }, ok("import-status-running.json")]);
    const error = (await polled.platform.pollImportStatusByJobId("j1").catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 503, endpoint: "import-status" });
    expect(polled.requests.map((r) => r.url)).toEqual([
      "https://value.example.com/api/import/catalog/json/external/statusbyjobid/j1",
    ]);
  });

  it("reads the latest status of a catalog by its name (Cyrillic, spaces and slashes encoded)", async () => {
    const { platform, requests } = api([ok("import-status-pascal.json")]);
    await platform.getImportStatusByRoot("Прайс 2025/1");
    expect(requests[0]?.url).toBe(
      `https://value.example.com/api/import/catalog/json/external/statusbyroot/${encodeURIComponent("Прайс 2025/1")}`,
    );
  });

  it.each([
    ["100% cement", "100%25%20cement"],
    ["Walls/Floors", "Walls%2FFloors"],
    ["Phase #2", "Phase%20%232"],
    ["Why?", "Why%3F"],
    ["Prices 2025 ", "Prices%202025%20"],
    ["...", "..."],
    [".hidden", ".hidden"],
    ["a/..", "a%2F.."],
  ])(
    "sends the catalog name %j as one encoded path segment, never another address",
    async (name, encoded) => {
      const { platform, requests } = api([ok("import-status.json")]);
      await platform.getImportStatusByRoot(name);
      const url = requests[0]?.url ?? "";
      expect(url).toBe(`https://value.example.com/api/import/catalog/json/external/statusbyroot/${encoded}`);
      // What a server sees: the same path, one segment below statusbyroot, the name as it was.
      const path = new URL(url).pathname;
      expect(path.startsWith("/api/import/catalog/json/external/statusbyroot/")).toBe(true);
      expect(decodeURIComponent(path.split("/").pop() ?? "")).toBe(name);
    },
  );

  it.each([".", "..", " .. ", "", "   "])(
    "refuses the catalog name %j, which would change the address, and sends nothing",
    async (name) => {
      const { platform, requests } = api([ok("import-status.json")]);
      const error = (await platform.getImportStatusByRoot(name).catch((e: unknown) => e)) as ApiError;
      expect(error).toMatchObject({ kind: "invalid-request", endpoint: "import-status-of-catalog" });
      expect(errorText(error)).toBe(
        name.trim() === ""
          ? "Type the name of the catalog whose import you want to see."
          : `A catalog named "${name.trim()}" cannot be looked up by its name: the platform would read the name as part of an address. Use the job id of its import instead.`,
      );
      expect(requests).toHaveLength(0);
    },
  );

  it.each([
    ["the import status", (p: ReturnType<typeof api>["platform"]) => p.getImportStatusByJobId("..")],
    ["the import status", (p: ReturnType<typeof api>["platform"]) => p.pollImportStatusByJobId(".")],
    ["the import log", (p: ReturnType<typeof api>["platform"]) => p.getImportLog("..")],
    ["the project list", (p: ReturnType<typeof api>["platform"]) => p.listProjects("")],
    ["the model and its versions", (p: ReturnType<typeof api>["platform"]) => p.getModel(".")],
  ])(
    "refuses an identifier that is a path step of its own (%s), and sends nothing",
    async (endpoint, call) => {
      const { platform, requests } = api([ok("import-status.json")]);
      const error = (await call(platform).catch((e: unknown) => e)) as ApiError;
      expect(error).toMatchObject({ kind: "invalid-request" });
      expect(errorDetails(error)).toBe(endpoint);
      expect(requests).toHaveLength(0);
    },
  );

  it("says which identifier it refused, as an identifier rather than a catalog name", async () => {
    const { platform } = api([ok("import-status.json")]);
    const error = (await platform.getImportLog(" .. ").catch((e: unknown) => e)) as ApiError;
    expect(errorText(error)).toBe('".." cannot be sent to the platform as an identifier.');
  });

  it("refuses text that cannot be encoded (a lone surrogate) instead of failing unexpectedly", async () => {
    const { platform, requests } = api([ok("import-status.json")]);
    await expect(platform.getImportStatusByRoot("Price \uD800")).rejects.toMatchObject({
      kind: "invalid-request",
    });
    expect(requests).toHaveLength(0);
  });

  it("says the refusal in Russian when the pane does", async () => {
    const { setLanguage } = await import("../../src/i18n");
    setLanguage("ru");
    try {
      const { platform } = api([ok("import-status.json")]);
      const error = (await platform.getImportStatusByRoot("..").catch((e: unknown) => e)) as ApiError;
      expect(errorText(error)).toMatch(/^Каталог «\.\.» нельзя найти по названию/);
    } finally {
      setLanguage("en");
    }
  });

  it("reads a job's log, its four lists", async () => {
    const { platform, requests } = api([ok("import-log.json")]);
    const log = await platform.getImportLog(JOB);
    expect(log.insertedTwigs.length).toBeGreaterThan(0);
    expect(requests[0]?.url).toBe(
      `https://value.example.com/api/import/catalog/json/external/logbyjobid/${ENCODED_JOB}`,
    );
  });

  it("posts the import once, never retried, as the JSON body", async () => {
    const body = fixture("import-request.json") as ImportRequest;
    const { platform, requests } = api([{ status: 503 }]);
    await expect(platform.startImport(body)).rejects.toMatchObject({ status: 503 });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe("POST");
    expect(requests[0]?.url).toBe("https://value.example.com/api/import/catalog/json/external");
    expect(JSON.parse(requests[0]?.body ?? "null")).toEqual(body);
  });

  it("sends nothing when the company is missing, and says how to fix it", async () => {
    const body = fixture("import-request.json") as ImportRequest;
    const { platform, requests } = api([]);
    await expect(
      platform.startImport({ ...body, Settings: { ...body.Settings, CompanyId: "  " } }),
    ).rejects.toMatchObject({ kind: "invalid-request", fieldPath: "Settings.CompanyId" });
    expect(requests).toHaveLength(0);
  });

  it("sends the body as it was built, key for key in the builder's order (no copy of it is made)", async () => {
    const body = fixture("import-request.json") as ImportRequest;
    // Keys in another order than the schema's: a parsed copy would put them in the schema's order.
    const built: ImportRequest = {
      DeletedData: body.DeletedData,
      Data: body.Data.map(({ Code, ...rest }) => ({ ...rest, Code })),
      Settings: { CompanyId: body.Settings.CompanyId, CatalogName: body.Settings.CatalogName },
    };
    const { platform, requests } = api([{ status: 200, body: { jobId: "j" } }]);
    await platform.startImport(built);
    expect(requests[0]?.body).toBe(JSON.stringify(built));
  });

  it("sends a body serialized beforehand as its bytes, as JSON, and still checks the company", async () => {
    const body = fixture("import-request.json") as ImportRequest;
    const json = new Blob([JSON.stringify(body)], { type: "application/json" });
    const sent: Array<{ body: unknown; headers: Record<string, string> }> = [];
    const http = new HttpClient(() => URLS, new FakeTokens(), {
      fetch: (_url, init) => {
        sent.push({ body: init?.body, headers: { ...(init?.headers as Record<string, string>) } });
        return Promise.resolve(new Response(JSON.stringify({ jobId: "j" }), { status: 200 }));
      },
    });
    const platform = createPlatformApi(http);
    await expect(platform.startImport({ body, json })).resolves.toEqual({ jobId: "j" });
    // The Blob itself goes to fetch, which reads it off the page's thread.
    expect(sent[0]?.body).toBe(json);
    expect(sent[0]?.headers["Content-Type"]).toBe("application/json");

    const noCompany = { ...body, Settings: { ...body.Settings, CompanyId: "" } };
    await expect(platform.startImport({ body: noCompany, json })).rejects.toMatchObject({
      kind: "invalid-request",
      fieldPath: "Settings.CompanyId",
    });
    expect(sent).toHaveLength(1);
  });
});

describe("the project, model and analysis endpoints", () => {
  it("lists companies on the authorization server and projects on the value service", async () => {
    const { platform, requests } = api([ok("companies.json"), ok("projects.json")]);
    await platform.listCompanies();
    await platform.listProjects("c 1");
    expect(requests.map((r) => r.url)).toEqual([
      "https://auth.example.com/api/app/company",
      "https://value.example.com/api/app/project/c%201/byCompanyId",
    ]);
  });

  it("reads a model with its versions from the platform service", async () => {
    const { platform, requests } = api([ok("model.json")]);
    const model = await platform.getModel("m/1");
    expect(model.versions.length).toBeGreaterThan(0);
    expect(requests[0]?.url).toBe("https://platform.example.com/api/app/metaModels/m%2F1");
  });

  it("lists the analyses of a model version with projectId, modelId and modelVersionId", async () => {
    const { platform, requests } = api([ok("analyses.json")]);
    await platform.listAnalysesByModelVersion({ projectId: "p1", modelId: "m1", modelVersionId: "v1" });
    const url = new URL(requests[0]?.url ?? "");
    expect(url.origin + url.pathname).toBe(
      "https://value.example.com/api/app/analysis/collectionByModelVersion",
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      projectId: "p1",
      modelId: "m1",
      modelVersionId: "v1",
    });
  });

  it("lists the analyses of a union model with projId and modelId (the names interface.md gives)", async () => {
    const { platform, requests } = api([ok("analyses.json")]);
    await platform.listAnalysesByModel({ projectId: "p1", unionModelId: "u1" });
    const url = new URL(requests[0]?.url ?? "");
    expect(url.origin + url.pathname).toBe("https://value.example.com/api/app/analysis/collectionByModel");
    expect(Object.fromEntries(url.searchParams)).toEqual({ projId: "p1", modelId: "u1" });
  });
});

describe("a BOQ whose parents were asked for", () => {
  const NIL = "00000000-0000-0000-0000-000000000000";
  it("is missing them when rows name parents and none of those came back", () => {
    expect(parentsMissing([{ Id: "b", ParentId: "a" }] as never)).toBe(true);
    expect(
      parentsMissing([
        { Id: "a", ParentId: NIL },
        { Id: "b", ParentId: "a" },
      ] as never),
    ).toBe(false);
  });

  it("is not missing them when no row names a parent (a BOQ of root positions)", () => {
    expect(
      parentsMissing([
        { Id: "a", ParentId: NIL },
        { Id: "b", ParentId: null },
      ] as never),
    ).toBe(false);
    expect(parentsMissing([])).toBe(false);
  });
});

describe("what each endpoint is called in messages", () => {
  const BOQ = { company: "a", project: "b", model: "c", scheme: "d", version: "1.1" };
  it.each<[string, (p: ReturnType<typeof createPlatformApi>) => Promise<unknown>]>([
    ["the import status", (p) => p.getImportStatusByJobId("j")],
    ["the import status", (p) => p.pollImportStatusByJobId("j")],
    ["the import status of a catalog", (p) => p.getImportStatusByRoot("Materials")],
    ["the import log", (p) => p.getImportLog("j")],
    ["the company list", (p) => p.listCompanies()],
    ["the project list", (p) => p.listProjects("c")],
    ["the model and its versions", (p) => p.getModel("m")],
    [
      "the analyses of a model version",
      (p) => p.listAnalysesByModelVersion({ projectId: "p", modelId: "m", modelVersionId: "v" }),
    ],
    ["the analyses of a union model", (p) => p.listAnalysesByModel({ projectId: "p", unionModelId: "u" })],
    ["the bill of quantities", (p) => p.getBoq(BOQ)],
  ])("%s: a GET, named in its error", async (name, call) => {
    const { platform, requests } = api(() => ({ status: 500 }));
    const error = await call(platform).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500 });
    expect(errorText(error)).toBe(`The platform failed on ${name}. Try again later.`);
    expect(requests.every((r) => r.method === "GET")).toBe(true);
  });

  it("the catalog import: a POST, named in its error", async () => {
    const { platform, requests } = api([{ status: 500 }]);
    const error = await platform
      .startImport(fixture("import-request.json") as ImportRequest)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ endpoint: "catalog-import" });
    expect(errorText(error)).toBe("The platform failed on the catalog import. Try again later.");
    expect(requests[0]?.method).toBe("POST");
  });
});

describe("the BOQ request", () => {
  const BOQ = { company: "a", project: "b", model: "c", scheme: "d", version: "1.1" };
  const page = (body: Record<string, unknown>): Reply => ({
    status: 200,
    body: { value: [{ Code: "1", Name: "Walls", Value: 1 }], ...body },
  });

  it("says plainly that it wants no parents unless asked (both spellings of the parameter)", async () => {
    const { platform, requests } = api([page({})]);
    await platform.getBoq(BOQ);
    const query = new URL(requests[0]?.url ?? "").searchParams;
    expect([query.get("version"), query.get("parents"), query.get("parent")]).toEqual([
      "1.1",
      "false",
      "false",
    ]);
  });

  it("stops at once on a next link back to the first page", async () => {
    const first = api([page({})]);
    await first.platform.getBoq(BOQ);
    const firstUrl = first.requests[0]?.url ?? "";
    const looping = api([page({ "@odata.nextLink": firstUrl })]);
    await expect(looping.platform.getBoq(BOQ)).rejects.toMatchObject({
      kind: "invalid-response",
      fieldPath: "@odata.nextLink",
    });
    expect(looping.requests).toHaveLength(1);
  });

  it("resolves a next link against the request URL when the page has no context URL", async () => {
    const { platform, requests } = api([page({ "@odata.nextLink": "?skip=1" }), page({})]);
    const result = await platform.getBoq(BOQ);
    expect(result.pages).toBe(2);
    const second = new URL(requests[1]?.url ?? "");
    expect(second.pathname).toBe(new URL(requests[0]?.url ?? "").pathname);
    expect(second.search).toBe("?skip=1");
  });
});
