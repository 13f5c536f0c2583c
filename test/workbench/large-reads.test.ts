// Reads of more than 5,000,000 cells: Excel gives `null` for the cell-matrix properties, with no
// error (Office docs, Resource limits and performance optimization: "A range is limited to
// 5,000,000 cells for read operations"; office-js issues 6781 and 4783).
import { createEmulatedExcel } from "../../dev/office-emulation";

describe("reads over 5 million cells (resource-limits documentation; office-js 6781, 4783)", () => {
  it("issue 6781: a 5,001 x 1,000 range gives values null, no error, and its true cellCount", async () => {
    const excel = createEmulatedExcel({ sheets: { Sheet1: [[1, 2]] } });
    const loaded = await excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRangeByIndexes(0, 0, 5001, 1000);
      range.load("values, cellCount, address");
      await context.sync();
      return { values: range.values as unknown, cellCount: range.cellCount, address: range.address };
    });
    expect(loaded).toEqual({ values: null, cellCount: 5_001_000, address: "Sheet1!A1:ALL5001" });
    expect(excel.getSyncLog().map((entry) => entry.error)).toEqual([undefined]);
  });

  it("issue 4783: values and text of a used range above 5 million cells (A1:BZ64103) are null", async () => {
    const excel = createEmulatedExcel({ sheets: { Sheet1: [["Code"]] } });
    excel.setCells("Sheet1", "BZ64103", [["last"]]);
    const loaded = await excel.run(async (context) => {
      const used = context.workbook.worksheets.getItem("Sheet1").getUsedRange();
      used.load("address, values, text, formulas, valueTypes, numberFormat");
      await context.sync();
      return used.toJSON();
    });
    expect(loaded).toMatchObject({
      address: "Sheet1!A1:BZ64103",
      values: null,
      text: null,
      formulas: null,
      valueTypes: null,
      numberFormat: null,
    });
  });

  it("reads exactly 5,000,000 cells (A1:E1000000) on desktop Excel, which has no 5 MB response limit", async () => {
    const excel = createEmulatedExcel({ sheets: { Sheet1: [["a", "b"]] }, host: "desktop" });
    const values = await excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1:E1000000");
      range.load("values");
      await context.sync();
      return range.values;
    });
    expect(values).toHaveLength(1_000_000);
    expect(values[0]).toEqual(["a", "b", "", "", ""]);
  });

  it("on the web the same 5,000,000 empty cells are refused by the 5 MB response limit instead", async () => {
    const excel = createEmulatedExcel({ sheets: { Sheet1: [["a"]] }, host: "web" });
    const read = excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1:E1000000");
      range.load("values");
      await context.sync();
    });
    await expect(read).rejects.toMatchObject({ code: "ResponsePayloadSizeLimitExceeded" });
  });
});
