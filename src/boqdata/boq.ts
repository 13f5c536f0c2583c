// A bill of quantities through the data path: the rows of one BOQ (every page of endpoint 11) are
// kept per (company, project, model, scheme, version, parents), and per column list the spill
// built from them, so a recalculation, the same BOQ asked with other columns, and the BOQ sheet
// made right after a formula ask the platform nothing more. `parents` is part of the request (the
// platform answers end positions only, or with their parents), so it is part of the rows' key.
import type { BoqResult } from "../api/platform";
import type { BoqRow } from "../api/schemas";
import type { NameOrId } from "../boq/args";
import { PLAIN_VALUES, type ValueSupport } from "../boq/cellValues";
import {
  boqMatrix,
  DESKTOP_RESULT_LIMIT,
  type FieldHeaders,
  type Matrix,
  type ResultLimit,
} from "../boq/matrix";
import { cacheKey, cached, type BoqData, type CachedOptions } from "./data";
import { resolvePath, resolveSchemeName, type ResolvedPath } from "./names";

/** One BOQ as a formula or the BOQ sheet asks for it; the arguments already checked. */
export interface BoqRequest {
  company: NameOrId;
  project: NameOrId;
  model: NameOrId;
  scheme: string;
  /** "modelVersion.analysisVersion", already normalised ("3.10"). */
  version: string;
  parents: boolean;
}

export interface PulledBoq {
  path: ResolvedPath;
  rows: BoqRow[];
  /**
   * When the platform sent these rows (epoch ms, the request layer's clock): earlier than now when
   * they were kept from an earlier request. Undefined when they are no longer kept (a Refresh
   * came in between).
   */
  keptSince: number | undefined;
}

function rowsKey(path: ResolvedPath, scheme: string, request: BoqRequest): readonly unknown[] {
  return [
    "boq",
    path.company.name,
    path.project.name,
    path.model.name,
    scheme,
    request.version,
    request.parents,
  ];
}

interface Pulled {
  path: ResolvedPath;
  /** The layer's key of the BOQ and the value kept under it. */
  key: string;
  result: BoqResult;
}

async function pull(data: BoqData, request: BoqRequest, options: CachedOptions): Promise<Pulled> {
  // Only the BOQ itself is asked again on a fresh pull; the lists that name it are kept as usual.
  const path = await resolvePath(data, request, { signal: options.signal });
  // The platform takes names (UnionTree by company, project, model and scheme names), exactly.
  const scheme = await resolveSchemeName(data, path, request.scheme, request.version, {
    signal: options.signal,
  });
  const query = {
    company: path.company.name,
    project: path.project.name,
    model: path.model.name,
    scheme,
    version: request.version,
    parents: request.parents,
  };
  const key = rowsKey(path, scheme, request);
  const result = await cached(data, path.user, key, (api, s) => api.getBoq(query, s), options);
  return { path, key: cacheKey(path.user, key), result };
}

/**
 * pullBoq with the layer's key and the kept result, for what is built from it and kept with it
 * (`data.layer.derive`: the comparison of ./compare).
 */
export async function pullBoqKept(
  data: BoqData,
  request: BoqRequest,
  options: CachedOptions = {},
): Promise<{ pulled: PulledBoq; key: string; result: BoqResult }> {
  const { path, key, result } = await pull(data, request, options);
  return { pulled: { path, rows: result.rows, keptSince: data.layer.keptSince(key, result) }, key, result };
}

/** The BOQ's rows as the service sent them (all pages), and the objects its names resolved to. */
export async function pullBoq(
  data: BoqData,
  request: BoqRequest,
  options: CachedOptions = {},
): Promise<PulledBoq> {
  return (await pullBoqKept(data, request, options)).pulled;
}

/** How the spill's cells are given: what the host takes from a function (plain values by default). */
export interface SpillOptions {
  support?: ValueSupport;
  /** Each row's Name (or Code) cell as an entity with the position's card (src/boq boqMatrix). */
  cards?: boolean;
}

/**
 * The spill of PLATFORM.BOQ (header row, rows in tree order, the columns asked for), built once
 * per column list, host limit, header words and what the host takes (src/boq cellValues) from the
 * kept rows: a recalculation inside the cache window gets the kept matrix itself, with no tree
 * order or size measured again. An unknown column or a spill past the host's limit is an error,
 * not kept.
 */
export async function boqSpill(
  data: BoqData,
  request: BoqRequest,
  columns: readonly string[] | undefined,
  signal?: AbortSignal,
  limit: ResultLimit = DESKTOP_RESULT_LIMIT,
  words?: FieldHeaders,
  options: SpillOptions = {},
): Promise<Matrix> {
  const { key, result } = await pull(data, request, { signal });
  const support = options.support ?? PLAIN_VALUES;
  const derivedKey = JSON.stringify([
    columns ?? null,
    limit.host,
    words?.headers ?? null,
    support.numbers,
    support.entities,
    options.cards === true,
  ]);
  return data.layer.derive(key, result, derivedKey, (kept) =>
    boqMatrix(kept.rows, columns, limit, words, support, options.cards === true),
  );
}
