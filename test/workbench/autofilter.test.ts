// AutoFilter (Worksheet.autoFilter, Excel.AutoFilter, ExcelApi 1.9): apply(range, columnIndex,
// criteria) ("This filters the column if column index and filter criteria are specified"),
// Excel.FilterCriteria (filterOn Values with `values`; Custom with criterion1 such as ">50" or
// "=*s", the FilterCriteria docs' examples; TopItems), clearCriteria, remove, getRange, enabled,
// isDataFiltered, criteria; rows that do not match are hidden (Range.rowHidden reads them).
import { createEmulatedExcel, type OfficeEmulation } from "../../dev/office-emulation";

function diff(): OfficeEmulation {
  return createEmulatedExcel({
    sheets: {
      Diff: [
        ["Code", "Change", "Δ total"],
        ["1", "changed", -30],
        ["1.1", "unchanged", 0],
        ["1.2", "added", 45],
        ["2", "removed", -12],
        ["2.1", "unchanged", 0],
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

describe("Worksheet.autoFilter (Excel.AutoFilter)", () => {
  it("hides the rows whose value is not among filterOn Values, and Range.rowHidden says so", async () => {
    const excel = diff();
    await on(excel, (sheet) =>
      sheet.autoFilter.apply(sheet.getRange("A1:C6"), 1, {
        filterOn: "Values",
        values: ["changed", "added", "removed"],
      }),
    );
    expect(excel.hiddenRows("Diff")).toEqual([3, 6]);
    expect(excel.autoFilter("Diff")).toEqual({
      range: "Diff!A1:C6",
      criteria: { 1: { filterOn: "Values", values: ["changed", "added", "removed"] } },
    });
    const read = await excel.run(async (context: Excel.RequestContext) => {
      const sheet = context.workbook.worksheets.getItem("Diff");
      const row3 = sheet.getRange("A3").load("rowHidden");
      const row4 = sheet.getRange("A4").load("rowHidden");
      const filter = sheet.autoFilter.load("enabled, isDataFiltered, criteria");
      const range = sheet.autoFilter.getRange().load("address");
      await context.sync();
      return {
        row3: row3.rowHidden,
        row4: row4.rowHidden,
        enabled: filter.enabled,
        filtered: filter.isDataFiltered,
        columns: filter.criteria.length,
        address: range.address,
      };
    });
    expect(read).toEqual({
      row3: true,
      row4: false,
      enabled: true,
      filtered: true,
      columns: 3,
      address: "Diff!A1:C6",
    });
  });

  it("filters on custom criteria: '<>0', '>0' with Or, and wildcards", async () => {
    const excel = diff();
    await on(excel, (sheet) => sheet.autoFilter.apply("A1:C6", 2, { filterOn: "Custom", criterion1: "<>0" }));
    expect(excel.hiddenRows("Diff")).toEqual([3, 6]);
    await on(excel, (sheet) =>
      sheet.autoFilter.apply("A1:C6", 2, {
        filterOn: "Custom",
        criterion1: ">40",
        criterion2: "<-20",
        operator: "Or",
      }),
    );
    expect(excel.hiddenRows("Diff")).toEqual([3, 5, 6]);
    await on(excel, (sheet) => {
      sheet.autoFilter.clearCriteria();
      sheet.autoFilter.apply("A1:C6", 1, { filterOn: "Custom", criterion1: "=?dd*" });
    });
    expect(excel.hiddenRows("Diff")).toEqual([2, 3, 5, 6]);
  });

  it("keeps the top items (TopItems)", async () => {
    const excel = diff();
    await on(excel, (sheet) => sheet.autoFilter.apply("A1:C6", 2, { filterOn: "TopItems", criterion1: "1" }));
    expect(excel.hiddenRows("Diff")).toEqual([2, 3, 5, 6]);
  });

  it("shows every row again on clearCriteria, keeping the filter, and on remove, dropping it", async () => {
    const excel = diff();
    await on(excel, (sheet) => sheet.autoFilter.apply("A1:C6", 1, { filterOn: "Values", values: ["added"] }));
    expect(excel.hiddenRows("Diff")).toEqual([2, 3, 5, 6]);
    await on(excel, (sheet) => sheet.autoFilter.clearCriteria());
    expect(excel.hiddenRows("Diff")).toEqual([]);
    expect(excel.autoFilter("Diff")).toEqual({ range: "Diff!A1:C6", criteria: {} });
    await on(excel, (sheet) => {
      sheet.autoFilter.apply("A1:C6", 1, { filterOn: "Values", values: ["added"] });
      sheet.autoFilter.remove();
    });
    expect(excel.hiddenRows("Diff")).toEqual([]);
    expect(excel.autoFilter("Diff")).toBeNull();
  });

  it("does not filter again by itself when cells change; reapply does", async () => {
    const excel = diff();
    await on(excel, (sheet) => sheet.autoFilter.apply("A1:C6", 2, { filterOn: "Custom", criterion1: "<>0" }));
    excel.setCells("Diff", "C2", [[0]]);
    expect(excel.hiddenRows("Diff")).toEqual([3, 6]);
    await on(excel, (sheet) => sheet.autoFilter.reapply());
    expect(excel.hiddenRows("Diff")).toEqual([2, 3, 6]);
  });

  it("refuses a column index outside the range (InvalidArgument)", async () => {
    const excel = diff();
    const error = await on(excel, (sheet) =>
      sheet.autoFilter.apply("A1:C6", 3, { filterOn: "Custom", criterion1: ">0" }),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "InvalidArgument" });
    expect(excel.autoFilter("Diff")).toBeNull();
  });
});
