// When the check stops before reading any position, it says why in one problem (its kind, cell and
// the values the pane words it with) and returns nothing to import: no positions, no deletions, an
// empty tree, one error counted.
import { analyseCatalog, mappingFromLetters } from "../../src/catalog";
import type { CatalogAnalysis, CellBlock, CellValue } from "../../src/catalog";
import { pricesBlock } from "./helpers";

/** The sheet's block starts at B3. */
const block = (values: CellValue[][], extra: Partial<CellBlock> = {}): CellBlock =>
  pricesBlock(values, { startRow: 3, ...extra });

function expectNothingToImport(analysis: CatalogAnalysis) {
  expect(analysis.positions).toEqual([]);
  expect(analysis.deletions).toEqual([]);
  expect(analysis.missingParents).toEqual([]);
  expect(analysis.unmappedColumns).toEqual([]);
  expect(analysis.tree.roots).toEqual([]);
  expect(analysis.counts).toMatchObject({ positions: 0, deletions: 0, errors: 1, warnings: 0, roots: 0 });
}

describe("a check that cannot start", () => {
  it("refuses cells beyond the worksheet, anchored at A1", () => {
    const analysis = analyseCatalog(block([["Code", "Name"]], { startColumn: 16_383 }));
    expect(analysis.problems.map((p) => [p.kind, p.cell, p.values])).toEqual([
      ["block-outside-sheet", "A1", { sheet: "Prices" }],
    ]);
    expect(analysis.mapping).toBeNull();
    expectNothingToImport(analysis);
  });

  it("refuses a range above row 1", () => {
    const analysis = analyseCatalog(block([["Code", "Name"]], { startRow: 0 }));
    expect(analysis.problems.map((p) => p.kind)).toEqual(["block-outside-sheet"]);
  });

  it("says an empty range is empty, at its first cell", () => {
    const analysis = analyseCatalog(
      block([
        ["", " "],
        ["\u00a0", ""],
      ]),
    );
    expect(analysis.problems.map((p) => [p.kind, p.cell, p.values])).toEqual([
      ["empty-selection", "B3", { sheet: "Prices" }],
    ]);
    expectNothingToImport(analysis);
  });

  it("says no header was found in the rows it looked at", () => {
    const analysis = analyseCatalog(
      block([
        ["1", "Walls"],
        ["2", "Floors"],
      ]),
    );
    expect(analysis.problems.map((p) => [p.kind, p.cell, p.values])).toEqual([
      ["no-header", "B3", { sheet: "Prices", rows: 30 }],
    ]);
    expectNothingToImport(analysis);
  });

  it("says which column is missing when the chosen columns have no Code", () => {
    const analysis = analyseCatalog(
      block([
        ["Name", "Price"],
        ["Walls", 10],
      ]),
      {
        mapping: mappingFromLetters(3, { Name: "B", Price: "C" }),
      },
    );
    expect(analysis.problems.map((p) => [p.kind, p.field, p.cell])).toEqual([
      ["missing-column", "Code", "B3"],
    ]);
    expect(analysis.mapping).not.toBeNull();
    expectNothingToImport(analysis);
  });

  it("says a header with nothing below it has no rows, naming the header row", () => {
    const analysis = analyseCatalog(block([["Code", "Name"]]));
    expect(analysis.problems.map((p) => [p.kind, p.cell, p.values])).toEqual([
      ["no-data-rows", "B3", { sheet: "Prices", headerRow: 3 }],
    ]);
    expectNothingToImport(analysis);
  });

  it("says without a Name column how many positions the platform would ignore", () => {
    const analysis = analyseCatalog(
      block([
        ["Code", "Price"],
        ["1", 10],
        ["2", 20],
      ]),
    );
    const missing = analysis.problems.filter((p) => p.kind === "missing-column");
    expect(missing.map((p) => [p.field, p.cell, p.values])).toEqual([["Name", "B3", { positions: 2 }]]);
  });
});

describe("columns typed by the user", () => {
  it("are read in capitals without spaces, and an empty choice is no choice", () => {
    expect(mappingFromLetters(2, { Code: " b ", Name: "c", Price: "  ", Unit: "" })).toEqual({
      headerRow: 2,
      columns: { Code: "B", Name: "C" },
    });
  });

  it("keep a header name that is not a column letter as typed", () => {
    expect(mappingFromLetters(null, { Code: "Шифр" }).columns).toEqual({ Code: "Шифр" });
  });
});
