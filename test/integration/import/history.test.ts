// The History tab's effects (issue 12): any job's log written into sheets again by job id
// (endpoint 4) without touching the journey on the Import tab, the history telling its readers
// when it changed, and the reasons kept when the platform or Excel refuses.

import { setLogSink } from "../../../src/log/logger";
import type { Session } from "../../../src/session/session";
import { sessionFor, signIn, startEnv, type Env } from "../api/setup";
import { demoWorkbook, importRange, pipelineFor, newCatalog } from "./helpers";

jest.setTimeout(60_000);

let env: Env;
let session: Session;

beforeAll(async () => {
  setLogSink(() => undefined);
  env = await startEnv();
  ({ session } = await sessionFor(env));
  await signIn(env, session);
});
afterAll(async () => {
  setLogSink(null);
  await env?.emu.stop();
});

const freshCatalog = (): string => newCatalog(env, session, "History tab catalog");

it("writes a job's log into new sheets again from a new pane, keeps the Import tab as it is and records the sheets", async () => {
  const excel = demoWorkbook();
  const first = pipelineFor(excel, session);
  const catalog = freshCatalog();
  const done = await importRange(first, session, catalog);
  expect(done.phase).toBe("done");
  const jobId = done.job.jobId!;
  const firstSheets = done.log.written!;

  // The pane is opened again: a new pipeline over the same workbook; the user is on the Import tab's source.
  const fresh = pipelineFor(excel, session).pipeline;
  let changes = 0;
  fresh.history.subscribe(() => (changes += 1));
  const sheetsBefore = excel.model.sheets.map((s) => s.name);
  const result = await fresh.reopenLogSheets(jobId);
  if ("error" in result) throw new Error(`reopen failed: ${JSON.stringify(result.error)}`);

  expect(result.counts).toEqual({ inserted: 16, updated: 0, deleted: 0, ignored: 0 });
  // Two new sheets (Inserted and the summary), named apart from the first ones.
  const added = excel.model.sheets.map((s) => s.name).filter((n) => !sheetsBefore.includes(n));
  expect(added.sort()).toEqual([result.written.inserted, result.written.summary].sort());
  expect(result.written.inserted).not.toBe(firstSheets.inserted);
  expect(excel.values(result.written.inserted!).length).toBe(17);
  // The summary names the job and the catalog from the history entry.
  const summary = excel.values(result.written.summary).flat().map(String);
  expect(summary).toContain(jobId);
  expect(summary).toContain(catalog);
  // The history keeps the new sheets; its readers were told.
  expect(fresh.history.find(jobId)?.sheets?.summary).toBe(result.written.summary);
  expect(fresh.history.find(jobId)?.status).toBe("done");
  expect(changes).toBeGreaterThan(0);
  // The Import tab's journey is untouched.
  expect(fresh.getState().phase).toBe("source");
  expect(fresh.getState().job.jobId).toBeNull();
});

it("writes the log of a job started elsewhere (found by the latest import of its catalog) under the catalog's name", async () => {
  const elsewhere = pipelineFor(demoWorkbook(), session);
  const catalog = freshCatalog();
  const done = await importRange(elsewhere, session, catalog);
  const excel = demoWorkbook(); // another workbook: its history does not know the job
  const here = pipelineFor(excel, session).pipeline;
  expect(await here.checkLatest(catalog)).toBeNull();
  const latest = here.getState().job.latest;
  expect(latest?.jobId).toBe(done.job.jobId);
  const result = await here.reopenLogSheets(latest!.jobId!, { catalogName: catalog, status: latest!.status });
  if ("error" in result) throw new Error(`reopen failed: ${JSON.stringify(result.error)}`);
  expect(excel.values(result.written.summary).flat().map(String)).toContain(catalog);
  expect(here.history.list()).toEqual([]);
});

it("keeps the reason when Excel refuses the sheets, and succeeds once the workbook is unprotected", async () => {
  const excel = demoWorkbook();
  const h = pipelineFor(excel, session);
  const done = await importRange(h, session, freshCatalog());
  await excel.run(async (context) => {
    context.workbook.protection.protect();
    await context.sync();
  });
  const refused = await h.pipeline.reopenLogSheets(done.job.jobId!);
  expect("error" in refused && refused.error.key).toBe("import.failedLogWrite");
  expect("error" in refused && refused.error.detail).toMatch(/protected/);
  expect(h.pipeline.history.find(done.job.jobId!)?.sheets?.summary).toBe(done.log.written?.summary);

  await excel.run(async (context) => {
    context.workbook.protection.unprotect();
    await context.sync();
  });
  const again = await h.pipeline.reopenLogSheets(done.job.jobId!);
  expect("written" in again && again.written.inserted).toBeTruthy();
});

it("says why when the platform knows no such job", async () => {
  const h = pipelineFor(demoWorkbook(), session);
  const result = await h.pipeline.reopenLogSheets("00000000-0000-4000-8000-000000000000");
  expect("error" in result && result.error.key).toBe("import.failedFollow");
  expect("error" in result && (result.error.detail ?? "").length).toBeGreaterThan(0);
});
