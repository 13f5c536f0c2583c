// Following a job, against a scripted platform (no server): which answers of the status and log
// requests keep the job followed ("Reconnecting…") and which end the following, the pauses asked
// for, a sign-in that ends mid-job, and "Stop waiting" during a pause. The whole journey against
// the emulator is in test/integration/import/.
import { ApiError } from "../../../src/api/errors";
import type { ImportState } from "../../../src/import";
import { DONE, ENTRY, JOB, LOG, RUNNING, follower, httpError } from "../fakePlatform";
import { errorDetails, errorText } from "../../../src/i18n";

async function followed(h: ReturnType<typeof follower>): Promise<ImportState> {
  await h.pipeline.history.put(ENTRY);
  await h.pipeline.resume(ENTRY);
  return h.pipeline.getState();
}

const reconnected = (states: ImportState[]) => states.some((s) => s.job.progress?.reconnecting === true);

describe("a fault while the status is asked", () => {
  it.each<[string, ApiError]>([
    ["408", httpError(408)],
    ["429", httpError(429)],
    ["500", httpError(500)],
    ["502", httpError(502)],
    ["503", httpError(503)],
    ["504", httpError(504)],
    ["507", httpError(507)],
    ["a dropped connection", new ApiError({ kind: "network", endpoint: "import-status" })],
    ["a timeout", new ApiError({ kind: "timeout", endpoint: "import-status" })],
  ])("%s passes: Reconnecting…, then the job is followed to its log", async (_what, fault) => {
    const h = follower([RUNNING, fault, fault, DONE]);
    const state = await followed(h);
    expect(reconnected(h.states)).toBe(true);
    expect(state.phase).toBe("done");
    expect(state.job.progress?.reconnecting).toBe(false);
    expect(state.log.counts?.inserted).toBe(1);
    expect(h.pipeline.history.find(JOB)?.status).toBe("done");
    expect(h.statusCalls()).toBe(4);
  });

  it.each<[string, ApiError]>([
    ["501", httpError(501)],
    ["505", httpError(505)],
    ["404", httpError(404)],
    ["403", httpError(403)],
    ["a malformed answer", new ApiError({ kind: "invalid-response", endpoint: "import-status" })],
  ])("%s ends the following with the platform's reason, recorded in the history", async (_what, fault) => {
    const h = follower([RUNNING, fault, DONE]);
    const state = await followed(h);
    expect(state.phase).toBe("failed");
    // The sentence is the pane's; the job id, the request and its status go to the Details.
    expect(state.error).toEqual({
      key: "import.failedFollow",
      detail: `job ${JOB}\n${errorDetails(fault)}`,
    });
    expect(reconnected(h.states)).toBe(false);
    expect(h.statusCalls()).toBe(2);
    expect(h.logCalls()).toBe(0);
    expect(h.pipeline.history.find(JOB)).toMatchObject({ status: "failed", error: errorText(fault) });
  });

  it("waits at the polling pace, growing over answers and faults alike, or as long as Retry-After says", async () => {
    const h = follower([RUNNING, httpError(503), httpError(429, 3), RUNNING, httpError(503, 600), DONE]);
    await followed(h);
    // 1 s, 1.5 s; Retry-After 3 s; 3.375 s; 10 minutes asked, shortened to one minute.
    expect(h.pauses).toEqual([1000, 1500, 3000, 3375, 60_000]);
  });
});

describe("a fault while the log is asked", () => {
  it("passes as while polling, and the log's pauses start again at the polling pace", async () => {
    const h = follower([RUNNING, RUNNING, DONE], [httpError(503), httpError(502), LOG]);
    const state = await followed(h);
    expect(state.phase).toBe("done");
    expect(state.log.log).toEqual(LOG);
    expect(h.pauses).toEqual([1000, 1500, 1000, 1500]);
    expect(h.logCalls()).toBe(3);
  });

  it("waits as long as Retry-After says, as the status request does", async () => {
    const h = follower([DONE], [httpError(429, 3), LOG]);
    const state = await followed(h);
    expect(state.phase).toBe("done");
    expect(h.pauses).toEqual([3000]);
  });

  it("ends the following when the log cannot be had, and the job is recorded as failed", async () => {
    const h = follower([DONE], [httpError(404)]);
    const state = await followed(h);
    expect(state.phase).toBe("failed");
    expect(state.error?.key).toBe("import.failedFollow");
    expect(h.pipeline.history.find(JOB)?.status).toBe("failed");
  });
});

describe("a sign-in that ends mid-job", () => {
  const signedOut = () => new ApiError({ kind: "signed-out", endpoint: "import-status", status: 401 });

  it("asks to sign in and follows the same job once signed in again, for the status and the log", async () => {
    let signIns = 0;
    const h = follower([signedOut(), DONE], [signedOut(), LOG], {
      whenSignedIn: () => {
        signIns += 1;
        return Promise.resolve();
      },
    });
    const state = await followed(h);
    expect(signIns).toBe(2);
    expect(h.states.some((s) => s.job.progress?.signInNeeded === true)).toBe(true);
    expect(state.phase).toBe("done");
    expect(state.job.progress?.signInNeeded).toBe(false);
    expect(reconnected(h.states)).toBe(false);
  });

  it("stops asking when the user stops waiting for the sign-in", async () => {
    const h = follower([signedOut()], [LOG], {
      whenSignedIn: (signal) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener("abort", () => reject(new Error("stopped"))),
        ),
    });
    await h.pipeline.history.put(ENTRY);
    const following = h.pipeline.resume(ENTRY);
    await new Promise((resolve) => setImmediate(resolve));
    h.pipeline.detach();
    await following;
    expect(h.pipeline.getState().phase).toBe("detached");
    expect(h.statusCalls()).toBe(1);
    expect(h.pipeline.history.find(JOB)?.status).toBe("running");
  });
});

it("Stop waiting during a pause after a passing fault asks nothing more; the job stays running in the history", async () => {
  let release: () => void = () => undefined;
  const h = follower([httpError(503), DONE], [LOG], {
    sleep: (_ms, signal) =>
      new Promise<void>((resolve, reject) => {
        release = resolve;
        signal.addEventListener("abort", () => reject(new Error("stopped")));
      }),
  });
  await h.pipeline.history.put(ENTRY);
  const following = h.pipeline.resume(ENTRY);
  await new Promise((resolve) => setImmediate(resolve));
  expect(h.pipeline.getState().job.progress?.reconnecting).toBe(true);
  h.pipeline.detach();
  release();
  await following;
  expect(h.pipeline.getState().phase).toBe("detached");
  expect(h.statusCalls()).toBe(1);
  expect(h.logCalls()).toBe(0);
  expect(h.pipeline.history.find(JOB)?.status).toBe("running");
});
