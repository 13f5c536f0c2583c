// Header words: which field a header cell names, in English and Russian, and how surely.

import { CATALOG_FIELDS, type CatalogField } from "./types";

/** A header names its field in its first few words; longer cells are titles or notes. */
const MAX_HEADER_WORDS = 6;
/** "Код: 12-345", "Наименование: Школа": a label followed by its value, not a header. */
const LABEL_WITH_VALUE = /:\s*\S/;

/**
 * Header words per field, already normalised (lower case, letters and digits only, ё as е). A
 * header matches an alias when its words, or its first words, join to the alias, so "Ед. изм.",
 * "ед изм" and "ЕД.ИЗМ" all meet "едизм", and "Цена без НДС, руб." meets "ценабезндс" (the
 * longest alias its first words make wins: "Unit rate" is a price, not a unit).
 */
export const HEADER_ALIASES: Readonly<Record<CatalogField, readonly string[]>> = {
  Guid: [
    "guid",
    "uuid",
    "externalid",
    "идентификатор",
    "гуид",
    "внешнийидентификатор",
    "guidпозиции",
    "id",
    "ид",
  ],
  Code: [
    "code",
    "код",
    "шифр",
    "positioncode",
    "itemcode",
    "кодпозиции",
    "шифрпозиции",
    "обозначение",
    "шифррасценки",
    "кодресурса",
    "артикул",
    "sectionnumber",
    "number",
  ],
  Name: [
    "name",
    "title",
    "наименование",
    "название",
    "description",
    "positionname",
    "itemname",
    "itemdescription",
    "наименованиеработ",
    "наименованиематериала",
    "наименованиеработизатрат",
    "наименованиепозиции",
    "наименованиересурса",
    "описание",
  ],
  Price: [
    "price",
    "цена",
    "unitprice",
    "unitrate",
    "rate",
    "priceperunit",
    "ценазаединицу",
    "ценаединицы",
    "ценазаед",
    "ценабезндс",
    "ценасндс",
    "расценка",
    "стоимостьединицы",
    "стоимостьзаединицу",
    // Read with a merged "Цена" or "Стоимость" above them: "за ед.", "ед.", "per unit", "each".
    "стоимостьзаед",
    "стоимостьед",
    "ценаед",
    "priceeach",
    "costperunit",
    "стоимость",
    "cost",
    "unitcost",
  ],
  Unit: [
    "unit",
    "units",
    "uom",
    "unitofmeasure",
    "unitofmeasurement",
    "measure",
    "ед",
    "едизм",
    "едизмерения",
    "единица",
    "единицаизм",
    "единицаизмерения",
    "единицыизмерения",
  ],
  CurrencyCharCode: ["currency", "currencycode", "currencycharcode", "валюта", "кодвалюты"],
  Binding: ["binding", "привязка"],
  ControlPoints: ["controlpoints", "controlpoint", "контрольныеточки", "контрольнаяточка", "кт"],
  Delete: [
    "delete",
    "deleted",
    "del",
    "remove",
    "todelete",
    "markfordeletion",
    "удалить",
    "удаление",
    "удалено",
    "пометкаудаления",
    "кудалению",
  ],
};

/**
 * Aliases that often name something else: "ID" is as often a row number as a GUID, "Стоимость"
 * and "Cost" as often a total (quantity × price) as a unit price, "Number" a row number. When
 * two columns name one field, a column with a strong header wins over one with a weak header.
 */
const WEAK_ALIASES: ReadonlySet<string> = new Set(["id", "ид", "стоимость", "cost", "number", "rate"]);

const ALIAS_TO_FIELD: ReadonlyMap<string, CatalogField> = new Map(
  CATALOG_FIELDS.flatMap((field) => HEADER_ALIASES[field].map((alias) => [alias, field] as const)),
);

/** Lower case, letters and digits only, ё folded to е: the form header words are compared in. */
export function normaliseHeader(text: string): string {
  return headerWords(text).join("");
}

function headerWords(text: string): string[] {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/ё/g, "е")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "");
}

export interface HeaderMatch {
  field: CatalogField;
  /** A weak alias ("ID", "Стоимость"): loses to a strong one for the same field. */
  weak: boolean;
}

/** The field a header cell names, with how sure the name is, or null. */
export function matchHeaderStrength(text: string): HeaderMatch | null {
  const alias = leadingAlias(text);
  return alias === null ? null : aliasMatch(alias);
}

/** The longest alias the first words of a header join to ("цена" for "Цена, руб."), or null. */
function leadingAlias(text: string): string | null {
  if (LABEL_WITH_VALUE.test(text)) return null;
  const words = headerWords(text);
  if (words.length === 0) return null;
  if (words.length > MAX_HEADER_WORDS) words.length = MAX_HEADER_WORDS;
  for (let n = words.length; n >= 1; n--) {
    const alias = words.slice(0, n).join("");
    if (ALIAS_TO_FIELD.has(alias)) return alias;
  }
  return null;
}

function aliasMatch(alias: string): HeaderMatch | null {
  const field = ALIAS_TO_FIELD.get(alias);
  return field === undefined ? null : { field, weak: WEAK_ALIASES.has(alias) };
}

/** The field a header cell names, or null. */
export function matchHeader(text: string): CatalogField | null {
  return matchHeaderStrength(text)?.field ?? null;
}

/**
 * The field that a header over two rows names by the words of both ("Price" over "per unit",
 * "Стоимость, руб." over "за ед."): all their words, or the name the upper cell starts with and
 * all the words below, spell one alias; null otherwise (a first word alone does not count, so
 * "Price" over "per unit" is told from "Price" over "currency").
 */
export function matchJoinedHeader(upper: string, lower: string): HeaderMatch | null {
  if (LABEL_WITH_VALUE.test(upper) || LABEL_WITH_VALUE.test(lower)) return null;
  const below = headerWords(lower);
  if (below.length === 0 || below.length > MAX_HEADER_WORDS) return null;
  const all = [...headerWords(upper), ...below];
  const whole = all.length <= MAX_HEADER_WORDS ? aliasMatch(all.join("")) : null;
  if (whole !== null) return whole;
  const alias = leadingAlias(upper);
  return alias === null ? null : aliasMatch(alias + below.join(""));
}

/** Sub-headers of a total ("Стоимость" over "всего"): the column holds no field of a position. */
const TOTAL_WORDS: ReadonlySet<string> = new Set([
  "всего",
  "итого",
  "общая",
  "total",
  "sum",
  "сумма",
  "amount",
]);

/** Whether a header's words mark a total ("всего", "Total cost"). */
export function isTotalHeader(text: string): boolean {
  return headerWords(text).some((w) => TOTAL_WORDS.has(w));
}

/** Whether a header cell is short text that a header row could hold (not a title or a note). */
export function isHeaderLike(text: string): boolean {
  if (LABEL_WITH_VALUE.test(text)) return false;
  const words = headerWords(text);
  return words.length <= MAX_HEADER_WORDS;
}

/** Headers of a column that numbers the rows: "№", "#", "№ п/п", "No.", "Row". */
const ROW_NUMBER_HEADERS: ReadonlySet<string> = new Set([
  "",
  "пп",
  "no",
  "nr",
  "num",
  "row",
  "rowno",
  "номерпп",
]);

/** Whether a (non-blank) header cell names a column of row numbers. */
export function isRowNumberHeader(text: string): boolean {
  return text.trim() !== "" && ROW_NUMBER_HEADERS.has(normaliseHeader(text));
}
