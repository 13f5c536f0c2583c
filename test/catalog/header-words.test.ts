// The words that make a header: a header over two rows ("Цена без" over "НДС"), a label with its
// value ("Валюта: RUB") that is no header, the headers of a column that numbers the rows, and a
// remembered header row the selection no longer holds (named once, not twice).
import { analyseCatalog, type CatalogField } from "../../src/catalog";
import { isHeaderLike, isRowNumberHeader, matchJoinedHeader } from "../../src/catalog/headers";
import { problemText } from "../../src/import";
import { pricesBlock } from "./helpers";

describe("a header over two rows", () => {
  it.each<[string, string, CatalogField]>([
    ["Цена", "за ед.", "Price"],
    ["Ед.", "изм.", "Unit"],
    // Neither "Цена без" nor "Цена" with "НДС" names a field; all the words together do.
    ["Цена без", "НДС", "Price"],
  ])("“%s” over “%s” names %s", (upper, lower, field) => {
    expect(matchJoinedHeader(upper, lower)?.field).toBe(field);
  });

  it.each<[string, string]>([
    ["Цена", ""],
    ["Цена", "  "],
    ["Цена: 10", "за ед."],
    ["Цена", "за ед.: 5"],
    // A label with its value, though its words would spell "Цена без НДС".
    ["Цена: без", "НДС"],
    ["Цена", "без: НДС"],
  ])(
    "“%s” over “%s” is no header over two rows (nothing below, or a label with its value)",
    (upper, lower) => {
      expect(matchJoinedHeader(upper, lower)).toBeNull();
    },
  );
});

describe("header-like text", () => {
  it.each(["Валюта: RUB", "Код: 12-345"])("“%s” is a label with its value, not a header", (text) => {
    expect(isHeaderLike(text)).toBe(false);
  });

  it.each(["Валюта", "Цена без НДС, руб."])("“%s” could be a header", (text) => {
    expect(isHeaderLike(text)).toBe(true);
  });
});

describe("the header of a column that numbers the rows", () => {
  it.each(["№", "#", "№ п/п", "No.", "Row"])("“%s” numbers the rows", (text) => {
    expect(isRowNumberHeader(text)).toBe(true);
  });

  it.each(["", "   ", "ID", "Code"])("“%s” does not", (text) => {
    expect(isRowNumberHeader(text)).toBe(false);
  });
});

describe("a remembered header row the selection does not hold", () => {
  const sheet = [
    ["Код", "Наименование"],
    ["Ss", "Системы"],
    ["Ss_15", "Фундаменты"],
  ];
  const said = (headerRow: number) =>
    analyseCatalog(pricesBlock(sheet), {
      mapping: { headerRow, columns: { Code: "B", Name: "C" } },
    }).problems.map((p) => [p.kind, p.cell, problemText(p, "en").message]);

  it("above the selection: said once, as outside the range (not also as a header found elsewhere)", () => {
    expect(said(3)).toEqual([
      ["invalid-mapping", "B4", "The header row 3 is outside the selected range."],
      ["header-row-in-data", "B4", "Row 4 repeats the header (B4 reads “Код”), so it is not imported."],
    ]);
  });

  it("below the selection: said once, as outside the range, with nothing to import under it", () => {
    expect(said(7)).toEqual([
      ["invalid-mapping", "B4", "The header row 7 is outside the selected range."],
      [
        "no-data-rows",
        "B7",
        "The header in row 7 (B7) has no rows with data below it in the selected range, so there is nothing to import.",
      ],
    ]);
  });
});
