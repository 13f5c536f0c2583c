// The catalog import: the screens of the pane, the log sheets and the Result column.
// Its words are in one file per language (import.en.ts, import.ru.ts), each under 500 lines.
import { defineMessages } from "../types";
import { importWordsEn } from "./import.en";
import { importWordsRu } from "./import.ru";

export const importArea = defineMessages({ en: importWordsEn, ru: importWordsRu });
