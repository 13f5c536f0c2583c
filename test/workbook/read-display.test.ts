// The reader loads what each cell shows and its number format, so the catalog engine can read a
// code Excel stored as a number the way the user sees it (033000, not 33000) and tell a date from
// a code. Run against the Excel emulation, whose text follows Excel's formats (zero padding,
// the 1900 date system).

import { createEmulatedExcel } from "../../dev/office-emulation";
import { analyseCatalog } from "../../src/catalog";
import { readRangeBlock } from "../../src/workbook";

async function workbook() {
  const excel = createEmulatedExcel({
    sheets: {
      Catalog: [
        ["Code", "Name"],
        [33000, "Cast-in-place concrete"],
        [45292, "Typed 1.1, turned into a date"],
        ["'7", "Text code"],
      ],
    },
  });
  await excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Catalog");
    sheet.getRange("A2").numberFormat = [["000000"]];
    sheet.getRange("A3").numberFormat = [["dd.mm.yyyy"]];
    await context.sync();
  });
  return excel;
}

describe("reading what cells show", () => {
  it("gives the shown text and number format of every cell", async () => {
    const excel = await workbook();
    const { block } = await excel.run((context) => readRangeBlock(context, "Catalog!A1:B4"));
    expect(block.values.map((r) => r[0])).toEqual(["Code", 33000, 45292, "7"]);
    expect(block.text?.map((r) => r[0])).toEqual(["Code", "033000", "01.01.2024", "7"]);
    expect(block.numberFormats?.map((r) => r[0])).toEqual(["General", "000000", "dd.mm.yyyy", "General"]);
  });

  it("leaves them out when asked, for a reader that does not need them", async () => {
    const excel = await workbook();
    const { block } = await excel.run((context) =>
      readRangeBlock(context, "Catalog!A1:B4", { display: false }),
    );
    expect(block.text).toBeUndefined();
    expect(block.numberFormats).toBeUndefined();
  });

  it("lets the engine import 033000 as shown and stop at the date", async () => {
    const excel = await workbook();
    const { block } = await excel.run((context) => readRangeBlock(context, "Catalog!A1:B4"));
    const analysis = analyseCatalog(block);
    expect(analysis.positions.map((p) => p.Code)).toEqual(["033000", "7"]);
    expect(analysis.problems.map((p) => [p.kind, p.cell, p.severity, p.values["text"]])).toEqual([
      ["numeric-code", "A2", "warning", "033000"],
      // The date by its ISO date, the same in every display locale (src/catalog/shownNumber.ts).
      ["invalid-code", "A3", "error", "2024-01-01"],
    ]);
  });
});
