import { watchDialogFailures } from "../../src/dialog/boundary";
import { registerSecret, setLogSink } from "../../src/log/logger";

describe("the sign-in window's error boundary", () => {
  let lines: string[];
  beforeEach(() => {
    lines = [];
    setLogSink((_level, line) => lines.push(line));
  });
  afterAll(() => setLogSink(null));

  it("answers an unhandled rejection once, and logs it without the secret it carries", () => {
    const target = new EventTarget();
    const seen: unknown[] = [];
    watchDialogFailures(target, (e) => seen.push(e));
    registerSecret("refresh-SECRET-123");
    const reason = new Error("token refresh-SECRET-123 refused");
    const rejection = Object.assign(new Event("unhandledrejection"), { reason });
    target.dispatchEvent(rejection);
    target.dispatchEvent(Object.assign(new Event("error"), { error: new Error("second") }));
    expect(seen).toEqual([reason]);
    expect(lines).toHaveLength(2);
    expect(lines.join("\n")).not.toContain("refresh-SECRET-123");
    expect(lines[0]).toContain("unhandled rejection");
  });

  it("answers an uncaught error by its message when it has no error object", () => {
    const target = new EventTarget();
    const seen: unknown[] = [];
    watchDialogFailures(target, (e) => seen.push(e));
    target.dispatchEvent(Object.assign(new Event("error"), { message: "Script error." }));
    expect(seen).toEqual(["Script error."]);
  });
});
