// The read-flow routes (endpoints 7, 9 and 10 on the value service, 8 on the platform
// service): projects of a company, analyses of a model version or of a union model, a model.
import type { FastifyInstance, FastifyReply } from "fastify";
import { sendError, sendValidationError } from "./http";
import type { User } from "./model";
import { isUuid, ZERO_UUID } from "./util";
import {
  analysisDto,
  authenticate,
  modelDto,
  projectDto,
  projectModels,
  type ServiceRoutesContext,
} from "./value";

export function registerReadRoutes(app: FastifyInstance, ctx: ServiceRoutesContext): void {
  const { store, tokens } = ctx;
  const data = store.demo;

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
      .map((a) => analysisDto(data, store, a, ctx.variations));
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
      .map((a) => analysisDto(data, store, a, ctx.variations));
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
