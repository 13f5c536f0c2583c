// The language of the PLATFORM functions' header rows, kept in the workbook's document settings so
// that every co-author's recalculation gives the same headers whatever language each one's Office
// speaks. Chosen when the navigator inserts the first PLATFORM formula, changeable in Settings.
import { LANGUAGES, type Language } from "../i18n";
import { documentSettings, type DocumentSettingsStore } from "./documentSettings";

export const HEADER_LANGUAGE_KEY = "boq-bridge.headerLanguage.v1";

/** The workbook's header language; undefined when none was chosen (or another version wrote something else). */
export function readHeaderLanguage(store: DocumentSettingsStore): Language | undefined {
  const value = store.get(HEADER_LANGUAGE_KEY);
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value)
    ? (value as Language)
    : undefined;
}

/** Keeps the header language in the workbook (saved into the document at once). */
export async function saveHeaderLanguage(store: DocumentSettingsStore, language: Language): Promise<void> {
  store.set(HEADER_LANGUAGE_KEY, language);
  await store.save();
}

/**
 * The header language a recalculation sees in this runtime: the workbook's, or undefined where it
 * has none or the host keeps no document settings (outside Office, a test without them).
 */
export function workbookHeaderLanguage(store?: DocumentSettingsStore): Language | undefined {
  try {
    return readHeaderLanguage(store ?? documentSettings());
  } catch {
    return undefined;
  }
}
