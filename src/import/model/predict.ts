// The outcome of an import predicted before it is sent (a dry run): per position of the body that
// will be posted, what the add-in can know from what this workbook sent and got back in its last
// import of the same catalog (the baseline). Pure: no Office, no network, no clock, no words; the
// pane words the categories. Linear in the rows (Maps); at 300k rows that is still about half a
// second, so it runs as steps (src/catalog's steps.ts) the pane runs in slices.
//
// Where a baseline is kept is not decided here. It must hold ~300k entries (tens of MB as JSON):
// the workbook's document settings cannot (about 2 MB for all of an add-in's settings, saved whole
// with every save), and OfficeRuntime.storage is limited to 10 MB per domain, so the store needs a
// larger one (IndexedDB) or a smaller form. The structure is columnar so that each field's name is
// stored once, not once per position.

import {
  LargeMap,
  LargeSet,
  NIL_GUID,
  parentCode,
  runSteps,
  stepCounter,
  type ImportBody,
  type Steps,
  type WirePosition,
} from "../../catalog";

/**
 * What this workbook sent and got back in its last import of a catalog: one entry per position the
 * platform holds after it (inserted, updated, or ignored with its PlatformId because it was
 * unchanged). Entry `i` is the `i`th item of every array. Values are the ones sent, else the ones
 * the log reports; null where neither says. Guids are lower case.
 */
export interface ImportBaseline {
  format: 1;
  catalogName: string;
  companyId: string;
  codes: string[];
  /** The Guid sent for the position; null when it was sent without one. */
  guids: (string | null)[];
  names: (string | null)[];
  prices: (number | null)[];
  units: (string | null)[];
  currencies: (string | null)[];
  platformIds: (string | null)[];
  /** The log's ExternalId; null when it is the Guid sent, or all-zero, or absent. */
  externalIds: (string | null)[];
  /**
   * The Binding sent and how many control points (null: none sent). The log does not carry them,
   * so only what was sent is known; absent in a baseline kept before issue 43.
   */
  bindings?: (string | null)[];
  controlPoints?: (number | null)[];
}

/** What the prediction starts from: the baseline, or null with why nothing is known. */
export interface LoadedBaseline {
  baseline: ImportBaseline | null;
  /** The store could not be read (refused, unavailable): not the same as "never imported". */
  failed: boolean;
}

/**
 * The predicted outcome of one position of the body. Only what the baseline establishes is said as
 * a fact; where the add-in does not know the catalog's content the answer is `unknown` (issue 43):
 * - `update` / `unchanged`: imported before from this workbook (matched as the platform matches:
 *   by its Guid, or by its code where neither the row nor the earlier one had a Guid), with values
 *   that differ from the baseline's, or none that differ and no blank where a value was;
 * - `mayClear`: as `unchanged`, but a field it had a value for in the last import is left out now
 *   (a blank cell, an unmapped column): the platform may keep the value or clear it (`clears`);
 * - `updateByCode`: not imported before as this row, but the baseline knows a position with its
 *   code that the platform will match by code (values differ; equal values are `unchanged`);
 * - `insertOrUpdate`: the workbook imported this catalog before, but not this code: inserted, or
 *   updating a position with that code the catalog got from elsewhere, one category;
 * - `unknown`: this workbook never imported into the catalog (or its record cannot be read):
 *   inserted, updating the position with that code, or ignored when the code is another's;
 * - `unknownParent`: its parent code is neither sent nor known to be in the catalog (or hangs
 *   under such a code): imported if the catalog holds that parent, else ignored with its subtree;
 * - `ignoredRepeated`: its code or Guid came earlier in the request (the first one wins);
 * - `ignoredCodeTaken`: a Guid the baseline does not know, with a code the baseline holds under
 *   another Guid (the platform neither matches it nor inserts a second position with that code).
 */
export const PREDICTED_OUTCOMES = [
  "update",
  "unchanged",
  "mayClear",
  "updateByCode",
  "insertOrUpdate",
  "unknown",
  "unknownParent",
  "ignoredRepeated",
  "ignoredCodeTaken",
] as const;
export type PredictedOutcome = (typeof PREDICTED_OUTCOMES)[number];

/** The outcomes of rows the platform will not apply (known causes only): no field of theirs is sent. */
export function isIgnoredOutcome(o: PredictedOutcome): boolean {
  return o === "ignoredRepeated" || o === "ignoredCodeTaken";
}

/** Fields whose value a position had in the last import and that a row now leaves out. */
export const CLEARABLE_BY_BLANK = ["Price", "Unit", "CurrencyCharCode", "Binding", "ControlPoints"] as const;
export type ClearableByBlank = (typeof CLEARABLE_BY_BLANK)[number];
/** Of those, the fields the log carries (Source… and Updated… values): a verdict can be read. */
export type LoggedClearable = "Price" | "Unit" | "CurrencyCharCode";
export function isLogged(field: ClearableByBlank): field is LoggedClearable {
  return field === "Price" || field === "Unit" || field === "CurrencyCharCode";
}

/**
 * A field a position had a value for in this workbook's last import of the catalog and that the
 * row now leaves out: the platform may keep that value or clear it (it does not publish which).
 */
export interface MayClear {
  /** Index into `body.Data`. */
  index: number;
  field: ClearableByBlank;
  /** The value in the last import (sent, else what the log reported); control points: how many. */
  was: number | string;
}

/** A parent code neither in the request nor known to be in the catalog, and the rows right below it. */
export interface MissingParentPrediction {
  code: string;
  /** Indexes into `body.Data` of the positions whose parent it is. */
  rows: number[];
}

export interface ImportPrediction {
  /** Per outcome, the indexes into `body.Data` (ascending). */
  rows: Record<PredictedOutcome, number[]>;
  counts: Record<PredictedOutcome, number>;
  /** Indexes into `body.DeletedData`: every deletion sent. */
  deletions: number[];
  /** Missing parent codes in code order of first appearance, each with the rows right below it. */
  missingParents: MissingParentPrediction[];
  /**
   * Positions that may update an existing one (every outcome but the ignored ones: an unknown row
   * may update too) and leave out Price, Unit or CurrencyCharCode: what the platform does with a
   * field left out is not published (it may keep the value or clear it), so the pane names them.
   */
  blankFields: number[];
  /** Values known from the last import that the body leaves out (rows in body order). */
  clears: MayClear[];
  /** Whether a baseline was used (an empty one when the workbook never imported this catalog). */
  hasBaseline: boolean;
}

/** A baseline with no entry, for a catalog this workbook never imported. */
export function emptyBaseline(catalogName: string, companyId: string): ImportBaseline {
  return {
    format: 1,
    catalogName,
    companyId,
    codes: [],
    guids: [],
    names: [],
    prices: [],
    units: [],
    currencies: [],
    platformIds: [],
    externalIds: [],
    bindings: [],
    controlPoints: [],
  };
}

/** Whether `baseline` is the one of the catalog `body` is sent to. */
export function baselineFits(baseline: ImportBaseline, body: ImportBody): boolean {
  return baseline.catalogName === body.Settings.CatalogName && baseline.companyId === body.Settings.CompanyId;
}

function lowerGuid(g: string | undefined | null): string | null {
  if (g === undefined || g === null || g === "") return null;
  const l = g.toLowerCase();
  return l === NIL_GUID ? null : l;
}

/** The lookups a baseline is read by: code and Guid (sent or the log's ExternalId) to entry. */
interface BaselineIndex {
  byCode: LargeMap<number>;
  byGuid: LargeMap<number>;
}

function* indexBaseline(b: ImportBaseline, step: () => boolean): Steps<BaselineIndex> {
  // Large: a baseline holds a whole catalog (see LargeMap).
  const byCode = new LargeMap<number>();
  const byGuid = new LargeMap<number>();
  for (let i = 0; i < b.codes.length; i++) {
    if (step()) yield;
    byCode.set(b.codes[i] as string, i);
    const g = b.guids[i] ?? null;
    if (g !== null) byGuid.set(g, i);
    const e = b.externalIds[i] ?? null;
    if (e !== null) byGuid.set(e, i);
  }
  return { byCode, byGuid };
}

/** The fields a row leaves out whose value the baseline entry knows (a price of 0 or "" is no value). */
function blanked(p: WirePosition, b: ImportBaseline, i: number, index: number, out: MayClear[]): boolean {
  const before = out.length;
  const price = b.prices[i] ?? null;
  if (p.Price === undefined && price !== null && price !== 0) out.push({ index, field: "Price", was: price });
  const unit = b.units[i] ?? null;
  if (p.Unit === undefined && unit !== null && unit.trim() !== "")
    out.push({ index, field: "Unit", was: unit });
  const currency = b.currencies[i] ?? null;
  if (p.CurrencyCharCode === undefined && currency !== null && currency.trim() !== "")
    out.push({ index, field: "CurrencyCharCode", was: currency });
  const binding = b.bindings?.[i] ?? null;
  if (p.Binding === undefined && binding !== null && binding.trim() !== "")
    out.push({ index, field: "Binding", was: binding });
  const points = b.controlPoints?.[i] ?? null;
  if ((p.ControlPoints === undefined || p.ControlPoints.length === 0) && points !== null && points > 0)
    out.push({ index, field: "ControlPoints", was: points });
  return out.length > before;
}

/** Whether the row sends a value that differs from the baseline entry's (a field left out does not). */
function differs(p: WirePosition, code: string, b: ImportBaseline, i: number): boolean {
  if (code !== b.codes[i]) return true;
  if (p.Name !== undefined && p.Name !== b.names[i]) return true;
  if (p.Price !== undefined && p.Price !== b.prices[i]) return true;
  if (p.Unit !== undefined && p.Unit !== b.units[i]) return true;
  return p.CurrencyCharCode !== undefined && p.CurrencyCharCode !== b.currencies[i];
}

const UNRESOLVED = 0;
const KEPT = 1;
const IGNORED = 2;

/**
 * Predicts the outcome of posting `body` (exactly the body the pipeline posts: rows with errors
 * already left out) to a catalog whose last import from this workbook left `baseline` (null or a
 * baseline of another catalog: nothing is known of the catalog, every row is `unknown`).
 */
export function predictImport(body: ImportBody, baseline: ImportBaseline | null): ImportPrediction {
  return runSteps(predictImportInSteps(body, baseline));
}

/** predictImport, pausing after every STEP_ITEMS items (see src/catalog's steps.ts). */
export function* predictImportInSteps(
  body: ImportBody,
  baseline: ImportBaseline | null,
): Steps<ImportPrediction> {
  const step = stepCounter();
  const base = baseline !== null && baselineFits(baseline, body) ? baseline : null;
  const b = base ?? emptyBaseline(body.Settings.CatalogName, body.Settings.CompanyId);
  const index = yield* indexBaseline(b, step);
  const data = body.Data;
  const n = data.length;
  const codes: string[] = new Array<string>(n);
  const outcome: (PredictedOutcome | null)[] = new Array<PredictedOutcome | null>(n).fill(null);
  // The first row of each code that is sent and not ignored for its own sake.
  // One entry per row of a sheet: LargeMap and LargeSet grow without a long step at 300k rows.
  const firstOfCode = new LargeMap<number>();
  const seenGuids = new LargeSet();
  const clears: MayClear[] = [];

  // Codes deleted by this request: deletions run first, and take their descendants with them.
  const deletedCodes = new LargeSet();
  for (const d of body.DeletedData) {
    if (step()) yield;
    const g = lowerGuid(d.Guid);
    const hit = g !== null ? index.byGuid.get(g) : undefined;
    if (hit !== undefined) deletedCodes.add(b.codes[hit] as string);
    else if (d.Code !== undefined && d.Code.trim() !== "") deletedCodes.add(d.Code.trim());
  }
  const deletedMemo = new LargeMap<boolean>();
  const deletedAbove = (code: string): boolean => {
    if (deletedCodes.size === 0) return false;
    const memo = deletedMemo.get(code);
    if (memo !== undefined) return memo;
    const parent = parentCode(code);
    const deleted = deletedCodes.has(code) || (parent !== null && deletedAbove(parent));
    deletedMemo.set(code, deleted);
    return deleted;
  };
  const knownInCatalog = (code: string): boolean => index.byCode.has(code) && !deletedAbove(code);

  // Pass 1: repeated codes and Guids, and how each row matches the baseline.
  for (let i = 0; i < n; i++) {
    if (step()) yield;
    const p = data[i] as WirePosition;
    const code = p.Code.trim();
    codes[i] = code;
    const g = lowerGuid(p.Guid);
    if (firstOfCode.has(code) || (g !== null && seenGuids.has(g))) {
      outcome[i] = "ignoredRepeated";
      continue;
    }
    if (g !== null) seenGuids.add(g);
    firstOfCode.set(code, i);
    const byGuid = g !== null ? index.byGuid.get(g) : undefined;
    if (byGuid !== undefined) {
      const blank = blanked(p, b, byGuid, i, clears);
      outcome[i] = differs(p, code, b, byGuid) ? "update" : blank ? "mayClear" : "unchanged";
      continue;
    }
    const byCode = index.byCode.get(code);
    if (byCode === undefined || !knownInCatalog(code)) {
      outcome[i] = base === null ? "unknown" : "insertOrUpdate";
      continue;
    }
    const heldBy = b.externalIds[byCode] ?? b.guids[byCode] ?? null;
    if (g !== null && heldBy !== null && heldBy !== g) {
      outcome[i] = "ignoredCodeTaken";
      continue;
    }
    const sameRow = g === null && heldBy === null;
    const blank = blanked(p, b, byCode, i, clears);
    if (differs(p, code, b, byCode)) outcome[i] = sameRow ? "update" : "updateByCode";
    else outcome[i] = blank ? "mayClear" : "unchanged";
  }

  // Pass 2: parents. A row is kept when it is not ignored for its own sake and its parent is a root,
  // known to be in the catalog, or a kept row of the request; each row is settled once. A row under
  // a parent code neither sent nor known is unknown: the catalog may hold that parent or not.
  const state = new Uint8Array(n);
  const missing = new Map<string, number[]>();
  const chain: number[] = [];
  for (let i = 0; i < n; i++) {
    if (step()) yield;
    if (state[i] !== UNRESOLVED) continue;
    let j = i;
    let verdict = KEPT;
    for (;;) {
      const own = outcome[j];
      if (own === "ignoredRepeated" || own === "ignoredCodeTaken") {
        state[j] = IGNORED;
        verdict = IGNORED;
        break;
      }
      chain.push(j);
      const parent = parentCode(codes[j] as string);
      if (parent === null || knownInCatalog(parent)) break;
      const holder = firstOfCode.get(parent);
      if (holder === undefined) {
        verdict = IGNORED;
        const below = missing.get(parent);
        if (below) below.push(j);
        else missing.set(parent, [j]);
        break;
      }
      if (state[holder] !== UNRESOLVED) {
        verdict = state[holder] as number;
        break;
      }
      j = holder;
    }
    for (const k of chain) {
      state[k] = verdict;
      if (verdict === IGNORED) outcome[k] = "unknownParent";
    }
    chain.length = 0;
  }

  const rows = {} as Record<PredictedOutcome, number[]>;
  const counts = {} as Record<PredictedOutcome, number>;
  for (const o of PREDICTED_OUTCOMES) rows[o] = [];
  const blankFields: number[] = [];
  for (let i = 0; i < n; i++) {
    if (step()) yield;
    const o = outcome[i] as PredictedOutcome;
    rows[o].push(i);
    if (!isIgnoredOutcome(o)) {
      const p = data[i] as WirePosition;
      if (p.Price === undefined || p.Unit === undefined || p.CurrencyCharCode === undefined)
        blankFields.push(i);
    }
  }
  for (const o of PREDICTED_OUTCOMES) counts[o] = rows[o].length;
  const missingParents: MissingParentPrediction[] = [];
  for (const [code, below] of missing) missingParents.push({ code, rows: below.sort((x, y) => x - y) });
  const deletions: number[] = new Array<number>(body.DeletedData.length);
  for (let i = 0; i < deletions.length; i++) deletions[i] = i;
  // A row whose parent is unknown may be ignored: a value it would clear is said on the row anyway.
  return { rows, counts, deletions, missingParents, blankFields, clears, hasBaseline: base !== null };
}
