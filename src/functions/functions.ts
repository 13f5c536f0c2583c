// Custom functions of the PLATFORM namespace. These wrappers only parse arguments and map errors
// to CustomFunctions.Error; custom-functions-metadata-plugin reads the JSDoc below to generate
// functions.json and appends the CustomFunctions.associate calls at build time. The work is in
// ./platform (the functions' bodies), src/boqdata (requests, cache, names) and src/boq (arguments,
// matrices), on the task pane's session. That work (./engine: the session, the HTTP client, zod's
// schemas) is loaded on the first call, so registering the functions does not wait for it. Every
// function answers through the one error boundary of ./guard.
import { boqVersion, VersionArgumentError } from "../api/odata";
import type { Matrix } from "../boq/matrix";
import { invocationStarted, type BoqData } from "../boqdata";
import { errorText, loadAllLanguages } from "../i18n";
import { withinDeadline } from "./deadline";
import { cellError, guard, guardAsync } from "./guard";
import type * as Engine from "./engine";
import type * as platform from "./platform";
import type * as diff from "./boqdiff";

let engineLoading: Promise<typeof Engine> | undefined;

/** Loads the functions' work once (a failed load is tried again by the next call). */
function loadEngine(): Promise<typeof Engine> {
  engineLoading ??= import(/* webpackChunkName: "functions-engine" */ "./engine").catch((error: unknown) => {
    engineLoading = undefined;
    throw error;
  });
  return engineLoading;
}

interface Loaded {
  platform: typeof platform;
  diff: typeof diff;
  /** The runtime's one BOQ data path (cache and request limit shared by every cell and the pane). */
  data: BoqData;
}

async function load(): Promise<Loaded> {
  // Every language's messages too: the functions write in the workbook's header language, which
  // may not be the pane's (the pane's first screen loads only its own).
  const [engine] = await Promise.all([loadEngine(), loadAllLanguages()]);
  return { platform: engine.platform, diff: engine.diff, data: engine.boqData() };
}

/**
 * Runs the body of the function `name` with its cell's cancellation, inside the error boundary,
 * within the functions' deadline (./deadline), and tells the runtime's ledger when it answered
 * its cell (Refresh BOQ counts the cells that answered by their address: src/boqdata/invocations).
 */
function cell(
  name: string,
  invocation: CustomFunctions.CancelableInvocation | undefined,
  body: (loaded: Loaded, signal: AbortSignal) => Promise<Matrix>,
): Promise<Matrix> {
  const answered = invocationStarted(name, invocation?.address);
  const controller = new AbortController();
  if (invocation) invocation.onCanceled = () => controller.abort();
  return guardAsync(name, () =>
    withinDeadline(controller, async () => body(await load(), controller.signal)),
  ).then(
    (matrix) => {
      answered();
      return matrix;
    },
    (error: unknown) => {
      answered(messageOf(error));
      throw error;
    },
  );
}

/** What a cell shows for a failure, for the ledger (a CustomFunctions.Error's message). */
function messageOf(error: unknown): string {
  if (
    typeof error === "object" &&
    error !== null &&
    "message" in error &&
    typeof error.message === "string"
  ) {
    return error.message;
  }
  return String(error);
}

/** A whole number typed as text ("3") as Excel would have made it for a number parameter. */
function numberFromText(value: unknown): unknown {
  return typeof value === "string" && /^\s*\d{1,15}\s*$/.test(value) ? Number(value) : value;
}

/**
 * Builds the version tag of a bill of quantities: model version and analysis version joined by a dot ("3.2").
 * Its parameters are declared as any value (not numbers), so that text such as "three" reaches the
 * function and gets #VALUE! with a message, where Excel would refuse it with a bare #VALUE!.
 * @customfunction VERSIONTAG
 * @param modelVersionIndex Model version number (versionIndex of the model version).
 * @param analysisVersion Analysis version number.
 * @param invocation Invocation of the function.
 * @requiresAddress
 * @returns The version tag, for example "3.2".
 */
export function versionTag(
  modelVersionIndex: unknown,
  analysisVersion: unknown,
  invocation?: CustomFunctions.Invocation,
): string {
  const answered = invocationStarted("VERSIONTAG", invocation?.address);
  try {
    const tag = guard("VERSIONTAG", () => {
      try {
        return boqVersion(numberFromText(modelVersionIndex), numberFromText(analysisVersion));
      } catch (error) {
        if (error instanceof VersionArgumentError) {
          throw new CustomFunctions.Error(CustomFunctions.ErrorCode.invalidValue, errorText(error));
        }
        throw error;
      }
    });
    answered();
    return tag;
  } catch (error) {
    answered(messageOf(error));
    throw error;
  }
}

/**
 * The bill of quantities of a model analysis: a header row (in the workbook's header language), then its rows in tree order.
 * @customfunction BOQ
 * @param company Company name or id.
 * @param project Project name or id.
 * @param model Model or union model name or id.
 * @param scheme Priority scheme name (its original name if it was renamed).
 * @param version Version as text: model version and analysis version joined by a dot, for example "3.10" (or PLATFORM.VERSIONTAG(3, 10)).
 * @param [parents] TRUE (default) to include the parent positions, FALSE for the end positions only.
 * @param [columns] Comma-separated columns: row fields (Level, CatalogName, Code, Name, Unit, Value, ValueCost, TotalCost, FullTotalCost, Id, ParentId, ...) or their headers (Quantity, Unit cost, Total, ...), and variables by name. Default: Level, CatalogName, Code, Name, Unit, Value, ValueCost, TotalCost.
 * @param [cards] TRUE to make each row's Name cell (its Code cell without a Name column) a card of the position: code, name, unit, quantity, unit cost, total, catalog, section, platform id, read as =A5.Quantity. Needs Excel whose functions return data types (Microsoft 365); elsewhere the cell keeps its text. Default FALSE.
 * @param invocation Invocation of the function.
 * @cancelable
 * @requiresAddress
 * @returns The bill of quantities.
 */
export function boq(
  company: string,
  project: string,
  model: string,
  scheme: string,
  version: string | number,
  parents: unknown,
  columns: string,
  cards: unknown,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return cell("BOQ", invocation, ({ platform, data }, signal) =>
    platform.boq(data, { company, project, model, scheme, version, parents, columns, cards }, signal),
  );
}

/**
 * What changed between two versions of a bill of quantities: one row per position in either (matched by PlatformId when both rows carry a real one, else by code), in version B's tree, with quantities, totals, the change and its details.
 * @customfunction BOQDIFF
 * @param company Company name or id.
 * @param project Project name or id.
 * @param model Model or union model name or id (version A's; version B's too unless modelB is given).
 * @param scheme Priority scheme name (its original name if it was renamed).
 * @param versionA The version compared from, as text, for example "3.1".
 * @param versionB The version compared to, as text, for example "3.2".
 * @param [modelB] Another model of the same project for version B (a model against its successor).
 * @param [columns] Comma-separated columns: Level, Code, Name, Unit, QuantityA, QuantityB, DeltaQuantity, TotalA, TotalB, DeltaTotal, DeltaPercent, Change, Details. Default: all but Level.
 * @param [showUnchanged] TRUE to include the positions that did not change (default FALSE).
 * @param invocation Invocation of the function.
 * @cancelable
 * @requiresAddress
 * @returns The difference, a header row then one row per position.
 */
export function boqDiff(
  company: string,
  project: string,
  model: string,
  scheme: string,
  versionA: string | number,
  versionB: string | number,
  modelB: unknown,
  columns: string,
  showUnchanged: unknown,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return cell("BOQDIFF", invocation, ({ platform, diff, data }, signal) =>
    diff.boqDiff(
      data,
      { company, project, model, scheme, versionA, versionB, modelB, columns, showUnchanged },
      signal,
      platform.hostResultLimit(),
    ),
  );
}

/**
 * The companies you can work in: name, id, and whether it is your personal company.
 * @customfunction COMPANIES
 * @param invocation Invocation of the function.
 * @cancelable
 * @requiresAddress
 * @returns The companies.
 */
export function companies(invocation: CustomFunctions.CancelableInvocation): Promise<unknown[][]> {
  return cell("COMPANIES", invocation, ({ platform, data }, signal) => platform.companies(data, signal));
}

/**
 * The projects of a company: name and id.
 * @customfunction PROJECTS
 * @param company Company name or id.
 * @param invocation Invocation of the function.
 * @cancelable
 * @requiresAddress
 * @returns The projects.
 */
export function projects(
  company: string,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return cell("PROJECTS", invocation, ({ platform, data }, signal) =>
    platform.projects(data, company, signal),
  );
}

/**
 * The models of a project (from its folders, with the folder path) and its union models: name, kind, folder, id.
 * @customfunction MODELS
 * @param company Company name or id.
 * @param project Project name or id.
 * @param invocation Invocation of the function.
 * @cancelable
 * @requiresAddress
 * @returns The models.
 */
export function models(
  company: string,
  project: string,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return cell("MODELS", invocation, ({ platform, data }, signal) =>
    platform.models(data, company, project, signal),
  );
}

/**
 * The versions of a model: version number, date, description, element count, id.
 * @customfunction VERSIONS
 * @param company Company name or id.
 * @param project Project name or id.
 * @param model Model name or id.
 * @param invocation Invocation of the function.
 * @cancelable
 * @requiresAddress
 * @returns The model versions.
 */
export function versions(
  company: string,
  project: string,
  model: string,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return cell("VERSIONS", invocation, ({ platform, data }, signal) =>
    platform.versions(data, company, project, model, signal),
  );
}

/**
 * The analyses of a model or union model: model version, analysis version, version tag, date, status, schemes, total cost, id.
 * @customfunction ANALYSES
 * @param company Company name or id.
 * @param project Project name or id.
 * @param model Model or union model name or id.
 * @param [modelVersion] Only the analyses of this model version number.
 * @param invocation Invocation of the function.
 * @cancelable
 * @requiresAddress
 * @returns The analyses.
 */
export function analyses(
  company: string,
  project: string,
  model: string,
  modelVersion: unknown,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return cell("ANALYSES", invocation, ({ platform, data }, signal) =>
    platform.analyses(data, company, project, model, modelVersion, signal),
  );
}

/**
 * The status and progress of a catalog import, kept current until the import ends.
 * @customfunction IMPORTSTATUS
 * @param jobIdOrCatalog The import's job id, or the catalog name for its latest import.
 * @param invocation Invocation of the streaming function.
 * @streaming
 * @requiresAddress
 * @returns Status, progress and error of the import.
 */
export function importStatus(
  jobIdOrCatalog: string,
  invocation: CustomFunctions.StreamingInvocation<unknown[][]>,
): void {
  let stop: (() => void) | undefined;
  let canceled = false;
  invocation.onCanceled = () => {
    canceled = true;
    stop?.();
  };
  // Each answer counts for Refresh BOQ (the first one after a refresh tells it the cell answered).
  const answered = invocationStarted("IMPORTSTATUS", invocation.address);
  // A streaming function answers through setResult: its failures go there, through the same boundary.
  const fail = (error: unknown): void => {
    const cellFailure = cellError("IMPORTSTATUS", error);
    answered(cellFailure.message);
    invocation.setResult(cellFailure);
  };
  load()
    .then(({ platform, data }) => {
      if (canceled) return;
      stop = platform.streamImportStatus(data, jobIdOrCatalog, {
        setResult: (value) => {
          answered();
          invocation.setResult(value);
        },
        setError: fail,
      });
    })
    .catch(fail);
}
