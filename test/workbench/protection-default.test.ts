// Sheet protection as Excel's default (issue 42, item 5): Microsoft support, "Protect a worksheet"
// (only selecting cells is allowed by default; Format cells/columns/rows, Insert/Delete rows and
// columns, Use AutoFilter, Edit objects unchecked; AutoFilters cannot be applied or removed
// "regardless of this setting"), Excel.WorksheetProtectionOptions (the same boxes), office-js
// issue 2871 (grouping refused). Each operation is refused with AccessDenied before it changes
// anything; the box that names it lets it through.
import { createEmulatedExcel, type OfficeEmulation } from "../../dev/office-emulation";
import type { ProtectionOptions } from "../../dev/office-emulation/protection";

type Operation = (sheet: Excel.Worksheet) => void;

interface Case {
  name: string;
  operation: Operation;
  /** The box that allows it; none: refused whatever the options. */
  allowedBy?: keyof ProtectionOptions;
}

const CASES: Case[] = [
  { name: "values", operation: (s) => void (s.getRange("A2").values = [["9"]]) },
  { name: "formulas", operation: (s) => void (s.getRange("C2").formulas = [["=A2*2"]]) },
  { name: "clear", operation: (s) => s.getRange("A2").clear("Contents") },
  { name: "merge", operation: (s) => s.getRange("A5:B5").merge(false) },
  { name: "a table", operation: (s) => void s.tables.add("A1:B3", true) },
  {
    name: "number formats",
    operation: (s) => void (s.getRange("B2").numberFormat = [["0.00"]]),
    allowedBy: "allowFormatCells",
  },
  {
    name: "bold",
    operation: (s) => void (s.getRange("A1").format.font.bold = true),
    allowedBy: "allowFormatCells",
  },
  {
    name: "a fill",
    operation: (s) => void (s.getRange("A1").format.fill.color = "#FFEB9C"),
    allowedBy: "allowFormatCells",
  },
  {
    name: "clearing a fill",
    operation: (s) => s.getRange("A3").format.fill.clear(),
    allowedBy: "allowFormatCells",
  },
  {
    name: "an indent",
    operation: (s) => void (s.getRange("A2").format.indentLevel = 2),
    allowedBy: "allowFormatCells",
  },
  {
    name: "a conditional format",
    operation: (s) => {
      const cf = s.getRange("B2:B3").conditionalFormats.add("CellValue");
      cf.cellValue.rule = { formula1: "0", operator: "GreaterThan" };
    },
    allowedBy: "allowFormatCells",
  },
  {
    name: "a column width",
    operation: (s) => void (s.getRange("A:A").format.columnWidth = 120),
    allowedBy: "allowFormatColumns",
  },
  {
    name: "autofit columns",
    operation: (s) => s.getRange("A1:B3").format.autofitColumns(),
    allowedBy: "allowFormatColumns",
  },
  {
    name: "hiding a column",
    operation: (s) => void (s.getRange("B:B").columnHidden = true),
    allowedBy: "allowFormatColumns",
  },
  {
    name: "hiding a row",
    operation: (s) => void (s.getRange("3:3").rowHidden = true),
    allowedBy: "allowFormatRows",
  },
  {
    name: "a row height",
    operation: (s) => void (s.getRange("2:2").format.rowHeight = 30),
    allowedBy: "allowFormatRows",
  },
  {
    name: "inserting rows",
    operation: (s) => void s.getRange("2:3").insert("Down"),
    allowedBy: "allowInsertRows",
  },
  { name: "deleting rows", operation: (s) => s.getRange("2:2").delete("Up"), allowedBy: "allowDeleteRows" },
  {
    name: "inserting columns",
    operation: (s) => void s.getRange("B:B").insert("Right"),
    allowedBy: "allowInsertColumns",
  },
  {
    name: "deleting columns",
    operation: (s) => s.getRange("B:B").delete("Left"),
    allowedBy: "allowDeleteColumns",
  },
  { name: "shifting part of a row", operation: (s) => void s.getRange("A2:B2").insert("Down") },
  { name: "grouping rows (office-js 2871)", operation: (s) => s.getRange("2:3").group("ByRows") },
  { name: "ungrouping rows", operation: (s) => s.getRange("6:7").ungroup("ByRows") },
  { name: "collapsing a group", operation: (s) => s.getRange("6:7").hideGroupDetails("ByRows") },
  { name: "showing outline levels", operation: (s) => s.showOutlineLevels(1, 0) },
  { name: "applying an AutoFilter", operation: (s) => s.autoFilter.apply("A1:B3") },
  { name: "removing the AutoFilter", operation: (s) => s.autoFilter.remove() },
  {
    name: "changing the AutoFilter's criteria",
    operation: (s) => s.autoFilter.apply("A10:B12", 1, { filterOn: "Custom", criterion1: ">1" }),
    allowedBy: "allowAutoFilter",
  },
  {
    name: "clearing the AutoFilter's criteria",
    operation: (s) => s.autoFilter.clearCriteria(),
    allowedBy: "allowAutoFilter",
  },
  {
    name: "a chart",
    operation: (s) => void s.charts.add("ColumnClustered", s.getRange("A1:B3"), "Columns"),
    allowedBy: "allowEditObjects",
  },
  {
    name: "moving a chart",
    operation: (s) => s.charts.getItemAt(0).setPosition("D5"),
    allowedBy: "allowEditObjects",
  },
  {
    name: "a chart's title",
    operation: (s) => void (s.charts.getItemAt(0).title.text = "Totals"),
    allowedBy: "allowEditObjects",
  },
  {
    name: "deleting a chart",
    operation: (s) => s.charts.getItemAt(0).delete(),
    allowedBy: "allowEditObjects",
  },
];

/** A sheet with values, a fill, an outline group, an AutoFilter and a chart, then protected. */
async function protectedSheet(options?: ProtectionOptions): Promise<OfficeEmulation> {
  const excel = createEmulatedExcel({
    sheets: {
      Prices: [
        ["Item", "Price"],
        ["Concrete", 120],
        ["Steel", 80],
        [],
        [],
        ["Group", 1],
        ["Group", 2],
        [],
        [],
        ["Code", "Qty"],
        ["a", 1],
        ["b", 2],
      ],
    },
  });
  await excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Prices");
    sheet.getRange("A3").format.fill.color = "#C6EFCE";
    sheet.getRange("6:7").group("ByRows");
    sheet.autoFilter.apply("A10:B12", 1, { filterOn: "Custom", criterion1: ">0" });
    sheet.charts.add("ColumnClustered", sheet.getRange("A1:B3"), "Columns");
    sheet.protection.protect(options);
    await context.sync();
  });
  return excel;
}

/** Everything an operation could change: the saved file (cells, formats, outline) and the sheet's objects. */
function state(excel: OfficeEmulation): string {
  excel.saveWorkbook();
  return JSON.stringify({
    file: excel.savedFile(),
    charts: excel.charts("Prices"),
    conditionalFormats: excel.conditionalFormats("Prices"),
    autoFilter: excel.autoFilter("Prices"),
    hidden: excel.hiddenRows("Prices"),
  });
}

async function attempt(excel: OfficeEmulation, operation: Operation): Promise<unknown> {
  return excel
    .run(async (context) => {
      operation(context.workbook.worksheets.getItem("Prices"));
      await context.sync();
    })
    .then(
      () => undefined,
      (error: unknown) => error,
    );
}

describe("a sheet under Excel's default protection", () => {
  it.each(CASES.map((c) => [c.name, c] as const))(
    "refuses %s with AccessDenied, changing nothing",
    async (_, c) => {
      const excel = await protectedSheet();
      const before = state(excel);
      await expect(attempt(excel, c.operation)).resolves.toMatchObject({
        code: "AccessDenied",
        message: "You cannot perform the requested operation.",
      });
      expect(state(excel)).toBe(before);
    },
  );

  it("still reads, selects, calculates and activates", async () => {
    const excel = await protectedSheet();
    const values = await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Prices");
      sheet.activate();
      sheet.getRange("B2").select();
      sheet.calculate(true);
      const range = sheet.getRange("A1:B3").load("values");
      sheet.protection.load("protected");
      await context.sync();
      return { values: range.values, protected: sheet.protection.protected };
    });
    expect(values).toEqual({
      values: [
        ["Item", "Price"],
        ["Concrete", 120],
        ["Steel", 80],
      ],
      protected: true,
    });
  });
});

describe("a sheet protected with a box checked", () => {
  it.each(CASES.filter((c) => c.allowedBy !== undefined).map((c) => [c.name, c] as const))(
    "allows %s with its box",
    async (_, c) => {
      const excel = await protectedSheet({ [c.allowedBy as string]: true });
      const before = state(excel);
      await expect(attempt(excel, c.operation)).resolves.toBeUndefined();
      expect(state(excel)).not.toBe(before);
    },
  );

  it("keeps refusing what another box names, and values whatever the boxes", async () => {
    const excel = await protectedSheet({ allowFormatCells: true, allowInsertRows: true });
    await expect(attempt(excel, (s) => s.getRange("2:2").delete("Up"))).resolves.toMatchObject({
      code: "AccessDenied",
    });
    await expect(attempt(excel, (s) => void (s.getRange("A2").values = [["x"]]))).resolves.toMatchObject({
      code: "AccessDenied",
    });
  });

  it("keeps its boxes in the saved file", async () => {
    const excel = await protectedSheet({ allowInsertRows: true });
    excel.saveWorkbook();
    const reopened = excel.reopen();
    await expect(attempt(reopened, (s) => void s.getRange("2:2").insert("Down"))).resolves.toBeUndefined();
    await expect(attempt(reopened, (s) => s.getRange("2:2").delete("Up"))).resolves.toMatchObject({
      code: "AccessDenied",
    });
  });
});
