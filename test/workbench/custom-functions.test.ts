import {
  createEmulatedExcel,
  type FunctionsMetadata,
  type OfficeEmulation,
} from "../../dev/office-emulation";

const METADATA: FunctionsMetadata = {
  functions: [
    {
      id: "ADD",
      name: "ADD",
      parameters: [
        { name: "a", type: "number" },
        { name: "b", type: "number", optional: true },
      ],
    },
    {
      id: "TREE",
      name: "TREE",
      parameters: [{ name: "rows", type: "number" }],
      result: { dimensionality: "matrix" },
    },
    { id: "SLOW", name: "SLOW", parameters: [{ name: "text", type: "string" }] },
    { id: "FAIL", name: "FAIL", parameters: [{ name: "code", type: "string" }] },
    { id: "WHERE", name: "WHERE", parameters: [], options: { requiresAddress: true } },
    { id: "TICKER", name: "TICKER", parameters: [], options: { stream: true, cancelable: true } },
  ],
};

interface Deferred {
  resolve(value: string): void;
  promise: Promise<string>;
}

function deferred(): Deferred {
  let resolve: (value: string) => void = () => undefined;
  const promise = new Promise<string>((r) => {
    resolve = r;
  });
  return { resolve, promise };
}

function setup(): { excel: OfficeEmulation; pending: Deferred[]; ticks: { cancelled: number } } {
  const excel = createEmulatedExcel({ sheets: { Sheet1: [] }, functionsMetadata: METADATA });
  const CF = excel.globals.CustomFunctions;
  const pending: Deferred[] = [];
  const ticks = { cancelled: 0 };
  CF.associate("ADD", (a: number, b: number | null) => a + (b ?? 100));
  CF.associate({
    TREE: (rows: number) => Array.from({ length: rows }, (_, i) => [`1.${i + 1}`, i * 10]),
    SLOW: (text: string) => {
      const d = deferred();
      pending.push(d);
      return d.promise.then((suffix) => text + suffix);
    },
    FAIL: (code: string) => {
      throw new CF.Error(code as CustomFunctions.ErrorCode, "Model version 7 was not found.");
    },
    WHERE: (invocation: CustomFunctions.Invocation) => invocation.address ?? "",
    TICKER: (invocation: CustomFunctions.StreamingInvocation<number>) => {
      invocation.setResult(1);
      invocation.onCanceled = () => {
        ticks.cancelled += 1;
      };
    },
  });
  return { excel, pending, ticks };
}

describe("custom function formulas", () => {
  it("calls the function registered for NAMESPACE.NAME with literal and reference arguments", () => {
    const { excel } = setup();
    excel.setCells("Sheet1", "A1", [[2, "=PLATFORM.ADD(A1, 3)", "=platform.add(A1)"]]);
    expect(excel.values("Sheet1", "A1:C1")).toEqual([[2, 5, 102]]);
  });

  it("reruns a formula when a cell it reads changes", () => {
    const { excel } = setup();
    excel.setCells("Sheet1", "A1", [[2, "=PLATFORM.ADD(A1, 3)"]]);
    excel.setCells("Sheet1", "A1", [[40]]);
    expect(excel.values("Sheet1", "B1")).toEqual([[43]]);
  });

  it("shows #VALUE! for text where a number parameter is declared, without calling the function", () => {
    const { excel } = setup();
    excel.setCells("Sheet1", "A1", [['=PLATFORM.ADD("abc", 1)']]);
    expect(excel.values("Sheet1", "A1")).toEqual([["#VALUE!"]]);
    expect(excel.cell("Sheet1", "A1")?.isError).toBe(true);
  });

  it("shows #NAME? for a function that is not registered", () => {
    const { excel } = setup();
    excel.setCells("Sheet1", "A1", [["=PLATFORM.NOPE(1)"]]);
    expect(excel.values("Sheet1", "A1")).toEqual([["#NAME?"]]);
  });

  it("spills a 2-D result down and right from the formula cell", () => {
    const { excel } = setup();
    excel.setCells("Sheet1", "B2", [["=PLATFORM.TREE(3)"]]);
    expect(excel.values("Sheet1", "B2:C4")).toEqual([
      ["1.1", 0],
      ["1.2", 10],
      ["1.3", 20],
    ]);
    expect(excel.cell("Sheet1", "B2")?.formula).toBe("=PLATFORM.TREE(3)");
    expect(excel.cell("Sheet1", "C4")?.formula).toBeUndefined();
  });

  it("shows #SPILL! when the spill range is not blank, and spills once it is cleared", () => {
    const { excel } = setup();
    excel.setCells("Sheet1", "C3", [["in the way"]]);
    excel.setCells("Sheet1", "B2", [["=PLATFORM.TREE(3)"]]);
    expect(excel.values("Sheet1", "B2")).toEqual([["#SPILL!"]]);
    expect(excel.cell("Sheet1", "B2")?.errorMessage).toMatch(/C3/);
    expect(excel.values("Sheet1", "C3")).toEqual([["in the way"]]);
    excel.setCells("Sheet1", "C3", [[null]]);
    expect(excel.values("Sheet1", "B2:C4")).toEqual([
      ["1.1", 0],
      ["1.2", 10],
      ["1.3", 20],
    ]);
  });

  it("blocks an existing spill when a value is typed into it", () => {
    const { excel } = setup();
    excel.setCells("Sheet1", "A1", [["=PLATFORM.TREE(2)"]]);
    excel.setCells("Sheet1", "B2", [["typed"]]);
    expect(excel.values("Sheet1", "A1:B2")).toEqual([
      ["#SPILL!", ""],
      ["", "typed"],
    ]);
  });

  it("shows #BUSY! while a promise is pending, then its result", async () => {
    const { excel, pending } = setup();
    excel.setCells("Sheet1", "A1", [['=PLATFORM.SLOW("BOQ ")']]);
    expect(excel.values("Sheet1", "A1")).toEqual([["#BUSY!"]]);
    pending[0]?.resolve("ready");
    await excel.formulasSettled();
    expect(excel.values("Sheet1", "A1")).toEqual([["BOQ ready"]]);
  });

  it("turns a thrown CustomFunctions.Error into its error value and keeps the message of #N/A", () => {
    const { excel } = setup();
    excel.setCells("Sheet1", "A1", [['=PLATFORM.FAIL("#N/A")', '=PLATFORM.FAIL("#DIV/0!")']]);
    expect(excel.values("Sheet1", "A1:B1")).toEqual([["#N/A", "#DIV/0!"]]);
    expect(excel.cell("Sheet1", "A1")?.errorMessage).toBe("Model version 7 was not found.");
    // Excel shows no message for the other codes.
    expect(excel.cell("Sheet1", "B1")?.errorMessage).toBeUndefined();
  });

  it("gives the function an invocation with the calling cell's address", () => {
    const { excel } = setup();
    excel.setCells("Sheet1", "D7", [["=PLATFORM.WHERE()"]]);
    expect(excel.values("Sheet1", "D7")).toEqual([["Sheet1!D7"]]);
  });

  it("gives the address only where the metadata asks for it (requiresAddress), as Excel does", () => {
    const excel = createEmulatedExcel({
      sheets: { "My sheet": [] },
      functionsMetadata: {
        functions: [
          { id: "ASKS", name: "ASKS", parameters: [], options: { requiresAddress: true } },
          { id: "SILENT", name: "SILENT", parameters: [] },
        ],
      },
    });
    const where = (invocation: CustomFunctions.Invocation) => invocation.address ?? "none";
    excel.globals.CustomFunctions.associate({ ASKS: where, SILENT: where });
    excel.setCells("My sheet", "B2", [["=PLATFORM.ASKS()", "=PLATFORM.SILENT()"]]);
    expect(excel.values("My sheet", "B2:C2")).toEqual([["'My sheet'!B2", "none"]]);
  });

  it("shows streamed results and cancels the stream when the formula is replaced", () => {
    const { excel, ticks } = setup();
    excel.setCells("Sheet1", "A1", [["=PLATFORM.TICKER()"]]);
    expect(excel.values("Sheet1", "A1")).toEqual([[1]]);
    excel.setCells("Sheet1", "A1", [["plain text"]]);
    expect(ticks.cancelled).toBe(1);
    expect(excel.values("Sheet1", "A1")).toEqual([["plain text"]]);
  });

  it("reruns every formula on application.calculate", async () => {
    const { excel } = setup();
    let calls = 0;
    excel.globals.CustomFunctions.associate("ADD", (a: number) => {
      calls += 1;
      return a;
    });
    excel.setCells("Sheet1", "A1", [["=PLATFORM.ADD(1)"]]);
    await excel.run(async (context) => {
      context.workbook.application.calculate("Full");
      await context.sync();
    });
    expect(calls).toBe(2);
  });

  it("writes formulas set through Range.formulas and reads them back", async () => {
    const { excel } = setup();
    await excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1:B1");
      range.formulas = [[5, "=PLATFORM.ADD(A1, 1)"]];
      await context.sync();
      range.load("values, formulas, valueTypes");
      await context.sync();
      expect(range.values).toEqual([[5, 6]]);
      expect(range.formulas).toEqual([[5, "=PLATFORM.ADD(A1, 1)"]]);
      expect(range.valueTypes).toEqual([["Double", "Double"]]);
    });
  });
});
