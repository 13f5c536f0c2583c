// Types of the message catalog: every sentence a user reads is a message of an area (one file per
// area in ./areas), written in every language of LANGUAGES.

export const LANGUAGES = ["en", "ru"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Values a message may name as {name}; numbers are formatted with Intl for the language. */
export type MessageValues = Readonly<Record<string, string | number | Date>>;

/**
 * A message: text with {name} placeholders; or plural forms chosen by the value `count`
 * (Intl.PluralRules categories; `other` is required); or a function for what a template cannot say.
 */
export type Message =
  | string
  | { readonly one?: string; readonly few?: string; readonly many?: string; readonly other: string }
  | ((values: MessageValues, language: Language) => string);

/** The messages of one area in every language; the same keys in each (checked by the type and by a test). */
export type AreaMessages<K extends string> = { readonly [L in Language]: Readonly<Record<K, Message>> };

/** Declares an area's messages; `ru` must have exactly the keys of `en`. */
export function defineMessages<K extends string>(messages: {
  en: Readonly<Record<K, Message>>;
  ru: Readonly<Record<K, Message>>;
}): AreaMessages<K> {
  return messages;
}

/**
 * Declares an area's English messages when its other languages are in files of their own
 * (`<area>.ru.ts`), which load only when that language is chosen (../languages.ts): the areas of
 * the first screen, whose scripts carry one language.
 */
export function defineEnglish<K extends string>(messages: {
  en: Readonly<Record<K, Message>>;
}): { readonly en: Readonly<Record<K, Message>> } {
  return messages;
}

/** An area's messages in another language: exactly the keys of its English (defineEnglish). */
export type OtherLanguage<A> = A extends { en: Readonly<Record<infer K, Message>> }
  ? Readonly<Record<K, Message>>
  : never;
