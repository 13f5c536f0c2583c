// One function per endpoint of docs/interface.md 4 (the token endpoint is in auth.ts). Each takes
// the HttpClient, typed input and an AbortSignal, and returns the parsed, typed resource.

import { ANSWER_BYTES, importLogBytes } from "./body";
import { ApiError, type ApiEndpoint } from "./errors";
import type { HttpClient } from "./http";
import { mainText } from "./serverText";
import { boqVersion, unionTreePath, type UnionTreeKey } from "./odata";
import {
  analysisListSchema,
  companyListSchema,
  importLogSchema,
  importResponseSchema,
  importStatusSchema,
  modelSchema,
  odataEnvelopeSchema,
  projectListSchema,
  type Analysis,
  type BoqRow,
  type Company,
  type ImportLog,
  type ImportRequest,
  type ImportResponse,
  type ImportStatus,
  type Model,
  type Project,
} from "./schemas";
import { NIL_UUID } from "./schemas";

/** Endpoints 1 to 4 (the catalog import) are below this path of the value service. */
const IMPORT_PATH = "/api/import/catalog/json/external";

/** A BOQ that keeps pointing to more pages after this many is treated as a server fault. */
export const MAX_BOQ_PAGES = 10_000;

/** What a refused path segment is: a catalog name (the user typed it) or an identifier. */
type SegmentKind = "catalog" | "id";

/**
 * One path segment, percent-encoded. `.` and `..` are left as they are by encodeURIComponent, and
 * even encoded (`%2E`) a URL parser reads them as "this folder" and "the folder above": the
 * request would go to another address. They are refused, and so is a segment empty after
 * trimming (the address would lose a segment) and text that cannot be encoded (a lone surrogate).
 */
export function pathSegment(value: string, kind: SegmentKind, endpoint: ApiEndpoint): string {
  const trimmed = value.trim();
  const refuse = (): never => {
    throw new ApiError({
      kind: "invalid-request",
      endpoint,
      said:
        kind === "catalog"
          ? trimmed === ""
            ? { key: "api.catalogNameEmpty" }
            : { key: "api.catalogNameNotSendable", values: { name: mainText(trimmed) } }
          : { key: "api.idNotSendable", values: { id: mainText(trimmed) } },
    });
  };
  if (trimmed === "" || trimmed === "." || trimmed === "..") return refuse();
  try {
    return encodeURIComponent(value);
  } catch {
    return refuse();
  }
}

/**
 * An import body with its JSON already serialized (src/import writes it in slices, so that 300,000
 * positions never make one long task in the pane): `json` is sent as it is, `body` is what it says.
 */
export interface SerializedImportRequest {
  body: ImportRequest;
  /** The body's JSON text as UTF-8 bytes. */
  json: Blob;
}

/** The import POST's time limit: 30 s, and 1 s more for each MB sent (a slow uplink sends 1 MB/s). */
export const IMPORT_BASE_MS = 30_000;
export const IMPORT_MS_PER_MB = 1_000;

/** How long the import POST waits for its answer, for a body of `bytes`: 30 s + 1 s per MB begun. */
export function importTimeoutMs(bytes: number): number {
  return IMPORT_BASE_MS + IMPORT_MS_PER_MB * Math.ceil(Math.max(0, bytes) / (1024 * 1024));
}

export interface StartImportOptions {
  /**
   * Told before each pause of a throttled import (429: refused before anything was done, sent
   * again after its Retry-After), with the pause in ms: the pane shows it waiting.
   */
  onWaiting?: (ms: number) => void;
}

// 1
export async function startImport(
  http: HttpClient,
  request: ImportRequest | SerializedImportRequest,
  signal?: AbortSignal,
  options: StartImportOptions = {},
): Promise<ImportResponse> {
  const body = "json" in request ? request.body : request;
  // No company (the company list never loaded): the user's to fix, not a program error.
  if (body.Settings.CompanyId.trim() === "") {
    throw new ApiError({
      kind: "invalid-request",
      endpoint: "catalog-import",
      fieldPath: "Settings.CompanyId",
      said: { key: "session.noCompanyForImport" },
    });
  }
  // Sent as built, not parsed again: the body's type is the wire type (src/catalog builds it), and
  // what a type cannot say (non-empty codes, finite prices, no unknown key) is checked by a test
  // on every body the engine builds (test/import/model/body-wire.test.ts), not on 100k positions at
  // every import.
  const bytes = "json" in request ? request.json.size : new TextEncoder().encode(JSON.stringify(body)).length;
  return http.request({
    endpoint: "catalog-import",
    method: "POST",
    service: "value",
    path: "/api/import/catalog/json/external",
    ...("json" in request ? { jsonBlob: request.json } : { json: body }),
    schema: importResponseSchema,
    maxBytes: ANSWER_BYTES.job,
    // Not idempotent: a retried POST could import the catalog twice. Sent again only after an
    // answer that shows it was refused before anything was done (a 429, a 401 of the token).
    retry: false,
    createsJob: true,
    timeoutMs: importTimeoutMs(bytes),
    ...(options.onWaiting ? { onWaiting: options.onWaiting } : {}),
    signal,
  });
}

// 2
/**
 * A job's status. `retry: false` leaves out the HTTP layer's own retries: for a caller that polls
 * anyway (the import pipeline, through `pollImportStatusByJobId` of createPlatformApi), so it can
 * show "Reconnecting…" on each passing fault (503, 429, a dropped connection) and keep its own
 * backoff, honouring Retry-After from the ApiError.
 */
export async function getImportStatusByJobId(
  http: HttpClient,
  jobId: string,
  signal?: AbortSignal,
  options: { retry?: boolean } = {},
): Promise<ImportStatus> {
  const endpoint = "import-status";
  return http.request({
    endpoint,
    method: "GET",
    service: "value",
    path: `${IMPORT_PATH}/statusbyjobid/${pathSegment(jobId, "id", endpoint)}`,
    schema: importStatusSchema,
    maxBytes: ANSWER_BYTES.status,
    ...(options.retry === false ? { retry: false } : {}),
    signal,
  });
}

// 3
export async function getImportStatusByRoot(
  http: HttpClient,
  rootName: string,
  signal?: AbortSignal,
): Promise<ImportStatus> {
  const endpoint = "import-status-of-catalog";
  return http.request({
    endpoint,
    method: "GET",
    service: "value",
    path: `${IMPORT_PATH}/statusbyroot/${pathSegment(rootName, "catalog", endpoint)}`,
    schema: importStatusSchema,
    maxBytes: ANSWER_BYTES.status,
    signal,
  });
}

// 4
/**
 * A job's log. `rowsSent`: the positions and deletions the import sent, when known: the log's size
 * cap follows them (body.ts importLogBytes), a whole worksheet's rows otherwise.
 */
export async function getImportLog(
  http: HttpClient,
  jobId: string,
  signal?: AbortSignal,
  options: { rowsSent?: number } = {},
): Promise<ImportLog> {
  const endpoint = "import-log";
  return http.request({
    endpoint,
    method: "GET",
    service: "value",
    path: `${IMPORT_PATH}/logbyjobid/${pathSegment(jobId, "id", endpoint)}`,
    schema: importLogSchema,
    maxBytes: importLogBytes(options.rowsSent),
    signal,
  });
}

// 6
export function listCompanies(http: HttpClient, signal?: AbortSignal): Promise<Company[]> {
  return http.request({
    endpoint: "company-list",
    method: "GET",
    service: "auth",
    path: "/api/app/company",
    schema: companyListSchema,
    maxBytes: ANSWER_BYTES.companies,
    signal,
  });
}

// 7
export async function listProjects(
  http: HttpClient,
  companyId: string,
  signal?: AbortSignal,
): Promise<Project[]> {
  const endpoint = "project-list";
  return http.request({
    endpoint,
    method: "GET",
    service: "value",
    path: `/api/app/project/${pathSegment(companyId, "id", endpoint)}/byCompanyId`,
    schema: projectListSchema,
    maxBytes: ANSWER_BYTES.list,
    signal,
  });
}

// 8
export async function getModel(http: HttpClient, metaModelId: string, signal?: AbortSignal): Promise<Model> {
  const endpoint = "model";
  return http.request({
    endpoint,
    method: "GET",
    service: "platform",
    path: `/api/app/metaModels/${pathSegment(metaModelId, "id", endpoint)}`,
    schema: modelSchema,
    maxBytes: ANSWER_BYTES.list,
    signal,
  });
}

export interface AnalysesByModelVersionInput {
  projectId: string;
  /** The model id of a model reference (metaModelId). */
  modelId: string;
  /** The model version id; the all-zero UUID for a union model. */
  modelVersionId: string;
}

// 9
export function listAnalysesByModelVersion(
  http: HttpClient,
  input: AnalysesByModelVersionInput,
  signal?: AbortSignal,
): Promise<Analysis[]> {
  return http.request({
    endpoint: "analyses-of-model-version",
    method: "GET",
    service: "value",
    path: "/api/app/analysis/collectionByModelVersion",
    query: { projectId: input.projectId, modelId: input.modelId, modelVersionId: input.modelVersionId },
    schema: analysisListSchema,
    maxBytes: ANSWER_BYTES.list,
    signal,
  });
}

export interface AnalysesByModelInput {
  projectId: string;
  /** A union model id from the project tree. */
  unionModelId: string;
}

// 10
export function listAnalysesByModel(
  http: HttpClient,
  input: AnalysesByModelInput,
  signal?: AbortSignal,
): Promise<Analysis[]> {
  return http.request({
    endpoint: "analyses-of-union-model",
    method: "GET",
    service: "value",
    path: "/api/app/analysis/collectionByModel",
    query: { projId: input.projectId, modelId: input.unionModelId },
    schema: analysisListSchema,
    maxBytes: ANSWER_BYTES.list,
    signal,
  });
}

export interface BoqQuery extends UnionTreeKey {
  /** "3.2": see boqVersion(); or give the two numbers. */
  version: string | { modelVersionIndex: number; analysisVersion: number };
  /** Also return the parents of the end positions. */
  parents?: boolean;
}

export interface BoqResult {
  rows: BoqRow[];
  /** How many pages the server sent (1 when it did not page). */
  pages: number;
}

/**
 * The base of a relative URL in an OData page (OData JSON Format 4.0 section 4.3, 4.01 section
 * 4.4): the payload's context URL when it has one (itself relative to the request URL), else the
 * URL this page was requested from, never the first page's. RFC 3986 resolution drops the
 * "$metadata#UnionTree" part of a context URL.
 */
function payloadBaseUrl(context: string | null | undefined, requestUrl: string): string {
  if (!context) return requestUrl;
  try {
    return new URL(context, requestUrl).toString();
  } catch {
    return requestUrl;
  }
}

// 11
export async function getBoq(http: HttpClient, query: BoqQuery, signal?: AbortSignal): Promise<BoqResult> {
  const version =
    typeof query.version === "string"
      ? query.version
      : boqVersion(query.version.modelVersionIndex, query.version.analysisVersion);
  const endpoint = "boq";
  const first = await http.requestWithUrl({
    endpoint,
    method: "GET",
    service: "value",
    path: unionTreePath(query),
    // Interface rule 9: the parameter list says `parents`, the sample request `parent`. Both are
    // sent, so a service reading either name gets it (one that ignores the other is unharmed).
    query: { version, parents: query.parents ?? false, parent: query.parents ?? false },
    schema: odataEnvelopeSchema,
    maxBytes: ANSWER_BYTES.boqPage,
    signal,
  });
  const rows: BoqRow[] = [...first.data.value];
  let next = first.data["@odata.nextLink"] ?? undefined;
  let baseUrl = payloadBaseUrl(first.data["@odata.context"], first.url);
  const seen = new Set<string>([first.url]);
  let pages = 1;
  while (next) {
    const absolute = new URL(next, baseUrl).toString();
    if (seen.has(absolute) || pages >= MAX_BOQ_PAGES) {
      throw new ApiError({
        kind: "invalid-response",
        endpoint,
        fieldPath: "@odata.nextLink",
        found: seen.has(absolute)
          ? { key: "api.foundNextLinkCircle" }
          : { key: "api.foundTooManyPages", values: { pages: MAX_BOQ_PAGES } },
      });
    }
    seen.add(absolute);
    const page = await http.requestWithUrl({
      endpoint,
      method: "GET",
      service: "value",
      url: absolute,
      schema: odataEnvelopeSchema,
      maxBytes: ANSWER_BYTES.boqPage,
      signal,
    });
    pages++;
    for (const row of page.data.value) rows.push(row);
    next = page.data["@odata.nextLink"] ?? undefined;
    baseUrl = payloadBaseUrl(page.data["@odata.context"], page.url);
  }
  if (query.parents && parentsMissing(rows)) {
    throw new ApiError({
      kind: "invalid-response",
      endpoint,
      found: { key: "api.foundParentsMissing" },
      said: { key: "session.parentsMissing" },
    });
  }
  return { rows, pages };
}

/**
 * The symptom of a service that did not read the parents parameter: rows name parents (ParentId)
 * and not one of those parents came back. A BOQ of root positions only names no parent.
 */
export function parentsMissing(rows: readonly BoqRow[]): boolean {
  const ids = new Set(rows.map((r) => r.Id).filter((id): id is string => !!id));
  const named = rows.map((r) => r.ParentId).filter((p): p is string => !!p && p !== NIL_UUID);
  return named.length > 0 && !named.some((p) => ids.has(p));
}

/** An endpoint function with its HttpClient already given. */
function bound<A extends unknown[], R>(
  endpoint: (http: HttpClient, ...args: A) => R,
  http: HttpClient,
): (...args: A) => R {
  return endpoint.bind(undefined, http);
}

/** The endpoint functions bound to one client, for dependency injection into UI and functions. */
export function createPlatformApi(http: HttpClient) {
  return {
    startImport: bound(startImport, http),
    getImportStatusByJobId: bound(getImportStatusByJobId, http),
    // Endpoint 2 for a caller that polls: one function above, the policy chosen here by name.
    pollImportStatusByJobId: (jobId: string, signal?: AbortSignal) =>
      getImportStatusByJobId(http, jobId, signal, { retry: false }),
    getImportStatusByRoot: bound(getImportStatusByRoot, http),
    getImportLog: bound(getImportLog, http),
    listCompanies: bound(listCompanies, http),
    listProjects: bound(listProjects, http),
    getModel: bound(getModel, http),
    listAnalysesByModelVersion: bound(listAnalysesByModelVersion, http),
    listAnalysesByModel: bound(listAnalysesByModel, http),
    getBoq: bound(getBoq, http),
  };
}

/** Its type follows from the endpoint functions: each signature is written once, above. */
export type PlatformApi = ReturnType<typeof createPlatformApi>;
