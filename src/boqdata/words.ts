// The BOQ path's errors in words, at the edge: src/boq and this room raise a key and values
// (BoqError), and the functions' wrapper, the BOQ sheet and the pane word them here with src/i18n,
// in the language of the moment they are shown.
import { isApiError } from "../api/errors";
import { BoqError, type WordValue, type Words } from "../boq/errors";
import { t, type Language, type MessageKey } from "../i18n";

function valueText(value: WordValue, language: Language | undefined): string | number {
  return typeof value === "object" ? wordsText(value, language) : value;
}

/** A message and the messages among its values, in `language` (default: the current one). */
export function wordsText(said: Words, language?: Language): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(said.values)) values[name] = valueText(value, language);
  return t(said.key, values, language);
}

/**
 * What the pane shows of a failure on the BOQ path: a BoqError worded, a request's failure in the
 * add-in's own words (the platform's are `failureDetail`, under "Show details"), Excel's sentence
 * (WorkbookError carries one already), or the text of anything else.
 */
export function failureText(error: unknown): string {
  if (error instanceof BoqError) return wordsText(error.words);
  if (isApiError(error)) return error.plainMessage;
  return error instanceof Error ? error.message : String(error);
}

/** What "Show details" holds for a failure: a request's status and the platform's words; else nothing. */
export function failureDetail(error: unknown): string | undefined {
  return isApiError(error) ? error.technicalDetails : undefined;
}

/**
 * An analysis's status in words: 1, the one status the interface shows with a finished analysis
 * (docs/interface.md 3), is "Calculated"; any other code is said as "status 7".
 */
export function analysisStatusText(status: number | null | undefined, language?: Language): string {
  if (status === null || status === undefined) return "";
  return status === 1
    ? t("boq.statusCalculated", {}, language)
    : t("boq.statusCode", { code: String(status) }, language);
}

const IMPORT_STATUS_WORDS: Readonly<Record<string, MessageKey>> = {
  reportcreated: "boq.importDone",
  failed: "boq.importFailed",
  running: "boq.importRunning",
  inprogress: "boq.importRunning",
  processing: "boq.importRunning",
  queued: "boq.importQueued",
  pending: "boq.importQueued",
};

/** An import job's status in words (any casing the platform uses); one it does not name, as it came. */
export function importStatusText(status: string, language?: Language): string {
  const key = IMPORT_STATUS_WORDS[status.trim().toLowerCase()];
  return key === undefined ? status : t(key, {}, language);
}
