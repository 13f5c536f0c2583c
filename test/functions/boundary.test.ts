// Every PLATFORM function answers through the one error boundary: a failure nobody expected is
// #N/A naming the function, and a log line; an expected one (not signed in) is mapped as always
// and not logged.
import { createBoqData, setBoqDataForTests, type DataSession } from "../../src/boqdata";
import * as fx from "../../src/functions/functions";
import { setLogSink } from "../../src/log/logger";
import type { SessionState } from "../../src/session";

class FakeCustomFunctionsError extends Error {
  constructor(
    public code: string,
    message?: string,
  ) {
    super(message);
  }
}

const lines: string[] = [];
// Signed out until a test says otherwise (the data path reads it once when it is made).
let state: () => SessionState = () => ({ status: "signed-out", reason: "never" });

beforeAll(() => {
  Object.assign(globalThis, {
    CustomFunctions: {
      Error: FakeCustomFunctionsError,
      ErrorCode: { invalidValue: "#VALUE!", notAvailable: "#N/A" },
    },
  });
  const session: DataSession = {
    init: () => Promise.resolve(),
    getState: () => state(),
    api: {} as DataSession["api"],
    subscribe: () => () => undefined,
  };
  setBoqDataForTests(createBoqData(session));
});
beforeEach(() => {
  lines.length = 0;
  setLogSink((_level, line) => lines.push(line));
});
afterAll(() => {
  setLogSink(null);
  setBoqDataForTests(undefined);
  Reflect.deleteProperty(globalThis, "CustomFunctions");
});

function invocation(): CustomFunctions.CancelableInvocation {
  return { onCanceled: undefined };
}

/** What IMPORTSTATUS streams first into its cell. */
function streamed(jobIdOrCatalog: string): Promise<unknown> {
  return new Promise((resolve) => {
    fx.importStatus(jobIdOrCatalog, {
      onCanceled: undefined,
      setResult: resolve,
    });
  });
}

const CALLS: Array<[string, () => Promise<unknown>]> = [
  ["BOQ", () => fx.boq("Northwind", "Tower", "Frame", "Main", "1.1", true, "", null, invocation())],
  [
    "BOQDIFF",
    () => fx.boqDiff("Northwind", "Tower", "Frame", "Main", "1.1", "1.2", "", "", "", invocation()),
  ],
  ["COMPANIES", () => fx.companies(invocation())],
  ["PROJECTS", () => fx.projects("Northwind", invocation())],
  ["MODELS", () => fx.models("Northwind", "Tower", invocation())],
  ["VERSIONS", () => fx.versions("Northwind", "Tower", "Frame", invocation())],
  ["ANALYSES", () => fx.analyses("Northwind", "Tower", "Frame", 1, invocation())],
  ["IMPORTSTATUS", () => streamed("Catalog")],
];

describe.each(CALLS)("PLATFORM.%s", (name, call) => {
  it("answers a failure nobody expected with #N/A naming the function, and logs it", async () => {
    state = () => {
      throw new TypeError("Cannot read properties of undefined (reading 'status')");
    };
    const answer = await call().then(
      (value) => value,
      (error: unknown) => error,
    );
    expect(answer).toBeInstanceOf(FakeCustomFunctionsError);
    expect(answer).toMatchObject({ code: "#N/A" });
    expect((answer as Error).message).toContain(`PLATFORM.${name} failed unexpectedly.`);
    expect(lines.join("\n")).toContain(`PLATFORM.${name} failed unexpectedly.`);
    expect(lines.join("\n")).toContain("reading 'status'");
  });

  it("answers signed out with #N/A saying to sign in, and logs nothing", async () => {
    state = () => ({ status: "signed-out", reason: "never" });
    const answer = await call().then(
      (value) => value,
      (error: unknown) => error,
    );
    expect(answer).toMatchObject({ code: "#N/A", message: "Sign in from the BOQ Bridge task pane." });
    expect(lines).toEqual([]);
  });
});
