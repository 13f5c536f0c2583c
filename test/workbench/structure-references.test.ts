// References after whole rows or columns are inserted or deleted (dev/office-emulation/references.ts):
// Excel keeps every formula and defined name pointing at the same cells, and shows #REF! where the
// cells a reference pointed at were deleted (Microsoft support, "How to correct a #REF! error":
// "This happens most often when cells that were referenced by formulas get deleted"). Custom
// functions on the changed sheet run again (office-js issues 3332 and 3911).
import { HyperFormula } from "hyperformula";
import {
  createEmulatedExcel,
  type FunctionsMetadata,
  type OfficeEmulation,
} from "../../dev/office-emulation";
import { adjustFormula, findReferences } from "../../dev/office-emulation/references";

const METADATA: FunctionsMetadata = {
  functions: [
    {
      id: "TOTAL",
      name: "TOTAL",
      parameters: [{ name: "cells", type: "number", dimensionality: "matrix" }],
    },
    { id: "CODES", name: "CODES", parameters: [], result: { dimensionality: "matrix" } },
  ],
};

function boq(): { excel: OfficeEmulation; calls: { total: number } } {
  const excel = createEmulatedExcel({
    sheets: {
      BOQ: [
        ["Code", "Qty"],
        ["1.1", 10],
        ["1.2", 20],
        ["1.3", 30],
        ["1.4", 40],
      ],
      Summary: [],
    },
    functionsMetadata: METADATA,
  });
  const calls = { total: 0 };
  excel.globals.CustomFunctions.associate("TOTAL", (cells: number[][]) => {
    calls.total += 1;
    return cells.flat().reduce((a, b) => a + b, 0);
  });
  excel.globals.CustomFunctions.associate("CODES", () => [["a"], ["b"]]);
  return { excel, calls };
}

async function deleteRows(excel: OfficeEmulation, sheet: string, rows: string): Promise<void> {
  await excel.run(async (context) => {
    context.workbook.worksheets.getItem(sheet).getRange(rows).delete("Up");
    await context.sync();
  });
}

describe("formulas after whole rows are deleted (Microsoft support: How to correct a #REF! error)", () => {
  it("a formula on another sheet pointing into deleted rows shows #REF!, and Range.formulas says so", async () => {
    const { excel } = boq();
    excel.setCells("Summary", "A1", [["=BOQ!B3", "=SUM(BOQ!B2:B5)", "=SUM(BOQ!B3:B4)*2", "=BOQ!B5"]]);
    expect(excel.values("Summary", "A1:D1")).toEqual([[20, 100, 100, 40]]);
    await deleteRows(excel, "BOQ", "3:4");
    expect(excel.values("Summary", "A1:D1")).toEqual([["#REF!", 50, "#REF!", 40]]);
    const formulas = await excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Summary").getRange("A1:D1");
      range.load("formulas");
      await context.sync();
      return range.formulas;
    });
    expect(formulas).toEqual([["=BOQ!#REF!", "=SUM(BOQ!B2:B3)", "=SUM(BOQ!#REF!)*2", "=BOQ!B3"]]);
  });

  it("getEntireRow().delete('Up') on the referenced cells gives #REF! too; formulas on the same sheet move up", async () => {
    const { excel } = boq();
    excel.setCells("BOQ", "D1", [["=B2+B5"]]);
    excel.setCells("BOQ", "D6", [["=B5*2"]]);
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("BOQ").getRange("A2").getEntireRow().delete("Up");
      await context.sync();
    });
    expect(excel.cell("BOQ", "D1")?.formula).toBe("=#REF!+B4");
    expect(excel.values("BOQ", "D1")).toEqual([["#REF!"]]);
    expect(excel.cell("BOQ", "D5")?.formula).toBe("=B4*2");
    expect(excel.values("BOQ", "D5")).toEqual([[80]]);
  });

  it("a custom function reading deleted cells gets #REF! without being called; one reading moved cells runs again", async () => {
    const { excel, calls } = boq();
    excel.setCells("Summary", "A1", [["=PLATFORM.TOTAL(BOQ!B2:B3)", "=PLATFORM.TOTAL(BOQ!B4:B5)"]]);
    expect(excel.values("Summary", "A1:B1")).toEqual([[30, 70]]);
    const before = calls.total;
    await deleteRows(excel, "BOQ", "2:3");
    expect(excel.values("Summary", "A1:B1")).toEqual([["#REF!", 70]]);
    expect(excel.cell("Summary", "A1")?.formula).toBe("=PLATFORM.TOTAL(BOQ!#REF!)");
    expect(excel.cell("Summary", "B1")?.formula).toBe("=PLATFORM.TOTAL(BOQ!B2:B3)");
    expect(calls.total).toBe(before + 1);
  });

  it("a defined name over deleted rows refers to #REF!; one below them moves up", async () => {
    const { excel } = boq();
    await excel.run(async (context) => {
      context.workbook.names.add("QtyFirst", context.workbook.worksheets.getItem("BOQ").getRange("B2:B3"));
      context.workbook.names.add("QtyLast", context.workbook.worksheets.getItem("BOQ").getRange("B5"));
      await context.sync();
    });
    await deleteRows(excel, "BOQ", "2:3");
    const names = await excel.run(async (context) => {
      const items = context.workbook.names;
      items.load("items/name, items/type, items/value, items/formula");
      await context.sync();
      return items.items.map((n): string[] => [n.name, n.type, String(n.value), String(n.formula)]);
    });
    expect(names).toEqual([
      ["QtyFirst", "Error", "#REF!", "=BOQ!#REF!"],
      ["QtyLast", "Range", "BOQ!$B$3", "=BOQ!$B$3"],
    ]);
  });
});

describe("formulas after whole rows or columns are inserted", () => {
  it("references below the insertion move down, ranges across it grow, whole columns stay", async () => {
    const { excel } = boq();
    excel.setCells("Summary", "A1", [["=BOQ!B5", "=SUM(BOQ!B2:B5)", "=SUM(BOQ!B:B)", "=BOQ!$B$2"]]);
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("BOQ");
      sheet.getRange("3:4").insert("Down");
      sheet.getRange("A3:B4").values = [
        ["1.1.1", 1],
        ["1.1.2", 2],
      ];
      await context.sync();
    });
    expect(excel.values("Summary", "A1:D1")).toEqual([[40, 103, 103, 10]]);
    expect(excel.cell("Summary", "A1")?.formula).toBe("=BOQ!B7");
    expect(excel.cell("Summary", "B1")?.formula).toBe("=SUM(BOQ!B2:B7)");
    expect(excel.cell("Summary", "C1")?.formula).toBe("=SUM(BOQ!B:B)");
    expect(excel.cell("Summary", "D1")?.formula).toBe("=BOQ!$B$2");
  });

  it("inserting a whole column (Range.insert('Right') on A:A) moves references right", async () => {
    const { excel } = boq();
    excel.setCells("Summary", "A1", [["=BOQ!B2&BOQ!A2", "=COUNTA(BOQ!A:B)"]]);
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("BOQ").getRange("A:A").insert("Right");
      await context.sync();
    });
    expect(excel.cell("Summary", "A1")?.formula).toBe("=BOQ!C2&BOQ!B2");
    expect(excel.cell("Summary", "B1")?.formula).toBe("=COUNTA(BOQ!B:C)");
    expect(excel.values("Summary", "A1:B1")).toEqual([["101.1", 10]]);
  });

  it("deleting a referenced column gives #REF!", async () => {
    const { excel } = boq();
    excel.setCells("Summary", "A1", [["=BOQ!B2", "=BOQ!A2"]]);
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("BOQ").getRange("B:B").delete("Left");
      await context.sync();
    });
    expect(excel.values("Summary", "A1:B1")).toEqual([["#REF!", 1.1]]);
  });

  it("a spill reference A1# follows its anchor, and the anchor's custom function runs again (office-js 3332, 3911)", async () => {
    const { excel } = boq();
    excel.setCells("Summary", "A1", [["=PLATFORM.CODES()", "=COUNTA(A1#)"]]);
    expect(excel.values("Summary", "A1:B2")).toEqual([
      ["a", 2],
      ["b", ""],
    ]);
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("Summary").getRange("1:3").insert("Down");
      await context.sync();
    });
    expect(excel.cell("Summary", "B4")?.formula).toBe("=COUNTA(A4#)");
    expect(excel.values("Summary", "A4:B5")).toEqual([
      ["a", 2],
      ["b", ""],
    ]);
    expect(excel.values("Summary", "A1:B3")).toEqual([
      ["", ""],
      ["", ""],
      ["", ""],
    ]);
  });
});

describe("the reference tokenizer", () => {
  it("leaves text literals, function names that look like cells (LOG10) and names alone", () => {
    const formula = "=LOG10(B2)&\"B2\"&Rate1x&Sheet1!B2&'My sheet'!$B$2:B3";
    expect(findReferences(formula).map((r) => formula.slice(r.start, r.end))).toEqual([
      "B2",
      "Sheet1!B2",
      "'My sheet'!$B$2:B3",
    ]);
    expect(
      adjustFormula(formula, "Sheet1", { sheet: "My sheet", axis: "rows", kind: "insert", at: 0, count: 1 }),
    ).toBe("=LOG10(B2)&\"B2\"&Rate1x&Sheet1!B2&'My sheet'!$B$3:B4");
  });

  it("computes the same values as HyperFormula's own addRows/removeRows for Excel formulas", async () => {
    const formulas = [
      "=SUM(A2:A6)",
      "=A3+A5",
      "=SUM($A$4:A6)",
      "=SUM(A:A)",
      "=SUM(3:4)",
      "=A2*2",
      "=SUM(A5:A9)",
    ];
    const changes = [
      { kind: "insert" as const, at: 2, count: 2 },
      { kind: "delete" as const, at: 2, count: 2 },
      { kind: "delete" as const, at: 0, count: 1 },
      { kind: "delete" as const, at: 3, count: 4 },
      { kind: "insert" as const, at: 5, count: 3 },
    ];
    const data = Array.from({ length: 10 }, (_, r) => [r + 1]);
    for (const change of changes) {
      const hf = HyperFormula.buildEmpty({ licenseKey: "gpl-v3" });
      hf.addSheet("S");
      const hfSheet = hf.getSheetId("S") ?? 0;
      hf.setSheetContent(
        hfSheet,
        data.map((row, r) => [...row, formulas[r] ?? null]),
      );
      if (change.kind === "insert") hf.addRows(hfSheet, [change.at, change.count]);
      else hf.removeRows(hfSheet, [change.at, change.count]);
      const expected = Array.from({ length: 12 }, (_, r) => {
        const value = hf.getCellValue({ sheet: hfSheet, row: r, col: 1 });
        return typeof value === "object" && value !== null ? value.value : (value ?? "");
      });

      const excel = createEmulatedExcel({ sheets: { S: data } });
      excel.setCells(
        "S",
        "B1",
        formulas.map((f) => [f]),
      );
      await excel.run(async (context) => {
        const range = context.workbook.worksheets
          .getItem("S")
          .getRange(`${change.at + 1}:${change.at + change.count}`);
        if (change.kind === "insert") range.insert("Down");
        else range.delete("Up");
        await context.sync();
      });
      expect([change, excel.values("S", "B1:B12").map((row) => row[0])]).toEqual([change, expected]);
      hf.destroy();
    }
  });
});
