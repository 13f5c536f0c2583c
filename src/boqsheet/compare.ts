// Insert comparison sheet (issue 28): two BOQs the navigator picked, compared through the data path
// (src/boqdata pullComparison: the same cache, shared requests, deadline and name resolution as
// the formulas and the BOQ sheet), the plan of src/boq/compareSheetPlan in the user's words,
// written to a new sheet by src/workbook in the injected Excel runner. Nothing is written when the
// platform refuses either side. The sheet is a picture of the two versions at the time it was
// made: it is not kept in the document settings and there is no refresh of it (a new comparison
// makes a new sheet).
import type { BoqComparison } from "../boq/compare";
import {
  buildComparisonSheetPlan,
  type ComparisonSheetLabels,
  type CompareColumn,
} from "../boq/compareSheetPlan";
import { changeDetails, changeText, pullComparison } from "../boqdata";
import { localeOf, t, type Language } from "../i18n";
import "../i18n/deferredBoq"; // the comparison's and the BOQ sheet's messages load with this module
import { writeComparisonSheet, type WrittenComparisonSheet } from "../workbook";
import { requestOf, type BoqSheetChoice, type BoqSheetDeps } from "./journey";

export interface ComparisonSheetChoice {
  /** Version A, the "before". */
  a: BoqSheetChoice;
  /** Version B, the "after": the comparison follows its tree. */
  b: BoqSheetChoice;
  /** Keep the unchanged rows on the sheet (the filter still hides them at first). */
  showUnchanged?: boolean;
}

const COLUMN_KEYS: Record<CompareColumn, Parameters<typeof t>[0]> = {
  level: "boq.sheetLevel",
  code: "compare.colCode",
  name: "compare.colName",
  unit: "compare.colUnit",
  quantityA: "compare.colQuantityA",
  quantityB: "compare.colQuantityB",
  deltaQuantity: "compare.colDeltaQuantity",
  totalA: "compare.colTotalA",
  totalB: "compare.colTotalB",
  deltaTotal: "compare.colDeltaTotal",
  deltaPercent: "compare.colDeltaPercent",
  change: "compare.colChange",
  details: "compare.colDetails",
};

/** The comparison sheet's words in the user's language (or the one asked for). */
export function comparisonSheetLabels(language?: Language): ComparisonSheetLabels {
  const say = (key: Parameters<typeof t>[0]): string => t(key, {}, language);
  const columns = Object.fromEntries(
    Object.entries(COLUMN_KEYS).map(([column, key]) => [column, say(key)]),
  ) as Record<CompareColumn, string>;
  return {
    title: say("compare.sheetTitle"),
    company: say("compare.company"),
    project: say("compare.project"),
    model: say("compare.model"),
    scheme: say("compare.scheme"),
    sideA: say("compare.sideA"),
    sideB: say("compare.sideB"),
    pulled: say("compare.pulled"),
    headerLine: (label, value) => t("boq.sheetHeaderLine", { label, value }, language),
    versionLine: (version, analysis) => t("compare.versionLine", { version, analysis }, language),
    pair: (a, b) => t("compare.pair", { a, b }, language),
    counts: (counts: BoqComparison["counts"]) => t("compare.counts", { ...counts }, language),
    note: say("compare.filterNote"),
    unitNote: say("compare.unitNote"),
    totals: say("compare.totalsHeading"),
    grandTotal: say("compare.grandTotal"),
    sectionTotal: (name) => t("compare.sectionTotal", { name }, language),
    columns,
    change: (kind) => changeText(kind, language),
    details: (row) => changeDetails(row, language),
    chartTitle: say("compare.chartTitle"),
    chartCategory: say("compare.chartCategory"),
    chartIncrease: say("compare.chartIncrease"),
    chartDecrease: say("compare.chartDecrease"),
  };
}

/**
 * Insert comparison sheet: both BOQs with their parents (kept from a formula, a BOQ sheet or a
 * preview with the same arguments, or asked now, one request per side), compared, and written to
 * a new sheet named after the model and both versions, made the active sheet.
 */
export async function insertComparisonSheet(
  deps: BoqSheetDeps,
  choice: ComparisonSheetChoice,
  signal?: AbortSignal,
): Promise<WrittenComparisonSheet> {
  const pulled = await pullComparison(
    deps.data,
    { a: requestOf(choice.a), b: requestOf(choice.b), showUnchanged: choice.showUnchanged === true },
    { signal },
  );
  // When the platform sent the rows: the older side's time, when either was kept from earlier.
  const sentA = pulled.a.keptSince ?? deps.now();
  const sentB = pulled.b.keptSince ?? deps.now();
  const pulledAt = new Date(Math.min(sentA, sentB)).toLocaleString(localeOf());
  const plan = buildComparisonSheetPlan(
    pulled.comparison,
    {
      company: choice.b.company,
      project: choice.b.project,
      modelA: choice.a.model,
      modelB: choice.b.model,
      schemeA: choice.a.scheme,
      schemeB: choice.b.scheme,
      versionA: choice.a.version,
      versionB: choice.b.version,
      analysisA: choice.a.analysis,
      analysisB: choice.b.analysis,
      pulledAt,
    },
    comparisonSheetLabels(),
  );
  const name = t("compare.sheetTabName", {
    model: choice.b.model,
    versionA: choice.a.version,
    versionB: choice.b.version,
  });
  return deps.excel((context) => writeComparisonSheet(context, plan, name));
}
