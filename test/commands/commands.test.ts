// The ribbon commands run against whatever Excel gives them; here a recording stand-in for
// Excel.run checks the order of operations and that Office always hears back.

import { onRefreshOutcome } from "../../src/functions/refresh";
import { setLogSink } from "../../src/log/logger";

type CommandsModule = typeof import("../../src/commands/commands");

interface Recorder {
  operations: string[];
  associations: Map<string, unknown>;
  failSync: boolean;
}

const recorder: Recorder = { operations: [], associations: new Map(), failSync: false };
let commands: CommandsModule;

beforeAll(async () => {
  const context = {
    workbook: {
      application: {
        calculate: (type: string) => recorder.operations.push(`calculate:${type}`),
      },
    },
    sync: async () => {
      recorder.operations.push("sync");
      if (recorder.failSync) throw new Error("The workbook is busy.");
    },
  };
  Object.assign(globalThis, {
    Excel: {
      CalculationType: { full: "Full", recalculate: "Recalculate" },
      run: async (batch: (ctx: typeof context) => Promise<void>) => batch(context),
    },
    Office: {
      onReady: async (callback: () => void) => callback(),
      actions: { associate: (id: string, handler: unknown) => recorder.associations.set(id, handler) },
      addin: { showAsTaskpane: async () => recorder.operations.push("showAsTaskpane") },
    },
  });
  commands = await import("../../src/commands/commands");
});

afterAll(() => {
  Reflect.deleteProperty(globalThis, "Excel");
  Reflect.deleteProperty(globalThis, "Office");
});

beforeEach(() => {
  recorder.operations = [];
  recorder.failSync = false;
});

function fakeEvent(): Office.AddinCommands.Event & { completions: number } {
  const event = {
    completions: 0,
    source: { id: "BoqBridge.RefreshButton" },
    completed() {
      event.completions += 1;
    },
  };
  return event;
}

describe("refreshBoq ribbon command", () => {
  it("is registered under the FunctionName the manifest uses once Office is ready, and runs the refresh", async () => {
    const handler = recorder.associations.get("refreshBoq");
    expect(typeof handler).toBe("function");
    const event = fakeEvent();
    (handler as (event: Office.AddinCommands.Event) => void)(event);
    // The handler starts the refresh and returns; let its promise chain settle.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(recorder.operations).toEqual(["calculate:Full", "sync"]);
    expect(event.completions).toBe(1);
  });

  it("asks for a full recalculation and syncs it", async () => {
    const event = fakeEvent();
    await commands.refreshBoq(event);
    expect(recorder.operations).toEqual(["calculate:Full", "sync"]);
    expect(event.completions).toBe(1);
  });

  it("forgets the functions' kept results before recalculating, so PLATFORM cells ask again", async () => {
    const slot = Symbol.for("boq-bridge.functions-context");
    const clear = jest.fn(() => recorder.operations.push("clear-cache"));
    Object.assign(globalThis, { [slot]: { layer: { clear } } });
    try {
      await commands.refreshBoq(fakeEvent());
      expect(recorder.operations).toEqual(["clear-cache", "calculate:Full", "sync"]);
    } finally {
      Reflect.deleteProperty(globalThis, slot);
    }
  });

  it("tells the task pane when the refresh failed and opens it", async () => {
    recorder.failSync = true;
    setLogSink(() => undefined);
    const seen: unknown[] = [];
    const stop = onRefreshOutcome((outcome) => seen.push(outcome));
    try {
      await commands.refreshBoq(fakeEvent());
      expect(seen).toEqual([
        {
          ok: false,
          message:
            "Excel could not recalculate the formulas: The workbook is busy. Try Refresh again in a moment.",
        },
      ]);
      expect(recorder.operations).toContain("showAsTaskpane");
    } finally {
      stop();
      setLogSink(null);
    }
  });

  it("tells Office the command completed and logs the reason when Excel refuses the recalculation", async () => {
    recorder.failSync = true;
    const lines: string[] = [];
    setLogSink((_level, line) => lines.push(line));
    try {
      const event = fakeEvent();
      await expect(commands.refreshBoq(event)).resolves.toBeUndefined();
      expect(event.completions).toBe(1);
      expect(lines.join("\n")).toMatch(/Refresh BOQ.*The workbook is busy\./s);
    } finally {
      setLogSink(null);
    }
  });
});
