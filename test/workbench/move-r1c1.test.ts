// Range.moveTo (ExcelApi 1.11) and Range.formulasR1C1 (ExcelApi 1.2) in the emulation, as Excel
// does them: a cut and paste after which references into the moved cells follow them (from other
// sheets and from inside the moved cells alike) and references to the cells pasted over become
// #REF!; formulas read in R1C1 relative to their own cell, so written elsewhere they keep pointing
// at the cells in the same places relative to them.
import { createEmulatedExcel, type OfficeEmulation } from "../../dev/office-emulation";
import { DEFAULT_REQUIREMENTS } from "../../dev/office-emulation/office";

function book(requirements = DEFAULT_REQUIREMENTS): OfficeEmulation {
  const excel = createEmulatedExcel({ sheets: { BOQ: [], Notes: [] }, requirements });
  // Row 5: quantity 4 in E, an adjusted quantity relative to it in F; row 9: something else.
  excel.setCells("BOQ", "E5", [[4, "=E5*2", "=$E$5+1"]]);
  excel.setCells("BOQ", "E9", [[100, "=E9"]]);
  excel.setCells("Notes", "A1", [["=BOQ!F5"], ["=BOQ!E9"], ["=SUM(BOQ!E1:E20)"]]);
  return excel;
}

describe("Range.moveTo", () => {
  it("moves a whole row: formulas pointing into it follow, from its own cells and elsewhere", async () => {
    const excel = book();
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("BOQ").getRange("5:5").moveTo("12:12");
      await context.sync();
    });
    expect(excel.values("BOQ", "E5:G5")).toEqual([["", "", ""]]);
    expect(excel.cell("BOQ", "F12")?.formula).toBe("=E12*2");
    expect(excel.cell("BOQ", "G12")?.formula).toBe("=$E$12+1");
    expect(excel.values("BOQ", "E12:G12")).toEqual([[4, 8, 5]]);
    expect(excel.cell("Notes", "A1")?.formula).toBe("=BOQ!F12");
    expect(excel.values("Notes", "A1")).toEqual([[8]]);
    // A range only partly inside the moved cells stays as it was.
    expect(excel.cell("Notes", "A3")?.formula).toBe("=SUM(BOQ!E1:E20)");
  });

  it("pastes over the destination: references to the cells it replaced become #REF!", async () => {
    const excel = book();
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("BOQ");
      sheet.getRange("E5:G5").moveTo(sheet.getRange("E9"));
      await context.sync();
    });
    expect(excel.values("BOQ", "E9:G9")).toEqual([[4, 8, 5]]);
    expect(excel.cell("Notes", "A2")?.formula).toBe("=BOQ!#REF!");
    expect(excel.cell("Notes", "A1")?.formula).toBe("=BOQ!F9");
  });

  it("is refused with ApiNotFound by an Excel of ExcelApi 1.10", async () => {
    const excel = book({ ...DEFAULT_REQUIREMENTS, ExcelApi: "1.10" });
    await excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem("BOQ").getRange("5:5");
      expect(() => range.moveTo("12:12")).toThrow(expect.objectContaining({ code: "ApiNotFound" }));
      await context.sync();
    });
  });
});

describe("Range.formulasR1C1", () => {
  it("reads formulas relative to their cell and writes them back elsewhere with references that follow", async () => {
    const excel = book({ ...DEFAULT_REQUIREMENTS, ExcelApi: "1.10" });
    let read: unknown[][] = [];
    await excel.run(async (context) => {
      const row = context.workbook.worksheets.getItem("BOQ").getRange("E5:G5");
      row.load("formulasR1C1");
      await context.sync();
      read = row.formulasR1C1;
    });
    expect(read).toEqual([[4, "=RC[-1]*2", "=R5C5+1"]]);
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("BOQ").getRange("E14:G14").formulasR1C1 = read;
      await context.sync();
    });
    expect(excel.cell("BOQ", "F14")?.formula).toBe("=E14*2");
    expect(excel.cell("BOQ", "G14")?.formula).toBe("=$E$5+1");
    expect(excel.values("BOQ", "E14:G14")).toEqual([[4, 8, 5]]);
  });

  it("converts ranges, sheet prefixes and leaves text in quotes alone", async () => {
    const excel = book();
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("Notes").getRange("B2").formulasR1C1 = [
        ['=SUM(BOQ!R[-1]C[3]:R[18]C[3])&"R1C1"'],
      ];
      await context.sync();
    });
    expect(excel.cell("Notes", "B2")?.formula).toBe('=SUM(BOQ!E1:E20)&"R1C1"');
  });
});
