// Where the baselines of predict.ts are kept: one per workbook, company and catalog, in a store
// passed in (`ImportDeps.baselines`: IndexedDB in the pane, a Map in tests). Not in the document
// settings: a baseline of 300,000 positions is tens of MB, while all of an add-in's settings share
// about 2 MB and are saved whole with every save; not in OfficeRuntime.storage either (10 MB shared
// with other add-ins). A store that fails never stops an import: the prediction then says nothing
// is known of earlier imports, and the next import's baseline is kept when the store works again.

import type { ImportLog } from "../../api/schemas";
import type { ImportBody, Steps } from "../../catalog";
import type { ImportBaseline, LoadedBaseline } from "../model/predict";
import { buildBaselineInSteps } from "../model/predictBaseline";

/** Objects by key (a structured clone of what was put); `get` gives null for a key never put. */
export interface BaselineStore {
  get(key: string): Promise<unknown>;
  put(key: string, baseline: ImportBaseline): Promise<void>;
}

/** For tests and hosts without a store of their own: kept while the runtime lives, as clones. */
export class MemoryBaselineStore implements BaselineStore {
  readonly items = new Map<string, ImportBaseline>();
  get(key: string): Promise<unknown> {
    const b = this.items.get(key);
    return Promise.resolve(b === undefined ? null : structuredClone(b));
  }
  put(key: string, baseline: ImportBaseline): Promise<void> {
    this.items.set(key, structuredClone(baseline));
    return Promise.resolve();
  }
}

/** The key of a workbook's baseline of a catalog of a company. */
export function baselineKey(workbookId: string, companyId: string, catalogName: string): string {
  return JSON.stringify(["baseline", 1, workbookId, companyId, catalogName]);
}

const COLUMNS = [
  "codes",
  "guids",
  "names",
  "prices",
  "units",
  "currencies",
  "platformIds",
  "externalIds",
] as const;

/**
 * The value read back, if it is a baseline of this version (a store kept by an older or newer
 * add-in, or damaged, is as if none were kept). Checked by shape, not entry by entry: the store
 * gives back what this module put.
 */
export function readBaseline(value: unknown): ImportBaseline | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Partial<Record<string, unknown>>;
  if (v["format"] !== 1 || typeof v["catalogName"] !== "string" || typeof v["companyId"] !== "string")
    return null;
  const codes = v["codes"];
  if (!Array.isArray(codes)) return null;
  for (const c of COLUMNS) {
    const column = v[c];
    if (!Array.isArray(column) || column.length !== codes.length) return null;
  }
  // Binding and control points came with issue 43: a baseline without them (or with a column of
  // another length) is read without them, as if nothing were known of those fields.
  const baseline = { ...(value as ImportBaseline) };
  for (const c of ["bindings", "controlPoints"] as const) {
    const column = v[c];
    if (!Array.isArray(column) || column.length !== codes.length) delete baseline[c];
  }
  return baseline;
}

/**
 * What the baselines need of the journey: the store passed in, this workbook's id, where a failure
 * is logged (journey.ts's Journey is one).
 */
export interface BaselineJourney {
  readonly deps: { readonly baselines?: BaselineStore };
  readonly history: { workbookId(): string | null };
  warn(message: string, error: unknown): void;
}

/** The baselines of this workbook, through the journey's store and workbook id. */
export class Baselines {
  /** `inSlices`: runs the build of a baseline (300k positions) in slices (slices.ts). */
  constructor(
    private readonly journey: BaselineJourney,
    private readonly inSlices: <T>(steps: Steps<T>) => Promise<T>,
  ) {}

  private key(companyId: string, catalogName: string): string | null {
    const workbookId = this.journey.history.workbookId();
    return workbookId === null ? null : baselineKey(workbookId, companyId, catalogName);
  }

  /** The baseline of the catalog; a workbook that never imported (no id) has none. */
  async load(companyId: string, catalogName: string): Promise<LoadedBaseline> {
    const store = this.journey.deps.baselines;
    const key = this.key(companyId, catalogName);
    if (store === undefined) return { baseline: null, failed: true };
    if (key === null) return { baseline: null, failed: false };
    try {
      return { baseline: readBaseline(await store.get(key)), failed: false };
    } catch (error) {
      this.journey.warn("could not read the last import's baseline", error);
      return { baseline: null, failed: true };
    }
  }

  /** Keeps the baseline after `body` was posted and `log` answered; a failure is only logged. */
  async record(body: ImportBody, log: ImportLog): Promise<void> {
    const store = this.journey.deps.baselines;
    const key = this.key(body.Settings.CompanyId, body.Settings.CatalogName);
    if (store === undefined || key === null) return;
    try {
      const previous = readBaseline(await store.get(key));
      const baseline = await this.inSlices(buildBaselineInSteps(body, log, previous));
      await store.put(key, baseline);
    } catch (error) {
      this.journey.warn("could not keep the import's baseline", error);
    }
  }
}
