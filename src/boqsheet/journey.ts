// Insert BOQ sheet and Refresh this BOQ sheet. The rows come through the BOQ data path (src/boqdata:
// names resolved, requests kept and shared with the PLATFORM functions, the deadline), the plan
// from src/boq, the cells are written by src/workbook in the injected Excel runner. What the sheet
// is (company, project, model, version, analysis, scheme: names, nothing secret) is kept in the
// document settings by sheet id, so a refresh pulls the same BOQ again into the same sheet and
// says what changed. No DOM; the pane calls these through its props.
import type { NameOrId } from "../boq/args";
import { boqCurrency } from "../boq/currency";
import { BoqError } from "../boq/errors";
import { buildSheetPlan, SHEET_LAYOUT, type SheetPlan } from "../boq/sheetPlan";
import {
  BOQ_SHEETS_SETTING,
  needsConsent,
  planRefresh,
  readBoqSheetSources,
  type AddedRow,
  type BoqSheetSource,
  type ChangedRow,
  type LostEntry,
  type MovedRow,
  type RemovedRow,
  type TypedCell,
} from "../boq/sheetRefresh";
import { pullBoq, type BoqData, type BoqRequest, type PulledBoq } from "../boqdata";
import { localeOf, t } from "../i18n";
import "../i18n/deferredBoq"; // the comparison's and the BOQ sheet's messages load with this module
import {
  applyBoqRefresh,
  readActiveSheet,
  readBoqSheetRows,
  rebuildBoqSheet,
  sheetProtectedError,
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
  /** Rows whose platform values changed, old → new (0-based sheet rows after the refresh). */
  changed: ChangedRow[];
  added: AddedRow[];
  removed: RemovedRow[];
  /** Rows whose position moved, with their entries and the formulas that point at them. */
  moved: MovedRow[];
  /** The sheet had an earlier layout and was made again (after the user agreed). */
  rebuilt: boolean;
}

/**
 * Where a refresh stands: done; or waiting for the user's word, because it would replace what the
 * estimator typed (`confirm`) or the sheet has an earlier layout and must be made again
 * (`rebuild`). Nothing is written before `proceed`.
 */
export type SheetRefreshStep =
  | { kind: "done"; result: RefreshedBoqSheet }
  | {
      kind: "confirm";
      sheetName: string;
      typedOver: TypedCell[];
      lost: LostEntry[];
      proceed: () => Promise<RefreshedBoqSheet>;
    }
  | { kind: "rebuild"; sheetName: string; proceed: () => Promise<RefreshedBoqSheet> };

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
export function requestOf(choice: BoqSheetChoice | BoqSheetSource): BoqRequest {
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
  return { company, project, model, scheme, version, analysis, layout: SHEET_LAYOUT };
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
      currency: boqCurrency(pulled.rows) ?? t("boqSheet.currencyUnknown"),
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

/** What the active sheet is: its id and name, and the source it was made from when it is a BOQ sheet. */
export async function activeBoqSheet(
  deps: BoqSheetDeps,
): Promise<{ id: string; name: string; protected: boolean; source: BoqSheetSource | undefined }> {
  const active = await deps.excel((context) => readActiveSheet(context));
  return { ...active, source: boqSheetSource(deps, active.id) };
}

/** The source of the BOQ sheet with this id, or undefined when Insert BOQ sheet did not make it. */
export function boqSheetSource(
  deps: Pick<BoqSheetDeps, "settings">,
  sheetId: string,
): BoqSheetSource | undefined {
  return readBoqSheetSources(deps.settings.get(BOQ_SHEETS_SETTING))[sheetId];
}

/** Reads the sheet's rows, plans the refresh, and applies it when nothing typed is replaced or `anyway`. */
async function refreshInPlace(
  deps: BoqSheetDeps,
  sheetId: string,
  plan: SheetPlan,
  anyway: boolean,
): Promise<SheetRefreshStep> {
  const firstRow = plan.headerRow + 1;
  const read = await deps.excel((context) => readBoqSheetRows(context, sheetId, firstRow));
  const refresh = planRefresh(read.rows, plan, firstRow);
  if (!anyway && needsConsent(refresh)) {
    return {
      kind: "confirm",
      sheetName: read.sheetName,
      typedOver: refresh.typedOver,
      lost: refresh.lost,
      proceed: async () => {
        const step = await refreshInPlace(deps, sheetId, plan, true);
        if (step.kind !== "done") throw new Error("A refresh the user agreed to asked again.");
        return step.result;
      },
    };
  }
  const sheetName = await deps.excel((context) =>
    applyBoqRefresh(context, sheetId, plan, refresh, read.rows),
  );
  const { changed, added, removed, moved } = refresh;
  return { kind: "done", result: { sheetName, changed, added, removed, moved, rebuilt: false } };
}

/**
 * Refresh this BOQ sheet: pulls the BOQ the active sheet was made from again (asked of the
 * platform, never from the cache: the user asked for what it holds now) and writes it into the
 * same sheet in place: rows matched by id, else code, stay where they are; rows are inserted or
 * deleted only where the BOQ gained or lost positions; the estimator's columns are left alone.
 * When that would replace what the estimator typed, or the sheet has an earlier layout, nothing
 * is written until `proceed`. Nothing is written when the platform refuses.
 */
export async function refreshActiveBoqSheet(
  deps: BoqSheetDeps,
  signal?: AbortSignal,
): Promise<SheetRefreshStep> {
  const active = await activeBoqSheet(deps);
  const source = active.source;
  if (!source) throw new NotABoqSheetError(active.name);
  // Excel's protection refuses the rows, formats and outline a refresh changes: say so first.
  if (active.protected) throw sheetProtectedError(active.name);
  const pulled = await pullBoq(deps.data, requestOf(source), { signal, fresh: true });
  const plan = planOf(deps, pulled, source);
  if (source.layout !== SHEET_LAYOUT) {
    return {
      kind: "rebuild",
      sheetName: active.name,
      proceed: async () => {
        const written = await deps.excel((context) => rebuildBoqSheet(context, active.id, plan));
        await rememberSource(deps.settings, active.id, { ...source, layout: SHEET_LAYOUT });
        return {
          sheetName: written.sheetName,
          changed: [],
          added: [],
          removed: [],
          moved: [],
          rebuilt: true,
        };
      },
    };
  }
  return refreshInPlace(deps, active.id, plan, false);
}
