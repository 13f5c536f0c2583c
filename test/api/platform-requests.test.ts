// The platform endpoints at the edges of what a caller sends and what the platform answers: an
// import without a company or with a malformed body never leaves the add-in, the model is asked of
// the platform service, the BOQ's address, version and pages (each asked with GET, a context URL
// that cannot be read), and the parents check when only some parents came back.
import type * as PlatformModule from "../../src/api/platform";
import { HttpClient } from "../../src/api/http";
import { setLogSink } from "../../src/log/logger";
import { getBoq, getModel, parentsMissing, startImport, type BoqQuery } from "../../src/api/platform";
import type { BoqRow, ImportRequest } from "../../src/api/schemas";
import { FakeTokens, recordingSleep, scriptedFetch, URLS, type Reply } from "./fakes";
import { errorDetails, errorText } from "../../src/i18n";

beforeAll(() => setLogSink(() => undefined));
afterAll(() => setLogSink(null));

function client(replies: Reply[]) {
  const f = scriptedFetch(replies);
  const http = new HttpClient(() => URLS, new FakeTokens(), {
    fetch: f.fetch,
    sleep: recordingSleep().sleep,
  });
  return { http, requests: f.requests };
}

const settle = (p: Promise<unknown>) => p.catch((e: unknown) => e);

const BODY: ImportRequest = {
  Settings: { CatalogName: "Prices", CompanyId: "c1" },
  Data: [{ Code: "1", Name: "Earthworks" }],
  DeletedData: [],
};

const QUERY: BoqQuery = { company: "ACME", project: "Tower", model: "M", scheme: "Main", version: "3.2" };

const row = (Code: string, extra: Partial<BoqRow> = {}) => ({
  Code,
  Name: `Row ${Code}`,
  Value: 1,
  ...extra,
});

describe("starting an import", () => {
  it("sends nothing without a company, and names the field", async () => {
    const { http, requests } = client([{ status: 200, body: { jobId: "j" } }]);
    const body = { ...BODY, Settings: { ...BODY.Settings, CompanyId: "  " } };
    const error = await settle(startImport(http, body));
    expect(error).toMatchObject({
      kind: "invalid-request",
      endpoint: "catalog-import",
      fieldPath: "Settings.CompanyId",
      said: { key: "session.noCompanyForImport" },
    });
    expect(errorText(error)).toMatch(
      /^No company is chosen for the import\. Choose a company at the top of the pane/,
    );
    expect(requests).toHaveLength(0);
  });
});

describe("the model and its versions", () => {
  it("is asked of the platform service, not the value service", async () => {
    const { http, requests } = client([{ status: 200, body: { id: "m1", name: "Walls", versions: [] } }]);
    await expect(getModel(http, "m1")).resolves.toMatchObject({ id: "m1", name: "Walls" });
    expect(requests[0]?.url).toBe("https://platform.example.com/api/app/metaModels/m1");
  });
});

describe("the bill of quantities", () => {
  it("is asked of the OData UnionTree with the names, the version and parents=false", async () => {
    let platform: typeof PlatformModule | undefined;
    await jest.isolateModulesAsync(async () => {
      platform = await import("../../src/api/platform");
    });
    const { http, requests } = client([{ status: 200, body: { value: [row("1")] } }]);
    await expect(platform!.getBoq(http, QUERY)).resolves.toEqual({
      rows: [{ ...row("1"), Unit: "", LocalVars: [] }],
      pages: 1,
    });
    expect(requests[0]?.url).toBe(
      "https://value.example.com/api/odata/UnionTree('ACME','Tower','M','Main')?version=3.2&parents=false&parent=false",
    );
  });

  it("refuses a version that is not a whole number before asking anything", async () => {
    const { http, requests } = client([]);
    const error = await settle(
      getBoq(http, { ...QUERY, version: { modelVersionIndex: 1.5, analysisVersion: 2 } }),
    );
    expect(error).toMatchObject({ name: "VersionArgumentError" });
    expect((error as Error).message).toContain("modelVersionIndex");
    expect(requests).toHaveLength(0);
  });

  it("asks every next page with GET", async () => {
    const { http, requests } = client([
      { status: 200, body: { value: [row("1")], "@odata.nextLink": "UnionTree('a')?page=2" } },
      { status: 200, body: { value: [row("2")] } },
    ]);
    await expect(getBoq(http, QUERY)).resolves.toMatchObject({ pages: 2 });
    expect(requests.map((r) => r.method)).toEqual(["GET", "GET"]);
  });

  it("resolves a next link against the page's own address when its context URL cannot be read", async () => {
    const { http, requests } = client([
      {
        status: 200,
        body: {
          "@odata.context": "http://[not-a-host/$metadata#UnionTree",
          value: [row("1")],
          "@odata.nextLink": "UnionTree('a')?page=2",
        },
      },
      { status: 200, body: { value: [row("2")] } },
    ]);
    await expect(getBoq(http, QUERY)).resolves.toMatchObject({ pages: 2 });
    expect(requests[1]?.url).toBe("https://value.example.com/api/odata/UnionTree('a')?page=2");
  });

  it("says why a BOQ asked with parents is refused when no named parent came", async () => {
    const { http } = client([{ status: 200, body: { value: [row("1.1", { Id: "b", ParentId: "a" })] } }]);
    const error = await settle(getBoq(http, { ...QUERY, parents: true }));
    expect(error).toMatchObject({
      kind: "invalid-response",
      endpoint: "boq",
      found: { key: "api.foundParentsMissing" },
    });
    expect(errorDetails(error)).toBe(
      "the bill of quantities\nthe parent positions were asked for, but no row has children",
    );
  });
});

describe("parents missing from a BOQ", () => {
  it("are not reported when at least one named parent came back", () => {
    const rows = [
      row("1", { Id: "p1" }),
      row("1.1", { Id: "c1", ParentId: "p1" }),
      row("2.1", { Id: "c2", ParentId: "p2" }),
    ] as BoqRow[];
    expect(parentsMissing(rows)).toBe(false);
  });
});
