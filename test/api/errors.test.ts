// What the user reads when a call to the platform fails: each kind of failure names the request,
// the platform's own words, and what to do next; the HTTP status is only in the technical details.
import { ApiError, isApiError } from "../../src/api/errors";
import { errorDetails, errorText } from "../../src/i18n";

const endpoint = "project-list";

describe("what an ApiError tells the user", () => {
  it.each([
    ["network", "Could not reach the platform (the project list)", "Check the network connection"],
    ["timeout", "did not answer in time (the project list)", "Try again in a moment."],
    ["aborted", "The request was cancelled (the project list).", "cancelled"],
    ["signed-out", "You are not signed in, or your sign-in has ended.", "Sign in again."],
    ["invalid-request", "The request for the project list is incomplete.", "incomplete"],
  ] as const)("%s failures say what failed and what to do", (kind, what, todo) => {
    const error = new ApiError({ kind, endpoint });
    expect(errorText(error)).toContain(what);
    expect(errorText(error)).toContain(todo);
    expect(error.message).toBe(`${error.said.key} (project-list)`);
    expect(error.name).toBe("ApiError");
    expect(isApiError(error)).toBe(true);
  });

  it.each([
    [403, "You do not have the rights for the project list. Ask your company administrator."],
    [404, "The platform found nothing for the project list. Check the names"],
    [413, "is too large for the platform. Send fewer rows at once."],
    [429, "The platform is busy and asks to slow down (the project list)."],
    [500, "The platform failed on the project list. Try again later."],
    [503, "The platform failed on the project list. Try again later."],
    [409, "The platform refused the project list."],
  ])(
    "an HTTP %i without the platform's words gets a sentence of its own, the status in the details",
    (status, text) => {
      const error = new ApiError({ kind: "http", endpoint, status });
      expect(errorText(error)).toContain(text);
      expect(errorText(error)).not.toContain(String(status));
      expect(errorDetails(error)).toContain(`HTTP ${status}`);
    },
  );

  it("tells how long to wait when the platform said so, rounded up to whole seconds", () => {
    const error = new ApiError({ kind: "http", endpoint, status: 429, retryAfterSeconds: 1.2 });
    expect(errorText(error)).toBe(
      "The platform is busy and asks to slow down (the project list); try again in 2 s.",
    );
  });

  it("puts the platform's message, details and validation errors into sentences, once each", () => {
    const error = new ApiError({
      kind: "http",
      endpoint,
      status: 400,
      platformMessage: "  Validation failed ",
      details: "Positions 1.2 and 1.3 share a code",
      validationErrors: [
        { message: "Code is required", members: ["Code", "Name"] },
        { message: "Row 4 is empty?", members: [] },
      ],
    });
    expect(errorText(error)).toBe(
      "The platform refused the project list: Validation failed. " +
        "Positions 1.2 and 1.3 share a code. Code is required (Code, Name). Row 4 is empty?",
    );
    const repeated = new ApiError({
      kind: "http",
      endpoint,
      status: 400,
      platformMessage: "No.",
      details: "No.",
    });
    expect(errorText(repeated)).toBe("The platform refused the project list: No.");
    const blank = new ApiError({ kind: "invalid-request", endpoint, platformMessage: "   " });
    expect(errorText(blank)).toBe("The request for the project list is incomplete.");
  });

  it("keeps the platform's words for a refused sign-in and names the OAuth error otherwise", () => {
    expect(errorText(new ApiError({ kind: "auth", endpoint, platformMessage: "Wrong password" }))).toBe(
      "Sign-in failed: Wrong password.",
    );
    expect(errorText(new ApiError({ kind: "auth", endpoint, code: "invalid_grant" }))).toBe(
      "Sign-in failed (invalid_grant).",
    );
    expect(errorText(new ApiError({ kind: "auth", endpoint }))).toBe("Sign-in failed (unknown reason).");
    expect(errorText(new ApiError({ kind: "signed-out", endpoint, platformMessage: "Session ended" }))).toBe(
      "Session ended. Sign in again.",
    );
    expect(
      errorText(new ApiError({ kind: "invalid-request", endpoint, platformMessage: "Pick a company" })),
    ).toBe("Pick a company.");
  });

  it("names the offending field of a malformed answer", () => {
    expect(errorText(new ApiError({ kind: "invalid-response", endpoint, fieldPath: "value[3].Code" }))).toBe(
      `The platform's answer to the project list did not have the expected form at field "value[3].Code".`,
    );
    expect(errorText(new ApiError({ kind: "invalid-response", endpoint }))).toBe(
      "The platform's answer to the project list did not have the expected form.",
    );
  });

  it("asks for a new sign-in only when the sign-in has ended", () => {
    expect(new ApiError({ kind: "signed-out", endpoint }).needsSignIn).toBe(true);
    for (const kind of [
      "network",
      "timeout",
      "aborted",
      "http",
      "invalid-response",
      "auth",
      "invalid-request",
    ] as const) {
      expect(new ApiError({ kind, endpoint }).needsSignIn).toBe(false);
    }
  });

  it("keeps the cause for the log and has no validation errors unless the platform sent some", () => {
    const cause = new TypeError("fetch failed");
    const error = new ApiError({ kind: "network", endpoint, cause });
    expect(error.cause).toBe(cause);
    expect(error.validationErrors).toEqual([]);
    expect("cause" in new ApiError({ kind: "network", endpoint })).toBe(false);
  });

  it("uses the caller's sentence when it has a better one, with or without the platform's words", () => {
    const error = new ApiError({
      kind: "http",
      endpoint,
      status: 404,
      platformMessage: "Not here",
      said: { key: "session.noCompanyForImport" },
    });
    const sentence =
      "No company is chosen for the import. Choose a company at the top of the pane, or load the company list again, then import.";
    expect(errorText(error)).toBe(sentence);
    expect(errorText(error, { plain: true })).toBe(sentence);
    expect(errorDetails(error)).toBe("the project list · HTTP 404\nNot here");
  });

  it("carries what is said as keys and values, and its message for the logs holds no sentence", () => {
    const error = new ApiError({
      kind: "http",
      endpoint,
      status: 422,
      code: "Invalid",
      platformMessage: "No",
    });
    expect(error.said).toEqual({
      key: "api.httpSaid",
      values: { what: { key: "api.requestProjectList" }, status: "422", said: "No." },
    });
    expect(error.plainSaid).toEqual({
      key: "api.httpOther",
      values: { what: { key: "api.requestProjectList" }, status: "422" },
    });
    expect(error.message).toBe("api.httpSaid (project-list · HTTP 422 · Invalid): No.");
    expect(new ApiError({ kind: "network", endpoint }).message).toBe("api.network (project-list)");
  });
});
