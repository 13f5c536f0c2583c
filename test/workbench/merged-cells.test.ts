// Merged cells (Range.merge/unmerge, getMergedAreasOrNullObject): Microsoft support, "Merge and
// unmerge cells" (the merged cell keeps the upper-left cell's content); office-js issue 3611
// (getMergedAreasOrNullObject finds only areas whose top-left cell is in the range); MergedRangeConflict
// ("A table can't overlap with ... merged cells", Office docs, application-specific API errors);
// Excel.SpillErrorCellValueSubType "MergedCell" (a merged cell blocks a dynamic array).
import {
  createEmulatedExcel,
  type FunctionsMetadata,
  type OfficeEmulation,
} from "../../dev/office-emulation";

function sheet(): OfficeEmulation {
  return createEmulatedExcel({
    sheets: {
      BOQ: [
        ["Code", "Name", "Unit", "Qty"],
        ["1", "Concrete works", "", ""],
        ["1.1", "Slab", "m3", 12],
      ],
    },
  });
}

async function batch(excel: OfficeEmulation, fn: (sheet: Excel.Worksheet) => void): Promise<void> {
  await excel.run(async (context) => {
    fn(context.workbook.worksheets.getItem("BOQ"));
    await context.sync();
  });
}

describe("merging cells (Microsoft support: Merge and unmerge cells)", () => {
  it("keeps only the upper-left cell's content", async () => {
    const excel = sheet();
    await batch(excel, (s) => s.getRange("B2:D2").merge());
    expect(excel.values("BOQ", "B2:D3")).toEqual([
      ["Concrete works", "", ""],
      ["Slab", "m3", 12],
    ]);
    expect(excel.model.getSheetByName("BOQ")?.mergedAreas).toEqual([{ r0: 1, c0: 1, r1: 1, c1: 3 }]);
  });

  it("drops what is written into a merged area's other cells; its upper-left cell takes its value", async () => {
    const excel = sheet();
    await batch(excel, (s) => s.getRange("B2:C2").merge());
    await batch(excel, (s) => {
      s.getRange("B2:D2").values = [["Guid", "written", "Result"]];
    });
    expect(excel.values("BOQ", "B2:D2")).toEqual([["Guid", "", "Result"]]);
  });

  it("merge(true) merges each row on its own; unmerge splits every merged area it touches", async () => {
    const excel = sheet();
    await batch(excel, (s) => s.getRange("A5:C6").merge(true));
    expect(excel.model.getSheetByName("BOQ")?.mergedAreas).toEqual([
      { r0: 4, c0: 0, r1: 4, c1: 2 },
      { r0: 5, c0: 0, r1: 5, c1: 2 },
    ]);
    await batch(excel, (s) => s.getRange("C6").unmerge());
    expect(excel.model.getSheetByName("BOQ")?.mergedAreas).toEqual([{ r0: 4, c0: 0, r1: 4, c1: 2 }]);
  });

  it("getMergedAreasOrNullObject finds only areas whose top-left cell is in the range (office-js 3611)", async () => {
    const excel = sheet();
    await batch(excel, (s) => {
      s.getRange("B5:D5").merge();
      s.getRange("E7:F8").merge();
    });
    const found = await excel.run(async (context) => {
      const s = context.workbook.worksheets.getItem("BOQ");
      const column = s.getRange("C:F").getMergedAreasOrNullObject();
      column.load("address, areaCount, cellCount");
      column.areas.load("items/address");
      const none = s.getRange("A1:A3").getMergedAreasOrNullObject();
      none.load("address");
      await context.sync();
      return {
        address: column.address,
        areaCount: column.areaCount,
        cellCount: column.cellCount,
        items: column.areas.items.map((r) => r.address),
        none: none.isNullObject,
      };
    });
    // B5:D5 covers C5 and D5 but starts in B: Excel does not report it for C:F.
    expect(found).toEqual({
      address: "BOQ!E7:F8",
      areaCount: 1,
      cellCount: 4,
      items: ["BOQ!E7:F8"],
      none: true,
    });
  });

  it("a table cannot overlap merged cells, nor merged cells a table (MergedRangeConflict)", async () => {
    const excel = sheet();
    await batch(excel, (s) => s.getRange("B5:C5").merge());
    await expect(batch(excel, (s) => s.tables.add("A5:C6", true))).rejects.toMatchObject({
      code: "MergedRangeConflict",
      message: expect.stringMatching(/^Cannot complete the operation\. A table can't overlap/) as unknown,
    });
    await batch(excel, (s) => s.tables.add("A1:D3", true));
    await expect(batch(excel, (s) => s.getRange("A2:B2").merge())).rejects.toMatchObject({
      code: "MergedRangeConflict",
    });
  });

  it("a merged cell blocks an array result (#SPILL!, subtype MergedCell); unmerging lets it spill", async () => {
    const metadata: FunctionsMetadata = {
      functions: [{ id: "TREE", name: "TREE", parameters: [], result: { dimensionality: "matrix" } }],
    };
    const excel = createEmulatedExcel({ sheets: { BOQ: [] }, functionsMetadata: metadata });
    excel.globals.CustomFunctions.associate("TREE", () => [["1"], ["1.1"], ["1.2"]]);
    await batch(excel, (s) => s.getRange("A3:B3").merge());
    excel.setCells("BOQ", "A1", [["=PLATFORM.TREE()"]]);
    expect(excel.values("BOQ", "A1")).toEqual([["#SPILL!"]]);
    expect(excel.cell("BOQ", "A1")?.errorMessage).toMatch(/merged/);
    await batch(excel, (s) => s.getRange("A3").unmerge());
    expect(excel.values("BOQ", "A1:A3")).toEqual([["1"], ["1.1"], ["1.2"]]);
  });

  it("whole rows deleted through a merged area shrink it; deleting all of it but one row unmerges", async () => {
    const excel = sheet();
    await batch(excel, (s) => s.getRange("A5:B8").merge());
    await batch(excel, (s) => s.getRange("6:7").delete("Up"));
    expect(excel.model.getSheetByName("BOQ")?.mergedAreas).toEqual([{ r0: 4, c0: 0, r1: 5, c1: 1 }]);
    await batch(excel, (s) => s.getRange("B:B").delete("Left"));
    expect(excel.model.getSheetByName("BOQ")?.mergedAreas).toEqual([{ r0: 4, c0: 0, r1: 5, c1: 0 }]);
    await batch(excel, (s) => s.getRange("5:5").delete("Up"));
    expect(excel.model.getSheetByName("BOQ")?.mergedAreas).toEqual([]);
  });
});
