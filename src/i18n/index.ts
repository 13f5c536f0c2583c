// One typed message catalog for the pane, the dialog page and the functions' error messages:
// code names a key and values, t() turns it into words in the user's language.
import { catalog } from "./catalog";
import { LANGUAGES, type Language, type Message, type MessageValues } from "./types";

export { defineMessages, LANGUAGES, type Language, type MessageValues } from "./types";

type Catalog = typeof catalog;
type KeysOf<A> = A extends { en: Readonly<Record<infer K, Message>> } ? K & string : never;
/** Every message key, "area.key". */
export type MessageKey = { [A in keyof Catalog]: `${A & string}.${KeysOf<Catalog[A]>}` }[keyof Catalog];

const DEFAULT_LANGUAGE: Language = "en";
let current: Language = DEFAULT_LANGUAGE;
const listeners = new Set<(language: Language) => void>();

/** The language of an Office display language tag ("ru-RU" → ru); English for any other. */
export function languageOf(tag: string | null | undefined): Language {
  const primary = (tag ?? "").toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(primary ?? "") ? (primary as Language) : DEFAULT_LANGUAGE;
}

export function getLanguage(): Language {
  return current;
}

/** Sets the language of every later t() call and tells the subscribers (the pane re-renders). */
export function setLanguage(language: Language): void {
  if (language === current) return;
  current = language;
  for (const listener of listeners) listener(language);
}

export function onLanguageChange(listener: (language: Language) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const LOCALES: Record<Language, string> = { en: "en-US", ru: "ru-RU" };

/** The BCP 47 locale Intl formats with for a language. */
export function localeOf(language: Language = current): string {
  return LOCALES[language];
}

function format(value: string | number | Date, language: Language): string {
  if (typeof value === "number") return new Intl.NumberFormat(LOCALES[language]).format(value);
  if (value instanceof Date) {
    return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: "medium", timeStyle: "short" }).format(
      value,
    );
  }
  return value;
}

function fill(template: string, values: MessageValues, language: Language): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : format(value, language);
  });
}

function render(message: Message, values: MessageValues, language: Language): string {
  if (typeof message === "string") return fill(message, values, language);
  if (typeof message === "function") return message(values, language);
  const count = values["count"];
  const category =
    typeof count === "number" ? new Intl.PluralRules(LOCALES[language]).select(count) : "other";
  const form = (message as Record<string, string | undefined>)[category] ?? message.other;
  return fill(form, values, language);
}

/** The message `key` in `language` (default: the current one) with its {placeholders} filled. */
export function t(key: MessageKey, values: MessageValues = {}, language: Language = current): string {
  const dot = key.indexOf(".");
  const area = catalog[key.slice(0, dot) as keyof Catalog] as unknown as Record<
    Language,
    Record<string, Message>
  >;
  const message = area[language][key.slice(dot + 1)] ?? area[DEFAULT_LANGUAGE][key.slice(dot + 1)];
  if (message === undefined) return key;
  return render(message, values, language);
}
