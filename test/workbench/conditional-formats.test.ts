// Conditional formats (Range.conditionalFormats, Excel.ConditionalFormatCollection, ExcelApi 1.6):
// the CellValue rule shape of Excel.ConditionalCellValueRule ({ formula1: "=0", operator:
// "LessThan" }, the docs' sample), Custom rules (ConditionalFormatRule.formula, relative references
// moving with the cell: Microsoft support, "Use formulas to apply conditional formatting"), a new
// rule taking priority 0 and the first matching rule winning ("Manage conditional formatting rule
// precedence"), ColorScale criteria (ConditionalColorScaleCriteria), clearAll.
import { createEmulatedExcel, type OfficeEmulation } from "../../dev/office-emulation";

function diff(): OfficeEmulation {
  return createEmulatedExcel({
    sheets: {
      Diff: [
        ["Code", "Δ total", "Change"],
        ["1", -30, "changed"],
        ["2", 0, "unchanged"],
        ["3", 45, "added"],
      ],
    },
  });
}

async function on(excel: OfficeEmulation, fn: (sheet: Excel.Worksheet) => void): Promise<void> {
  await excel.run(async (context: Excel.RequestContext) => {
    fn(context.workbook.worksheets.getItem("Diff"));
    await context.sync();
  });
}

describe("Range.conditionalFormats (Excel.ConditionalFormatCollection)", () => {
  it("colours the cells a cell-value rule matches, and records the rule", async () => {
    const excel = diff();
    await on(excel, (sheet) => {
      const cf = sheet.getRange("B2:B4").conditionalFormats.add("CellValue");
      cf.cellValue.format.fill.color = "#F8CBAD";
      cf.cellValue.format.font.color = "#9C0006";
      cf.cellValue.rule = { formula1: "=0", operator: "GreaterThan" };
    });
    expect(excel.conditionalFormats("Diff")).toEqual([
      {
        range: "Diff!B2:B4",
        type: "CellValue",
        priority: 0,
        stopIfTrue: false,
        rule: { formula1: "=0", operator: "GreaterThan" },
        format: { fill: "#F8CBAD", fontColor: "#9C0006" },
      },
    ]);
    expect(excel.conditionalStyle("Diff", "B4")).toEqual({ fill: "#F8CBAD", fontColor: "#9C0006" });
    expect(excel.conditionalStyle("Diff", "B2")).toBeNull();
    expect(excel.conditionalStyle("Diff", "B3")).toBeNull();
    excel.setCells("Diff", "B2", [[12]]);
    expect(excel.conditionalStyle("Diff", "B2")?.fill).toBe("#F8CBAD");
  });

  it("evaluates Between with both formulas, and refuses a rule without an operator Excel knows", async () => {
    const excel = diff();
    await on(excel, (sheet) => {
      const cf = sheet.getRange("B2:B4").conditionalFormats.add("CellValue");
      cf.cellValue.format.fill.color = "#FFEB9C";
      cf.cellValue.rule = { formula1: "-10", formula2: "10", operator: "Between" };
    });
    expect([2, 3, 4].map((r) => excel.conditionalStyle("Diff", `B${r}`)?.fill ?? null)).toEqual([
      null,
      "#FFEB9C",
      null,
    ]);
    const error = await on(excel, (sheet) => {
      sheet.getRange("B2:B4").conditionalFormats.add("CellValue").cellValue.rule = {
        formula1: "=0",
        operator: "Bigger" as "GreaterThan",
      };
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "InvalidArgument" });
  });

  it("applies a custom formula to each row, its relative references moving with the cell", async () => {
    const excel = diff();
    await on(excel, (sheet) => {
      const cf = sheet.getRange("A2:C4").conditionalFormats.add("Custom");
      cf.custom.rule.formula = '=AND($B2<0,$C2<>"unchanged")';
      cf.custom.format.fill.color = "#C6EFCE";
    });
    expect(excel.conditionalFormats("Diff")[0]?.rule).toEqual({ formula: '=AND($B2<0,$C2<>"unchanged")' });
    expect(["A2", "C2", "A3", "C4"].map((a) => excel.conditionalStyle("Diff", a)?.fill ?? null)).toEqual([
      "#C6EFCE",
      "#C6EFCE",
      null,
      null,
    ]);
  });

  it("puts a new rule first: its colour wins where both match; getCount, items and clearAll", async () => {
    const excel = diff();
    await on(excel, (sheet) => {
      const older = sheet.getRange("B2:B4").conditionalFormats.add("CellValue");
      older.cellValue.rule = { formula1: "=0", operator: "NotEqualTo" };
      older.cellValue.format.fill.color = "#DDDDDD";
    });
    await on(excel, (sheet) => {
      const newer = sheet.getRange("B4").conditionalFormats.add("CellValue");
      newer.cellValue.rule = { formula1: "=40", operator: "GreaterThan" };
      newer.cellValue.format.fill.color = "#00B050";
    });
    expect(excel.conditionalStyle("Diff", "B4")?.fill).toBe("#00B050");
    expect(excel.conditionalStyle("Diff", "B2")?.fill).toBe("#DDDDDD");
    const listed = await excel.run(async (context: Excel.RequestContext) => {
      const formats = context.workbook.worksheets.getItem("Diff").getRange("B2:B4").conditionalFormats;
      const count = formats.getCount();
      formats.load("items/type, items/priority");
      await context.sync();
      const seen = formats.items.map((f) => [f.type, f.priority]);
      formats.clearAll();
      await context.sync();
      return { count: count.value, seen };
    });
    expect(listed).toEqual({
      count: 2,
      seen: [
        ["CellValue", 0],
        ["CellValue", 1],
      ],
    });
    expect(excel.conditionalFormats("Diff")).toEqual([]);
    expect(excel.conditionalStyle("Diff", "B4")).toBeNull();
  });

  it("shades a two-colour scale from the lowest to the highest value", async () => {
    const excel = diff();
    await on(excel, (sheet) => {
      sheet.getRange("B2:B4").conditionalFormats.add("ColorScale").colorScale.criteria = {
        minimum: { formula: null as unknown as string, type: "LowestValue", color: "#FFFFFF" },
        maximum: { formula: null as unknown as string, type: "HighestValue", color: "#FF0000" },
      };
    });
    expect(["B2", "B4"].map((a) => excel.conditionalStyle("Diff", a)?.fill)).toEqual(["#FFFFFF", "#FF0000"]);
  });

  it("refuses reading a cell-value rule's part on a custom rule at sync", async () => {
    const excel = diff();
    const error = await excel
      .run(async (context: Excel.RequestContext) => {
        const cf = context.workbook.worksheets
          .getItem("Diff")
          .getRange("B2")
          .conditionalFormats.add("Custom");
        cf.cellValue.load("rule");
        await context.sync();
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "InvalidOperation" });
  });
});
