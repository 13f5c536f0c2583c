import { ApiError } from "../../src/api/errors";
import { argumentError, toCellFailure, unavailable } from "../../src/boq/errors";

describe("error mapping to CustomFunctions errors", () => {
  it("a bad argument is #VALUE! with its message", () => {
    expect(toCellFailure(argumentError("boq.versionFormat", { value: "x" }))).toEqual({
      code: "invalidValue",
      message: expect.stringContaining('"x"') as string,
    });
  });

  it("not found is #N/A naming what and where", () => {
    const failure = toCellFailure(
      unavailable("boq.notFound", { kind: "project", name: "Tower", where: "company Northwind" }),
    );
    expect(failure.code).toBe("notAvailable");
    expect(failure.message).toBe("No project named Tower was found in company Northwind.");
  });

  it("signed out is #N/A telling to sign in from the task pane", () => {
    expect(toCellFailure(new ApiError({ kind: "signed-out", endpoint: "the company list" }))).toEqual({
      code: "notAvailable",
      message: "Sign in from the BOQ Bridge task pane.",
    });
  });

  it("a service failure is #N/A with the platform's message", () => {
    const error = new ApiError({
      kind: "http",
      status: 404,
      endpoint: "the bill of quantities",
      platformMessage: "Priority scheme 'X' was renamed from 'Y'; the export uses the original name 'Y'.",
    });
    const failure = toCellFailure(error);
    expect(failure.code).toBe("notAvailable");
    expect(failure.message).toContain("the export uses the original name 'Y'");
  });

  it("an unexpected error is #N/A with the generic sentence, never its own text", () => {
    const failure = toCellFailure(new Error("token=abc.def.ghi"));
    expect(failure.code).toBe("notAvailable");
    expect(failure.message).not.toContain("abc.def");
  });

  it("speaks Russian when the language is Russian", async () => {
    const { setLanguage } = await import("../../src/i18n");
    setLanguage("ru");
    try {
      expect(toCellFailure(new ApiError({ kind: "signed-out", endpoint: "x" })).message).toBe(
        "Войдите в систему в панели BOQ Bridge.",
      );
    } finally {
      setLanguage("en");
    }
  });
});
