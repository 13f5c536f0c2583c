// What the PLATFORM functions do, below their JSDoc wrappers in functions.ts: parse arguments
// (src/boq/args), resolve names and ask the platform through the BOQ data path (src/boqdata: kept
// and shared requests), and build the matrix to spill (src/boq), every cell through the one seam
// from a value to a cell (src/boq/cellValues: dates, amounts and percentages carry their number
// format where the host takes data types, src/workbook cellValueSupport). Each returns a matrix or
// throws; functions.ts maps errors to cells.
import type { Analysis, BoqRow, ImportStatus } from "../api/schemas";
import { jobState } from "../api/jobState";
import { mainText } from "../api/serverText";
import {
  isUuid,
  parseBoolean,
  parseColumnList,
  parseModelVersion,
  parseNameOrId,
  parseVersionTag,
  requireText,
} from "../boq/args";
import {
  dateValue,
  spillValue,
  type ErrorLiteral,
  type ErrorValue,
  type Typed,
  type ValueSupport,
} from "../boq/cellValues";
import { unavailable } from "../boq/errors";
import { projectModels } from "../boq/lookup";
import {
  DESKTOP_RESULT_LIMIT,
  guardResultSize,
  WEB_RESULT_LIMIT,
  type Cell,
  type Matrix,
  type ResultLimit,
} from "../boq/matrix";
import {
  analysisStatusText,
  boqSpill,
  cached,
  companiesOf,
  importStatusText,
  companyOf,
  modelDetails,
  projectOf,
  projectsOf,
  pullBoq,
  resolvePath,
  userScope,
  type BoqData,
  type BoqRequest,
  type ResolvedPath,
} from "../boqdata";
import { cellValueSupport, isExcelOnTheWeb } from "../workbook";
import { FUNCTION_DEADLINE_MS, withinDeadline } from "./deadline";
import { fieldHeaders, header, headerLanguage } from "./headers";

/** The company, project and model arguments of a function, resolved. */
function pathOf(
  data: BoqData,
  args: { company: unknown; project: unknown; model: unknown },
  signal?: AbortSignal,
): Promise<ResolvedPath> {
  const refs = {
    company: parseNameOrId(args.company, "company", "boq.whatCompany"),
    project: parseNameOrId(args.project, "project", "boq.whatProject"),
    model: parseNameOrId(args.model, "model", "boq.whatModel"),
  };
  return resolvePath(data, refs, { signal });
}

function getModel(data: BoqData, path: ResolvedPath, signal?: AbortSignal) {
  return modelDetails(data, path.user, path.model.id, { signal });
}

/** CustomFunctions.ErrorCode of an error a cell shows (read when one is made: the global is the runtime's). */
function errorCode(code: ErrorLiteral): CustomFunctions.ErrorCode {
  const codes = CustomFunctions.ErrorCode;
  return code === "#NUM!" ? codes.invalidNumber : code === "#N/A" ? codes.notAvailable : codes.invalidValue;
}

/** What this host takes from a function (src/workbook), its error values CustomFunctions.Error. */
export function hostValues(): ValueSupport {
  return {
    ...cellValueSupport(),
    error: (code): ErrorValue => new CustomFunctions.Error(errorCode(code)),
  };
}

const text = (value: string | null | undefined): Typed => ({ kind: "text", value: value ?? null });
const whole = (value: number | null | undefined): Typed => ({ kind: "integer", value: value ?? null });
const money = (value: number | null | undefined): Typed => ({ kind: "money", value: value ?? null });
const yes = (value: boolean): Typed => ({ kind: "boolean", value });

/** A row of typed values as the host takes them. */
function cells(support: ValueSupport, values: readonly Typed[]): Cell[] {
  return values.map((v) => spillValue(v.kind, v.value, support));
}

// ---- the functions ------------------------------------------------------------------------

export async function companies(data: BoqData, signal?: AbortSignal): Promise<Matrix> {
  const user = await userScope(data);
  const list = await companiesOf(data, user, { signal });
  const support = hostValues();
  return [
    [header("boq.colName"), header("boq.colId"), header("boq.colPersonal")],
    ...list.map((c) => cells(support, [text(c.name), text(c.id), yes(c.isPersonal)])),
  ];
}

export async function projects(data: BoqData, company: unknown, signal?: AbortSignal): Promise<Matrix> {
  const ref = parseNameOrId(company, "company", "boq.whatCompany");
  const user = await userScope(data);
  const c = await companyOf(data, user, ref, { signal });
  const list = await projectsOf(data, user, c.id, { signal });
  return [[header("boq.colName"), header("boq.colId")], ...list.map((p): Cell[] => [p.name, p.id])];
}

export async function models(
  data: BoqData,
  company: unknown,
  project: unknown,
  signal?: AbortSignal,
): Promise<Matrix> {
  const companyRef = parseNameOrId(company, "company", "boq.whatCompany");
  const projectRef = parseNameOrId(project, "project", "boq.whatProject");
  const user = await userScope(data);
  const c = await companyOf(data, user, companyRef, { signal });
  const p = await projectOf(data, user, c, projectRef, { signal });
  return [
    [header("boq.colName"), header("boq.colKind"), header("boq.colFolder"), header("boq.colId")],
    ...projectModels(p).map((m): Cell[] => [
      m.name,
      header(m.kind === "union" ? "boq.kindValueUnion" : "boq.kindValueModel"),
      m.folder,
      m.id,
    ]),
  ];
}

export async function versions(
  data: BoqData,
  company: unknown,
  project: unknown,
  model: unknown,
  signal?: AbortSignal,
): Promise<Matrix> {
  const path = await pathOf(data, { company, project, model }, signal);
  if (path.model.kind === "union") throw unavailable("boq.unionHasNoVersions", { name: path.model.name });
  const m = await getModel(data, path, signal);
  const sorted = [...m.versions].sort((a, b) => a.versionIndex - b.versionIndex);
  const support = hostValues();
  return [
    [
      header("boq.colModelVersion"),
      header("boq.colDate"),
      header("boq.colDescription"),
      header("boq.colElements"),
      header("boq.colId"),
    ],
    ...sorted.map((v) =>
      cells(support, [
        whole(v.versionIndex),
        dateValue(v.date),
        text(v.desc),
        whole(v.elementsCount),
        text(v.id),
      ]),
    ),
  ];
}

function analysisRow(a: Analysis, modelVersion: number | undefined, support: ValueSupport): Cell[] {
  const mv = a.metaModelVersionIndex ?? modelVersion;
  return cells(support, [
    whole(mv),
    whole(a.version),
    text(mv === undefined || mv === null ? "" : `${mv}.${a.version}`),
    dateValue(a.date),
    text(analysisStatusText(a.status, headerLanguage())),
    text(a.catalogPrioritiesSchemes.map((s) => s.name).join(", ")),
    money(a.totalCost),
    text(a.id),
  ]);
}

export async function analyses(
  data: BoqData,
  company: unknown,
  project: unknown,
  model: unknown,
  modelVersion: unknown,
  signal?: AbortSignal,
): Promise<Matrix> {
  const wanted = parseModelVersion(modelVersion);
  const path = await pathOf(data, { company, project, model }, signal);
  const top: Cell[] = [
    header("boq.colModelVersion"),
    header("boq.colAnalysisVersion"),
    header("boq.colVersionTag"),
    header("boq.colDate"),
    header("boq.colStatus"),
    header("boq.colSchemes"),
    header("boq.colTotalCost"),
    header("boq.colId"),
  ];
  const projectId = path.project.id;
  const support = hostValues();
  if (path.model.kind === "union") {
    const unionModelId = path.model.id;
    const list = await cached(
      data,
      path.user,
      ["analysesByModel", projectId, unionModelId],
      (api, s) => api.listAnalysesByModel({ projectId, unionModelId }, s),
      { signal },
    );
    const rows = list.filter((a) => wanted === undefined || a.metaModelVersionIndex === wanted);
    return [top, ...rows.map((a) => analysisRow(a, undefined, support))];
  }
  const m = await getModel(data, path, signal);
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
        data,
        path.user,
        ["analysesByVersion", projectId, m.id, v.id],
        (api, s) => api.listAnalysesByModelVersion(input, s),
        { signal },
      );
      return list.map((a) => ({ a, index: v.versionIndex }));
    }),
  );
  const rows = lists.flat().sort((x, y) => x.index - y.index || x.a.version - y.a.version);
  return [top, ...rows.map(({ a, index }) => analysisRow(a, index, support))];
}

export interface BoqArgs {
  company: unknown;
  project: unknown;
  model: unknown;
  scheme: unknown;
  version: unknown;
  parents?: unknown;
  columns?: unknown;
  cards?: unknown;
}

/** PLATFORM.BOQ's arguments, each parsed once: the BOQ asked for and how its spill is laid out. */
export interface BoqCall {
  request: BoqRequest;
  columns: string[] | undefined;
  /** Each row's Name (or Code) cell as an entity with the position's card. */
  cards: boolean;
}

/**
 * Every argument checked before anything is asked of the platform, in the order a user reads the
 * errors: the column list, the version, parents, then the scheme and the names.
 */
export function boqCall(args: BoqArgs): BoqCall {
  const columns = parseColumnList(args.columns);
  const version = parseVersionTag(args.version);
  const parents = parseBoolean(args.parents, "parents", true);
  const cards = parseBoolean(args.cards, "cards", false);
  const scheme = requireText(args.scheme, "scheme", "boq.whatScheme");
  return {
    columns,
    cards,
    request: {
      company: parseNameOrId(args.company, "company", "boq.whatCompany"),
      project: parseNameOrId(args.project, "project", "boq.whatProject"),
      model: parseNameOrId(args.model, "model", "boq.whatModel"),
      scheme,
      version,
      parents,
    },
  };
}

/** The BOQ rows as the service sent them (all pages), through the data path (the bench reads them). */
export async function boqRows(data: BoqData, args: BoqArgs, signal?: AbortSignal): Promise<BoqRow[]> {
  return (await pullBoq(data, boqCall(args).request, { signal })).rows;
}

/** What one result may hold where the add-in runs (src/boq/matrix.ts). */
export function hostResultLimit(): ResultLimit {
  return isExcelOnTheWeb() ? WEB_RESULT_LIMIT : DESKTOP_RESULT_LIMIT;
}

export async function boq(
  data: BoqData,
  args: BoqArgs,
  signal?: AbortSignal,
  limit: ResultLimit = hostResultLimit(),
): Promise<Matrix> {
  const { request, columns, cards } = boqCall(args);
  return boqSpill(data, request, columns, signal, limit, fieldHeaders(headerLanguage()), {
    support: hostValues(),
    cards,
  });
}

// ---- IMPORTSTATUS -------------------------------------------------------------------------

/** How often a streaming IMPORTSTATUS asks again while the job runs. */
export const IMPORT_POLL_MS = 2_000;

/** The interface's job ids: 24 hexadecimal characters ("Catalog import: job, status and log"). */
const HEX_JOB_ID = /^[0-9a-f]{24}$/i;

/**
 * Whether IMPORTSTATUS's argument is a job id (endpoint 2) rather than a catalog name (endpoint
 * 3): the interface's 24-hex form, a UUID, or digits (a platform version with numeric ids).
 */
export function isJobId(value: string): boolean {
  return HEX_JOB_ID.test(value) || isUuid(value) || /^\d+$/.test(value);
}

export interface StreamTarget {
  setResult(value: Matrix): void;
  setError(error: unknown): void;
}

/**
 * Shows the status of an import (by job id, or by catalog name: endpoints 2 and 3) and keeps it
 * current until the job ends; returns the function that stops it (onCanceled). Each asking ends
 * within the functions' deadline: a platform that stops answering shows its reason, not #BUSY!.
 */
export function streamImportStatus(
  data: BoqData,
  jobIdOrCatalog: unknown,
  target: StreamTarget,
  pollMs = IMPORT_POLL_MS,
  deadlineMs = FUNCTION_DEADLINE_MS,
): () => void {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = (): void => {
    controller.abort();
    if (timer !== undefined) clearTimeout(timer);
  };
  const top: Cell[] = [header("boq.colStatus"), header("boq.colProgress"), header("boq.colError")];
  const ask = async (value: string, signal: AbortSignal) => {
    await userScope(data);
    const api = data.session.api;
    return isJobId(value)
      ? api.getImportStatusByJobId(value, signal)
      : api.getImportStatusByRoot(value, signal);
  };
  const poll = async (): Promise<void> => {
    const value = requireText(jobIdOrCatalog, "jobIdOrCatalog", "boq.whatImport");
    // One asking's own cancellation: the deadline stops it, and so does the cell's.
    const asking = new AbortController();
    const onStop = (): void => asking.abort();
    controller.signal.addEventListener("abort", onStop, { once: true });
    let status: ImportStatus;
    try {
      status = await withinDeadline(asking, () => ask(value, asking.signal), deadlineMs);
    } finally {
      controller.signal.removeEventListener("abort", onStop);
    }
    const state = jobState(status);
    // The platform's words, as a sentence keeps them (src/api/serverText): a cell is no place for 4 KB.
    const error = status.error === null ? "" : mainText(status.error);
    const matrix: Matrix = [
      top,
      cells(hostValues(), [
        text(importStatusText(status.status, headerLanguage())),
        whole(status.progress),
        text(error),
      ]),
    ];
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
