// Fluent 2 design tokens (values of @fluentui/tokens' webLightTheme and webDarkTheme, copied so the
// pane does not ship the token package) as CSS custom properties, and the choice of theme from
// Office.context.officeTheme. Components use only these variables, never literal colours.

export type ThemeName = "light" | "dark";

type Palette = Record<string, string>;

const LIGHT: Palette = {
  colorNeutralForeground1: "#242424",
  colorNeutralForeground2: "#424242",
  colorNeutralForeground3: "#616161",
  colorNeutralForegroundDisabled: "#707070",
  colorNeutralForegroundOnBrand: "#ffffff",
  colorNeutralBackground1: "#ffffff",
  colorNeutralBackground1Hover: "#f5f5f5",
  colorNeutralBackground1Pressed: "#e0e0e0",
  colorNeutralBackground1Selected: "#ebebeb",
  colorNeutralBackground2: "#fafafa",
  colorNeutralBackground3: "#f5f5f5",
  colorNeutralBackgroundDisabled: "#f0f0f0",
  colorNeutralStroke1: "#d1d1d1",
  colorNeutralStroke1Hover: "#c7c7c7",
  colorNeutralStroke2: "#e0e0e0",
  colorNeutralStrokeAccessible: "#616161",
  colorNeutralStrokeDisabled: "#e0e0e0",
  colorSubtleBackgroundHover: "#f5f5f5",
  colorSubtleBackgroundPressed: "#e0e0e0",
  colorBrandBackground: "#0f6cbd",
  colorBrandBackgroundHover: "#115ea3",
  colorBrandBackgroundPressed: "#0c3b5e",
  colorBrandForeground1: "#0f6cbd",
  colorBrandForegroundLink: "#115ea3",
  colorBrandForegroundLinkHover: "#0f548c",
  colorBrandStroke1: "#0f6cbd",
  colorStrokeFocus1: "#ffffff",
  colorStrokeFocus2: "#000000",
  colorBackgroundOverlay: "rgba(0, 0, 0, 0.4)",
  colorStatusDangerBackground1: "#fdf6f6",
  colorStatusDangerBorder1: "#f1bbbc",
  colorStatusDangerForeground1: "#b10e1c",
  colorStatusWarningBackground1: "#fff9f5",
  colorStatusWarningBorder1: "#fdcfb4",
  colorStatusWarningForeground3: "#bc4b09",
  colorStatusSuccessBackground1: "#f1faf1",
  colorStatusSuccessBorder1: "#9fd89f",
  colorStatusSuccessForeground1: "#0e700e",
  colorInfoBackground1: "#fafafa",
  colorInfoBorder1: "#e0e0e0",
  colorInfoForeground: "#0f6cbd",
  shadow4: "0 0 2px rgba(0,0,0,0.12), 0 2px 4px rgba(0,0,0,0.14)",
  shadow16: "0 0 2px rgba(0,0,0,0.12), 0 8px 16px rgba(0,0,0,0.14)",
  shadow64: "0 0 8px rgba(0,0,0,0.12), 0 32px 64px rgba(0,0,0,0.14)",
};

const DARK: Palette = {
  colorNeutralForeground1: "#ffffff",
  colorNeutralForeground2: "#d6d6d6",
  colorNeutralForeground3: "#adadad",
  colorNeutralForegroundDisabled: "#8f8f8f",
  colorNeutralForegroundOnBrand: "#ffffff",
  colorNeutralBackground1: "#292929",
  colorNeutralBackground1Hover: "#3d3d3d",
  colorNeutralBackground1Pressed: "#1f1f1f",
  colorNeutralBackground1Selected: "#383838",
  colorNeutralBackground2: "#1f1f1f",
  colorNeutralBackground3: "#141414",
  colorNeutralBackgroundDisabled: "#141414",
  colorNeutralStroke1: "#666666",
  colorNeutralStroke1Hover: "#757575",
  colorNeutralStroke2: "#525252",
  colorNeutralStrokeAccessible: "#adadad",
  colorNeutralStrokeDisabled: "#424242",
  colorSubtleBackgroundHover: "#383838",
  colorSubtleBackgroundPressed: "#2e2e2e",
  colorBrandBackground: "#115ea3",
  colorBrandBackgroundHover: "#0f6cbd",
  colorBrandBackgroundPressed: "#0c3b5e",
  colorBrandForeground1: "#479ef5",
  colorBrandForegroundLink: "#479ef5",
  colorBrandForegroundLinkHover: "#62abf5",
  colorBrandStroke1: "#479ef5",
  colorStrokeFocus1: "#000000",
  colorStrokeFocus2: "#ffffff",
  colorBackgroundOverlay: "rgba(0, 0, 0, 0.5)",
  colorStatusDangerBackground1: "#3b0509",
  colorStatusDangerBorder1: "#c50f1f",
  colorStatusDangerForeground1: "#e37d80",
  colorStatusWarningBackground1: "#4a1e04",
  colorStatusWarningBorder1: "#f7630c",
  colorStatusWarningForeground3: "#faa06b",
  colorStatusSuccessBackground1: "#052505",
  colorStatusSuccessBorder1: "#107c10",
  colorStatusSuccessForeground1: "#9fd89f",
  colorInfoBackground1: "#333333",
  colorInfoBorder1: "#525252",
  colorInfoForeground: "#479ef5",
  shadow4: "0 0 2px rgba(0,0,0,0.24), 0 2px 4px rgba(0,0,0,0.28)",
  shadow16: "0 0 2px rgba(0,0,0,0.24), 0 8px 16px rgba(0,0,0,0.28)",
  shadow64: "0 0 8px rgba(0,0,0,0.24), 0 32px 64px rgba(0,0,0,0.28)",
};

/** Size, type and shape tokens: the same in both themes. */
const GLOBAL: Palette = {
  fontFamilyBase:
    "'Segoe UI', 'Segoe UI Web (West European)', -apple-system, BlinkMacSystemFont, Roboto, 'Helvetica Neue', sans-serif",
  fontFamilyMonospace: "Consolas, 'Courier New', Courier, monospace",
  fontSizeBase100: "10px",
  fontSizeBase200: "12px",
  fontSizeBase300: "14px",
  fontSizeBase400: "16px",
  fontSizeBase500: "20px",
  lineHeightBase100: "14px",
  lineHeightBase200: "16px",
  lineHeightBase300: "20px",
  lineHeightBase400: "22px",
  lineHeightBase500: "28px",
  fontWeightRegular: "400",
  fontWeightSemibold: "600",
  borderRadiusSmall: "2px",
  borderRadiusMedium: "4px",
  borderRadiusLarge: "6px",
  borderRadiusXLarge: "8px",
  borderRadiusCircular: "10000px",
  strokeWidthThin: "1px",
  strokeWidthThick: "2px",
  spacingHorizontalXS: "4px",
  spacingHorizontalS: "8px",
  spacingHorizontalM: "12px",
  spacingHorizontalL: "16px",
  spacingHorizontalXL: "20px",
  spacingVerticalXS: "4px",
  spacingVerticalS: "8px",
  spacingVerticalM: "12px",
  spacingVerticalL: "16px",
  spacingVerticalXL: "20px",
  durationNormal: "200ms",
  curveEasyEase: "cubic-bezier(0.33,0,0.67,1)",
};

export const THEMES: Record<ThemeName, Palette> = { light: LIGHT, dark: DARK };

function declarations(palette: Palette): string {
  return Object.entries(palette)
    .map(([name, value]) => `--${name}: ${value};`)
    .join("\n  ");
}

/** CSS that defines the tokens on `.fui-theme-light` and `.fui-theme-dark`. */
export function tokensCss(): string {
  return [
    `.fui-theme-light, .fui-theme-dark {\n  ${declarations(GLOBAL)}\n}`,
    `.fui-theme-light {\n  color-scheme: light;\n  ${declarations(LIGHT)}\n}`,
    `.fui-theme-dark {\n  color-scheme: dark;\n  ${declarations(DARK)}\n}`,
  ].join("\n");
}

/** Relative luminance of #rrggbb (WCAG 2), or null for anything else. */
export function luminance(hex: string): number | null {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return null;
  const [r, g, b] = [m[1], m[2], m[3]].map((part) => {
    const c = parseInt(part ?? "0", 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const la = luminance(a) ?? 0;
  const lb = luminance(b) ?? 0;
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

/** What the pane reads of Office.context.officeTheme (isDarkTheme is newer than the colours). */
export interface OfficeThemeLike {
  bodyBackgroundColor?: string;
  isDarkTheme?: boolean;
}

/**
 * The theme that matches the Office host: dark when Office says so, or when its body background
 * is dark (older hosts give only the colours); light outside Office or when nothing is known.
 */
export function themeFromOffice(theme: OfficeThemeLike | null | undefined): ThemeName {
  if (!theme) return "light";
  if (typeof theme.isDarkTheme === "boolean") return theme.isDarkTheme ? "dark" : "light";
  const l = theme.bodyBackgroundColor ? luminance(theme.bodyBackgroundColor) : null;
  return l !== null && l < 0.2 ? "dark" : "light";
}
