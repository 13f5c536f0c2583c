// What the check reports about the block as a whole: the exact words the task pane shows when it
// cannot start, when a column is missing or when there is nothing to import, and the counts of
// errors and warnings shown above the list.
import { analyseCatalog, mappingFromLetters } from "../../src/catalog";
import type { CatalogAnalysis, CellBlock, CellValue } from "../../src/catalog";
import { pricesBlock, worded, type WordedProblem } from "./helpers";

/** The sheet's block starts at B3. */
const block = (values: CellValue[][], extra: Partial<CellBlock> = {}): CellBlock =>
  pricesBlock(values, { startRow: 3, ...extra });

const NOTHING_COUNTED = {
  positions: 0,
  roots: 0,
  levels: 0,
  orphans: 0,
  withGuid: 0,
  withoutGuid: 0,
  deletions: 0,
  emptyRows: 0,
  skippedRows: 0,
  errors: 1,
  warnings: 0,
};

/** A check that stopped at once: one problem, nothing to import, one error counted. */
function expectStoppedWith(analysis: CatalogAnalysis, problem: WordedProblem) {
  expect(analysis.problems.map(worded)).toEqual([problem]);
  expect(analysis.positions).toEqual([]);
  expect(analysis.deletions).toEqual([]);
  expect(analysis.missingParents).toEqual([]);
  expect(analysis.unmappedColumns).toEqual([]);
  expect(analysis.tree).toEqual({ roots: [], levels: 0, orphans: 0, size: 0 });
  expect(analysis.counts).toEqual(NOTHING_COUNTED);
}

const outsideSheet: WordedProblem = {
  kind: "block-outside-sheet",
  severity: "error",
  sheet: "Prices",
  row: 1,
  column: "A",
  cell: "A1",
  field: null,
  values: { sheet: "Prices" },
  message:
    'The cells given to read on sheet "Prices" reach beyond the worksheet (past column XFD or above row 1), so they cannot be a selection.',
  fix: "Select the catalog's cells again.",
};

describe("cells at the edges of the worksheet", () => {
  it.each([
    ["ending exactly in column XFD", { startColumn: 16_382 }, "XFD4"],
    ["starting in row 1", { startRow: 1 }, "C2"],
    ["starting in column A", { startColumn: 0 }, "B4"],
  ])("reads a range %s", (_case, extra, nameCell) => {
    const analysis = analyseCatalog(
      block(
        [
          ["Code", "Name"],
          ["1", ""],
        ],
        extra,
      ),
    );
    // The range is read: its one row is checked, so the missing name is found in its own cell.
    expect(analysis.problems.map((p) => [p.kind, p.cell])).toEqual([["missing-name", nameCell]]);
  });

  it.each([
    ["one column past XFD", { startColumn: 16_383 }],
    ["above row 1", { startRow: 0 }],
    ["starting between rows", { startRow: 2.5 }],
    ["left of column A", { startColumn: -1 }],
  ])("refuses a range %s, at A1 with the words the pane shows", (_case, extra) => {
    const analysis = analyseCatalog(
      block(
        [
          ["Code", "Name"],
          ["1", "Walls"],
        ],
        extra,
      ),
    );
    expectStoppedWith(analysis, outsideSheet);
    expect(analysis.mapping).toBeNull();
  });
});

describe("a range with nothing in it", () => {
  const emptySelection: WordedProblem = {
    kind: "empty-selection",
    severity: "error",
    sheet: "Prices",
    row: 3,
    column: "B",
    cell: "B3",
    field: null,
    values: { sheet: "Prices" },
    message: 'The selected range on sheet "Prices" is empty: there is nothing to import.',
    fix: "Select the catalog's cells, from its header row to its last row, and try again.",
  };

  it("says so at its first cell, telling the user to select the catalog", () => {
    expectStoppedWith(analyseCatalog(block([["", "  "], [""]])), emptySelection);
  });

  it("takes rows with missing cells for empty", () => {
    const sparse = [new Array<CellValue>(3), new Array<CellValue>(1)];
    expectStoppedWith(analyseCatalog(block(sparse)), emptySelection);
  });

  it.each([
    ["the number 0", 0],
    ["the value FALSE", false],
  ])("takes a range holding only %s for content, and looks for its header", (_case, value) => {
    const analysis = analyseCatalog(block([["", value]]));
    expect(analysis.problems.map((p) => p.kind)).toEqual(["no-header"]);
  });
});

describe("a range without a header", () => {
  it("says in how many rows it looked, and how to add a header", () => {
    const analysis = analyseCatalog(
      block([
        ["1", "Walls"],
        ["2", "Floors"],
      ]),
    );
    expectStoppedWith(analysis, {
      kind: "no-header",
      severity: "error",
      sheet: "Prices",
      row: 3,
      column: "B",
      cell: "B3",
      field: null,
      values: { sheet: "Prices", rows: 30 },
      message:
        'No header row naming a Code column was found in the first 30 rows of the selected range on sheet "Prices".',
      fix: 'Add a header row with at least Code and Name (for example "Code", "Name", "Price"), or choose the columns by hand.',
    });
    expect(analysis.mapping).toBeNull();
  });
});

describe("the Code column", () => {
  it("when no column is chosen for it, is named missing with the headers that would do", () => {
    const mapping = mappingFromLetters(3, { Name: "B", Price: "C" });
    const analysis = analyseCatalog(
      block([
        ["Name", "Price"],
        ["Walls", 10],
      ]),
      { mapping },
    );
    expectStoppedWith(analysis, {
      kind: "missing-column",
      severity: "error",
      sheet: "Prices",
      row: 3,
      column: "B",
      cell: "B3",
      field: "Code",
      values: {},
      message: "No column holds the Code, which every position needs.",
      fix: 'Add a column headed "Code" (or "Код", "Шифр"), or choose the Code column by hand.',
    });
    expect(analysis.mapping).toEqual(mapping);
  });

  it("when chosen outside the range, is reported once, as a choice that cannot be read", () => {
    const analysis = analyseCatalog(
      block([
        ["Code", "Name"],
        ["1", "Walls"],
      ]),
      { mapping: mappingFromLetters(3, { Code: "Z", Name: "C" }) },
    );
    expectStoppedWith(analysis, {
      kind: "invalid-mapping",
      severity: "error",
      sheet: "Prices",
      row: 3,
      column: "B",
      cell: "B3",
      field: "Code",
      reason: "outside-range",
      values: { column: "Z" },
      message:
        "The Code field is mapped to a column that cannot be read: column Z is outside the selected range.",
      fix: "Choose a column inside the selected range for Code, or select a wider range.",
    });
  });
});

describe("a header with nothing to import below it", () => {
  it("names the header row and its cell", () => {
    const analysis = analyseCatalog(block([["Code", "Name"]]));
    expectStoppedWith(analysis, {
      kind: "no-data-rows",
      severity: "error",
      sheet: "Prices",
      row: 3,
      column: "B",
      cell: "B3",
      field: null,
      values: { sheet: "Prices", headerRow: 3 },
      message:
        "The header in row 3 (B3) has no rows with data below it in the selected range, so there is nothing to import.",
      fix: "Select the header row together with the rows of positions below it.",
    });
  });

  it("without a header row, says the range has no rows to import", () => {
    // An unset deletion mark is content for the range but not a row to import.
    const analysis = analyseCatalog(block([["", false]]), {
      mapping: mappingFromLetters(null, { Code: "B", Delete: "C" }),
    });
    expect(analysis.problems.map(worded)).toEqual([
      {
        kind: "no-data-rows",
        severity: "error",
        sheet: "Prices",
        row: 3,
        column: "B",
        cell: "B3",
        field: null,
        values: { sheet: "Prices", headerRow: 0 },
        message: 'The selected range on sheet "Prices" has no rows to import.',
        fix: "Select the header row together with the rows of positions below it.",
      },
    ]);
    expect(analysis.counts).toEqual({ ...NOTHING_COUNTED, emptyRows: 1 });
  });

  it.each<[string, CellValue[][], string[]]>([
    ["only deletions", [["1", "", "x"]], []],
    ["only a repeated header", [["Code", "Name", ""]], ["header-row-in-data"]],
    ["only data in a column nobody reads", [["", "", "", "note"]], ["unmapped-column", "unmapped-data"]],
    ["only a deletion without a key", [["", "", "x"]], ["deletion-without-key"]],
  ])("is not reported when the rows below hold %s", (_case, rows, kinds) => {
    const analysis = analyseCatalog(block([["Code", "Name", "Delete", ""], ...rows]));
    expect(analysis.problems.map((p) => p.kind)).toEqual(kinds);
  });
});

describe("the Name column", () => {
  it("when missing, is reported once with the number of positions the platform would ignore", () => {
    const analysis = analyseCatalog(
      block([
        ["Code", "Price"],
        ["1", 10],
        ["2", 20],
        ["3", 30],
      ]),
    );
    // Not once more in every row: the column is missing, not the rows' names.
    expect(analysis.problems.map(worded)).toEqual([
      {
        kind: "missing-column",
        severity: "error",
        sheet: "Prices",
        row: 3,
        column: "B",
        cell: "B3",
        field: "Name",
        values: { positions: 3 },
        message:
          "No column holds the Name; the platform ignores positions without a name, so none of the 3 positions would be imported.",
        fix: 'Add a column headed "Name" (or "Наименование", "Title"), or choose the Name column by hand.',
      },
    ]);
  });

  it("when missing above no rows, is not reported besides the empty table", () => {
    const analysis = analyseCatalog(block([["Code", "Price"]]));
    expect(analysis.problems.map((p) => [p.kind, p.field])).toEqual([["no-data-rows", null]]);
  });

  it("when chosen outside the range, is reported once, as a choice that cannot be read", () => {
    const analysis = analyseCatalog(
      block([
        ["Code", "Price"],
        ["1", 5],
      ]),
      { mapping: mappingFromLetters(3, { Code: "B", Name: "Z", Price: "C" }) },
    );
    expect(analysis.problems.map((p) => [p.kind, p.field, p.cell])).toEqual([
      ["invalid-mapping", "Name", "B3"],
    ]);
  });

  it("when present, is not reported missing", () => {
    const analysis = analyseCatalog(
      block([
        ["Code", "Name"],
        ["1", "Walls"],
      ]),
    );
    expect(analysis.problems).toEqual([]);
    expect(analysis.positions).toEqual([{ row: 4, Code: "1", Name: "Walls" }]);
  });
});

describe("second columns for a field", () => {
  it("are listed as not read, without a second warning, also past column Z", () => {
    const analysis = analyseCatalog(
      block(
        [
          ["Code", "Name", "Name"],
          ["1", "Walls", "Стены"],
          ["2", "Floors", "Полы"],
        ],
        { startColumn: 25 },
      ),
    );
    expect(analysis.problems.map((p) => [p.kind, p.cell, p.values])).toEqual([
      ["ambiguous-column", "AA3", { columns: ["AA", "AB"], header: "Name" }],
    ]);
    expect(analysis.unmappedColumns).toEqual([
      { column: "AB", header: "Name", filledRows: 2, suggestion: "Name" },
    ]);
  });

  it("with a weaker header, are listed as not read and warned about once", () => {
    const analysis = analyseCatalog(
      block([
        ["Code", "Name", "Цена", "Стоимость"],
        ["1", "Walls", 5, 6],
      ]),
    );
    expect(analysis.problems.map((p) => [p.kind, p.cell])).toEqual([["duplicate-column", "E3"]]);
    expect(analysis.unmappedColumns.map((u) => u.column)).toEqual(["E"]);
  });
});

describe("the counts above the list of problems", () => {
  it("count errors and warnings apart, and leave the rows with errors out", () => {
    const analysis = analyseCatalog(
      block([
        ["Code", "Name", "Цена", "Стоимость"],
        ["1", "", 5, 6],
        ["2", "Floors", 7, 8],
        ["Code", "Name", "", ""],
      ]),
    );
    expect(analysis.problems.map((p) => [p.kind, p.severity])).toEqual([
      ["duplicate-column", "warning"],
      ["missing-name", "error"],
      ["header-row-in-data", "warning"],
    ]);
    expect(analysis.positions).toEqual([{ row: 5, Code: "2", Name: "Floors", Price: 7 }]);
    expect(analysis.counts).toEqual({
      positions: 1,
      roots: 2,
      levels: 1,
      orphans: 0,
      withGuid: 0,
      withoutGuid: 1,
      deletions: 0,
      emptyRows: 0,
      skippedRows: 1,
      errors: 1,
      warnings: 2,
    });
  });
});
