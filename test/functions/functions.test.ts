import { versionTag } from "../../src/functions/functions";

// Outside Excel there is no CustomFunctions global; this stand-in has the shape the runtime
// gives (an Error class carrying a code and a message, and the ErrorCode values).
class FakeCustomFunctionsError {
  constructor(
    public code: string,
    public message?: string,
  ) {}
}

beforeAll(() => {
  Object.assign(globalThis, {
    CustomFunctions: { Error: FakeCustomFunctionsError, ErrorCode: { invalidValue: "#VALUE!" } },
  });
});

afterAll(() => {
  Reflect.deleteProperty(globalThis, "CustomFunctions");
});

function thrownBy(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to throw");
}

describe("PLATFORM.VERSIONTAG", () => {
  it("joins the model version number and the analysis version number with a dot", () => {
    expect(versionTag(3, 2)).toBe("3.2");
    expect(versionTag(12, 0)).toBe("12.0");
  });

  it("keeps a two-digit analysis version as text: 3.10 is not 3.1", () => {
    expect(versionTag(3, 10)).toBe("3.10");
    expect(versionTag(3, 1)).toBe("3.1");
  });

  it.each([
    [1.5, 2, "modelVersionIndex"],
    [-1, 2, "modelVersionIndex"],
    [3, 2.25, "analysisVersion"],
    [3, Number.NaN, "analysisVersion"],
    [3, 2 ** 60, "analysisVersion"],
  ])("rejects %p, %p with #VALUE! naming %s", (model, analysis, argumentName) => {
    const error = thrownBy(() => versionTag(model, analysis));
    expect(error).toBeInstanceOf(FakeCustomFunctionsError);
    expect(error).toMatchObject({ code: "#VALUE!" });
    expect((error as FakeCustomFunctionsError).message).toContain(argumentName);
  });
});

describe("the ledger Refresh BOQ counts (src/boqdata/invocations)", () => {
  it("hears VERSIONTAG answer its cell by the invocation's address, a value or an error", async () => {
    const { watchInvocations } = await import("../../src/boqdata");
    const watch = watchInvocations();
    const settled = watch.settled(
      new Map([
        ["sheet1!A1", new Set(["VERSIONTAG"])],
        ["my sheet!B2", new Set(["VERSIONTAG"])],
      ]),
      60_000,
      60_000,
    );
    expect(versionTag(3, 2, { address: "Sheet1!A1", functionName: "PLATFORM.VERSIONTAG" })).toBe("3.2");
    thrownBy(() => versionTag(1.5, 2, { address: "'My sheet'!B2", functionName: "PLATFORM.VERSIONTAG" }));
    const cells = await settled;
    expect(cells.get("sheet1!A1")?.error).toBeUndefined();
    expect(cells.get("sheet1!A1")?.answered.size).toBe(1);
    expect(cells.get("my sheet!B2")?.error).toMatch(/modelVersionIndex/);
  });
});
