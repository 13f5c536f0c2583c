// The functions runtime's error boundary: every failure answers the cell with a sentence, and
// nothing a user typed as a secret reaches the log.
import { cellError, guard, guardAsync } from "../../src/functions/guard";
import { registerSecret, setLogSink } from "../../src/log/logger";

class FakeCustomFunctionsError extends Error {
  constructor(
    public code: string,
    message?: string,
  ) {
    super(message);
  }
}

const lines: string[] = [];

beforeAll(() => {
  Object.assign(globalThis, {
    CustomFunctions: {
      Error: FakeCustomFunctionsError,
      ErrorCode: { invalidValue: "#VALUE!", notAvailable: "#N/A" },
    },
  });
});

beforeEach(() => {
  lines.length = 0;
  setLogSink((_level, line) => lines.push(line));
});

afterAll(() => {
  setLogSink(null);
  Reflect.deleteProperty(globalThis, "CustomFunctions");
});

describe("guard", () => {
  it("turns an unexpected throw into #N/A with a sentence naming the function, and logs it", () => {
    let thrown: unknown;
    try {
      guard("BOQ", () => {
        throw new TypeError("Cannot read properties of undefined (reading 'rows')");
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FakeCustomFunctionsError);
    expect(thrown).toMatchObject({ code: "#N/A" });
    expect((thrown as FakeCustomFunctionsError).message).toContain("PLATFORM.BOQ failed unexpectedly.");
    expect(lines.join("\n")).toContain("reading 'rows'");
  });

  it("passes the body's own cell errors through unchanged and logs nothing", () => {
    const own = new FakeCustomFunctionsError("#VALUE!", "version must be a whole number");
    expect(() =>
      guard("VERSIONTAG", () => {
        throw own;
      }),
    ).toThrow(own);
    expect(lines).toEqual([]);
  });

  it("returns the body's value when nothing fails", () => {
    expect(guard("VERSIONTAG", () => "3.2")).toBe("3.2");
  });

  it("settles an asynchronous body that rejects with #N/A, and the log line carries no secret", async () => {
    registerSecret("s3cr3t-refresh-token");
    await expect(
      guardAsync("COMPANIES", () => Promise.reject(new Error("refresh with s3cr3t-refresh-token failed"))),
    ).rejects.toMatchObject({ code: "#N/A" });
    expect(lines.join("\n")).toContain("PLATFORM.COMPANIES failed unexpectedly.");
    expect(lines.join("\n")).not.toContain("s3cr3t-refresh-token");
  });

  it("speaks Russian when the pane does", async () => {
    const { setLanguage } = await import("../../src/i18n");
    setLanguage("ru");
    try {
      expect(cellError("BOQ", new Error("x")).message).toContain(
        "PLATFORM.BOQ завершилась непредвиденной ошибкой",
      );
    } finally {
      setLanguage("en");
    }
  });
});
