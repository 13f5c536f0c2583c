import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  analysisTotalCost,
  type BoqRow,
  type DemoAnalysis,
  type DemoData,
  type DemoFolder,
  type DemoModel,
  type DemoProject,
  type DemoScheme,
} from "./demo";
import { sendError, sendUnauthorized, sendValidationError } from "./http";
import { parseImportBody } from "./importBody";
import type { JobRunner } from "./jobs";
import type { Catalog, ImportJob, User } from "./model";
import type { Store } from "./store";
import type { Tokens } from "./tokens";
import { isUuid, ZERO_UUID } from "./util";

/** The value and platform services accept a token carrying either service scope. */
export const SERVICE_SCOPES = ["Platform.Value.Server", "Platform.Server"];
/** Enough for the platform's own messages; a 100k-row body with every row wrong stays readable. */
const MAX_VALIDATION_ERRORS = 100;
const VERSION_PATTERN = /^(\d+)\.(\d+)$/;

export interface ServiceRoutesContext {
  store: Store;
  tokens: Tokens;
  jobs: JobRunner;
  baseUrl: () => string;
  pageSize: number;
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

export function statusDto(job: ImportJob) {
  return {
    id: job.statusId,
    jobId: job.jobId,
    rootName: job.catalogName,
    rootId: job.catalogId,
    status: job.status,
    date: job.date,
    progress: job.progress,
    error: job.error,
  };
}

function schemeDto(store: Store, project: DemoProject, s: DemoScheme) {
  return {
    id: s.id,
    name: s.name,
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

function analysisDto(data: DemoData, store: Store, a: DemoAnalysis) {
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
    catalogPrioritiesSchemes: project ? project.schemes.map((s) => schemeDto(store, project, s)) : [],
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

export function registerValueRoutes(app: FastifyInstance, ctx: ServiceRoutesContext): void {
  const { store, tokens, jobs } = ctx;
  const data = store.demo;
  const leafCache = new Map<string, BoqRow[]>();

  const catalogsNamed = (user: User, name: string): Catalog[] =>
    [...store.catalogs.values()].filter((c) => c.name === name && user.companyIds.includes(c.companyId));

  const jobOf = (user: User, jobId: string): ImportJob | undefined => {
    const job = store.jobs.get(jobId);
    return job && user.companyIds.includes(job.companyId) ? job : undefined;
  };

  const companyName = (id: string) => data.companies.find((c) => c.id === id)?.name ?? id;

  app.post("/api/import/catalog/json/external", async (request, reply) => {
    const user = await authenticate(tokens, request, reply);
    if (!user) return reply;
    const parsed = parseImportBody(request.body);
    if (!parsed.ok) {
      return sendValidationError(
        reply,
        parsed.errors.slice(0, MAX_VALIDATION_ERRORS),
        `The following errors were detected during validation.\n${parsed.errors
          .slice(0, MAX_VALIDATION_ERRORS)
          .map((e) => ` - ${e.message}`)
          .join("\n")}`,
      );
    }
    const req = parsed.request;
    let catalog: Catalog | undefined;
    if (req.companyId) {
      if (!user.companyIds.includes(req.companyId)) {
        return sendError(
          reply,
          403,
          "Forbidden",
          `You are not a member of the company ${req.companyId} (Settings.CompanyId).`,
        );
      }
      catalog = catalogsNamed(user, req.catalogName).find((c) => c.companyId === req.companyId);
      if (!catalog) {
        return sendError(
          reply,
          404,
          "CatalogNotFound",
          `The catalog '${req.catalogName}' was not found in the company '${companyName(req.companyId)}'.`,
          "Create the catalog on the platform first, or check Settings.CatalogName.",
        );
      }
    } else {
      const found = catalogsNamed(user, req.catalogName);
      if (found.length === 0) {
        return sendError(
          reply,
          404,
          "CatalogNotFound",
          `The catalog '${req.catalogName}' was not found in your companies.`,
          "Create the catalog on the platform first, or check Settings.CatalogName.",
        );
      }
      if (found.length > 1) {
        return sendError(
          reply,
          400,
          "AmbiguousCatalog",
          `Several of your companies have a catalog named '${req.catalogName}' (${found
            .map((c) => companyName(c.companyId))
            .join(", ")}); set Settings.CompanyId to choose one.`,
          undefined,
          [{ message: "Set the company of the catalog.", members: ["Settings.CompanyId"] }],
        );
      }
      catalog = found[0];
    }
    if (!catalog)
      return sendError(reply, 404, "CatalogNotFound", `The catalog '${req.catalogName}' was not found.`);
    const job = jobs.submit(req, catalog.id, catalog.companyId, user.id);
    return { jobId: job.jobId };
  });

  app.get("/api/import/catalog/json/external/statusbyjobid/:jobId", async (request, reply) => {
    const user = await authenticate(tokens, request, reply);
    if (!user) return reply;
    const { jobId } = request.params as { jobId: string };
    const job = jobOf(user, jobId);
    if (!job) return sendError(reply, 404, "JobNotFound", `There is no import job with id '${jobId}'.`);
    return statusDto(job);
  });

  app.get("/api/import/catalog/json/external/statusbyroot/:rootName", async (request, reply) => {
    const user = await authenticate(tokens, request, reply);
    if (!user) return reply;
    const { rootName } = request.params as { rootName: string };
    let latest: ImportJob | undefined;
    for (const job of store.jobs.values()) {
      if (job.catalogName !== rootName || !user.companyIds.includes(job.companyId)) continue;
      if (!latest || job.sequence > latest.sequence) latest = job;
    }
    if (!latest) {
      return sendError(reply, 404, "JobNotFound", `There is no import job for the catalog '${rootName}'.`);
    }
    return statusDto(latest);
  });

  app.get("/api/import/catalog/json/external/logbyjobid/:jobId", async (request, reply) => {
    const user = await authenticate(tokens, request, reply);
    if (!user) return reply;
    const { jobId } = request.params as { jobId: string };
    const job = jobOf(user, jobId);
    if (!job) return sendError(reply, 404, "JobNotFound", `There is no import job with id '${jobId}'.`);
    if (job.status === "Failed") {
      return sendError(
        reply,
        409,
        "JobFailed",
        `The import job '${jobId}' failed, so it has no log.`,
        job.error ?? undefined,
      );
    }
    const log = store.logs.get(job.jobId);
    if (job.status !== "ReportCreated" || !log) {
      return sendError(
        reply,
        409,
        "JobNotFinished",
        `The import job '${jobId}' is ${job.status} (${job.progress}%); its log is available when it has finished.`,
      );
    }
    return log;
  });

  app.get("/api/app/project/:companyId/byCompanyId", async (request, reply) => {
    const user = await authenticate(tokens, request, reply);
    if (!user) return reply;
    const { companyId } = request.params as { companyId: string };
    if (!isUuid(companyId)) {
      return sendValidationError(reply, [{ message: "companyId must be a UUID.", members: ["companyId"] }]);
    }
    if (!user.companyIds.includes(companyId.toLowerCase())) {
      return sendError(
        reply,
        404,
        "CompanyNotFound",
        `The company ${companyId} was not found among your companies.`,
      );
    }
    return data.projects
      .filter((p) => p.companyId === companyId.toLowerCase())
      .map((p) => projectDto(data, store, p));
  });

  function uuidQuery(
    reply: FastifyReply,
    query: Record<string, string | undefined>,
    names: string[],
  ): string[] | null {
    const errors = names
      .filter((n) => !isUuid(query[n]))
      .map((n) => ({ message: `The query parameter ${n} must be a UUID.`, members: [n] }));
    if (errors.length > 0) {
      sendValidationError(reply, errors);
      return null;
    }
    return names.map((n) => (query[n] ?? "").toLowerCase());
  }

  function projectAndModel(reply: FastifyReply, user: User, projectId: string, modelId: string) {
    const project = data.projects.find((p) => p.id === projectId && user.companyIds.includes(p.companyId));
    if (!project) {
      sendError(reply, 404, "ProjectNotFound", `The project ${projectId} was not found.`);
      return null;
    }
    const model = projectModels(data, project).find((m) => m.id === modelId);
    if (!model) {
      sendError(
        reply,
        404,
        "ModelNotFound",
        `The model ${modelId} was not found in the project '${project.name}'.`,
      );
      return null;
    }
    return { project, model };
  }

  app.get("/api/app/analysis/collectionByModelVersion", async (request, reply) => {
    const user = await authenticate(tokens, request, reply);
    if (!user) return reply;
    const ids = uuidQuery(reply, request.query as Record<string, string>, [
      "projectId",
      "modelId",
      "modelVersionId",
    ]);
    if (!ids) return reply;
    const [projectId = "", modelId = "", versionId = ""] = ids;
    const pm = projectAndModel(reply, user, projectId, modelId);
    if (!pm) return reply;
    // Interface rule 7: a union model has no versions of its own; endpoint 9 takes the all-zero UUID.
    if (pm.model.isUnion && versionId !== ZERO_UUID) {
      return sendError(
        reply,
        404,
        "ModelVersionNotFound",
        `'${pm.model.name}' is a union model and has no version ${versionId}; use modelVersionId=${ZERO_UUID} (or collectionByModel).`,
      );
    }
    if (!pm.model.isUnion && !pm.model.versions.some((v) => v.id === versionId)) {
      return sendError(
        reply,
        404,
        "ModelVersionNotFound",
        `The model version ${versionId} of '${pm.model.name}' was not found.`,
      );
    }
    return data.analyses
      .filter(
        (a) =>
          a.modelId === modelId &&
          a.projectId === projectId &&
          (pm.model.isUnion || a.modelVersionId === versionId),
      )
      .map((a) => analysisDto(data, store, a));
  });

  app.get("/api/app/analysis/collectionByModel", async (request, reply) => {
    const user = await authenticate(tokens, request, reply);
    if (!user) return reply;
    const ids = uuidQuery(reply, request.query as Record<string, string>, ["projId", "modelId"]);
    if (!ids) return reply;
    const [projectId = "", modelId = ""] = ids;
    const pm = projectAndModel(reply, user, projectId, modelId);
    if (!pm) return reply;
    return data.analyses
      .filter((a) => a.modelId === modelId && a.projectId === projectId)
      .map((a) => analysisDto(data, store, a));
  });

  app.get("/api/odata/*", async (request, reply) => {
    const user = await authenticate(tokens, request, reply);
    if (!user) return reply;
    const raw = request.raw.url ?? "";
    const q = raw.indexOf("?");
    const rawPath = q < 0 ? raw : raw.slice(0, q);
    const query = new URLSearchParams(q < 0 ? "" : raw.slice(q + 1));
    let path: string;
    try {
      path = decodeURIComponent(rawPath.slice("/api/odata/".length));
    } catch {
      return sendError(reply, 400, "InvalidPath", "The OData path is not correctly percent-encoded.");
    }
    const m = /^UnionTree\((.*)\)$/s.exec(path);
    if (!m) {
      return sendError(
        reply,
        404,
        "NotFound",
        "Only the UnionTree('company','project','model','scheme') entity set is available.",
      );
    }
    const args = parseODataArgs(m[1] ?? "");
    if (!args || args.length !== 4) {
      return sendError(
        reply,
        400,
        "InvalidODataKey",
        "UnionTree takes four names in single quotes: company, project, model and priority scheme (a quote inside a name is doubled).",
      );
    }
    const [companyArg = "", projectArg = "", modelArg = "", schemeArg = ""] = args;
    const versionParam = query.get("version");
    // Interface rule 9: the sample request spells it `parent`; both spellings are accepted.
    const parentsName = query.has("parents") ? "parents" : "parent";
    const parentsParam = query.get(parentsName);
    const skipParam = query.get("$skiptoken");
    const errors = [];
    const vm = versionParam === null ? null : VERSION_PATTERN.exec(versionParam.trim());
    if (versionParam !== null && !vm) {
      errors.push({
        message: "version must be two numbers joined by a dot: modelVersionIndex.analysisVersion.",
        members: ["version"],
      });
    }
    if (parentsParam !== null && !/^(true|false)$/i.test(parentsParam)) {
      errors.push({ message: `${parentsName} must be true or false.`, members: [parentsName] });
    }
    if (skipParam !== null && !/^\d+$/.test(skipParam)) {
      errors.push({
        message: "$skiptoken is not valid; follow @odata.nextLink as given.",
        members: ["$skiptoken"],
      });
    }
    if (errors.length > 0) return sendValidationError(reply, errors);
    const company = data.companies.find((c) => c.name === companyArg && user.companyIds.includes(c.id));
    if (!company) return sendError(reply, 404, "CompanyNotFound", `Company '${companyArg}' was not found.`);
    const project = data.projects.find((p) => p.companyId === company.id && p.name === projectArg);
    if (!project) {
      return sendError(
        reply,
        404,
        "ProjectNotFound",
        `Project '${projectArg}' was not found in company '${company.name}'.`,
      );
    }
    const model = projectModels(data, project).find((x) => x.name === modelArg);
    if (!model) {
      return sendError(
        reply,
        404,
        "ModelNotFound",
        `Model '${modelArg}' was not found in project '${project.name}'.`,
      );
    }
    const scheme = project.schemes.find((s) => s.originalName === schemeArg);
    if (!scheme) {
      const renamed = project.schemes.find((s) => s.name === schemeArg);
      return sendError(
        reply,
        404,
        "SchemeNotFound",
        renamed
          ? `Priority scheme '${schemeArg}' was renamed from '${renamed.originalName}'; the export uses the original name '${renamed.originalName}'.`
          : `Priority scheme '${schemeArg}' was not found in project '${project.name}'.`,
      );
    }
    const analyses = data.analyses.filter((a) => a.modelId === model.id && a.projectId === project.id);
    let analysis: DemoAnalysis | undefined;
    if (vm) {
      const mvi = Number(vm[1]);
      const av = Number(vm[2]);
      const ofVersion = analyses.filter((a) => a.modelVersionIndex === mvi);
      if (ofVersion.length === 0) {
        return sendError(
          reply,
          404,
          "VersionNotFound",
          `Model version ${mvi} of model '${model.name}' was not found.`,
        );
      }
      analysis = ofVersion.find((a) => a.version === av);
      if (!analysis) {
        return sendError(
          reply,
          404,
          "VersionNotFound",
          `Analysis version ${av} was not found for version ${mvi} of model '${model.name}' (version ${versionParam}).`,
        );
      }
    } else {
      analysis = [...analyses].sort(
        (a, b) => b.modelVersionIndex - a.modelVersionIndex || b.version - a.version,
      )[0];
      if (!analysis)
        return sendError(reply, 404, "VersionNotFound", `Model '${model.name}' has no analysis.`);
    }
    const parents = parentsParam?.toLowerCase() === "true";
    const all = data.boq(analysis, scheme);
    let rows = all;
    if (!parents) {
      const key = `${analysis.id}/${scheme.id}`;
      let leaves = leafCache.get(key);
      if (!leaves) {
        const parentIds = new Set(all.map((r) => r.ParentId));
        leaves = all.filter((r) => !parentIds.has(r.Id));
        leafCache.set(key, leaves);
      }
      rows = leaves;
    }
    const skip = skipParam === null ? 0 : Number(skipParam);
    const page = rows.slice(skip, skip + ctx.pageSize);
    const body: Record<string, unknown> = {
      "@odata.context": `${ctx.baseUrl()}/api/odata/$metadata#UnionTree`,
      value: page,
    };
    if (skip + ctx.pageSize < rows.length) {
      const next = new URLSearchParams();
      for (const [k, v] of query) if (k !== "$skiptoken") next.append(k, v);
      next.set("$skiptoken", String(skip + ctx.pageSize));
      body["@odata.nextLink"] =
        `${ctx.baseUrl()}${rawPath}?${next.toString().replace(/%24skiptoken/, "$skiptoken")}`;
    }
    return reply.type("application/json; odata.metadata=minimal; charset=utf-8").send(JSON.stringify(body));
  });
}

export function registerPlatformRoutes(app: FastifyInstance, ctx: ServiceRoutesContext): void {
  const data = ctx.store.demo;
  app.get("/api/app/metaModels/:metaModelId", async (request, reply) => {
    const user = await authenticate(ctx.tokens, request, reply);
    if (!user) return reply;
    const { metaModelId } = request.params as { metaModelId: string };
    if (!isUuid(metaModelId)) {
      return sendValidationError(reply, [
        { message: "metaModelId must be a UUID.", members: ["metaModelId"] },
      ]);
    }
    const model = data.models.find(
      (m) => m.id === metaModelId.toLowerCase() && !m.isUnion && user.companyIds.includes(m.companyId),
    );
    if (!model) return sendError(reply, 404, "ModelNotFound", `The model ${metaModelId} was not found.`);
    return modelDto(model);
  });
}
