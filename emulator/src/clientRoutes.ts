// The authorization server's API client management, as the platform notes state it
// ("Authentication", the [stated] table): list, create, update, delete and a new secret, with the
// same bearer token as every other call. The bodies carry exactly the stated fields: no CORS
// origins, no logout redirects, no active switch. Those are set in the personal account only, which
// the emulator stands in for with its `clients` handle and admin endpoint (personalAccount below).
//
// Decisions (nothing public says): a company the user does not belong to is 404; a company whose
// capability the platform's support has not switched on is 403 `ApiClientsNotEnabled`; a user who
// is not the company's administrator is 403 `Forbidden`; a name another client of the company has
// (any case) is a validation error naming `clientName`; the services a client may name are those
// connected to the company (every demo company has the value service, `Platform.Value.Server`).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { isoAt, type Clock } from "./clock";
import { sendError, sendValidationError, type ValidationError } from "./http";
import type { ApiClient, GrantType, User } from "./model";
import type { Store } from "./store";
import type { Tokens } from "./tokens";
import { isUuid, newSecret, sha256 } from "./util";

const NEW_CLIENT_GRANTS: GrantType[] = ["password", "authorization_code", "refresh_token"];
/** The services of the platform a company may connect a client to besides the platform itself. */
export const CONNECTED_SERVICES = ["Platform.Value.Server"];

/** A client as the stated list shows it: exactly these fields. */
export function clientDto(c: ApiClient) {
  return {
    clientId: c.clientId,
    clientName: c.clientName,
    description: c.description,
    redirectUris: c.redirectUris,
    platformServices: c.platformServices,
  };
}

const clientBody = {
  clientName: z.string().trim().min(1, "The client name is required."),
  description: z.string().nullish(),
  redirectUri: z.array(z.url()).optional(),
  platformServices: z
    .array(z.string().refine((s) => CONNECTED_SERVICES.includes(s), "is not a service of the company"))
    .optional(),
};
const createClientSchema = z.object({
  companyId: z.string().refine(isUuid, "must be a UUID"),
  ...clientBody,
});
const updateClientSchema = z.object(clientBody);

export function zodToValidation(error: z.ZodError): ValidationError[] {
  return error.issues.map((i) => ({
    message: i.message,
    members: [
      i.path
        .map((p, k) => (typeof p === "number" ? `[${p}]` : k === 0 ? String(p) : `.${String(p)}`))
        .join(""),
    ],
  }));
}

export interface ClientRoutesContext {
  store: Store;
  tokens: Tokens;
  clock: Clock;
  /** The bearer check of the authorization server's own API (auth.ts). */
  authorize(request: FastifyRequest, reply: FastifyReply): Promise<{ user: User } | null>;
}

export function registerClientRoutes(app: FastifyInstance, ctx: ClientRoutesContext): void {
  const { store, tokens } = ctx;

  /** The company must be the user's, have the capability, and the user must be its administrator. */
  function adminCheck(reply: FastifyReply, user: User, companyId: string): boolean {
    const company = store.demo.companies.find((c) => c.id === companyId);
    if (!company || !user.companyIds.includes(companyId)) {
      sendError(reply, 404, "CompanyNotFound", `Company ${companyId} was not found among your companies.`);
      return false;
    }
    if (!company.apiClients) {
      sendError(
        reply,
        403,
        "ApiClientsNotEnabled",
        "API clients are not enabled for this company. The platform's support enables them.",
      );
      return false;
    }
    if (!user.adminOf.includes(companyId)) {
      sendError(reply, 403, "Forbidden", "Managing API clients requires the company administrator role.");
      return false;
    }
    return true;
  }

  function ownedClient(reply: FastifyReply, user: User, clientId: string): ApiClient | null {
    const client = store.clients.get(clientId);
    if (!client || !user.companyIds.includes(client.companyId)) {
      sendError(reply, 404, "ClientNotFound", `API client ${clientId} was not found.`);
      return null;
    }
    return adminCheck(reply, user, client.companyId) ? client : null;
  }

  function nameTaken(reply: FastifyReply, companyId: string, name: string, except?: string): boolean {
    const taken = [...store.clients.values()].some(
      (c) =>
        c.companyId === companyId &&
        c.clientName.toLowerCase() === name.toLowerCase() &&
        c.clientId !== except,
    );
    if (taken) {
      sendValidationError(reply, [
        { message: `A client named '${name}' already exists.`, members: ["clientName"] },
      ]);
    }
    return taken;
  }

  const clientIdOf = (request: FastifyRequest) => (request.params as { clientId: string }).clientId;

  app.get("/api/app/client/:companyId", async (request, reply) => {
    const auth = await ctx.authorize(request, reply);
    if (!auth) return reply;
    const { companyId } = request.params as { companyId: string };
    if (!adminCheck(reply, auth.user, companyId)) return reply;
    return [...store.clients.values()].filter((c) => c.companyId === companyId).map(clientDto);
  });

  app.post("/api/app/client", async (request, reply) => {
    const auth = await ctx.authorize(request, reply);
    if (!auth) return reply;
    const parsed = createClientSchema.safeParse(request.body ?? {});
    if (!parsed.success) return sendValidationError(reply, zodToValidation(parsed.error));
    const body = parsed.data;
    if (!adminCheck(reply, auth.user, body.companyId)) return reply;
    if (nameTaken(reply, body.companyId, body.clientName)) return reply;
    const secret = newSecret();
    const client: ApiClient = {
      clientId: `client-${newSecret()
        .slice(0, 12)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, "x")}`,
      clientName: body.clientName,
      description: body.description ?? "",
      companyId: body.companyId,
      secretHash: sha256(secret),
      redirectUris: body.redirectUri ?? [],
      // What the bodies cannot carry starts empty: set in the personal account (personalAccount).
      postLogoutRedirectUris: [],
      corsOrigins: [],
      platformServices: body.platformServices ?? [],
      grantTypes: [...NEW_CLIENT_GRANTS],
      isActive: true,
      createdAt: isoAt(ctx.clock),
    };
    store.clients.set(client.clientId, client);
    store.markDirty("clients");
    return { ...clientDto(client), clientSecret: secret };
  });

  app.put("/api/app/client/:clientId", async (request, reply) => {
    const auth = await ctx.authorize(request, reply);
    if (!auth) return reply;
    const client = ownedClient(reply, auth.user, clientIdOf(request));
    if (!client) return reply;
    const parsed = updateClientSchema.safeParse(request.body ?? {});
    if (!parsed.success) return sendValidationError(reply, zodToValidation(parsed.error));
    const body = parsed.data;
    if (nameTaken(reply, client.companyId, body.clientName, client.clientId)) return reply;
    client.clientName = body.clientName;
    client.description = body.description ?? "";
    client.redirectUris = body.redirectUri ?? client.redirectUris;
    client.platformServices = body.platformServices ?? client.platformServices;
    store.markDirty("clients");
    return clientDto(client);
  });

  app.delete("/api/app/client/:clientId", async (request, reply) => {
    const auth = await ctx.authorize(request, reply);
    if (!auth) return reply;
    const client = ownedClient(reply, auth.user, clientIdOf(request));
    if (!client) return reply;
    store.clients.delete(client.clientId);
    tokens.revoke({ clientId: client.clientId });
    store.markDirty("clients");
    return reply.code(204).send();
  });

  // A new secret: the old one is refused from now on by the token endpoint; tokens issued with it
  // stay valid (the platform does not say either way: this is the emulator's decision).
  app.put("/api/app/client/:clientId/secret", async (request, reply) => {
    const auth = await ctx.authorize(request, reply);
    if (!auth) return reply;
    const client = ownedClient(reply, auth.user, clientIdOf(request));
    if (!client) return reply;
    if (client.secretHash === null) {
      return sendError(reply, 400, "PublicClient", "This client is public (PKCE) and has no secret.");
    }
    const secret = newSecret();
    client.secretHash = sha256(secret);
    store.demoSecrets.delete(client.clientId);
    store.markDirty("clients");
    return { clientSecret: secret };
  });
}

/** What the personal account shows of a client: the listed fields and what only it sets. */
export interface PersonalAccountClient {
  clientId: string;
  clientName: string;
  companyId: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  allowedCorsOrigins: string[];
  isActive: boolean;
}

/** What only the personal account changes: none of it is in the client API's bodies. */
export interface PersonalAccountChange {
  allowedCorsOrigins?: string[];
  postLogoutRedirectUris?: string[];
  isActive?: boolean;
}

export interface PersonalAccount {
  /** A client as the personal account shows it; undefined when there is none. */
  get(clientId: string): PersonalAccountClient | undefined;
  /** What an administrator sets in the personal account (throws for an unknown client). */
  set(clientId: string, change: PersonalAccountChange): PersonalAccountClient;
  /** The capability the platform's support switches for a company (throws for an unknown company). */
  setApiClientsEnabled(companyId: string, enabled: boolean): void;
}

/** The personal account's side of the clients, for tests and the admin endpoint. */
export function personalAccount(store: Store): PersonalAccount {
  const view = (c: ApiClient): PersonalAccountClient => ({
    clientId: c.clientId,
    clientName: c.clientName,
    companyId: c.companyId,
    redirectUris: [...c.redirectUris],
    postLogoutRedirectUris: [...c.postLogoutRedirectUris],
    allowedCorsOrigins: [...c.corsOrigins],
    isActive: c.isActive,
  });
  return {
    get(clientId) {
      const client = store.clients.get(clientId);
      return client ? view(client) : undefined;
    },
    set(clientId, change) {
      const client = store.clients.get(clientId);
      if (!client) throw new Error(`No API client ${clientId}.`);
      if (change.allowedCorsOrigins) client.corsOrigins = [...change.allowedCorsOrigins];
      if (change.postLogoutRedirectUris) client.postLogoutRedirectUris = [...change.postLogoutRedirectUris];
      if (change.isActive !== undefined) client.isActive = change.isActive;
      store.markDirty("clients");
      return view(client);
    },
    setApiClientsEnabled(companyId, enabled) {
      const company = store.demo.companies.find((c) => c.id === companyId);
      if (!company) throw new Error(`Unknown company ${companyId}.`);
      company.apiClients = enabled;
    },
  };
}
