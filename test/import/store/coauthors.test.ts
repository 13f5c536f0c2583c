// The history is kept one setting per job, read again before each write (issue 24, item 2): two
// authors with the workbook open each save their own copy of a setting whole (the emulation's model
// of co-authoring, dev/office-emulation/README.md), so one array under one key lost the entries of
// whoever saved first. A workbook saved by the previous version (one array) still shows its history.
import { createEmulatedExcel } from "../../../dev/office-emulation";
import {
  HISTORY_BUDGET_BYTES,
  HISTORY_KEY,
  ImportHistory,
  JOBS_KEY,
  MAX_HISTORY,
  jobKey,
  type HistoryEntry,
} from "../../../src/import";
import { documentSettings } from "../../../src/workbook";

function entry(jobId: string, startedAt: string, status: HistoryEntry["status"] = "done"): HistoryEntry {
  return {
    jobId,
    catalogName: "Prices",
    companyId: "c1",
    companyName: "Northwind",
    startedAt,
    status,
    sent: { positions: 2, deletions: 0, skippedRows: 0 },
    source: { sheet: "Catalog", address: "A1:E3" },
  };
}

const settingsOf = (office: Office.Settings) => documentSettings(office);

it("keeps both authors' entries when each adds one to a copy loaded before the other saved", async () => {
  const excel = createEmulatedExcel({ sheets: { Catalog: [["Code"]] } });
  const mine = new ImportHistory(settingsOf(excel.globals.Office.context.document.settings));
  // The second author opened the workbook before anything was saved: their copy has no history.
  const theirs = new ImportHistory(settingsOf(excel.coauthor().settings));

  await mine.put(entry("job-a", "2026-03-01T10:00:00.000Z", "running"));
  await theirs.put(entry("job-b", "2026-03-01T10:05:00.000Z", "running"));
  await mine.update("job-a", { status: "done", finishedAt: "2026-03-01T10:07:00.000Z" });

  const inDocument = excel.documentSettings();
  expect(inDocument[JOBS_KEY]).toEqual(expect.arrayContaining(["job-a", "job-b"]));
  expect(inDocument[jobKey("job-a")]).toMatchObject({ status: "done" });
  expect(inDocument[jobKey("job-b")]).toMatchObject({ status: "running" });
  await theirs.reload();
  expect(theirs.list().map((e) => [e.jobId, e.status])).toEqual([
    ["job-b", "running"],
    ["job-a", "done"],
  ]);
  expect(mine.list().map((e) => e.jobId)).toEqual(["job-b", "job-a"]);

  // Saved and opened again: both are in the file.
  excel.saveWorkbook();
  const reopened = excel.reopen();
  const later = new ImportHistory(settingsOf(reopened.globals.Office.context.document.settings));
  expect(later.list().map((e) => e.jobId)).toEqual(["job-b", "job-a"]);
});

it("puts back a job another author's save left out of the list of jobs", async () => {
  const excel = createEmulatedExcel({ sheets: { Catalog: [["Code"]] } });
  const mine = new ImportHistory(settingsOf(excel.globals.Office.context.document.settings));
  await mine.put(entry("job-a", "2026-03-01T10:00:00.000Z"));
  // An author whose add-in writes the list from a stale copy, without reading it again first.
  const stale = excel.coauthor().settings;
  stale.set(JOBS_KEY, ["job-x"]);
  await new Promise<void>((resolve) => stale.saveAsync(() => resolve()));
  expect(excel.documentSettings()[JOBS_KEY]).toEqual(["job-x"]);

  await mine.put(entry("job-c", "2026-03-01T11:00:00.000Z"));
  expect(excel.documentSettings()[JOBS_KEY]).toEqual(["job-c", "job-x", "job-a"]);
});

it("shows the history of a workbook saved by the previous version, and moves it to one setting per job on the first write", async () => {
  const old = [
    entry("job-1", "2026-02-01T09:00:00.000Z"),
    entry("job-2", "2026-02-02T09:00:00.000Z", "running"),
  ];
  const excel = createEmulatedExcel({
    sheets: { Catalog: [["Code"]] },
    documentSettings: { [HISTORY_KEY]: old },
  });
  const history = new ImportHistory(settingsOf(excel.globals.Office.context.document.settings));
  expect(history.list().map((e) => e.jobId)).toEqual(["job-2", "job-1"]);
  expect(history.running().map((e) => e.jobId)).toEqual(["job-2"]);

  await history.put(entry("job-3", "2026-03-01T09:00:00.000Z"));
  const inDocument = excel.documentSettings();
  expect(inDocument[HISTORY_KEY]).toBeUndefined();
  expect(inDocument[JOBS_KEY]).toEqual(["job-3", "job-1", "job-2"]);
  expect(inDocument[jobKey("job-2")]).toMatchObject({ status: "running" });
  expect(history.list().map((e) => e.jobId)).toEqual(["job-3", "job-2", "job-1"]);
});

it("keeps at most MAX_HISTORY jobs, dropping the oldest finished ones with their settings, never a running one", async () => {
  const excel = createEmulatedExcel({ sheets: { Catalog: [["Code"]] } });
  const history = new ImportHistory(settingsOf(excel.globals.Office.context.document.settings));
  await history.put(entry("job-oldest-running", "2026-01-01T00:00:00.000Z", "running"));
  for (let i = 0; i < MAX_HISTORY; i += 1) {
    await history.put(entry(`job-${i}`, new Date(Date.UTC(2026, 1, 1, 0, i)).toISOString()));
  }
  const ids = history.list().map((e) => e.jobId);
  expect(ids).toHaveLength(MAX_HISTORY);
  expect(ids).toContain("job-oldest-running");
  expect(ids).not.toContain("job-0");
  expect(excel.documentSettings()[jobKey("job-0")]).toBeUndefined();
});

it("keeps the entries within HISTORY_BUDGET_BYTES, so the document's settings stay under their limit (2 MB assumed)", async () => {
  const excel = createEmulatedExcel({ sheets: { Catalog: [["Code"]] } });
  const history = new ImportHistory(settingsOf(excel.globals.Office.context.document.settings));
  await history.put(entry("job-oldest-running", "2026-01-01T00:00:00.000Z", "running"));
  // Failed imports with the platform's long answers: 60 × 40 KB is 2.4 MB, over the limit.
  const long = "The platform refused the catalog: ".padEnd(40_000, "x");
  for (let i = 0; i < 60; i += 1) {
    await history.put({
      ...entry(`job-${i}`, new Date(Date.UTC(2026, 1, 1, 0, i)).toISOString(), "failed"),
      error: long,
    });
  }
  const inDocument = excel.documentSettings();
  // Every save went through: the newest entry is in the document.
  expect(inDocument[jobKey("job-59")]).toMatchObject({ status: "failed" });
  const ids = inDocument[JOBS_KEY] as string[];
  const bytes = ids.reduce(
    (sum, id) => sum + new TextEncoder().encode(JSON.stringify(inDocument[jobKey(id)])).length,
    0,
  );
  expect(bytes).toBeLessThanOrEqual(HISTORY_BUDGET_BYTES);
  expect(ids).toContain("job-oldest-running");
  expect(ids).not.toContain("job-0");
  expect(inDocument[jobKey("job-0")]).toBeUndefined();
});

it("the emulated Office refuses a save over its document settings limit, writing nothing (an assumption of 2 MB)", async () => {
  const excel = createEmulatedExcel({ sheets: { Catalog: [["Code"]] } });
  const office = excel.globals.Office.context.document.settings;
  office.set("big", "x".repeat(2 * 1024 * 1024));
  const result = await new Promise<Office.AsyncResult<void>>((resolve) => office.saveAsync(resolve));
  expect(result.status).toBe("failed");
  expect(result.error).toMatchObject({
    code: 4001,
    name: "Save Settings Error",
    message: "The settings could not be saved.",
  });
  expect(excel.documentSettings()).toEqual({});
});
