// Reading rows at the edges of what a block may hold: how often the reading pauses (the pane
// stays responsive on 1,048,576 rows), matrices that cover fewer rows than the values, a mapping
// that lists a field without a column, the length at which a header-like Code is data, and the
// reasons and keys a row's problems and deletions carry. The sheet is the one of rows-fixture.ts.
import { STEP_ITEMS, type CellValue } from "../../src/catalog";
import { readRowsInSteps } from "../../src/catalog/rows";
import { countPauses, pricesBlock } from "./helpers";
import { COLUMNS, READ_OPTIONS, read } from "./rows-fixture";

describe("reading rows in steps", () => {
  const steps = (n: number) => {
    const values: CellValue[][] = [["Code", "Name"]];
    for (let i = 1; i <= n; i++) values.push([`${i}`, `Item ${i}`]);
    const { pauses, value } = countPauses(
      readRowsInSteps(pricesBlock(values), { Code: 1, Name: 2 }, READ_OPTIONS),
    );
    return { pauses, positions: value.positions.length, problems: value.problems.length };
  };

  it.each([
    [STEP_ITEMS - 1, 0],
    [STEP_ITEMS, 1],
    [2 * STEP_ITEMS + 1, 2],
    [3 * STEP_ITEMS, 3],
  ])("with %i rows pauses %i times, once per slice, and reads every row", (n, pauses) => {
    expect(steps(n)).toEqual({ pauses, positions: n, problems: 0 });
  });
});

describe("matrices that cover fewer rows than the values", () => {
  it("reads the rows past the end of the formulas as constants", () => {
    const result = read(
      [
        { Code: "1", Name: "Walls" },
        { Code: "2", Name: "Floors" },
        { Code: "3", Name: "Roofs" },
      ],
      {
        formulas: [[], ["1", "Walls"]],
      },
    );
    expect(result.problems).toEqual([]);
    expect(result.positions.map((p) => [p.Code, p.Name])).toEqual([
      ["1", "Walls"],
      ["2", "Floors"],
      ["3", "Roofs"],
    ]);
  });

  it("takes the type of the rows past the end of the value types from the values", () => {
    const result = read(
      [
        { Code: "1", Name: "Walls", Price: 10 },
        { Code: "2", Name: "Floors", Price: "#N/A" },
      ],
      {
        valueTypes: [[], ["String", "String", "Double"]],
      },
    );
    expect(result.positions.map((p) => [p.Code, p.Price])).toEqual([
      ["1", 10],
      ["2", undefined],
    ]);
    expect(result.problems.map((p) => [p.kind, p.cell])).toEqual([["excel-error", "D6"]]);
  });
});

describe("a mapping that lists a field without a column", () => {
  it("reads as if the field were not listed: no cell of it is looked at or reported", () => {
    const { Name: _name, ...withoutName } = COLUMNS;
    const rows = [{ Code: "1", Name: "Walls" }];
    const listed = read(rows, {}, {}, { ...COLUMNS, Name: undefined });
    expect(listed).toEqual(read(rows, {}, {}, withoutName));
    expect(listed.problems).toEqual([]);
    expect(listed.positions).toEqual([{ row: 5, Code: "1" }]);
  });
});

describe("a Code cell that starts with a header word", () => {
  /** Text of exactly `length` characters that starts "Code" and has no digit. */
  const headerLike = (length: number) => `Code ${"x".repeat(length - 5)}`;

  it("is a repeated header up to 60 characters", () => {
    const result = read([
      { Code: headerLike(60), Name: "Name" },
      { Code: "1", Name: "Walls" },
    ]);
    expect(result.skippedRows).toBe(1);
    expect(result.problems.map((p) => [p.kind, p.cell])).toEqual([["header-row-in-data", "B5"]]);
    expect(result.positions.map((p) => p.Code)).toEqual(["1"]);
  });

  it("is data from 61 characters on", () => {
    const result = read([{ Code: headerLike(61), Name: "Name" }]);
    expect(result.skippedRows).toBe(0);
    expect(result.problems.filter((p) => p.kind === "header-row-in-data")).toEqual([]);
    expect(result.positions.map((p) => p.Code)).toEqual([headerLike(61)]);
  });

  it.each(["Code 1", "Артикул 1024", "Number 12-03"])("is data when it holds a digit: %s", (code) => {
    const result = read([{ Code: code, Name: "Walls" }]);
    expect(result.skippedRows).toBe(0);
    expect(result.problems.filter((p) => p.kind === "header-row-in-data")).toEqual([]);
    expect(result.positions.map((p) => p.Code)).toEqual([code]);
  });
});

describe("what a row's problems and deletions carry", () => {
  it("gives a name that is a number the reason number, and one that is TRUE the reason boolean", () => {
    const result = read([
      { Code: "1", Name: 1250 },
      { Code: "2", Name: true },
    ]);
    expect(result.problems.map((p) => [p.kind, p.cell, p.reason])).toEqual([
      ["name-not-text", "C5", "number"],
      ["name-not-text", "C6", "boolean"],
    ]);
  });

  it("deletes nothing for a marked row whose only key is a placeholder, and says the code is not one", () => {
    const result = read([{ Code: "—", Name: "Old", Delete: "x" }]);
    expect(result.deletions).toEqual([]);
    expect(result.problems.map((p) => [p.kind, p.cell, p.reason, p.severity])).toEqual([
      ["invalid-code", "B5", "placeholder", "error"],
    ]);
  });
});
