import { catalog } from "../../src/i18n/catalog";
import { deferredAreas } from "../../src/i18n/deferred";
import { setupAreas } from "../../src/i18n/deferredSetup";
import { boqAreas } from "../../src/i18n/deferredBoq";
import { languageOf, t } from "../../src/i18n";
import { russian } from "../../src/i18n/languages";
import { LANGUAGES } from "../../src/i18n/types";

/** The catalog's areas with their Russian, which src/i18n/languages.ts holds apart. */
const catalogAreas = Object.fromEntries(
  Object.entries(catalog).map(([name, area]) => [
    name,
    { ...area, ...(name in russian ? { ru: russian[name as keyof typeof russian] } : {}) },
  ]),
);
const allAreas = { ...catalogAreas, ...deferredAreas, ...setupAreas, ...boqAreas };

describe("message catalog", () => {
  it.each(Object.keys(allAreas))("area %s has the same keys in every language", (area) => {
    const messages = allAreas[area as keyof typeof allAreas] as unknown as Record<
      string,
      Record<string, unknown>
    >;
    const english = Object.keys(messages["en"] ?? {}).sort();
    expect(english.length).toBeGreaterThan(0);
    for (const language of LANGUAGES) {
      expect(Object.keys(messages[language] ?? {}).sort()).toEqual(english);
    }
  });

  it("keeps the Russian of every first-screen area but the headers' apart, for loading on demand", () => {
    const apart = Object.keys(catalog).filter((area) => !("ru" in catalog[area as keyof typeof catalog]));
    expect(Object.keys(russian).sort()).toEqual(apart.sort());
    expect(apart).not.toContain("headers");
    expect(apart).toContain("signin");
  });

  it("fills placeholders and formats numbers for the language", () => {
    expect(t("common.productName")).toBe("BOQ Bridge");
    expect(t("common.cancel", {}, "ru")).toBe("Отмена");
  });

  it("gives the deferred areas' messages once they are loaded, in every language", () => {
    expect(Object.keys(deferredAreas).sort()).toEqual([
      "boqnav",
      "catalogPicker",
      "elsewhere",
      "history",
      "import",
      "prediction",
      "problems",
      "restore",
      "send",
    ]);
    for (const area of Object.keys(deferredAreas)) expect(Object.keys(catalog)).not.toContain(area);
    expect(t("import.failedRead")).not.toBe("import.failedRead");
    expect(t("import.failedRead", {}, "ru")).not.toBe(t("import.failedRead", {}, "en"));
    expect(Object.keys(setupAreas)).toEqual(["setup"]);
    expect(Object.keys(catalog)).not.toContain("setup");
    expect(t("setup.title", {}, "ru")).toBe("Настроить BOQ Bridge для компании");
    expect(Object.keys(boqAreas).sort()).toEqual(["boqSheet", "boqdiff", "compare"]);
    for (const area of Object.keys(boqAreas)) expect(Object.keys(catalog)).not.toContain(area);
  });

  it.each(LANGUAGES)(
    "quotes the pane's own buttons in the set-up's words as they are labelled (%s)",
    (language) => {
      expect(t("setup.presetWindow", {}, language)).toContain(t("signin.withAccount", {}, language));
      expect(t("setup.guideAdminThen", {}, language)).toContain(t("signin.setUp", {}, language));
      expect(t("setup.guideStep3", {}, language)).toContain(t("signin.signIn", {}, language));
    },
  );

  it("reads the language of an Office display language tag", () => {
    expect(languageOf("ru-RU")).toBe("ru");
    expect(languageOf("RU")).toBe("ru");
    expect(languageOf("en-GB")).toBe("en");
    expect(languageOf("de-DE")).toBe("en");
    expect(languageOf(undefined)).toBe("en");
  });
});
