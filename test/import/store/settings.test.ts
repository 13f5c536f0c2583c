// Failures to keep state are shown (issue 23, item 4): when Office cannot save the workbook's
// document settings (saveAsync fails), the import goes on, the user is told what it means (the
// import may not be found after the workbook is closed) and can download the import's details
// and log; a later save that works clears the message.
import { createEmulatedExcel } from "../../../dev/office-emulation";
import { documentSettings, type OfficeSettingsLike } from "../../../src/workbook";
import { DONE, networkError, RUNNING, sender, SMALL_CATALOG, statusOf } from "../fakePlatform";

/** Office's settings object whose saveAsync fails, as Office reports it, while `failing` is set. */
function officeSettings() {
  const values = new Map<string, unknown>();
  const saved = new Map<string, unknown>();
  const control = { failing: true, saves: 0 };
  const office: OfficeSettingsLike = {
    get: (name) => (values.has(name) ? structuredClone(values.get(name)) : null),
    set: (name, value) => values.set(name, structuredClone(value)),
    remove: (name) => values.delete(name),
    saveAsync: (callback) => {
      control.saves += 1;
      queueMicrotask(() => {
        if (control.failing) {
          callback?.({ status: "failed", error: { message: "The document is read-only." } });
          return;
        }
        saved.clear();
        for (const [k, v] of values) saved.set(k, structuredClone(v));
        callback?.({ status: "succeeded" });
      });
    },
  };
  return { store: documentSettings(office), control, saved };
}

it("a failed save is shown with what it means and Office's reason; the import goes on; a later save clears it", async () => {
  const office = officeSettings();
  const logged: string[] = [];
  const h = sender(
    { startImport: () => Promise.resolve({ jobId: "job-1" }), statuses: [RUNNING, DONE] },
    { settings: office.store, onError: (message) => logged.push(message) },
  );
  await h.importIt();
  const state = h.pipeline.getState();
  // The import ended well all the same, its log written into sheets.
  expect(state.phase).toBe("done");
  expect(state.log.written?.summary).toBeDefined();
  expect(state.warnings.settingsError).toEqual({
    key: "import.settingsNotSaved",
    detail: "Excel could not save the workbook settings: The document is read-only.",
  });
  // Nothing reached the file: the job would not be found after closing the workbook.
  expect(office.saved.size).toBe(0);
  expect(logged).toContain("could not save the job in the workbook settings");
  // The state of every failed save was shown, never hidden by a screen change.
  expect(
    h.states.filter((s) => s.phase === "following").every((s) => s.warnings.settingsError !== null),
  ).toBe(true);

  // The details to download: the job's id, catalog, company, times, source and its log.
  const file = JSON.parse(h.pipeline.logJson()) as Record<string, unknown>;
  expect(file).toMatchObject({
    jobId: "job-1",
    catalogName: "Prices",
    companyId: "c1",
    companyName: "Northwind",
    sent: { positions: 2, deletions: 0, skippedRows: 0 },
    source: { sheet: "Catalog", address: "A1:E3" },
    log: { insertedTwigs: [{ code: "1" }] },
  });

  // Excel can save again: the next change saves everything and the message goes.
  office.control.failing = false;
  h.pipeline.setChoices({ resultColumn: true });
  await new Promise((r) => setTimeout(r, 0));
  expect(h.pipeline.getState().warnings.settingsError).toBeNull();
  expect(office.saved.get("boq-bridge.import.jobs.v2")).toEqual(["job-1"]);
  expect(office.saved.get("boq-bridge.import.job.v2.job-1")).toEqual(
    expect.objectContaining({ jobId: "job-1", status: "done" }),
  );
});

it("a failed save of the import being sent is shown on the lost answer's screen, with the details to download", async () => {
  const office = officeSettings();
  const h = sender(
    {
      startImport: () => Promise.reject(networkError()),
      statusByRoot: () => statusOf("job-7", new Date(h.time()).toISOString()),
    },
    { settings: office.store },
  );
  await h.importIt();
  const state = h.pipeline.getState();
  expect(state.phase).toBe("lost");
  expect(state.warnings.settingsError?.key).toBe("import.settingsNotSaved");
  const file = JSON.parse(h.pipeline.logJson()) as Record<string, unknown>;
  expect(file).toMatchObject({
    jobId: null,
    answerLost: true,
    catalogName: "Prices",
    sent: { positions: 2 },
    source: { sheet: "Catalog", address: "A1:E3" },
    log: null,
  });
  expect(typeof file["sentAt"]).toBe("string");
  // Confirming the job tries to save again; still failing, the message stays.
  await h.pipeline.followLost();
  expect(h.pipeline.getState()).toMatchObject({ phase: "done", job: { jobId: "job-7" } });
  expect(h.pipeline.getState().warnings.settingsError?.key).toBe("import.settingsNotSaved");
});

it("the Office emulation's saveAsync made to fail (the workbench's hook) reaches the user the same way", async () => {
  const excel = createEmulatedExcel({ sheets: { Catalog: SMALL_CATALOG } });
  const settings = documentSettings(excel.globals.Office.context.document.settings);
  excel.model.settingsSaveRefusal = "Settings could not be saved.";
  const h = sender({ startImport: () => Promise.resolve({ jobId: "job-1" }) }, { settings }, excel);
  await h.importIt();
  expect(h.pipeline.getState().warnings.settingsError).toEqual({
    key: "import.settingsNotSaved",
    detail: "Excel could not save the workbook settings: Settings could not be saved.",
  });
  expect(excel.documentSettings()).toEqual({});
  excel.model.settingsSaveRefusal = null;
  h.pipeline.setChoices({ resultColumn: true });
  await new Promise((r) => setTimeout(r, 0));
  expect(h.pipeline.getState().warnings.settingsError).toBeNull();
  // Reading the document's settings again before the write (refreshAsync) kept the changes not
  // saved until then: the job is in the file with the options.
  expect(excel.documentSettings()).toMatchObject({
    "boq-bridge.import.jobs.v2": ["job-1"],
    "boq-bridge.import.job.v2.job-1": expect.objectContaining({ jobId: "job-1", status: "done" }) as unknown,
  });
});
