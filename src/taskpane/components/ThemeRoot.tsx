// The root every screen renders inside: installs the component styles once and sets the Fluent 2
// tokens of the theme (light or dark) on its element, so every control below follows it.
import type { ComponentChildren } from "preact";
import { installComponentStyles } from "./styles";
import type { ThemeName } from "./tokens";

export interface ThemeRootProps {
  theme: ThemeName;
  /** The BCP 47 language of the text inside (lang attribute: screen readers pick the voice). */
  lang?: string;
  children?: ComponentChildren;
  class?: string;
}

export function ThemeRoot({ theme, lang, children, class: extra }: ThemeRootProps) {
  if (typeof document !== "undefined") installComponentStyles(document);
  return (
    <div class={`fui-root fui-theme-${theme}${extra ? ` ${extra}` : ""}`} lang={lang} data-theme={theme}>
      {children}
    </div>
  );
}
