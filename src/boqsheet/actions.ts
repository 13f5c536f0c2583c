// The BOQ tab's journeys, as the pane calls them: the navigator's lists and preview, Insert
// formula, Insert BOQ sheet, Refresh this BOQ sheet, whether the active sheet is a BOQ sheet,
// Refresh BOQ formulas, and Compare with… (its preview, PLATFORM.BOQDIFF, the comparison sheet).
// Every effect comes in as BoqSheetDeps (the Excel runner, the runtime's BOQ data path, the
// document settings, the clock); Refresh BOQ's recalculation and sign-in check are Excel's and the
// session's unless a test gives its own. The pane (src/taskpane/boq/runtime.ts) only wires them,
// and its screens get these as props.
import type { Project } from "../api/schemas";
import type { ProjectModel } from "../boq/lookup";
import {
  analysisChoices,
  previewBoq,
  projectChoices,
  pullComparison,
  type AnalysisChoice,
  type BoqPreview,
} from "../boqdata";
import { onSheetActivated, type FormulaTarget, type WrittenComparisonSheet } from "../workbook";
import {
  comparisonRequest,
  diffFormulaJourney,
  previewOf,
  type CompareChoice,
  type ComparisonPreview,
} from "./compareJourney";
import { insertComparisonSheet, type ComparisonSheetChoice } from "./compare";
import { formulaJourney, requestOf, type FormulaChoice, type FormulaOutcome } from "./formulaJourney";
import {
  activeBoqSheet,
  boqSheetSource,
  insertBoqSheet,
  refreshActiveBoqSheet,
  type BoqSheetChoice,
  type BoqSheetDeps,
  type SheetRefreshStep,
} from "./journey";
import {
  excelFormulaRefresh,
  onRefreshOutcome,
  refreshBoqFormulas,
  type FormulaRefreshDeps,
  type RefreshOutcome,
} from "./refresh";
import { cellValueSupport, type WrittenBoqSheet } from "../workbook";

/** Compare with…: the difference's preview, PLATFORM.BOQDIFF and the comparison sheet. */
export interface CompareActions {
  /** Both BOQs through the data path and their difference's figures; the rows stay kept for the insert. */
  loadComparison: (choice: CompareChoice, signal: AbortSignal) => Promise<ComparisonPreview>;
  checkFormula: (choice: CompareChoice) => Promise<FormulaTarget>;
  writeFormula: (choice: CompareChoice, target: FormulaTarget) => Promise<FormulaOutcome>;
  insertSheet: (choice: ComparisonSheetChoice) => Promise<WrittenComparisonSheet>;
}

export interface BoqActions {
  loadProjects: (companyId: string, signal: AbortSignal) => Promise<Project[]>;
  loadAnalyses: (project: Project, model: ProjectModel, signal: AbortSignal) => Promise<AnalysisChoice[]>;
  loadPreview: (choice: FormulaChoice, signal: AbortSignal) => Promise<BoqPreview>;
  checkFormula: (choice: FormulaChoice) => Promise<FormulaTarget>;
  writeFormula: (choice: FormulaChoice, target: FormulaTarget) => Promise<FormulaOutcome>;
  insertSheet: (choice: BoqSheetChoice) => Promise<WrittenBoqSheet>;
  refreshSheet: () => Promise<SheetRefreshStep>;
  /**
   * Whether the active sheet is a BOQ sheet, now and whenever another sheet is activated (Excel's
   * onActivated) or a BOQ sheet is inserted; returns unsubscribe.
   */
  onActiveSheet: (listener: (isBoqSheet: boolean) => void) => () => void;
  /**
   * Refresh BOQ formulas: forget the kept results, calculate the sheets holding PLATFORM formulas
   * and count the cells that answered (the ribbon's command does the same).
   */
  refreshFormulas: () => Promise<RefreshOutcome>;
  /** The outcome of every Refresh BOQ formulas, the ribbon's included; returns unsubscribe. */
  onRefreshOutcome: (listener: (outcome: RefreshOutcome) => void) => () => void;
  compare: CompareActions;
  /**
   * Whether PLATFORM values reach cells with their number formats on this host (data types from
   * custom functions: src/workbook cellValueSupport); where not, the pane says how to get them.
   */
  formattedValues: () => boolean;
}

/** Tells the listeners whether the active sheet is a BOQ sheet; registers for onActivated once. */
function activeSheetWatch(deps: BoqSheetDeps): Pick<BoqActions, "onActiveSheet"> & { check: () => void } {
  const listeners = new Set<(isBoqSheet: boolean) => void>();
  let registered = false;
  const tell = (isBoqSheet: boolean): void => listeners.forEach((listener) => listener(isBoqSheet));
  const check = (): void => {
    activeBoqSheet(deps).then(
      (active) => tell(active.source !== undefined),
      () => tell(false),
    );
  };
  const register = (): void => {
    if (registered) return;
    registered = true;
    // Through a promise: where there is no Excel the runner throws at once, and that is a no.
    Promise.resolve()
      .then(() =>
        deps.excel((context) =>
          onSheetActivated(context, (id) => tell(boqSheetSource(deps, id) !== undefined)),
        ),
      )
      // A host without the event still checks when the pane opens and after each insert.
      .catch(() => undefined);
  };
  return {
    check,
    onActiveSheet: (listener) => {
      listeners.add(listener);
      register();
      check();
      return () => listeners.delete(listener);
    },
  };
}

/** The BOQ tab's journeys over the effects given (Refresh BOQ: Excel's own, unless tests give theirs). */
export function boqActions(
  deps: BoqSheetDeps,
  refresh: FormulaRefreshDeps = excelFormulaRefresh(),
): BoqActions {
  const watch = activeSheetWatch(deps);
  const formula = formulaJourney(deps.excel, deps.data, deps.settings);
  const diffFormula = diffFormulaJourney(deps.excel, deps.data, deps.settings);
  return {
    loadProjects: (companyId, signal) => projectChoices(deps.data, companyId, signal),
    loadAnalyses: (project, model, signal) => analysisChoices(deps.data, project, model, signal),
    loadPreview: (choice, signal) => previewBoq(deps.data, requestOf(choice), signal),
    checkFormula: (choice) => formula.check(choice),
    writeFormula: (choice, target) => formula.write(choice, target),
    // The new sheet is activated before it is recorded as a BOQ sheet: look again once it is.
    insertSheet: (choice) => insertBoqSheet(deps, choice).finally(watch.check),
    refreshSheet: () => refreshActiveBoqSheet(deps),
    onActiveSheet: watch.onActiveSheet,
    refreshFormulas: () => refreshBoqFormulas(refresh),
    onRefreshOutcome,
    compare: {
      loadComparison: (choice, signal) =>
        pullComparison(deps.data, comparisonRequest(choice), { signal }).then(previewOf),
      checkFormula: (choice) => diffFormula.check(choice),
      writeFormula: (choice, target) => diffFormula.write(choice, target),
      insertSheet: (choice) => insertComparisonSheet(deps, choice).finally(watch.check),
    },
    formattedValues: () => cellValueSupport().numbers !== "plain",
  };
}
