// Kept notes without a race, and a copy is not the original (issue 40, item 4), through the real
// pipeline against the in-process emulator, the workbooks in the Office emulation and their
// OfficeRuntime.storage its emulation (dev/office-emulation/runtime-storage.ts). The emulator's
// fault handles each POST (the job is made) and holds its answer back until the client gives up,
// so an import stays "being sent" for as long as a test needs. Time is the panes' injected clock and
// their lease timers are fired by the test (ImportDeps.now and .every): nothing waits for time.
//
// Two workbooks sending at the same moment keep a note each; a second pane of the same workbook, and
// a co-author's, see the first pane's import as another window's (not as lost) until its lease
// lapses; the pane reopened after the lease lapsed finds its import ("probably this import"); a
// copy saved under another name names the file the import was started from and only follows it,
// read only, whether it finds the original's note on this computer or only the settings that came
// with the file; a note of the previous version is still found, and moved by the next write.

import type { OfficeEmulation } from "../../../dev/office-emulation";
import { memoryBackend } from "../../../dev/office-emulation";
import {
  KEPT_KEY,
  LEASE_MS,
  OWNER_HERE,
  PENDING_KEY,
  RENEW_MS,
  type ImportDeps,
  type ImportState,
} from "../../../src/import";
import type { Session } from "../../../src/session/session";
import { documentSettings, type OfficeSettingsLike } from "../../../src/workbook";
import { keptNotes } from "../../import/fakePlatform";
import type { Env } from "../api/setup";
import {
  demoWorkbook,
  emulatorPerFile,
  holdImportAnswers,
  importPosts,
  importPostsReach,
  importRange,
  manualTimers,
  movableClock,
  newCatalog,
  outsideStore,
  pipelineFor,
  signedInWithTimeout,
  type Harness,
} from "./helpers";

jest.setTimeout(60_000);

const BOOK = "https://contoso.sharepoint.com/sites/Estimating/Shared%20Documents/Prices.xlsx";
const COPY = "https://contoso.sharepoint.com/sites/Estimating/Shared%20Documents/Prices%20copy.xlsx";
const OTHER = "https://contoso.sharepoint.com/sites/Estimating/Shared%20Documents/Labour.xlsx";
/** The client's limit for one request here: the held-back POST ends in a timeout after it. */
const TIMEOUT_MS = 1500;
const emulator = emulatorPerFile();
let env: Env;
beforeEach(() => (env = emulator()));

const posts = () => importPosts(env);
const postsReach = (count: number) => importPostsReach(env, count);

type Clock = ReturnType<typeof movableClock>;
type Timers = ReturnType<typeof manualTimers>;

/**
 * A pane over a workbook, its URL the emulation's Office.context.document.url (as in the pane), its
 * clock and lease timers the test's, its notes in the workbook's storage.
 */
function paneOf(
  excel: OfficeEmulation,
  session: Session,
  clock: Clock,
  timers: Timers,
  extra: Partial<ImportDeps> = {},
): Harness {
  return pipelineFor(excel, session, {
    deps: {
      keep: outsideStore(excel),
      documentUrl: () => excel.globals.Office.context.document.url,
      now: clock.now,
      every: timers.every,
      ...extra,
    },
  });
}

/**
 * The first pane of the demo workbook at BOOK imports into a new catalog; the emulator makes the
 * job and holds its answer back (until the client gives up). Resolves once the POST was handled.
 */
async function sending(label: string) {
  const session = await signedInWithTimeout(env, TIMEOUT_MS);
  const catalog = newCatalog(env, session, label);
  const excel = demoWorkbook(memoryBackend(), BOOK);
  const clock = movableClock();
  const timers = manualTimers();
  const a = paneOf(excel, session, clock, timers);
  holdImportAnswers(env, 1);
  const before = posts();
  const importing: Promise<ImportState> = importRange(a, session, catalog);
  await postsReach(before + 1);
  return { session, catalog, excel, clock, timers, a, importing, sent: () => posts() - before };
}

/** Follows the job offered as probably this import to its log; returns its id. */
async function followOffered(h: Harness): Promise<string> {
  const state = h.pipeline.getState();
  expect(state.job.lost).toMatchObject({ owner: OWNER_HERE, found: { verdict: "probable" } });
  const jobId = state.job.lost?.found?.jobId ?? "";
  await h.pipeline.followLost();
  expect(h.pipeline.getState()).toMatchObject({ phase: "done", job: { jobId } });
  expect(h.pipeline.history.find(jobId)?.status).toBe("done");
  return jobId;
}

it("two workbooks sending at the same moment keep a note each, and each finds its own import", async () => {
  const session = await signedInWithTimeout(env, TIMEOUT_MS);
  const computer = memoryBackend();
  const one = demoWorkbook(computer, BOOK);
  const two = demoWorkbook(computer, OTHER);
  const clock = movableClock();
  const a = paneOf(one, session, clock, manualTimers());
  const b = paneOf(two, session, clock, manualTimers());
  const [first, second] = [newCatalog(env, session, "Notes one"), newCatalog(env, session, "Notes two")];
  holdImportAnswers(env, 2);
  const before = posts();

  const importing = Promise.all([importRange(a, session, first), importRange(b, session, second)]);
  await postsReach(before + 2);
  // Both requests on their way: a note each (the previous version kept one of the two).
  const notes = await keptNotes(outsideStore(one));
  expect(notes).toHaveLength(2);
  expect(notes.map((n) => [n.url, (n.pending as { catalogName: string }).catalogName]).sort()).toEqual(
    [
      [BOOK, first],
      [OTHER, second],
    ].sort(),
  );

  // Neither answer came: each pane asks about its own import and follows it once confirmed.
  const [lostA, lostB] = await importing;
  expect([lostA.phase, lostB.phase]).toEqual(["lost", "lost"]);
  await followOffered(a);
  await followOffered(b);
  expect(posts() - before).toBe(2);
  // The logs are in the workbooks: no note is left.
  await expect(keptNotes(outsideStore(one))).resolves.toEqual([]);
});

it("a second pane of the workbook sees the first one's import as another window's until its lease lapses", async () => {
  const {
    session,
    catalog,
    excel,
    clock,
    timers: timersA,
    a,
    importing,
    sent,
  } = await sending("Notes window");

  // The workbook's second window opens while the first is sending: not offered as lost.
  const timersB = manualTimers();
  const b = paneOf(excel, session, clock, timersB);
  expect(await b.pipeline.resumePending()).toBe(true);
  expect(b.pipeline.getState()).toMatchObject({
    phase: "lost",
    job: { lost: { owner: { kind: "window" }, found: null, pending: { catalogName: catalog } } },
  });
  // Nothing to confirm and nothing to send again from here.
  await b.pipeline.followLost();
  await b.pipeline.importAgainAfterLost();
  expect(b.pipeline.getState().job.lost?.owner.kind).toBe("window");

  // The first window's answer is lost: it asks the platform itself, and keeps its lease renewed.
  expect((await importing).phase).toBe("lost");
  clock.move(RENEW_MS * 2);
  await timersA.fire();
  await timersB.fire();
  expect(b.pipeline.getState().job.lost?.owner.kind).toBe("window");
  // Later than the first lease alone would have run: the renewal holds it.
  clock.move(LEASE_MS - RENEW_MS);
  await timersB.fire();
  expect(b.pipeline.getState().job.lost?.owner.kind).toBe("window");

  // The first window is gone without a word (its timer never fires again): once its lease lapses,
  // the second window has the import, takes the lease over, and offers the job.
  clock.move(LEASE_MS);
  await timersB.fire();
  expect(b.pipeline.getState().job.lost).toMatchObject({ owner: OWNER_HERE, found: { verdict: "probable" } });
  await followOffered(b);
  expect(sent()).toBe(1);
  // Nothing left to renew or watch: the second window's timer stops at its next tick.
  clock.move(RENEW_MS);
  await timersB.fire();
  expect(timersB.running()).toBe(0);
  await a.pipeline.dispose();
  expect(timersA.running()).toBe(0);
});

it("the pane opened again finds its import as another window's while the lease runs, and as probably this import once it lapsed", async () => {
  const { session, catalog, excel, clock, importing, sent } = await sending("Notes reopened");
  // Excel stops at once (the pane never closes properly): the workbook as saved is opened again.
  excel.saveWorkbook();
  const file = excel.reopen();
  expect(file.documentSettings()[PENDING_KEY]).toMatchObject({ catalogName: catalog, url: BOOK });

  // Within the lease: another window's, as far as this pane can tell.
  clock.move(RENEW_MS);
  const soon = paneOf(file, session, clock, manualTimers());
  expect(await soon.pipeline.resumePending()).toBe(true);
  expect(soon.pipeline.getState().job.lost?.owner.kind).toBe("window");
  await soon.pipeline.dispose();

  // After it: this pane's, offered as probably this import, followed once confirmed.
  clock.move(LEASE_MS);
  const later = paneOf(file, session, clock, manualTimers());
  expect(await later.pipeline.resumePending()).toBe(true);
  expect(later.pipeline.getState().job.lost?.reopened).toBe(true);
  await followOffered(later);
  expect(sent()).toBe(1);
  expect(later.pipeline.history.pending()).toBeNull();
  await importing;
});

it("a copy saved under another name names the file the import was started from and follows it read only", async () => {
  const { session, catalog, excel, clock, a, importing, sent } = await sending("Notes copy");
  // Saved, then saved as a copy under another name: its settings came along (the workbook's id,
  // the import being sent). The original's pane is still sending.
  excel.saveWorkbook();
  const copyFile = excel.reopen({ documentUrl: COPY });
  expect(copyFile.globals.Office.context.document.url).toBe(COPY);
  const copySettings = copyFile.documentSettings();
  expect(copySettings[PENDING_KEY]).toMatchObject({ catalogName: catalog, url: BOOK });

  // On this computer (the original's note found by the workbook's id) and on another (the
  // settings alone): the same words, and nothing this copy may do for the original.
  for (const elsewhere of [false, true]) {
    const copy = paneOf(copyFile, session, clock, manualTimers(), {
      keep: elsewhere ? outsideStore(demoWorkbook()) : outsideStore(copyFile),
    });
    expect(await copy.pipeline.resumePending()).toBe(true);
    const shown = copy.pipeline.getState();
    expect(shown).toMatchObject({ phase: "lost", job: { lost: { owner: { kind: "file", url: BOOK } } } });
    // Never confirmed nor sent again from the copy.
    await copy.pipeline.followLost();
    await copy.pipeline.importAgainAfterLost();
    expect(copy.pipeline.getState()).toMatchObject({ phase: "lost", job: { jobId: null } });
    expect(copy.pipeline.history.list()).toEqual([]);
    expect(sent()).toBe(1);
    await copy.pipeline.dispose();
  }

  // The original's answer is lost; it follows its own job.
  expect((await importing).phase).toBe("lost");
  const jobId = await followOffered(a);

  // "Follow it here": the copy asks the platform until the job ended; nothing kept, nothing written.
  const copy = paneOf(copyFile, session, clock, manualTimers(), { keep: outsideStore(copyFile) });
  await copy.pipeline.resumePending();
  const sheets = copyFile.model.sheets.length;
  await copy.pipeline.waitForLost();
  expect(copy.pipeline.getState().job.lost).toMatchObject({
    owner: { kind: "file", url: BOOK },
    waiting: false,
    found: { verdict: "probable", jobId, outcome: "done" },
  });
  expect(copy.pipeline.history.list()).toEqual([]);
  expect(copyFile.model.sheets.length).toBe(sheets);
  // Back to the range: the copy forgets the original's import; the original's note is its own.
  await copy.pipeline.leaveLost();
  expect(copy.pipeline.getState().phase).toBe("source");
  expect(copy.pipeline.history.pending()).toBeNull();
  expect(sent()).toBe(1);
  await copy.pipeline.dispose();
});

it("a co-author's pane sees the import as another window's by the lease in the document settings", async () => {
  const { session, excel, clock, timers: timersA, a, importing, sent } = await sending("Notes coauthor");
  expect((await importing).phase).toBe("lost");
  const timersB = manualTimers();

  // Another author, on another computer (no note there), with the workbook open.
  const coauthor = excel.coauthor().settings as unknown as OfficeSettingsLike;
  const b = paneOf(excel, session, clock, timersB, {
    settings: documentSettings(coauthor),
    keep: outsideStore(demoWorkbook()),
  });
  expect(await b.pipeline.resumePending()).toBe(true);
  expect(b.pipeline.getState().job.lost?.owner.kind).toBe("window");
  // The first author's pane renews its lease in the settings too.
  clock.move(LEASE_MS - RENEW_MS);
  await timersA.fire();
  clock.move(RENEW_MS * 2);
  await timersB.fire();
  expect(b.pipeline.getState().job.lost?.owner.kind).toBe("window");
  // It closes: the co-author has the import now.
  await a.pipeline.dispose();
  await timersB.fire();
  expect(b.pipeline.getState().job.lost).toMatchObject({ owner: OWNER_HERE, found: { verdict: "probable" } });
  expect(sent()).toBe(1);
});

it("a note kept by the previous version is still found, and moved to a note of its own by the next write", async () => {
  const session = await signedInWithTimeout(env, TIMEOUT_MS);
  const catalog = newCatalog(env, session, "Notes legacy");
  const excel = demoWorkbook(undefined, BOOK);
  const keep = outsideStore(excel);
  const sentAt = new Date(Date.now() - 60_000).toISOString();
  await keep.setItem(
    KEPT_KEY,
    JSON.stringify([
      {
        workbookId: null,
        url: BOOK,
        keptAt: sentAt,
        entry: null,
        pending: {
          catalogName: catalog,
          companyId: "c1",
          companyName: "Northwind",
          sentAt,
          sent: { positions: 16, deletions: 0, skippedRows: 0 },
          source: { sheet: "Catalog", address: "A1:G17" },
        },
      },
    ]),
  );
  const h = paneOf(excel, session, movableClock(), manualTimers());
  expect(await h.pipeline.resumePending()).toBe(true);
  // No lease: offered as this pane's, asked about (the platform shows no import of it).
  expect(h.pipeline.getState().job.lost).toMatchObject({
    owner: OWNER_HERE,
    reopened: true,
    pending: { catalogName: catalog },
    found: { verdict: "none" },
  });
  // Taking it over was the next write: the list is gone, its note has an item of its own, leased.
  await expect(keep.getItem(KEPT_KEY)).resolves.toBeNull();
  const notes = await keptNotes(keep);
  expect(notes).toEqual([
    expect.objectContaining({
      url: BOOK,
      pending: expect.objectContaining({ catalogName: catalog }) as unknown,
    }),
  ]);
  expect(JSON.stringify(notes)).toContain("holder");
  await h.pipeline.importAgainAfterLost();
  await expect(keptNotes(keep)).resolves.toEqual([]);
  expect(h.pipeline.history.pending()).toBeNull();
});
