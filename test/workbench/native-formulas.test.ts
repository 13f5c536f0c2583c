// Excel's own functions in the emulated workbook, through HyperFormula, together with the
// add-in's custom functions: what the BOQ sheet's formulas and an estimator's edits rely on.
import {
  createEmulatedExcel,
  type FunctionsMetadata,
  type OfficeEmulation,
} from "../../dev/office-emulation";

const METADATA: FunctionsMetadata = {
  functions: [
    {
      id: "TREE",
      name: "TREE",
      parameters: [{ name: "rows", type: "number" }],
      result: { dimensionality: "matrix" },
    },
    {
      id: "ADD",
      name: "ADD",
      parameters: [
        { name: "a", type: "number" },
        { name: "b", type: "number" },
      ],
    },
  ],
};

function setup(): OfficeEmulation {
  const excel = createEmulatedExcel({ sheets: { Sheet1: [] }, functionsMetadata: METADATA });
  excel.globals.CustomFunctions.associate({
    // rows × 2: a code and an amount (10, 20, 30...)
    TREE: (rows: number) => Array.from({ length: rows }, (_, i) => [`1.${i + 1}`, (i + 1) * 10]),
    ADD: (a: number, b: number) => a + b,
  });
  return excel;
}

describe("Excel's own functions in the workbench", () => {
  it("computes SUM, PRODUCT, IF, ROUND and SUMPRODUCT over typed cells", () => {
    const excel = setup();
    excel.setCells("Sheet1", "A1", [
      [1, 2],
      [3, 4],
      ["=SUM(A1:B2)", "=PRODUCT(A1:B2)"],
      ['=IF(ROUND(A3/3,2)=3.33,"yes","no")', "=SUMPRODUCT((A1:A2=1)*B1:B2)"],
    ]);
    expect(excel.values("Sheet1", "A3:B4")).toEqual([
      [10, 24],
      ["yes", 2],
    ]);
    expect(excel.cell("Sheet1", "A3")?.formula).toBe("=SUM(A1:B2)");
  });

  it("leaves nested SUBTOTALs out of a SUBTOTAL(9) over them, so each amount counts once", () => {
    const excel = setup();
    // A parent (row 1) over two children, the first a parent of two leaves, as the BOQ sheet has.
    excel.setCells("Sheet1", "A1", [
      ["=SUBTOTAL(9,A2:A5)"],
      ["=SUBTOTAL(9,A3:A4)"],
      [100],
      [20],
      [5],
      ["=SUM(A2:A5)"],
    ]);
    expect(excel.values("Sheet1", "A1:A2")).toEqual([[125], [120]]);
    // SUM, unlike SUBTOTAL, counts the nested subtotal.
    expect(excel.values("Sheet1", "A6")).toEqual([[245]]);
  });

  it("recalculates dependents (and their dependents) when a value is typed", () => {
    const excel = setup();
    excel.setCells("Sheet1", "A1", [
      [2, 50, "=A1*B1"],
      [1, 10, "=A2*B2"],
      ["", "", "=SUBTOTAL(9,C1:C2)"],
    ]);
    expect(excel.values("Sheet1", "C3")).toEqual([[110]]);
    excel.setCells("Sheet1", "A1", [[3]]);
    expect(excel.values("Sheet1", "C1:C3")).toEqual([[150], [10], [160]]);
  });

  it("recalculates dependents when Range.values is set through the Excel API, and Range.formulas reads the formula", async () => {
    const excel = setup();
    excel.setCells("Sheet1", "A1", [[2, 50, "=A1*B1"]]);
    const read = await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("A1").values = [[4]];
      const total = sheet.getRange("C1");
      total.load(["values", "formulas"]);
      await context.sync();
      return { values: total.values, formulas: total.formulas };
    });
    expect(read).toEqual({ values: [[200]], formulas: [["=A1*B1"]] });
  });

  it("computes formulas written as a block in one Range.formulas", async () => {
    const excel = setup();
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("A1:C2").formulas = [
        [3, 4, "=A1*B1"],
        ["", "", "=SUBTOTAL(9,C1)+1"],
      ];
      await context.sync();
    });
    expect(excel.values("Sheet1", "C1:C2")).toEqual([[12], [13]]);
  });

  it("sums a custom function's spill through A1# and follows the spill when it changes size", () => {
    const excel = setup();
    excel.setCells("Sheet1", "E1", [[2]]);
    excel.setCells("Sheet1", "A1", [["=PLATFORM.TREE(E1)"], [], [], [], []]);
    excel.setCells("Sheet1", "D1", [["=SUM(A1#)", "=ROWS(A1#)"]]);
    excel.setCells("Sheet1", "D2", [["=SUM(B1:B4)"]]);
    expect(excel.values("Sheet1", "D1:E2")).toEqual([
      [30, 2],
      [30, ""],
    ]);
    // The custom function spills 4 rows now: both the # reference and the plain range follow.
    excel.setCells("Sheet1", "E1", [[4]]);
    expect(excel.values("Sheet1", "A4:B4")).toEqual([["1.4", 40]]);
    expect(excel.values("Sheet1", "D1:D2")).toEqual([[100], [100]]);
    expect(excel.values("Sheet1", "E1")).toEqual([[4]]);
    expect(excel.cell("Sheet1", "D1")?.formula).toBe("=SUM(A1#)");
  });

  it("still shows #SPILL! when a value blocks a custom function's spill, and #REF! for its A1#", () => {
    const excel = setup();
    excel.setCells("Sheet1", "A1", [["=PLATFORM.TREE(3)"]]);
    excel.setCells("Sheet1", "D1", [["=SUM(A1#)"]]);
    expect(excel.values("Sheet1", "D1")).toEqual([[60]]);
    excel.setCells("Sheet1", "B3", [["in the way"]]);
    expect(excel.values("Sheet1", "A1")).toEqual([["#SPILL!"]]);
    expect(excel.cell("Sheet1", "A1")?.errorMessage).toMatch(/B3/);
    expect(excel.values("Sheet1", "D1")).toEqual([["#REF!"]]);
    excel.setCells("Sheet1", "B3", [[null]]);
    expect(excel.values("Sheet1", "A1:B3")).toEqual([
      ["1.1", 10],
      ["1.2", 20],
      ["1.3", 30],
    ]);
    expect(excel.values("Sheet1", "D1")).toEqual([[60]]);
  });

  it("a native formula blocks a spill as any content does", () => {
    const excel = setup();
    excel.setCells("Sheet1", "B2", [["=1+1"]]);
    excel.setCells("Sheet1", "A1", [["=PLATFORM.TREE(3)"]]);
    expect(excel.values("Sheet1", "A1")).toEqual([["#SPILL!"]]);
  });

  it("reruns a custom function that reads a native formula's result", () => {
    const excel = setup();
    excel.setCells("Sheet1", "A1", [[2, "=A1*10", "=PLATFORM.ADD(B1, 1)"]]);
    expect(excel.values("Sheet1", "B1:C1")).toEqual([[20, 21]]);
    excel.setCells("Sheet1", "A1", [[5]]);
    expect(excel.values("Sheet1", "B1:C1")).toEqual([[50, 51]]);
  });

  it("reads other sheets by name, text as text, and shows Excel's error values", () => {
    const excel = setup();
    excel.setCells("Rates", "A1", [[12.5, "'100"]]);
    excel.setCells("Sheet1", "A1", [
      ["=Rates!A1*2", "=ISTEXT(Rates!B1)", "=1/0", "=NOSUCHFUNCTION(1)", "=#N/A"],
    ]);
    expect(excel.values("Sheet1", "A1:E1")).toEqual([[25, true, "#DIV/0!", "#NAME?", "#N/A"]]);
    expect(excel.cell("Sheet1", "C1")?.isError).toBe(true);
  });

  it("keeps totals right after rows are inserted above them", async () => {
    const excel = setup();
    excel.setCells("Sheet1", "A1", [[1], [2], ["=SUM(A1:A2)"]]);
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("B1:B3").insert("Right");
      await context.sync();
    });
    excel.setCells("Sheet1", "A1", [[10]]);
    expect(excel.values("Sheet1", "A3")).toEqual([[12]]);
  });
});
