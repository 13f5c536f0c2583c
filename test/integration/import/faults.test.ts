// Faults during an import (issue 12, acceptance 2): passing faults while polling, a sign-in that
// ends mid-job, a POST without an answer, and log sheets Excel refuses to write.

import type { Session } from "../../../src/session/session";
import { countRequests, sessionFor, signIn, type Env } from "../api/setup";
import { demoWorkbook, emulatorPerFile, importRange, pipelineFor, spiedSession, newCatalog } from "./helpers";

jest.setTimeout(60_000);

const IMPORT = "/api/import/catalog/json/external";
const STATUS = `GET ${IMPORT}/statusbyjobid`;
// Jobs take about two seconds, so faults can hit while the job runs.
const emulator = emulatorPerFile();
let env: Env;
beforeEach(() => (env = emulator()));

async function signedIn(): Promise<Session> {
  const { session } = await sessionFor(env);
  await signIn(env, session);
  return session;
}

it("503 twice and a 429 with Retry-After while polling end in success, with Reconnecting seen", async () => {
  const session = await signedIn();
  env.emu.faults.failNext(STATUS, 2, 503);
  env.emu.faults.throttleNext(STATUS, 1, 3);
  const h = pipelineFor(demoWorkbook(), session);
  const state = await importRange(h, session, newCatalog(env, session, "Fault catalog"));
  expect(state.phase).toBe("done");
  expect(state.log.counts?.inserted).toBe(16);
  expect(h.states.some((s) => s.job.progress?.reconnecting === true)).toBe(true);
  expect(h.states.some((s) => s.phase === "failed")).toBe(false);
  // Retry-After: 3 was honoured (the test's sleep records what was asked).
  expect(h.pauses).toContain(3000);
  expect(env.emu.faults.list().rules.every((r) => r.remaining === 0)).toBe(true);
  expect(state.job.progress?.reconnecting).toBe(false);
});

it("a 500 while polling is a passing fault: the job runs on, its status is asked again", async () => {
  const session = await signedIn();
  env.emu.faults.failNext(STATUS, 2, 500);
  const h = pipelineFor(demoWorkbook(), session);
  const state = await importRange(h, session, newCatalog(env, session, "Fault catalog"));
  expect(state.phase).toBe("done");
  expect(state.log.counts?.inserted).toBe(16);
  expect(h.states.some((s) => s.job.progress?.reconnecting === true)).toBe(true);
  expect(env.emu.faults.list().rules.every((r) => r.remaining === 0)).toBe(true);
});

it("a dropped connection while polling is a passing fault too", async () => {
  const session = await signedIn();
  env.emu.faults.dropNext(STATUS, 2);
  const h = pipelineFor(demoWorkbook(), session);
  const state = await importRange(h, session, newCatalog(env, session, "Fault catalog"));
  expect(state.phase).toBe("done");
  expect(h.states.some((s) => s.job.progress?.reconnecting === true)).toBe(true);
});

it("a 401 mid-job with a renewable session continues silently", async () => {
  const { session, lastToken } = await spiedSession(env);
  await signIn(env, session);
  let revoked = 0;
  const h = pipelineFor(demoWorkbook(), session, { capMs: 50 });
  h.pipeline.subscribe((s) => {
    // Once the job runs, the platform stops accepting the access token (the refresh token stays good).
    if (s.phase === "following" && s.job.progress?.status && revoked === 0) {
      revoked = env.emu.faults.revokeTokens({ token: lastToken() });
    }
  });
  const renewalsBefore = countRequests(env, "POST", "/connect/token");
  const state = await importRange(h, session, newCatalog(env, session, "Fault catalog"));
  expect(revoked).toBe(1);
  expect(state.phase).toBe("done");
  expect(env.requests.some((l) => l.includes("statusbyjobid") && l.includes(" 401 "))).toBe(true);
  expect(countRequests(env, "POST", "/connect/token")).toBe(renewalsBefore + 1); // one silent renewal
  expect(h.states.some((s) => s.job.progress?.signInNeeded === true)).toBe(false);
  expect(session.isSignedIn()).toBe(true);
});

it("with an unrenewable session it asks to sign in, then continues the same job (no second POST)", async () => {
  const session = await signedIn();
  let revoked = false;
  let askedToSignIn = false;
  const h = pipelineFor(demoWorkbook(), session);
  h.pipeline.subscribe((s) => {
    if (s.phase === "following" && !revoked) {
      revoked = true;
      env.emu.faults.revokeTokens({ all: true });
    }
    if (s.job.progress?.signInNeeded && !askedToSignIn) {
      askedToSignIn = true;
      void signIn(env, session); // the user signs in again from the pane
    }
  });
  const postsBefore = countRequests(env, "POST", IMPORT);
  const state = await importRange(h, session, newCatalog(env, session, "Fault catalog"));
  expect(askedToSignIn).toBe(true);
  expect(state.phase).toBe("done");
  const jobIds = new Set(h.states.map((s) => s.job.jobId).filter((id) => id !== null));
  expect(jobIds.size).toBe(1);
  expect(countRequests(env, "POST", IMPORT) - postsBefore).toBe(1);
});

it("a connection dropped before the POST was handled: the import may have started, the platform shows none yet", async () => {
  const session = await signedIn();
  const catalog = newCatalog(env, session, "Fault catalog");
  env.emu.faults.dropNext(`POST ${IMPORT}`, 1);
  const h = pipelineFor(demoWorkbook(), session);
  const postsBefore = countRequests(env, "POST", IMPORT);
  const state = await importRange(h, session, catalog);
  // The pane cannot know the request was dropped before it was handled: it says so and asks.
  expect(state.phase).toBe("lost");
  expect(state.job.jobId).toBeNull();
  expect(state.job.lost?.found).toMatchObject({ verdict: "none", jobId: null });
  // Never retried blindly: one POST reached the platform, the import stays pending in the workbook.
  expect(countRequests(env, "POST", IMPORT) - postsBefore).toBe(1);
  expect(h.pipeline.history.list()).toEqual([]);
  expect(h.pipeline.history.pending()).toMatchObject({ catalogName: catalog });
});

it("log sheets Excel refuses to write (protected workbook) keep the log with the reason, a retry and a download", async () => {
  const session = await signedIn();
  const excel = demoWorkbook();
  await excel.run(async (context) => {
    context.workbook.protection.protect();
    await context.sync();
  });
  const sheetsBefore = excel.model.sheets.length;
  const h = pipelineFor(excel, session);
  const state = await importRange(h, session, newCatalog(env, session, "Fault catalog"));
  expect(state.phase).toBe("done");
  expect(state.log.written).toBeNull();
  expect(state.log.writeError?.detail).toMatch(/protected/);
  expect(state.log.log?.insertedTwigs).toHaveLength(16);
  expect(excel.model.sheets.length).toBe(sheetsBefore);
  // The history keeps the job whatever happens.
  expect(h.pipeline.history.find(state.job.jobId!)?.status).toBe("done");
  // Download as JSON: the whole log.
  const file = JSON.parse(h.pipeline.logJson()) as { jobId: string; log: { insertedTwigs: unknown[] } };
  expect(file.jobId).toBe(state.job.jobId);
  expect(file.log.insertedTwigs).toHaveLength(16);

  // The user unprotects the workbook and tries again.
  await excel.run(async (context) => {
    context.workbook.protection.unprotect();
    await context.sync();
  });
  await h.pipeline.writeLog();
  const after = h.pipeline.getState();
  expect(after.log.writeError).toBeNull();
  expect(after.log.written?.inserted).toBeDefined();
  expect(excel.values(after.log.written!.inserted!).length).toBe(17);
});

it("a protected source sheet stops the Guid write-back before anything is posted", async () => {
  const session = await signedIn();
  const excel = demoWorkbook();
  excel.setCells("Catalog", "A3", [[""]]); // 1.1 loses its Guid: a new one must be written back
  await excel.run(async (context) => {
    context.workbook.worksheets.getItem("Catalog").protection.protect();
    await context.sync();
  });
  const h = pipelineFor(excel, session);
  const postsBefore = countRequests(env, "POST", IMPORT);
  const state = await importRange(h, session, newCatalog(env, session, "Fault catalog"));
  expect(state.phase).toBe("failed");
  expect(state.error?.key).toBe("import.failedGuids");
  expect(state.error?.detail).toMatch(/protected/);
  expect(countRequests(env, "POST", IMPORT)).toBe(postsBefore);
});
