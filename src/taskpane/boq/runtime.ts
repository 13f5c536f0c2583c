// The BOQ tab's effects, wired once outside the components (like ../import/runtime.ts): the
// runtime's BOQ data path (the one the PLATFORM functions use, so the tab and the formulas share
// kept answers), Excel.run and the workbook's document settings. The screens get these as props.
import type { Project } from "../../api/schemas";
import type { BoqSelection } from "../../boq/formula";
import type { ProjectModel } from "../../boq/lookup";
import { analysisChoices, projectChoices, sharedBoqData, type AnalysisChoice } from "../../boqdata";
import {
  insertBoqFormula,
  insertBoqSheet,
  refreshActiveBoqSheet,
  type BoqSheetChoice,
  type BoqSheetDeps,
  type RefreshedBoqSheet,
  type WrittenBoqSheet,
} from "../../boqsheet";
import { onRefreshOutcome, refreshBoqFormulas, type RefreshOutcome } from "../../functions/refresh";
import { documentSettings, recalculateWorkbookFully, runExcel } from "../../workbook";

export interface BoqActions {
  loadProjects: (companyId: string, signal: AbortSignal) => Promise<Project[]>;
  loadAnalyses: (projectId: string, model: ProjectModel, signal: AbortSignal) => Promise<AnalysisChoice[]>;
  insertFormula: (selection: BoqSelection) => Promise<string>;
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
  actions = {
    loadProjects: (companyId, signal) => projectChoices(deps.data, companyId, signal),
    loadAnalyses: (projectId, model, signal) => analysisChoices(deps.data, projectId, model, signal),
    insertFormula: (selection) => insertBoqFormula(deps.excel, selection),
    insertSheet: (choice) => insertBoqSheet(deps, choice),
    refreshSheet: () => refreshActiveBoqSheet(deps),
    refreshFormulas: () => refreshBoqFormulas(recalculateWorkbookFully),
    onRefreshOutcome,
  };
  return actions;
}
