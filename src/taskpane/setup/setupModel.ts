// What the company set-up works out without the network: the add-in's own address (where the
// page is served), the client pre-filled from it, a free name, the organisation's preset
// (config.json) for a client, and what a failure of the client API is, for the one message the
// screen shows. The calls themselves are src/api/clients.ts, bound to the session's client here.

import {
  createClient,
  deleteClient,
  listClients,
  newClientSecret,
  reachService,
  updateClient,
  type ApiClientFields,
  type Reach,
} from "../../api/clients";
import { isApiError } from "../../api/errors";
import type { HttpClient, ServiceName, ServiceUrls } from "../../api/http";
import type { ApiClient, CreatedApiClient } from "../../api/schemas";

/** The services the add-in uses besides the platform: the value service (catalogs, the BOQ). */
export const ADDIN_SERVICES = ["Platform.Value.Server"];
export const ADDIN_NAME = "BOQ Bridge";
/** The add-in's sign-in page beside the pane's page (src/dialog, the redirect of the window). */
const SIGNIN_PAGE = "signin.html";

export interface AddinAddress {
  /** The scheme and host the pane is served from: what "Allowed CORS Origins" must list. */
  origin: string;
  /** The folder the pages are served from (`ADDIN_BASE_URL`), with its closing slash. */
  base: string;
  /** The sign-in page: the return address after sign-in. */
  redirectUri: string;
}

export function addinAddress(pageUrl: string): AddinAddress {
  const base = new URL(".", pageUrl);
  base.search = "";
  base.hash = "";
  return {
    origin: base.origin,
    base: base.toString(),
    redirectUri: new URL(SIGNIN_PAGE, base).toString(),
  };
}

/** Whether another client of the list than `exceptId` has this name (the platform: any case). */
export function nameTaken(name: string, clients: readonly ApiClient[], exceptId?: string): boolean {
  const wanted = name.trim().toLowerCase();
  return clients.some((c) => c.clientId !== exceptId && c.clientName.trim().toLowerCase() === wanted);
}

/** "BOQ Bridge", else "BOQ Bridge 2", "BOQ Bridge 3"…: the first the company does not have. */
export function freeName(clients: readonly ApiClient[]): string {
  if (!nameTaken(ADDIN_NAME, clients)) return ADDIN_NAME;
  for (let n = 2; ; n++) {
    const name = `${ADDIN_NAME} ${n}`;
    if (!nameTaken(name, clients)) return name;
  }
}

/** The add-in's client as the screen offers it: everything from where the add-in is served. */
export function addinClient(
  address: AddinAddress,
  clients: readonly ApiClient[],
  description: string,
): ApiClientFields {
  return {
    clientName: freeName(clients),
    description,
    redirectUris: [address.redirectUri],
    platformServices: [...ADDIN_SERVICES],
  };
}

/** Whether a client is the add-in's at this address: its sign-in page is one of its return addresses. */
export function isAddinClient(client: ApiClient, address: AddinAddress): boolean {
  return client.redirectUris.includes(address.redirectUri);
}

/** The organisation's preset (README, "The organisation's preset") for this platform and client. */
export function presetJson(urls: ServiceUrls, clientId: string): string {
  const preset = {
    platform: {
      authUrl: urls.auth,
      valueUrl: urls.value,
      platformUrl: urls.platform,
      interactiveClientId: clientId,
      usersMayChange: false,
    },
  };
  return `${JSON.stringify(preset, null, 2)}\n`;
}

/**
 * What a failure of the client API is, for the screen: the platform refused (the interface shows
 * no statuses, so every refusal gets the same message with its likely causes), the name is taken
 * (the platform's validation error naming the name), or anything else (worded as every error is).
 */
export type FailureKind = "refused" | "name-taken" | "other";

export function failureKind(error: unknown): FailureKind {
  if (!isApiError(error) || error.kind !== "http") return "other";
  const members = error.validationErrors.flatMap((v) => v.members);
  if (members.some((m) => /name/i.test(m))) return "name-taken";
  const status = error.status ?? 0;
  // A refusal: an answer of "no" that is not a passing fault (busy, too large) nor a server's fault.
  if (status >= 400 && status < 500 && status !== 413 && status !== 429 && members.length === 0) {
    return "refused";
  }
  return "other";
}

/** The calls of the set-up, bound to the session's HTTP client (its token, renewal, settings). */
export interface SetupApi {
  list(companyId: string): Promise<ApiClient[]>;
  create(companyId: string, fields: ApiClientFields): Promise<CreatedApiClient>;
  update(clientId: string, fields: ApiClientFields): Promise<ApiClient>;
  remove(clientId: string): Promise<void>;
  newSecret(clientId: string): Promise<string>;
  reach(service: ServiceName, companyId: string): Promise<Reach>;
}

export function setupApi(http: HttpClient): SetupApi {
  return {
    list: (companyId) => listClients(http, companyId),
    create: (companyId, fields) => createClient(http, companyId, fields),
    update: (clientId, fields) => updateClient(http, clientId, fields),
    remove: (clientId) => deleteClient(http, clientId),
    newSecret: (clientId) => newClientSecret(http, clientId),
    reach: (service, companyId) => reachService(http, service, companyId),
  };
}

export type { ApiClient, ApiClientFields, Reach };
