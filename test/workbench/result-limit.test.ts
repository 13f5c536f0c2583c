// The custom-function result limit per host (dev/office-emulation/host.ts): past it the cell keeps
// #BUSY! and nobody is told, as office-js issues 2222, 2786 and 6841 report for Excel on the web;
// desktop Excel has Microsoft's stated 5 MB payload limit (issue 4654).
import {
  createEmulatedExcel,
  type FunctionsMetadata,
  type OfficeEmulation,
} from "../../dev/office-emulation";

const METADATA: FunctionsMetadata = {
  functions: [
    {
      id: "ROWS",
      name: "ROWS",
      parameters: [
        { name: "rows", type: "number" },
        { name: "width", type: "number" },
      ],
      result: { dimensionality: "matrix" },
    },
  ],
};

/** A GUID-like text of 36 characters, as in issue 2222's repro (20 columns of uuid v4). */
const GUID = "3f1c2a64-8d1e-4c57-9a0b-1f2e3d4c5b60";

function withRows(options: Parameters<typeof createEmulatedExcel>[0]): OfficeEmulation {
  const excel = createEmulatedExcel({ sheets: { Sheet1: [] }, functionsMetadata: METADATA, ...options });
  excel.globals.CustomFunctions.associate("ROWS", (rows: number, width: number) =>
    Promise.resolve(Array.from({ length: rows }, () => Array.from({ length: width }, () => GUID))),
  );
  return excel;
}

describe("custom-function results past the host's limit (office-js 2222, 2786, 6841; 4654)", () => {
  it("Excel on the web (issue 2222): 1,000 rows x 20 GUIDs come back, 5,000 rows stay #BUSY! with no error", async () => {
    const excel = withRows({ host: "web" });
    excel.setCells("Sheet1", "A1", [["=PLATFORM.ROWS(1000, 20)"]]);
    excel.setCells("Sheet1", "Z1", [["=PLATFORM.ROWS(5000, 20)"]]);
    await excel.formulasSettled();
    expect(excel.values("Sheet1", "A1000:B1000")).toEqual([[GUID, GUID]]);
    expect(excel.values("Sheet1", "Z1:AA2")).toEqual([
      ["#BUSY!", ""],
      ["", ""],
    ]);
    expect(excel.cell("Sheet1", "Z1")?.errorMessage).toBeUndefined();
    expect(excel.engine.undeliveredResults().map((c) => [c.row, c.col])).toEqual([[0, 25]]);
  });

  it("Excel on the web: the edge is the runtime's 2,000,000-character slice (office.js CustomFunctionProxy)", async () => {
    const excel = withRows({ host: "web" });
    // Each row is 20 quoted GUIDs with commas and brackets: 781 characters.
    const rowCharacters = JSON.stringify([Array.from({ length: 20 }, () => GUID)]).length - 1;
    const fits = Math.floor((2_000_000 - 20) / rowCharacters);
    excel.setCells("Sheet1", "A1", [[`=PLATFORM.ROWS(${fits}, 20)`]]);
    excel.setCells("Sheet1", "Z1", [[`=PLATFORM.ROWS(${fits + 1}, 20)`]]);
    await excel.formulasSettled();
    expect(excel.values("Sheet1", "A1")).toEqual([[GUID]]);
    expect(excel.values("Sheet1", "Z1")).toEqual([["#BUSY!"]]);
  });

  it("desktop Excel (issue 4654): 5,000 rows fit; a result above 5 MB stays #BUSY!", async () => {
    const excel = withRows({ host: "desktop" });
    excel.setCells("Sheet1", "A1", [["=PLATFORM.ROWS(5000, 20)"]]);
    excel.setCells("Sheet1", "Z1", [["=PLATFORM.ROWS(7000, 20)"]]);
    await excel.formulasSettled();
    expect(excel.values("Sheet1", "A5000")).toEqual([[GUID]]);
    expect(excel.values("Sheet1", "Z1")).toEqual([["#BUSY!"]]);
    expect(excel.globals.Office.context.platform).toBe("PC");
  });

  it("keeps #BUSY! when the stuck result's spill range is cleared, and shows a smaller result later", async () => {
    const excel = withRows({ host: "web", customFunctionResultLimit: { sliceCharacters: 1_000 } });
    excel.setCells("Sheet1", "A1", [
      ["=PLATFORM.ROWS(50, 2)", null, null],
      [null, null, "x"],
    ]);
    await excel.formulasSettled();
    expect(excel.values("Sheet1", "A1")).toEqual([["#BUSY!"]]);
    excel.setCells("Sheet1", "C2", [[null]]);
    expect(excel.values("Sheet1", "A1")).toEqual([["#BUSY!"]]);
    excel.setCells("Sheet1", "A1", [["=PLATFORM.ROWS(2, 2)"]]);
    await excel.formulasSettled();
    expect(excel.values("Sheet1", "A1:B2")).toEqual([
      [GUID, GUID],
      [GUID, GUID],
    ]);
    expect(excel.engine.undeliveredResults()).toEqual([]);
  });
});
