// The theme choice from Office and the contrast the component layer promises in both themes.
import { contrastRatio, THEMES, themeFromOffice } from "../../../src/taskpane/components/tokens";

describe("the Fluent 2 tokens of the pane", () => {
  it.each(["light", "dark"] as const)(
    "%s: the focus ring has at least 3:1 against the pane and the brand button",
    (name) => {
      const theme = THEMES[name];
      const ring = theme["colorStrokeFocus2"]!;
      expect(contrastRatio(ring, theme["colorNeutralBackground1"]!)).toBeGreaterThanOrEqual(3);
      expect(contrastRatio(ring, theme["colorNeutralBackground2"]!)).toBeGreaterThanOrEqual(3);
      // The inner ring separates the outer one from a brand (primary) button.
      expect(
        contrastRatio(theme["colorStrokeFocus1"]!, theme["colorBrandBackground"]!),
      ).toBeGreaterThanOrEqual(3);
    },
  );

  it.each(["light", "dark"] as const)(
    "%s: text and input borders are readable (4.5:1 text, 3:1 borders)",
    (name) => {
      const theme = THEMES[name];
      const bg = theme["colorNeutralBackground1"]!;
      for (const text of [
        "colorNeutralForeground1",
        "colorNeutralForeground2",
        "colorNeutralForeground3",
        "colorBrandForegroundLink",
      ]) {
        expect(contrastRatio(theme[text]!, bg)).toBeGreaterThanOrEqual(4.5);
      }
      expect(
        contrastRatio(theme["colorNeutralForegroundOnBrand"]!, theme["colorBrandBackground"]!),
      ).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(theme["colorNeutralStrokeAccessible"]!, bg)).toBeGreaterThanOrEqual(3);
      expect(
        contrastRatio(theme["colorStatusDangerForeground1"]!, theme["colorStatusDangerBackground1"]!),
      ).toBeGreaterThanOrEqual(4.5);
    },
  );

  it("follows Office's theme: isDarkTheme where given, else the body background", () => {
    expect(themeFromOffice({ isDarkTheme: true, bodyBackgroundColor: "#ffffff" })).toBe("dark");
    expect(themeFromOffice({ bodyBackgroundColor: "#262626" })).toBe("dark");
    expect(themeFromOffice({ bodyBackgroundColor: "#FFFFFF" })).toBe("light");
    expect(themeFromOffice({ bodyBackgroundColor: "#e6e6e6" })).toBe("light");
    expect(themeFromOffice(undefined)).toBe("light");
  });
});
