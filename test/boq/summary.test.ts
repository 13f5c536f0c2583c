// The navigator's preview of a BOQ: row count, depth, the platform's total and the first rows.
import { summarizeBoq } from "../../src/boq/summary";
import { estimate, row } from "./rows";

it("counts rows and levels, totals the top-level sections and lists the first rows in tree order", () => {
  const summary = summarizeBoq(estimate(), 3);
  expect(summary).toMatchObject({ rowCount: 6, levels: 3, totalCost: 57 });
  expect(summary.firstRows).toEqual([
    { level: 1, code: "S1", name: "Item s1", unit: "m3", quantity: undefined, total: 50 },
    { level: 2, code: "A", name: "Item a", unit: "m3", quantity: 2, total: 20 },
    { level: 2, code: "B", name: "Item b", unit: "m3", quantity: 3, total: 30 },
  ]);
});

it("says nothing of a total the platform did not give, and takes end positions alone as the top level", () => {
  const bare = [row("x", null, { TotalCost: undefined, FullTotalCost: undefined })];
  expect(summarizeBoq(bare)).toMatchObject({ rowCount: 1, levels: 1, totalCost: undefined });
  expect(summarizeBoq([row("y", null, { TotalCost: 4 }), row("z", null, { TotalCost: 6 })]).totalCost).toBe(
    10,
  );
  expect(summarizeBoq([])).toEqual({ rowCount: 0, levels: 0, totalCost: undefined, firstRows: [] });
});
