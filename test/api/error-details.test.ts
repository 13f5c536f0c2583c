// The Details a user copies from a failed request ("Show details"), and the words an ApiError keeps
// from the platform: one line per thing the platform said, nothing invented where it said nothing,
// and long lists and words cut where a reader can tell they were cut.
import { ApiError, MAX_VALIDATION_ERRORS } from "../../src/api/errors";
import { errorDetails, errorText } from "../../src/i18n";

const endpoint = "project-list";

const errors = (n: number, message = "x") => Array.from({ length: n }, () => ({ message, members: [] }));

describe("the Details of a failed request", () => {
  it("name the request alone when there was no HTTP answer and nothing was said", () => {
    expect(errorDetails(new ApiError({ kind: "network", endpoint }))).toBe("the project list");
  });

  it("give the validation errors right under the head line when the platform sent no message", () => {
    const error = new ApiError({
      kind: "http",
      endpoint,
      status: 422,
      validationErrors: [{ message: "Code is required", members: ["Code"] }],
    });
    expect(errorDetails(error)).toBe("the project list · HTTP 422\nCode is required (Code)");
  });

  it("leave out a platform message of blanks and keep the details beside it", () => {
    const error = new ApiError({
      kind: "http",
      endpoint,
      status: 500,
      platformMessage: "   ",
      details: "Worse",
    });
    expect(errorDetails(error)).toBe("the project list · HTTP 500\nWorse");
  });

  it(`list at most ${MAX_VALIDATION_ERRORS} validation errors, then how many more there were`, () => {
    const error = new ApiError({ kind: "http", endpoint, status: 422, validationErrors: errors(60) });
    const lines = errorDetails(error).split("\n");
    expect(lines).toHaveLength(1 + MAX_VALIDATION_ERRORS + 1);
    expect(lines.slice(1, -1).every((line) => line === "x")).toBe(true);
    expect(lines.at(-1)).toBe("(+10)");
  });

  it(`add no count when exactly ${MAX_VALIDATION_ERRORS} validation errors came`, () => {
    const error = new ApiError({
      kind: "http",
      endpoint,
      status: 422,
      validationErrors: errors(MAX_VALIDATION_ERRORS),
    });
    const lines = errorDetails(error).split("\n");
    expect(lines).toHaveLength(1 + MAX_VALIDATION_ERRORS);
    expect(lines.at(-1)).toBe("x");
  });
});

describe("the platform's words an ApiError keeps", () => {
  it(`keep at most ${MAX_VALIDATION_ERRORS} validation errors, and the sentence says only those`, () => {
    // 50 errors fit the sentence's 300 characters ("x. " each): the 51st would too if it were kept.
    const validationErrors = [...errors(MAX_VALIDATION_ERRORS), ...errors(5, "y")];
    const error = new ApiError({ kind: "http", endpoint, status: 422, validationErrors });
    expect(error.validationErrors).toHaveLength(MAX_VALIDATION_ERRORS);
    expect(errorText(error)).toContain("x. x.");
    expect(errorText(error)).not.toContain("y");
  });

  it(`keep at most ${MAX_VALIDATION_ERRORS} member names of one validation error`, () => {
    const members = Array.from({ length: 60 }, (_, i) => `Field${i}`);
    const error = new ApiError({
      kind: "http",
      endpoint,
      status: 422,
      validationErrors: [{ message: "Unknown fields", members }],
    });
    expect(error.validationErrors[0]?.members).toEqual(members.slice(0, MAX_VALIDATION_ERRORS));
  });

  it("cut a code longer than a word (120 characters) to 119 and an ellipsis", () => {
    const long = `E${"r".repeat(200)}`;
    const error = new ApiError({ kind: "auth", endpoint, code: long });
    expect(error.code).toBe(`${long.slice(0, 119)}…`);
    expect(errorText(error)).toContain(`${long.slice(0, 119)}…`);
  });

  it("keep a code of exactly 120 characters whole, and a field path too", () => {
    const code = "C".repeat(120);
    const fieldPath = `value[0].${"f".repeat(111)}`;
    const error = new ApiError({ kind: "invalid-response", endpoint, code, fieldPath });
    expect(error.code).toBe(code);
    expect(error.fieldPath).toBe(fieldPath);
  });
});
