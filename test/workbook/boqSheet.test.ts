// The BOQ sheet writer against the Office emulation: what lands in which cell, the outline Excel
// shows, the indent, the frozen header, and text from the service kept as text.
import { installOfficeEmulation, type InstalledOfficeEmulation } from "../../dev/office-emulation";
import type { BoqRow } from "../../src/api/schemas";
import { buildSheetPlan, MAX_OUTLINE_LEVEL, type SheetHeaderInfo } from "../../src/boq/sheetPlan";
import { sheetLabels } from "../../src/boqsheet/labels";
import { writeBoqSheet } from "../../src/workbook/boqSheet";
import { estimate, row } from "../boq/rows";

const INFO: SheetHeaderInfo = {
  company: "Demo company",
  project: "Tower",
  model: "Frame",
  version: "3.10",
  analysis: "10",
  scheme: "Default",
  pulledAt: "22.11.2026 22:40",
  currency: "EUR",
};

let excel: InstalledOfficeEmulation;
beforeEach(() => {
  excel = installOfficeEmulation(globalThis, { sheets: { Sheet1: [] } });
});
afterEach(() => excel.uninstall());

function sheetModel(name: string) {
  const sheet = excel.model.getSheetByName(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  return sheet;
}

// Rows from A1 row 13: S1, A, B, Total S1, S2, C, D, Total C, Total S2, Total.
describe("writeBoqSheet", () => {
  it("writes the header block, the table with live formulas, and the totals", async () => {
    const plan = buildSheetPlan(estimate(), INFO, sheetLabels());
    const written = await excel.run((context) => writeBoqSheet(context, plan, "BOQ Frame 3.10"));
    expect(written).toMatchObject({ sheetName: "BOQ Frame 3.10", rowCount: 6, groupCount: 3 });
    const name = written.sheetName;
    // Header block: label and value, one line each, in column A.
    expect(excel.values(name, "A1:B2")).toEqual([
      ["Bill of quantities", ""],
      ["Company: Demo company", ""],
    ]);
    // The version stays as typed ("3.10", not 3.1); the currency has its line.
    expect(excel.values(name, "A5")).toEqual([["Version: 3.10"]]);
    expect(excel.values(name, "A8")).toEqual([["Currency: EUR"]]);
    expect(excel.values(name, "A12:N12")[0]?.[2]).toBe("Name");
    expect(excel.values(name, "B13:B22").map((r) => r[0])).toEqual([
      "S1",
      "A",
      "B",
      "S1",
      "S2",
      "C",
      "D",
      "C",
      "S2",
      "",
    ]);
    // An item's total uses the adjusted values where given; a section's total is on its total row.
    expect(excel.cell(name, "I14")?.formula).toBe('=IF(F14="",E14,F14)*IF(H14="",G14,H14)');
    expect(excel.cell(name, "I16")?.formula).toBe("=SUBTOTAL(9,I14:I15)");
    expect(excel.cell(name, "I20")?.formula).toBe("=SUBTOTAL(9,I19:I19)");
    expect(excel.cell(name, "I21")?.formula).toBe("=SUBTOTAL(9,I18:I20)");
    expect(excel.cell(name, "I22")?.formula).toBe("=SUBTOTAL(9,I13:I21)");
    // The platform's totals are values beside them.
    expect(excel.values(name, "J14:J16")).toEqual([[20], [30], [50]]);
    expect(excel.cell(name, "J16")?.formula).toBeUndefined();
  });

  it("computes the totals; an adjusted quantity or unit cost counts instead of the platform's", async () => {
    const plan = buildSheetPlan(estimate(), INFO, sheetLabels());
    const { sheetName: name } = await excel.run((context) => writeBoqSheet(context, plan, "BOQ"));
    const totals = () => excel.values(name, "I13:K22");
    // S1 = A + B; S2 > C > D: C's SUBTOTAL is counted once in S2 and in the total.
    expect(totals()).toEqual([
      ["", "", ""],
      [20, 20, ""],
      [30, 30, ""],
      [50, 50, ""],
      ["", "", ""],
      ["", "", ""],
      [7, 7, ""],
      [7, 7, ""],
      [7, 7, ""],
      [57, 57, ""],
    ]);
    // The estimator adjusts D's quantity (1 → 2) and B's unit cost (10 → 12).
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem(name);
      sheet.getRange("F19").values = [[2]];
      sheet.getRange("H15").values = [[12]];
      await context.sync();
    });
    expect(totals()).toEqual([
      ["", "", ""],
      [20, 20, ""],
      [36, 30, "≠"],
      [56, 50, "≠"],
      ["", "", ""],
      ["", "", ""],
      [14, 7, "≠"],
      [14, 7, "≠"],
      [14, 7, "≠"],
      [70, 57, "≠"],
    ]);
    // The platform's own quantity stays beside the adjusted one.
    expect(excel.values(name, "E19:F19")).toEqual([[1, 2]]);
  });

  it("groups each section with its +/- on its total row, indents names, hides the record and freezes the header", async () => {
    const plan = buildSheetPlan(estimate(), INFO, sheetLabels());
    const { sheetName } = await excel.run((context) => writeBoqSheet(context, plan, "BOQ"));
    const sheet = sheetModel(sheetName);
    // 0-based rows 12..21. A section's rows (heading to last child) are one level deeper than its
    // total row, the row after the group, where Excel draws the group's button.
    expect([12, 13, 14, 15, 16, 17, 18, 19, 20, 21].map((r) => sheet.rowOutline.get(r) ?? 0)).toEqual([
      1, 1, 1, 0, 1, 2, 2, 1, 0, 0,
    ]);
    expect([12, 13, 15, 16, 17, 18, 19].map((r) => sheet.getCell(r, 2)?.indentLevel ?? 0)).toEqual([
      0, 1, 0, 0, 1, 2, 1,
    ]);
    expect(sheet.frozenRows).toBe(12);
    expect(excel.cell(sheetName, "E14")?.numberFormat).toBe("#,##0.000");
    expect(excel.cell(sheetName, "I14")?.numberFormat).toBe("#,##0.00");
    expect(excel.cell(sheetName, "F12")?.fill).toBe("#DDEBF7");
    expect([12, 13].every((c) => sheet.hiddenColumns.has(c))).toBe(true);
    // Opens at sections and their direct children: D (level 3) is folded away, C's total shows.
    expect(sheet.hiddenRows.has(18)).toBe(true);
    expect(sheet.hiddenRows.has(19)).toBe(false);
    expect(sheet.hiddenRows.has(13)).toBe(false);
    expect(excel.model.getSheetById(excel.model.activeSheetId)?.name).toBe(sheetName);
  });

  it("writes text from the service as text, never as a formula or a number", async () => {
    const rows: BoqRow[] = [
      row("p", null, { Name: '=HYPERLINK("http://x")', Code: "001" }),
      row("q", "p", { Name: "+1-2", Code: "1-2", Unit: "@m", Value: 2, ValueCost: 3 }),
    ];
    const { sheetName } = await excel.run((context) =>
      writeBoqSheet(context, buildSheetPlan(rows, INFO, sheetLabels()), "BOQ"),
    );
    expect(excel.values(sheetName, "B13:D14")).toEqual([
      ["001", '=HYPERLINK("http://x")', "m3"],
      ["1-2", "+1-2", "@m"],
    ]);
    expect(excel.cell(sheetName, "C13")?.formula).toBeUndefined();
    expect(excel.cell(sheetName, "C14")?.formula).toBeUndefined();
  });

  it("groups a tree deeper than 8 levels down to Excel's 8 outline levels", async () => {
    const deep: BoqRow[] = [];
    for (let i = 1; i <= 11; i += 1) {
      deep.push(row(`n${i}`, i === 1 ? null : `n${i - 1}`, i === 11 ? { Value: 1, ValueCost: 1 } : {}));
    }
    const { sheetName } = await excel.run((context) =>
      writeBoqSheet(context, buildSheetPlan(deep, INFO, sheetLabels()), "Deep"),
    );
    const sheet = sheetModel(sheetName);
    // Headings n1..n10, the item, totals n10..n1, the grand total.
    const levels = Array.from({ length: 22 }, (_, i) => sheet.rowOutline.get(12 + i) ?? 0);
    expect(levels).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0]);
    expect(Math.max(...levels)).toBe(MAX_OUTLINE_LEVEL);
  });

  it("takes a free name when the sheet name is in use", async () => {
    const plan = buildSheetPlan(estimate(), INFO, sheetLabels());
    await excel.run((context) => writeBoqSheet(context, plan, "BOQ"));
    const second = await excel.run((context) => writeBoqSheet(context, plan, "BOQ"));
    expect(second.sheetName).not.toBe("BOQ");
    expect(excel.sheetNames()).toEqual(expect.arrayContaining(["BOQ", second.sheetName]));
  });
});
