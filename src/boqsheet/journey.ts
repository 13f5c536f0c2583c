// Insert BOQ sheet and Refresh this BOQ sheet. The rows come through the BOQ data path (src/boqdata:
// names resolved, requests kept and shared with the PLATFORM functions, the deadline), the plan
// from src/boq, the cells are written by src/workbook in the injected Excel runner. What the sheet
// is (company, project, model, version, analysis, scheme: names, nothing secret) is kept in the
// document settings by sheet id, so a refresh pulls the same BOQ again into the same sheet and
// says what changed. No DOM; the pane calls these through its props.
import type { NameOrId } from "../boq/args";
import { BoqError } from "../boq/errors";
import { buildSheetPlan, type SheetPlan } from "../boq/sheetPlan";
import {
  BOQ_SHEETS_SETTING,
  diffSheetRows,
  readBoqSheetSources,
  snapshotFromCells,
  snapshotFromPlan,
  type BoqSheetSource,
  type SheetChange,
} from "../boq/sheetRefresh";
import { pullBoq, type BoqData, type BoqRequest, type PulledBoq } from "../boqdata";
import { localeOf, t } from "../i18n";
import {
  readActiveSheet,
  rewriteBoqSheet,
  writeBoqSheet,
  type DocumentSettingsStore,
  type ExcelRunner,
  type WrittenBoqSheet,
} from "../workbook";
import { sheetLabels } from "./labels";

export interface BoqSheetDeps {
  /** Excel.run, or the emulation's run in tests. */
  excel: ExcelRunner;
  /** The BOQ data path: the runtime's one in the pane, shared with the PLATFORM functions. */
  data: BoqData;
  /** The workbook's document settings: what each BOQ sheet is, by sheet id. */
  settings: DocumentSettingsStore;
  /**
   * Epoch ms. The sheet's "Pulled" line says when the platform sent the rows (the request layer
   * knows); this clock stands in only when it does not (a Refresh forgot them in between).
   */
  now: () => number;
}

export interface BoqSheetChoice {
  company: string;
  project: string;
  model: string;
  scheme: string;
  /** "modelVersion.analysisVersion". */
  version: string;
  /** How the analysis is shown to the user (version and date). */
  analysis: string;
  /**
   * The platform's ids of the company, project and model, when the user picked them from the
   * platform's lists: found by id, two objects sharing a name are no ambiguity.
   */
  ids?: { company: string; project: string; model: string };
}

export interface RefreshedBoqSheet {
  sheetName: string;
  change: SheetChange;
}

/** The active sheet is not one Insert BOQ sheet made (or its record is not in this workbook). */
export class NotABoqSheetError extends BoqError {
  constructor(readonly sheetName: string) {
    super("notAvailable", "boq.sheetRefreshNotBoq", { sheet: sheetName });
    this.name = "NotABoqSheetError";
  }
}

function ref(name: string, id: string | undefined): NameOrId {
  return id === undefined ? { kind: "name", name } : { kind: "id", id: id.toLowerCase() };
}

/** The BOQ of a sheet: always with its parents (the sheet's outline and subtotals need them). */
function requestOf(choice: BoqSheetChoice | BoqSheetSource): BoqRequest {
  const ids = "ids" in choice ? choice.ids : undefined;
  return {
    company: ref(choice.company, ids?.company),
    project: ref(choice.project, ids?.project),
    model: ref(choice.model, ids?.model),
    scheme: choice.scheme,
    version: choice.version,
    parents: true,
  };
}

function sourceOf(choice: BoqSheetChoice): BoqSheetSource {
  const { company, project, model, scheme, version, analysis } = choice;
  return { company, project, model, scheme, version, analysis };
}

function planOf(deps: BoqSheetDeps, pulled: PulledBoq, source: BoqSheetSource): SheetPlan {
  // When the platform sent the rows: a sheet made from rows a formula asked for a minute ago says so.
  const pulledAt = new Date(pulled.keptSince ?? deps.now());
  return buildSheetPlan(
    pulled.rows,
    {
      company: source.company,
      project: source.project,
      model: source.model,
      version: source.version,
      analysis: source.analysis,
      scheme: source.scheme,
      pulledAt: pulledAt.toLocaleString(localeOf()),
    },
    sheetLabels(),
  );
}

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

/**
 * Insert BOQ sheet: the BOQ with its parents (kept from a formula with the same arguments, or
 * asked now), its plan written to a new sheet named after model and version, and what the sheet is
 * kept in the document. Nothing is written when the platform refuses.
 */
export async function insertBoqSheet(
  deps: BoqSheetDeps,
  choice: BoqSheetChoice,
  signal?: AbortSignal,
): Promise<WrittenBoqSheet> {
  const pulled = await pullBoq(deps.data, requestOf(choice), { signal });
  const source = sourceOf(choice);
  const plan = planOf(deps, pulled, source);
  const name = t("boq.sheetTabName", { model: choice.model, version: choice.version });
  const written = await deps.excel((context) => writeBoqSheet(context, plan, name));
  await rememberSource(deps.settings, written.sheetId, source);
  return written;
}

/**
 * Refresh this BOQ sheet: pulls the BOQ the active sheet was made from again (asked of the
 * platform, never from the cache: the user asked for what the platform holds now) and writes it
 * into the same sheet, then says which rows were added, removed or changed. Nothing is written
 * when the platform refuses.
 */
export async function refreshActiveBoqSheet(
  deps: BoqSheetDeps,
  signal?: AbortSignal,
): Promise<RefreshedBoqSheet> {
  const active = await deps.excel((context) => readActiveSheet(context));
  const source = readBoqSheetSources(deps.settings.get(BOQ_SHEETS_SETTING))[active.id];
  if (!source) throw new NotABoqSheetError(active.name);
  const pulled = await pullBoq(deps.data, requestOf(source), { signal, fresh: true });
  const plan = planOf(deps, pulled, source);
  const rewritten = await deps.excel((context) => rewriteBoqSheet(context, active.id, plan));
  const change = diffSheetRows(snapshotFromCells(rewritten.before), snapshotFromPlan(plan));
  return { sheetName: rewritten.sheetName, change };
}
