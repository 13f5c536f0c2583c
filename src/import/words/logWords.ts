// The words of the log's tables: logTables.ts lays the tables out with message keys and reason
// codes, and takes their words from here, in one language.

import { t, type Language } from "../../i18n";
import "../../i18n/deferred"; // the import and restore messages load with this module
import type { LogWords } from "../model/logTables";
import { reasonText } from "./reasonWords";

/** The log's words in `language`. */
export function logWords(language: Language): LogWords {
  return {
    say: (key, values) => t(key, values, language),
    reason: (reason) => reasonText(reason, language),
  };
}
