// The catalog import routes of the value service (endpoints 1 to 4): start a job, its
// status by job id and by catalog name, and its log.
import type { FastifyInstance } from "fastify";
import { sendError, sendValidationError } from "./http";
import { parseImportBody } from "./importBody";
import type { Catalog, ImportJob, User } from "./model";
import { authenticate, statusDto, type ServiceRoutesContext } from "./value";
import { varyCasing } from "./variations";

/** Enough for the platform's own messages; a 100k-row body with every row wrong stays readable. */
const MAX_VALIDATION_ERRORS = 100;

export function registerImportRoutes(app: FastifyInstance, ctx: ServiceRoutesContext): void {
  const { store, tokens, jobs } = ctx;
  const data = store.demo;

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
    const parsed = parseImportBody(request.body, {
      missingFieldsReset: ctx.variations.missingFieldsReset === true,
    });
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
    return varyCasing({ jobId: job.jobId }, ctx.variations);
  });

  app.get("/api/import/catalog/json/external/statusbyjobid/:jobId", async (request, reply) => {
    const user = await authenticate(tokens, request, reply);
    if (!user) return reply;
    const { jobId } = request.params as { jobId: string };
    const job = jobOf(user, jobId);
    if (!job) return sendError(reply, 404, "JobNotFound", `There is no import job with id '${jobId}'.`);
    return varyCasing(statusDto(job, ctx.variations), ctx.variations);
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
    return varyCasing(statusDto(latest, ctx.variations), ctx.variations);
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
    // The reason of an ignored row is kept by the importer; the interface's log does not show it.
    const shown = ctx.variations.ignoredReason
      ? log
      : { ...log, IgnoredTwigs: log.IgnoredTwigs.map(({ Reason: _reason, ...rest }) => rest) };
    return varyCasing(shown, ctx.variations);
  });
}
