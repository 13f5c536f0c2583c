// The comparison sheet as data (src/boq/compareSheetPlan.ts): where the totals, the rows, each
// section's total, the filter, the coloured cells, the section table and the chart go, and what the
// Change column says of a parent whose own figures did not change while something below it did.
import { compareBoqs } from "../../src/boq/compare";
import {
  buildComparisonSheetPlan,
  COMPARE_COLUMNS as C,
  type ComparisonSheetInfo,
} from "../../src/boq/compareSheetPlan";
import { comparisonSheetLabels } from "../../src/boqsheet";
import { row } from "./rows";

const leaf = (id: string, parent: string, value: number, cost: number, name?: string) =>
  row(id, parent, {
    Value: value,
    ValueCost: cost,
    TotalCost: value * cost,
    ...(name ? { Name: name } : {}),
  });

// A: S1 > (A 2×10, B 3×10), S2 > C 1×7, S3 > E 1×1
// B: S1 > (A 4×10, N 1×5), S2 > C 1×7 renamed, S3 > E 1×1: A changed, N added, B removed, C renamed.
const A = [
  row("s1", null),
  leaf("a", "s1", 2, 10),
  leaf("b", "s1", 3, 10),
  row("s2", null),
  leaf("c", "s2", 1, 7),
  row("s3", null),
  leaf("e", "s3", 1, 1),
];
const B = [
  row("s1", null),
  leaf("a", "s1", 4, 10),
  leaf("n", "s1", 1, 5),
  row("s2", null),
  leaf("c", "s2", 1, 7, "Item c, renamed"),
  row("s3", null),
  leaf("e", "s3", 1, 1),
];

const INFO: ComparisonSheetInfo = {
  company: "Northwind",
  project: "Tower",
  modelA: "Frame",
  modelB: "Frame",
  schemeA: "Default",
  schemeB: "Default",
  versionA: "1.1",
  versionB: "2.1",
  analysisA: "Analysis 1.1",
  analysisB: "Analysis 2.1",
  pulledAt: "26.11.2026 01:00",
};
const labels = comparisonSheetLabels("en");
const plan = (showUnchanged = true, a = A, b = B, info = INFO) =>
  buildComparisonSheetPlan(compareBoqs(a, b, { showUnchanged }), info, labels);

describe("buildComparisonSheetPlan", () => {
  it("names both sides in the header block and puts both totals above the column headers", () => {
    const p = plan();
    expect(p.top.slice(0, 8).map((r) => r[0])).toEqual([
      "Comparison of bills of quantities",
      "Company: Northwind",
      "Project: Tower",
      "Model: Frame",
      "Priority scheme: Default",
      "Version A: Analysis 1.1",
      "Version B: Analysis 2.1",
      "Pulled: 26.11.2026 01:00",
    ]);
    expect(p.top[8]?.[0]).toBe("Added: 1, removed: 1, changed: 3, moved: 0, unchanged: 3");
    expect(p.top.slice(9, 11).map((r) => r[0])).toEqual([
      "The filter on the Change column shows the rows that changed; clear it to see every row.",
      "Where the unit changed, the quantities are not subtracted.",
    ]);
    const totals = p.top[p.totalsRow] ?? [];
    expect([totals[C.name], totals[C.totalA], totals[C.totalB], totals[C.deltaTotal]]).toEqual([
      "Total",
      58,
      53,
      -5,
    ]);
    expect(totals[C.deltaPercent]).toBeCloseTo(-5 / 58, 12);
    expect(p.top[p.totalsRow - 1]?.slice(C.totalA, C.deltaPercent + 1)).toEqual([
      "Total A",
      "Total B",
      "Δ total",
      "Δ %",
    ]);
    expect(p.headerRow).toBe(p.top.length - 1);
    expect(p.top[p.headerRow]).toEqual([
      "Level",
      "Code",
      "Name",
      "Unit",
      "Quantity A",
      "Quantity B",
      "Δ quantity",
      "Total A",
      "Total B",
      "Δ total",
      "Δ %",
      "Change",
      "Details",
    ]);
  });

  it("says both models and schemes when the sides differ", () => {
    const p = plan(true, A, B, { ...INFO, modelB: "Frame v2", schemeB: "Supplier" });
    expect(p.top[3]?.[0]).toBe("Model: Frame → Frame v2");
    expect(p.top[4]?.[0]).toBe("Priority scheme: Default → Supplier");
  });

  it("lays out sections as heading, children, then the section's total with its figures", () => {
    const p = plan();
    expect(p.rows.map((r) => [r.kind, r.cells[C.code], r.cells[C.name], r.cells[C.change]])).toEqual([
      ["heading", "S1", "Item s1", "changed"],
      ["item", "A", "Item a", "changed"],
      ["item", "N", "Item n", "added"],
      ["item", "B", "Item b", "removed"],
      ["sectionTotal", "S1", "Total Item s1", "changed"],
      ["heading", "S2", "Item s2", "unchanged, changes below"],
      ["item", "C", "Item c, renamed", "changed"],
      ["sectionTotal", "S2", "Total Item s2", "unchanged, changes below"],
      ["heading", "S3", "Item s3", "unchanged"],
      ["item", "E", "Item e", "unchanged"],
      ["sectionTotal", "S3", "Total Item s3", "unchanged"],
    ]);
    // Rows follow the column headers, one per sheet row.
    expect(p.rows.map((r) => r.sheetRow)).toEqual(p.rows.map((_, i) => p.headerRow + 1 + i));
    const [heading, a, n, b, total] = p.rows;
    // A heading names its section; the figures stand on the total row.
    expect(heading?.cells.slice(C.quantityA, C.deltaPercent + 1)).toEqual(["", "", "", "", "", "", ""]);
    expect(total?.cells.slice(C.quantityA, C.deltaPercent + 1)).toEqual(["", "", "", 50, 45, -5, -0.1]);
    expect(a?.cells.slice(C.quantityA, C.deltaPercent + 1)).toEqual([2, 4, 2, 20, 40, 20, 1]);
    // Added: nothing in A, no ratio on a zero base. Removed: nothing in B.
    expect(n?.cells.slice(C.quantityA, C.deltaPercent + 1)).toEqual(["", 1, 1, "", 5, 5, ""]);
    expect(b?.cells.slice(C.quantityA, C.deltaPercent + 1)).toEqual([3, "", -3, 30, "", -30, -1]);
    expect(p.rows[6]?.cells[C.details]).toBe("name changed: Item c → Item c, renamed");
  });

  it("groups each section from its heading to its last child, its +/- on the total row", () => {
    const p = plan();
    const first = p.headerRow + 1;
    expect(p.groups).toEqual([
      { firstRow: first, lastRow: first + 3 },
      { firstRow: first + 5, lastRow: first + 6 },
      { firstRow: first + 8, lastRow: first + 9 },
    ]);
  });

  it("filters the Change column to every class but wholly unchanged rows", () => {
    const p = plan();
    expect(p.filter).toEqual({
      range: { firstRow: p.headerRow, lastRow: p.headerRow + 11, firstColumn: 0, columnCount: 13 },
      column: C.change,
      shown: ["added", "removed", "changed", "moved", "unchanged, changes below"],
    });
  });

  it("without unchanged rows, keeps the parents of changed rows and leaves the rest out", () => {
    const p = plan(false);
    expect(p.rows.map((r) => r.cells[C.code])).toEqual(["S1", "A", "N", "B", "S1", "S2", "C", "S2"]);
  });

  it("colours the differences of the totals and of every row", () => {
    const p = plan();
    const last = p.headerRow + p.rows.length;
    expect(p.coloured).toEqual([
      { firstRow: p.totalsRow, lastRow: p.totalsRow, firstColumn: C.deltaTotal, columnCount: 2 },
      { firstRow: p.headerRow + 1, lastRow: last, firstColumn: C.deltaQuantity, columnCount: 1 },
      { firstRow: p.headerRow + 1, lastRow: last, firstColumn: C.deltaTotal, columnCount: 2 },
    ]);
  });

  it("puts the section table one blank row under the rows, outside the filter, as the chart's source", () => {
    const p = plan(false);
    const last = p.headerRow + p.rows.length;
    expect(p.sections.firstRow).toBe(last + 2);
    expect(p.sections.cells.map((r) => [r[C.name], r[C.unit], r[C.quantityA]])).toEqual([
      ["Section", "Cost up", "Cost down"],
      ["S1 Item s1", "", -5],
      ["S2 Item s2", "", ""],
      // Every section is charted, also one left out of the rows as unchanged.
      ["S3 Item s3", "", ""],
    ]);
    expect(p.sections.source).toEqual({
      firstRow: last + 2,
      lastRow: last + 5,
      firstColumn: C.name,
      columnCount: 3,
    });
    expect(p.chart?.title).toBe("Cost change by section");
    // Beside the summary at the top, above the totals; the axis in the money format.
    // The rows beside it are the summary's short lines (title to "pulled"), made taller.
    expect(p.chart?.place).toEqual({ firstRow: 0, lastRow: 7, firstColumn: C.quantityA, columnCount: 5 });
    expect(p.top[7]?.[0]).toMatch(/^Pulled/);
    expect(p.chart?.rowHeight).toBeGreaterThan(15);
    expect(p.chart?.numberFormat).toBe("#,##0.00");
    expect(p.filter?.range.lastRow).toBeLessThan(p.sections.firstRow);
  });

  it("reports a changed unit and does not subtract the quantities", () => {
    const a = [row("s1", null), { ...leaf("i", "s1", 200, 900), Unit: "m²" }];
    const b = [row("s1", null), { ...leaf("i", "s1", 25, 8000), Unit: "m³" }];
    const p = plan(true, a, b);
    const item = p.rows.find((r) => r.kind === "item");
    expect(item?.cells[C.unit]).toBe("m² → m³");
    expect(item?.cells[C.deltaQuantity]).toBe("");
    expect(item?.cells[C.details]).toBe("unit changed: m² → m³");
  });

  it("has no chart and no coloured rows when both versions are empty; Δ % of a zero base is empty", () => {
    const p = plan(true, [], []);
    expect(p.rows).toEqual([]);
    expect(p.chart).toBeNull();
    expect(p.sections.cells).toEqual([]);
    expect(p.filter).toBeNull();
    expect(p.coloured).toHaveLength(1);
    expect(p.top[p.totalsRow]?.[C.deltaPercent]).toBe("");
  });
});
