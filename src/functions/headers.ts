// The language of the PLATFORM functions' header rows. They follow the workbook's header language
// (a document setting, src/workbook headerLanguage), so every co-author's recalculation gives the
// same headers; before one is chosen, the language of this runtime (Office's display language, as
// the pane shows it), which is what the companions' headers have always followed. The words
// themselves are src/boqdata's (fieldHeaders), shared with the navigator's Insert formula.
import { fieldHeaders as headersIn } from "../boqdata";
import type { FieldHeaders } from "../boq/matrix";
import { getLanguage, t, type Language, type MessageKey } from "../i18n";
import { workbookHeaderLanguage } from "../workbook";

/** The language of the header rows a recalculation gives now. */
export function headerLanguage(): Language {
  return workbookHeaderLanguage() ?? getLanguage();
}

/** A header in the header language: t() with the workbook's language instead of the user's. */
export function header(key: MessageKey, language: Language = headerLanguage()): string {
  return t(key, {}, language);
}

/** PLATFORM.BOQ's header words in the header language (or the one asked for). */
export function fieldHeaders(language: Language = headerLanguage()): FieldHeaders {
  return headersIn(language);
}
