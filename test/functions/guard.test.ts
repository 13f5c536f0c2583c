// The functions runtime's error boundary: every failure answers the cell with a sentence, and
// nothing a user typed as a secret reaches the log. Expected failures of the BOQ path map to the
// two cell errors whose message Excel shows, worded in the user's language, and are not logged.
import { ApiError } from "../../src/api/errors";
import { argumentError, unavailable, words } from "../../src/boq/errors";
import { cellFailure } from "../../src/boqdata";
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

describe("cellFailure: expected failures to CustomFunctions errors", () => {
  it("a bad argument is #VALUE! with its message", () => {
    expect(cellFailure(argumentError("boq.versionFormat", { value: "x" }))).toEqual({
      code: "invalidValue",
      message: expect.stringContaining('"x"') as string,
    });
  });

  it("not found is #N/A naming what and where", () => {
    const failure = cellFailure(
      unavailable("boq.notFound", {
        kind: words("boq.kindProject"),
        name: "Tower",
        where: words("boq.whereCompany", { name: "Northwind" }),
      }),
    );
    expect(failure?.code).toBe("notAvailable");
    expect(failure?.message).toBe("No project named Tower was found in company Northwind.");
  });

  it("signed out is #N/A telling to sign in from the task pane", () => {
    expect(cellFailure(new ApiError({ kind: "signed-out", endpoint: "company-list" }))).toEqual({
      code: "notAvailable",
      message: "Sign in from the BOQ Bridge task pane.",
    });
  });

  it("an aborted request is #N/A saying it was cancelled", () => {
    expect(cellFailure(new ApiError({ kind: "aborted", endpoint: "company-list" }))).toEqual({
      code: "notAvailable",
      message: "The request was cancelled.",
    });
  });

  it("a service failure is #N/A with the platform's message", () => {
    const error = new ApiError({
      kind: "http",
      status: 404,
      endpoint: "boq",
      platformMessage: "Priority scheme 'X' was renamed from 'Y'; the export uses the original name 'Y'.",
    });
    const failure = cellFailure(error);
    expect(failure?.code).toBe("notAvailable");
    expect(failure?.message).toContain("the export uses the original name 'Y'");
  });

  it("a request refused before it was sent is #VALUE! with the refusal's own sentence", () => {
    const refused = new ApiError({
      kind: "invalid-request",
      endpoint: "import-status-of-catalog",
      said: { key: "api.catalogNameNotSendable", values: { name: ".." } },
    });
    expect(cellFailure(refused)).toEqual({
      code: "invalidValue",
      message:
        'A catalog named ".." cannot be looked up by its name: the platform would read the name as part of an address. Use the job id of its import instead.',
    });
  });

  it("keeps a cell's message to a sentence's share of a 2 MB answer, without the token it echoed", () => {
    const token = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl";
    const said = `Unauthorized request. Authorization: Bearer ${token} ${"x".repeat(2 * 1024 * 1024)}`;
    const failure = cellFailure(
      new ApiError({ kind: "http", status: 500, endpoint: "project-list", platformMessage: said }),
    );
    expect(failure?.code).toBe("notAvailable");
    expect(failure?.message).not.toContain(token);
    expect(failure?.message).not.toContain("eyJ");
    expect(failure?.message).toContain("Bearer [redacted]");
    // The sentence around the platform's words, and at most about 300 characters of them.
    expect(failure?.message.length).toBeLessThan(300 + 150);
    expect(failure?.message).toMatch(/…/);
  });

  it("an unexpected error is no expected failure: the boundary words it, never with its own text", () => {
    expect(cellFailure(new Error("token=abc.def.ghi"))).toBeUndefined();
    const error = cellError("PROJECTS", new Error("token=abc.def.ghi"));
    expect(error).toMatchObject({ code: "#N/A" });
    expect(error.message).toContain("PLATFORM.PROJECTS failed unexpectedly.");
    expect(error.message).not.toContain("abc.def");
  });

  it("maps an expected failure through the boundary without logging it", () => {
    const error = cellError("BOQ", argumentError("boq.versionFormat", { value: "x" }));
    expect(error).toMatchObject({ code: "#VALUE!" });
    expect(error.message).toContain('"x"');
    expect(lines).toEqual([]);
  });

  it("speaks Russian when the language is Russian", async () => {
    const { setLanguage } = await import("../../src/i18n");
    setLanguage("ru");
    try {
      expect(cellFailure(new ApiError({ kind: "signed-out", endpoint: "project-list" }))?.message).toBe(
        "Войдите в систему в панели BOQ Bridge.",
      );
    } finally {
      setLanguage("en");
    }
  });
});
