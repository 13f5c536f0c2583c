// Issue 43, item 7: words an estimator read wrong. "1 warnings" (the check's summary counts each
// figure in its own plural), "was imported into from this workbook before" (the catalog picker).
import { t } from "../../src/i18n";
import "../../src/i18n/deferred";

describe("the check's summary counts each figure in its plural", () => {
  it.each([
    ["en", 1, "1 position, 1 to delete, 1 error, 1 warning"],
    ["en", 2, "2 positions, 2 to delete, 2 errors, 2 warnings"],
    ["ru", 1, "Позиций: 1, к удалению: 1, ошибок: 1, предупреждений: 1"],
  ] as const)("%s, %i", (language, count, expected) => {
    const part = (key: Parameters<typeof t>[0]) => t(key, { count }, language);
    expect(
      t(
        "import.checkSummary",
        {
          positions: part("import.checkPositions"),
          deletions: part("import.checkDeletions"),
          errors: part("import.checkErrors"),
          warnings: part("import.checkWarnings"),
        },
        language,
      ),
    ).toBe(expected);
  });
});

describe("the catalog picker", () => {
  it("says a catalog this workbook imported into in plain words", () => {
    expect(t("catalogPicker.statusWorkbook", { name: "Materials" }, "en")).toBe(
      "This workbook has imported into “Materials” before.",
    );
  });
});
