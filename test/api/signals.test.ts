// The HTTP layer's waiting and cancelling: its pause between retries ends early when the user
// cancels, and several cancel reasons combine into one signal, also in older Office webviews that
// lack AbortSignal.any.
import { anySignal, defaultSleep } from "../../src/api/http";

describe("the pause between retries", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("waits the given time", async () => {
    let done = false;
    const pause = defaultSleep(1000).then(() => (done = true));
    await jest.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await pause;
    expect(done).toBe(true);
  });

  it("ends at once when cancelled, with the caller's reason", async () => {
    const controller = new AbortController();
    const pause = defaultSleep(60_000, controller.signal);
    const reason = new Error("the user closed the pane");
    controller.abort(reason);
    await expect(pause).rejects.toBe(reason);
  });

  it("does not start when already cancelled, with an AbortError when no reason was given", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(defaultSleep(60_000, controller.signal)).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("one signal of several", () => {
  const withoutAny = (body: () => void) => {
    const original = (AbortSignal as { any?: unknown }).any;
    (AbortSignal as { any?: unknown }).any = undefined;
    try {
      body();
    } finally {
      (AbortSignal as { any?: unknown }).any = original;
    }
  };

  it.each([
    ["with AbortSignal.any", (body: () => void) => body()],
    ["without it (older webviews)", withoutAny],
  ])("aborts when any of them does, with its reason (%s)", (_name, run) => {
    run(() => {
      const a = new AbortController();
      const b = new AbortController();
      const both = anySignal([a.signal, b.signal]);
      expect(both.aborted).toBe(false);
      b.abort("timeout");
      expect(both.aborted).toBe(true);
      expect(both.reason).toBe("timeout");
    });
  });

  it.each([
    ["with AbortSignal.any", (body: () => void) => body()],
    ["without it (older webviews)", withoutAny],
  ])("is aborted from the start when one already is (%s)", (_name, run) => {
    run(() => {
      const a = new AbortController();
      a.abort("cancelled");
      const both = anySignal([new AbortController().signal, a.signal]);
      expect(both.aborted).toBe(true);
      expect(both.reason).toBe("cancelled");
    });
  });
});
