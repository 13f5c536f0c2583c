// The task pane shell: the product header, the theme and language frame, and the feature tabs
// ("Import", "BOQ") where the features' screens are mounted (see features.tsx).
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { getLanguage, localeOf, onLanguageChange, t } from "../i18n";
import { ThemeRoot, type ThemeName } from "./components";

export const PRODUCT_NAME = "BOQ Bridge";
const LOGO_URL = "assets/icon-32.png";

/**
 * Re-renders the caller when the language changes (Settings, or a test), and again when the
 * language's messages arrive (src/i18n loadLanguage) if they were not there yet.
 */
export function useLanguage(): string {
  const [, setChanges] = useState(0);
  useEffect(() => onLanguageChange(() => setChanges((n) => n + 1)), []);
  return getLanguage();
}

export interface AppProps {
  theme: ThemeName;
  /** The screens: the session area with the feature tabs inside. */
  children?: ComponentChildren;
}

export function App({ theme, children }: AppProps) {
  useLanguage();
  return (
    <ThemeRoot theme={theme} lang={localeOf()} class="boq-shell">
      <header class="boq-header">
        <img class="boq-logo" src={LOGO_URL} alt="" width={28} height={28} />
        <div class="boq-header-text">
          <h1 class="boq-title">{PRODUCT_NAME}</h1>
          <p class="boq-tagline">{t("shell.tagline")}</p>
        </div>
      </header>
      <main class="boq-screens">{children}</main>
    </ThemeRoot>
  );
}

/**
 * The page opened outside Excel (a browser tab, or without office.js): one friendly sentence of
 * what it is and how to open it in Excel, and, on a development server, the workbench address.
 */
export function OutsideOffice({ theme, workbenchUrl }: { theme: ThemeName; workbenchUrl?: string }) {
  useLanguage();
  return (
    <ThemeRoot theme={theme} lang={localeOf()} class="boq-shell">
      <header class="boq-header">
        <img class="boq-logo" src={LOGO_URL} alt="" width={28} height={28} />
        <div class="boq-header-text">
          <h1 class="boq-title">{PRODUCT_NAME}</h1>
          <p class="boq-tagline">{t("shell.tagline")}</p>
        </div>
      </header>
      <main class="boq-screens">
        <section class="fui-stack" aria-labelledby="boq-outside-title" data-testid="outside-office">
          <h2 id="boq-outside-title" class="fui-subtitle">
            {t("shell.outsideTitle")}
          </h2>
          <p class="fui-text">{t("shell.outsideOffice")}</p>
          {workbenchUrl && (
            <p class="fui-caption">
              {t("shell.outsideOfficeDev")}
              <a class="boq-link" href={workbenchUrl}>
                {workbenchUrl}
              </a>
            </p>
          )}
        </section>
      </main>
    </ThemeRoot>
  );
}
