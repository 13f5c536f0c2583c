// Compare with… as the navigator runs it: the two BOQs and their difference through the shared
// data path (src/boqdata pullComparison: the rows are kept, so the sheet or the formula inserted
// afterwards asks the platform nothing more), the preview's figures, and Insert formula for
// PLATFORM.BOQDIFF over the navigator's own journey (asking before anything is overwritten).
import type { BoqChange, BoqComparison, SectionTotal } from "../boq/compare";
import { DEFAULT_DIFF_COLUMNS } from "../boq/compareMatrix";
import { boqDiffFormula } from "../boq/formula";
import {
  currencyOf,
  pullComparison,
  type BoqData,
  type ComparisonRequest,
  type PulledComparison,
} from "../boqdata";
import { t } from "../i18n";
import "../i18n/deferred"; // the navigator's messages load with this module
import type { DocumentSettingsStore, ExcelRunner } from "../workbook";
import { insertFormulaJourney, requestOf, type FormulaChoice, type FormulaJourney } from "./formulaJourney";

/** The sections the preview names: the largest changes first. */
export const PREVIEW_SECTIONS = 5;
/**
 * How wide PLATFORM.BOQDIFF spills with its default columns (Code, Name, Unit, quantity A and B,
 * Δ quantity, total A and B, Δ total, Δ %, Change, Details): the width Insert formula checks for
 * data in the way.
 */
export const DIFF_WIDTH = DEFAULT_DIFF_COLUMNS.length;

/** Side A and side B as picked (same company and project; B's model may be another). */
export interface CompareChoice {
  a: FormulaChoice;
  b: FormulaChoice;
  showUnchanged: boolean;
}

export function comparisonRequest(choice: CompareChoice): ComparisonRequest {
  return { a: requestOf(choice.a), b: requestOf(choice.b), showUnchanged: choice.showUnchanged };
}

/** What the preview shows of a comparison before anything is inserted. */
export interface ComparisonPreview {
  totalA: number;
  totalB: number;
  deltaTotal: number;
  /** Δ ÷ total A; null when total A is 0. */
  deltaRatio: number | null;
  counts: Readonly<Record<BoqChange, number>>;
  /** Rows whose unit differs between the versions (their quantities are not subtracted). */
  unitChanged: number;
  /** Rows the formula or the sheet will hold (unchanged ones only when asked for). */
  rows: number;
  /** The top-level sections that changed, the largest change first; at most PREVIEW_SECTIONS. */
  sections: SectionTotal[];
  /** Sections that changed beyond those. */
  moreSections: number;
  currency: string | undefined;
}

/** The preview's figures of a comparison; `currency` is the project's where the platform states one. */
export function comparisonPreview(
  comparison: BoqComparison,
  currency: string | undefined,
): ComparisonPreview {
  const deltaTotal = comparison.totalB - comparison.totalA;
  const changed = comparison.sections
    .filter((s) => s.change !== "unchanged" || s.deltaTotal !== 0)
    .sort((x, y) => Math.abs(y.deltaTotal) - Math.abs(x.deltaTotal));
  let unitChanged = 0;
  for (const row of comparison.rows) if (row.unitChanged) unitChanged += 1;
  return {
    totalA: comparison.totalA,
    totalB: comparison.totalB,
    deltaTotal,
    deltaRatio: comparison.totalA === 0 ? null : deltaTotal / comparison.totalA,
    counts: comparison.counts,
    unitChanged,
    rows: comparison.rows.length,
    sections: changed.slice(0, PREVIEW_SECTIONS),
    moreSections: Math.max(0, changed.length - PREVIEW_SECTIONS),
    currency,
  };
}

/** The preview of what pullComparison pulled. */
export function previewOf(pulled: PulledComparison): ComparisonPreview {
  return comparisonPreview(
    pulled.comparison,
    currencyOf(pulled.b.path.project) ?? currencyOf(pulled.a.path.project),
  );
}

/** Insert formula for PLATFORM.BOQDIFF: its size from the comparison the preview pulled. */
export function diffFormulaJourney(
  excel: ExcelRunner,
  data: BoqData,
  settings: DocumentSettingsStore,
): FormulaJourney<CompareChoice> {
  // Its size does not depend on the header language: the rows and the default columns.
  return insertFormulaJourney<CompareChoice>(excel, settings, {
    formula: (choice) =>
      boqDiffFormula({
        company: choice.a.company,
        project: choice.a.project,
        model: choice.a.model,
        scheme: choice.a.scheme,
        version: choice.a.version,
        versionB: choice.b.version,
        modelB: choice.b.model,
        showUnchanged: choice.showUnchanged,
      }),
    settle: (choice) =>
      pullComparison(data, comparisonRequest(choice)).then(
        (pulled) => ({ ok: true, rows: pulled.comparison.rows.length + 1, columns: DIFF_WIDTH }),
        (error: unknown) => ({ ok: false, error }),
      ),
    unexplained: () => t("boqnav.compareOutcomeUnexplained"),
  });
}
