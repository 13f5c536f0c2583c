// The ribbon commands against the workbench's emulation of Office and Excel: the command is
// registered with Office.actions, run as the ribbon runs it, forgets the functions' kept results
// and calculates the sheets holding PLATFORM formulas (a PLATFORM formula runs again, counted by
// its address); Office always hears back, and the task pane is told and opened when Excel refuses.

import { installOfficeEmulation, type InstalledOfficeEmulation } from "../../dev/office-emulation";
import {
  createBoqData,
  invocationStarted,
  RequestLayer,
  setBoqDataForTests,
  type DataSession,
} from "../../src/boqdata";
import { excelFormulaRefresh, onRefreshOutcome, type FormulaRefreshDeps } from "../../src/boqsheet";
import { setLogSink } from "../../src/log/logger";

type CommandsModule = typeof import("../../src/commands/commands");

let commands: CommandsModule;
let installed: InstalledOfficeEmulation | undefined;
let calls = 0;
let signedIn = (): Promise<boolean> => Promise.resolve(true);
/** Excel's own refresh, signed in as `signedIn` says, waiting at most a second for silent cells. */
function refreshDeps(): FormulaRefreshDeps {
  return { ...excelFormulaRefresh(() => signedIn()), timing: { quietMs: 1_000, limitMs: 5_000 } };
}

/** An emulated workbook whose A1 holds a PLATFORM formula counting how often it runs. */
async function emulate(payloadLimitBytes?: number): Promise<InstalledOfficeEmulation> {
  installed?.uninstall();
  calls = 0;
  const excel = installOfficeEmulation(globalThis, { sheets: { BOQ: [] }, payloadLimitBytes });
  installed = excel;
  // As src/functions does: each answer is told to the runtime's ledger by the cell's address.
  excel.globals.CustomFunctions.associate("COUNTER", (invocation: CustomFunctions.Invocation) => {
    calls += 1;
    invocationStarted("COUNTER", invocation.address)();
    return calls;
  });
  excel.setCells("BOQ", "A1", [["=PLATFORM.COUNTER()"]]);
  await excel.formulasSettled();
  commands?.registerCommands(refreshDeps());
  excel.clearSyncLog();
  return excel;
}

beforeAll(async () => {
  await emulate();
  commands = await import("../../src/commands/commands");
  await Office.onReady();
});

afterAll(() => installed?.uninstall());

describe("refreshBoq ribbon command", () => {
  it("is registered under the FunctionName the manifest uses once Office is ready", () => {
    expect(installed?.actions.names()).toEqual(["refreshBoq"]);
  });

  it("calculates the sheet holding the PLATFORM formula (markAllDirty), counts its answer and completes", async () => {
    const excel = await emulate();
    expect(excel.values("BOQ", "A1")).toEqual([[1]]);
    const seen: unknown[] = [];
    const stop = onRefreshOutcome((outcome) => seen.push(outcome));
    try {
      await excel.actions.invoke("refreshBoq");
      await excel.formulasSettled();
    } finally {
      stop();
    }
    expect(excel.values("BOQ", "A1")).toEqual([[2]]);
    expect(seen).toEqual([{ ok: true, total: 1, refreshed: 1, failed: [], unanswered: [] }]);
    // The scan's reads, then one sync calculating the sheet: no full recalculation of the workbook.
    expect(excel.getSyncLog().at(-1)).toEqual(expect.objectContaining({ operations: 1, writes: 1 }));
  });

  it("forgets the functions' kept results before recalculating, so PLATFORM cells ask again", async () => {
    const excel = await emulate();
    const runsWhenCleared: number[] = [];
    const layer = new RequestLayer();
    jest.spyOn(layer, "clear").mockImplementation(() => {
      runsWhenCleared.push(calls);
    });
    const session: DataSession = {
      init: () => Promise.resolve(),
      getState: () => ({ status: "signed-out", reason: "never" }),
      api: {} as DataSession["api"],
      subscribe: () => () => undefined,
    };
    // The runtime's BOQ data path, as a formula or the BOQ tab would have made it.
    setBoqDataForTests(createBoqData(session, layer));
    try {
      await excel.actions.invoke("refreshBoq");
      await excel.formulasSettled();
      expect(runsWhenCleared).toEqual([1]);
      expect(excel.values("BOQ", "A1")).toEqual([[2]]);
    } finally {
      setBoqDataForTests(undefined);
    }
  });

  it("completes, tells the task pane why and opens it, and logs the reason when Excel refuses", async () => {
    // A host that refuses every request: the recalculation's sync fails with Office's error.
    const excel = await emulate(8);
    excel.addin.setVisible(false);
    const lines: string[] = [];
    setLogSink((_level, line) => lines.push(line));
    const seen: unknown[] = [];
    const stop = onRefreshOutcome((outcome) => seen.push(outcome));
    try {
      await expect(excel.actions.invoke("refreshBoq")).resolves.toBeUndefined();
      expect(excel.getSyncLog().at(-1)?.error).toBe("RequestPayloadSizeLimitExceeded");
      expect(excel.values("BOQ", "A1")).toEqual([[1]]);
      expect(seen).toEqual([
        {
          ok: false,
          message: expect.stringMatching(
            /^Excel could not recalculate the formulas: The request payload size has exceeded the limit\..* Try Refresh again in a moment\.$/s,
          ),
        },
      ]);
      expect(excel.addin.visible).toBe(true);
      expect(lines.join("\n")).toMatch(
        /Refresh BOQ: Excel refused the recalculation\..*payload size has exceeded/s,
      );
    } finally {
      stop();
      setLogSink(null);
    }
  });

  it("signed out, asks to sign in (the task pane opened for it) and leaves every cell as it was", async () => {
    signedIn = () => Promise.resolve(false);
    const lines: string[] = [];
    setLogSink((_level, line) => lines.push(line));
    const excel = await emulate();
    excel.addin.setVisible(false);
    const seen: unknown[] = [];
    const stop = onRefreshOutcome((outcome) => seen.push(outcome));
    try {
      await expect(excel.actions.invoke("refreshBoq")).resolves.toBeUndefined();
      await excel.formulasSettled();
      expect(excel.values("BOQ", "A1")).toEqual([[1]]);
      expect(excel.getSyncLog()).toEqual([]);
      expect(seen).toEqual([
        { ok: false, signIn: true, message: expect.stringMatching(/^Sign in to refresh/) },
      ]);
      expect(excel.addin.visible).toBe(true);
      expect(lines.join("\n")).toMatch(/signed out; the task pane asks to sign in/);
    } finally {
      stop();
      setLogSink(null);
      signedIn = () => Promise.resolve(true);
    }
  });
});
