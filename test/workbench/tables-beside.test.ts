// Tables beside the user's range: writing into a table's cells, and a table growing when a value
// is written just below or right of it. Excel's AutoCorrect "Include new rows and columns in table"
// (on by default; Microsoft support, "Resize a table by adding or removing rows and columns": type
// in the row below or the column right of a table) applies to API writes too (office-js issue
// 6745, AutoCorrect's table options "get applied to changes made with the API").
import {
  createEmulatedExcel,
  type FunctionsMetadata,
  type OfficeEmulation,
} from "../../dev/office-emulation";

/** The user's catalog in A1:C3 and, beside it, a table nobody chose for the import in E1:F3. */
function beside(options: { autoExpandTables?: boolean } = {}): OfficeEmulation {
  const excel = createEmulatedExcel({
    sheets: {
      Catalog: [
        ["Code", "Name", "Price", null, "Supplier", "Terms"],
        ["1.1", "Slab", 7450, null, "Acme", "30 days"],
        ["1.2", "Blinding", 5200, null, "Bolt", "60 days"],
      ],
    },
    ...options,
  });
  const sheet = excel.model.getSheetByName("Catalog");
  if (sheet) excel.model.addTable(sheet, { r0: 0, c0: 4, r1: 2, c1: 5 }, true);
  return excel;
}

async function write(excel: OfficeEmulation, address: string, values: unknown[][]): Promise<void> {
  await excel.run(async (context) => {
    context.workbook.worksheets.getItem("Catalog").getRange(address).values = values;
    await context.sync();
  });
}

async function tableAddress(excel: OfficeEmulation): Promise<string> {
  return excel.run(async (context) => {
    const range = context.workbook.tables.getItem("Table1").getRange().load("address");
    await context.sync();
    return range.address;
  });
}

describe("a table grows when a value is written just beside it (AutoCorrect; office-js 6745)", () => {
  it("a value written in the row just below the table: the table takes that row in", async () => {
    const excel = beside();
    await write(excel, "E4", [["Cargo"]]);
    await expect(tableAddress(excel)).resolves.toBe("Catalog!E1:F4");
  });

  it("the column just right of the table: the table takes it in, with a ColumnN header", async () => {
    const excel = beside();
    await write(excel, "G2:G3", [["ok"], ["late"]]);
    await expect(tableAddress(excel)).resolves.toBe("Catalog!E1:G3");
    expect(excel.values("Catalog", "G1")).toEqual([["Column1"]]);
  });

  it("the header cell of the column right of the table: what is written there is the new header", async () => {
    const excel = beside();
    await write(excel, "G1:G2", [["Result"], ["ok"]]);
    await expect(tableAddress(excel)).resolves.toBe("Catalog!E1:G3");
    expect(excel.values("Catalog", "G1")).toEqual([["Result"]]);
  });

  it("the Guid and Result columns written right of the user's range D:D leave the table alone; D is adjacent to it from the left, not taken in", async () => {
    const excel = beside();
    await write(excel, "D1:D3", [["Guid"], ["g1"], ["g2"]]);
    await expect(tableAddress(excel)).resolves.toBe("Catalog!E1:F3");
  });

  it("nothing grows for a cell two columns away, diagonal to it, or an empty value", async () => {
    const excel = beside();
    await write(excel, "H2", [["x"]]);
    await write(excel, "G4", [["x"]]);
    await write(excel, "E4", [[""]]);
    await expect(tableAddress(excel)).resolves.toBe("Catalog!E1:F3");
  });

  it("with AutoCorrect's option off (autoExpandTables: false) the table keeps its size", async () => {
    const excel = beside({ autoExpandTables: false });
    await write(excel, "E4", [["Cargo"]]);
    await expect(tableAddress(excel)).resolves.toBe("Catalog!E1:F3");
  });
});

describe("writing into a table's cells", () => {
  it("body cells take what is written; header cells stay unique, non-empty text", async () => {
    const excel = beside();
    await write(excel, "E1:F3", [
      ["Supplier", "Supplier"],
      ["Cargo", 15],
      ["Dart", 45],
    ]);
    expect(excel.values("Catalog", "E1:F3")).toEqual([
      ["Supplier", "Supplier2"],
      ["Cargo", 15],
      ["Dart", 45],
    ]);
    await write(excel, "E1:F1", [["", 2024]]);
    expect(excel.values("Catalog", "E1:F1")).toEqual([["Column1", "2024"]]);
  });

  it("a dynamic array formula entered in a table shows #SPILL! (SpillErrorCellValueSubType 'Table')", async () => {
    const metadata: FunctionsMetadata = {
      functions: [{ id: "TREE", name: "TREE", parameters: [], result: { dimensionality: "matrix" } }],
    };
    const excel = createEmulatedExcel({
      sheets: { Catalog: [["Code"], ["a"], ["b"]] },
      functionsMetadata: metadata,
    });
    excel.globals.CustomFunctions.associate("TREE", () => [["1"], ["2"]]);
    const sheet = excel.model.getSheetByName("Catalog");
    if (sheet) excel.model.addTable(sheet, { r0: 0, c0: 0, r1: 2, c1: 0 }, true);
    excel.setCells("Catalog", "A2", [["=PLATFORM.TREE()"]]);
    expect(excel.values("Catalog", "A2")).toEqual([["#SPILL!"]]);
  });
});

describe("tables on whole-row and whole-column insertion and deletion", () => {
  it("rows inserted inside a table grow it; above it, move it; deleting its header row removes it", async () => {
    const excel = beside();
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("Catalog").getRange("3:3").insert("Down");
      await context.sync();
    });
    await expect(tableAddress(excel)).resolves.toBe("Catalog!E1:F4");
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("Catalog").getRange("1:1").insert("Down");
      await context.sync();
    });
    await expect(tableAddress(excel)).resolves.toBe("Catalog!E2:F5");
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("Catalog").getRange("2:2").delete("Up");
      await context.sync();
    });
    expect(excel.model.tables).toEqual([]);
  });

  it("a whole column inserted inside a table grows it with a ColumnN header", async () => {
    const excel = beside();
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("Catalog").getRange("F:F").insert("Right");
      await context.sync();
    });
    await expect(tableAddress(excel)).resolves.toBe("Catalog!E1:G3");
    expect(excel.values("Catalog", "E1:G1")).toEqual([["Supplier", "Column1", "Terms"]]);
  });

  it("refuses an insertion that would push content off the sheet (NonBlankCellOffSheet)", async () => {
    const excel = beside();
    excel.setCells("Catalog", "XFD1", [["edge"]]);
    await expect(
      excel.run(async (context) => {
        context.workbook.worksheets.getItem("Catalog").getRange("A:A").insert("Right");
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "NonBlankCellOffSheet" });
    expect(excel.values("Catalog", "A1")).toEqual([["Code"]]);
  });
});
