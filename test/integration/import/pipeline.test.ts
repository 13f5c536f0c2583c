// The import journey without a browser (issue 12, acceptance 1 and 5): the pipeline against the
// in-process emulator over real HTTP, with the workbook in the Office emulation.

import { setLogSink } from "../../../src/log/logger";
import type { Session } from "../../../src/session/session";
import { JOBS_KEY, LAYOUTS_KEY, PRICE_FORMAT, jobKey, type RememberedColumns } from "../../../src/import";
import { countRequests, sessionFor, signIn, startEnv, type Env } from "../api/setup";
import { until } from "../until";
import { companyOf, demoWorkbook, importRange, pipelineFor, workbookWith, newCatalog } from "./helpers";

jest.setTimeout(60_000);

const IMPORT = "/api/import/catalog/json/external";
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

const freshCatalog = (): string => newCatalog(env, session, "Pipeline catalog");

function sheetNamed(excel: ReturnType<typeof demoWorkbook>, prefix: string): string {
  const sheet = excel.model.sheets.find((s) => s.name.startsWith(prefix));
  if (!sheet)
    throw new Error(`no sheet starting with ${prefix}: ${excel.model.sheets.map((s) => s.name).join(", ")}`);
  return sheet.name;
}

describe("importing the demo catalog", () => {
  it("inserts every position, writes the log as Excel tables and keeps the job in the history", async () => {
    const excel = demoWorkbook();
    const h = pipelineFor(excel, session);
    const catalog = freshCatalog();
    const state = await importRange(h, session, catalog);

    expect(state.phase).toBe("done");
    expect(state.log.counts).toEqual({ inserted: 16, updated: 0, deleted: 0, ignored: 0 });
    expect(state.log.writeError).toBeNull();
    expect(env.emu.catalogs.tree(companyOf(session).id, catalog).map((n) => n.code)).toEqual([
      "1",
      "2",
      "3",
      "4",
    ]);
    // The phases a user sees, in order.
    const phases = h.states.map((s) => s.phase).filter((p, i, all) => all[i - 1] !== p);
    expect(phases).toEqual(["source", "checked", "previewed", "posting", "following", "done"]);

    // The Inserted sheet: an Excel table with filters, frozen header, prices as numbers with a format.
    const inserted = sheetNamed(excel, "Inserted ");
    expect(state.log.written?.inserted).toBe(inserted);
    expect(inserted).toMatch(/^Inserted \d{4}-\d\d-\d\d \d\d\.\d\d\.\d\d$/);
    const sheet = excel.model.getSheetByName(inserted)!;
    expect(sheet.frozenRows).toBe(1);
    expect(excel.model.tables.some((t) => t.sheetId === sheet.id)).toBe(true);
    const rows = excel.values(inserted);
    expect(rows[0]).toEqual(["Code", "Name", "Price", "Unit", "Currency", "Guid", "Platform id"]);
    const slab = rows.find((r) => r[0] === "1.1")!;
    expect(slab[2]).toBe(7450);
    expect(excel.cell(inserted, `C${rows.indexOf(slab) + 1}`)?.numberFormat).toBe(PRICE_FORMAT);
    expect(slab[5]).toBe("7a2b9c10-4e5f-4a6b-8c7d-9e0f1a2b3c4d");
    // A parent row without a unit has an empty cell, not "null" or "undefined".
    const parent = rows.find((r) => r[0] === "1")!;
    expect(parent[3]).toBe("");
    // Widths were fitted (wider than Excel's default for the long names).
    expect(sheet.columnWidths.get(1) ?? 0).toBeGreaterThan(64);

    // The summary names the job, the catalog and the source range.
    const summary = excel.values(state.log.written!.summary);
    const fact = (label: string) => summary.find((r) => r[0] === label)?.[1];
    expect(fact("Job id")).toBe(state.job.jobId);
    expect(fact("Catalog")).toBe(catalog);
    expect(fact("Inserted")).toBe(16);
    expect(fact("Source range")).toBe("Catalog!A1:G17");

    // The history in the workbook's document settings.
    const history = h.pipeline.history.list();
    expect(history[0]).toMatchObject({ jobId: state.job.jobId, catalogName: catalog, status: "done" });
    expect(history[0]!.counts).toEqual({ inserted: 16, updated: 0, deleted: 0, ignored: 0 });
    expect(history[0]!.source).toEqual({ sheet: "Catalog", address: "A1:G17" });
    expect(excel.documentSettings()[JOBS_KEY]).toEqual([state.job.jobId]);
    expect(excel.documentSettings()[jobKey(state.job.jobId ?? "")]).toMatchObject({ status: "done" });
  });

  it("re-imported unchanged, everything is ignored and nothing is inserted twice", async () => {
    const excel = demoWorkbook();
    const h = pipelineFor(excel, session);
    const catalog = freshCatalog();
    await importRange(h, session, catalog);
    h.pipeline.reset();
    const again = await importRange(h, session, catalog);
    expect(again.log.counts).toEqual({ inserted: 0, updated: 0, deleted: 0, ignored: 16 });
    expect(excel.model.sheets.filter((s) => s.name.startsWith("Ignored ")).length).toBe(1);
    expect(h.pipeline.history.list().length).toBe(2);
    // Each ignored row says why (the emulator, like the platform by default, gives no Reason: the
    // add-in's reading, marked so), and no all-zero id is written as an id.
    const ignored = excel.values(sheetNamed(excel, "Ignored "), "A1:H17");
    expect(ignored[0]![7]).toBe("Reason");
    for (const row of ignored.slice(1)) expect(String(row[7])).toMatch(/^Unchanged: .*the add-in's reading/);
    expect(ignored.flat().map(String)).not.toContain("00000000-0000-0000-0000-000000000000");
    // Nothing changed though 16 rows were sent: a warning with its reason, in History too.
    expect(h.pipeline.history.list()[0]!.nothing).toEqual({
      ignored: 16,
      kind: "unchanged",
      count: 16,
      value: "",
    });
  });

  it("writes new Guids back first, so a sheet without Guids is updated, not inserted twice, the next time", async () => {
    const excel = workbookWith([
      ["Guid", "Code", "Name", "Price", "Unit"],
      [null, "1", "Masonry", null, null],
      [null, "1.1", "Brick wall 250 mm", 42.5, "m2"],
      [null, "1.2", "Block wall 200 mm", 31, "m2"],
    ]);
    const h = pipelineFor(excel, session);
    const catalog = freshCatalog();
    h.pipeline.setChoices({ catalogName: catalog, companyId: companyOf(session).id, companyName: "x" });
    await h.pipeline.readRange({ sheet: "Catalog", address: "A1:E4" });
    await h.pipeline.preview();
    expect(h.pipeline.getState().send.summary?.newGuids).toBe(3);
    await h.pipeline.start();
    expect(h.pipeline.getState().log.counts?.inserted).toBe(3);
    const guids = excel.values("Catalog", "A2:A4").map((r) => r[0]);
    expect(guids.every((g) => typeof g === "string" && /^[0-9a-f-]{36}$/.test(g))).toBe(true);

    h.pipeline.reset();
    const again = await importRange(h, session, catalog, "A1:E4");
    expect(again.send.summary?.newGuids).toBe(0);
    expect(again.log.counts).toEqual({ inserted: 0, updated: 0, deleted: 0, ignored: 3 });
  });

  it("two changed prices and a parent marked deleted: two updated, the parent and its children deleted", async () => {
    const excel = demoWorkbook();
    const h = pipelineFor(excel, session);
    const catalog = freshCatalog();
    await importRange(h, session, catalog);
    h.pipeline.reset();
    excel.setCells("Catalog", "D3", [[7600]]); // 1.1
    excel.setCells("Catalog", "D8", [[1100]]); // 2.1
    excel.setCells("Catalog", "G12", [["x"]]); // 3 Formwork, parent of 3.1 and 3.2
    const state = await importRange(h, session, catalog);

    expect(state.log.counts?.updated).toBe(2);
    const updated = excel.values(state.log.written!.updated!);
    expect(updated[0]!.slice(0, 6)).toEqual([
      "Code before",
      "Code after",
      "Name before",
      "Name after",
      "Price before",
      "Price after",
    ]);
    const row = updated.findIndex((r) => r[0] === "1.1");
    expect(updated[row]!.slice(4, 6)).toEqual([7450, 7600]);
    // The changed price is highlighted, the unchanged name is not.
    expect(excel.cell(state.log.written!.updated!, `F${row + 1}`)?.fill).toBeTruthy();
    expect(excel.cell(state.log.written!.updated!, `D${row + 1}`)?.fill).toBeFalsy();

    const deleted = excel
      .values(state.log.written!.deleted!)
      .slice(1)
      .map((r) => r[0]);
    expect(deleted.sort()).toEqual(["3", "3.1", "3.2"]);
    expect(env.emu.catalogs.tree(companyOf(session).id, catalog).map((n) => n.code)).toEqual(["1", "2", "4"]);
  });

  it("writes a service name starting with =, +, - or @ as text, never as a formula (acceptance 5)", async () => {
    const names = ["=SUM(A1:A9)", "+7 pump station", "-5 cm screed", "@home delivery"];
    // Typed with Excel's text marker, as an estimator types such a name.
    const excel = workbookWith([
      ["Code", "Name", "Price", "Unit"],
      ["1", `'${names[0]!}`, null, null],
      ["1.1", `'${names[1]!}`, 10, "m"],
      ["1.2", `'${names[2]!}`, 11, "m"],
      ["1.3", `'${names[3]!}`, 12, "m"],
    ]);
    expect(excel.values("Catalog", "B2:B5").map((r) => r[0])).toEqual(names);
    const h = pipelineFor(excel, session);
    const state = await importRange(h, session, freshCatalog(), "A1:D5");
    const sheet = state.log.written!.inserted!;
    const rows = excel.values(sheet).slice(1);
    expect(rows.map((r) => r[1])).toEqual(names);
    for (let r = 2; r <= 5; r++) {
      const cell = excel.cell(sheet, `B${r}`);
      expect(cell?.formula).toBeUndefined();
      expect(cell?.isError).toBeFalsy();
    }
  });

  it("a failing job shows the platform's error and keeps its history entry", async () => {
    const excel = demoWorkbook();
    const h = pipelineFor(excel, session);
    env.emu.faults.failNextJobs(1, "The catalog is locked by another import.");
    const state = await importRange(h, session, freshCatalog());
    expect(state.phase).toBe("failed");
    expect(state.error?.key).toBe("import.failedJob");
    expect(state.error?.detail).toContain("The catalog is locked by another import.");
    const entry = h.pipeline.history.find(state.job.jobId!);
    expect(entry).toMatchObject({ status: "failed", error: expect.stringContaining("locked") as unknown });
  });

  it("writes a Result column beside the source, and replaces it on the next run", async () => {
    const excel = demoWorkbook();
    const h = pipelineFor(excel, session);
    h.pipeline.setChoices({ resultColumn: true });
    const catalog = freshCatalog();
    await importRange(h, session, catalog);
    expect(excel.values("Catalog", "H1")[0]![0]).toBe("Import result");
    expect(String(excel.values("Catalog", "H3")[0]![0])).toMatch(/^Inserted \(/);
    h.pipeline.reset();
    await importRange(h, session, catalog, "A1:H17");
    expect(String(excel.values("Catalog", "H3")[0]![0])).toMatch(/^Ignored: Unchanged/);
    expect(excel.values("Catalog", "H2:H17").flat().join(" ")).not.toContain("00000000");
    expect(excel.values("Catalog", "I1")[0]![0]).toBe("");
  });

  it("finds the Result column of the last run by its mark, whatever its header says now", async () => {
    const excel = demoWorkbook();
    const h = pipelineFor(excel, session);
    h.pipeline.setChoices({ resultColumn: true });
    const catalog = freshCatalog();
    await importRange(h, session, catalog);
    // Marked with a workbook name over its cells (the Name Manager says what it is).
    expect(excel.model.names.map((n) => n.name)).toEqual(["BOQBridge_Result_1"]);
    // The user renames its header (or opens the workbook in another language): still found.
    excel.setCells("Catalog", "H1", [["Status (do not edit)"]]);
    h.pipeline.reset();
    await importRange(h, session, catalog, "A1:H17");
    expect(String(excel.values("Catalog", "H3")[0]![0])).toMatch(/^Ignored: Unchanged/);
    expect(excel.values("Catalog", "H1")[0]![0]).toBe("Import result");
    expect(excel.values("Catalog", "I1")[0]![0]).toBe("");
    expect(excel.model.names.map((n) => n.name)).toEqual(["BOQBridge_Result_1"]);
  });

  it("finds a Result column written before the marks by its header, and a column of the user's own is kept", async () => {
    const excel = demoWorkbook();
    const h = pipelineFor(excel, session);
    h.pipeline.setChoices({ resultColumn: true });
    const catalog = freshCatalog();
    // A column an earlier version wrote: its header only, no name.
    excel.setCells("Catalog", "H1", [["Результат импорта"], ["Inserted (old)"]]);
    await importRange(h, session, catalog, "A1:H17");
    expect(excel.values("Catalog", "H1")[0]![0]).toBe("Import result");
    expect(excel.values("Catalog", "I1")[0]![0]).toBe("");
    // The user's own last column, with a header of their own and no mark: the Result goes beside it.
    excel.setCells("Catalog", "H1", [["Checked by"]]);
    excel.model.names.splice(0);
    h.pipeline.reset();
    await importRange(h, session, catalog, "A1:H17");
    expect(excel.values("Catalog", "H1")[0]![0]).toBe("Checked by");
    expect(excel.values("Catalog", "I1")[0]![0]).toBe("Import result");
  });

  it("skips the rows with errors only when asked, naming how many", async () => {
    const excel = workbookWith([
      ["Code", "Name", "Price", "Unit"],
      ["1", "Roofing", null, null],
      ["1.1", "Bitumen membrane", "twelve", "m2"],
      ["1.2", "Roof insulation", 14, "m2"],
    ]);
    const h = pipelineFor(excel, session);
    const company = companyOf(session);
    h.pipeline.setChoices({ catalogName: freshCatalog(), companyId: company.id, companyName: company.name });
    await h.pipeline.readRange({ sheet: "Catalog", address: "A1:D4" });
    expect(h.pipeline.getState().check.errorRows).toEqual([3]);
    await h.pipeline.preview();
    expect(h.pipeline.getState().phase).toBe("checked"); // errors block the preview
    h.pipeline.setChoices({ skipErrorRows: true });
    await h.pipeline.preview();
    expect(h.pipeline.getState().send.summary).toMatchObject({ positions: 2, skippedRows: 1 });
    expect(h.pipeline.previewBody()?.Data.map((p) => p.Code)).toEqual(["1", "1.2"]);
  });
});

describe("the column mapping", () => {
  it("offers the columns with their headers, re-checks at once when changed and remembers the choice per catalog", async () => {
    const excel = workbookWith([
      ["Item", "Description", "Cost", "UoM", "Notes"],
      ["1", "Roofing", null, null, ""],
      ["1.1", "Bitumen membrane", 12, "m2", "two layers"],
      ["1.2", "Roof insulation", 14, "m2", ""],
    ]);
    const h = pipelineFor(excel, session);
    const company = companyOf(session);
    const catalog = freshCatalog();
    h.pipeline.setChoices({ catalogName: catalog, companyId: company.id, companyName: company.name });
    await h.pipeline.readRange({ sheet: "Catalog", address: "A1:E4" });
    expect(h.pipeline.sourceColumns()).toEqual([
      { letter: "A", header: "Item" },
      { letter: "B", header: "Description" },
      { letter: "C", header: "Cost" },
      { letter: "D", header: "UoM" },
      { letter: "E", header: "Notes" },
    ]);
    // These headers name no Code column: nothing is guessed, the user is asked, with row 1 as
    // the header.
    expect(h.pipeline.getState().check.mapping).toBeNull();
    expect(h.pipeline.getState().check.analysis?.problems.map((p) => p.kind)).toEqual(["no-header"]);
    expect(h.pipeline.mappingDraft()).toEqual({ headerRow: 1, columns: {} });

    // The user says which column is which: the same cells are checked again at once.
    await h.pipeline.setMapping({ headerRow: 1, columns: { Code: "A", Name: "B", Price: "C", Unit: "D" } });
    const mapped = h.pipeline.getState();
    expect(mapped.check.mapping?.columns).toEqual({ Code: "A", Name: "B", Price: "C", Unit: "D" });
    expect(mapped.check.analysis?.counts.positions).toBe(3);
    // No error remains; among the warnings, that the Notes column is not read.
    expect(mapped.check.analysis?.counts.errors).toBe(0);
    expect(mapped.check.analysis?.problems.map((p) => `${p.severity} ${p.kind} ${p.cell}`)).toContain(
      "warning unmapped-column E1",
    );

    // Then that the Notes column holds the names: two rows have none.
    await h.pipeline.setMapping({ headerRow: 1, columns: { Code: "A", Name: "E", Price: "C", Unit: "D" } });
    expect(h.pipeline.getState().check.analysis?.problems.map((p) => `${p.kind} ${p.cell}`)).toEqual(
      expect.arrayContaining(["missing-name E2", "missing-name E4"]),
    );

    // A new pane (a new pipeline on the same workbook), opened once the choice is saved, reading
    // the same catalog uses that choice. The pane saves it in the background (setMapping does not
    // wait for the save): the new pane opens when the document's settings hold it.
    await until(
      () => excel.documentSettings()[LAYOUTS_KEY] as Record<string, RememberedColumns[]> | undefined,
      (saved) => saved?.[catalog]?.some((choice) => choice.columns.Name === "E") === true,
    );
    const again = pipelineFor(excel, session);
    again.pipeline.setChoices({ catalogName: catalog, companyId: company.id, companyName: company.name });
    await again.pipeline.readRange({ sheet: "Catalog", address: "A1:E4" });
    expect(again.pipeline.getState().check.mapping?.columns.Name).toBe("E");
  });
});

describe("cells edited after the check", () => {
  it("are checked again before anything is written or posted, and nothing is imported until the user looks again", async () => {
    const excel = demoWorkbook();
    const h = pipelineFor(excel, session);
    const company = companyOf(session);
    h.pipeline.setChoices({ catalogName: freshCatalog(), companyId: company.id, companyName: company.name });
    await h.pipeline.readRange({ sheet: "Catalog", address: "A1:G17" });
    await h.pipeline.preview();
    expect(h.pipeline.getState().phase).toBe("previewed");

    // With the preview open, the estimator types a price that is not a number, then imports.
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("Catalog").getRange("D3").values = [["call us"]];
      await context.sync();
    });
    const postsBefore = countRequests(env, "POST", IMPORT);
    await h.pipeline.start();

    const state = h.pipeline.getState();
    expect(state.phase).toBe("checked");
    expect(state.check.notice?.key).toBe("import.cellsChanged");
    expect(state.check.analysis?.problems.map((p) => `${p.kind} ${p.cell}`)).toContain("price-not-number D3");
    expect(countRequests(env, "POST", IMPORT)).toBe(postsBefore);
    expect(state.job.jobId).toBeNull();
  });
});

describe("the check in slices (the pane)", () => {
  it("pauses between slices of the check and the preview's build and shows what the check at once shows", async () => {
    const excel = demoWorkbook();
    let clock = 0;
    let pauses = 0;
    const sliced = pipelineFor(excel, session, {
      deps: {
        // Each look at the clock is 5 ms later: a pause comes every few steps.
        sliceClock: () => (clock += 5),
        pause: () => {
          pauses += 1;
          return Promise.resolve();
        },
      },
    });
    const atOnce = pipelineFor(excel, session);
    const company = companyOf(session);
    for (const h of [sliced, atOnce]) {
      h.pipeline.setChoices({ catalogName: "Sliced", companyId: company.id, companyName: company.name });
      await h.pipeline.readRange({ sheet: "Catalog", address: "A1:G17" });
      await h.pipeline.preview();
    }
    expect(pauses).toBeGreaterThan(0);
    expect(sliced.pipeline.getState().phase).toBe("previewed");
    expect(sliced.pipeline.getState().check.analysis).toEqual(atOnce.pipeline.getState().check.analysis);
    expect(sliced.pipeline.getState().send.summary).toEqual(atOnce.pipeline.getState().send.summary);
  });

  it("keeps the later check when an earlier, slower one ends after it", async () => {
    const excel = demoWorkbook();
    let release: () => void = () => undefined;
    let held: () => void = () => undefined;
    const firstHeld = new Promise<void>((resolve) => (held = resolve));
    let holdFirst = true;
    // A clock that moves a second per reading: every step of a check ends a slice and pauses. (A
    // random clock left a short check a few percent of the time without a pause, and the test
    // waited for a pause that never came.)
    let clock = 0;
    const h = pipelineFor(excel, session, {
      deps: {
        sliceClock: () => (clock += 1000),
        pause: () =>
          holdFirst
            ? new Promise<void>((resolve) => {
                holdFirst = false;
                release = resolve;
                held();
              })
            : Promise.resolve(),
      },
    });
    h.pipeline.setChoices({ catalogName: "Sliced", companyId: companyOf(session).id });
    const first = h.pipeline.readRange({ sheet: "Catalog", address: "A1:G17" });
    // The first check is held at its first pause (however long reading took on a busy machine);
    // a second one, of fewer rows, runs to its end.
    await firstHeld;
    await h.pipeline.readRange({ sheet: "Catalog", address: "A1:G5" });
    const later = h.pipeline.getState().check.analysis;
    release();
    await first;
    expect(h.pipeline.getState().check.analysis).toBe(later);
    expect(h.pipeline.getState().check.source?.address).toBe("A1:G5");
  });
});

describe("a job followed by another pane", () => {
  let slow: Env;
  let slowSession: Session;
  beforeAll(async () => {
    slow = await startEnv({ jobSpeed: 50 });
    ({ session: slowSession } = await sessionFor(slow));
    await signIn(slow, slowSession);
  });
  afterAll(async () => {
    await slow?.emu.stop();
  });

  it("detached, is resumed by a new pipeline reading the same document settings and ends with its log", async () => {
    const excel = demoWorkbook();
    const company = companyOf(slowSession);
    slow.emu.catalogs.create(company.id, "Detached catalog");
    const first = pipelineFor(excel, slowSession, { capMs: 50 });
    first.pipeline.subscribe((s) => {
      if (s.phase === "following" && s.job.progress?.status) first.pipeline.detach();
    });
    const state = await importRange(first, slowSession, "Detached catalog");
    expect(state.phase).toBe("detached");
    const jobId = state.job.jobId!;
    expect(first.pipeline.history.find(jobId)?.status).toBe("running");

    // The pane is closed and opened again: a new pipeline over the same workbook.
    const second = pipelineFor(excel, slowSession, { capMs: 50 });
    expect(await second.pipeline.resumePending()).toBe(true);
    const resumed = second.pipeline.getState();
    expect(resumed.phase).toBe("done");
    expect(resumed.job.jobId).toBe(jobId);
    expect(resumed.log.counts?.inserted).toBe(16);
    expect(resumed.log.written?.inserted).toBeDefined();
    expect(second.pipeline.history.find(jobId)?.status).toBe("done");
    expect(countRequests(slow, "POST", IMPORT)).toBe(1);
  });

  it("the history lists the jobs newest first and the log of any of them can be written again", async () => {
    const excel = demoWorkbook();
    const h = pipelineFor(excel, slowSession, { capMs: 50 });
    const company = companyOf(slowSession);
    slow.emu.catalogs.create(company.id, "History catalog");
    const first = await importRange(h, slowSession, "History catalog");
    h.pipeline.reset();
    const second = await importRange(h, slowSession, "History catalog");
    expect(h.pipeline.history.list().map((e) => e.jobId)).toEqual([second.job.jobId, first.job.jobId]);
    const sheetsBefore = excel.model.sheets.length;
    const fresh = pipelineFor(excel, slowSession, { capMs: 50 }).pipeline;
    expect(await fresh.reopenLog(first.job.jobId!)).toBeNull();
    expect(fresh.getState().log.counts?.inserted).toBe(16);
    expect(excel.model.sheets.length).toBe(sheetsBefore + 2); // Inserted and the summary
    // Endpoint 3: the latest import of a catalog by its name.
    expect(await fresh.checkLatest("History catalog")).toBeNull();
    expect(fresh.getState().job.latest?.jobId).toBe(second.job.jobId);
  });
});
