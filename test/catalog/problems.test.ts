// The problem list an estimator reads: in sheet order, with cell text quoted so that line breaks,
// tabs and very long cells do not break the message.
import { problemAt, quote, sortProblems, visible } from "../../src/catalog/problems";

const at = (row: number, columnIndex: number, message: string) =>
  problemAt({ sheet: "Catalog", row, columnIndex }, "missing-name", "error", "Name", message, "Fill it in.");

describe("the problem list", () => {
  it("is ordered by row, then by column (Z before AA), keeping the found order within a cell", () => {
    const found = [
      at(7, 1, "B7"),
      at(3, 26, "AA3"),
      at(3, 25, "Z3"),
      at(3, 2, "C3 first"),
      at(12, 0, "A12"),
      at(3, 2, "C3 second"),
      at(3, 0, "A3"),
    ];
    expect(sortProblems(found).map((p) => p.message)).toEqual([
      "A3",
      "C3 first",
      "C3 second",
      "Z3",
      "AA3",
      "B7",
      "A12",
    ]);
  });

  it("names the cell of each problem", () => {
    const problem = at(3, 26, "x");
    expect(problem).toMatchObject({ sheet: "Catalog", row: 3, column: "AA", cell: "AA3", field: "Name" });
  });
});

describe("cell text in messages", () => {
  it("shows line breaks, tabs and other control characters as visible symbols", () => {
    expect(visible("1.1\r\n2\tx\u0007y")).toBe("1.1↵↵2→x·y");
    expect(visible("plain")).toBe("plain");
  });

  it("quotes the text and shortens it after 60 characters", () => {
    expect(quote("Concrete\nworks")).toBe('"Concrete↵works"');
    const sixty = "x".repeat(60);
    expect(quote(sixty)).toBe(`"${sixty}"`);
    expect(quote(`${sixty}yz`)).toBe(`"${sixty}…"`);
  });
});
