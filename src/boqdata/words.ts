// The BOQ path's errors in words, at the edge: src/boq and this room raise a key and values
// (BoqError), and the functions' wrapper, the BOQ sheet and the pane word them here with src/i18n,
// in the language of the moment they are shown.
import { isApiError } from "../api/errors";
import { BoqError, type WordValue, type Words } from "../boq/errors";
import { t, type Language } from "../i18n";

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
 * What the pane shows of a failure on the BOQ path: a BoqError worded, the platform's or Excel's
 * own sentence (ApiError and WorkbookError carry one already), or the text of anything else.
 */
export function failureText(error: unknown): string {
  if (error instanceof BoqError) return wordsText(error.words);
  if (isApiError(error)) return error.userMessage;
  return error instanceof Error ? error.message : String(error);
}
