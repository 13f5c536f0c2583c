// The workbench's window.__workbench for browser tests (dev/workbench/test-api.ts): the controls
// this issue adds for Excel's sharp edges, driven here without a browser.
import { createEmulatedExcel, type FunctionsMetadata } from "../../dev/office-emulation";
import { createTestApi } from "../../dev/workbench/test-api";

const METADATA: FunctionsMetadata = {
  functions: [
    { id: "BIG", name: "BIG", parameters: [], result: { dimensionality: "matrix" } },
    { id: "COUNTER", name: "COUNTER", parameters: [] },
  ],
};

function workbench() {
  const excel = createEmulatedExcel({
    sheets: {
      Catalog: [
        ["Code", "Price"],
        ["1.1", 1234.5],
      ],
    },
    functionsMetadata: METADATA,
    customFunctionResultLimit: { sliceCharacters: 100 },
  });
  const reopened: string[] = [];
  const api = createTestApi(excel, {
    selectArea: () => undefined,
    setPaneWidth: () => undefined,
    reopenWorkbook: () => reopened.push("reopen"),
    openCopyAs: (url) => reopened.push(`copy at ${url}`),
  });
  return { excel, api, reopened };
}

describe("window.__workbench controls for Excel's sharp edges", () => {
  it("saves the workbook: document settings reach the file only then (Office.Settings.saveAsync)", async () => {
    const { excel, api } = workbench();
    const settings = excel.globals.Office.context.document.settings;
    settings.set("k", 1);
    await new Promise((resolve) => settings.saveAsync(resolve));
    expect([api.documentSettings(), api.fileSettings()]).toEqual([{ k: 1 }, {}]);
    api.saveWorkbook();
    expect(api.fileSettings()).toEqual({ k: 1 });
  });

  it("a second author saves, removes and refreshes settings (a model of co-authoring)", async () => {
    const { excel, api } = workbench();
    await api.coauthorSaveSetting("job.j2", { status: "running" });
    expect(api.documentSettings()).toEqual({ "job.j2": { status: "running" } });
    const mine = excel.globals.Office.context.document.settings;
    mine.set("job.j1", { status: "done" });
    await new Promise((resolve) => mine.saveAsync(resolve));
    expect(api.coauthorSetting("job.j1")).toBeNull();
    await api.coauthorRefresh();
    expect(api.coauthorSetting("job.j1")).toEqual({ status: "done" });
    await api.coauthorRemoveSetting("job.j2");
    expect(api.documentSettings()).toEqual({ "job.j1": { status: "done" } });
  });

  it("lists results too large to be shown (office-js 2222), and calculates as Excel does (office-js 1462)", async () => {
    const { excel, api } = workbench();
    excel.globals.CustomFunctions.associate("BIG", () => Array.from({ length: 30 }, () => ["xxxxxxxx"]));
    let runs = 0;
    excel.globals.CustomFunctions.associate("COUNTER", () => (runs += 1));
    api.setCells("Catalog", "D1", [["=PLATFORM.BIG()", "=PLATFORM.COUNTER()"]]);
    await api.formulasSettled();
    expect(api.undeliveredResults()).toEqual(["Catalog!D1"]);
    expect(api.busyCells()).toEqual(["Catalog!D1"]);
    api.calculate("Recalculate");
    expect(runs).toBe(1);
    api.calculate("Full");
    expect(runs).toBe(2);
    expect(api.host()).toBe("web");
  });

  it("switches the display locale (ru-RU), blocks dialogs, fills the storage as other add-ins", async () => {
    const { excel, api } = workbench();
    api.setDisplayLocale("ru-RU");
    expect(api.getTexts("Catalog", "B2")).toEqual([["1234,5"]]);
    expect(api.getCell("Catalog", "B2").text).toBe("1234,5");
    api.setDialogBlocking("block-popups");
    const result = await new Promise<Office.AsyncResult<Office.Dialog>>((resolve) =>
      excel.globals.Office.context.ui.displayDialogAsync("https://localhost:3000/x.html", {}, resolve),
    );
    expect(result.error.code).toBe(12011);
    api.fillStorageAsOtherAddIns(10 * 1024 * 1024);
    await expect(excel.globals.OfficeRuntime.storage.setItem("k", "v")).rejects.toMatchObject({
      name: "QuotaExceededError",
    });
    expect(api.storageUsedBytes()).toBe(10 * 1024 * 1024);
    expect(api.storageKeys()).toEqual([]);
  });

  it("merges cells and adds tables as a user would, and lists them", () => {
    const { api } = workbench();
    api.mergeCells("Catalog", "D5:E5");
    expect(api.mergedAreas("Catalog")).toEqual(["D5:E5"]);
    api.unmergeCells("Catalog", "D5");
    expect(api.mergedAreas("Catalog")).toEqual([]);
    expect(api.addTable("Catalog", "G1:H3", true)).toBe("Table1");
    expect(api.tables()).toEqual([{ name: "Table1", sheet: "Catalog", address: "G1:H3" }]);
  });

  it("reopenWorkbook asks the page to reload; openCopyAs, to reload as a copy at another address", () => {
    const { excel, api, reopened } = workbench();
    expect(api.documentUrl()).toBe("https://localhost/Book1.xlsx");
    const copy = excel.reopen({ documentUrl: "https://localhost/Book1 copy.xlsx" });
    expect(copy.globals.Office.context.document.url).toBe("https://localhost/Book1 copy.xlsx");
    api.reopenWorkbook();
    api.openCopyAs("https://localhost/Book1 copy.xlsx");
    expect(reopened).toEqual(["reopen", "copy at https://localhost/Book1 copy.xlsx"]);
  });
});
