// Refresh BOQ formulas against the Office emulation under its variations of current Excel: a full
// recalculation skips custom-function cells in an error state (office-js 4502) and a function
// running again keeps its old value (4152, 6930). The refresh calculates the sheets holding
// PLATFORM formulas with markAllDirty, and knows which cells answered by their invocation.address
// (the functions record it: src/boqdata/invocations), never by reading the cells.
import {
  createEmulatedExcel,
  type FunctionsMetadata,
  type OfficeEmulation,
} from "../../dev/office-emulation";
import { invocationStarted } from "../../src/boqdata";
import { refreshBoqFormulas, type FormulaRefreshDeps } from "../../src/boqsheet";
import { calculateSheets, findPlatformFormulas } from "../../src/workbook";

const METADATA: FunctionsMetadata = {
  functions: [
    { id: "FETCH", name: "FETCH", parameters: [], options: { requiresAddress: true } },
    { id: "HANG", name: "HANG", parameters: [], options: { requiresAddress: true } },
    {
      id: "TAG",
      name: "TAG",
      parameters: [{ name: "n", type: "number" }],
      options: { requiresAddress: true },
    },
  ],
};
const SHEET = "BOQ Tower 3.2";

interface Book {
  excel: OfficeEmulation;
  network: { down: boolean };
  runs: { fetch: number; hang: number };
  deps: FormulaRefreshDeps;
}

/** PLATFORM.FETCH answers 42, or #N/A while the network is down; PLATFORM.HANG answers once, then never. */
function book(variations: { busyKeepsOldValue?: boolean } = {}): Book {
  const excel = createEmulatedExcel({
    sheets: { Sheet1: [], [SHEET]: [], Notes: [] },
    functionsMetadata: METADATA,
    fullCalculationSkipsErrors: true,
    ...variations,
  });
  const network = { down: true };
  const runs = { fetch: 0, hang: 0 };
  const CF = excel.globals.CustomFunctions;
  // As src/functions does: the ledger hears each answer by the invocation's address.
  CF.associate("FETCH", (invocation: CustomFunctions.Invocation) => {
    runs.fetch += 1;
    const answered = invocationStarted("FETCH", invocation.address);
    if (network.down) {
      const error = new CF.Error(CF.ErrorCode.notAvailable, "Could not reach the platform.");
      answered(error.message);
      throw error;
    }
    answered();
    return 42;
  });
  CF.associate("HANG", (invocation: CustomFunctions.Invocation) => {
    runs.hang += 1;
    const answered = invocationStarted("HANG", invocation.address);
    if (runs.hang > 1) return new Promise(() => undefined);
    answered();
    return 7;
  });
  CF.associate("TAG", (n: number, invocation: CustomFunctions.Invocation) => {
    const answered = invocationStarted("TAG", invocation.address);
    answered();
    return n * 2;
  });
  const deps: FormulaRefreshDeps = {
    signedIn: () => Promise.resolve(true),
    findCells: () => excel.run((context) => findPlatformFormulas(context)),
    calculateSheets: (sheets) => excel.run((context) => calculateSheets(context, sheets)),
    timing: { quietMs: 300, limitMs: 5_000 },
  };
  return { excel, network, runs, deps };
}

it("re-invokes a cell in #N/A that a full recalculation skips, once the network is back, and counts it", async () => {
  const { excel, network, deps } = book();
  excel.setCells(SHEET, "B2", [["=PLATFORM.FETCH()"]]);
  expect(excel.values(SHEET, "B2")).toEqual([["#N/A"]]);
  network.down = false;
  // What Refresh BOQ used to do leaves it: the variation's full recalculation skips error cells.
  await excel.run(async (context) => {
    context.workbook.application.calculate("Full");
    await context.sync();
  });
  expect(excel.values(SHEET, "B2")).toEqual([["#N/A"]]);

  const outcome = await refreshBoqFormulas(deps);
  await excel.formulasSettled();
  expect(excel.values(SHEET, "B2")).toEqual([[42]]);
  expect(outcome).toEqual({ ok: true, total: 1, refreshed: 1, failed: [], unanswered: [] });
});

it("names the cells that answered with an error, with what they show", async () => {
  const { excel, runs, deps } = book();
  excel.setCells(SHEET, "B2", [["=PLATFORM.FETCH()"]]);
  excel.setCells("Sheet1", "A1", [["=PLATFORM.TAG(2)"]]);
  const before = runs.fetch;
  const outcome = await refreshBoqFormulas(deps);
  expect(runs.fetch).toBe(before + 1);
  expect(outcome).toEqual({
    ok: true,
    total: 2,
    refreshed: 1,
    failed: [{ address: `'${SHEET}'!B2`, message: "Could not reach the platform." }],
    unanswered: [],
  });
});

it("does not claim a cell that keeps its old value while it runs: it is unknown, not refreshed", async () => {
  const { excel, network, deps } = book({ busyKeepsOldValue: true });
  network.down = false;
  excel.setCells("Sheet1", "A1", [["=PLATFORM.FETCH()"]]);
  excel.setCells("Notes", "C3", [["=PLATFORM.HANG()"]]);
  expect(excel.values("Notes", "C3")).toEqual([[7]]);
  const outcome = await refreshBoqFormulas(deps);
  // Reading the cell would say 7, as before: only the count knows it never answered.
  expect(excel.values("Notes", "C3")).toEqual([[7]]);
  expect(outcome).toEqual({ ok: true, total: 2, refreshed: 1, failed: [], unanswered: ["Notes!C3"] });
});

it("waits for every PLATFORM function a formula calls, nested ones included", async () => {
  const { excel, network, deps } = book();
  network.down = false;
  excel.setCells("Sheet1", "A1", [["=PLATFORM.TAG(PLATFORM.FETCH())"]]);
  const outcome = await refreshBoqFormulas(deps);
  expect(excel.values("Sheet1", "A1")).toEqual([[84]]);
  expect(outcome).toEqual({ ok: true, total: 1, refreshed: 1, failed: [], unanswered: [] });
});

it("says there is nothing to refresh in a workbook without PLATFORM formulas, and calculates nothing", async () => {
  const { excel, deps } = book();
  excel.setCells("Sheet1", "A1", [['="PLATFORM.FETCH()"', "=SUM(1,2)"]]);
  excel.clearSyncLog();
  const outcome = await refreshBoqFormulas(deps);
  expect(outcome).toEqual({ ok: true, total: 0, refreshed: 0, failed: [], unanswered: [] });
  expect(excel.getSyncLog().some((sync) => sync.writes > 0)).toBe(false);
});
