// An import whose answer was lost (issue 23, item 3): the import is kept as pending before the
// POST, the POST is never sent again by itself, the catalog's latest import is asked for and
// judged, a probable job is followed only once the user confirms and is then kept in the history
// like any other; the pane closed meanwhile finds the pending import when it opens again.
import { ApiError } from "../../../src/api/errors";
import {
  answerLost,
  CLOCK_ALLOWANCE_MS,
  judgeLatest,
  LOST_WAIT_MS,
  PENDING_KEY,
  readPlatformTime,
} from "../../../src/import";
import type { ImportDeps } from "../../../src/import";
import { MemoryDocumentSettings } from "../../../src/workbook";
import { httpError, LOG, networkError, refusedByPlatform, sender, statusOf, T0 } from "../fakePlatform";

const iso = (ms: number) => new Date(ms).toISOString();

describe("reading the platform's status time", () => {
  it.each([
    ["2026-03-01T10:00:05Z", Date.parse("2026-03-01T10:00:05Z"), true],
    ["2026-03-01T10:00:05.123Z", Date.parse("2026-03-01T10:00:05.123Z"), true],
    ["2026-03-01T13:00:05+03:00", Date.parse("2026-03-01T10:00:05Z"), true],
    ["2026-03-01T04:30:05-0530", Date.parse("2026-03-01T10:00:05Z"), true],
    // .NET's DateTime: seven fractional digits, no zone (read as UTC, marked as such)
    ["2026-03-01T10:00:05.1239999", Date.parse("2026-03-01T10:00:05.123Z"), false],
    ["2026-03-01 10:00:05", Date.parse("2026-03-01T10:00:05Z"), false],
    ["2026-03-01T10:00", Date.parse("2026-03-01T10:00:00Z"), false],
  ])("%s", (text, ms, zoned) => {
    expect(readPlatformTime(text)).toEqual({ ms, zoned });
  });

  it.each([
    [""],
    ["yesterday"],
    ["2026-02-30T10:00:00Z"],
    ["2026-13-01T10:00:00Z"],
    ["2026-03-01T24:00:00Z"],
  ])("%j cannot be read", (text) => {
    expect(readPlatformTime(text)).toBeNull();
  });

  it("a missing time cannot be read", () => {
    expect(readPlatformTime(undefined)).toBeNull();
    expect(readPlatformTime(null)).toBeNull();
  });
});

describe("judging the catalog's latest import", () => {
  const sentAt = iso(T0);
  const none = () => false;
  const now = T0 + 60_000;

  it("a job not in the history dated after the request is probable; before it, earlier", () => {
    expect(judgeLatest(statusOf("j1", iso(T0 + 2000)), { sentAt }, none, now)).toMatchObject({
      verdict: "probable",
      jobId: "j1",
      at: T0 + 2000,
      outcome: "running",
      progress: 40,
    });
    expect(judgeLatest(statusOf("j1", iso(T0 - 2000)), { sentAt }, none, now)).toMatchObject({
      verdict: "earlier",
      at: T0 - 2000,
    });
  });

  it("a job the history keeps is known, whatever its time", () => {
    expect(judgeLatest(statusOf("j1", iso(T0 + 2000)), { sentAt }, (id) => id === "j1", now).verdict).toBe(
      "known",
    );
  });

  it("no job is none; a job without a readable time is untimed and no time is claimed", () => {
    expect(judgeLatest(null, { sentAt }, none, now)).toMatchObject({ verdict: "none", jobId: null });
    expect(judgeLatest(statusOf("j1", undefined), { sentAt }, none, now)).toMatchObject({
      verdict: "untimed",
      at: null,
    });
    expect(judgeLatest(statusOf("j1", "soon"), { sentAt }, none, now).verdict).toBe("untimed");
  });

  it("a time without a zone is probable only where reading it as UTC fits between the request and now", () => {
    const dotNet = (ms: number) => `${iso(ms).slice(0, -1)}0000`;
    expect(judgeLatest(statusOf("j1", dotNet(T0 + 3000)), { sentAt }, none, now)).toMatchObject({
      verdict: "probable",
      at: T0 + 3000,
    });
    // Three hours off (a platform writing its local time): the pane cannot tell either way.
    expect(judgeLatest(statusOf("j1", dotNet(T0 + 3 * 3600_000)), { sentAt }, none, now).verdict).toBe(
      "untimed",
    );
    expect(judgeLatest(statusOf("j1", dotNet(T0 - 3 * 3600_000)), { sentAt }, none, now).verdict).toBe(
      "untimed",
    );
    expect(
      judgeLatest(statusOf("j1", dotNet(now + CLOCK_ALLOWANCE_MS - 1000)), { sentAt }, none, now).verdict,
    ).toBe("probable");
  });

  it("says what the status means: done, failed, running", () => {
    expect(
      judgeLatest(statusOf("j1", iso(T0 + 1), "ReportCreated", 100), { sentAt }, none, now).outcome,
    ).toBe("done");
    expect(
      judgeLatest({ ...statusOf("j1", iso(T0 + 1), "Failed", 0), error: "broken" }, { sentAt }, none, now)
        .outcome,
    ).toBe("failed");
  });
});

describe("which failed POST may have reached the platform (src/api/faults.ts, issue 40)", () => {
  const api = (kind: ConstructorParameters<typeof ApiError>[0]["kind"], status?: number) =>
    new ApiError({ kind, endpoint: "catalog-import", ...(status ? { status } : {}) });
  it.each<[string, unknown, boolean]>([
    ["no connection", api("network"), true],
    ["no answer in time", api("timeout"), true],
    ["an answer without a job id", api("invalid-response", 200), true],
    ["a redirect, never followed", api("invalid-response", 307), true],
    ...[408, 409, 425, 500, 502, 503, 504, 520, 521, 522, 523, 524, 525, 526, 527].map(
      (status) =>
        [`a ${status} after the platform may have made the job`, api("http", status), true] as [
          string,
          unknown,
          boolean,
        ],
    ),
    ["a 400 without the platform's error body (a proxy's page)", api("http", 400), true],
    ["a 401 that is not the platform's refusal of the token", api("http", 401), true],
    ...[400, 403, 404, 413, 415, 422].map(
      (status) =>
        [`the platform's refusal (${status})`, refusedByPlatform(status), false] as [
          string,
          unknown,
          boolean,
        ],
    ),
    ["a throttled import (429)", api("http", 429), false],
    ["the token refused again after its renewal", api("signed-out", 401), false],
    ["no sign-in to send it with", api("signed-out"), false],
    ["no company to send it for", api("invalid-request"), false],
    ["not an ApiError", new Error("x"), true],
  ])("%s", (_what, error, lost) => {
    expect(answerLost(error)).toBe(lost);
  });
});

describe("an import whose answer was lost", () => {
  /** A platform that makes the job when the POST arrives and loses the answer; endpoint 3 shows it. */
  function lostAnswer(
    options: {
      shows?: (n: number, jobAt: number) => ApiError | ReturnType<typeof statusOf>;
      deps?: Partial<ImportDeps>;
    } = {},
  ) {
    let jobAt = 0;
    let pendingAtPost: unknown = null;
    const h = sender(
      {
        startImport: (at) => {
          pendingAtPost = h.settings.get(PENDING_KEY);
          jobAt = at;
          return Promise.reject(networkError());
        },
        statusByRoot: (n) => options.shows?.(n, jobAt) ?? statusOf("job-7", iso(jobAt)),
      },
      options.deps,
    );
    return { h, pendingAtPost: () => pendingAtPost, jobAt: () => jobAt };
  }

  it("is pending in the workbook before the POST, is not posted again, and offers the probable job", async () => {
    const { h, pendingAtPost, jobAt } = lostAnswer();
    await h.importIt();
    const state = h.pipeline.getState();
    expect(pendingAtPost()).toMatchObject({
      catalogName: "Prices",
      companyId: "c1",
      companyName: "Northwind",
      sent: { positions: 2, deletions: 0, skippedRows: 0 },
      source: { sheet: "Catalog", address: "A1:E3" },
    });
    expect(Date.parse((pendingAtPost() as { sentAt: string }).sentAt)).toBeLessThanOrEqual(jobAt());
    expect(state.phase).toBe("lost");
    expect(state.job.jobId).toBeNull();
    // Asked at once, once; nothing posted again, nothing followed before the user confirms.
    expect(h.byRootCalls()).toBe(1);
    expect(h.posts).toHaveLength(1);
    expect(h.statusCalls()).toBe(0);
    expect(state.job.lost?.found).toMatchObject({ verdict: "probable", jobId: "job-7", at: jobAt() });
    expect(h.pipeline.history.list()).toEqual([]);
    expect(h.pipeline.history.pending()).not.toBeNull();
  });

  it("once confirmed, the job is kept in the history, the pending import settled, the job followed to its log", async () => {
    const { h } = lostAnswer();
    await h.importIt();
    await h.pipeline.followLost();
    const state = h.pipeline.getState();
    expect(state.phase).toBe("done");
    expect(state.job.jobId).toBe("job-7");
    expect(state.log.log).toEqual(LOG);
    expect(state.log.written?.summary).toBeDefined();
    expect(h.excel.model.sheets.some((s) => s.name === state.log.written?.summary)).toBe(true);
    const entry = h.pipeline.history.find("job-7");
    expect(entry).toMatchObject({
      catalogName: "Prices",
      companyName: "Northwind",
      status: "done",
      sent: { positions: 2, deletions: 0, skippedRows: 0 },
      source: { sheet: "Catalog", address: "A1:E3" },
      sheets: state.log.written,
    });
    expect(h.pipeline.history.pending()).toBeNull();
    expect(h.settings.get(PENDING_KEY)).toBeNull();
    expect(h.posts).toHaveLength(1);
  });

  it("a job that is not probably this import is shown, never followed; Wait asks again until the job shows", async () => {
    // First an earlier job of the catalog (dated before the request), then nothing new twice, then the job.
    const { h, jobAt } = lostAnswer({
      shows: (n, at) =>
        n < 3 ? statusOf("job-old", iso(T0 - 3600_000), "ReportCreated", 100) : statusOf("job-7", iso(at)),
    });
    await h.importIt();
    expect(h.pipeline.getState().job.lost?.found).toMatchObject({
      verdict: "earlier",
      jobId: "job-old",
      outcome: "done",
    });
    await h.pipeline.followLost(); // nothing is offered: nothing is followed
    expect(h.pipeline.getState().phase).toBe("lost");
    expect(h.statusCalls()).toBe(0);

    await h.pipeline.waitForLost();
    const state = h.pipeline.getState();
    expect(state.job.lost).toMatchObject({
      waiting: false,
      found: { verdict: "probable", jobId: "job-7", at: jobAt() },
    });
    // Three more questions, each after the waiting pause; it stopped once the job showed.
    expect(h.byRootCalls()).toBe(4);
    expect(h.pauses).toEqual([LOST_WAIT_MS, LOST_WAIT_MS, LOST_WAIT_MS]);
    expect(h.posts).toHaveLength(1);
  });

  it("no import of the catalog yet is an answer, not a failure; Wait gives up after its questions", async () => {
    const { h } = lostAnswer({ shows: () => httpError(404) });
    await h.importIt();
    expect(h.pipeline.getState().job.lost).toMatchObject({
      found: { verdict: "none", jobId: null },
      error: null,
    });
    await h.pipeline.waitForLost();
    expect(h.pipeline.getState().job.lost).toMatchObject({ waiting: false, found: { verdict: "none" } });
    expect(h.byRootCalls()).toBe(13);
    expect(h.posts).toHaveLength(1);
  });

  it("a question that fails says so and keeps the choices; Ask again works once the platform answers", async () => {
    const { h } = lostAnswer({ shows: (n, at) => (n === 0 ? httpError(500) : statusOf("job-7", iso(at))) });
    await h.importIt();
    expect(h.pipeline.getState().job.lost).toMatchObject({
      found: null,
      error: { key: "import.failedLostCheck" },
      checking: false,
    });
    await h.pipeline.checkLost();
    expect(h.pipeline.getState().job.lost).toMatchObject({ error: null, found: { verdict: "probable" } });
  });

  it("a sign-in that ended is waited for, then the question is asked again", async () => {
    let signedIn: () => void = () => undefined;
    const signIn = new Promise<void>((resolve) => (signedIn = resolve));
    const { h } = lostAnswer({
      shows: (n, at) =>
        n === 0
          ? new ApiError({ kind: "signed-out", endpoint: "project-list", status: 401 })
          : statusOf("job-7", iso(at)),
      deps: { whenSignedIn: () => signIn },
    });
    const importing = h.importIt();
    await new Promise((r) => setImmediate(r));
    expect(h.pipeline.getState().job.lost?.signInNeeded).toBe(true);
    signedIn();
    await importing;
    expect(h.pipeline.getState().job.lost).toMatchObject({
      signInNeeded: false,
      found: { verdict: "probable" },
    });
  });

  it("Import again drops the pending import and goes back to the range; a second POST only when the user imports", async () => {
    const { h } = lostAnswer();
    await h.importIt();
    await h.pipeline.importAgainAfterLost();
    expect(h.pipeline.getState()).toMatchObject({
      phase: "source",
      check: { source: { sheet: "Catalog", address: "A1:E3" } },
    });
    expect(h.pipeline.history.pending()).toBeNull();
    expect(h.posts).toHaveLength(1);
    await h.importIt();
    expect(h.posts).toHaveLength(2);
  });

  it("a refused POST leaves nothing pending", async () => {
    const h = sender({ startImport: () => Promise.reject(refusedByPlatform(400)) });
    await h.importIt();
    expect(h.pipeline.getState()).toMatchObject({
      phase: "failed",
      error: { key: "import.failedPostRefused" },
    });
    expect(h.pipeline.history.pending()).toBeNull();
    expect(h.byRootCalls()).toBe(0);
  });

  it("an answered POST settles the pending import in the same save as the job", async () => {
    const h = sender({ startImport: () => Promise.resolve({ jobId: "job-1" }) });
    await h.importIt();
    expect(h.pipeline.getState().phase).toBe("done");
    expect(h.pipeline.history.pending()).toBeNull();
    expect(h.pipeline.history.find("job-1")?.status).toBe("done");
  });

  it("a pane closed while its import was on its way asks nothing more once the answer is lost", async () => {
    let giveUp: (error: unknown) => void = () => undefined;
    const first = sender({
      startImport: () => new Promise((_, reject) => (giveUp = reject)),
      statusByRoot: () => statusOf("job-7", iso(T0 + 5000)),
    });
    const importing = first.importIt();
    await new Promise((r) => setImmediate(r));
    expect(first.pipeline.getState().phase).toBe("posting");
    await first.pipeline.dispose();
    // The request's own time limit ends it after the pane closed.
    giveUp(networkError());
    await importing;
    expect(first.byRootCalls()).toBe(0);
    expect(first.statusCalls()).toBe(0);
    expect(first.posts).toHaveLength(1);
  });

  it("the pane opened again finds the pending import and asks the platform about it", async () => {
    const settings = new MemoryDocumentSettings();
    let jobAt = 0;
    const first = sender(
      {
        startImport: (at) => {
          jobAt = at;
          // The pane closes while the request is on its way: no answer ever reaches it.
          return new Promise(() => undefined);
        },
      },
      { settings },
    );
    void first.importIt();
    await new Promise((r) => setImmediate(r));
    expect(first.posts).toHaveLength(1);
    expect(first.pipeline.getState().phase).toBe("posting");
    // The pane closes: it lets go of the import it was sending.
    await first.pipeline.dispose();

    // A minute later by this computer's clock: the first pane's lease would still run.
    let clock = T0 + 60_000;
    const again = sender(
      {
        startImport: () => Promise.reject(new Error("not posted")),
        statusByRoot: () => statusOf("job-7", iso(jobAt + 5000)),
      },
      { settings, now: () => (clock += 1000) },
    );
    expect(await again.pipeline.resumePending()).toBe(true);
    const state = again.pipeline.getState();
    expect(state).toMatchObject({
      phase: "lost",
      check: {
        source: { sheet: "Catalog", address: "A1:E3" },
        choices: { catalogName: "Prices", companyId: "c1" },
      },
    });
    expect(state.job.lost?.found).toMatchObject({ verdict: "probable", jobId: "job-7" });
    expect(again.posts).toHaveLength(0);
    await again.pipeline.followLost();
    expect(again.pipeline.getState().phase).toBe("done");
    expect(again.pipeline.history.find("job-7")?.status).toBe("done");
  });

  it("a job that cannot be told apart is never offered, and its time is not claimed", async () => {
    const { h } = lostAnswer({ shows: () => statusOf("job-7", "2026-03-01T10:00:00.0000000 +03 MSK") });
    await h.importIt();
    expect(h.pipeline.getState().job.lost?.found).toMatchObject({
      verdict: "untimed",
      at: null,
      jobId: "job-7",
    });
    await h.pipeline.followLost();
    expect(h.pipeline.getState().phase).toBe("lost");
    expect(h.pipeline.history.list()).toEqual([]);
  });
});
