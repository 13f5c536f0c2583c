// Insert BOQ sheet: the rows with their parents from the platform (endpoint 11, every page), the
// pure row plan of src/boq, written by src/workbook; what the sheet is (company, project, model,
// version, analysis, scheme: names, nothing secret) is kept in the document settings by sheet
// id, so that "Refresh this BOQ sheet" pulls it again into the same sheet and says what changed.
// No DOM; the pane calls these through props.
import type { PlatformApi } from "../../api/platform";
import { buildSheetPlan, type SheetPlan } from "../../boq/sheetPlan";
import {
  BOQ_SHEETS_SETTING,
  type BoqSheetSource,
  diffSheetRows,
  readBoqSheetSources,
  type SheetChange,
  snapshotFromCells,
  snapshotFromPlan,
} from "../../boq/sheetRefresh";
import { localeOf, t } from "../../i18n";
import type { RewrittenBoqSheet, WrittenBoqSheet } from "../../workbook/boqSheet";
import type { DocumentSettingsStore } from "../../workbook/documentSettings";

export interface BoqSheetChoice {
  company: string;
  project: string;
  model: string;
  scheme: string;
  /** "modelVersion.analysisVersion". */
  version: string;
  /** How the analysis is shown to the user (version and date). */
  analysis: string;
}

export type SheetWriter = (plan: SheetPlan, desiredName: string) => Promise<WrittenBoqSheet>;

/** Keeps what the sheet is, by sheet id, in the document (saved at once). */
async function rememberSource(
  settings: DocumentSettingsStore,
  sheetId: string,
  source: BoqSheetSource,
): Promise<void> {
  const sources = readBoqSheetSources(settings.get(BOQ_SHEETS_SETTING));
  settings.set(BOQ_SHEETS_SETTING, { ...sources, [sheetId]: source });
  await settings.save();
}

export async function makeBoqSheet(
  api: Pick<PlatformApi, "getBoq">,
  choice: BoqSheetChoice,
  write: SheetWriter,
  settings: DocumentSettingsStore,
  now: Date = new Date(),
): Promise<WrittenBoqSheet> {
  const plan = await pullPlan(api, choice, now);
  const written = await write(plan, t("boq.sheetTabName", { model: choice.model, version: choice.version }));
  await rememberSource(settings, written.sheetId, sourceOf(choice));
  return written;
}

function sourceOf(choice: BoqSheetChoice): BoqSheetSource {
  const { company, project, model, scheme, version, analysis } = choice;
  return { company, project, model, scheme, version, analysis };
}

async function pullPlan(
  api: Pick<PlatformApi, "getBoq">,
  choice: BoqSheetChoice,
  now: Date,
): Promise<SheetPlan> {
  const { rows } = await api.getBoq({
    company: choice.company,
    project: choice.project,
    model: choice.model,
    scheme: choice.scheme,
    version: choice.version,
    parents: true,
  });
  return buildSheetPlan(rows, {
    company: choice.company,
    project: choice.project,
    model: choice.model,
    version: choice.version,
    analysis: choice.analysis,
    scheme: choice.scheme,
    pulledAt: now.toLocaleString(localeOf()),
  });
}

/** The active sheet is not one Insert BOQ sheet made (or its record is not in this workbook). */
export class NotABoqSheetError extends Error {
  constructor(readonly sheetName: string) {
    super(t("boq.sheetRefreshNotBoq", { sheet: sheetName }));
    this.name = "NotABoqSheetError";
  }
}

export interface SheetRefreshDeps {
  activeSheet: () => Promise<{ id: string; name: string }>;
  rewrite: (sheetId: string, plan: SheetPlan) => Promise<RewrittenBoqSheet>;
  settings: DocumentSettingsStore;
}

export interface RefreshedBoqSheet {
  sheetName: string;
  change: SheetChange;
}

/**
 * Refresh this BOQ sheet: pulls the BOQ the active sheet was made from again and writes it into
 * the same sheet, then says which rows were added, removed or changed. Nothing is written when
 * the platform refuses.
 */
export async function refreshActiveBoqSheet(
  api: Pick<PlatformApi, "getBoq">,
  deps: SheetRefreshDeps,
  now: Date = new Date(),
): Promise<RefreshedBoqSheet> {
  const active = await deps.activeSheet();
  const source = readBoqSheetSources(deps.settings.get(BOQ_SHEETS_SETTING))[active.id];
  if (!source) throw new NotABoqSheetError(active.name);
  const plan = await pullPlan(api, source, now);
  const rewritten = await deps.rewrite(active.id, plan);
  const change = diffSheetRows(snapshotFromCells(rewritten.before), snapshotFromPlan(plan));
  return { sheetName: rewritten.sheetName, change };
}
