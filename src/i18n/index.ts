// One typed message catalog for the pane, the dialog page and the functions' error messages:
// code names a key and values, t() turns it into words in the user's language.
import { catalog } from "./catalog";
import type { deferredAreas } from "./deferred";
import { LANGUAGES, type Language, type Message, type MessageValues } from "./types";

export { defineMessages, LANGUAGES, type Language, type MessageValues } from "./types";

/** Every area: those of ./catalog, loaded at start, and those of ./deferred, loaded with the screens that use them. */
type Catalog = typeof catalog & typeof deferredAreas;
type KeysOf<A> = A extends { en: Readonly<Record<infer K, Message>> } ? K & string : never;
/** Every message key, "area.key". */
export type MessageKey = { [A in keyof Catalog]: `${A & string}.${KeysOf<Catalog[A]>}` }[keyof Catalog];

type AreaTable = Record<Language, Record<string, Message>>;
/** The areas loaded so far; ./deferred adds its areas when a module that needs them is loaded. */
const areas = new Map<string, AreaTable>(
  Object.entries(catalog).map(([name, area]) => [name, area as unknown as AreaTable]),
);

/** Adds areas to the catalog (./deferred, when the feature screens load). */
export function addAreas(more: Partial<Catalog>): void {
  for (const [name, area] of Object.entries(more)) areas.set(name, area);
}

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
  const area = areas.get(key.slice(0, dot));
  // An area not loaded is a programming error (a module using it without importing ./deferred):
  // the key is shown, as for a missing message, rather than failing the screen.
  if (area === undefined) return key;
  const message = area[language][key.slice(dot + 1)] ?? area[DEFAULT_LANGUAGE][key.slice(dot + 1)];
  if (message === undefined) return key;
  return render(message, values, language);
}
