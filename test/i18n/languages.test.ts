// The first screen's scripts carry the catalog's English; Russian is a chunk loaded on demand
// (src/i18n/languages.ts through loadLanguage). On a fresh catalog (the jest setup adds every
// language to the one the other tests share):
type I18n = typeof import("../../src/i18n");

function freshCatalog(): I18n {
  let i18n: I18n | undefined;
  jest.isolateModules(() => {
    i18n = jest.requireActual<I18n>("../../src/i18n");
  });
  if (!i18n) throw new Error("src/i18n did not load");
  return i18n;
}

describe("a language loaded on demand", () => {
  it("gives English until Russian is loaded, then Russian", async () => {
    const i18n = freshCatalog();
    expect(i18n.isLanguageLoaded("en")).toBe(true);
    expect(i18n.isLanguageLoaded("ru")).toBe(false);
    expect(i18n.t("common.cancel", {}, "ru")).toBe("Cancel");
    // Areas that came with both languages (the headers, matched against sheets) need no load.
    expect(i18n.t("headers.code", {}, "ru")).not.toBe(i18n.t("headers.code", {}, "en"));
    await i18n.loadLanguage("ru");
    expect(i18n.isLanguageLoaded("ru")).toBe(true);
    expect(i18n.t("common.cancel", {}, "ru")).toBe("Отмена");
  });

  it("tells the subscribers again when the language chosen before its messages arrive is there", async () => {
    const i18n = freshCatalog();
    const heard: string[] = [];
    i18n.onLanguageChange((language) => heard.push(`${language}:${i18n.t("common.cancel")}`));
    i18n.setLanguage("ru");
    expect(heard).toEqual(["ru:Cancel"]);
    await i18n.loadLanguage("ru");
    await Promise.resolve();
    expect(heard).toEqual(["ru:Cancel", "ru:Отмена"]);
  });

  it("loads every language at once for words written in a workbook's language", async () => {
    const i18n = freshCatalog();
    await i18n.loadAllLanguages();
    expect(i18n.isLanguageLoaded("ru")).toBe(true);
  });
});
