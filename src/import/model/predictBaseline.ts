// The baseline of predict.ts built from an import: the body this workbook posted and the log the
// platform answered with, over the baseline of the import before it (positions this import did not
// send stay known unless it deleted them). Pure and linear (Maps keyed by code and Guid), in steps:
// 300k positions take about half a second, which the pane runs in slices.

import type { ImportLog } from "../../api/schemas";
import { NIL_GUID, runSteps, stepCounter } from "../../catalog";
import type { ImportBody, Steps, WirePosition } from "../../catalog";
import { baselineFits, emptyBaseline, type ImportBaseline } from "./predict";

/** What the log says of one position the platform holds after the import. */
interface Held {
  platformId: string | null;
  externalId: string | null;
  name: string | null;
  price: number | null;
  unit: string | null;
  currency: string | null;
}

type Opt<T> = T | null | undefined;

function id(v: Opt<string>): string | null {
  if (v === undefined || v === null || v === "") return null;
  const l = v.toLowerCase();
  return l === NIL_GUID ? null : l;
}

function held(
  platformId: Opt<string>,
  externalId: Opt<string>,
  name: Opt<string>,
  price: Opt<number>,
  unit: Opt<string>,
  currency: Opt<string>,
): Held {
  return {
    platformId: id(platformId),
    externalId: id(externalId),
    name: name ?? null,
    price: price ?? null,
    unit: unit ?? null,
    currency: currency ?? null,
  };
}

/** The log's positions by Guid and by code, the inserted and updated ones before the ignored ones. */
class LogIndex {
  private readonly byGuid = new Map<string, Held>();
  private readonly byCode = new Map<string, Held>();

  static *build(log: ImportLog, step: () => boolean): Steps<LogIndex> {
    const index = new LogIndex();
    for (const t of log.insertedTwigs) {
      if (step()) yield;
      index.add(t.code, held(t.platformId, t.externalId, t.name, t.price, t.unit, t.currencyCharCode));
    }
    for (const t of log.updatedTwigs) {
      if (step()) yield;
      const h = held(
        t.platformId,
        t.externalId,
        t.updatedName,
        t.updatedPrice,
        t.updatedUnit,
        t.updatedCurrencyCharCode,
      );
      index.add(t.updatedCode ?? t.sourceCode, h);
    }
    // An ignored position with a PlatformId is one the platform holds (unchanged); without one it
    // is not in the catalog (a repeated code, a missing parent, an unknown unit).
    for (const t of log.ignoredTwigs) {
      if (step()) yield;
      const h = held(t.platformId, t.externalId, t.name, t.price, t.unit, t.currencyCharCode);
      if (h.platformId !== null) index.add(t.code, h);
    }
    return index;
  }

  private add(code: Opt<string>, h: Held): void {
    if (h.externalId !== null && !this.byGuid.has(h.externalId)) this.byGuid.set(h.externalId, h);
    const c = code?.trim();
    if (c !== undefined && c !== "" && !this.byCode.has(c)) this.byCode.set(c, h);
  }

  find(guid: string | null, code: string): Held | undefined {
    return (guid !== null ? this.byGuid.get(guid) : undefined) ?? this.byCode.get(code);
  }
}

/**
 * The baseline after posting `body` and reading `log` back, over `previous` (the baseline before
 * this import; ignored when it is of another catalog). Each position sent that the log reports as
 * held (inserted, updated, or ignored with its PlatformId) becomes an entry with the values sent,
 * else the values the log reports; earlier entries stay unless this import replaced (a held position
 * with that code or Guid) or deleted them.
 */
export function buildBaseline(
  body: ImportBody,
  log: ImportLog,
  previous: ImportBaseline | null,
): ImportBaseline {
  return runSteps(buildBaselineInSteps(body, log, previous));
}

/** buildBaseline, pausing after every STEP_ITEMS items (see src/catalog's steps.ts). */
export function* buildBaselineInSteps(
  body: ImportBody,
  log: ImportLog,
  previous: ImportBaseline | null,
): Steps<ImportBaseline> {
  const step = stepCounter();
  const out = emptyBaseline(body.Settings.CatalogName, body.Settings.CompanyId);
  const logIndex = yield* LogIndex.build(log, step);
  const sentCodes = new Set<string>();
  const sentGuids = new Set<string>();
  // The codes and Guids whose earlier entries this import replaced or deleted.
  const codes = new Set<string>();
  const guids = new Set<string>();
  for (const p of body.Data as readonly WirePosition[]) {
    if (step()) yield;
    const code = p.Code.trim();
    const guid = id(p.Guid);
    if (sentCodes.has(code) || (guid !== null && sentGuids.has(guid))) continue;
    sentCodes.add(code);
    if (guid !== null) sentGuids.add(guid);
    const h = logIndex.find(guid, code);
    if (h === undefined) continue;
    codes.add(code);
    if (guid !== null) guids.add(guid);
    if (h.externalId !== null) guids.add(h.externalId);
    out.codes.push(code);
    out.guids.push(guid);
    out.names.push(p.Name ?? h.name);
    out.prices.push(p.Price ?? h.price);
    out.units.push(p.Unit ?? h.unit);
    out.currencies.push(p.CurrencyCharCode ?? h.currency);
    out.platformIds.push(h.platformId);
    out.externalIds.push(h.externalId === guid ? null : h.externalId);
    out.bindings?.push(p.Binding ?? null);
    out.controlPoints?.push(p.ControlPoints !== undefined ? p.ControlPoints.length : null);
  }
  if (previous === null || !baselineFits(previous, body)) return out;
  // Deleted positions are each in DeletedTwigs (descendants included); what was asked counts too.
  for (const t of log.deletedTwigs) {
    if (step()) yield;
    const c = t.code?.trim();
    if (c !== undefined && c !== "") codes.add(c);
    const e = id(t.externalId);
    if (e !== null) guids.add(e);
  }
  for (const d of body.DeletedData) {
    if (step()) yield;
    const c = d.Code?.trim();
    if (c !== undefined && c !== "") codes.add(c);
    const g = id(d.Guid);
    if (g !== null) guids.add(g);
  }
  for (let i = 0; i < previous.codes.length; i++) {
    if (step()) yield;
    const code = previous.codes[i] as string;
    const guid = previous.guids[i] ?? null;
    const ext = previous.externalIds[i] ?? null;
    if (codes.has(code) || (guid !== null && guids.has(guid)) || (ext !== null && guids.has(ext))) continue;
    out.codes.push(code);
    out.guids.push(guid);
    out.names.push(previous.names[i] ?? null);
    out.prices.push(previous.prices[i] ?? null);
    out.units.push(previous.units[i] ?? null);
    out.currencies.push(previous.currencies[i] ?? null);
    out.platformIds.push(previous.platformIds[i] ?? null);
    out.externalIds.push(ext);
    out.bindings?.push(previous.bindings?.[i] ?? null);
    out.controlPoints?.push(previous.controlPoints?.[i] ?? null);
  }
  return out;
}
