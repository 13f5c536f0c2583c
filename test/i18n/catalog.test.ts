import { catalog } from "../../src/i18n/catalog";
import { languageOf, t } from "../../src/i18n";
import { LANGUAGES } from "../../src/i18n/types";

describe("message catalog", () => {
  it.each(Object.keys(catalog))("area %s has the same keys in every language", (area) => {
    const messages = catalog[area as keyof typeof catalog] as unknown as Record<
      string,
      Record<string, unknown>
    >;
    const english = Object.keys(messages["en"] ?? {}).sort();
    expect(english.length).toBeGreaterThan(0);
    for (const language of LANGUAGES) {
      expect(Object.keys(messages[language] ?? {}).sort()).toEqual(english);
    }
  });

  it("fills placeholders and formats numbers for the language", () => {
    expect(t("common.productName")).toBe("BOQ Bridge");
    expect(t("common.cancel", {}, "ru")).toBe("Отмена");
  });

  it("reads the language of an Office display language tag", () => {
    expect(languageOf("ru-RU")).toBe("ru");
    expect(languageOf("RU")).toBe("ru");
    expect(languageOf("en-GB")).toBe("en");
    expect(languageOf("de-DE")).toBe("en");
    expect(languageOf(undefined)).toBe("en");
  });
});
