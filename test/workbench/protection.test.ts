// Sheet and workbook protection in the Office emulation: Excel's AccessDenied on writes.
import { createEmulatedExcel } from "../../dev/office-emulation";
import { currentRegion, writeColumnBack, writeTableToNewSheet, WorkbookError } from "../../src/workbook";
import { errorText } from "../../src/i18n";

describe("protection", () => {
  it("a protected sheet is read but refuses values, number formats and tables with AccessDenied", async () => {
    const excel = createEmulatedExcel({ sheets: { Catalog: [["Code"], ["1"]] } });
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Catalog");
      sheet.protection.protect();
      sheet.protection.load("protected");
      await context.sync();
      expect(sheet.protection.protected).toBe(true);
      sheet.getRange("A2").values = [["2"]];
      await expect(context.sync()).rejects.toMatchObject({
        code: "AccessDenied",
        message: "You cannot perform the requested operation.",
      });
    });
    await expect(
      excel.run((context) => writeColumnBack(context, "Catalog", "B", 2, ["x"])),
    ).rejects.toMatchObject({
      code: "sheet-protected",
    });
    await expect(
      excel.run(async (context) => {
        context.workbook.worksheets.getItem("Catalog").tables.add("A1:A2", true);
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "AccessDenied" });
    expect(excel.values("Catalog", "A2")).toEqual([[1]]);
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("Catalog").protection.unprotect();
      context.workbook.worksheets.getItem("Catalog").getRange("A2").values = [["2"]];
      await context.sync();
    });
    expect(excel.values("Catalog", "A2")).toEqual([[2]]);
  });

  it("a protected workbook structure refuses a new sheet, and the workbook layer says what to do", async () => {
    const excel = createEmulatedExcel({ sheets: { Catalog: [["Code"]] } });
    await excel.run(async (context) => {
      context.workbook.protection.protect();
      await context.sync();
    });
    const error = await excel
      .run((context) => writeTableToNewSheet(context, { name: "Log", headers: ["A"], rows: [["1"]] }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkbookError);
    expect((error as WorkbookError).code).toBe("sheet-protected");
    expect(errorText(error)).toMatch(/Protect Workbook/);
  });
});

describe("currentRegion", () => {
  it("grows a single cell to the table around it, bounded by empty rows and columns", () => {
    const values = [
      ["", "", "", "", ""],
      ["", "Code", "Name", "", "x"],
      ["", "1", "Concrete", "", ""],
      ["", "", "Sand", "", ""],
      ["", "", "", "", ""],
      ["far", "", "", "", ""],
    ];
    expect(currentRegion(values, 0, 0, 2, 1)).toEqual({
      rowIndex: 1,
      columnIndex: 1,
      rowCount: 3,
      columnCount: 2,
    });
    expect(currentRegion(values, 0, 0, 5, 0)).toEqual({
      rowIndex: 5,
      columnIndex: 0,
      rowCount: 1,
      columnCount: 1,
    });
  });
});
