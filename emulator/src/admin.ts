import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { zodToValidation } from "./clientRoutes";
import type { PersonalAccount } from "./clientRoutes";
import type { FaultsHandle } from "./faults";
import { sendError } from "./http";
import type { RunningEmulator } from "./index";
import { publishRequest, PublishError } from "./publish";

const route = z.string().min(1);
const status = z.union([z.literal(413), z.literal(500), z.literal(502), z.literal(503)]);

/** One body per operation of the faults handle, so the admin endpoint and the handle stay the same. */
const faultOp = z.discriminatedUnion("op", [
  z.object({ op: z.literal("latency"), ms: z.number().int().min(0), route: route.optional() }),
  z.object({ op: z.literal("failNext"), route, count: z.number().int().min(1), status: status.optional() }),
  z.object({ op: z.literal("failRate"), route, rate: z.number().min(0).max(1), status: status.optional() }),
  z.object({
    op: z.literal("throttleNext"),
    route,
    count: z.number().int().min(1),
    retryAfterSeconds: z.number().int().min(0).optional(),
  }),
  z.object({ op: z.literal("dropNext"), route, count: z.number().int().min(1) }),
  z.object({ op: z.literal("processThenResetNext"), route, count: z.number().int().min(1) }),
  z.object({ op: z.literal("processThenHangNext"), route, count: z.number().int().min(1) }),
  z.object({
    op: z.literal("processThenStatusNext"),
    route,
    count: z.number().int().min(1),
    status: z.number().int().min(200).max(599),
    body: z.enum(["platform", "html", "empty", "no-job-id"]).optional(),
  }),
  z.object({
    op: z.literal("redirectNext"),
    route,
    count: z.number().int().min(1),
    status: z
      .union([z.literal(301), z.literal(302), z.literal(303), z.literal(307), z.literal(308)])
      .optional(),
  }),
  z.object({
    op: z.literal("oversizeNext"),
    route,
    count: z.number().int().min(1),
    bytes: z.number().int().min(0),
  }),
  z.object({
    op: z.literal("nestNext"),
    route,
    count: z.number().int().min(1),
    depth: z.number().int().min(1),
  }),
  z.object({ op: z.literal("injectNext"), route, count: z.number().int().min(1), members: z.string() }),
  z.object({
    op: z.literal("echoNext"),
    route,
    count: z.number().int().min(1),
    text: z.string(),
    where: z.enum(["error", "oauth", "reason"]).optional(),
  }),
  z.object({ op: z.literal("failNextJobs"), count: z.number().int().min(0), message: z.string().optional() }),
  z.object({
    op: z.literal("revokeTokens"),
    clientId: z.string().optional(),
    username: z.string().optional(),
    token: z.string().optional(),
    all: z.boolean().optional(),
  }),
  z.object({ op: z.literal("clear") }),
]);

export type FaultOperation = z.infer<typeof faultOp>;

/** The fault admin endpoint: off unless enabled, and bound to loopback by the caller. */
export function registerAdminRoutes(
  app: FastifyInstance,
  faults: FaultsHandle,
  catalogs: RunningEmulator["catalogs"],
  clients: PersonalAccount,
  versions: RunningEmulator["versions"],
): void {
  app.get("/faults", () => faults.list());

  app.post("/faults", async (request, reply) => {
    const parsed = faultOp.safeParse(request.body);
    if (!parsed.success) {
      return sendError(
        reply,
        400,
        "ValidationError",
        "Unknown or malformed fault operation.",
        undefined,
        zodToValidation(parsed.error),
      );
    }
    const op = parsed.data;
    switch (op.op) {
      case "latency":
        faults.setLatency(op.ms, op.route);
        break;
      case "failNext":
        faults.failNext(op.route, op.count, op.status);
        break;
      case "failRate":
        faults.failRate(op.route, op.rate, op.status);
        break;
      case "throttleNext":
        faults.throttleNext(op.route, op.count, op.retryAfterSeconds);
        break;
      case "dropNext":
        faults.dropNext(op.route, op.count);
        break;
      case "processThenResetNext":
        faults.processThenResetNext(op.route, op.count);
        break;
      case "processThenHangNext":
        faults.processThenHangNext(op.route, op.count);
        break;
      case "processThenStatusNext":
        faults.processThenStatusNext(op.route, op.count, op.status, op.body);
        break;
      case "redirectNext":
        faults.redirectNext(op.route, op.count, op.status);
        break;
      case "oversizeNext":
        faults.oversizeNext(op.route, op.count, op.bytes);
        break;
      case "nestNext":
        faults.nestNext(op.route, op.count, op.depth);
        break;
      case "injectNext":
        faults.injectNext(op.route, op.count, op.members);
        break;
      case "echoNext":
        faults.echoNext(op.route, op.count, op.text, op.where);
        break;
      case "failNextJobs":
        faults.failNextJobs(op.count, op.message);
        break;
      case "revokeTokens": {
        const { op: _op, ...filter } = op;
        void _op;
        return { revoked: faults.revokeTokens(filter) };
      }
      case "clear":
        faults.clear();
        break;
    }
    return faults.list();
  });

  app.delete("/faults", () => {
    faults.clear();
    return faults.list();
  });

  // A new version of an analysis, with rows added, removed, moved and changed (./publish).
  app.post("/versions", async (request, reply) => {
    const parsed = publishRequest.safeParse(request.body);
    if (!parsed.success) {
      return sendError(
        reply,
        400,
        "ValidationError",
        'Send {project, model, from: "3.2", changes?: {add?, remove?, move?, change?}}.',
        undefined,
        zodToValidation(parsed.error),
      );
    }
    try {
      return versions.publish(parsed.data);
    } catch (e) {
      if (e instanceof PublishError) return sendError(reply, e.status, "VersionNotPublished", e.message);
      throw e;
    }
  });

  app.get("/catalogs", () => catalogs.list());

  app.get("/catalogs/:companyId/:name", async (request, reply) => {
    const { companyId, name } = request.params as { companyId: string; name: string };
    try {
      return catalogs.tree(companyId, name);
    } catch (e) {
      return sendError(reply, 404, "CatalogNotFound", e instanceof Error ? e.message : "Catalog not found.");
    }
  });

  app.post("/catalogs", async (request, reply) => {
    const parsed = z.object({ companyId: z.string(), name: z.string().min(1) }).safeParse(request.body);
    if (!parsed.success) {
      return sendError(
        reply,
        400,
        "ValidationError",
        "Send {companyId, name}.",
        undefined,
        zodToValidation(parsed.error),
      );
    }
    try {
      return catalogs.create(parsed.data.companyId, parsed.data.name);
    } catch (e) {
      return sendError(
        reply,
        400,
        "CatalogNotCreated",
        e instanceof Error ? e.message : "Catalog not created.",
      );
    }
  });

  // The personal account: what the client API cannot set, and the capability per company.
  app.get("/clients/:clientId", async (request, reply) => {
    const client = clients.get((request.params as { clientId: string }).clientId);
    return client ?? sendError(reply, 404, "ClientNotFound", "No such API client.");
  });

  app.post("/clients/:clientId", async (request, reply) => {
    const parsed = z
      .object({
        allowedCorsOrigins: z.array(z.string()).optional(),
        postLogoutRedirectUris: z.array(z.string()).optional(),
        isActive: z.boolean().optional(),
      })
      .safeParse(request.body);
    if (!parsed.success) {
      const validation = zodToValidation(parsed.error);
      return sendError(reply, 400, "ValidationError", "Malformed change.", undefined, validation);
    }
    try {
      return clients.set((request.params as { clientId: string }).clientId, parsed.data);
    } catch (e) {
      return sendError(reply, 404, "ClientNotFound", e instanceof Error ? e.message : "No such API client.");
    }
  });

  app.post("/companies/:companyId", async (request, reply) => {
    const parsed = z.object({ apiClients: z.boolean() }).safeParse(request.body);
    if (!parsed.success) {
      const validation = zodToValidation(parsed.error);
      return sendError(reply, 400, "ValidationError", "Send {apiClients}.", undefined, validation);
    }
    const { companyId } = request.params as { companyId: string };
    try {
      clients.setApiClientsEnabled(companyId, parsed.data.apiClients);
      return { companyId, apiClients: parsed.data.apiClients };
    } catch (e) {
      return sendError(reply, 404, "CompanyNotFound", e instanceof Error ? e.message : "No such company.");
    }
  });
}
