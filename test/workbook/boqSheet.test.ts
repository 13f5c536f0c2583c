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

describe("writeBoqSheet", () => {
  it("writes the header block, the table with live formulas, and the totals", async () => {
    const plan = buildSheetPlan(estimate(), INFO, sheetLabels());
    const written = await excel.run((context) => writeBoqSheet(context, plan, "BOQ Frame 3.10"));
    expect(written).toMatchObject({ sheetName: "BOQ Frame 3.10", rowCount: 6 });
    const name = written.sheetName;
    // Header block: label and value, one line each, in column A.
    expect(excel.values(name, "A1:B2")).toEqual([
      ["Bill of quantities", ""],
      ["Company: Demo company", ""],
    ]);
    // The version stays as typed ("3.10", not 3.1).
    expect(excel.values(name, "A5")).toEqual([["Version: 3.10"]]);
    expect(excel.values(name, "A10:I10")[0]?.[2]).toBe("Name");
    // Rows in tree order: s1, a, b, s2, c, d from sheet row 11.
    expect(excel.values(name, "B11:B16").map((r) => r[0])).toEqual(["S1", "A", "B", "S2", "C", "D"]);
    // A leaf's total is quantity × unit cost, a parent's a SUBTOTAL of its subtree.
    expect(excel.cell(name, "G12")?.formula).toBe("=E12*F12");
    expect(excel.cell(name, "G11")?.formula).toBe("=SUBTOTAL(9,G12:G13)");
    expect(excel.cell(name, "G14")?.formula).toBe("=SUBTOTAL(9,G15:G16)");
    expect(excel.cell(name, "G15")?.formula).toBe("=SUBTOTAL(9,G16:G16)");
    expect(excel.cell(name, "G17")?.formula).toBe("=SUBTOTAL(9,G11:G16)");
    // The platform's totals are values beside them.
    expect(excel.values(name, "H11:H13")).toEqual([[50], [20], [30]]);
    expect(excel.cell(name, "H11")?.formula).toBeUndefined();
  });

  it("computes the totals, and an edited quantity rolls up to its sections and the grand total", async () => {
    const plan = buildSheetPlan(estimate(), INFO, sheetLabels());
    const { sheetName: name } = await excel.run((context) => writeBoqSheet(context, plan, "BOQ"));
    // s1 = a + b; s2 > c > d: the nested SUBTOTAL of c is counted once in s2 and the total.
    expect(excel.values(name, "G11:I17")).toEqual([
      [50, 50, ""],
      [20, 20, ""],
      [30, 30, ""],
      [7, 7, ""],
      [7, 7, ""],
      [7, 7, ""],
      [57, 57, ""],
    ]);
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem(name).getRange("E16").values = [[2]];
      await context.sync();
    });
    expect(excel.values(name, "G11:I17")).toEqual([
      [50, 50, ""],
      [20, 20, ""],
      [30, 30, ""],
      [14, 7, "≠"],
      [14, 7, "≠"],
      [14, 7, "≠"],
      [64, 57, "≠"],
    ]);
  });

  it("groups rows by tree level, indents names, formats numbers and freezes the header", async () => {
    const plan = buildSheetPlan(estimate(), INFO, sheetLabels());
    const { sheetName } = await excel.run((context) => writeBoqSheet(context, plan, "BOQ"));
    const sheet = sheetModel(sheetName);
    // 0-based rows 10..15: s1, a, b, s2, c, d.
    expect([10, 11, 12, 13, 14, 15, 16].map((r) => sheet.rowOutline.get(r) ?? 0)).toEqual([
      0, 1, 1, 0, 1, 2, 0,
    ]);
    expect([10, 11, 13, 14, 15].map((r) => sheet.getCell(r, 2)?.indentLevel ?? 0)).toEqual([0, 1, 0, 1, 2]);
    expect(sheet.frozenRows).toBe(10);
    expect(excel.cell(sheetName, "E12")?.numberFormat).toBe("#,##0.000");
    expect(excel.cell(sheetName, "G12")?.numberFormat).toBe("#,##0.00");
    // Opens showing sections and their direct children: the level-3 row d is folded away.
    expect(sheet.hiddenRows.has(15)).toBe(true);
    expect(sheet.hiddenRows.has(11)).toBe(false);
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
    expect(excel.values(sheetName, "B11:D12")).toEqual([
      ["001", '=HYPERLINK("http://x")', "m3"],
      ["1-2", "+1-2", "@m"],
    ]);
    expect(excel.cell(sheetName, "C11")?.formula).toBeUndefined();
    expect(excel.cell(sheetName, "C12")?.formula).toBeUndefined();
  });

  it("folds a tree deeper than 8 levels into Excel's 8 outline levels", async () => {
    const deep: BoqRow[] = [];
    for (let i = 1; i <= 11; i += 1) {
      deep.push(row(`n${i}`, i === 1 ? null : `n${i - 1}`, i === 11 ? { Value: 1, ValueCost: 1 } : {}));
    }
    const { sheetName } = await excel.run((context) =>
      writeBoqSheet(context, buildSheetPlan(deep, INFO, sheetLabels()), "Deep"),
    );
    const sheet = sheetModel(sheetName);
    const levels = Array.from({ length: 11 }, (_, i) => sheet.rowOutline.get(10 + i) ?? 0);
    expect(levels).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8]);
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
