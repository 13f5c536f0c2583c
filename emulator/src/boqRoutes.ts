// The BOQ route of the value service (endpoint 11): the OData UnionTree entity set,
// addressed by names, paged with @odata.nextLink.
import type { FastifyInstance } from "fastify";
import type { BoqRow, DemoAnalysis } from "./demo";
import { sendError, sendValidationError } from "./http";
import { authenticate, parseODataArgs, projectModels, type ServiceRoutesContext } from "./value";
import { varyAnswer } from "./variations";

const VERSION_PATTERN = /^(\d+)\.(\d+)$/;

export function registerBoqRoutes(app: FastifyInstance, ctx: ServiceRoutesContext): void {
  const { tokens } = ctx;
  const data = ctx.store.demo;
  const leafCache = new Map<string, BoqRow[]>();

  /**
   * The origin next links start with. Behind a TLS-terminating proxy the service sees plain HTTP:
   * a service configured for forwarded headers uses the proxy's X-Forwarded-Proto, one that is not
   * (the httpNextLinks variation) writes http:// whatever the client used.
   */
  const linkBase = (forwardedProto: string | string[] | undefined): string => {
    const url = new URL(ctx.baseUrl());
    if (ctx.variations.httpNextLinks) url.protocol = "http:";
    else if (forwardedProto === "https" || forwardedProto === "http") url.protocol = `${forwardedProto}:`;
    return url.origin;
  };

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
    // The sample request spells it `parent`, the parameter list `parents`: by default both are
    // read; a service that reads only `parent` ignores the other (the variation).
    const parentsName = query.has("parents") && !ctx.variations.parentParameterOnly ? "parents" : "parent";
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
        `${linkBase(request.headers["x-forwarded-proto"])}${rawPath}?${next.toString().replace(/%24skiptoken/, "$skiptoken")}`;
    }
    return reply
      .type("application/json; odata.metadata=minimal; charset=utf-8")
      .send(JSON.stringify(varyAnswer(body, ctx.variations)));
  });
}
