// The workbook's header language as Settings shows and changes it: read from the workbook's document
// settings (src/workbook), and on a change kept there and the workbook recalculated, so every
// PLATFORM formula shows its header row in the new language (the rows themselves are kept: no
// request goes to the platform).
import type { Language } from "../i18n";
import {
  documentSettings,
  recalculateWorkbookFully,
  readHeaderLanguage,
  saveHeaderLanguage,
  type DocumentSettingsStore,
} from "../workbook";

export interface HeaderSetting {
  /** The language chosen for this workbook; undefined before its first PLATFORM formula. */
  current: Language | undefined;
  choose(language: Language): Promise<void>;
}

/** The setting of the open workbook; undefined where the host keeps no document settings. */
export function workbookHeaderSetting(
  store?: DocumentSettingsStore,
  recalculate: () => Promise<void> = recalculateWorkbookFully,
): HeaderSetting | undefined {
  let settings: DocumentSettingsStore;
  let current: Language | undefined;
  try {
    settings = store ?? documentSettings();
    // Reading throws where the host has no document settings: then there is nothing to offer.
    current = readHeaderLanguage(settings);
  } catch {
    return undefined;
  }
  return {
    current,
    async choose(language) {
      await saveHeaderLanguage(settings, language);
      await recalculate();
    },
  };
}
