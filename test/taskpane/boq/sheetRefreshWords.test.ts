// The sentences of Refresh this BOQ sheet in both languages: rows named by their number and code,
// what changed old → new with the sheet's column names, money with two decimals, the typed-over
// cells named as Excel names them, and a long list cut with how many more there are.
import type { RefreshedBoqSheet } from "../../../src/boqsheet";
import { setLanguage } from "../../../src/i18n";
import {
  changeLines,
  listed,
  lostLines,
  MAX_LISTED,
  summary,
  typedLines,
} from "../../../src/taskpane/boq/sheetRefreshWords";

const RESULT: RefreshedBoqSheet = {
  sheetName: "BOQ Frame 3.10",
  changed: [
    {
      sheetRow: 13,
      code: "1.2",
      name: "Brick wall",
      changes: [
        { column: "quantity", before: 12.5, after: 14 },
        { column: "platformTotal", before: 1250, after: 1400.5 },
      ],
    },
  ],
  added: [{ sheetRow: 19, code: "1.3", name: "Plaster" }],
  removed: [{ code: "1.1", name: "Formwork" }],
  moved: [{ sheetRow: 7, fromSheetRow: 21, code: "2.4", name: "Screed" }],
  rebuilt: false,
};

afterEach(() => setLanguage("en"));

it("names each changed row with what changed, old → new, in English", () => {
  setLanguage("en");
  expect(summary(RESULT)).toBe(
    "Sheet “BOQ Frame 3.10” refreshed. Rows changed: 1, added: 1, removed: 1, moved: 1. What changed is highlighted in yellow on the sheet.",
  );
  expect(changeLines(RESULT)).toEqual([
    "Row 14, 1.2 Brick wall: Quantity 12.5 → 14; Platform total 1,250.00 → 1,400.50",
    "Row 20, 1.3 Plaster: new",
    "Row 8, 2.4 Screed: moved here from row 22, with your entries",
    "1.1 Formwork: no longer in the bill of quantities",
  ]);
});

it("does not call a refresh that only moved rows a bill of quantities that has not changed", () => {
  setLanguage("en");
  expect(summary({ ...RESULT, changed: [], added: [], removed: [] })).toBe(
    "Sheet “BOQ Frame 3.10” refreshed. Rows changed: 0, added: 0, removed: 0, moved: 1. What changed is highlighted in yellow on the sheet.",
  );
});

it("says the same in Russian, numbers as Russian writes them", () => {
  setLanguage("ru");
  expect(summary({ ...RESULT, changed: [], added: [], removed: [], moved: [] })).toBe(
    "Лист «BOQ Frame 3.10» обновлён: ведомость не изменилась.",
  );
  expect(changeLines(RESULT)[0]).toBe(
    "Строка 14, 1.2 Brick wall: Количество 12,5 → 14; Стоимость на платформе 1\u00a0250,00 → 1\u00a0400,50",
  );
});

it("names the typed-over cells as Excel does, and what goes with a removed row", () => {
  setLanguage("en");
  expect(
    typedLines([
      { sheetRow: 13, column: "quantity", code: "1.2", typed: 99, platform: 14, formula: false },
      { sheetRow: 20, column: "total", code: "1.4", typed: 5, platform: "", formula: true },
    ]),
  ).toEqual([
    "E14 (Quantity, 1.2): you typed 99, the platform gives 14",
    "I21 (Total, 1.4): you typed 5.00 over the sheet's formula, which comes back",
  ]);
  expect(
    lostLines([
      { sheetRow: 15, code: "1.1", name: "Formwork", entries: [{ column: "note", value: "check on site" }] },
    ]),
  ).toEqual(["Row 16, 1.1 Formwork: Note check on site"]);
});

it("lists at most a screenful and says how many more there are", () => {
  setLanguage("en");
  const lines = Array.from({ length: MAX_LISTED + 3 }, (_, i) => `line ${i}`);
  expect(listed(lines)).toEqual({
    shown: lines.slice(0, MAX_LISTED),
    more: "…and 3 more, highlighted on the sheet.",
  });
  expect(listed(["one"]).more).toBeUndefined();
});
