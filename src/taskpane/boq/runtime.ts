// The BOQ tab's effects, wired once outside the components (like ../import/runtime.ts): the
// runtime's BOQ data path (the one the PLATFORM functions use, so the tab and the formulas share
// kept answers), Excel.run and the workbook's document settings. The screens get these as props.
import type { Project } from "../../api/schemas";
import type { ProjectModel } from "../../boq/lookup";
import {
  analysisChoices,
  previewBoq,
  projectChoices,
  pullComparison,
  sharedBoqData,
  type AnalysisChoice,
  type BoqPreview,
} from "../../boqdata";
import {
  activeBoqSheet,
  boqSheetSource,
  insertBoqSheet,
  insertComparisonSheet,
  refreshActiveBoqSheet,
  type BoqSheetChoice,
  type BoqSheetDeps,
  type SheetRefreshStep,
  type WrittenBoqSheet,
} from "../../boqsheet";
import {
  onRefreshOutcome,
  refreshBoqFormulas,
  sessionSignedIn,
  type RefreshOutcome,
} from "../../functions/refresh";
import {
  documentSettings,
  onSheetActivated,
  recalculateWorkbookFully,
  runExcel,
  type FormulaTarget,
} from "../../workbook";
import type { CompareActions } from "./CompareWith";
import { comparisonRequest, diffFormulaJourney, previewOf } from "./compareJourney";
import { formulaJourney, requestOf, type FormulaChoice, type FormulaOutcome } from "./formulaJourney";

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
  /** Refresh BOQ formulas: forget the kept results and recalculate (the ribbon's command does the same). */
  refreshFormulas: () => Promise<RefreshOutcome>;
  /** The outcome of every Refresh BOQ formulas, the ribbon's included; returns unsubscribe. */
  onRefreshOutcome: (listener: (outcome: RefreshOutcome) => void) => () => void;
  /** Compare with…: the difference's preview, PLATFORM.BOQDIFF and the comparison sheet. */
  compare: CompareActions;
}

let actions: BoqActions | undefined;

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

export function getBoqActions(): BoqActions {
  if (actions) return actions;
  const deps: BoqSheetDeps = {
    excel: runExcel,
    data: sharedBoqData(),
    settings: documentSettings(),
    now: Date.now,
  };
  const watch = activeSheetWatch(deps);
  const formula = formulaJourney(deps.excel, deps.data, deps.settings);
  const diffFormula = diffFormulaJourney(deps.excel, deps.data, deps.settings);
  const made: BoqActions = {
    loadProjects: (companyId, signal) => projectChoices(deps.data, companyId, signal),
    loadAnalyses: (project, model, signal) => analysisChoices(deps.data, project, model, signal),
    loadPreview: (choice, signal) => previewBoq(deps.data, requestOf(choice), signal),
    checkFormula: (choice) => formula.check(choice),
    writeFormula: (choice, target) => formula.write(choice, target),
    // The new sheet is activated before it is recorded as a BOQ sheet: look again once it is.
    insertSheet: (choice) => insertBoqSheet(deps, choice).finally(watch.check),
    refreshSheet: () => refreshActiveBoqSheet(deps),
    onActiveSheet: watch.onActiveSheet,
    refreshFormulas: () => refreshBoqFormulas(recalculateWorkbookFully, sessionSignedIn),
    onRefreshOutcome,
    compare: {
      loadComparison: (choice, signal) =>
        pullComparison(deps.data, comparisonRequest(choice), { signal }).then(previewOf),
      checkFormula: (choice) => diffFormula.check(choice),
      writeFormula: (choice, target) => diffFormula.write(choice, target),
      insertSheet: (choice) => insertComparisonSheet(deps, choice).finally(watch.check),
    },
  };
  actions = made;
  return made;
}
