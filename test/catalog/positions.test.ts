import { LONG_TEXT, analyseCatalog } from "../../src/catalog";
import type { CellBlock, CellValue, CellValueType } from "../../src/catalog";
import { worded } from "./helpers";

const HEADER = ["Code", "Name", "Price", "Unit", "Currency", "Guid", "Binding", "Control points", "Delete"];
const GUID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";

const block = (rows: CellValue[][], extra: Partial<CellBlock> = {}): CellBlock => ({
  sheet: "Catalog",
  startRow: 1,
  startColumn: 0,
  values: [HEADER, ...rows].map((r) => [...r, ...Array<CellValue>(HEADER.length - r.length).fill("")]),
  ...extra,
});

describe("cells to positions", () => {
  it("reads every field, cleaned and normalised", () => {
    const analysis = analyseCatalog(
      block([
        ["1", "Root"],
        [
          "\u00a01.1 ",
          "  Concrete\u00a0B25 ",
          12.5,
          " m3",
          "usd",
          `{${GUID.toUpperCase()}}`,
          " ext-17 ",
          "Volume=V; Area=S",
          "",
        ],
      ]),
    );
    expect(analysis.problems).toEqual([]);
    expect(analysis.positions[1]).toEqual({
      row: 3,
      Code: "1.1",
      Name: "Concrete B25",
      Price: 12.5,
      Unit: "m3",
      CurrencyCharCode: "USD",
      Guid: GUID,
      Binding: "ext-17",
      ControlPoints: [
        { Binding: "Volume", VariableName: "V" },
        { Binding: "Area", VariableName: "S" },
      ],
    });
  });

  it("leaves out a field whose cell is blank", () => {
    const analysis = analyseCatalog(block([["1", "Root", "", "  ", "", "", "", "", ""]]));
    expect(analysis.positions).toEqual([{ row: 2, Code: "1", Name: "Root" }]);
    expect(Object.keys(analysis.positions[0] ?? {})).toEqual(["row", "Code", "Name"]);
  });

  it("leaves out a field whose column is absent", () => {
    const analysis = analyseCatalog({
      sheet: "S",
      startRow: 1,
      startColumn: 0,
      values: [
        ["Code", "Name"],
        ["1", "Root"],
      ],
    });
    expect(analysis.positions).toEqual([{ row: 2, Code: "1", Name: "Root" }]);
  });

  it("reads a price given as text with the workbook's decimal separator, with a warning", () => {
    const analysis = analyseCatalog(block([["1", "Root", "1 234,5"]]), { decimalSeparator: "," });
    expect(analysis.positions[0]?.Price).toBe(1234.5);
    expect(analysis.problems.map((p) => [p.cell, p.kind, p.severity])).toEqual([
      ["C2", "price-text", "warning"],
    ]);
    expect(analysis.problems.map(worded)[0]?.message).toContain("1,234.5");
  });

  it("keeps a zero price", () => {
    expect(analyseCatalog(block([["1", "Root", 0]])).positions[0]?.Price).toBe(0);
  });

  it("turns whole-number codes into text, flagged since Excel drops leading zeros", () => {
    const analysis = analyseCatalog(block([[7, "Root"]]));
    expect(analysis.positions[0]?.Code).toBe("7");
    expect(analysis.problems.map((p) => [p.kind, p.cell, p.severity])).toEqual([
      ["numeric-code", "A2", "warning"],
    ]);
  });

  it("skips and counts empty rows, including rows of spaces only", () => {
    const analysis = analyseCatalog(
      block([["1", "Root"], [], ["\u00a0", "  "], ["2", "Second"], ["", "", "", "", "", "", "", "", false]]),
    );
    // The last row holds only an unset deletion mark, as checkbox columns filled to the end do.
    expect(analysis.counts.emptyRows).toBe(3);
    expect(analysis.positions.map((p) => p.row)).toEqual([2, 5]);
    expect(analysis.problems).toEqual([]);
  });

  it("sends rows marked for deletion to the deletions with Guid, Code and Name", () => {
    const analysis = analyseCatalog(
      block([
        ["1", "Root"],
        ["1.1", "Old", 5, "m", "EUR", GUID.replace(/-/g, ""), "", "", "x"],
        ["1.2", "", "", "", "", "", "", "", true],
        ["", "Gone", "", "", "", GUID.replace("3f", "4f"), "", "", "удалить"],
      ]),
    );
    expect(analysis.problems).toEqual([]);
    expect(analysis.positions.map((p) => p.Code)).toEqual(["1"]);
    expect(analysis.deletions).toEqual([
      { row: 3, Guid: GUID, Code: "1.1", Name: "Old" },
      { row: 4, Code: "1.2" },
      { row: 5, Guid: GUID.replace("3f", "4f"), Name: "Gone" },
    ]);
    expect(analysis.counts.deletions).toBe(3);
  });

  it("names cells in sheet coordinates when the block starts away from A1", () => {
    const analysis = analyseCatalog({
      sheet: "Прайс",
      startRow: 10,
      startColumn: 27,
      values: [
        ["Код", "Наименование"],
        ["1", ""],
      ],
    });
    expect(analysis.problems.map((p) => [p.sheet, p.cell, p.column, p.row])).toEqual([
      ["Прайс", "AC11", "AC", 11],
    ]);
    expect(analysis.problems.map(worded)[0]?.message).toContain("AC11");
  });

  it("uses Excel's value types: text that looks like an error is only an error when Excel says so", () => {
    const values: CellValue[][] = [
      ["Code", "Name"],
      ["1", "#N/A"],
    ];
    const types: CellValueType[][] = [
      ["String", "String"],
      ["String", "String"],
    ];
    const asText = analyseCatalog({ sheet: "S", startRow: 1, startColumn: 0, values, valueTypes: types });
    expect(asText.problems).toEqual([]);
    expect(asText.positions[0]?.Name).toBe("#N/A");
  });

  it("explains an Excel error with its usual cause", () => {
    const analysis = analyseCatalog(block([["1", "#REF!"]]));
    expect(analysis.problems.map(worded)[0]?.message).toBe(
      "Cell B2 (Name) shows the Excel error #REF!: a formula refers to a cell that was deleted.",
    );
  });

  describe("text longer than 1,000 characters: the platform states no limit", () => {
    const exactly = (letter: string): string => letter.repeat(LONG_TEXT);
    const longProblems = (rows: CellValue[][]) =>
      analyseCatalog(block(rows)).problems.filter((p) => p.kind === "long-text");

    it("says nothing of a code, a name and a control point of exactly 1,000 characters", () => {
      expect(LONG_TEXT).toBe(1000);
      const code = `1${exactly("C").slice(1)}`;
      const analysis = analyseCatalog(
        block([[code, exactly("N"), "", "", "", "", "", `${exactly("B")}=${exactly("V")}`]]),
      );
      expect(analysis.problems).toEqual([]);
      expect(analysis.positions[0]?.Name).toHaveLength(1000);
      expect(analysis.positions[0]?.ControlPoints).toEqual([
        { Binding: exactly("B"), VariableName: exactly("V") },
      ]);
    });

    it("warns of each of them at 1,001 characters, naming the cell, and sends the text whole", () => {
      const over = (letter: string): string => `${exactly(letter)}${letter}`;
      const warned = (rows: CellValue[][]) =>
        longProblems(rows).map((p) => [p.cell, p.severity, p.values?.["length"]]);
      expect(warned([[`1${exactly("C")}`, "Name"]])).toEqual([["A2", "warning", 1001]]);
      expect(warned([["1", over("N")]])).toEqual([["B2", "warning", 1001]]);
      expect(warned([["1", "Name", "", "", "", "", "", `${over("B")}=V`]])).toEqual([
        ["H2", "warning", 1001],
      ]);
      // One warning for the cell, however many of its parts are long.
      expect(warned([["1", "Name", "", "", "", "", "", `B=${over("V")}; ${over("B")}x=V`]])).toEqual([
        ["H2", "warning", 1002],
      ]);
      const analysis = analyseCatalog(
        block([[`1${exactly("C")}`, over("N"), "", "", "", "", "", `B=${over("V")}`]]),
      );
      expect(analysis.positions[0]?.Code).toHaveLength(1001);
      expect(analysis.positions[0]?.Name).toBe(over("N"));
      expect(analysis.positions[0]?.ControlPoints).toEqual([{ Binding: "B", VariableName: over("V") }]);
    });
  });

  it("names both rows of a duplicate code", () => {
    const analysis = analyseCatalog(
      block([
        ["1", "A"],
        ["1", "B"],
      ]),
    );
    expect(analysis.problems).toHaveLength(1);
    expect(analysis.problems.map(worded)[0]?.message).toContain("A3");
    expect(analysis.problems.map(worded)[0]?.message).toContain("A2");
  });

  it("counts positions with and without Guid, roots, levels and orphans", () => {
    const analysis = analyseCatalog(
      block([
        ["1", "Root", "", "", "", GUID],
        ["1.1", "Child"],
        ["1.1.1", "Grandchild"],
        ["2", "Root 2"],
        ["9.9", "Orphan"],
      ]),
    );
    expect(analysis.counts).toEqual({
      positions: 5,
      skippedRows: 0,
      roots: 2,
      levels: 3,
      orphans: 1,
      withGuid: 1,
      withoutGuid: 4,
      deletions: 0,
      emptyRows: 0,
      errors: 0,
      warnings: 1,
    });
  });

  it("tells a formula from a text constant that starts with an equals sign", () => {
    const analysis = analyseCatalog({
      sheet: "S",
      startRow: 1,
      startColumn: 0,
      values: [
        ["Code", "Name"],
        ["=1", "Typed after an apostrophe"],
        ["2", "Computed"],
      ],
      formulas: [
        ["Code", "Name"],
        ["=1", "Typed after an apostrophe"],
        ['="2"', "Computed"],
      ],
    });
    expect(analysis.problems.map((p) => [p.cell, p.kind])).toEqual([["A3", "formula-code"]]);
  });
});

describe("currency messages", () => {
  const currencyProblem = (typed: string) =>
    analyseCatalog(
      block([
        ["1", "Root"],
        ["1.1", "Concrete", 10, "m3", typed],
      ]),
    )
      .problems.map(worded)
      .find((p) => p.field === "CurrencyCharCode");

  it("suggests the code for Cyrillic letters as a question, ending once", () => {
    const problem = currencyProblem("РУБ");
    expect(problem?.kind).toBe("malformed-currency");
    expect(problem?.message).toBe(
      'The Currency in E3 ("РУБ") is not a three-letter currency code; did you mean RUB?',
    );
    expect(problem?.fix).toBe("Enter RUB in E3.");
  });

  it("ends with a full stop when there is nothing to suggest", () => {
    const problem = currencyProblem("dollars");
    expect(problem?.kind).toBe("malformed-currency");
    expect(problem?.message).toBe('The Currency in E3 ("dollars") is not a three-letter currency code.');
  });
});
