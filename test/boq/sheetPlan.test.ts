import { sheetLabels } from "../../src/boqsheet/labels";
import { buildSheetPlan, MAX_OUTLINE_LEVEL, type PlanCell } from "../../src/boq/sheetPlan";
import { estimate, row } from "./rows";

const info = {
  company: "Northwind",
  project: "O'Brien Tower",
  model: "Tower AR",
  version: "3.1",
  analysis: "Analysis 3.1",
  scheme: "Main scheme",
  pulledAt: "3 Mar 2025, 09:30",
};

function formula(cell: PlanCell | undefined): string {
  if (typeof cell === "object" && cell !== null && "formula" in cell) return cell.formula;
  throw new Error(`not a formula: ${String(cell)}`);
}

describe("the BOQ sheet plan", () => {
  const plan = buildSheetPlan(estimate(), info, sheetLabels());

  it("starts with a header block saying what the sheet is", () => {
    expect(plan.headerBlock.map((l) => l[1])).toEqual([
      "",
      "Northwind",
      "O'Brien Tower",
      "Tower AR",
      "3.1",
      "Analysis 3.1",
      "Main scheme",
      "3 Mar 2025, 09:30",
    ]);
    expect(plan.headerRow).toBe(9);
    expect(plan.columns[6]).toBe("Total");
  });

  it("lists the rows in tree order with level, outline level and indent", () => {
    expect(plan.rows.map((r) => [r.values[1], r.level, r.outlineLevel, r.indent])).toEqual([
      ["S1", 1, 0, 0],
      ["A", 2, 1, 1],
      ["B", 2, 1, 1],
      ["S2", 1, 0, 0],
      ["C", 2, 1, 1],
      ["D", 3, 2, 2],
    ]);
    expect(plan.rows[0]?.sheetRow).toBe(10);
  });

  it("gives a leaf the formula quantity × unit cost on its own row", () => {
    const a = plan.rows[1];
    expect(a?.values[4]).toBe(2);
    expect(a?.values[5]).toBe(10);
    expect(formula(a?.values[6])).toBe("=E12*F12");
  });

  it("gives a parent a SUBTOTAL over exactly its subtree", () => {
    expect(formula(plan.rows[0]?.values[6])).toBe("=SUBTOTAL(9,G12:G13)");
    expect(formula(plan.rows[3]?.values[6])).toBe("=SUBTOTAL(9,G15:G16)");
    expect(formula(plan.rows[4]?.values[6])).toBe("=SUBTOTAL(9,G16:G16)");
  });

  it("keeps the platform's totals beside with a marker formula where they differ", () => {
    expect(plan.rows[0]?.values[7]).toBe(50);
    expect(plan.rows[1]?.values[7]).toBe(20);
    expect(formula(plan.rows[1]?.values[8])).toBe('=IF(ROUND(G12-H12,2)<>0,"≠","")');
  });

  it("groups each parent's subtree, outer groups first", () => {
    expect(plan.groups).toEqual([
      { firstRow: 11, lastRow: 12 },
      { firstRow: 14, lastRow: 15 },
      { firstRow: 15, lastRow: 15 },
    ]);
  });

  it("ends with a grand total over the top-level rows", () => {
    expect(plan.totalRow?.sheetRow).toBe(16);
    expect(formula(plan.totalRow?.values[6])).toBe("=SUBTOTAL(9,G11:G16)");
  });

  it("folds levels deeper than Excel's 8 outline levels into the last", () => {
    const chain = Array.from({ length: 12 }, (_, i) =>
      row(`n${i}`, i === 0 ? null : `n${i - 1}`, { Value: 1 }),
    );
    const deep = buildSheetPlan(chain, info, sheetLabels());
    expect(deep.rows.map((r) => r.outlineLevel)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8]);
    expect(deep.groups).toHaveLength(MAX_OUTLINE_LEVEL);
    expect(Math.max(...deep.rows.map((r) => r.level))).toBe(12);
  });
});
