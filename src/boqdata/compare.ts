// Two BOQs compared through the data path: each side is pulled exactly as a formula or the BOQ
// sheet pulls it (pullBoq with parents, which the comparison needs to place rows and sum sections),
// so the cache, the shared in-flight requests, the deadline and the name resolution are the same
// ones, and a comparison made right after either BOQ was shown asks the platform nothing more.
import { compareBoqs, type BoqComparison } from "../boq/compare";
import { pullBoqKept, type BoqRequest, type PulledBoq } from "./boq";
import type { BoqData, CachedOptions } from "./data";

export interface ComparisonRequest {
  /** Version A (the "before"); its `parents` is ignored: a comparison always pulls parents. */
  a: BoqRequest;
  /** Version B (the "after"), whose tree the comparison follows. */
  b: BoqRequest;
  /** Keep unchanged rows in the comparison's rows (default: left out). */
  showUnchanged?: boolean;
}

export interface PulledComparison {
  a: PulledBoq;
  b: PulledBoq;
  comparison: BoqComparison;
}

/**
 * Both sides pulled at once (one request per side, none when kept), then compared. The comparison
 * is kept with side B's result, for side A's result it was made from, while both are kept: the
 * navigator's preview, its insert and every recalculation of the same PLATFORM.BOQDIFF compare once.
 */
export async function pullComparison(
  data: BoqData,
  request: ComparisonRequest,
  options: CachedOptions = {},
): Promise<PulledComparison> {
  const [a, b] = await Promise.all([
    pullBoqKept(data, { ...request.a, parents: true }, options),
    pullBoqKept(data, { ...request.b, parents: true }, options),
  ]);
  const showUnchanged = request.showUnchanged === true;
  const compare = (): BoqComparison => compareBoqs(a.pulled.rows, b.pulled.rows, { showUnchanged });
  const kept = data.layer.derive(b.key, b.result, JSON.stringify(["compare", a.key, showUnchanged]), () => ({
    rowsA: a.pulled.rows,
    comparison: compare(),
  }));
  // Side A asked again since (a Refresh, an expiry): its new rows are compared, not kept.
  const comparison = kept.rowsA === a.pulled.rows ? kept.comparison : compare();
  return { a: a.pulled, b: b.pulled, comparison };
}
