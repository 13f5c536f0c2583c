// The pane's look-and-language preferences: the language the user chose in Settings ("auto"
// follows Office's display language) and the Office theme. Kept per user and machine in the
// pane's localStorage, never in the workbook; nothing here is secret.
import { languageOf, LANGUAGES, setLanguage, type Language } from "../i18n";
import { themeFromOffice, type ThemeName } from "./components";

export const LANGUAGE_KEY = "boq-bridge.language.v1";
export type LanguageChoice = "auto" | Language;

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null; // storage blocked (private mode, sandboxed frame)
  }
}

export function loadLanguageChoice(): LanguageChoice {
  const raw = storage()?.getItem(LANGUAGE_KEY) ?? "auto";
  return (LANGUAGES as readonly string[]).includes(raw) ? (raw as Language) : "auto";
}

/** The language to show: the user's choice, else Office's display language, else the browser's. */
export function effectiveLanguage(
  choice: LanguageChoice,
  displayLanguage: string | null | undefined,
): Language {
  if (choice !== "auto") return choice;
  return languageOf(displayLanguage ?? (typeof navigator !== "undefined" ? navigator.language : null));
}

/** Saves the choice and switches every t() to it; the pane re-renders on the change. */
export function chooseLanguage(choice: LanguageChoice, displayLanguage: string | null | undefined): void {
  const store = storage();
  if (choice === "auto") store?.removeItem(LANGUAGE_KEY);
  else store?.setItem(LANGUAGE_KEY, choice);
  setLanguage(effectiveLanguage(choice, displayLanguage));
}

/** Office's display language, or null outside Office. */
export function officeDisplayLanguage(office: typeof Office | undefined): string | null {
  try {
    return office?.context?.displayLanguage ?? null;
  } catch {
    return null;
  }
}

/** The theme of the Office host (light outside Office or when the host does not say). */
export function officeThemeName(office: typeof Office | undefined): ThemeName {
  try {
    return themeFromOffice(office?.context?.officeTheme);
  } catch {
    return "light";
  }
}

/**
 * Calls back when the Office theme changes, where the host reports it (OfficeThemeChanged; hosts
 * without the event keep the theme the pane opened with).
 */
export function watchOfficeTheme(
  office: typeof Office | undefined,
  onChange: (theme: ThemeName) => void,
): void {
  const document = office?.context?.document as
    { addHandlerAsync?: (type: string, handler: () => void, callback?: () => void) => void } | undefined;
  const eventType = office?.EventType?.OfficeThemeChanged as string | undefined;
  if (!document?.addHandlerAsync || !eventType) return;
  try {
    document.addHandlerAsync(
      eventType,
      () => onChange(officeThemeName(office)),
      () => undefined,
    );
  } catch {
    // The host does not offer the event: the theme stays as it was at start.
  }
}
