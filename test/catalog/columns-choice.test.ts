// Which column the check reads for each field when the sheet is not tidy: headers that are labels
// with a value, headers far below a title, two columns naming one field (the content below
// decides, then how surely the header names it), a column choice that no longer fits the sheet,
// and columns holding data nobody reads. Each case pins the column read and the exact words the
// task pane shows. Blocks start at B4, so every cell named depends on both the first row and the
// first column.
import {
  analyseCatalog,
  detectHeader,
  findHeaderRow,
  mappingFromLetters,
  matchHeaderStrength,
  normaliseHeader,
  resolveMapping,
} from "../../src/catalog";
import type { CatalogField, CellValue, ColumnMapping, Problem } from "../../src/catalog";
import { pricesBlock, worded } from "./helpers";

const GUID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";

/** The parts of a problem the pane shows, in one line per problem. */
const shown = (problems: readonly Problem[]) =>
  problems.map(worded).map((p) => ({
    kind: p.kind,
    cell: p.cell,
    field: p.field,
    reason: p.reason,
    message: p.message,
    fix: p.fix,
    values: p.values,
  }));

describe("how surely a header names its field", () => {
  it.each<[string, CatalogField, boolean]>([
    ["ID", "Guid", true],
    ["Guid", "Guid", false],
    ["Стоимость", "Price", true],
    ["Стоимость единицы", "Price", false],
    ["Cost", "Price", true],
    ["Unit cost", "Price", false],
    ["Rate", "Price", true],
    ["Unit rate", "Price", false],
    ["Number", "Code", true],
    ["Код :", "Code", false],
    // The first six words are read; the rest of a long header does not hide its field.
    ["Name a b c d e f g", "Name", false],
    // ё is read as е.
    ["Ёд. изм.", "Unit", false],
  ])("%p names %s (weak: %p)", (text, field, weak) => {
    expect(matchHeaderStrength(text)).toEqual({ field, weak });
  });

  it.each([
    // A label followed by its value is a line of a title block, not a header.
    "Код: 12-345",
    "Наименование: Школа",
    // Signs alone name nothing.
    "№",
    "—",
  ])("%p names no field", (text) => {
    expect(matchHeaderStrength(text)).toBeNull();
  });

  it("compares headers in lower case, letters and digits only, with ё as е and accents composed", () => {
    expect(normaliseHeader("Ёд. изм.")).toBe("едизм");
    expect(normaliseHeader("Код: 12-345")).toBe("код12345");
    // й typed as и followed by a combining breve is the same letter, not a word break.
    expect(normaliseHeader("Мои\u0306 код")).toBe("мойкод");
    expect(normaliseHeader("№ —")).toBe("");
  });
});

describe("the header row", () => {
  const titled = (titles: number): CellValue[][] => [
    ...Array.from({ length: titles }, (_, i) => [`Title line ${i + 1}`]),
    ["Code", "Name"],
    ["1", "Walls"],
  ];

  it("is found in the 30th row of the range, and not looked for below it", () => {
    expect(findHeaderRow(pricesBlock(titled(29)))).toBe(29);
    expect(findHeaderRow(pricesBlock(titled(30)))).toBeNull();
  });

  it("is the first of two rows naming as many fields", () => {
    expect(
      findHeaderRow(
        pricesBlock([
          ["Code", "Name"],
          ["Код", "Наименование"],
          ["1", "Walls"],
        ]),
      ),
    ).toBe(0);
  });

  it("must name the Code and one more field", () => {
    expect(
      findHeaderRow(
        pricesBlock([
          ["Name", "Price", "Unit"],
          ["Walls", 5, "m2"],
        ]),
      ),
    ).toBeNull();
    expect(
      findHeaderRow(
        pricesBlock([
          ["Code", "Notes"],
          ["1", "x"],
        ]),
      ),
    ).toBeNull();
  });
});

/**
 * A table with Code and Name in B and C and two columns in D and E whose headers name one field,
 * with the given cells below them (and an optional title row above the header).
 */
function twoColumns(
  headers: [string, string],
  d: CellValue[],
  e: CellValue[],
  title?: [CellValue, CellValue],
) {
  const rows: CellValue[][] = title ? [["", "", ...title]] : [];
  rows.push(["Code", "Name", ...headers]);
  d.forEach((value, i) => rows.push([`${i + 1}`, `Position ${i + 1}`, value, e[i] ?? ""]));
  const { mapping, problems } = detectHeader(pricesBlock(rows));
  return { mapping, problems: shown(problems) };
}

/** The warning about the second column, as the pane shows it. */
function notRead(
  field: CatalogField,
  label: string,
  skipped: { column: string; header: string },
  used: { column: string; header: string },
  reason: "content" | "header",
  headerRow = 4,
) {
  return {
    kind: "duplicate-column",
    cell: `${skipped.column}${headerRow}`,
    field,
    reason,
    message: `The header in ${skipped.column}${headerRow} (${JSON.stringify(skipped.header)}) also names ${label}, but column ${used.column} (${JSON.stringify(used.header)}) fits it better and is read; column ${skipped.column} is not read.`,
    fix: `If column ${skipped.column} holds the ${label}, choose it by hand; otherwise rename its header.`,
    values: { header: skipped.header, usedColumn: used.column, usedHeader: used.header },
  };
}

describe("two columns naming one field", () => {
  const D = (header: string) => ({ column: "D", header });
  const E = (header: string) => ({ column: "E", header });

  it.each<[string, CatalogField, string, [string, string], CellValue[], CellValue[], "D" | "E"]>([
    [
      "a GUID column headed ID beats a Guid column of row numbers",
      "Guid",
      "Guid",
      ["ID", "Guid"],
      [GUID],
      [17],
      "D",
    ],
    ["the same, the other way round", "Guid", "Guid", ["Guid", "ID"], [17], [GUID], "E"],
    // Text that is no GUID does not fit either, however surely its header names the field.
    [
      "a GUID column headed ID beats a Guid column of text ids",
      "Guid",
      "Guid",
      ["ID", "Guid"],
      [GUID],
      ["A-17"],
      "D",
    ],
    ["prices beat TRUE/FALSE cells", "Price", "Price", ["Цена", "Стоимость"], [true], [6], "E"],
    [
      "three-letter codes beat TRUE/FALSE cells",
      "CurrencyCharCode",
      "Currency",
      ["Currency", "Валюта"],
      [false],
      ["RUB"],
      "E",
    ],
    [
      "prices beat text with a price-like start",
      "Price",
      "Price",
      ["Цена", "Стоимость"],
      ["12 руб"],
      [6],
      "E",
    ],
    ["prices beat text with a price-like end", "Price", "Price", ["Цена", "Стоимость"], ["руб 12"], [6], "E"],
    [
      "prices written as text with spaces and a comma",
      "Price",
      "Price",
      ["Цена", "Стоимость"],
      ["n/a"],
      ["1 234,50"],
      "E",
    ],
    [
      "three-letter codes beat currency names",
      "CurrencyCharCode",
      "Currency",
      ["Currency", "Валюта"],
      ["рубли"],
      ["RUB"],
      "E",
    ],
    [
      "three-letter codes beat four letters",
      "CurrencyCharCode",
      "Currency",
      ["Currency", "Валюта"],
      ["RUBL"],
      ["RUB"],
      "E",
    ],
    ["deletion marks beat other words", "Delete", "Delete", ["Delete", "Удалить"], ["maybe"], ["x"], "E"],
    ["text beats numbers for a unit", "Unit", "Unit", ["Unit", "Ед. изм."], [5], ["м2"], "E"],
  ])("%s", (_case, field, label, headers, d, e, chosen) => {
    const result = twoColumns(headers, d, e);
    expect(result.mapping?.columns[field]).toBe(chosen);
    const [used, skipped] = chosen === "D" ? [D(headers[0]), E(headers[1])] : [E(headers[1]), D(headers[0])];
    const problems = result.problems.filter((p) => p.field === field);
    expect(problems).toEqual([notRead(field, label, skipped, used, "content")]);
  });

  it.each<[string, CellValue]>([
    ["numbers", 5],
    ["dashes", "—"],
  ])("codes with letters or digits beat %s", (_case, other) => {
    const { mapping, problems } = detectHeader(
      pricesBlock([
        ["Name", "Code", "Шифр"],
        ["Walls", other, "1.1"],
      ]),
    );
    expect(mapping?.columns.Code).toBe("D");
    expect(shown(problems)).toEqual([
      notRead("Code", "Code", { column: "C", header: "Code" }, D("Шифр"), "content"),
    ]);
  });

  it("when both hold prices, the stronger header wins, and the warning says so", () => {
    const result = twoColumns(["Стоимость", "Цена"], [5], [6]);
    expect(result.mapping?.columns.Price).toBe("E");
    expect(result.problems).toEqual([notRead("Price", "Price", D("Стоимость"), E("Цена"), "header")]);
  });

  it("reads only the cells below the header, not a title above it", () => {
    // The title over D is text, not a price: counted, it would make D look less like prices.
    const result = twoColumns(["Цена", "Стоимость"], [5], [6], ["Прайс-лист на 2026 год", ""]);
    expect(result.mapping).toEqual({ headerRow: 5, columns: { Code: "B", Name: "C", Price: "D" } });
    expect(result.problems).toEqual([notRead("Price", "Price", E("Стоимость"), D("Цена"), "header", 5)]);
  });

  it("leaves blank cells out of the share that fits", () => {
    const result = twoColumns(["Цена", "Стоимость"], [5, "  ", "", "\u00a0"], [6, 7, 8, 9]);
    expect(result.mapping?.columns.Price).toBe("D");
    expect(result.problems).toEqual([notRead("Price", "Price", E("Стоимость"), D("Цена"), "header")]);
  });

  it("does not let one odd cell in twenty decide", () => {
    const prices = Array.from({ length: 20 }, (_, i) => i + 1);
    const result = twoColumns(["Цена", "Стоимость"], ["n/a", ...prices.slice(1)], prices);
    expect(result.mapping?.columns.Price).toBe("D");
  });

  it("samples the first 200 rows below the header", () => {
    const d = Array.from({ length: 400 }, (_, i): CellValue => (i < 200 ? i + 1 : `note ${i}`));
    const e = Array.from({ length: 400 }, (_, i): CellValue => i + 1);
    expect(twoColumns(["Цена", "Стоимость"], d, e).mapping?.columns.Price).toBe("D");
    // Within the sample, the notes decide.
    const early = [...d.slice(200), ...d.slice(0, 200)];
    expect(twoColumns(["Цена", "Стоимость"], early, e).mapping?.columns.Price).toBe("E");
  });

  it("does not read the 201st row below the header", () => {
    // Both columns empty in the sample: the headers decide, whatever the row after it holds.
    const d = Array.from({ length: 201 }, (): CellValue => "");
    const e = Array.from({ length: 201 }, (_, i): CellValue => (i === 200 ? 5 : ""));
    const result = twoColumns(["Цена", "Стоимость"], d, e);
    expect(result.mapping?.columns.Price).toBe("D");
    expect(result.problems).toEqual([notRead("Price", "Price", E("Стоимость"), D("Цена"), "header")]);
  });

  it.each<[[string, string], CellValue[], CellValue[], CatalogField, string]>([
    [["Currency", "Валюта"], ["EUR"], ["RUB"], "CurrencyCharCode", "Currency"],
    [["Unit", "Ед. изм."], ["м2"], ["шт"], "Unit", "Unit"],
  ])("%p holding the same kind of data cannot be told apart", (headers, d, e, field, label) => {
    const result = twoColumns(headers, d, e);
    expect(result.mapping?.columns[field]).toBe("D");
    expect(result.problems).toEqual([
      {
        kind: "ambiguous-column",
        cell: "D4",
        field,
        message: `The headers in D4 and E4 all name ${label}, and their columns hold the same kind of data, so it cannot be told which one holds the ${label}.`,
        fix: `Choose the ${label} column by hand, or rename the headers of the columns that do not hold it.`,
        values: { columns: ["D", "E"], header: headers[0] },
      },
    ]);
  });

  it("with nothing below the headers, the stronger header is read, and the warning says the header decided", () => {
    const result = twoColumns(["Стоимость", "Цена"], [""], [""]);
    expect(result.mapping?.columns.Price).toBe("E");
    expect(result.problems).toEqual([notRead("Price", "Price", D("Стоимость"), E("Цена"), "header")]);
  });

  it("with nothing below two equally strong headers, neither is chosen silently", () => {
    const result = twoColumns(["Currency", "Валюта"], [""], [""]);
    expect(result.mapping?.columns.CurrencyCharCode).toBe("D");
    expect(result.problems).toEqual([
      expect.objectContaining({
        kind: "ambiguous-column",
        cell: "D4",
        values: { columns: ["D", "E"], header: "Currency" },
      }),
    ]);
  });

  it("names every column when three cannot be told apart", () => {
    const { mapping, problems } = detectHeader(
      pricesBlock([
        ["Code", "Name", "Currency", "Валюта", "Код валюты"],
        ["1", "Walls", "EUR", "RUB", "USD"],
      ]),
    );
    expect(shown(problems)).toEqual([
      expect.objectContaining({
        kind: "ambiguous-column",
        message:
          "The headers in D4, E4, and F4 all name Currency, and their columns hold the same kind of data, so it cannot be told which one holds the Currency.",
        values: { columns: ["D", "E", "F"], header: "Currency" },
      }),
    ]);
    // The first of them is read meanwhile, and the problem sits on its header.
    expect(mapping?.columns.CurrencyCharCode).toBe("D");
    expect(shown(problems)[0]?.cell).toBe("D4");
  });
});

describe("a column choice made by hand", () => {
  const table = pricesBlock([
    ["Code", "Name", "Price"],
    ["1", "Walls", 5],
  ]);
  const resolve = (columns: ColumnMapping["columns"], headerRow: number | null = 4) =>
    shown(resolveMapping(table, mappingFromLetters(headerRow, columns)).problems);
  const unreadable = (field: CatalogField, column: string, where: string, reason: string) => ({
    kind: "invalid-mapping",
    cell: "B4",
    field,
    reason,
    message: `The ${field} field is mapped to a column that cannot be read: ${where}.`,
    fix: `Choose a column inside the selected range for ${field}, or select a wider range.`,
    values: { column },
  });

  it("reads the range's last column and refuses the next one, and the one before its first", () => {
    expect(resolve({ Code: "D", Name: "C" })).toEqual([]);
    expect(resolve({ Code: "E", Name: "C" })).toEqual([
      unreadable("Code", "E", "column E is outside the selected range", "outside-range"),
    ]);
    expect(resolve({ Code: "A", Name: "C" })).toEqual([
      unreadable("Code", "A", "column A is outside the selected range", "outside-range"),
    ]);
  });

  it("names a letter typed in lower case in capitals, and text that is no column as typed", () => {
    expect(resolve({ Code: "z", Name: "C" })).toEqual([
      unreadable("Code", "Z", "column Z is outside the selected range", "outside-range"),
    ]);
    expect(resolve({ Code: "1A", Name: "C" })).toEqual([
      unreadable("Code", "1A", '"1A" is not a column letter', "not-a-column"),
    ]);
  });

  it("refuses one column for two fields, naming both", () => {
    expect(resolve({ Code: "B", Name: "b" })).toEqual([
      {
        kind: "invalid-mapping",
        cell: "B4",
        field: "Name",
        reason: "same-column",
        message: "Column B is mapped to both Code and Name.",
        fix: "Map each field to its own column.",
        values: { column: "B", otherField: "Code" },
      },
    ]);
  });

  it.each([3, 6])("refuses a header row (%i) outside the range", (headerRow) => {
    expect(resolve({ Code: "B", Name: "C" }, headerRow)).toEqual([
      {
        kind: "invalid-mapping",
        cell: "B4",
        field: null,
        reason: "header-outside-range",
        message: `The header row ${headerRow} is outside the selected range.`,
        fix: 'Select a range that includes the header row, or choose "No header row" for the columns.',
        values: { headerRow },
      },
    ]);
  });

  it("takes the range's last row as the header row", () => {
    expect(resolve({ Code: "B", Name: "C" }, 5)).toEqual([]);
  });
});

describe("a column choice the sheet no longer fits", () => {
  // A title in row 4, the header in row 5, positions in rows 6 and 7.
  const table = pricesBlock([
    ["Price list"],
    ["Code", "Name", "Price"],
    ["1", "Walls", 5],
    ["2", "Floors", 6],
  ]);
  const mismatch = (headerRow: number) =>
    shown(
      analyseCatalog(table, { mapping: mappingFromLetters(headerRow, { Code: "B", Name: "C", Price: "D" }) })
        .problems,
    ).filter((p) => p.kind === "mapping-header-mismatch");

  it("when the header is now lower, says the header would be imported", () => {
    expect(mismatch(4)).toEqual([
      {
        kind: "mapping-header-mismatch",
        cell: "B4",
        field: null,
        message:
          "The column choice names row 4 (B4) as the header, but the header of this table is now in row 5; reading from row 5 would import the header.",
        fix: "Choose the columns again for this table (header in row 5).",
        values: { headerRow: 4, foundRow: 5 },
      },
    ]);
  });

  it.each([6, 7])(
    "when the header is now higher (choice: row %i), says data rows would be skipped",
    (row) => {
      expect(mismatch(row)).toEqual([
        {
          kind: "mapping-header-mismatch",
          cell: `B${row}`,
          field: null,
          message: `The column choice names row ${row} (B${row}) as the header, but the header of this table is now in row 5; reading from row ${row + 1} would skip data rows.`,
          fix: "Choose the columns again for this table (header in row 5).",
          values: { headerRow: row, foundRow: 5 },
        },
      ]);
    },
  );

  it("puts the problem on the Code cell of the named row, wherever the Code column is", () => {
    const codeSecond = pricesBlock([["Price list"], ["Name", "Code", "Price"], ["Walls", "1", 5]]);
    const mapping = mappingFromLetters(4, { Name: "B", Code: "C", Price: "D" });
    const found = shown(analyseCatalog(codeSecond, { mapping }).problems).filter(
      (p) => p.kind === "mapping-header-mismatch",
    );
    expect(found).toEqual([expect.objectContaining({ cell: "C4", values: { headerRow: 4, foundRow: 5 } })]);
  });

  it("fits when it names the row the header is in", () => {
    expect(mismatch(5)).toEqual([]);
  });

  it("fits a header in words the check does not know, below a title, when it names that row", () => {
    const unknownWords = pricesBlock([["Cennik"], ["Poz.", "Opis", "Kwota"], ["1", "Walls", 5]]);
    const mapping = mappingFromLetters(5, { Code: "B", Name: "C", Price: "D" });
    expect(detectHeader(unknownWords).mapping).toBeNull();
    const analysis = analyseCatalog(unknownWords, { mapping });
    expect(shown(analysis.problems).filter((p) => p.kind === "mapping-header-mismatch")).toEqual([]);
    expect(analysis.positions.map((p) => [p.row, p.Code])).toEqual([[6, "1"]]);
  });

  it.each<[string, CellValue[], string, string, string]>([
    ["a price", ["x", "Walls", 5], "D4", "Price", "5"],
    ["a code", [12, "Walls", "Цена"], "B4", "Code", "12"],
  ])("names a header row holding %s as a number, at its cell", (_case, first, cell, field, text) => {
    const noHeader = pricesBlock([first, ["1.1", "Floors", 6]]);
    const found = shown(
      analyseCatalog(noHeader, { mapping: mappingFromLetters(4, { Code: "B", Name: "C", Price: "D" }) })
        .problems,
    ).filter((p) => p.kind === "mapping-header-mismatch");
    expect(found).toEqual([
      {
        kind: "mapping-header-mismatch",
        cell,
        field,
        message: `The column choice names row 4 as the header, but its ${field} cell ${cell} holds the number ${text}, which looks like data; that row would not be imported.`,
        fix: "Choose the columns again and check the header row.",
        values: { headerRow: 4, text },
      },
    ]);
  });
});

describe("columns holding data nobody reads", () => {
  it("are each reported once at the header, with their header, the rows filled and the field suggested", () => {
    const table = pricesBlock([
      ["Code", "Name", "Notes", "Цена", ""],
      ["1", "Walls", "check", 5, "   "],
      ["2", "Floors", "", 6, 7],
    ]);
    const analysis = analyseCatalog(table, { mapping: mappingFromLetters(4, { Code: "B", Name: "C" }) });
    expect(shown(analysis.problems)).toEqual([
      {
        kind: "unmapped-column",
        cell: "D4",
        field: null,
        message:
          'Column D (headed "Notes" in D4) holds data in 1 row, but no field is read from it, so it is not imported.',
        fix: "If column D holds a field of the positions (price, unit, ...), choose it under Columns; otherwise nothing needs doing.",
        values: { column: "D", header: "Notes", filledRows: 1, suggestion: "" },
      },
      {
        kind: "unmapped-column",
        cell: "E4",
        field: null,
        message:
          'Column E (headed "Цена" in E4) holds data in 2 rows, but no field is read from it, so it is not imported; its header suggests Price.',
        fix: "Choose column E for Price under Columns if it holds it; otherwise nothing needs doing.",
        values: { column: "E", header: "Цена", filledRows: 2, suggestion: "Price" },
      },
      {
        kind: "unmapped-column",
        cell: "F4",
        field: null,
        message: "Column F holds data in 1 row, but no field is read from it, so it is not imported.",
        fix: "If column F holds a field of the positions (price, unit, ...), choose it under Columns; otherwise nothing needs doing.",
        values: { column: "F", header: "", filledRows: 1, suggestion: "" },
      },
    ]);
    expect(analysis.unmappedColumns).toEqual([
      { column: "D", header: "Notes", filledRows: 1, suggestion: null },
      { column: "E", header: "Цена", filledRows: 2, suggestion: "Price" },
      { column: "F", header: "", filledRows: 1, suggestion: null },
    ]);
  });

  it("are reported at the range's first row, counting every row, when there is no header row", () => {
    const table = pricesBlock([
      ["1", "Walls", "a"],
      ["2", "Floors", "b"],
    ]);
    const analysis = analyseCatalog(table, { mapping: mappingFromLetters(null, { Code: "B", Name: "C" }) });
    expect(shown(analysis.problems)).toEqual([
      {
        kind: "unmapped-column",
        cell: "D4",
        field: null,
        message: "Column D holds data in 2 rows, but no field is read from it, so it is not imported.",
        fix: "If column D holds a field of the positions (price, unit, ...), choose it under Columns; otherwise nothing needs doing.",
        values: { column: "D", header: "", filledRows: 2, suggestion: "" },
      },
    ]);
  });
});
