// Document settings reach the file only when the workbook is saved (Office.Settings.saveAsync:
// "the changes to the document file itself are saved only when the user (or AutoRecover setting)
// saves the document"); "close without saving" and reopen; a second author (a model of
// co-authoring, see DocumentAuthors in dev/office-emulation/office.ts).
import {
  createEmulatedExcel,
  type FunctionsMetadata,
  type OfficeEmulation,
} from "../../dev/office-emulation";

const HISTORY = "boq-bridge.import.history.v1";

function save(settings: Office.Settings): Promise<Office.AsyncResult<void>> {
  return new Promise((resolve) => settings.saveAsync(resolve));
}

function refresh(settings: Office.Settings): Promise<void> {
  return new Promise((resolve) => settings.refreshAsync(() => resolve()));
}

function workbook(): OfficeEmulation {
  return createEmulatedExcel({ sheets: { Catalog: [["Code"], ["1.1"]] } });
}

describe("document settings and the file (Office.Settings.saveAsync)", () => {
  it("saveAsync puts the settings into the open document; the file gets them when the workbook is saved", async () => {
    const excel = workbook();
    const settings = excel.globals.Office.context.document.settings;
    settings.set(HISTORY, [{ jobId: "j1", status: "running" }]);
    await save(settings);
    expect(excel.documentSettings()).toEqual({ [HISTORY]: [{ jobId: "j1", status: "running" }] });
    expect(excel.fileSettings()).toEqual({});
    excel.saveWorkbook();
    expect(excel.fileSettings()).toEqual({ [HISTORY]: [{ jobId: "j1", status: "running" }] });
  });

  it("closed without saving and opened again: the settings and sheets are those of the last save", async () => {
    const excel = workbook();
    const settings = excel.globals.Office.context.document.settings;
    settings.set("first", 1);
    await save(settings);
    excel.setCells("Catalog", "A3", [["1.2"]]);
    excel.saveWorkbook();
    settings.set("second", 2);
    await save(settings);
    excel.setCells("Catalog", "A4", [["1.3"]]);

    const reopened = excel.reopen();
    expect(reopened.documentSettings()).toEqual({ first: 1 });
    expect(reopened.globals.Office.context.document.settings.get("second")).toBeNull();
    expect(reopened.values("Catalog", "A1:A4")).toEqual([["Code"], [1.1], [1.2], [""]]);
  });

  it("a workbook never saved opens as it was opened: nothing the add-in saved in it survives", async () => {
    const excel = workbook();
    const settings = excel.globals.Office.context.document.settings;
    settings.set(HISTORY, [{ jobId: "j1" }]);
    await save(settings);
    expect(excel.reopen().documentSettings()).toEqual({});
  });

  it("OfficeRuntime.storage is kept on the computer across close and reopen", async () => {
    const excel = workbook();
    await excel.globals.OfficeRuntime.storage.setItem("job", "j1");
    const reopened = excel.reopen();
    await expect(reopened.globals.OfficeRuntime.storage.getItem("job")).resolves.toBe("j1");
  });

  it("reopening keeps tables, names and saved custom-function results; only error cells run again (office-js 2012)", async () => {
    const metadata: FunctionsMetadata = {
      functions: [
        { id: "NOW", name: "NOW", parameters: [], result: { dimensionality: "matrix" } },
        { id: "FAILS", name: "FAILS", parameters: [] },
      ],
    };
    const excel = createEmulatedExcel({ sheets: { Sheet1: [] }, functionsMetadata: metadata });
    excel.globals.CustomFunctions.associate("NOW", () => [["saved"], ["spill"]]);
    excel.globals.CustomFunctions.associate("FAILS", () => {
      throw new excel.globals.CustomFunctions.Error("#N/A" as CustomFunctions.ErrorCode, "offline");
    });
    excel.setCells("Sheet1", "A1", [["=PLATFORM.NOW()", "=PLATFORM.FAILS()", "=COUNTA(A1#)"]]);
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.tables.add("D1:E2", true);
      context.workbook.names.add("Codes", sheet.getRange("A1:A2"));
      await context.sync();
    });
    excel.saveWorkbook();

    const reopened = createEmulatedExcel({ functionsMetadata: metadata, file: excel.savedFile() });
    let runs = 0;
    reopened.globals.CustomFunctions.associate("NOW", () => {
      runs += 1;
      return [["new"], ["value"]];
    });
    reopened.globals.CustomFunctions.associate("FAILS", () => "healed");
    expect(reopened.values("Sheet1", "A1:C2")).toEqual([
      ["saved", "healed", 2],
      ["spill", "", ""],
    ]);
    expect(runs).toBe(0);
    expect(reopened.model.tables.map((t) => t.name)).toEqual(["Table1"]);
    expect(reopened.model.names.map((n) => n.name)).toEqual(["Codes"]);
    await reopened.run(async (context) => {
      context.workbook.application.calculate("Full");
      await context.sync();
    });
    expect(runs).toBe(1);
    expect(reopened.values("Sheet1", "A1:A2")).toEqual([["new"], ["value"]]);
  });
});

describe("a second author (a model of co-authoring)", () => {
  it("two authors saving different keys: both keys are in the document", async () => {
    const excel = workbook();
    const mine = excel.globals.Office.context.document.settings;
    const theirs = excel.coauthor().settings;
    mine.set("job.j1", { status: "running" });
    theirs.set("job.j2", { status: "running" });
    await save(mine);
    await save(theirs);
    expect(excel.documentSettings()).toEqual({
      "job.j1": { status: "running" },
      "job.j2": { status: "running" },
    });
  });

  it("two authors writing the same key overwrite each other's whole value: the last save wins", async () => {
    const excel = workbook();
    const mine = excel.globals.Office.context.document.settings;
    const theirs = excel.coauthor().settings;
    mine.set(HISTORY, [{ jobId: "mine" }]);
    theirs.set(HISTORY, [{ jobId: "theirs" }]);
    await save(mine);
    await save(theirs);
    expect(excel.documentSettings()).toEqual({ [HISTORY]: [{ jobId: "theirs" }] });
  });

  it("an author saving without refreshAsync writes back its stale copy; after refreshAsync it keeps the other's entry", async () => {
    const excel = workbook();
    const mine = excel.globals.Office.context.document.settings;
    const theirs = excel.coauthor().settings;
    theirs.set(HISTORY, [{ jobId: "theirs" }]);
    await save(theirs);
    expect(mine.get(HISTORY)).toBeNull();
    mine.set(HISTORY, [{ jobId: "mine" }]);
    await save(mine);
    expect(excel.documentSettings()).toEqual({ [HISTORY]: [{ jobId: "mine" }] });

    theirs.set(HISTORY, [{ jobId: "theirs" }]);
    await save(theirs);
    await refresh(mine);
    mine.set(HISTORY, [...(mine.get(HISTORY) as unknown[]), { jobId: "mine" }]);
    await save(mine);
    expect(excel.documentSettings()).toEqual({ [HISTORY]: [{ jobId: "theirs" }, { jobId: "mine" }] });
  });

  it("a removal is saved as a removal; keys the author never held are left alone", async () => {
    const excel = createEmulatedExcel({ documentSettings: { a: 1, b: 2 } });
    const mine = excel.globals.Office.context.document.settings;
    const theirs = excel.coauthor().settings;
    theirs.set("c", 3);
    await save(theirs);
    mine.remove("a");
    await save(mine);
    expect(excel.documentSettings()).toEqual({ b: 2, c: 3 });
  });

  it("settingsChanged reaches the other author in Excel on the web only (Office.Settings.addHandlerAsync)", async () => {
    for (const host of ["web", "desktop"] as const) {
      const excel = createEmulatedExcel({ host });
      const mine = excel.globals.Office.context.document.settings;
      const theirs = excel.coauthor().settings;
      const heard: string[] = [];
      mine.addHandlerAsync(excel.globals.Office.EventType.SettingsChanged, () => heard.push("mine"));
      theirs.addHandlerAsync(excel.globals.Office.EventType.SettingsChanged, () => heard.push("theirs"));
      theirs.set("k", 1);
      await save(theirs);
      await Promise.resolve();
      expect([host, heard]).toEqual([host, host === "web" ? ["mine"] : []]);
    }
  });
});
