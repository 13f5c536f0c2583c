// The value service's shared parts (bearer check, the resources' wire forms) and its routes,
// which live by job in importRoutes.ts, readRoutes.ts and boqRoutes.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { registerBoqRoutes } from "./boqRoutes";
import {
  analysisTotalCost,
  type DemoAnalysis,
  type DemoData,
  type DemoFolder,
  type DemoModel,
  type DemoProject,
  type DemoScheme,
} from "./demo";
import { sendUnauthorized } from "./http";
import { registerImportRoutes } from "./importRoutes";
import type { JobRunner } from "./jobs";
import type { ImportJob, User } from "./model";
import { registerReadRoutes } from "./readRoutes";
import type { Variations } from "./variations";
import type { Store } from "./store";
import type { Tokens } from "./tokens";
import { ZERO_UUID } from "./util";

/** The value and platform services accept a token carrying either service scope. */
export const SERVICE_SCOPES = ["Platform.Value.Server", "Platform.Server"];

export interface ServiceRoutesContext {
  store: Store;
  tokens: Tokens;
  jobs: JobRunner;
  baseUrl: () => string;
  pageSize: number;
  variations: Variations;
}

/** Checks the bearer token; answers 401 (empty body, WWW-Authenticate) and returns null when it fails. */
export async function authenticate(
  tokens: Tokens,
  request: FastifyRequest,
  reply: FastifyReply,
  scopes: readonly string[] = SERVICE_SCOPES,
): Promise<User | null> {
  const m = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? "");
  if (!m?.[1]) {
    sendUnauthorized(reply, "invalid_token", "A bearer token is required");
    return null;
  }
  const result = await tokens.verify(m[1].trim(), scopes);
  if (!result.ok) {
    sendUnauthorized(reply, result.error, result.description);
    return null;
  }
  request.corsClientId = result.client.clientId;
  return result.user;
}

export function statusDto(job: ImportJob, variations: Variations = {}) {
  return {
    id: job.statusId,
    jobId: job.jobId,
    rootName: job.catalogName,
    rootId: job.catalogId,
    status: job.status === "Running" && variations.inProgressStatus ? "InProgress" : job.status,
    date: job.date,
    progress: job.progress,
    error: job.error,
  };
}

function schemeDto(store: Store, project: DemoProject, s: DemoScheme, name = s.name) {
  return {
    id: s.id,
    name,
    catalogPriorities: s.catalogNames.map((name, i) => {
      const catalog = [...store.catalogs.values()].find(
        (c) => c.companyId === project.companyId && c.name === name,
      );
      return {
        priority: i + 1,
        disableLinks: false,
        id: catalog?.id ?? ZERO_UUID,
        name,
        isUse: true,
        filterTwigIds: [],
        type: 0,
        isSelfPrice: false,
        colorString: i === 0 ? "#4f81bd" : null,
      };
    }),
    concurrencyStamp: null,
  };
}

function modelRef(m: DemoModel) {
  return { id: m.id, sw: m.sw, checkedForAnalysis: m.checkedForAnalysis, name: m.name };
}

function unionRef(m: DemoModel) {
  return { ...modelRef(m), modelIds: m.memberIds };
}

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
const EXPORT_FLAGS_ON = new Set([
  "isExportPrice",
  "isExportUnionTree",
  "isExportParentSum",
  "useDefaultExportTemplate",
]);

export function projectDto(data: DemoData, store: Store, p: DemoProject) {
  const byId = (id: string) => data.models.find((m) => m.id === id);
  const folderDto = (f: DemoFolder): unknown => ({
    name: f.name,
    folders: f.folders.map(folderDto),
    models: f.modelIds
      .map(byId)
      .filter((m): m is DemoModel => !!m)
      .map(modelRef),
    unionModels: f.unionModelIds
      .map(byId)
      .filter((m): m is DemoModel => !!m)
      .map(unionRef),
  });
  return {
    id: p.id,
    name: p.name,
    companyId: p.companyId,
    currency: null,
    startDate: null,
    endDate: null,
    users: null,
    catalogPrioritiesSchemes: p.schemes.map((s) => schemeDto(store, p, s)),
    catalogPrioritiesSchemeIds: p.schemes.map((s) => s.id),
    selectedExcelExportTemplateId: ZERO_UUID,
    projectSettings: {
      excelValueExport: {
        ...Object.fromEntries(EXPORT_FLAGS.map((f) => [f, EXPORT_FLAGS_ON.has(f)])),
        exportedLocalVars: [],
      },
    },
    folders: p.folders.map(folderDto),
    models: p.topModelIds
      .map(byId)
      .filter((m): m is DemoModel => !!m)
      .map(modelRef),
    unionModels: p.unionModelIds
      .map(byId)
      .filter((m): m is DemoModel => !!m)
      .map(unionRef),
    overridenTwigs: [],
    extraProperties: {},
    concurrencyStamp: p.concurrencyStamp,
  };
}

export function modelDto(m: DemoModel) {
  return {
    id: m.id,
    name: m.name,
    externalModelId: m.externalModelId,
    companyId: m.companyId,
    sw: m.sw,
    checkedForAnalysis: m.checkedForAnalysis,
    versions: m.versions.map((v) => ({
      id: v.id,
      externalVersionId: v.externalVersionId,
      geomData: v.geomData,
      glb: v.glb,
      meta: v.meta,
      modelPath: v.modelPath,
      desc: v.desc,
      date: v.date,
      totalElementsCount: v.totalElementsCount,
      elementsCount: v.elementsCount,
      lastModifiedEmail: v.lastModifiedEmail,
      versionIndex: v.versionIndex,
    })),
    dataProjectId: m.projectId,
    dataProjectFolderId: m.folderId || ZERO_UUID,
    isDeleted: false,
    deletionTime: null,
    extraProperties: { CheckExpiration: false },
    concurrencyStamp: m.externalModelId.replace(/-/g, ""),
  };
}

/**
 * An analysis as endpoints 9 and 10 give it. Its schemes are listed as they were when the analysis
 * ran (a renamed scheme under its original name, the name the export takes); the variation
 * `analysisSchemesCurrentNames` lists them under their current names, as the project does.
 */
export function analysisDto(data: DemoData, store: Store, a: DemoAnalysis, variations: Variations = {}) {
  const project = data.projects.find((p) => p.id === a.projectId);
  const model = data.models.find((m) => m.id === a.modelId);
  const units = model?.lang === "ru" ? ["м3", "м2", "т", "шт"] : ["m3", "m2", "t", "pcs"];
  return {
    id: a.id,
    name: null,
    projId: a.projectId,
    modelId: a.modelId,
    metaModelId: a.modelId,
    metaModelVersionId: a.modelVersionId,
    metaModelVersionIndex: a.modelVersionIndex,
    modelVersionIds: null,
    meta: a.meta,
    glb: a.glb,
    geomData: a.geomData,
    desc: a.desc,
    status: 1,
    version: a.version,
    date: a.date,
    dateModel: a.dateModel,
    progress: 100,
    error: "",
    isTest: false,
    evalJobId: a.evalJobId,
    isCreateUnionAnalyses: a.isUnion,
    nextAnalyses: null,
    childAnalyzes: null,
    mappingParameters: null,
    lastModifiedEmail: a.lastModifiedEmail,
    exportXlsxId: ZERO_UUID,
    useAllMetaElements: true,
    isApproved: a.version === 1,
    totalCost: analysisTotalCost(data, a),
    positionUnits: units.map((unit) => ({ type: null, unit, roundingDegree: 2 })),
    localVars: [],
    trees: { elementsResultsTree: null, catalogsResultsTree: null, unionResultsTrees: null },
    catalogPrioritiesSchemes: project
      ? project.schemes.map((s) =>
          schemeDto(store, project, s, variations.analysisSchemesCurrentNames ? s.name : s.originalName),
        )
      : [],
    concurrencyStamp: a.concurrencyStamp,
  };
}

/** Models of a project, from its folders at any depth, its top level and its union models. */
export function projectModels(data: DemoData, p: DemoProject): DemoModel[] {
  const ids: string[] = [...p.topModelIds, ...p.unionModelIds];
  const walk = (f: DemoFolder) => {
    ids.push(...f.modelIds, ...f.unionModelIds);
    f.folders.forEach(walk);
  };
  p.folders.forEach(walk);
  return ids.map((id) => data.models.find((m) => m.id === id)).filter((m): m is DemoModel => !!m);
}

/** Splits `'a','b''c'` into its OData string literals; null when the syntax is wrong. */
export function parseODataArgs(text: string): string[] | null {
  const out: string[] = [];
  let i = 0;
  const skipSpace = () => {
    while (text[i] === " ") i++;
  };
  skipSpace();
  if (text.length === 0) return out;
  for (;;) {
    skipSpace();
    if (text[i] !== "'") return null;
    i++;
    let value = "";
    for (;;) {
      if (i >= text.length) return null;
      const ch = text[i];
      if (ch === "'") {
        if (text[i + 1] === "'") {
          value += "'";
          i += 2;
          continue;
        }
        i++;
        break;
      }
      value += ch;
      i++;
    }
    out.push(value);
    skipSpace();
    if (i === text.length) return out;
    if (text[i] !== ",") return null;
    i++;
  }
}

/** The value service: import, read flow and BOQ, each in its own file. */
export function registerValueRoutes(app: FastifyInstance, ctx: ServiceRoutesContext): void {
  registerImportRoutes(app, ctx);
  registerReadRoutes(app, ctx);
  registerBoqRoutes(app, ctx);
}
