// The log of an earlier job put on the Import tab again (endpoint 4): it replaces the job on
// screen, and a job followed until then does not come back over it when it ends.
import type { ImportLog } from "../../../src/api/schemas";
import { DONE, ENTRY, JOB, LOG, RUNNING, follower, httpError } from "../fakePlatform";

const OTHER_LOG: ImportLog = { ...LOG, insertedTwigs: [], ignoredTwigs: [{ code: "7", name: "Steel" }] };

it("stops following the job on screen and shows the reopened log, written into sheets", async () => {
  let release: () => void = () => undefined;
  const h = follower([RUNNING, DONE], [OTHER_LOG, LOG], {
    // The first pause after a status holds until released; no later one is asked for.
    sleep: (_ms, signal) =>
      new Promise<void>((resolve, reject) => {
        release = resolve;
        signal.addEventListener("abort", () => reject(new Error("stopped")));
      }),
  });
  await h.pipeline.history.put(ENTRY);
  const following = h.pipeline.resume(ENTRY);
  await new Promise((resolve) => setImmediate(resolve));
  expect(h.pipeline.getState().phase).toBe("following");

  expect(await h.pipeline.reopenLog("job-0")).toBeNull();
  release();
  await following;

  const state = h.pipeline.getState();
  expect(state.job.jobId).toBe("job-0");
  expect(state.log.log).toEqual(OTHER_LOG);
  expect(state.log.counts).toEqual({ inserted: 0, updated: 0, deleted: 0, ignored: 1 });
  expect(state.log.written?.ignored).toBeDefined();
  expect(h.excel.values(state.log.written!.ignored!)[1]?.[0]).toBe("7");
  // The followed job was asked about once, and its log never.
  expect(h.statusCalls()).toBe(1);
  expect(h.logCalls()).toBe(1);
  expect(h.pipeline.history.find(JOB)?.status).toBe("running");
});

it("keeps the job on screen and gives the platform's reason when the log cannot be had", async () => {
  const h = follower([DONE], [httpError(404)]);
  expect(await h.pipeline.reopenLog("job-0")).toMatchObject({ key: "import.failedFollow" });
  expect(h.pipeline.getState().phase).toBe("source");
});
