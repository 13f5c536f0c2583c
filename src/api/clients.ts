// The authorization server's client management API (docs/interface.md 2.10 and 5; the platform
// notes' [stated] table): list, create, update, delete and a new secret, each with the session's
// bearer token. Their bodies carry exactly the stated fields: the allowed CORS origins, the logout
// redirects and the active switch are set in the personal account only. A secret in an answer is
// registered with the logger at once, so no log line can carry it; it is never kept anywhere here.
//
// Also `reachService`: whether a service answers the pane at all, for the check after a set-up.

import { z } from "zod";
import { isApiError, type ApiEndpoint } from "./errors";
import type { HttpClient, ServiceName } from "./http";
import { pathSegment } from "./platform";
import {
  apiClientListSchema,
  apiClientSchema,
  createdApiClientSchema,
  newClientSecretSchema,
  NIL_UUID,
  type ApiClient,
  type CreatedApiClient,
} from "./schemas";
import { registerSecret } from "../log/logger";

const CLIENT_PATH = "/api/app/client";

/** What a client is made or changed with: the stated body of the update. */
export interface ApiClientFields {
  clientName: string;
  description: string;
  /** Allowed Redirect After Login URIs. */
  redirectUris: string[];
  /** The services of the platform the client uses besides the platform itself. */
  platformServices: string[];
}

/** The stated body: `redirectUri` (one name for the list), no other field. */
function body({ clientName, redirectUris, platformServices, description }: ApiClientFields) {
  return { clientName, redirectUri: redirectUris, platformServices, description };
}

/** The company's API clients (company administrators only, where the capability is enabled). */
export async function listClients(
  http: HttpClient,
  companyId: string,
  signal?: AbortSignal,
): Promise<ApiClient[]> {
  const endpoint = "client-list";
  return http.request({
    endpoint,
    method: "GET",
    service: "auth",
    path: `${CLIENT_PATH}/${pathSegment(companyId, "id", endpoint)}`,
    schema: apiClientListSchema,
    signal,
  });
}

/** A new client of the company; its secret is in the answer only (never readable again). */
export async function createClient(
  http: HttpClient,
  companyId: string,
  fields: ApiClientFields,
  signal?: AbortSignal,
): Promise<CreatedApiClient> {
  const created = await http.request({
    endpoint: "client-create",
    method: "POST",
    service: "auth",
    path: CLIENT_PATH,
    json: { companyId, ...body(fields) },
    schema: createdApiClientSchema,
    // Not idempotent: a second try could make a second client.
    retry: false,
    signal,
  });
  registerSecret(created.clientSecret);
  return created;
}

export async function updateClient(
  http: HttpClient,
  clientId: string,
  fields: ApiClientFields,
  signal?: AbortSignal,
): Promise<ApiClient> {
  const endpoint = "client-update";
  return http.request({
    endpoint,
    method: "PUT",
    service: "auth",
    path: `${CLIENT_PATH}/${pathSegment(clientId, "id", endpoint)}`,
    json: body(fields),
    schema: apiClientSchema,
    retry: false,
    signal,
  });
}

export async function deleteClient(http: HttpClient, clientId: string, signal?: AbortSignal): Promise<void> {
  const endpoint = "client-delete";
  await http.request({
    endpoint,
    method: "DELETE",
    service: "auth",
    path: `${CLIENT_PATH}/${pathSegment(clientId, "id", endpoint)}`,
    // No body is stated: whatever comes is not read.
    schema: z.unknown(),
    retry: false,
    signal,
  });
}

/** A new secret for the client: the old one no longer works for a sign-in. */
export async function newClientSecret(
  http: HttpClient,
  clientId: string,
  signal?: AbortSignal,
): Promise<string> {
  const endpoint = "client-secret";
  const { clientSecret } = await http.request({
    endpoint,
    method: "PUT",
    service: "auth",
    path: `${CLIENT_PATH}/${pathSegment(clientId, "id", endpoint)}/secret`,
    schema: newClientSecretSchema,
    retry: false,
    signal,
  });
  registerSecret(clientSecret);
  return clientSecret;
}

/**
 * Whether a service answered: "answered" for any answer the page could read (a refusal or "not
 * found" is an answer: the service is there and lets this address read it), "unreachable" when
 * no answer came (the browser shows a refused origin as no answer, like a network that is down),
 * "signed-out" when the sign-in itself is gone.
 */
export type Reach = "answered" | "unreachable" | "signed-out";

/** One cheap request per service, asked once (no retries): the check after a set-up. */
const PROBES: Record<ServiceName, { endpoint: ApiEndpoint; path: (companyId: string) => string }> = {
  auth: { endpoint: "company-list", path: () => "/api/app/company" },
  value: {
    endpoint: "project-list",
    path: (companyId) => `/api/app/project/${pathSegment(companyId, "id", "project-list")}/byCompanyId`,
  },
  // No model is known here: the all-zero id is answered with "not found", which is an answer.
  platform: { endpoint: "model", path: () => `/api/app/metaModels/${NIL_UUID}` },
};

export async function reachService(
  http: HttpClient,
  service: ServiceName,
  companyId: string,
  signal?: AbortSignal,
): Promise<Reach> {
  const probe = PROBES[service];
  try {
    await http.request({
      endpoint: probe.endpoint,
      method: "GET",
      service,
      path: probe.path(companyId),
      schema: z.unknown(),
      retry: false,
      signal,
    });
    return "answered";
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.kind === "network" || error.kind === "timeout") return "unreachable";
    if (error.kind === "signed-out") return "signed-out";
    if (error.kind === "aborted" || error.kind === "invalid-request") throw error;
    return "answered";
  }
}
