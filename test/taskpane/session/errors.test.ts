import { ApiError } from "../../../src/api/errors";
import { setLogSink } from "../../../src/log/logger";
import { InteractiveSignInError } from "../../../src/session/interactive";
import { UNEXPECTED, errorSentence } from "../../../src/taskpane/session/errors";

let logLines: string[] = [];
beforeEach(() => {
  logLines = [];
  setLogSink((level, line) => logLines.push(`${level} ${line}`));
});
afterAll(() => setLogSink(null));

describe("the sentence a task pane screen shows for a failed action", () => {
  it("is the platform error's own sentence", () => {
    const e = new ApiError({ kind: "auth", endpoint: "the sign-in", platformMessage: "Invalid password" });
    expect(errorSentence(e)).toBe("Sign-in failed: Invalid password.");
    expect(logLines).toEqual([]);
  });

  it("is the sign-in window's sentence", () => {
    expect(errorSentence(new InteractiveSignInError("The sign-in window was closed.", "closed"))).toBe(
      "The sign-in window was closed.",
    );
  });

  it("is a generic sentence for anything else, and the error itself is logged, not lost", () => {
    expect(errorSentence(new TypeError("settings.get is not a function"))).toBe(UNEXPECTED);
    expect(logLines).toHaveLength(1);
    expect(logLines[0]).toMatch(/^error .*TypeError: settings\.get is not a function/);
  });
});
