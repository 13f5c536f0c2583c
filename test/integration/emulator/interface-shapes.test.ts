// Every resource of docs/interface.md 2 (and the token response of section 5) read over HTTP and
// checked against a strict schema written from the interface text: each field name with its
// casing, its JSON type, and no field the interface does not list (except where it says the shape
// is not shown). A renamed, re-cased, re-typed, missing or extra field fails here.
import { z } from "zod";
import type { RunningEmulator } from "../../../emulator/src/index";
import {
  companyId,
  form,
  getJson,
  MAIN_COMPANY,
  passwordToken,
  postJson,
  startTestEmulator,
  waitForJob,
  IMPORT,
} from "./helpers";

const ZERO = "00000000-0000-0000-0000-000000000000";
const G1 = "0b5f7c1e-2f57-4c7e-9a53-0000000000a1";

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
/** ISO 8601 UTC. */
const timestamp = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
const int = z.number().int();
const email = z.string().regex(/^[^@\s]+@[^@\s]+$/);

// 2.3
const importStatus = z.strictObject({
  id: uuid,
  jobId: z.string().regex(/^[0-9a-f]{24}$/),
  rootName: z.string(),
  rootId: uuid,
  status: z.string(),
  date: timestamp,
  progress: int,
  error: z.null(),
});

// 2.4
const twig = z.strictObject({
  PlatformId: uuid,
  ExternalId: uuid,
  Code: z.string(),
  Name: z.string(),
  Price: z.number(),
  CurrencyCharCode: z.string(),
  Unit: z.string(),
});
const importLog = z.strictObject({
  InsertedTwigs: z.array(twig),
  UpdatedTwigs: z.array(
    z.strictObject({
      PlatformId: uuid,
      SourceCode: z.string(),
      UpdatedCode: z.string(),
      SourceName: z.string(),
      UpdatedName: z.string(),
      SourcePrice: z.number(),
      UpdatedPrice: z.number(),
      SourceCurrencyCharCode: z.string(),
      UpdatedCurrencyCharCode: z.string(),
      SourceUnit: z.string(),
      UpdatedUnit: z.string(),
    }),
  ),
  DeletedTwigs: z.array(
    z.strictObject({ PlatformId: uuid, ExternalId: uuid, Code: z.string(), Name: z.string() }),
  ),
  IgnoredTwigs: z.array(twig),
});

// 2.5
const company = z.strictObject({ id: uuid, name: z.string(), isPersonal: z.boolean() });

// 2.8 scheme and catalog priority (also in 2.6)
const scheme = z.strictObject({
  id: uuid,
  name: z.string(),
  catalogPriorities: z.array(
    z.strictObject({
      priority: int,
      disableLinks: z.boolean(),
      id: uuid,
      name: z.string(),
      isUse: z.boolean(),
      filterTwigIds: z.array(z.unknown()),
      type: z.number(),
      isSelfPrice: z.boolean(),
      colorString: z.string().nullable(),
    }),
  ),
  concurrencyStamp: z.string().nullable(),
});

// 2.6
const EXPORT_FLAGS = [
  "isExportApprovedInfo",
  "isExportApprovedNumbers",
  "isExportPrice",
  "isExportUnmapped",
  "isOnlyTwoColumns",
  "isExportParentSum",
  "isExportElementsTree",
  "isExportCatalogsTrees",
  "isExportUnionTree",
  "isExportElsTreeCats",
  "isExportElsTreeTypes",
  "isExportElsTreeEls",
  "isExportElsTreePos",
  "isExportCatsTreeParentPos",
  "isExportCatsTreeEls",
  "isExportUnionTreeParentPos",
  "isExportUnionTreeEls",
  "useDefaultExportTemplate",
  "addPricesOfEachLevelInSeparateColumns",
  "sumPricesOfChildPositionsInSeparateColumns",
] as const;
const modelReference = z.strictObject({
  id: uuid,
  sw: z.string(),
  checkedForAnalysis: z.boolean(),
  name: z.string(),
});
/** The element shape of unionModels is not shown: only what the read flow needs is required. */
const unionModelReference = z.looseObject({ id: uuid, name: z.string() });
interface FolderShape {
  name: string;
  folders: FolderShape[];
  models: z.infer<typeof modelReference>[];
  unionModels: z.infer<typeof unionModelReference>[];
}
const folder: z.ZodType<FolderShape> = z.lazy(() =>
  z.strictObject({
    name: z.string(),
    folders: z.array(folder),
    models: z.array(modelReference),
    unionModels: z.array(unionModelReference),
  }),
);
const project = z.strictObject({
  id: uuid,
  name: z.string(),
  companyId: uuid,
  currency: z.null(),
  startDate: z.null(),
  endDate: z.null(),
  users: z.null(),
  catalogPrioritiesSchemes: z.array(scheme),
  catalogPrioritiesSchemeIds: z.array(uuid),
  selectedExcelExportTemplateId: uuid,
  projectSettings: z.strictObject({
    excelValueExport: z.strictObject({
      ...Object.fromEntries(EXPORT_FLAGS.map((f) => [f, z.boolean()])),
      exportedLocalVars: z.array(z.unknown()),
    }),
  }),
  folders: z.array(folder),
  models: z.array(modelReference),
  unionModels: z.array(unionModelReference),
  overridenTwigs: z.array(z.unknown()),
  extraProperties: z.record(z.string(), z.unknown()),
  concurrencyStamp: z.string(),
});

// 2.7
const model = z.strictObject({
  id: uuid,
  name: z.string(),
  externalModelId: uuid,
  companyId: uuid,
  sw: z.string(),
  checkedForAnalysis: z.boolean(),
  versions: z.array(
    z.strictObject({
      id: uuid,
      externalVersionId: uuid,
      geomData: z.array(uuid),
      glb: z.array(uuid),
      meta: z.array(uuid),
      modelPath: z.string(),
      desc: z.string(),
      date: timestamp,
      totalElementsCount: int,
      elementsCount: int,
      lastModifiedEmail: email,
      versionIndex: int,
    }),
  ),
  dataProjectId: uuid,
  dataProjectFolderId: uuid,
  isDeleted: z.boolean(),
  deletionTime: timestamp.nullable(),
  extraProperties: z.looseObject({ CheckExpiration: z.boolean() }),
  concurrencyStamp: z.string(),
});

// 2.8
const analysis = z.strictObject({
  id: uuid,
  name: z.null(),
  projId: uuid,
  modelId: uuid,
  metaModelId: uuid,
  metaModelVersionId: uuid,
  metaModelVersionIndex: int,
  modelVersionIds: z.null(),
  meta: z.array(uuid),
  glb: z.array(uuid),
  geomData: z.array(uuid),
  desc: z.string(),
  status: z.number(),
  version: int,
  date: timestamp,
  dateModel: timestamp,
  progress: int,
  error: z.string(),
  isTest: z.boolean(),
  evalJobId: z.string(),
  isCreateUnionAnalyses: z.boolean(),
  nextAnalyses: z.null(),
  childAnalyzes: z.null(),
  mappingParameters: z.null(),
  lastModifiedEmail: email,
  exportXlsxId: uuid,
  useAllMetaElements: z.boolean(),
  isApproved: z.boolean(),
  totalCost: z.number(),
  positionUnits: z.array(z.strictObject({ type: z.null(), unit: z.string(), roundingDegree: int })),
  localVars: z.array(z.unknown()),
  trees: z.strictObject({
    elementsResultsTree: z.null(),
    catalogsResultsTree: z.null(),
    unionResultsTrees: z.null(),
  }),
  catalogPrioritiesSchemes: z.array(scheme),
  concurrencyStamp: z.string(),
});

// 2.9
const boqRow = z.strictObject({
  CatalogName: z.string(),
  Code: z.string(),
  Name: z.string(),
  Unit: z.string(),
  Value: z.number(),
  Id: uuid,
  ExternalId: uuid,
  PlatformId: uuid,
  Company: z.string(),
  Project: z.string(),
  Model: z.string(),
  Tree: z.string(),
  ValueCost: z.number(),
  TotalCost: z.number(),
  FullTotalCost: z.number(),
  Version: int,
  ParentId: uuid,
  ParentExternalId: uuid,
  ParentPlatformId: uuid,
  LocalVars: z.array(z.strictObject({ Name: z.string(), Value: z.string().nullable() })),
});
const envelope = z.strictObject({
  "@odata.context": z.string(),
  "@odata.nextLink": z.string().optional(),
  value: z.array(boqRow),
});

// Section 5
const SCOPES = [
  "address",
  "Platform.Value.Server",
  "email",
  "IdentityServerApi",
  "offline_access",
  "openid",
  "profile",
  "role",
  "Platform.Server",
];
const tokenResponse = z.strictObject({
  access_token: z.string().regex(/^[\w-]+\.[\w-]+\.[\w-]+$/),
  expires_in: int,
  token_type: z.literal("Bearer"),
  refresh_token: z.string().min(1),
  scope: z.string(),
});

/** Parses with the schema and reports every mismatch with its path, so a failure says which field. */
function check<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(z.prettifyError(result.error));
  return result.data;
}

let emu: RunningEmulator;
let token: string;
let main: string;

beforeAll(async () => {
  emu = await startTestEmulator({ pageSize: 20 });
  token = (await passwordToken(emu)).access_token;
  main = companyId(emu, MAIN_COMPANY);
});
afterAll(async () => {
  await emu.stop();
});

it("token response (section 5): the five fields, the scope list, a year of lifetime", async () => {
  const res = await form(`${emu.authUrl}/connect/token`, {
    grant_type: "password",
    client_id: emu.demo.passwordClient.clientId,
    client_secret: emu.demo.passwordClient.clientSecret,
    username: emu.demo.users[0]?.username ?? "",
    password: emu.demo.users[0]?.password ?? "",
  });
  expect(res.status).toBe(200);
  const body = check(tokenResponse, await res.json());
  expect(body.expires_in).toBe(31536000);
  expect(body.scope.split(" ").sort()).toEqual([...SCOPES].sort());
});

it("import status (2.3) by job id and by catalog name, and the import log (2.4) with all four arrays filled", async () => {
  emu.catalogs.create(main, "Shapes");
  const send = async (body: unknown) => {
    const res = await postJson<{ jobId: string }>(`${emu.baseUrl}${IMPORT}`, token, body);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["jobId"]);
    return res.body.jobId;
  };
  await waitForJob(
    emu,
    token,
    await send({
      Settings: { CatalogName: "Shapes", CompanyId: main },
      Data: [
        { Code: "1", Name: "Kept", Price: 1, Unit: "м3", CurrencyCharCode: "RUB" },
        { Guid: G1, Code: "2", Name: "Changed", Price: 2 },
        { Code: "3", Name: "Deleted" },
      ],
    }),
  );
  const jobId = await send({
    Settings: { CatalogName: "Shapes", CompanyId: main },
    Data: [
      { Code: "1", Name: "Kept", Price: 1, Unit: "м3", CurrencyCharCode: "RUB" },
      { Guid: G1, Code: "2", Name: "Changed now", Price: 2.5 },
      { Code: "4", Name: "New", Unit: "" },
    ],
    DeletedData: [{ Code: "3" }],
  });
  await waitForJob(emu, token, jobId);
  const byId = await getJson(`${emu.baseUrl}${IMPORT}/statusbyjobid/${jobId}`, token);
  const byRoot = await getJson(`${emu.baseUrl}${IMPORT}/statusbyroot/Shapes`, token);
  expect(byId.status).toBe(200);
  expect(check(importStatus, byId.body)).toMatchObject({
    jobId,
    rootName: "Shapes",
    status: "ReportCreated",
  });
  expect(check(importStatus, byRoot.body)).toEqual(byId.body);
  const log = await getJson(`${emu.baseUrl}${IMPORT}/logbyjobid/${jobId}`, token);
  const parsed = check(importLog, log.body);
  expect(
    [parsed.InsertedTwigs, parsed.UpdatedTwigs, parsed.DeletedTwigs, parsed.IgnoredTwigs].map(
      (a) => a.length,
    ),
  ).toEqual([1, 1, 1, 1]);
  expect(parsed.InsertedTwigs[0]?.Unit).toBe("");
});

it("companies (2.5), projects (2.6), models (2.7) and analyses (2.8) of the whole demo", async () => {
  const companies = await getJson<unknown[]>(`${emu.authUrl}/api/app/company`, token);
  expect(companies.status).toBe(200);
  const parsedCompanies = check(z.array(company), companies.body);
  expect(parsedCompanies.length).toBeGreaterThanOrEqual(2);
  let models = 0;
  let analyses = 0;
  for (const c of parsedCompanies) {
    const projects = check(
      z.array(project),
      (await getJson(`${emu.baseUrl}/api/app/project/${c.id}/byCompanyId`, token)).body,
    );
    for (const p of projects) {
      const refs: z.infer<typeof modelReference>[] = [...p.models];
      const walk = (f: FolderShape) => {
        refs.push(...f.models);
        f.folders.forEach(walk);
      };
      p.folders.forEach(walk);
      for (const ref of refs) {
        const m = check(
          model,
          (await getJson(`${emu.platformUrl}/api/app/metaModels/${ref.id}`, token)).body,
        );
        models++;
        for (const v of m.versions) {
          const list = await getJson(
            `${emu.baseUrl}/api/app/analysis/collectionByModelVersion?projectId=${p.id}&modelId=${m.id}&modelVersionId=${v.id}`,
            token,
          );
          analyses += check(z.array(analysis), list.body).length;
        }
      }
      for (const u of p.unionModels) {
        const list = await getJson(
          `${emu.baseUrl}/api/app/analysis/collectionByModel?projId=${p.id}&modelId=${u.id}`,
          token,
        );
        const parsed = check(z.array(analysis), list.body);
        expect(parsed.every((a) => a.isCreateUnionAnalyses && a.metaModelVersionId === ZERO)).toBe(true);
        analyses += parsed.length;
      }
    }
  }
  expect(models).toBeGreaterThanOrEqual(5);
  expect(analyses).toBeGreaterThanOrEqual(10);
});

it("the OData envelope and BOQ rows (2.9) on every page", async () => {
  const names = [MAIN_COMPANY, "O'Brien Tower", "Tower AR", "Main scheme"];
  const key = names.map((n) => `'${encodeURIComponent(n.replace(/'/g, "''"))}'`).join(",");
  let next: string | undefined = `${emu.baseUrl}/api/odata/UnionTree(${key})?version=1.1&parents=true`;
  let pages = 0;
  while (next) {
    const res: { status: number; body: unknown } = await getJson(next, token);
    expect(res.status).toBe(200);
    const page = check(envelope, res.body);
    next = page["@odata.nextLink"];
    pages++;
  }
  expect(pages).toBeGreaterThan(1);
});
