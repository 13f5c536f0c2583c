import { sheetLabels } from "../../src/boqsheet/labels";
import { boqCurrency } from "../../src/boq/currency";
import { rowCells, type PlanCell } from "../../src/boq/sheetLayout";
import { buildSheetPlan, MAX_OUTLINE_LEVEL, planCells, planGroups } from "../../src/boq/sheetPlan";
import { estimate, row } from "./rows";

const info = {
  company: "Northwind",
  project: "O'Brien Tower",
  model: "Tower AR",
  version: "3.1",
  analysis: "Analysis 3.1",
  scheme: "Main scheme",
  pulledAt: "3 Mar 2025, 09:30",
  currency: "RUB",
};

function formula(cell: PlanCell | undefined): string {
  if (typeof cell === "object" && cell !== null && "formula" in cell) return cell.formula;
  throw new Error(`not a formula: ${String(cell)}`);
}

// Columns: A level, B code, C name, D unit, E quantity, F adjusted quantity, G unit cost,
// H adjusted unit cost, I total, J platform total, K differs, L note, M row id, N record.
describe("the BOQ sheet plan", () => {
  const plan = buildSheetPlan(estimate(), info, sheetLabels());
  const cells = planCells(plan);

  it("starts with a header block saying what the sheet is, the currency included", () => {
    const labels = sheetLabels();
    expect(plan.headerBlock).toEqual([
      labels.title,
      "Company: Northwind",
      "Project: O'Brien Tower",
      "Model: Tower AR",
      "Version: 3.1",
      "Analysis: Analysis 3.1",
      "Priority scheme: Main scheme",
      "Currency: RUB",
      "Pulled: 3 Mar 2025, 09:30",
      labels.yours,
    ]);
    expect(plan.headerRow).toBe(11);
    expect(plan.columns).toEqual([
      "Level",
      "Code",
      "Name",
      "Unit",
      "Quantity",
      "Adjusted quantity",
      "Unit cost",
      "Adjusted unit cost",
      "Total",
      "Platform total",
      "Differs",
      "Note",
      "Row id",
      "Platform values",
    ]);
  });

  it("puts each section's total on the row after its children, where Excel puts the group's button", () => {
    expect(plan.rows.map((r) => [r.kind, r.values.code, r.values.name, r.sheetRow])).toEqual([
      ["heading", "S1", "Item s1", 12],
      ["item", "A", "Item a", 13],
      ["item", "B", "Item b", 14],
      ["sectionTotal", "S1", "Total Item s1", 15],
      ["heading", "S2", "Item s2", 16],
      ["heading", "C", "Item c", 17],
      ["item", "D", "Item d", 18],
      ["sectionTotal", "C", "Total Item c", 19],
      ["sectionTotal", "S2", "Total Item s2", 20],
      ["grandTotal", "", "Total", 21],
    ]);
    expect(planGroups(plan)).toEqual([
      { firstRow: 12, lastRow: 14 },
      { firstRow: 16, lastRow: 19 },
      { firstRow: 17, lastRow: 18 },
    ]);
  });

  it("gives an item the total of the adjusted values where given, else the platform's", () => {
    const a = cells[1];
    expect(a?.slice(0, 8)).toEqual([2, "A", "Item a", "m3", 2, null, 10, null]);
    expect(formula(a?.[8])).toBe('=IF(F14="",E14,F14)*IF(H14="",G14,H14)');
    expect(a?.[9]).toBe(20);
    expect(formula(a?.[10])).toBe('=IF(ROUND(I14-J14,2)<>0,"≠","")');
    // The note and the adjusted values are never written: null leaves the estimator's cells.
    expect(a?.[11]).toBeNull();
    expect(a?.[12]).toBe("id:a");
    expect(a?.[13]).toBe('[2,"A","Item a","m3",2,10,20]');
  });

  it("gives a section's total row a SUBTOTAL from its heading down to the row above", () => {
    expect(formula(cells[3]?.[8])).toBe("=SUBTOTAL(9,I14:I15)");
    expect(cells[3]?.[9]).toBe(50);
    expect(formula(cells[7]?.[8])).toBe("=SUBTOTAL(9,I19:I19)");
    expect(formula(cells[8]?.[8])).toBe("=SUBTOTAL(9,I18:I20)");
    // A heading shows no numbers: its total is on its total row.
    expect(cells[0]?.slice(4, 11)).toEqual(["", null, "", null, "", "", ""]);
    expect(plan.rows[3]?.key).toBe("end:id:s1");
  });

  it("ends with a grand total and the platform's total of the top-level rows", () => {
    expect(formula(cells[9]?.[8])).toBe("=SUBTOTAL(9,I13:I21)");
    expect(formula(cells[9]?.[9])).toBe("=SUMIF(A13:A21,1,J13:J21)");
  });

  it("writes a row's formulas for wherever the row stands (rows inserted above it, its heading moved)", () => {
    const total = plan.rows[3];
    if (!total) throw new Error("no row");
    expect(formula(rowCells(total, { row: 40, heading: 30 }, "≠")[8])).toBe("=SUBTOTAL(9,I31:I39)");
    const moved = planCells(plan, [12, 13, 20, 21, 22, 23, 24, 25, 26, 27]);
    expect(formula(moved[3]?.[8])).toBe("=SUBTOTAL(9,I14:I21)");
  });

  it("groups sections down to Excel's 8 outline levels, deeper ones not", () => {
    const chain = Array.from({ length: 12 }, (_, i) =>
      row(`n${i}`, i === 0 ? null : `n${i - 1}`, { Value: 1 }),
    );
    const deep = buildSheetPlan(chain, info, sheetLabels());
    expect(planGroups(deep)).toHaveLength(MAX_OUTLINE_LEVEL);
    expect(Math.max(...deep.rows.map((r) => r.level))).toBe(12);
    expect(deep.rows.filter((r) => r.kind === "sectionTotal")).toHaveLength(11);
  });

  it("writes the sheet's words in Russian", () => {
    const ru = buildSheetPlan(estimate(), info, sheetLabels("ru"));
    expect(ru.columns[5]).toBe("Скорректированное количество");
    expect(ru.rows[3]?.values.name).toBe("Итого Item s1");
  });
});

describe("the currency of a BOQ", () => {
  it("is the code a row variable names, the same on every row that names one", () => {
    const rows = estimate();
    expect(boqCurrency(rows)).toBeUndefined();
    rows[0] = { ...rows[0]!, LocalVars: [{ Name: "Currency", Value: "rub" }] };
    expect(boqCurrency(rows)).toBe("RUB");
    rows[2] = { ...rows[2]!, LocalVars: [{ Name: "CURRENCY", Value: "EUR" }] };
    expect(boqCurrency(rows)).toBeUndefined();
  });
});
