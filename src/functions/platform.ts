// What the PLATFORM functions do, below their JSDoc wrappers in functions.ts: parse arguments
// (src/boq/args), resolve names to the platform's objects through cached requests, and build the
// matrix to spill (src/boq). Each returns a matrix or throws; functions.ts maps errors to cells.
import type { PlatformApi } from "../api/platform";
import type { Analysis, BoqRow, Company, Model, Project } from "../api/schemas";
import { jobState } from "../api/jobState";
import {
  isUuid,
  parseBoolean,
  parseColumnList,
  parseModelVersion,
  parseNameOrId,
  parseVersionTag,
  requireText,
  type NameOrId,
} from "../boq/args";
import { unavailable } from "../boq/errors";
import { findOne, projectModels, type ProjectModel } from "../boq/lookup";
import { boqMatrix, guardResultSize, type Cell, type Matrix } from "../boq/matrix";
import { t } from "../i18n";
import type { SessionState } from "../session";
import { RequestLayer } from "./requests";

/** What the functions need of the session: its sign-in state and the platform bound to it. */
export interface FunctionsSession {
  init(): Promise<unknown>;
  getState(): SessionState;
  readonly api: PlatformApi;
  subscribe(listener: (state: SessionState) => void): () => void;
}

export interface FunctionsContext {
  session: FunctionsSession;
  layer: RequestLayer;
}

/** Creates the context; a sign-in, sign-out or company switch forgets every kept result. */
export function createFunctionsContext(
  session: FunctionsSession,
  layer = new RequestLayer(),
): FunctionsContext {
  session.subscribe(() => layer.clear());
  return { session, layer };
}

/** The signed-in user's scope of the cache: results of one user are never shown to another. */
async function scope(ctx: FunctionsContext): Promise<string> {
  let state = ctx.session.getState();
  if (state.status !== "signed-in") {
    await ctx.session.init();
    state = ctx.session.getState();
  }
  if (state.status !== "signed-in") throw unavailable("boq.notSignedIn");
  return state.user.id ?? state.user.email ?? state.user.displayName;
}

function cached<T>(
  ctx: FunctionsContext,
  user: string,
  key: readonly unknown[],
  work: (api: PlatformApi, signal: AbortSignal) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  return ctx.layer.run(JSON.stringify([user, ...key]), (s) => work(ctx.session.api, s), signal);
}

async function companyOf(
  ctx: FunctionsContext,
  user: string,
  ref: NameOrId,
  signal?: AbortSignal,
): Promise<Company> {
  const companies = await cached(ctx, user, ["companies"], (api, s) => api.listCompanies(s), signal);
  return findOne(companies, ref, { kind: "boq.kindCompany", where: t("boq.whereCompanies") });
}

async function projectOf(
  ctx: FunctionsContext,
  user: string,
  company: Company,
  ref: NameOrId,
  signal?: AbortSignal,
): Promise<Project> {
  const projects = await cached(
    ctx,
    user,
    ["projects", company.id],
    (api, s) => api.listProjects(company.id, s),
    signal,
  );
  return findOne(projects, ref, {
    kind: "boq.kindProject",
    where: t("boq.whereCompany", { name: company.name }),
  });
}

function modelOf(project: Project, ref: NameOrId): ProjectModel {
  return findOne(projectModels(project), ref, {
    kind: "boq.kindModel",
    where: t("boq.whereProject", { name: project.name }),
  });
}

interface Path {
  user: string;
  company: Company;
  project: Project;
  model: ProjectModel;
}

async function resolvePath(
  ctx: FunctionsContext,
  args: { company: unknown; project: unknown; model: unknown },
  signal?: AbortSignal,
): Promise<Path> {
  const companyRef = parseNameOrId(args.company, "company", "company name or id");
  const projectRef = parseNameOrId(args.project, "project", "project name or id");
  const modelRef = parseNameOrId(args.model, "model", "model name or id");
  const user = await scope(ctx);
  const company = await companyOf(ctx, user, companyRef, signal);
  const project = await projectOf(ctx, user, company, projectRef, signal);
  return { user, company, project, model: modelOf(project, modelRef) };
}

function getModel(ctx: FunctionsContext, path: Path, signal?: AbortSignal): Promise<Model> {
  return cached(ctx, path.user, ["model", path.model.id], (api, s) => api.getModel(path.model.id, s), signal);
}

function text(value: string | null | undefined): string {
  return value ?? "";
}

// ---- the functions ------------------------------------------------------------------------

export async function companies(ctx: FunctionsContext, signal?: AbortSignal): Promise<Matrix> {
  const user = await scope(ctx);
  const list = await cached(ctx, user, ["companies"], (api, s) => api.listCompanies(s), signal);
  return [
    [t("boq.colName"), t("boq.colId"), t("boq.colPersonal")],
    ...list.map((c): Cell[] => [c.name, c.id, c.isPersonal]),
  ];
}

export async function projects(
  ctx: FunctionsContext,
  company: unknown,
  signal?: AbortSignal,
): Promise<Matrix> {
  const ref = parseNameOrId(company, "company", "company name or id");
  const user = await scope(ctx);
  const c = await companyOf(ctx, user, ref, signal);
  const list = await cached(ctx, user, ["projects", c.id], (api, s) => api.listProjects(c.id, s), signal);
  return [[t("boq.colName"), t("boq.colId")], ...list.map((p): Cell[] => [p.name, p.id])];
}

export async function models(
  ctx: FunctionsContext,
  company: unknown,
  project: unknown,
  signal?: AbortSignal,
): Promise<Matrix> {
  const companyRef = parseNameOrId(company, "company", "company name or id");
  const projectRef = parseNameOrId(project, "project", "project name or id");
  const user = await scope(ctx);
  const c = await companyOf(ctx, user, companyRef, signal);
  const p = await projectOf(ctx, user, c, projectRef, signal);
  return [
    [t("boq.colName"), t("boq.colKind"), t("boq.colFolder"), t("boq.colId")],
    ...projectModels(p).map((m): Cell[] => [
      m.name,
      t(m.kind === "union" ? "boq.kindValueUnion" : "boq.kindValueModel"),
      m.folder,
      m.id,
    ]),
  ];
}

export async function versions(
  ctx: FunctionsContext,
  company: unknown,
  project: unknown,
  model: unknown,
  signal?: AbortSignal,
): Promise<Matrix> {
  const path = await resolvePath(ctx, { company, project, model }, signal);
  if (path.model.kind === "union") throw unavailable("boq.unionHasNoVersions", { name: path.model.name });
  const m = await getModel(ctx, path, signal);
  const sorted = [...m.versions].sort((a, b) => a.versionIndex - b.versionIndex);
  return [
    [
      t("boq.colModelVersion"),
      t("boq.colDate"),
      t("boq.colDescription"),
      t("boq.colElements"),
      t("boq.colId"),
    ],
    ...sorted.map((v): Cell[] => [v.versionIndex, text(v.date), text(v.desc), v.elementsCount ?? "", v.id]),
  ];
}

function analysisRow(a: Analysis, modelVersion: number | undefined): Cell[] {
  const mv = a.metaModelVersionIndex ?? modelVersion;
  return [
    mv ?? "",
    a.version,
    mv === undefined || mv === null ? "" : `${mv}.${a.version}`,
    text(a.date),
    a.status ?? "",
    a.catalogPrioritiesSchemes.map((s) => s.name).join(", "),
    a.totalCost ?? "",
    a.id,
  ];
}

export async function analyses(
  ctx: FunctionsContext,
  company: unknown,
  project: unknown,
  model: unknown,
  modelVersion: unknown,
  signal?: AbortSignal,
): Promise<Matrix> {
  const wanted = parseModelVersion(modelVersion);
  const path = await resolvePath(ctx, { company, project, model }, signal);
  const header: Cell[] = [
    t("boq.colModelVersion"),
    t("boq.colAnalysisVersion"),
    t("boq.colVersionTag"),
    t("boq.colDate"),
    t("boq.colStatus"),
    t("boq.colSchemes"),
    t("boq.colTotalCost"),
    t("boq.colId"),
  ];
  const projectId = path.project.id;
  if (path.model.kind === "union") {
    const unionModelId = path.model.id;
    const list = await cached(
      ctx,
      path.user,
      ["analysesByModel", projectId, unionModelId],
      (api, s) => api.listAnalysesByModel({ projectId, unionModelId }, s),
      signal,
    );
    const rows = list.filter((a) => wanted === undefined || a.metaModelVersionIndex === wanted);
    return [header, ...rows.map((a) => analysisRow(a, undefined))];
  }
  const m = await getModel(ctx, path, signal);
  const chosen = m.versions.filter((v) => wanted === undefined || v.versionIndex === wanted);
  if (wanted !== undefined && chosen.length === 0) {
    throw unavailable("boq.modelVersionNotFound", {
      model: m.name,
      version: wanted,
      available: m.versions.map((v) => v.versionIndex).join(", "),
    });
  }
  const lists = await Promise.all(
    chosen.map(async (v) => {
      const input = { projectId, modelId: m.id, modelVersionId: v.id };
      const list = await cached(
        ctx,
        path.user,
        ["analysesByVersion", projectId, m.id, v.id],
        (api, s) => api.listAnalysesByModelVersion(input, s),
        signal,
      );
      return list.map((a) => ({ a, index: v.versionIndex }));
    }),
  );
  const rows = lists.flat().sort((x, y) => x.index - y.index || x.a.version - y.a.version);
  return [header, ...rows.map(({ a, index }) => analysisRow(a, index))];
}

export interface BoqArgs {
  company: unknown;
  project: unknown;
  model: unknown;
  scheme: unknown;
  version: unknown;
  parents?: unknown;
  columns?: unknown;
}

/** The BOQ rows as the service sent them (all pages), for the functions and the BOQ sheet. */
export async function boqRows(ctx: FunctionsContext, args: BoqArgs, signal?: AbortSignal): Promise<BoqRow[]> {
  const scheme = requireText(args.scheme, "scheme", "priority scheme name");
  const version = parseVersionTag(args.version);
  const parents = parseBoolean(args.parents, "parents", true);
  const path = await resolvePath(ctx, args, signal);
  const query = {
    company: path.company.name,
    project: path.project.name,
    model: path.model.name,
    scheme,
    version,
    parents,
  };
  const result = await cached(
    ctx,
    path.user,
    ["boq", query.company, query.project, query.model, scheme, version, parents],
    (api, s) => api.getBoq(query, s),
    signal,
  );
  return result.rows;
}

export async function boq(ctx: FunctionsContext, args: BoqArgs, signal?: AbortSignal): Promise<Matrix> {
  // Every argument is checked before anything is asked of the platform.
  const columns = parseColumnList(args.columns);
  parseVersionTag(args.version);
  parseBoolean(args.parents, "parents", true);
  const rows = await boqRows(ctx, args, signal);
  return boqMatrix(rows, columns);
}

// ---- IMPORTSTATUS -------------------------------------------------------------------------

/** How often a streaming IMPORTSTATUS asks again while the job runs. */
export const IMPORT_POLL_MS = 2_000;

export interface StreamTarget {
  setResult(value: Matrix): void;
  setError(error: unknown): void;
}

/**
 * Shows the status of an import (by job id, or by catalog name: endpoints 2 and 3) and keeps it
 * current until the job ends; returns the function that stops it (onCanceled).
 */
export function streamImportStatus(
  ctx: FunctionsContext,
  jobIdOrCatalog: unknown,
  target: StreamTarget,
  pollMs = IMPORT_POLL_MS,
): () => void {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = (): void => {
    controller.abort();
    if (timer !== undefined) clearTimeout(timer);
  };
  const header: Cell[] = [t("boq.colStatus"), t("boq.colProgress"), t("boq.colError")];
  const poll = async (): Promise<void> => {
    const value = requireText(jobIdOrCatalog, "jobIdOrCatalog", "import job id or catalog name");
    await scope(ctx);
    const api = ctx.session.api;
    const status =
      isUuid(value) || /^\d+$/.test(value)
        ? await api.getImportStatusByJobId(value, controller.signal)
        : await api.getImportStatusByRoot(value, controller.signal);
    const state = jobState(status);
    const matrix: Matrix = [header, [status.status, status.progress, status.error ?? ""]];
    guardResultSize(matrix);
    if (controller.signal.aborted) return;
    target.setResult(matrix);
    if (state.state === "running") {
      timer = setTimeout(() => {
        void poll().catch(fail);
      }, pollMs);
    }
  };
  const fail = (error: unknown): void => {
    if (controller.signal.aborted) return;
    target.setError(error);
  };
  void poll().catch(fail);
  return stop;
}
