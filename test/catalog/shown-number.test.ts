// A number's shown text read back in en-US form, and a date serial as ISO, so that the catalog
// check does not depend on the locale Excel displays in (src/catalog/shownNumber.ts).
import { dateText, enUsShownText } from "../../src/catalog/shownNumber";
import { analyseCatalog, type CellBlock } from "../../src/catalog";

const NBSP = "\u00a0";
const NNBSP = "\u202f";

describe("enUsShownText", () => {
  it.each([
    ["ru-RU decimal comma", "1,10", { decimal: ",", group: NBSP }, "1.10"],
    ["ru-RU no-break space between thousands", `1${NBSP}234,50`, { decimal: ",", group: NBSP }, "1,234.50"],
    ["ru-RU narrow no-break space (newer Windows)", `1${NNBSP}234`, { decimal: ",", group: NBSP }, "1,234"],
    ["de-DE point between thousands, decimal comma", "1.234,5", { decimal: ",", group: "." }, "1,234.5"],
    ["a dotted text code is left alone under ru-RU", "1.2.1", { decimal: ",", group: NBSP }, "1.2.1"],
    ["en-US as it is", "1,234.50", { decimal: ".", group: "," }, "1,234.50"],
    ["an unknown group separator is left as shown", "1.5", { decimal: ",", group: "" }, "1.5"],
  ])("%s", (_name, shown, separators, expected) => {
    expect(enUsShownText(shown, separators)).toBe(expected);
  });

  it("takes the text as it is when the separators are unknown", () => {
    expect(enUsShownText("1,10", undefined)).toBe("1,10");
  });
});

describe("dateText", () => {
  it.each([
    [45356, "2024-03-05"],
    [45292, "2024-01-01"],
    [1, "1900-01-01"],
    [59, "1900-02-28"],
    [60, "1900-02-29"],
    [61, "1900-03-01"],
    [45356.5, "2024-03-05 12:00"],
    [45356 + 1 / 86400, "2024-03-05 00:00:01"],
    [0.75, "18:00"],
  ])("%d is %s", (serial, expected) => {
    expect(dateText(serial)).toBe(expected);
  });
});

describe("a number in the Code column under another display locale", () => {
  const block = (text: string, separators?: CellBlock["textSeparators"]): CellBlock => ({
    sheet: "Catalog",
    startRow: 1,
    startColumn: 0,
    values: [
      ["Code", "Name"],
      [1.1, "Excavation"],
    ],
    text: [
      ["Code", "Name"],
      [text, "Excavation"],
    ],
    numberFormats: [
      ["General", "General"],
      ["0.00", "General"],
    ],
    ...(separators ? { textSeparators: separators } : {}),
  });

  it("has the code en-US Excel shows", () => {
    const ru = analyseCatalog(block("1,10", { decimal: ",", group: NBSP }), { decimalSeparator: "," });
    const en = analyseCatalog(block("1.10"));
    expect(ru.positions).toEqual([{ row: 2, Code: "1.10", Name: "Excavation" }]);
    expect(ru.positions).toEqual(en.positions);
    expect(ru.problems).toEqual(en.problems);
  });
});
