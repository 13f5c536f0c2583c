import { createEmulatedExcel } from "../../dev/office-emulation";
import { analyseCatalog } from "../../src/catalog";
import { readRangeBlock, writeColumnBack, writeTableToNewSheet } from "../../src/workbook";

describe("write, read back, analyse", () => {
  it("keeps codes and names as the service sent them, and the catalog engine reads the block", async () => {
    const excel = createEmulatedExcel({ sheets: { Start: [] } });
    const rows = [
      ["1", "Earthworks", null, ""],
      ["1.10", "Excavation", 12.5, "m3"],
      ["1.10.001", "=Excavation by hand", 30, "m3"],
      ["2", "-Concrete", null, ""],
    ];
    const { sheetName } = await excel.run((context) =>
      writeTableToNewSheet(context, { name: "Catalog", headers: ["Code", "Name", "Price", "Unit"], rows }),
    );

    const { block } = await excel.run((context) => readRangeBlock(context, `${sheetName}!A:D`));
    expect(block.values.slice(1).map((row) => row.slice(0, 2))).toEqual(rows.map((row) => row.slice(0, 2)));
    expect(block.valueTypes?.[2]).toEqual(["String", "String", "Double", "String"]);

    const analysis = analyseCatalog(block);
    expect(analysis.problems.filter((p) => p.severity === "error")).toEqual([]);
    expect(analysis.positions.map((p) => [p.row, p.Code, p.Name])).toEqual([
      [2, "1", "Earthworks"],
      [3, "1.10", "Excavation"],
      [4, "1.10.001", "=Excavation by hand"],
      [5, "2", "-Concrete"],
    ]);

    await excel.run((context) =>
      writeColumnBack(
        context,
        sheetName,
        "E",
        2,
        analysis.positions.map((p) => `guid-${p.Code}`),
      ),
    );
    expect(excel.values(sheetName, "E2:E5")).toEqual([
      ["guid-1"],
      ["guid-1.10"],
      ["guid-1.10.001"],
      ["guid-2"],
    ]);
  });
});
