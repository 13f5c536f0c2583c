// The words of the PLATFORM functions' header rows. They follow the workbook's header language (a
// document setting, src/workbook headerLanguage), so every co-author's recalculation gives the same
// headers; before one is chosen, the language of this runtime (Office's display language, as the
// pane shows it), which is what the companions' headers have always followed.
import { BOQ_FIELDS, type BoqField, type FieldHeaders } from "../boq/matrix";
import { getLanguage, LANGUAGES, t, type Language, type MessageKey } from "../i18n";
import { workbookHeaderLanguage } from "../workbook";

const FIELD_WORDS: Readonly<Record<BoqField, MessageKey>> = {
  Level: "headers.level",
  CatalogName: "headers.catalogName",
  Code: "headers.code",
  Name: "headers.name",
  Unit: "headers.unit",
  Value: "headers.value",
  ValueCost: "headers.valueCost",
  TotalCost: "headers.totalCost",
  FullTotalCost: "headers.fullTotalCost",
  Id: "headers.id",
  ExternalId: "headers.externalId",
  PlatformId: "headers.platformId",
  ParentId: "headers.parentId",
  ParentExternalId: "headers.parentExternalId",
  ParentPlatformId: "headers.parentPlatformId",
  Company: "headers.company",
  Project: "headers.project",
  Model: "headers.model",
  Tree: "headers.tree",
  Version: "headers.version",
};

/** The language of the header rows a recalculation gives now. */
export function headerLanguage(): Language {
  return workbookHeaderLanguage() ?? getLanguage();
}

/** A header in the header language: t() with the workbook's language instead of the user's. */
export function header(key: MessageKey, language: Language = headerLanguage()): string {
  return t(key, {}, language);
}

let aliases: ReadonlyMap<string, BoqField> | undefined;

/** The header words of every language, so `columns` may name a field as its header reads. */
function headerAliases(): ReadonlyMap<string, BoqField> {
  if (aliases) return aliases;
  const map = new Map<string, BoqField>();
  for (const language of LANGUAGES) {
    for (const field of BOQ_FIELDS) {
      const word = t(FIELD_WORDS[field], {}, language).toLowerCase();
      if (!map.has(word)) map.set(word, field);
    }
  }
  aliases = map;
  return map;
}

const byLanguage = new Map<Language, FieldHeaders>();

/** PLATFORM.BOQ's header words in `language` (built once per language: a recalculation reuses them). */
export function fieldHeaders(language: Language = headerLanguage()): FieldHeaders {
  let found = byLanguage.get(language);
  if (!found) {
    const headers = {} as Record<BoqField, string>;
    for (const field of BOQ_FIELDS) headers[field] = t(FIELD_WORDS[field], {}, language);
    found = { headers, aliases: headerAliases() };
    byLanguage.set(language, found);
  }
  return found;
}
