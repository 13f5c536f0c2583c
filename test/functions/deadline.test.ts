// The functions' deadline: a cell waiting on a platform that does not answer shows #BUSY! and then,
// within 45 s, #N/A saying so; its requests are stopped. IMPORTSTATUS's asking the same. On fake
// timers: nothing waits for real.
import type { PlatformApi } from "../../src/api/platform";
import { createBoqData, RequestLayer, setBoqDataForTests } from "../../src/boqdata";
import { FUNCTION_DEADLINE_MS, withinDeadline } from "../../src/functions/deadline";
import * as fx from "../../src/functions/functions";
import { isJobId, streamImportStatus } from "../../src/functions/platform";
import { setLogSink } from "../../src/log/logger";
import { FakeSession, SIGNED_IN } from "../boqdata/fakes";

class FakeCustomFunctionsError extends Error {
  constructor(
    public code: string,
    message?: string,
  ) {
    super(message);
  }
}

/** A platform that never answers; it notes each request and whether its signal was aborted. */
function silentApi() {
  const signals: AbortSignal[] = [];
  const hang = <T>(signal?: AbortSignal) =>
    new Promise<T>((_resolve, reject) => {
      if (signal) signals.push(signal);
      signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
    });
  const api = {
    listCompanies: (signal?: AbortSignal) => hang(signal),
    getImportStatusByJobId: (_id: string, signal?: AbortSignal) => hang(signal),
    getImportStatusByRoot: (_name: string, signal?: AbortSignal) => hang(signal),
  } as unknown as PlatformApi;
  return { api, signals };
}

beforeAll(() => {
  Object.assign(globalThis, {
    CustomFunctions: {
      Error: FakeCustomFunctionsError,
      ErrorCode: { invalidValue: "#VALUE!", notAvailable: "#N/A" },
    },
  });
  setLogSink(() => undefined);
});
afterAll(() => {
  setLogSink(null);
  setBoqDataForTests(undefined);
  Reflect.deleteProperty(globalThis, "CustomFunctions");
});
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** Advances the fake clock a second at a time until `settled()`; returns the milliseconds it took. */
async function until(settled: () => boolean, limitMs = 5 * 60_000): Promise<number> {
  let ms = 0;
  while (!settled() && ms < limitMs) {
    await jest.advanceTimersByTimeAsync(1_000);
    ms += 1_000;
  }
  return ms;
}

describe("a PLATFORM cell", () => {
  it("answers #N/A within 45 s when the platform does not answer, and stops its request", async () => {
    const { api, signals } = silentApi();
    // No deadline of the layer's own: the cell's is the one that holds.
    setBoqDataForTests(
      createBoqData(new FakeSession(api, SIGNED_IN), new RequestLayer({ deadlineMs: 10 * 60_000 })),
    );
    let outcome: unknown;
    fx.companies({ onCanceled: undefined }).then(
      (v) => (outcome = v),
      (e: unknown) => (outcome = e),
    );
    const ms = await until(() => outcome !== undefined);
    expect(ms).toBeLessThanOrEqual(45_000);
    expect(outcome).toBeInstanceOf(FakeCustomFunctionsError);
    expect(outcome).toMatchObject({
      code: "#N/A",
      message: "The platform did not answer within 45 seconds. Recalculate to try again.",
    });
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
    expect(jest.getTimerCount()).toBe(0);
  });

  it("leaves a body that answers in time alone, and no timer behind", async () => {
    const controller = new AbortController();
    const answer = withinDeadline(controller, () => Promise.resolve(7));
    await expect(answer).resolves.toBe(7);
    expect(controller.signal.aborted).toBe(false);
    expect(jest.getTimerCount()).toBe(0);
    expect(FUNCTION_DEADLINE_MS).toBeLessThanOrEqual(45_000);
  });
});

describe("PLATFORM.IMPORTSTATUS", () => {
  it("shows the reason within 45 s when the platform stops answering, and asks no more", async () => {
    const { api, signals } = silentApi();
    const data = createBoqData(new FakeSession(api, SIGNED_IN));
    const errors: unknown[] = [];
    const stop = streamImportStatus(data, "65f1c0a9b3e2d4c6a7b8e9f0", {
      setResult: () => undefined,
      setError: (e) => errors.push(e),
    });
    const ms = await until(() => errors.length > 0);
    expect(ms).toBeLessThanOrEqual(45_000);
    expect(errors[0]).toMatchObject({ code: "notAvailable", key: "boq.timedOut", values: { seconds: 45 } });
    expect(signals.every((s) => s.aborted)).toBe(true);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(signals).toHaveLength(1);
    stop();
  });

  it.each([
    ["65f1c0a9b3e2d4c6a7b8e9f0", true],
    ["65F1C0A9B3E2D4C6A7B8E9F0", true],
    ["0b6f6a4e-2f3d-4b7a-9a55-2d3c4e5f6a7b", true],
    ["12345", true],
    ["65f1c0a9b3e2d4c6a7b8e9f", false],
    ["65f1c0a9b3e2d4c6a7b8e9f0a", false],
    ["Prices 2025", false],
    ["deadbeef", false],
  ])("takes %j as a job id: %s", (value, jobId) => {
    expect(isJobId(value)).toBe(jobId);
  });
});
