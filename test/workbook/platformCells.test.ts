// Finding the cells whose formulas call PLATFORM functions (src/workbook/platformCells), on every
// sheet, past one pass of the scan, and on a sheet used down to Excel's last row.
import { createEmulatedExcel, type FunctionsMetadata } from "../../dev/office-emulation";
import { findPlatformFormulas, platformFunctionsOf, SCAN_PASS_ROWS } from "../../src/workbook";

const METADATA: FunctionsMetadata = {
  functions: [{ id: "ONE", name: "ONE", parameters: [], options: { requiresAddress: true } }],
};

describe("platformFunctionsOf", () => {
  it.each([
    ["=PLATFORM.BOQ(A1, PLATFORM.VERSIONTAG(3, 2))", ["BOQ", "VERSIONTAG"]],
    ["=platform.boq(1)", ["BOQ"]],
    ['="PLATFORM.BOQ("&A1', []],
    ["=MYPLATFORM.BOQ(1)", []],
    ["PLATFORM.BOQ(1)", []],
    [42, []],
  ])("%s calls %j", (formula, names) => {
    expect(platformFunctionsOf(formula)).toEqual(names);
  });
});

describe("findPlatformFormulas", () => {
  it("finds the anchors on every sheet, past one pass of the scan and down to the last row", async () => {
    const excel = createEmulatedExcel({ sheets: { Sheet1: [], "BOQ 3.2": [] }, functionsMetadata: METADATA });
    excel.globals.CustomFunctions.associate("ONE", () => [[1], [2]]);
    excel.setCells("Sheet1", "B2", [["=PLATFORM.ONE()"]]);
    excel.setCells("BOQ 3.2", `C${SCAN_PASS_ROWS + 10}`, [["=PLATFORM.ONE()"]]);
    excel.setCells("BOQ 3.2", "A1048576", [["last row"]]);
    const found = await excel.run((context) => findPlatformFormulas(context));
    expect(found.map((cell) => [cell.address, cell.functions])).toEqual([
      ["Sheet1!B2", ["ONE"]],
      [`'BOQ 3.2'!C${SCAN_PASS_ROWS + 10}`, ["ONE"]],
    ]);
  }, 120_000);
});
