import { EmulatedOfficeError, createEmulatedExcel } from "../../dev/office-emulation";

function sheetWithData() {
  return createEmulatedExcel({
    sheets: {
      Data: [
        ["Code", "Name", "Name", null],
        ["1", "Concrete", "x", 1],
        ["2", "Rebar", "y", 2],
        [null, null, null, null],
        ["below", null, null, null],
      ],
    },
  });
}

describe("tables", () => {
  it("creates a table over a range with headers, made unique and never empty", async () => {
    const excel = sheetWithData();
    await excel.run(async (context) => {
      const table = context.workbook.worksheets.getItem("Data").tables.add("A1:D3", true);
      table.load("name, style");
      const header = table.getHeaderRowRange().load("address, values");
      const body = table.getDataBodyRange().load("address");
      await context.sync();
      expect(table.name).toBe("Table1");
      expect(header.address).toBe("Data!A1:D1");
      expect(header.values).toEqual([["Code", "Name", "Name2", "Column4"]]);
      expect(body.address).toBe("Data!A2:D3");
    });
  });

  it("pushes the data down one row and writes Column1..n when the range has no headers", async () => {
    const excel = sheetWithData();
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("Data").tables.add("A2:B3", false);
      await context.sync();
    });
    expect(excel.values("Data", "A2:B4")).toEqual([
      ["Column1", "Column2"],
      [1, "Concrete"],
      [2, "Rebar"],
    ]);
    // Only the table's columns move.
    expect(excel.values("Data", "C2:C3")).toEqual([["x"], ["y"]]);
  });

  it("appends rows at the end of the body and moves the cells below down", async () => {
    const excel = sheetWithData();
    await excel.run(async (context) => {
      const table = context.workbook.tables.add("Data!A1:B3", true);
      table.rows.add(undefined, [
        ["3", "Formwork"],
        ["4", "Earthworks"],
      ]);
      const count = table.rows.getCount();
      const range = table.getRange().load("address");
      await context.sync();
      expect(count.value).toBe(4);
      expect(range.address).toBe("Data!A1:B5");
    });
    expect(excel.values("Data", "A4:B5")).toEqual([
      [3, "Formwork"],
      [4, "Earthworks"],
    ]);
    expect(excel.values("Data", "A7")).toEqual([["below"]]);
  });

  it("refuses a table overlapping another one (MergedRangeConflict, Office docs: application-specific API errors) and finds tables by name", async () => {
    const excel = sheetWithData();
    const error = await excel
      .run(async (context) => {
        const tables = context.workbook.worksheets.getItem("Data").tables;
        tables.add("A1:B3", true);
        await context.sync();
        const missing = tables.getItemOrNullObject("Prices");
        const found = tables.getItem("table1").load("name");
        await context.sync();
        expect(missing.isNullObject).toBe(true);
        expect(found.name).toBe("Table1");
        tables.add("B2:C3", true);
        await context.sync();
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmulatedOfficeError);
    expect((error as EmulatedOfficeError).code).toBe("MergedRangeConflict");
  });
});

describe("defined names", () => {
  it("names a range, reads its absolute reference and range, and refuses a name taken by a table", async () => {
    const excel = sheetWithData();
    const error = await excel
      .run(async (context) => {
        const names = context.workbook.names;
        names.add("CatalogRows", "=Data!A1:B3", "rows to import");
        context.workbook.tables.add("Data!D5:D6", true);
        await context.sync();
        const item = names.getItem("catalogrows").load("name, value, type");
        const range = item.getRange().load("address");
        const missing = names.getItemOrNullObject("Nope");
        await context.sync();
        expect([item.name, item.value, item.type]).toEqual(["CatalogRows", "Data!$A$1:$B$3", "Range"]);
        expect(range.address).toBe("Data!A1:B3");
        expect(missing.isNullObject).toBe(true);
        names.add("Table1", "=Data!A1");
        await context.sync();
      })
      .catch((e: unknown) => e);
    expect((error as EmulatedOfficeError).code).toBe("ItemAlreadyExists");
  });
});
