/**
 * Every budget of `npm run bench`, in one place. A figure beside a budget is judged against it;
 * a budget not met is printed as a failure and written as `"ok": false`, but the command still
 * exits 0 (a slow, shared machine must never break CI). Times that depend on the machine are
 * judged as ratios to a floor measured in the same run on the same data, never in absolute ms.
 */

const KB = 1024;
const MB = 1024 * KB;

export const BUDGETS = {
  /**
   * Catalog engine time / (JSON.stringify + JSON.parse of the body it builds): ×1.5 since issue 45
   * (×2 from issue 30, ×3 before it, when the look-alike, case-twin and normalization checks had
   * just been added).
   */
  catalogRatioToJsonFloor: 1.5,
  /**
   * The add-in's longest own main-thread task from "Use the selection and check" to the POST (100k
   * and 300k rows): 50 ms since issue 45 (a task over 50 ms is a long task to the browser), 100 before.
   */
  paneLongestTaskMs: 50,
  /** Largest single Excel request (or response) in a 100k-row read or write. */
  excelLargestPayloadBytes: 4 * MB,
  /** Syncs / ceil(total bytes / 4 MB): how close the blocks come to the fewest possible. */
  excelSyncRatio: 1.25,
  /** BOQ spill-matrix building / JSON.parse of the same response. */
  boqMatrixRatioToJsonParse: 1.5,
  /** Two BOQs compared (src/boq/compare.ts) / JSON.parse of both responses. */
  boqCompareRatioToJsonParse: 1.5,
  /** A cached recalculation of PLATFORM.BOQ / its first call (fetch, parse, build) on the same BOQ. */
  boqCachedRecalcRatio: 0.05,
  /** Requests made by 100 identical concurrent BOQ calls. */
  boqRequestsIdentical: 1,
  /** Requests made by 100 BOQ calls over 10 argument sets. */
  boqRequestsTenArgumentSets: 10,
  /** Excel's limit on a custom function's result, serialized. */
  boqSpillBytes: 5 * MB,
  /** Functions registered, office.js excluded / a blank page's load: ×1.5 since issue 45 (×5 before). */
  startupFunctionsRatioToBlankPage: 1.5,
  /** The pane's first interactive screen, office.js excluded / a blank page's load: ×3 since issue 45 (×5 before). */
  startupPaneRatioToBlankPage: 3,
  /** What the shared runtime loads before the custom functions are registered (gzip). */
  sharedRuntimeBeforeFunctionsGzipBytes: 40 * KB,
  /** The task pane's first screen, office.js excluded (gzip): 75 KB since issue 45 (90 before). */
  taskpaneFirstScreenGzipBytes: 75 * KB,
} as const;

/** The unit of the Excel round-trip ratio: the 4 MB a sync may carry with room to spare. */
export const EXCEL_SYNC_UNIT_BYTES = 4 * MB;
/** Excel's result limit for a custom function, for the BOQ spill figure. */
export const EXCEL_RESULT_LIMIT_BYTES = 5 * MB;
