import type { ApiClient, Catalog, CatalogPosition, Company, User } from "./model";
import { buildEstimate, quantityFor, SMALL_LEAF_COUNT, type Lang } from "./estimate";
import { revisionBoq } from "./revisions";
import { Prng, round2, sha256, ZERO_UUID } from "./util";

/** Seed of every demo identifier: the same ids on every start and every machine. */
const DEMO_SEED = 20240611;
const DEMO_DATE = Date.UTC(2025, 2, 3, 9, 30, 0);
const DAY_MS = 86_400_000;

export const DEFAULT_ORIGIN = "https://localhost:3000";
export const DEFAULT_REDIRECT_URI = "https://localhost:3000/signin.html";

export const UNITS: readonly string[] = [
  "м",
  "м2",
  "м²",
  "м3",
  "м³",
  "т",
  "кг",
  "шт",
  "компл",
  "п.м",
  "л",
  "ч",
  "маш.-ч",
  "100 м2",
  "m",
  "m2",
  "m²",
  "m3",
  "m³",
  "t",
  "kg",
  "pcs",
  "set",
  "lm",
  "l",
  "h",
];

export const ALL_SCOPES: readonly string[] = [
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

export interface DemoModelVersion {
  id: string;
  externalVersionId: string;
  versionIndex: number;
  date: string;
  desc: string;
  modelPath: string;
  totalElementsCount: number;
  elementsCount: number;
  lastModifiedEmail: string;
  geomData: string[];
  glb: string[];
  meta: string[];
}

export interface DemoModel {
  id: string;
  name: string;
  sw: string;
  checkedForAnalysis: boolean;
  externalModelId: string;
  companyId: string;
  projectId: string;
  folderId: string;
  isUnion: boolean;
  /** Models summed by a union model. */
  memberIds: string[];
  versions: DemoModelVersion[];
  lang: Lang;
  /** Leaves of its BOQ: the small estimate, or the large size for the benchmark model. */
  leafCount: number;
  /** Its BOQ is written out by hand (revisions.ts), not generated: the comparison demo. */
  handWritten?: boolean;
}

export interface DemoFolder {
  id: string;
  name: string;
  folders: DemoFolder[];
  modelIds: string[];
  unionModelIds: string[];
}

export interface DemoScheme {
  id: string;
  /** Name shown in projects and analyses. */
  name: string;
  /** Name the scheme was created with; the OData export addresses a scheme by this one. */
  originalName: string;
  catalogNames: string[];
  /** Price factor of this scheme's priorities, so two schemes give different costs. */
  priceFactor: number;
}

export interface DemoProject {
  id: string;
  name: string;
  companyId: string;
  folders: DemoFolder[];
  topModelIds: string[];
  unionModelIds: string[];
  schemes: DemoScheme[];
  concurrencyStamp: string;
}

export interface DemoAnalysis {
  id: string;
  projectId: string;
  modelId: string;
  isUnion: boolean;
  modelVersionId: string;
  modelVersionIndex: number;
  version: number;
  date: string;
  dateModel: string;
  desc: string;
  lastModifiedEmail: string;
  evalJobId: string;
  concurrencyStamp: string;
  meta: string[];
  glb: string[];
  geomData: string[];
}

export interface BoqRow {
  CatalogName: string;
  Code: string;
  Name: string;
  Unit: string;
  Value: number;
  Id: string;
  ExternalId: string;
  PlatformId: string;
  Company: string;
  Project: string;
  Model: string;
  Tree: string;
  ValueCost: number;
  TotalCost: number;
  FullTotalCost: number;
  Version: number;
  ParentId: string;
  ParentExternalId: string;
  ParentPlatformId: string;
  LocalVars: { Name: string; Value: string | null }[];
}

export interface DemoClientSeed {
  client: ApiClient;
  secret: string | null;
}

export interface DemoData {
  companies: Company[];
  users: User[];
  clients: DemoClientSeed[];
  projects: DemoProject[];
  models: DemoModel[];
  analyses: DemoAnalysis[];
  catalogs: Catalog[];
  /** BOQ of an analysis for a scheme, generated on first use and kept. */
  boq(analysis: DemoAnalysis, scheme: DemoScheme): BoqRow[];
  /** Gives an analysis published on demand (./publish) its BOQ for a scheme. */
  putBoq(analysis: DemoAnalysis, scheme: DemoScheme, rows: BoqRow[]): void;
}

export interface DemoOptions {
  /** Leaves of the benchmark BOQ and positions of the large catalog; 0 leaves both out. */
  largeRows: number;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function buildDemoData(options: DemoOptions): DemoData {
  let prng = new Prng(DEMO_SEED);
  // API clients: enabled for Northwind (the demo user administers it, the viewer does not) and
  // СтройГрупп Север (the demo user is no administrator there); not for the personal company, which
  // the demo user administers: each refusal of the client API has a company that shows it.
  const companyMain: Company = {
    id: prng.uuid(),
    name: "Northwind Construction",
    isPersonal: false,
    apiClients: true,
  };
  const companyPersonal: Company = {
    id: prng.uuid(),
    name: "Ivan Petrov",
    isPersonal: true,
    apiClients: false,
  };
  const companyNorth: Company = {
    id: prng.uuid(),
    name: "СтройГрупп Север",
    isPersonal: false,
    apiClients: true,
  };
  const companies = [companyMain, companyPersonal, companyNorth];

  const users: User[] = [
    {
      id: prng.uuid(),
      username: "demo",
      password: "demo-password",
      name: "Ivan Petrov",
      email: "ivan.petrov@example.com",
      companyIds: [companyMain.id, companyPersonal.id, companyNorth.id],
      adminOf: [companyMain.id, companyPersonal.id],
    },
    {
      id: prng.uuid(),
      username: "viewer",
      password: "viewer-password",
      name: "Anna O'Neil",
      email: "anna.oneil@example.com",
      companyIds: [companyMain.id],
      adminOf: [],
    },
  ];

  const passwordSecret = `demo-secret-${prng.hex(16)}`;
  const clients: DemoClientSeed[] = [
    {
      secret: passwordSecret,
      client: {
        clientId: "boq-bridge-demo",
        clientName: "BOQ Bridge demo (password)",
        description: "Demo API client for the password grant",
        companyId: companyMain.id,
        secretHash: sha256(passwordSecret),
        redirectUris: [DEFAULT_REDIRECT_URI],
        postLogoutRedirectUris: [DEFAULT_REDIRECT_URI],
        corsOrigins: [DEFAULT_ORIGIN],
        platformServices: ["Platform.Value.Server"],
        grantTypes: ["password", "refresh_token", "authorization_code"],
        isActive: true,
        createdAt: iso(DEMO_DATE),
      },
    },
    {
      secret: null,
      client: {
        clientId: "boq-bridge-spa",
        clientName: "BOQ Bridge sign-in (PKCE)",
        description: "Demo public client for the authorization-code flow with PKCE",
        companyId: companyMain.id,
        secretHash: null,
        redirectUris: [DEFAULT_REDIRECT_URI],
        postLogoutRedirectUris: [DEFAULT_REDIRECT_URI],
        corsOrigins: [DEFAULT_ORIGIN],
        platformServices: ["Platform.Value.Server"],
        grantTypes: ["authorization_code", "refresh_token"],
        isActive: true,
        createdAt: iso(DEMO_DATE),
      },
    },
  ];

  const modelEmails = ["ivan.petrov@example.com", "anna.oneil@example.com"];
  const models: DemoModel[] = [];
  const projects: DemoProject[] = [];

  function folder(name: string, modelIds: string[], folders: DemoFolder[] = [], unionIds: string[] = []) {
    return { id: prng.uuid(), name, folders, modelIds, unionModelIds: unionIds } satisfies DemoFolder;
  }

  function model(
    name: string,
    companyId: string,
    versions: number,
    lang: Lang,
    leafCount = SMALL_LEAF_COUNT,
  ): DemoModel {
    const id = prng.uuid();
    const m: DemoModel = {
      id,
      name,
      sw: prng.pick(["revit", "ifc", "archicad"]),
      checkedForAnalysis: true,
      externalModelId: prng.uuid(),
      companyId,
      projectId: "",
      folderId: "",
      isUnion: false,
      memberIds: [],
      versions: [],
      lang,
      leafCount,
    };
    for (let v = 1; v <= versions; v++) {
      const total = prng.int(8000, 60000);
      m.versions.push({
        id: prng.uuid(),
        externalVersionId: prng.uuid(),
        versionIndex: v,
        date: iso(DEMO_DATE + v * 7 * DAY_MS),
        desc: v === 1 ? "Initial upload" : `Revision ${v}`,
        modelPath: `/${companyId}/${id}/v${v}/${name.replace(/[^\p{L}\p{N}]+/gu, "_")}.ifc`,
        totalElementsCount: total,
        elementsCount: Math.floor(total * 0.82),
        lastModifiedEmail: prng.pick(modelEmails),
        geomData: [prng.uuid()],
        glb: [prng.uuid(), prng.uuid()],
        meta: [prng.uuid()],
      });
    }
    models.push(m);
    return m;
  }

  function unionModel(name: string, companyId: string, members: DemoModel[], lang: Lang): DemoModel {
    const m = model(name, companyId, 0, lang);
    m.sw = "union";
    m.isUnion = true;
    m.memberIds = members.map((x) => x.id);
    return m;
  }

  function scheme(name: string, catalogNames: string[], priceFactor: number, renamedTo?: string): DemoScheme {
    return { id: prng.uuid(), name: renamedTo ?? name, originalName: name, catalogNames, priceFactor };
  }

  function project(
    name: string,
    companyId: string,
    folders: DemoFolder[],
    topModels: DemoModel[],
    unions: DemoModel[],
    schemes: DemoScheme[],
  ): DemoProject {
    const p: DemoProject = {
      id: prng.uuid(),
      name,
      companyId,
      folders,
      topModelIds: topModels.map((m) => m.id),
      unionModelIds: unions.map((m) => m.id),
      schemes,
      concurrencyStamp: prng.hex(32),
    };
    const assign = (f: DemoFolder) => {
      for (const id of [...f.modelIds, ...f.unionModelIds]) {
        const m = models.find((x) => x.id === id);
        if (m) {
          m.projectId = p.id;
          m.folderId = f.id;
        }
      }
      f.folders.forEach(assign);
    };
    folders.forEach(assign);
    for (const m of [...topModels, ...unions]) m.projectId = p.id;
    projects.push(p);
    return p;
  }

  const mainPrngBefore = prng;
  // Northwind Construction: the main demo company.
  const towerAr = model("Tower AR", companyMain.id, 3, "en");
  const korpus = model("Корпус 1", companyMain.id, 2, "ru");
  const block2 = model("Block #2 / North", companyMain.id, 2, "en");
  const towerUnion = unionModel("O'Brien Tower union", companyMain.id, [towerAr, korpus], "en");
  project(
    "O'Brien Tower",
    companyMain.id,
    [
      folder(
        "Architecture",
        [towerAr.id],
        [folder("Structure", [korpus.id], [folder("Blocks", [block2.id])])],
      ),
    ],
    [],
    [towerUnion],
    [
      scheme("Main scheme", ["Demo catalog", "Materials"], 1),
      scheme("Supplier prices", ["Materials", "Demo catalog"], 0.93, "Supplier prices 2025"),
    ],
  );
  const riverside = model("Riverside AR", companyMain.id, 1, "en");
  // A name with "&" (an OData path and a query string must both keep it); drawn from its own
  // generator, so every id of the data before it was added stays the same.
  const ownPrng = new Map<string, Prng>();
  const ampersandPrng = new Prng(DEMO_SEED + 2);
  prng = ampersandPrng;
  const walls = model("Walls & Slabs", companyMain.id, 1, "en");
  ownPrng.set(walls.id, ampersandPrng);
  // Two versions whose BOQs differ in every way a comparison distinguishes (revisions.ts), also
  // from its own generator; its folder too, so the ids drawn after it stay the same.
  const pavilionPrng = new Prng(DEMO_SEED + 3);
  prng = pavilionPrng;
  const pavilion = model("Pavilion", companyMain.id, 2, "en");
  pavilion.handWritten = true;
  ownPrng.set(pavilion.id, pavilionPrng);
  const stageB = folder("Stage B", [pavilion.id]);
  prng = mainPrngBefore;
  project(
    "Riverside 50% Phase #2",
    companyMain.id,
    [folder("Stage A", [], [folder("Stage A/1", [riverside.id, walls.id])]), stageB],
    [],
    [],
    [scheme("Main scheme", ["Demo catalog"], 1)],
  );
  // The benchmark parts draw from their own generator, so every other id is the same whatever the size.
  const mainPrng = prng;
  const largePrng = new Prng(DEMO_SEED + 1);
  if (options.largeRows > 0) {
    prng = largePrng;
    const large = model("Large model", companyMain.id, 1, "en", options.largeRows);
    project(
      "Benchmark",
      companyMain.id,
      [folder("Benchmark", [large.id])],
      [],
      [],
      [scheme("Main scheme", ["Large catalog"], 1)],
    );
    prng = mainPrng;
  }

  // The personal company of the demo user.
  const banya = model("Баня", companyPersonal.id, 1, "ru");
  project(
    "Дача",
    companyPersonal.id,
    [folder("Постройки", [banya.id])],
    [],
    [],
    [scheme("Основная схема", ["Личный каталог"], 1)],
  );

  // A second company holding a catalog with the same name as the main one: imports must pick.
  const sklad = model("Склад", companyNorth.id, 1, "ru");
  project(
    "Склад «Север»",
    companyNorth.id,
    [folder("Модели", [sklad.id])],
    [],
    [],
    [scheme("Основная схема", ["Materials"], 1.05)],
  );

  const analyses: DemoAnalysis[] = [];
  for (const m of models) {
    prng = ownPrng.get(m.id) ?? (m.leafCount > SMALL_LEAF_COUNT ? largePrng : mainPrng);
    const analysisOf = (
      versionId: string,
      versionIndex: number,
      v: number,
      dateMs: number,
    ): DemoAnalysis => ({
      id: prng.uuid(),
      projectId: m.projectId,
      modelId: m.id,
      isUnion: m.isUnion,
      modelVersionId: versionId,
      modelVersionIndex: versionIndex,
      version: v,
      date: iso(dateMs + v * DAY_MS),
      dateModel: iso(dateMs),
      desc: m.isUnion ? "Union analysis" : `Analysis ${versionIndex}.${v}`,
      lastModifiedEmail: prng.pick(modelEmails),
      evalJobId: prng.hex(24),
      concurrencyStamp: prng.hex(32),
      meta: [prng.uuid()],
      glb: [prng.uuid()],
      geomData: [prng.uuid()],
    });
    if (m.isUnion) {
      analyses.push(analysisOf(ZERO_UUID, 1, 1, DEMO_DATE + 30 * DAY_MS));
      continue;
    }
    for (const v of m.versions) {
      const count = m.leafCount > SMALL_LEAF_COUNT ? 1 : 2;
      for (let a = 1; a <= count; a++) analyses.push(analysisOf(v.id, v.versionIndex, a, Date.parse(v.date)));
    }
  }

  prng = mainPrng;
  const catalogs: Catalog[] = [
    estimateCatalog(prng, companyMain.id, "Demo catalog", "ru", SMALL_LEAF_COUNT),
    { id: prng.uuid(), companyId: companyMain.id, name: "Materials", positions: [] },
    { id: prng.uuid(), companyId: companyMain.id, name: "Empty catalog", positions: [] },
    { id: prng.uuid(), companyId: companyNorth.id, name: "Materials", positions: [] },
    estimateCatalog(prng, companyPersonal.id, "Личный каталог", "ru", SMALL_LEAF_COUNT),
  ];
  if (options.largeRows > 0) {
    catalogs.push(estimateCatalog(largePrng, companyMain.id, "Large catalog", "en", options.largeRows));
  }

  const boqCache = new Map<string, BoqRow[]>();
  const data: DemoData = {
    companies,
    users,
    clients,
    projects,
    models,
    analyses,
    catalogs,
    boq(analysis, sch) {
      const key = `${analysis.id}/${sch.id}`;
      let rows = boqCache.get(key);
      if (!rows) {
        rows = generateBoq(data, analysis, sch);
        boqCache.set(key, rows);
      }
      return rows;
    },
    putBoq(analysis, sch, rows) {
      boqCache.set(`${analysis.id}/${sch.id}`, rows);
    },
  };
  return data;
}

function estimateCatalog(prng: Prng, companyId: string, name: string, lang: Lang, leaves: number): Catalog {
  const nodes = buildEstimate(lang, leaves);
  const ids: string[] = [];
  const positions: CatalogPosition[] = nodes.map((n) => {
    const platformId = prng.uuid();
    ids.push(platformId);
    // Made on the platform's website, not imported: no external id (the all-zero UUID). An import
    // that sends a Guid with one of these codes matches it by code, updates it and gives it that
    // Guid; an external id it had would make the platform refuse the row (the code is another
    // position's), which is why the workbench's sample lost 13 of 16 rows here (issue 43). The
    // draw stays so that every id after it is the same as before.
    prng.uuid();
    return {
      platformId,
      externalId: ZERO_UUID,
      code: n.code,
      name: n.name,
      price: n.price,
      unit: n.unit,
      currency: "RUB",
      binding: "",
      controlPoints: [],
      parentId: n.parent >= 0 ? (ids[n.parent] ?? null) : null,
    };
  });
  return { id: prng.uuid(), companyId, name, positions };
}

/**
 * BOQ of an analysis: the estimate's items with quantities from the model version, costs from
 * the scheme's prices. Ids are derived from the analysis and scheme so they are stable.
 */
function generateBoq(data: DemoData, analysis: DemoAnalysis, sch: DemoScheme): BoqRow[] {
  const m = data.models.find((x) => x.id === analysis.modelId);
  const p = data.projects.find((x) => x.id === analysis.projectId);
  const company = data.companies.find((x) => x.id === p?.companyId);
  if (!m || !p || !company) return [];
  if (m.handWritten)
    return revisionBoq(analysis, sch, { company: company.name, project: p.name, model: m.name });
  const members = m.isUnion ? data.models.filter((x) => m.memberIds.includes(x.id)) : [m];
  const lang: Lang = members[0]?.lang ?? "en";
  const nodes = buildEstimate(lang, m.leafCount);
  const catalogName = sch.catalogNames[0] ?? "";
  const catalog = data.catalogs.find((c) => c.companyId === company.id && c.name === catalogName);
  const byCode = new Map<string, CatalogPosition>();
  for (const pos of catalog?.positions ?? []) byCode.set(pos.code, pos);
  const prng = new Prng(`${analysis.id}/${sch.id}`);
  const keep: boolean[] = nodes.map(() => false);
  const qty: number[] = nodes.map(() => 0);
  nodes.forEach((n, i) => {
    if (n.level !== 2) return;
    // Each member model contributes its share; about one item in eight is absent from a model.
    for (let k = 0; k < members.length; k++) {
      if (prng.next() < 0.12 && m.leafCount <= SMALL_LEAF_COUNT) continue;
      keep[i] = true;
      qty[i] = round2((qty[i] ?? 0) + quantityFor(prng, n.unit) * (1 + analysis.version * 0.02));
    }
  });
  for (let i = nodes.length - 1; i >= 0; i--) {
    const n = nodes[i];
    if (n && keep[i] && n.parent >= 0) keep[n.parent] = true;
  }
  const rows: BoqRow[] = [];
  const rowIndex = new Map<number, number>();
  const floors = lang === "en" ? "Floor" : "Этаж";
  nodes.forEach((n, i) => {
    if (!keep[i]) return;
    const pos = byCode.get(n.code);
    const parentRow = n.parent >= 0 ? rows[rowIndex.get(n.parent) ?? -1] : undefined;
    const unitCost = round2(n.price * sch.priceFactor);
    const value = n.level === 2 ? (qty[i] ?? 0) : 0;
    const total = round2(value * unitCost);
    rowIndex.set(i, rows.length);
    rows.push({
      CatalogName: catalogName,
      Code: n.code,
      Name: pos?.name ?? n.name,
      Unit: pos?.unit ?? n.unit,
      Value: value,
      Id: prng.uuid(),
      ExternalId: pos?.externalId ?? ZERO_UUID,
      PlatformId: pos?.platformId ?? ZERO_UUID,
      Company: company.name,
      Project: p.name,
      Model: m.name,
      Tree: sch.originalName,
      ValueCost: n.level === 2 ? unitCost : 0,
      TotalCost: total,
      FullTotalCost: total,
      Version: analysis.version,
      ParentId: parentRow?.Id ?? ZERO_UUID,
      ParentExternalId: parentRow?.ExternalId ?? ZERO_UUID,
      ParentPlatformId: parentRow?.PlatformId ?? ZERO_UUID,
      LocalVars:
        n.level === 2
          ? [
              { Name: floors, Value: String(prng.int(1, 24)) },
              { Name: "Zone", Value: prng.pick(["A", "B", "C"]) },
              { Name: "Comment", Value: null },
            ]
          : [],
    });
  });
  // Parents carry the sum of their subtree in FullTotalCost.
  for (let i = nodes.length - 1; i >= 0; i--) {
    const n = nodes[i];
    const ri = rowIndex.get(i);
    if (!n || ri === undefined || n.parent < 0) continue;
    const pi = rowIndex.get(n.parent);
    const row = rows[ri];
    const parent = pi === undefined ? undefined : rows[pi];
    if (row && parent) parent.FullTotalCost = round2(parent.FullTotalCost + row.FullTotalCost);
  }
  return rows;
}

/** Total cost of an analysis for the analysis list: the sum over the first scheme's BOQ. */
export function analysisTotalCost(data: DemoData, analysis: DemoAnalysis): number {
  const p = data.projects.find((x) => x.id === analysis.projectId);
  const sch = p?.schemes[0];
  const m = data.models.find((x) => x.id === analysis.modelId);
  if (!sch || !m || m.leafCount > SMALL_LEAF_COUNT) return 0;
  const rows = data.boq(analysis, sch);
  return round2(rows.reduce((s, r) => s + (r.Value > 0 ? r.TotalCost : 0), 0));
}
