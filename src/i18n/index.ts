// One typed message catalog for the pane, the dialog page and the functions' error messages:
// code names a key and values, t() turns it into words in the user's language.
import { catalog } from "./catalog";
import type { deferredAreas } from "./deferred";
import type { setupAreas } from "./deferredSetup";
import type { boqAreas } from "./deferredBoq";
import { LANGUAGES, type Language, type Message, type MessageValues } from "./types";

export { defineMessages, LANGUAGES, type Language, type MessageValues } from "./types";

/** Every area: those of ./catalog, loaded at start, and those of ./deferred and ./deferredSetup, loaded with the screens that use them. */
type Catalog = typeof catalog & typeof deferredAreas & typeof setupAreas & typeof boqAreas;
type KeysOf<A> = A extends { en: Readonly<Record<infer K, Message>> } ? K & string : never;
/** Every message key, "area.key". */
export type MessageKey = { [A in keyof Catalog]: `${A & string}.${KeysOf<Catalog[A]>}` }[keyof Catalog];

/** An area's messages by language: English always, another language once it is loaded. */
type AreaTable = { en: Record<string, Message> } & Partial<Record<Language, Record<string, Message>>>;
/**
 * The areas loaded so far; ./deferred adds its areas when a module that needs them is loaded, and
 * ./languages the Russian of the catalog's areas (loadLanguage).
 */
const areas = new Map<string, AreaTable>(
  Object.entries(catalog).map(([name, area]) => [name, { ...(area as unknown as AreaTable) }]),
);

/** Adds areas to the catalog (./deferred, when the feature screens load). */
export function addAreas(more: Partial<Catalog>): void {
  for (const [name, area] of Object.entries(more)) areas.set(name, { ...(area as unknown as AreaTable) });
}

const DEFAULT_LANGUAGE: Language = "en";
let current: Language = DEFAULT_LANGUAGE;
const listeners = new Set<(language: Language) => void>();
/** The languages whose messages are all here (English is in the first screen's scripts). */
const loadedLanguages = new Set<Language>([DEFAULT_LANGUAGE]);
let russianLoading: Promise<void> | undefined;

/**
 * Loads the messages of `language` that the first screen's scripts leave out (./languages, a chunk
 * of its own); at once for English or a language already loaded. A failed load is tried again by
 * the next call; meanwhile t() gives those messages in English.
 */
export function loadLanguage(language: Language): Promise<void> {
  if (loadedLanguages.has(language)) return Promise.resolve();
  russianLoading ??= import(/* webpackChunkName: "messages-ru" */ "./languages").then(
    ({ russian }) => addLanguageMessages("ru", russian),
    (error: unknown) => {
      russianLoading = undefined;
      throw error;
    },
  );
  return russianLoading;
}

/** Loads every language's messages (words written in a workbook's language, not the pane's). */
export function loadAllLanguages(): Promise<void> {
  return Promise.all(LANGUAGES.map(loadLanguage)).then(() => undefined);
}

/**
 * Adds the messages of ./languages to the catalog's areas: what loadLanguage does once the chunk is
 * there, and what a page that bundles them itself (the sign-in dialog, the tests) calls directly.
 */
export function addLanguageMessages(
  language: Language,
  messages: Readonly<Record<string, Readonly<Record<string, Message>>>>,
): void {
  for (const [name, table] of Object.entries(messages)) {
    const area = areas.get(name);
    if (area) area[language] = table;
  }
  loadedLanguages.add(language);
}

/** Whether every message of `language` is here (see loadLanguage). */
export function isLanguageLoaded(language: Language): boolean {
  return loadedLanguages.has(language);
}

/** The language of an Office display language tag ("ru-RU" → ru); English for any other. */
export function languageOf(tag: string | null | undefined): Language {
  const primary = (tag ?? "").toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(primary ?? "") ? (primary as Language) : DEFAULT_LANGUAGE;
}

export function getLanguage(): Language {
  return current;
}

function tellListeners(): void {
  for (const listener of listeners) listener(current);
}

/**
 * Sets the language of every later t() call and tells the subscribers (the pane re-renders). A
 * language not loaded yet (loadLanguage) is loaded, and the subscribers are told again when it is
 * there; a caller that must not show English first awaits loadLanguage before this call.
 */
export function setLanguage(language: Language): void {
  if (language === current) return;
  current = language;
  tellListeners();
  if (!loadedLanguages.has(language)) {
    loadLanguage(language).then(
      () => {
        if (current === language) tellListeners();
      },
      // The messages stay in English; the pane's start reports a failed load (src/taskpane).
      () => undefined,
    );
  }
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
  const message = area[language]?.[key.slice(dot + 1)] ?? area.en[key.slice(dot + 1)];
  if (message === undefined) return key;
  return render(message, values, language);
}

// ---- What is to be said, and errors worded at the edge ----------------------------------------

/**
 * What is to be said, before it is worded: a message key and its values. A value is shown as it
 * is (numbers and dates formatted for the language) or is itself a Said, worded in the same
 * language (a request's name, the place in the workbook). The rooms below the pane (src/api,
 * src/workbook, src/session) and the pure rooms carry this in their errors and states, never
 * words; the edge words it (`say`, `errorText`) in the language of the moment it is shown, or of
 * the workbook it is written into.
 */
export interface Said {
  readonly key: MessageKey;
  readonly values?: SaidValues;
}
export type SaidValue = string | number | Date | Said;
export type SaidValues = Readonly<Record<string, SaidValue>>;

/** A Said in `language` (default: the current one), the Saids among its values in the same one. */
export function say(said: Said, language: Language = current): string {
  const values: Record<string, string | number | Date> = {};
  for (const [name, value] of Object.entries(said.values ?? {})) {
    values[name] = typeof value === "object" && !(value instanceof Date) ? say(value, language) : value;
  }
  return t(said.key, values, language);
}

/**
 * An error that carries what is to be said about it, as data: src/api's ApiError and
 * VersionArgumentError, src/workbook's WorkbookError, src/boq's BoqError, src/session's
 * InteractiveSignInError.
 */
export interface SayingError {
  /** The sentence for the user. */
  readonly said: Said;
  /**
   * The same without the words of others (the platform's), for a screen that shows those under
   * "Show details" (a server's English beside the pane's Russian is not the pane's text).
   */
  readonly plainSaid?: Said;
  /** What "Show details" holds: the request, its status and code, the platform's words. */
  readonly technicalDetails?: Said;
}

function isSaid(value: unknown): value is Said {
  return typeof value === "object" && value !== null && typeof (value as { key?: unknown }).key === "string";
}

/** Whether `error` carries what is to be said about it (SayingError). */
export function carriesSaid(error: unknown): error is SayingError {
  return typeof error === "object" && error !== null && isSaid((error as { said?: unknown }).said);
}

export interface ErrorTextOptions {
  /** Default: the current language. */
  language?: Language;
  /** Without the platform's own words (they are under "Show details", errorDetails). */
  plain?: boolean;
}

/**
 * The one place an error becomes the sentence a user reads: what a SayingError carries, worded in
 * the language asked for; the message of any other Error (a programming error, as it is) and the
 * text of anything else thrown.
 */
export function errorText(error: unknown, options: ErrorTextOptions = {}): string {
  if (carriesSaid(error)) {
    return say(options.plain ? (error.plainSaid ?? error.said) : error.said, options.language);
  }
  return error instanceof Error ? error.message : String(error);
}

/** What "Show details" holds for an error, worded; undefined when it carries no technical details. */
export function errorDetails(error: { readonly technicalDetails: Said }, language?: Language): string;
export function errorDetails(error: unknown, language?: Language): string | undefined;
export function errorDetails(error: unknown, language?: Language): string | undefined {
  return carriesSaid(error) && error.technicalDetails !== undefined
    ? say(error.technicalDetails, language)
    : undefined;
}
