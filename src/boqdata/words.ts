// The BOQ path's words that are not errors: an analysis's status, an import job's status, in the
// language asked for (the header language of a PLATFORM function's result). Its errors (BoqError,
// ApiError) are worded at the edge by src/i18n's errorText and errorDetails.
import { t, type Language, type MessageKey } from "../i18n";

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
