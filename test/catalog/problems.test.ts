// The problem list an estimator reads: in sheet order, each problem at its cell, with cell text
// made visible so that line breaks and tabs do not break the sentence it is shown in.
import { problemAt, sortProblems, visible } from "../../src/catalog/problems";

const at = (row: number, columnIndex: number, order: number) =>
  problemAt({ sheet: "Catalog", row, columnIndex }, "missing-name", "error", "Name", { order });

describe("the problem list", () => {
  it("is ordered by row, then by column (Z before AA), keeping the found order within a cell", () => {
    const found = [
      at(7, 1, 1),
      at(3, 26, 2),
      at(3, 25, 3),
      at(3, 2, 4),
      at(12, 0, 5),
      at(3, 2, 6),
      at(3, 0, 7),
    ];
    expect(sortProblems(found).map((p) => [p.cell, p.values["order"]])).toEqual([
      ["A3", 7],
      ["C3", 4],
      ["C3", 6],
      ["Z3", 3],
      ["AA3", 2],
      ["B7", 1],
      ["A12", 5],
    ]);
  });

  it("names the cell of each problem, and holds no words", () => {
    const problem = at(3, 26, 1);
    expect(problem).toEqual({
      kind: "missing-name",
      severity: "error",
      sheet: "Catalog",
      row: 3,
      column: "AA",
      cell: "AA3",
      field: "Name",
      values: { order: 1 },
    });
  });

  it("carries the reason of a kind with variants, and no reason key otherwise", () => {
    const place = { sheet: "Catalog", row: 2, columnIndex: 0 };
    expect(problemAt(place, "invalid-code", "error", "Code", { text: "TRUE" }, "boolean")).toMatchObject({
      kind: "invalid-code",
      reason: "boolean",
    });
    expect(Object.keys(problemAt(place, "missing-code", "error", "Code"))).not.toContain("reason");
  });
});

describe("cell text in values", () => {
  it("shows line breaks, tabs and other control characters as visible symbols", () => {
    expect(visible("1.1\r\n2\tx\u0007y")).toBe("1.1↵↵2→x·y");
    expect(visible("plain")).toBe("plain");
  });
});
