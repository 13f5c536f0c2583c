// What the user reads when a call to the platform fails: each kind of failure names the request,
// the platform's own words, and what to do next; the HTTP status is only in the technical details.
import { ApiError, isApiError } from "../../src/api/errors";

const endpoint = "GET projects of a company";

describe("what an ApiError tells the user", () => {
  it.each([
    ["network", "Could not reach the platform (GET projects of a company)", "Check the network connection"],
    ["timeout", "did not answer in time (GET projects of a company)", "Try again in a moment."],
    ["aborted", "The request was cancelled (GET projects of a company).", "cancelled"],
    ["signed-out", "You are not signed in, or your sign-in has ended.", "Sign in again."],
    ["invalid-request", "The request for GET projects of a company is incomplete.", "incomplete"],
  ] as const)("%s failures say what failed and what to do", (kind, what, todo) => {
    const error = new ApiError({ kind, endpoint });
    expect(error.userMessage).toContain(what);
    expect(error.userMessage).toContain(todo);
    expect(error.message).toBe(error.userMessage);
    expect(error.name).toBe("ApiError");
    expect(isApiError(error)).toBe(true);
  });

  it.each([
    [403, "You do not have the rights for GET projects of a company. Ask your company administrator."],
    [404, "The platform found nothing for GET projects of a company. Check the names"],
    [413, "is too large for the platform. Send fewer rows at once."],
    [429, "The platform is busy and asks to slow down (GET projects of a company)."],
    [500, "The platform failed on GET projects of a company. Try again later."],
    [503, "The platform failed on GET projects of a company. Try again later."],
    [409, "The platform refused GET projects of a company."],
  ])(
    "an HTTP %i without the platform's words gets a sentence of its own, the status in the details",
    (status, text) => {
      const error = new ApiError({ kind: "http", endpoint, status });
      expect(error.userMessage).toContain(text);
      expect(error.userMessage).not.toContain(String(status));
      expect(error.technicalDetails).toContain(`HTTP ${status}`);
    },
  );

  it("tells how long to wait when the platform said so, rounded up to whole seconds", () => {
    const error = new ApiError({ kind: "http", endpoint, status: 429, retryAfterSeconds: 1.2 });
    expect(error.userMessage).toBe(
      "The platform is busy and asks to slow down (GET projects of a company); try again in 2 s.",
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
    expect(error.userMessage).toBe(
      "The platform refused GET projects of a company: Validation failed. " +
        "Positions 1.2 and 1.3 share a code. Code is required (Code, Name). Row 4 is empty?",
    );
    const repeated = new ApiError({
      kind: "http",
      endpoint,
      status: 400,
      platformMessage: "No.",
      details: "No.",
    });
    expect(repeated.userMessage).toBe("The platform refused GET projects of a company: No.");
    const blank = new ApiError({ kind: "invalid-request", endpoint, platformMessage: "   " });
    expect(blank.userMessage).toBe("The request for GET projects of a company is incomplete.");
  });

  it("keeps the platform's words for a refused sign-in and names the OAuth error otherwise", () => {
    expect(new ApiError({ kind: "auth", endpoint, platformMessage: "Wrong password" }).userMessage).toBe(
      "Sign-in failed: Wrong password.",
    );
    expect(new ApiError({ kind: "auth", endpoint, code: "invalid_grant" }).userMessage).toBe(
      "Sign-in failed (invalid_grant).",
    );
    expect(new ApiError({ kind: "auth", endpoint }).userMessage).toBe("Sign-in failed (unknown reason).");
    expect(new ApiError({ kind: "signed-out", endpoint, platformMessage: "Session ended" }).userMessage).toBe(
      "Session ended. Sign in again.",
    );
    expect(
      new ApiError({ kind: "invalid-request", endpoint, platformMessage: "Pick a company" }).userMessage,
    ).toBe("Pick a company.");
  });

  it("names the offending field of a malformed answer", () => {
    expect(new ApiError({ kind: "invalid-response", endpoint, fieldPath: "value[3].Code" }).userMessage).toBe(
      `The platform's answer to GET projects of a company did not have the expected form at field "value[3].Code".`,
    );
    expect(new ApiError({ kind: "invalid-response", endpoint }).userMessage).toBe(
      "The platform's answer to GET projects of a company did not have the expected form.",
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

  it("uses the caller's sentence when it has a better one", () => {
    const error = new ApiError({
      kind: "http",
      endpoint,
      status: 404,
      userMessage: "The project no longer exists.",
    });
    expect(error.userMessage).toBe("The project no longer exists.");
    expect(error.message).toBe("The project no longer exists.");
  });
});
