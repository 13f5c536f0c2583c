// The read flow of docs/interface.md 4: projects (7), model with versions (8), analyses (9, 10) and the
// OData UnionTree BOQ (11) with names in quotes, versions, parents, renamed schemes and paging.
import type { RunningEmulator } from "../../../emulator/src/index";
import { companyId, getJson, MAIN_COMPANY, passwordToken, startTestEmulator } from "./helpers";

const ZERO = "00000000-0000-0000-0000-000000000000";
const PAGE = 7;

interface ModelRef {
  id: string;
  sw: string;
  checkedForAnalysis: boolean;
  name: string;
}
interface Folder {
  name: string;
  folders: Folder[];
  models: ModelRef[];
  unionModels: ModelRef[];
}
interface Project {
  id: string;
  name: string;
  folders: Folder[];
  unionModels: ModelRef[];
  catalogPrioritiesSchemes: { id: string; name: string }[];
  [k: string]: unknown;
}
interface Row {
  Code: string;
  Id: string;
  ParentId: string;
  Value: number;
  [k: string]: unknown;
}
interface Envelope {
  "@odata.context": string;
  "@odata.nextLink"?: string;
  value: Row[];
}

let emu: RunningEmulator;
let paged: RunningEmulator;
let token: string;
let pagedToken: string;
let projects: Project[];

beforeAll(async () => {
  emu = await startTestEmulator();
  paged = await startTestEmulator({ pageSize: PAGE });
  token = (await passwordToken(emu)).access_token;
  pagedToken = (await passwordToken(paged)).access_token;
  const res = await getJson<Project[]>(
    `${emu.baseUrl}/api/app/project/${companyId(emu, MAIN_COMPANY)}/byCompanyId`,
    token,
  );
  projects = res.body;
});
afterAll(async () => {
  await Promise.all([emu.stop(), paged.stop()]);
});

function allModels(folders: Folder[]): ModelRef[] {
  return folders.flatMap((f) => [...f.models, ...allModels(f.folders)]);
}

function project(name: string): Project {
  const p = projects.find((x) => x.name === name);
  if (!p) throw new Error(`no project ${name}`);
  return p;
}

function model(p: Project, name: string): ModelRef {
  const m = [...allModels(p.folders), ...p.unionModels].find((x) => x.name === name);
  if (!m) throw new Error(`no model ${name}`);
  return m;
}

const quote = (name: string) => `'${encodeURIComponent(name.replace(/'/g, "''"))}'`;
function unionTreeUrl(base: string, names: [string, string, string, string], query: string): string {
  return `${base}/api/odata/UnionTree(${names.map(quote).join(",")})${query}`;
}

describe("endpoint 7: projects of a company", () => {
  it("has every field of interface 2.6 with nested folders and union models", () => {
    expect(projects.map((p) => p.name)).toEqual(["O'Brien Tower", "Riverside 50% Phase #2"]);
    const p = project("O'Brien Tower");
    expect(Object.keys(p).sort()).toEqual(
      [
        "id",
        "name",
        "companyId",
        "currency",
        "startDate",
        "endDate",
        "users",
        "catalogPrioritiesSchemes",
        "catalogPrioritiesSchemeIds",
        "selectedExcelExportTemplateId",
        "projectSettings",
        "folders",
        "models",
        "unionModels",
        "overridenTwigs",
        "extraProperties",
        "concurrencyStamp",
      ].sort(),
    );
    expect(p).toMatchObject({ currency: null, startDate: null, endDate: null, users: null, models: [] });
    expect(p.selectedExcelExportTemplateId).toBe(ZERO);
    const settings = (p.projectSettings as { excelValueExport: Record<string, unknown> }).excelValueExport;
    expect(typeof settings.isExportUnionTree).toBe("boolean");
    expect(settings.exportedLocalVars).toEqual([]);
    expect(p.folders[0]?.name).toBe("Architecture");
    expect(p.folders[0]?.folders[0]?.name).toBe("Structure");
    expect(p.folders[0]?.folders[0]?.folders[0]?.models.map((m) => m.name)).toEqual(["Block #2 / North"]);
    expect(allModels(p.folders).map((m) => m.name)).toEqual(["Tower AR", "Корпус 1", "Block #2 / North"]);
    expect(Object.keys(allModels(p.folders)[0] ?? {}).sort()).toEqual([
      "checkedForAnalysis",
      "id",
      "name",
      "sw",
    ]);
    expect(p.unionModels.map((m) => m.name)).toEqual(["O'Brien Tower union"]);
    expect(p.catalogPrioritiesSchemes.map((s) => s.name)).toEqual(["Main scheme", "Supplier prices 2025"]);
    expect(p.catalogPrioritiesSchemeIds).toEqual(p.catalogPrioritiesSchemes.map((s) => s.id));
  });

  it("answers 404 for a company that is not the user's and 400 for a malformed id", async () => {
    const viewer = emu.demo.users[1];
    const t = await passwordToken(emu, {
      username: viewer?.username ?? "",
      password: viewer?.password ?? "",
    });
    const personal = emu.demo.companies.find((c) => c.isPersonal)?.id ?? "";
    const res = await getJson<{ error: { message: string } }>(
      `${emu.baseUrl}/api/app/project/${personal}/byCompanyId`,
      t.access_token,
    );
    expect(res.status).toBe(404);
    expect(res.body.error.message).toMatch(/company/i);
    const bad = await getJson<{ error: { validationErrors: { members: string[] }[] } }>(
      `${emu.baseUrl}/api/app/project/not-a-uuid/byCompanyId`,
      token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.validationErrors[0]?.members).toEqual(["companyId"]);
  });
});

describe("endpoint 8: model with versions (platform service)", () => {
  it("has every field of interface 2.7", async () => {
    const m = model(project("O'Brien Tower"), "Tower AR");
    const { status, body } = await getJson<Record<string, unknown> & { versions: Record<string, unknown>[] }>(
      `${emu.platformUrl}/api/app/metaModels/${m.id}`,
      token,
    );
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(
      [
        "id",
        "name",
        "externalModelId",
        "companyId",
        "sw",
        "checkedForAnalysis",
        "versions",
        "dataProjectId",
        "dataProjectFolderId",
        "isDeleted",
        "deletionTime",
        "extraProperties",
        "concurrencyStamp",
      ].sort(),
    );
    expect(body).toMatchObject({ id: m.id, name: "Tower AR", isDeleted: false, deletionTime: null });
    expect(body.extraProperties).toEqual({ CheckExpiration: false });
    expect(body.dataProjectId).toBe(project("O'Brien Tower").id);
    expect(body.versions.map((v) => v.versionIndex)).toEqual([1, 2, 3]);
    expect(Object.keys(body.versions[0] ?? {}).sort()).toEqual(
      [
        "id",
        "externalVersionId",
        "geomData",
        "glb",
        "meta",
        "modelPath",
        "desc",
        "date",
        "totalElementsCount",
        "elementsCount",
        "lastModifiedEmail",
        "versionIndex",
      ].sort(),
    );
  });

  it("answers 404 for an unknown model or a union model, 400 for a malformed id", async () => {
    const union = model(project("O'Brien Tower"), "O'Brien Tower union");
    expect((await getJson(`${emu.platformUrl}/api/app/metaModels/${union.id}`, token)).status).toBe(404);
    expect((await getJson(`${emu.platformUrl}/api/app/metaModels/${ZERO}`, token)).status).toBe(404);
    expect((await getJson(`${emu.platformUrl}/api/app/metaModels/xyz`, token)).status).toBe(400);
  });
});

describe("endpoints 9 and 10: analyses", () => {
  it("lists the analyses of a model version with every field of interface 2.8", async () => {
    const p = project("O'Brien Tower");
    const m = model(p, "Tower AR");
    const versions = (
      await getJson<{ versions: { id: string; versionIndex: number }[] }>(
        `${emu.platformUrl}/api/app/metaModels/${m.id}`,
        token,
      )
    ).body.versions;
    const v2 = versions.find((v) => v.versionIndex === 2);
    const url = `${emu.baseUrl}/api/app/analysis/collectionByModelVersion?projectId=${p.id}&modelId=${m.id}&modelVersionId=${v2?.id}`;
    const { status, body } = await getJson<Record<string, unknown>[]>(url, token);
    expect(status).toBe(200);
    expect(body.map((a) => [a.metaModelVersionIndex, a.version])).toEqual([
      [2, 1],
      [2, 2],
    ]);
    const a = body[0] ?? {};
    for (const key of [
      "id",
      "name",
      "projId",
      "modelId",
      "metaModelId",
      "metaModelVersionId",
      "metaModelVersionIndex",
      "modelVersionIds",
      "meta",
      "glb",
      "geomData",
      "desc",
      "status",
      "version",
      "date",
      "dateModel",
      "progress",
      "error",
      "isTest",
      "evalJobId",
      "isCreateUnionAnalyses",
      "nextAnalyses",
      "childAnalyzes",
      "mappingParameters",
      "lastModifiedEmail",
      "exportXlsxId",
      "useAllMetaElements",
      "isApproved",
      "totalCost",
      "positionUnits",
      "localVars",
      "trees",
      "catalogPrioritiesSchemes",
      "concurrencyStamp",
    ]) {
      expect(a).toHaveProperty(key);
    }
    expect(a).toMatchObject({
      name: null,
      projId: p.id,
      modelId: m.id,
      metaModelId: m.id,
      metaModelVersionId: v2?.id,
      status: 1,
      progress: 100,
      error: "",
      isCreateUnionAnalyses: false,
      exportXlsxId: ZERO,
      trees: { elementsResultsTree: null, catalogsResultsTree: null, unionResultsTrees: null },
    });
    expect(a.totalCost).toEqual(expect.any(Number));
    expect((a.totalCost as number) > 0).toBe(true);
    const scheme = (
      a.catalogPrioritiesSchemes as { name: string; catalogPriorities: Record<string, unknown>[] }[]
    )[0];
    expect(scheme?.name).toBe("Main scheme");
    expect(Object.keys(scheme?.catalogPriorities[0] ?? {}).sort()).toEqual(
      [
        "priority",
        "disableLinks",
        "id",
        "name",
        "isUse",
        "filterTwigIds",
        "type",
        "isSelfPrice",
        "colorString",
      ].sort(),
    );
  });

  it("lists the union analysis by model (10) and by the all-zero version (9)", async () => {
    const p = project("O'Brien Tower");
    const u = model(p, "O'Brien Tower union");
    const byModel = await getJson<{ isCreateUnionAnalyses: boolean; id: string }[]>(
      `${emu.baseUrl}/api/app/analysis/collectionByModel?projId=${p.id}&modelId=${u.id}`,
      token,
    );
    expect(byModel.status).toBe(200);
    expect(byModel.body).toHaveLength(1);
    expect(byModel.body[0]?.isCreateUnionAnalyses).toBe(true);
    const byVersion = await getJson<{ id: string }[]>(
      `${emu.baseUrl}/api/app/analysis/collectionByModelVersion?projectId=${p.id}&modelId=${u.id}&modelVersionId=${ZERO}`,
      token,
    );
    expect(byVersion.body.map((a) => a.id)).toEqual(byModel.body.map((a) => a.id));
    // A union model has no versions: a member model's version id is not a way to ask for it.
    const member = model(p, "Tower AR");
    const memberVersion = (
      await getJson<{ versions: { id: string }[] }>(
        `${emu.platformUrl}/api/app/metaModels/${member.id}`,
        token,
      )
    ).body.versions[0]?.id;
    const wrong = await getJson<{ error: { message: string } }>(
      `${emu.baseUrl}/api/app/analysis/collectionByModelVersion?projectId=${p.id}&modelId=${u.id}&modelVersionId=${memberVersion}`,
      token,
    );
    expect(wrong.status).toBe(404);
    expect(wrong.body.error.message).toContain(`is a union model and has no version ${memberVersion}`);
  });

  it("takes exactly the query names of the interface: projectId for 9, projId for 10", async () => {
    const p = project("O'Brien Tower");
    const m = model(p, "Tower AR");
    const u = model(p, "O'Brien Tower union");
    const base = `${emu.baseUrl}/api/app/analysis`;
    const swapped9 = await getJson<{ error: { validationErrors: { members: string[] }[] } }>(
      `${base}/collectionByModelVersion?projId=${p.id}&modelId=${m.id}&modelVersionId=${ZERO}`,
      token,
    );
    expect(swapped9.status).toBe(400);
    expect(swapped9.body.error.validationErrors.flatMap((e) => e.members)).toEqual(["projectId"]);
    const swapped10 = await getJson<{ error: { validationErrors: { members: string[] }[] } }>(
      `${base}/collectionByModel?projectId=${p.id}&modelId=${u.id}`,
      token,
    );
    expect(swapped10.status).toBe(400);
    expect(swapped10.body.error.validationErrors.flatMap((e) => e.members)).toEqual(["projId"]);
  });

  it("validates the query and answers 404 for unknown project, model or version", async () => {
    const p = project("O'Brien Tower");
    const m = model(p, "Tower AR");
    const missing = await getJson<{ error: { validationErrors: { members: string[] }[] } }>(
      `${emu.baseUrl}/api/app/analysis/collectionByModelVersion?projectId=${p.id}`,
      token,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error.validationErrors.flatMap((e) => e.members)).toEqual([
      "modelId",
      "modelVersionId",
    ]);
    const base = `${emu.baseUrl}/api/app/analysis`;
    expect((await getJson(`${base}/collectionByModel?projId=${ZERO}&modelId=${m.id}`, token)).status).toBe(
      404,
    );
    expect((await getJson(`${base}/collectionByModel?projId=${p.id}&modelId=${ZERO}`, token)).status).toBe(
      404,
    );
    expect(
      (
        await getJson(
          `${base}/collectionByModelVersion?projectId=${p.id}&modelId=${m.id}&modelVersionId=${ZERO}`,
          token,
        )
      ).status,
    ).toBe(404);
  });
});

describe("endpoint 11: OData UnionTree", () => {
  const names = (
    model: string,
    scheme = "Main scheme",
    proj = "O'Brien Tower",
  ): [string, string, string, string] => [MAIN_COMPANY, proj, model, scheme];

  it("returns the envelope with BOQ rows of interface 2.9 for quoted, percent-encoded names", async () => {
    const { status, body } = await getJson<Envelope>(
      unionTreeUrl(emu.baseUrl, names("Корпус 1"), "?version=2.1&parents=false"),
      token,
    );
    expect(status).toBe(200);
    expect(body["@odata.context"]).toBe(`${emu.baseUrl}/api/odata/$metadata#UnionTree`);
    expect(body["@odata.nextLink"]).toBeUndefined();
    expect(body.value.length).toBeGreaterThan(10);
    const row = body.value[0] ?? ({} as Row);
    expect(Object.keys(row).sort()).toEqual(
      [
        "CatalogName",
        "Code",
        "Name",
        "Unit",
        "Value",
        "Id",
        "ExternalId",
        "PlatformId",
        "Company",
        "Project",
        "Model",
        "Tree",
        "ValueCost",
        "TotalCost",
        "FullTotalCost",
        "Version",
        "ParentId",
        "ParentExternalId",
        "ParentPlatformId",
        "LocalVars",
      ].sort(),
    );
    expect(row).toMatchObject({
      Company: MAIN_COMPANY,
      Project: "O'Brien Tower",
      Model: "Корпус 1",
      Tree: "Main scheme",
      Version: 1,
      CatalogName: "Demo catalog",
    });
    expect(body.value.every((r) => r.Value > 0)).toBe(true);
    expect((row.LocalVars as { Name: string; Value: string | null }[]).map((v) => v.Name)).toEqual([
      "Этаж",
      "Zone",
      "Comment",
    ]);
  });

  it("adds the parent positions with parents=true (and the sample's spelling parent=true)", async () => {
    const leaves = (
      await getJson<Envelope>(unionTreeUrl(emu.baseUrl, names("Tower AR"), "?version=1.1"), token)
    ).body.value;
    const all = (
      await getJson<Envelope>(
        unionTreeUrl(emu.baseUrl, names("Tower AR"), "?version=1.1&parents=true"),
        token,
      )
    ).body.value;
    const sample = (
      await getJson<Envelope>(unionTreeUrl(emu.baseUrl, names("Tower AR"), "?version=1.1&parent=true"), token)
    ).body.value;
    expect(sample).toEqual(all);
    expect(all.length).toBeGreaterThan(leaves.length);
    const ids = new Set(all.map((r) => r.Id));
    for (const leaf of leaves) expect(ids.has(leaf.ParentId)).toBe(true);
    expect(all.filter((r) => r.ParentId === ZERO).map((r) => r.Code)).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
      "7",
    ]);
  });

  it("selects the analysis by modelVersionIndex.analysisVersion", async () => {
    const get = async (v: string) =>
      (await getJson<Envelope>(unionTreeUrl(emu.baseUrl, names("Tower AR"), `?version=${v}`), token)).body
        .value;
    const [a, b, c] = await Promise.all([get("1.1"), get("1.2"), get("3.1")]);
    expect(a[0]?.Version).toBe(1);
    expect(b[0]?.Version).toBe(2);
    expect(a.map((r) => r.Value)).not.toEqual(b.map((r) => r.Value));
    expect(a.map((r) => r.Value)).not.toEqual(c.map((r) => r.Value));
  });

  it("handles names with an apostrophe, #, / and %, and the union model", async () => {
    for (const [n, version] of [
      [names("Block #2 / North"), "1.1"],
      [names("Riverside AR", "Main scheme", "Riverside 50% Phase #2"), "1.1"],
      [names("O'Brien Tower union"), "1.1"],
    ] as const) {
      const res = await getJson<Envelope>(unionTreeUrl(emu.baseUrl, n, `?version=${version}`), token);
      expect(res.status).toBe(200);
      expect(res.body.value[0]).toMatchObject({ Project: n[1], Model: n[2] });
    }
  });

  it("exports a renamed scheme by its original name; the new name gives a 404 that says so", async () => {
    const ok = await getJson<Envelope>(
      unionTreeUrl(emu.baseUrl, names("Tower AR", "Supplier prices"), "?version=1.1"),
      token,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.value[0]?.Tree).toBe("Supplier prices");
    const main = await getJson<Envelope>(unionTreeUrl(emu.baseUrl, names("Tower AR"), "?version=1.1"), token);
    expect(ok.body.value[0]?.ValueCost).not.toBe(main.body.value[0]?.ValueCost);
    const renamed = await getJson<{ error: { message: string } }>(
      unionTreeUrl(emu.baseUrl, names("Tower AR", "Supplier prices 2025"), "?version=1.1"),
      token,
    );
    expect(renamed.status).toBe(404);
    expect(renamed.body.error.message).toMatch(/renamed.*original name 'Supplier prices'/);
  });

  it("lists a renamed scheme in analyses as it was when the analysis ran; the variation gives its current name", async () => {
    /** The schemes the union model's first analysis lists, and the project's own list. */
    const listed = async (e: RunningEmulator, t: string) => {
      const url = `${e.baseUrl}/api/app/project/${companyId(e, MAIN_COMPANY)}/byCompanyId`;
      const tower = (await getJson<Project[]>(url, t)).body.find((p) => p.name === "O'Brien Tower");
      const union = tower?.unionModels[0];
      if (!tower || !union) throw new Error("no O'Brien Tower union");
      const analyses = await getJson<{ catalogPrioritiesSchemes: { id: string; name: string }[] }[]>(
        `${e.baseUrl}/api/app/analysis/collectionByModel?projId=${tower.id}&modelId=${union.id}`,
        t,
      );
      return {
        analysis: analyses.body[0]?.catalogPrioritiesSchemes ?? [],
        project: tower.catalogPrioritiesSchemes,
      };
    };
    const asRun = await listed(emu, token);
    expect(asRun.analysis.map((s) => s.name)).toEqual(["Main scheme", "Supplier prices"]);
    // The same scheme (its id) is "Supplier prices 2025" in the project's own list.
    const renamedId = asRun.analysis[1]?.id;
    expect(asRun.project.find((s) => s.id === renamedId)?.name).toBe("Supplier prices 2025");
    const current = await startTestEmulator({ variations: { analysisSchemesCurrentNames: true } });
    try {
      const now = await listed(current, (await passwordToken(current)).access_token);
      expect(now.analysis.map((s) => s.name)).toEqual(["Main scheme", "Supplier prices 2025"]);
    } finally {
      await current.stop();
    }
  });

  it("gives the all-zero UUID for unset ids and parents, and LocalVars with string or null values", async () => {
    const linked = (
      await getJson<Envelope>(
        unionTreeUrl(emu.baseUrl, names("Tower AR"), "?version=1.1&parents=true"),
        token,
      )
    ).body.value;
    // The scheme's first catalog (Materials) holds none of the BOQ's codes: nothing to link to.
    const unlinked = (
      await getJson<Envelope>(
        unionTreeUrl(emu.baseUrl, names("Tower AR", "Supplier prices"), "?version=1.1&parents=true"),
        token,
      )
    ).body.value;
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    // Linked to Demo catalog's positions: each has its PlatformId; they were made on the platform,
    // not imported, so none has an external id (issue 43: the workbench's sample updates them).
    expect(linked.every((r) => r.ExternalId === ZERO)).toBe(true);
    expect(linked.every((r) => uuid.test(String(r.PlatformId)) && r.PlatformId !== ZERO)).toBe(true);
    expect(unlinked.length).toBeGreaterThan(0);
    expect(unlinked.every((r) => r.CatalogName === "Materials")).toBe(true);
    expect(unlinked.every((r) => r.ExternalId === ZERO && r.PlatformId === ZERO)).toBe(true);
    expect(unlinked.every((r) => r.ParentExternalId === ZERO && r.ParentPlatformId === ZERO)).toBe(true);
    expect(unlinked.every((r) => uuid.test(r.Id) && r.Id !== ZERO)).toBe(true);
    for (const rows of [linked, unlinked]) {
      const byId = new Map(rows.map((r) => [r.Id, r]));
      for (const r of rows) {
        const parent = byId.get(r.ParentId);
        if (r.ParentId === ZERO) {
          expect(r.ParentExternalId).toBe(ZERO);
          expect(r.ParentPlatformId).toBe(ZERO);
        } else {
          expect(r.ParentExternalId).toBe(parent?.ExternalId);
          expect(r.ParentPlatformId).toBe(parent?.PlatformId);
        }
        for (const v of r.LocalVars as { Name: unknown; Value: unknown }[]) {
          expect(typeof v.Name).toBe("string");
          expect(v.Value === null || typeof v.Value === "string").toBe(true);
        }
      }
    }
    expect(linked.some((r) => (r.LocalVars as unknown[]).length > 0)).toBe(true);
  });

  it.each([
    [[`Nobody Inc`, "O'Brien Tower", "Tower AR", "Main scheme"], "1.1", /Company 'Nobody Inc'/],
    [[MAIN_COMPANY, "No project", "Tower AR", "Main scheme"], "1.1", /Project 'No project'/],
    [[MAIN_COMPANY, "O'Brien Tower", "No model", "Main scheme"], "1.1", /Model 'No model'/],
    [[MAIN_COMPANY, "O'Brien Tower", "Tower AR", "No scheme"], "1.1", /Priority scheme 'No scheme'/],
    [[MAIN_COMPANY, "O'Brien Tower", "Tower AR", "Main scheme"], "9.1", /Model version 9/],
    [[MAIN_COMPANY, "O'Brien Tower", "Tower AR", "Main scheme"], "1.7", /Analysis version 7/],
  ])("answers 404 naming what is unknown: %j %s", async (n, version, message) => {
    const res = await getJson<{ error: { message: string } }>(
      unionTreeUrl(emu.baseUrl, n as [string, string, string, string], `?version=${version}`),
      token,
    );
    expect(res.status).toBe(404);
    expect(res.body.error.message).toMatch(message);
  });

  it("answers 400 for malformed keys and queries", async () => {
    const twoNames = await getJson(`${emu.baseUrl}/api/odata/UnionTree('a','b')`, token);
    expect(twoNames.status).toBe(400);
    const unquoted = await getJson(`${emu.baseUrl}/api/odata/UnionTree(a,b,c,d)`, token);
    expect(unquoted.status).toBe(400);
    const badVersion = await getJson<{ error: { validationErrors: { members: string[] }[] } }>(
      unionTreeUrl(emu.baseUrl, names("Tower AR"), "?version=latest&parents=maybe"),
      token,
    );
    expect(badVersion.status).toBe(400);
    expect(badVersion.body.error.validationErrors.flatMap((e) => e.members)).toEqual(["version", "parents"]);
    const badSample = await getJson<{ error: { validationErrors: { members: string[] }[] } }>(
      unionTreeUrl(emu.baseUrl, names("Tower AR"), "?version=1.1&parent=yes"),
      token,
    );
    expect(badSample.status).toBe(400);
    expect(badSample.body.error.validationErrors.flatMap((e) => e.members)).toEqual(["parent"]);
  });

  it("requires a token", async () => {
    const res = await fetch(unionTreeUrl(emu.baseUrl, names("Tower AR"), "?version=1.1"));
    expect(res.status).toBe(401);
  });

  it("pages on the server with @odata.nextLink and gives the same rows in the same order", async () => {
    const url = unionTreeUrl(paged.baseUrl, names("Tower AR"), "?version=2.2&parents=true");
    const rows: Row[] = [];
    let next: string | undefined = url;
    let pages = 0;
    while (next) {
      const res: { status: number; body: Envelope } = await getJson<Envelope>(next, pagedToken);
      expect(res.status).toBe(200);
      expect(res.body.value.length).toBeLessThanOrEqual(PAGE);
      rows.push(...res.body.value);
      next = res.body["@odata.nextLink"];
      if (next) expect(next).toMatch(/version=2\.2/);
      pages++;
    }
    const whole = (
      await getJson<Envelope>(
        unionTreeUrl(emu.baseUrl, names("Tower AR"), "?version=2.2&parents=true"),
        token,
      )
    ).body.value;
    expect(pages).toBe(Math.ceil(whole.length / PAGE));
    expect(rows.map((r) => r.Code)).toEqual(whole.map((r) => r.Code));
    expect(rows.map((r) => r.Value)).toEqual(whole.map((r) => r.Value));
  });
});
