// When Excel runs a custom function again (dev/office-emulation/custom-functions.ts, calculate):
// Calculate Now does not run non-volatile ones (office-js issue 1462); Full and FullRebuild mark
// every cell dirty (Excel.CalculationType); inserting or deleting rows, columns or cells and
// expanding or collapsing outline groups run them again (office-js issues 3332, 3911).
import {
  createEmulatedExcel,
  type FunctionsMetadata,
  type OfficeEmulation,
} from "../../dev/office-emulation";

const METADATA: FunctionsMetadata = {
  functions: [
    { id: "COUNTER", name: "COUNTER", parameters: [] },
    { id: "CLOCK", name: "CLOCK", parameters: [], options: { volatile: true } },
  ],
};

interface Counted {
  excel: OfficeEmulation;
  runs: { counter: number; clock: number };
}

function counted(): Counted {
  const excel = createEmulatedExcel({
    sheets: { Sheet1: [], Other: [] },
    functionsMetadata: METADATA,
  });
  const runs = { counter: 0, clock: 0 };
  excel.globals.CustomFunctions.associate("COUNTER", () => {
    runs.counter += 1;
    return runs.counter;
  });
  excel.globals.CustomFunctions.associate("CLOCK", () => {
    runs.clock += 1;
    return runs.clock;
  });
  excel.setCells("Sheet1", "A1", [["=PLATFORM.COUNTER()", "=PLATFORM.CLOCK()"]]);
  excel.setCells("Other", "A1", [["=PLATFORM.COUNTER()"]]);
  return { excel, runs };
}

async function batch(excel: OfficeEmulation, fn: (context: Excel.RequestContext) => void): Promise<void> {
  await excel.run(async (context) => {
    fn(context);
    await context.sync();
  });
}

describe("application.calculate (office-js 1462; Excel.CalculationType)", () => {
  it("issue 1462: Calculate Now ('Recalculate') does not run a non-volatile custom function again; a volatile one runs", async () => {
    const { excel, runs } = counted();
    expect(runs).toEqual({ counter: 2, clock: 1 });
    await batch(excel, (context) => context.workbook.application.calculate("Recalculate"));
    expect(runs).toEqual({ counter: 2, clock: 2 });
    expect(excel.values("Sheet1", "A1:B1")).toEqual([[1, 2]]);
  });

  it.each(["Full", "FullRebuild"] as const)(
    "'%s' marks every cell dirty: every custom function runs again",
    async (type) => {
      const { excel, runs } = counted();
      await batch(excel, (context) => context.workbook.application.calculate(type));
      expect(runs).toEqual({ counter: 4, clock: 2 });
    },
  );

  it("refuses a calculation type Excel does not have", async () => {
    const { excel } = counted();
    await expect(
      batch(excel, (context) =>
        context.workbook.application.calculate("Everything" as Excel.CalculationType),
      ),
    ).rejects.toMatchObject({ code: "InvalidArgument" });
  });

  it("Worksheet.calculate(true) runs the sheet's custom functions again, calculate(false) only volatile ones", async () => {
    const { excel, runs } = counted();
    await batch(excel, (context) => context.workbook.worksheets.getItem("Sheet1").calculate(false));
    expect(runs).toEqual({ counter: 2, clock: 2 });
    await batch(excel, (context) => context.workbook.worksheets.getItem("Sheet1").calculate(true));
    expect(runs).toEqual({ counter: 3, clock: 3 });
  });

  it("Range.calculate runs the custom functions of that range only", async () => {
    const { excel, runs } = counted();
    await batch(excel, (context) => context.workbook.worksheets.getItem("Other").getRange("A1").calculate());
    expect(runs).toEqual({ counter: 3, clock: 1 });
  });

  it("the test helper recalculate() reruns every formula: it is not an Excel operation", () => {
    const { excel, runs } = counted();
    excel.recalculate();
    expect(runs).toEqual({ counter: 4, clock: 2 });
  });
});

describe("structure and outline changes run custom functions again (office-js 3332, 3911)", () => {
  it("inserting a row runs the sheet's custom functions again, not those of other sheets", async () => {
    const { excel, runs } = counted();
    await batch(excel, (context) =>
      context.workbook.worksheets.getItem("Sheet1").getRange("5:5").insert("Down"),
    );
    expect(runs).toEqual({ counter: 3, clock: 2 });
  });

  it("deleting a column or some cells runs them again too", async () => {
    const { excel, runs } = counted();
    await batch(excel, (context) =>
      context.workbook.worksheets.getItem("Sheet1").getRange("D:D").delete("Left"),
    );
    expect(runs).toEqual({ counter: 3, clock: 2 });
    await batch(excel, (context) =>
      context.workbook.worksheets.getItem("Sheet1").getRange("D2").delete("Up"),
    );
    expect(runs).toEqual({ counter: 4, clock: 3 });
  });

  it("collapsing and expanding an outline group runs them again; showOutlineLevels too", async () => {
    const { excel, runs } = counted();
    await batch(excel, (context) =>
      context.workbook.worksheets.getItem("Sheet1").getRange("3:6").group("ByRows"),
    );
    expect(runs).toEqual({ counter: 2, clock: 1 });
    await batch(excel, (context) =>
      context.workbook.worksheets.getItem("Sheet1").getRange("3:6").hideGroupDetails("ByRows"),
    );
    expect(runs).toEqual({ counter: 3, clock: 2 });
    await batch(excel, (context) =>
      context.workbook.worksheets.getItem("Sheet1").getRange("3:6").showGroupDetails("ByRows"),
    );
    expect(runs).toEqual({ counter: 4, clock: 3 });
    await batch(excel, (context) => context.workbook.worksheets.getItem("Sheet1").showOutlineLevels(1, 0));
    expect(runs).toEqual({ counter: 5, clock: 4 });
  });
});

describe("a full recalculation and cells in an error state (office-js 4502: a variation)", () => {
  /** PLATFORM.FETCH fails with #N/A while the network is down, then returns 42. */
  function fetching(fullCalculationSkipsErrors?: boolean) {
    const excel = createEmulatedExcel({
      sheets: { Sheet1: [] },
      functionsMetadata: { functions: [{ id: "FETCH", name: "FETCH", parameters: [] }] },
      ...(fullCalculationSkipsErrors === undefined ? {} : { fullCalculationSkipsErrors }),
    });
    const state = { down: true, runs: 0 };
    const { CustomFunctions } = excel.globals;
    CustomFunctions.associate("FETCH", () => {
      state.runs += 1;
      if (state.down) throw new CustomFunctions.Error(CustomFunctions.ErrorCode.notAvailable, "Network down");
      return 42;
    });
    excel.setCells("Sheet1", "A1", [["=PLATFORM.FETCH()"]]);
    return { excel, state };
  }

  it("by default 'Full' runs the cell in #N/A again, and it shows the value", async () => {
    const { excel, state } = fetching();
    expect(excel.values("Sheet1", "A1")).toEqual([["#N/A"]]);
    state.down = false;
    await batch(excel, (context) => context.workbook.application.calculate("Full"));
    expect(excel.values("Sheet1", "A1")).toEqual([[42]]);
  });

  it("under the variation 'Full' leaves the cell in #N/A; Worksheet.calculate(true) runs it (chosen)", async () => {
    const { excel, state } = fetching(true);
    state.down = false;
    const runs = state.runs;
    await batch(excel, (context) => context.workbook.application.calculate("Full"));
    expect(state.runs).toBe(runs);
    expect(excel.values("Sheet1", "A1")).toEqual([["#N/A"]]);
    await batch(excel, (context) => context.workbook.worksheets.getItem("Sheet1").calculate(true));
    expect(excel.values("Sheet1", "A1")).toEqual([[42]]);
  });
});

describe("a custom function running again (office-js 4152, 6930: a variation)", () => {
  function slow(busyKeepsOldValue?: boolean) {
    const excel = createEmulatedExcel({
      sheets: { Sheet1: [] },
      functionsMetadata: { functions: [{ id: "SLOW", name: "SLOW", parameters: [] }] },
      ...(busyKeepsOldValue === undefined ? {} : { busyKeepsOldValue }),
    });
    const answers: Array<(value: number) => void> = [];
    excel.globals.CustomFunctions.associate(
      "SLOW",
      () => new Promise<number>((resolve) => answers.push(resolve)),
    );
    excel.setCells("Sheet1", "A1", [["=PLATFORM.SLOW()"]]);
    return { excel, answers };
  }

  it("shows #BUSY! by default, from the first run and again while it runs again", async () => {
    const { excel, answers } = slow();
    expect(excel.values("Sheet1", "A1")).toEqual([["#BUSY!"]]);
    answers[0]?.(1);
    await excel.formulasSettled();
    expect(excel.values("Sheet1", "A1")).toEqual([[1]]);
    await batch(excel, (context) => context.workbook.application.calculate("Full"));
    expect(excel.values("Sheet1", "A1")).toEqual([["#BUSY!"]]);
  });

  it("under the variation keeps the last result with a busy mark, which reading the cell cannot tell", async () => {
    const { excel, answers } = slow(true);
    expect(excel.values("Sheet1", "A1")).toEqual([["#BUSY!"]]);
    answers[0]?.(1);
    await excel.formulasSettled();
    await batch(excel, (context) => context.workbook.application.calculate("Full"));
    expect(excel.values("Sheet1", "A1")).toEqual([[1]]);
    expect(excel.cell("Sheet1", "A1")?.busy).toBe(true);
    answers[1]?.(2);
    await excel.formulasSettled();
    expect(excel.values("Sheet1", "A1")).toEqual([[2]]);
    expect(excel.cell("Sheet1", "A1")?.busy).toBeUndefined();
  });
});
