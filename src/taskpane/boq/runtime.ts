// The BOQ tab's effects, wired once outside the components (like ../import/runtime.ts): the
// runtime's BOQ data path (the one the PLATFORM functions use, so the tab and the formulas share
// kept answers), Excel.run and the workbook's document settings. The screens get these as props.
import type { Project } from "../../api/schemas";
import type { ProjectModel } from "../../boq/lookup";
import {
  analysisChoices,
  previewBoq,
  projectChoices,
  sharedBoqData,
  type AnalysisChoice,
  type BoqPreview,
} from "../../boqdata";
import {
  insertBoqSheet,
  refreshActiveBoqSheet,
  type BoqSheetChoice,
  type BoqSheetDeps,
  type RefreshedBoqSheet,
  type WrittenBoqSheet,
} from "../../boqsheet";
import {
  onRefreshOutcome,
  refreshBoqFormulas,
  sessionSignedIn,
  type RefreshOutcome,
} from "../../functions/refresh";
import { documentSettings, recalculateWorkbookFully, runExcel, type FormulaTarget } from "../../workbook";
import { formulaJourney, requestOf, type FormulaChoice, type FormulaOutcome } from "./formulaJourney";

export interface BoqActions {
  loadProjects: (companyId: string, signal: AbortSignal) => Promise<Project[]>;
  loadAnalyses: (project: Project, model: ProjectModel, signal: AbortSignal) => Promise<AnalysisChoice[]>;
  loadPreview: (choice: FormulaChoice, signal: AbortSignal) => Promise<BoqPreview>;
  checkFormula: (choice: FormulaChoice) => Promise<FormulaTarget>;
  writeFormula: (choice: FormulaChoice, target: FormulaTarget) => Promise<FormulaOutcome>;
  insertSheet: (choice: BoqSheetChoice) => Promise<WrittenBoqSheet>;
  refreshSheet: () => Promise<RefreshedBoqSheet>;
  /** Refresh BOQ formulas: forget the kept results and recalculate (the ribbon's command does the same). */
  refreshFormulas: () => Promise<RefreshOutcome>;
  /** The outcome of every Refresh BOQ formulas, the ribbon's included; returns unsubscribe. */
  onRefreshOutcome: (listener: (outcome: RefreshOutcome) => void) => () => void;
}

let actions: BoqActions | undefined;

export function getBoqActions(): BoqActions {
  if (actions) return actions;
  const deps: BoqSheetDeps = {
    excel: runExcel,
    data: sharedBoqData(),
    settings: documentSettings(),
    now: Date.now,
  };
  const formula = formulaJourney(deps.excel, deps.data);
  actions = {
    loadProjects: (companyId, signal) => projectChoices(deps.data, companyId, signal),
    loadAnalyses: (project, model, signal) => analysisChoices(deps.data, project, model, signal),
    loadPreview: (choice, signal) => previewBoq(deps.data, requestOf(choice), signal),
    checkFormula: (choice) => formula.check(choice),
    writeFormula: (choice, target) => formula.write(choice, target),
    insertSheet: (choice) => insertBoqSheet(deps, choice),
    refreshSheet: () => refreshActiveBoqSheet(deps),
    refreshFormulas: () => refreshBoqFormulas(recalculateWorkbookFully, sessionSignedIn),
    onRefreshOutcome,
  };
  return actions;
}
