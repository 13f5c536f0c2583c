// The running job survives "close without saving" (issue 24, item 2): document settings reach the
// file only when the workbook is saved, so the job is noted in the user's storage outside the
// workbook too (OfficeRuntime.storage), named by the workbook's id and its URL, picked up when the
// pane opens again and removed once its log is written. A full storage never stops the job.
import { createEmulatedExcel, type OfficeEmulation } from "../../../dev/office-emulation";
import {
  KEPT_DAYS,
  KEPT_KEY,
  KeptJobs,
  MAX_KEPT,
  WORKBOOK_ID_KEY,
  type ImportDeps,
  type PendingImport,
} from "../../../src/import";
import { MemoryStore } from "../../../src/session/storage";
import { documentSettings } from "../../../src/workbook";
import { DONE, ENTRY, keptNotes, LOG, outsideStore, RUNNING, SMALL_CATALOG, sender } from "../fakePlatform";

const URL_OF_BOOK = "https://contoso.sharepoint.com/Shared/Prices.xlsx";

/** The pane's effects over an emulated workbook: its document settings, storage and URL. */
function paneOf(excel: OfficeEmulation, url: string | null): Partial<ImportDeps> {
  return {
    settings: documentSettings(excel.globals.Office.context.document.settings),
    keep: outsideStore(excel),
    documentUrl: () => url,
  };
}

/** A sleep that waits until the following is stopped: the job stays "running" for as long as needed. */
const neverEnding: ImportDeps["sleep"] = (_ms, signal) =>
  new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(new Error("stopped"))));

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
}

/** Starts an import and leaves it running (Excel is then "closed"); returns the first pane. */
async function startAndLeaveRunning(excel: OfficeEmulation, url: string | null) {
  const first = sender(
    { startImport: () => Promise.resolve({ jobId: "job-1" }), statuses: [RUNNING] },
    { ...paneOf(excel, url), sleep: neverEnding },
    excel,
  );
  first.pipeline.setChoices({ catalogName: "Prices", companyId: "c1", companyName: "Northwind" });
  await first.pipeline.readRange({ sheet: "Catalog", address: "A1:E3" });
  await first.pipeline.preview();
  const started = first.pipeline.start();
  await until(() => first.pipeline.getState().job.progress?.status === "Running");
  return { first, started };
}

it("finds a job started in a workbook closed without saving when it is opened again, and follows it to its log", async () => {
  const excel = createEmulatedExcel({ sheets: { Catalog: SMALL_CATALOG } });
  const { first, started } = await startAndLeaveRunning(excel, URL_OF_BOOK);
  await expect(keptNotes(outsideStore(excel))).resolves.toEqual([
    expect.objectContaining({
      url: URL_OF_BOOK,
      entry: expect.objectContaining({ jobId: "job-1" }) as unknown,
    }),
  ]);

  // Excel closes without saving: the file never had the job.
  first.pipeline.detach();
  await started;
  const reopened = excel.reopen();
  expect(reopened.documentSettings()).toEqual({});
  const second = sender(
    {
      startImport: () => Promise.reject(new Error("nothing is posted again")),
      statuses: [DONE],
      logs: [LOG],
    },
    paneOf(reopened, URL_OF_BOOK),
    reopened,
  );
  await expect(second.pipeline.resumePending()).resolves.toBe(true);
  const state = second.pipeline.getState();
  expect(state).toMatchObject({ phase: "done", job: { jobId: "job-1" } });
  expect(state.log.written?.summary).toBeDefined();
  expect(second.posts).toEqual([]);
  // Back in the workbook's history, finished; the note outside it is gone with the log written.
  expect(second.pipeline.history.find("job-1")?.status).toBe("done");
  await expect(keptNotes(outsideStore(reopened))).resolves.toEqual([]);
});

it("finds it by the workbook's id when the file was saved with it and its address changed since", async () => {
  const excel = createEmulatedExcel({ sheets: { Catalog: SMALL_CATALOG } });
  const { first, started } = await startAndLeaveRunning(excel, URL_OF_BOOK);
  first.pipeline.detach();
  await started;
  const id = excel.documentSettings()[WORKBOOK_ID_KEY];
  expect(typeof id).toBe("string");
  // Saved with the job's first note, then the job's settings are lost: only the id came through.
  excel.saveWorkbook();
  const reopened = excel.reopen();
  reopened.globals.Office.context.document.settings.remove("boq-bridge.import.jobs.v2");
  const second = sender(
    { startImport: () => Promise.reject(new Error("nothing is posted again")), statuses: [DONE] },
    paneOf(reopened, "https://contoso.sharepoint.com/Archive/Prices 2026.xlsx"),
    reopened,
  );
  await expect(second.pipeline.resumePending()).resolves.toBe(true);
  expect(second.pipeline.getState()).toMatchObject({ phase: "done", job: { jobId: "job-1" } });
});

it("keeps following the job when the storage is full, and says it may not be found after closing without saving", async () => {
  const excel = createEmulatedExcel({ sheets: { Catalog: SMALL_CATALOG } });
  excel.storage.fillAsOtherAddIns(10 * 1024 * 1024);
  const h = sender(
    { startImport: () => Promise.resolve({ jobId: "job-1" }), statuses: [RUNNING, DONE] },
    paneOf(excel, URL_OF_BOOK),
    excel,
  );
  await h.importIt();
  const state = h.pipeline.getState();
  expect(state).toMatchObject({ phase: "done", job: { jobId: "job-1" } });
  expect(state.log.written?.summary).toBeDefined();
  // Shown from the moment the note was refused, all the while the job was followed.
  const following = h.states.filter((s) => s.phase === "following");
  expect(following.length).toBeGreaterThan(0);
  expect(following.every((s) => s.warnings.keptOutsideError?.key === "import.notKeptOutsideFull")).toBe(true);
  // With the log in the workbook there is nothing left to find: the warning goes.
  expect(state.warnings.keptOutsideError).toBeNull();
  // The details and log can still be downloaded.
  expect(JSON.parse(h.pipeline.logJson())).toMatchObject({ jobId: "job-1", log: LOG });
});

it("offers the import being sent again after closing without saving, without sending it again", async () => {
  const excel = createEmulatedExcel({ sheets: { Catalog: SMALL_CATALOG } });
  const first = sender(
    { startImport: () => new Promise<never>(() => undefined) },
    paneOf(excel, URL_OF_BOOK),
    excel,
  );
  first.pipeline.setChoices({ catalogName: "Prices", companyId: "c1", companyName: "Northwind" });
  await first.pipeline.readRange({ sheet: "Catalog", address: "A1:E3" });
  await first.pipeline.preview();
  void first.pipeline.start();
  await until(() => first.posts.length === 1);
  // Excel closes: the pane lets go of the import it was sending.
  await first.pipeline.dispose();

  const reopened = excel.reopen();
  const second = sender(
    { startImport: () => Promise.reject(new Error("nothing is posted again")) },
    paneOf(reopened, URL_OF_BOOK),
    reopened,
  );
  await second.pipeline.resumePending();
  expect(second.pipeline.getState()).toMatchObject({
    phase: "lost",
    job: { lost: { reopened: true, pending: { catalogName: "Prices" } } },
  });
  expect(second.posts).toEqual([]);
});

describe("the notes outside the workbook", () => {
  const id = { workbookId: "wb-1", url: null };

  it("keep at most MAX_KEPT, the oldest going first", async () => {
    const store = new MemoryStore();
    let now = Date.parse("2026-03-01T10:00:00Z");
    const kept = new KeptJobs(store, () => now);
    for (let i = 0; i < MAX_KEPT + 5; i += 1) {
      now += 1000;
      await kept.keepJob(id, { ...ENTRY, jobId: `job-${i}` });
    }
    await expect(keptNotes(store)).resolves.toHaveLength(MAX_KEPT);
    const found = await kept.find(id);
    expect(found.jobs.map((e) => e.jobId)).not.toContain("job-0");
    expect(found.jobs.map((e) => e.jobId)).toContain(`job-${MAX_KEPT + 4}`);
  });

  it(`drop notes older than ${KEPT_DAYS} days, and the item itself when none is left`, async () => {
    const store = new MemoryStore();
    let now = Date.parse("2026-03-01T10:00:00Z");
    const kept = new KeptJobs(store, () => now);
    await kept.keepJob(id, ENTRY);
    now += (KEPT_DAYS + 1) * 86_400_000;
    await kept.keepJob({ workbookId: "wb-2", url: null }, { ...ENTRY, jobId: "job-2" });
    expect((await kept.find(id)).jobs).toEqual([]);
    await kept.forget("job-2");
    await expect(keptNotes(store)).resolves.toEqual([]);
  });

  it("belong to the workbook named by its id or its URL, never to a workbook with neither", async () => {
    const kept = new KeptJobs(new MemoryStore(), () => Date.parse("2026-03-01T10:00:00Z"));
    await kept.keepJob({ workbookId: "wb-1", url: URL_OF_BOOK }, ENTRY);
    expect((await kept.find({ workbookId: "wb-1", url: null })).jobs).toHaveLength(1);
    expect((await kept.find({ workbookId: null, url: URL_OF_BOOK })).jobs).toHaveLength(1);
    expect((await kept.find({ workbookId: null, url: null })).jobs).toHaveLength(0);
    expect((await kept.find({ workbookId: "wb-9", url: "https://other/Book.xlsx" })).jobs).toHaveLength(0);
  });
});

describe("one note per import being sent", () => {
  const T = Date.parse("2026-03-01T10:00:00Z");
  const pendingOf = (id: string, sentAt: string): PendingImport => ({
    id,
    catalogName: "Prices",
    companyId: "c1",
    companyName: "Northwind",
    sentAt,
    sent: { positions: 2, deletions: 0, skippedRows: 0 },
    source: null,
  });

  it("two workbooks sending at the same moment each keep their note", async () => {
    const store = new MemoryStore();
    const one = new KeptJobs(store, () => T);
    const other = new KeptJobs(store, () => T);
    const first = { workbookId: "wb-1", url: URL_OF_BOOK };
    const second = { workbookId: "wb-2", url: "https://contoso.sharepoint.com/Shared/Other.xlsx" };
    await Promise.all([
      one.keepPending(first, pendingOf("p-1", "2026-03-01T10:00:00.000Z")),
      other.keepPending(second, pendingOf("p-2", "2026-03-01T10:00:00.000Z")),
    ]);
    await expect(keptNotes(store)).resolves.toHaveLength(2);
    expect((await one.find(first)).pendings.map((p) => p.id)).toEqual(["p-1"]);
    expect((await other.find(second)).pendings.map((p) => p.id)).toEqual(["p-2"]);
    // Each answer replaces its own import's note, and no other.
    await Promise.all([one.keepJob(first, { ...ENTRY, jobId: "job-1" }), other.forgetPending(second)]);
    expect(await one.find(first)).toMatchObject({ pendings: [], jobs: [{ jobId: "job-1" }] });
    expect(await other.find(second)).toMatchObject({ pendings: [], jobs: [] });
  });

  it("reads the previous version's one item and moves it to one item per note on the next write", async () => {
    const store = new MemoryStore();
    const wb = { workbookId: "wb-1", url: URL_OF_BOOK };
    const legacyPending = { ...pendingOf("ignored", "2026-03-01T09:00:00.000Z") } as Record<string, unknown>;
    delete legacyPending.id;
    await store.setItem(
      KEPT_KEY,
      JSON.stringify([
        { ...wb, keptAt: "2026-03-01T09:00:00.000Z", entry: null, pending: legacyPending },
        { ...wb, keptAt: "2026-03-01T09:30:00.000Z", entry: { ...ENTRY, jobId: "job-old" }, pending: null },
      ]),
    );
    const kept = new KeptJobs(store, () => T);
    const found = await kept.find(wb);
    expect(found.pendings).toEqual([
      expect.objectContaining({ id: "v1.2026-03-01T09:00:00.000Z", url: URL_OF_BOOK, catalogName: "Prices" }),
    ]);
    expect(found.jobs.map((e) => e.jobId)).toEqual(["job-old"]);
    // Nothing is written by reading; the next write moves both notes to items of their own.
    expect(store.items.has(KEPT_KEY)).toBe(true);
    await kept.keepPending(wb, pendingOf("p-new", "2026-03-01T10:00:00.000Z"));
    expect(store.items.has(KEPT_KEY)).toBe(false);
    await expect(keptNotes(store)).resolves.toHaveLength(3);
    expect((await kept.find(wb)).pendings.map((p) => p.id)).toEqual(["p-new", "v1.2026-03-01T09:00:00.000Z"]);
  });

  it("a renewal writes the lease of an import being sent, never a note that went or holds its job", async () => {
    const store = new MemoryStore();
    const wb = { workbookId: "wb-1", url: URL_OF_BOOK };
    const kept = new KeptJobs(store, () => T);
    await kept.keepPending(wb, pendingOf("p-1", "2026-03-01T10:00:00.000Z"));
    await kept.renew("p-1", { holder: "pane-a", until: T + 120_000 });
    expect(await kept.pending("p-1")).toMatchObject({ lease: { holder: "pane-a", until: T + 120_000 } });
    // Refused: the note goes, and a renewal asked meanwhile does not bring it back.
    await Promise.all([kept.forgetPending(wb), kept.renew("p-1", { holder: "pane-a", until: T + 150_000 })]);
    await expect(keptNotes(store)).resolves.toEqual([]);
    await kept.keepPending(wb, pendingOf("p-2", "2026-03-01T10:01:00.000Z"));
    await kept.keepJob(wb, { ...ENTRY, jobId: "job-2" });
    await kept.renew("p-2", { holder: "pane-a", until: T + 180_000 });
    expect(await kept.pending("p-2")).toBeNull();
    expect((await kept.find(wb)).jobs.map((e) => e.jobId)).toEqual(["job-2"]);
  });
});
