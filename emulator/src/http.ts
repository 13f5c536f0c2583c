import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { Readable } from "stream";
import { changedAnswer } from "./answerFaults";
import type { AfterAnswer, FaultEngine, FaultStatus, ServiceName } from "./faults";
import { varyAnswer, type Variations } from "./variations";

/** Large enough for a 100k-position import (about 20 MB of JSON). */
export const DEFAULT_BODY_LIMIT_BYTES = 256 * 1024 * 1024;
const FAULT_BODIES: Record<FaultStatus, [string, string]> = {
  413: ["PayloadTooLarge", "The request body is too large."],
  500: ["InternalError", "An internal error occurred during your request!"],
  502: ["BadGateway", "An internal error occurred during your request!"],
  503: ["ServiceUnavailable", "The service is temporarily unavailable."],
};
const PREFLIGHT_MAX_AGE_SECONDS = 600;
/** Endpoints of the authorization server that answer with OAuth error bodies. */
const OAUTH_PATHS = ["/connect/token", "/connect/revocation"];
const EXPOSED_HEADERS = "WWW-Authenticate, Retry-After, Location";

export interface ValidationError {
  message: string;
  members: string[];
}

export interface ServiceContext {
  faults: FaultEngine;
  log: (line: string) => void;
  https: { key: Buffer; cert: Buffer } | null;
  /** Bodies above this get 413 with the platform's error body. */
  bodyLimitBytes: number;
  /** Unknown fields and .NET timestamps are added to every JSON answer here. */
  variations: Variations;
  /** Origins allowed for a request made with this client's token (or naming it in /connect/token). */
  originsOfClient(clientId: string): string[] | null;
  /** Origins of every active client: used for preflights and requests that carry no valid token. */
  originsOfAnyClient(): Set<string>;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Client whose CORS list applies to this request, set once the token or form names it. */
    corsClientId: string | null;
    startedAt: bigint;
    /** A fault that lets the request be handled and then loses its answer. */
    afterAnswer: AfterAnswer | null;
  }
}

/** The message the platform puts on every validation failure (docs/interface.md 6). */
const VALIDATION_MESSAGE = "Your request is not valid!";

/** The platform's error body (docs/interface.md 6). */
export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  details?: string,
  validationErrors?: ValidationError[],
): FastifyReply {
  return reply.code(status).send({
    error: {
      code,
      message,
      details: details ?? null,
      data: {},
      validationErrors: validationErrors ?? null,
    },
  });
}

/** 400 with the platform's validation body ("Your request is not valid!" and the members). */
export function sendValidationError(
  reply: FastifyReply,
  validationErrors: ValidationError[],
  details?: string,
): FastifyReply {
  return sendError(reply, 400, "ValidationError", VALIDATION_MESSAGE, details, validationErrors);
}

export function sendUnauthorized(reply: FastifyReply, error: string, description: string): FastifyReply {
  const safe = description.replace(/"/g, "'");
  return reply
    .code(401)
    .header("WWW-Authenticate", `Bearer error="${error}", error_description="${safe}"`)
    .send();
}

/**
 * One string per query parameter, the first when a name repeats: every route reads queries as
 * strings, and an array where a string is expected (`?scope=a&scope=b`) must not become a 500.
 */
function firstValues(query: string): Record<string, string> {
  const first = new Map<string, string>();
  for (const [k, v] of new URLSearchParams(query)) if (!first.has(k)) first.set(k, v);
  // fromEntries defines own properties, so a parameter named __proto__ or constructor is just a key.
  return Object.fromEntries(first);
}

/**
 * The answer of a handled request, reset: the status line, the headers and the first bytes of the
 * body go out, then the connection breaks (fastify destroys a response whose stream fails), so no
 * client can tell the request was not handled, and a browser does not send it again (as it may
 * when a kept-alive connection closes before any answer).
 */
function resetAnswer(payload: unknown): Readable {
  const text = typeof payload === "string" && payload.length > 1 ? payload : "{}";
  let sent = false;
  return new Readable({
    read() {
      if (sent) return;
      sent = true;
      this.push(text.slice(0, Math.floor(text.length / 2)));
      setTimeout(() => this.destroy(new Error("connection reset by the emulator's fault")), 20);
    },
  });
}

/** Resolves when the connection closes: the client gave up waiting, or the emulator stopped. */
function closed(request: FastifyRequest): Promise<void> {
  const socket = request.raw.socket;
  if (socket.destroyed) return Promise.resolve();
  return new Promise((resolve) => socket.once("close", () => resolve()));
}

function pathOf(url: string): string {
  const q = url.indexOf("?");
  return q < 0 ? url : url.slice(0, q);
}

export function createService(name: ServiceName, ctx: ServiceContext): FastifyInstance {
  const logLine = (request: FastifyRequest, status: string) => {
    const ms = Number(process.hrtime.bigint() - request.startedAt) / 1e6;
    // The path only: queries can carry codes, states and challenges, never worth logging.
    ctx.log(`${name} ${request.method} ${pathOf(request.url)} ${status} ${ms.toFixed(1)}ms`);
  };
  /** CORS headers of a response (not a preflight): only for an origin the request's client allows. */
  const allowOrigin = (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (!origin || request.method === "OPTIONS") return;
    const specific = request.corsClientId ? ctx.originsOfClient(request.corsClientId) : null;
    const allowed = specific ? specific.includes(origin) : ctx.originsOfAnyClient().has(origin);
    if (allowed) {
      reply.header("Access-Control-Allow-Origin", origin);
      reply.header("Access-Control-Expose-Headers", EXPOSED_HEADERS);
    }
    reply.header("Vary", "Origin");
  };
  const app = Fastify({
    logger: false,
    // The router refuses a path it cannot decode, or a segment over maxParamLength, before any hook
    // runs: answered here with the platform's error body, CORS headers and a log line all the same.
    frameworkErrors: (error, request, reply) => {
      request.startedAt = process.hrtime.bigint();
      const tooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
      allowOrigin(request, reply);
      logLine(request, tooLong ? "414" : "400");
      if (tooLong) sendError(reply, 414, "UriTooLong", "A segment of the path is too long.");
      else sendError(reply, 400, "InvalidPath", "The path is not correctly percent-encoded.");
    },
    // Stopping closes kept-alive sockets too, so a restart on the same port gets fresh connections.
    forceCloseConnections: true,
    bodyLimit: ctx.bodyLimitBytes,
    ...(ctx.https ? { https: ctx.https } : {}),
    routerOptions: { maxParamLength: 4096, querystringParser: firstValues },
  });
  app.decorateRequest("corsClientId", null);
  app.decorateRequest("startedAt", BigInt(0));
  app.decorateRequest("afterAnswer", null);

  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_req: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
      done(null, Object.fromEntries(new URLSearchParams(body.toString())));
    },
  );

  app.addHook("onRequest", async (request, reply) => {
    request.startedAt = process.hrtime.bigint();
    const origin = request.headers.origin;
    if (request.method === "OPTIONS" && origin && request.headers["access-control-request-method"]) {
      if (ctx.originsOfAnyClient().has(origin)) {
        reply.header("Access-Control-Allow-Origin", origin);
        reply.header("Vary", "Origin");
        reply.header("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE, OPTIONS");
        const asked = request.headers["access-control-request-headers"];
        reply.header("Access-Control-Allow-Headers", asked ?? "Authorization, Content-Type");
        reply.header("Access-Control-Max-Age", String(PREFLIGHT_MAX_AGE_SECONDS));
        if (request.headers["access-control-request-private-network"] === "true") {
          reply.header("Access-Control-Allow-Private-Network", "true");
        }
      }
      return reply.code(204).send();
    }
    const path = pathOf(request.url);
    const delay = ctx.faults.latencyFor(request.method, path);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    const decision = ctx.faults.decide(request.method, path, request.url);
    switch (decision.type) {
      case "none":
        return;
      case "drop":
        reply.hijack();
        request.raw.socket.destroy();
        logLine(request, "dropped");
        return;
      case "after":
        request.afterAnswer = decision.then;
        return;
      case "answer":
        return reply.code(decision.status).headers(decision.headers).send(decision.body);
      case "throttle":
        reply.header("Retry-After", String(decision.retryAfterSeconds));
        return sendError(reply, 429, "TooManyRequests", "Too many requests; retry later.");
      case "status": {
        const [code, message] = FAULT_BODIES[decision.status];
        return sendError(reply, decision.status, code, message);
      }
    }
  });

  app.addHook("preSerialization", async (_request, _reply, payload) => varyAnswer(payload, ctx.variations));

  app.addHook("onSend", async (request, reply, payload) => {
    allowOrigin(request, reply);
    const after = request.afterAnswer;
    if (after?.kind === "process-reset") {
      logLine(request, `${reply.statusCode} then-reset`);
      return resetAnswer(payload);
    }
    if (after?.kind === "process-hang") {
      logLine(request, `${reply.statusCode} then-hang`);
      // Nothing is written until the connection is gone; what is written then reaches no one.
      await closed(request);
      return payload;
    }
    const changed = after ? changedAnswer(after, payload) : null;
    if (after && changed) {
      logLine(request, `${reply.statusCode} then-${changed.status ?? after.kind}`);
      if (changed.status !== undefined) reply.code(changed.status);
      if (changed.contentType !== undefined) reply.header("Content-Type", changed.contentType);
      // A streamed answer has no length known ahead.
      if (typeof changed.payload !== "string") reply.removeHeader("Content-Length");
      return changed.payload;
    }
    // Logged before the response is written, so a client that has its answer finds the line.
    logLine(request, String(reply.statusCode));
    return payload;
  });

  app.setNotFoundHandler((request, reply) => {
    sendError(
      reply,
      404,
      "NotFound",
      `There is no endpoint ${request.method} ${pathOf(request.url)} on the ${name} service.`,
    );
  });

  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    // OAuth clients read {error, error_description} from the token endpoints (docs/interface.md), even
    // when the body could not be parsed at all (malformed JSON, an unknown content type).
    if (name === "auth" && OAUTH_PATHS.includes(pathOf(request.url)) && status >= 400 && status < 500) {
      return reply.code(400).header("Cache-Control", "no-store").send({
        error: "invalid_request",
        error_description: "Send the request as application/x-www-form-urlencoded.",
      });
    }
    if (status === 413) {
      const [code, message] = FAULT_BODIES[413];
      return sendError(reply, 413, code, message);
    }
    if (status === 415) {
      return sendError(reply, 415, "UnsupportedMediaType", "Send the body as application/json.");
    }
    if (status >= 400 && status < 500) {
      return sendError(reply, 400, "InvalidRequest", "The request body could not be read.", error.message);
    }
    return sendError(reply, 500, "InternalError", "An internal error occurred during your request!");
  });

  return app;
}
