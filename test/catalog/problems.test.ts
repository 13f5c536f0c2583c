// The problem list an estimator reads: in sheet order, each problem at its cell, with cell text
// made visible so that line breaks and tabs do not break the sentence it is shown in; and which
// rows hold errors a skip cures.
import { BLOCK_PROBLEM_KINDS, PROBLEM_KINDS, errorRows, isBlockProblem } from "../../src/catalog";
import type { Problem, ProblemKind, Severity } from "../../src/catalog";
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

describe("error rows", () => {
  const found = (kind: ProblemKind, severity: Severity, row: number): Problem =>
    problemAt({ sheet: "Catalog", row, columnIndex: 1 }, kind, severity, "Code");

  it("are the rows of errors about a row, each once, in sheet order", () => {
    const problems = [
      found("price-not-number", "error", 9),
      found("missing-name", "error", 4),
      found("duplicate-code", "error", 9),
      found("numeric-code", "warning", 6),
      found("missing-column", "error", 1),
      found("mapping-header-mismatch", "error", 2),
    ];
    expect(errorRows(problems)).toEqual([4, 9]);
  });

  it("leave out problems no skip cures: the block, the mapping, and parents missing from the list", () => {
    expect([...BLOCK_PROBLEM_KINDS].sort()).toEqual(
      [
        "empty-selection",
        "no-data-rows",
        "block-outside-sheet",
        "no-header",
        "missing-column",
        "duplicate-column",
        "ambiguous-column",
        "unmapped-column",
        "invalid-mapping",
        "mapping-header-mismatch",
        "header-two-rows",
        "title-above-header",
        "row-number-column",
        "orphan-code",
      ].sort(),
    );
    for (const kind of PROBLEM_KINDS) {
      expect({ kind, block: isBlockProblem({ kind }) }).toEqual({
        kind,
        block: BLOCK_PROBLEM_KINDS.has(kind),
      });
      const rows = errorRows([found(kind, "error", 5)]);
      expect({ kind, rows }).toEqual({ kind, rows: BLOCK_PROBLEM_KINDS.has(kind) ? [] : [5] });
    }
  });
});
