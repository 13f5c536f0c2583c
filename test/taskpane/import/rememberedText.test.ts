// What the pane says of remembered columns, word for word, in English and Russian (issue 25): a
// choice made when the header row was data says what was assumed of row 1 and how to change it; a
// choice for other headers says it differs; the previous version's mapping says why it is not used.
import type { CellBlock, CellValue } from "../../../src/catalog";
import { fitRemembered, type RememberedColumns } from "../../../src/import";
import { setLanguage } from "../../../src/i18n";
import { rememberedText } from "../../../src/taskpane/import/rememberedText";

function block(rows: CellValue[][]): CellBlock {
  return { sheet: "Sheet1", startRow: 1, startColumn: 0, values: rows };
}

const DATA = block([
  ["1", "Roofing", 10, "m2"],
  ["1.1", "Bitumen membrane", 12, "m2"],
]);
const HEADERS = block([
  ["Code", "Name", "Unit", "Price"],
  ["1", "Roofing", "", ""],
]);
const overData: RememberedColumns = {
  columns: { Code: "A", Name: "B", Price: "C" },
  header: null,
  headerOffset: 0,
};
const allData: RememberedColumns = { ...overData, headerOffset: null };
const otherHeaders: RememberedColumns = {
  columns: { Code: "A", Name: "B" },
  header: { A: "item", B: "description" },
  headerOffset: 0,
};
const legacy: RememberedColumns = { columns: { Code: "B" }, header: null, headerOffset: 0, legacy: true };

afterEach(() => setLanguage("en"));

describe.each([
  [
    "en",
    {
      position:
        "No header row was found, so the columns you chose before for “Materials” are used. Row 1 has a number in the Price column, so it is read as a position, not a header. Change the columns below if that is wrong.",
      data: "No header row was found, so the columns you chose before for “Materials” are used, and every row is read as a position. Change the columns below if that is wrong.",
      differs:
        "You chose other columns for “Materials” before, for a sheet with other headers. The columns here come from this sheet’s headers.",
      differsNoHeader:
        "You chose columns for “Materials” before, on a sheet without a header row. The columns here come from this sheet’s headers.",
      legacy:
        "Columns were remembered for “Materials” by an earlier version, without the header row they were chosen for, so they are not used by themselves. The columns here come from this sheet.",
    },
  ],
  [
    "ru",
    {
      position:
        "Строка заголовков не найдена, поэтому используются столбцы, выбранные раньше для «Materials». В строке 1 в столбце «Цена» стоит число, поэтому она читается как позиция, а не заголовок. Если это не так, измените столбцы ниже.",
      data: "Строка заголовков не найдена, поэтому используются столбцы, выбранные раньше для «Materials», и каждая строка читается как позиция. Если это не так, измените столбцы ниже.",
      differs:
        "Раньше для «Materials» были выбраны другие столбцы — для листа с другими заголовками. Здесь столбцы взяты из заголовков этого листа.",
      differsNoHeader:
        "Раньше для «Materials» столбцы выбирались на листе без строки заголовков. Здесь столбцы взяты из заголовков этого листа.",
      legacy:
        "Прежняя версия запомнила столбцы для «Materials» без строки заголовков, для которой они выбраны, поэтому сами они не применяются. Здесь столбцы взяты из этого листа.",
    },
  ],
] as const)("in %s", (language, words) => {
  beforeEach(() => setLanguage(language));

  it("a choice made with row 1 as the header, over a sheet whose row 1 holds a price, reads row 1 as a position", () => {
    expect(rememberedText(fitRemembered(DATA, [overData]), "Materials")).toBe(words.position);
  });

  it("a choice made over data reads every row as a position", () => {
    expect(rememberedText(fitRemembered(DATA, [allData]), "Materials")).toBe(words.data);
  });

  it("a choice for other headers, or made without a header row, is said to differ from this sheet's", () => {
    expect(rememberedText(fitRemembered(HEADERS, [otherHeaders]), "Materials")).toBe(words.differs);
    expect(rememberedText(fitRemembered(HEADERS, [allData]), "Materials")).toBe(words.differsNoHeader);
  });

  it("the previous version's mapping says why it is not used", () => {
    expect(rememberedText(fitRemembered(HEADERS, [legacy]), "Materials")).toBe(words.legacy);
  });
});

it("nothing is said without a remembered choice", () => {
  expect(rememberedText(fitRemembered(HEADERS, []), "Materials")).toBeNull();
});
