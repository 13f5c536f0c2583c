// The words of PLATFORM.BOQ's header row in a language: each field as an estimator names it
// (Quantity, Unit cost, Total…), and the header words of every language a column list may use for
// a field. Which language a recalculation uses (the workbook's header language, a document
// setting) is the functions' to say (src/functions/headers.ts); the navigator's Insert formula
// (src/boqsheet) asks for the same words, so the spill it measures is the one the cell gets.
import { BOQ_FIELDS, type BoqField, type FieldHeaders } from "../boq/matrix";
import { LANGUAGES, t, type Language, type MessageKey } from "../i18n";

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

/**
 * Lower-cased header words of every language → column, so a column list may name a column as its
 * header reads (PLATFORM.BOQ's fields here, PLATFORM.BOQDIFF's columns in src/functions); the first
 * column a word names keeps it.
 */
export function headerWords<C extends string>(
  columns: readonly C[],
  words: Readonly<Record<C, MessageKey>>,
): ReadonlyMap<string, C> {
  const map = new Map<string, C>();
  for (const language of LANGUAGES) {
    for (const column of columns) {
      const word = t(words[column], {}, language).toLowerCase();
      if (!map.has(word)) map.set(word, column);
    }
  }
  return map;
}

let aliases: ReadonlyMap<string, BoqField> | undefined;

/** The header words of every language, so `columns` may name a field as its header reads. */
function headerAliases(): ReadonlyMap<string, BoqField> {
  aliases ??= headerWords(BOQ_FIELDS, FIELD_WORDS);
  return aliases;
}

const byLanguage = new Map<Language, FieldHeaders>();

/** PLATFORM.BOQ's header words in `language` (built once per language: a recalculation reuses them). */
export function fieldHeaders(language: Language): FieldHeaders {
  let found = byLanguage.get(language);
  if (!found) {
    const headers = {} as Record<BoqField, string>;
    for (const field of BOQ_FIELDS) headers[field] = t(FIELD_WORDS[field], {}, language);
    found = { headers, aliases: headerAliases(), section: t("headers.section", {}, language) };
    byLanguage.set(language, found);
  }
  return found;
}
