// The Guid and Result columns are never written into merged cells or into a table the user did
// not choose (issue 24, item 2): Excel keeps only the first value of merged cells, and a value
// written into a table, or right next to it (AutoCorrect's table expansion), changes that table.
// What blocks the import is named with its cell and the fix, before anything is written or sent.
import { createEmulatedExcel, type OfficeEmulation } from "../../../dev/office-emulation";
import { t } from "../../../src/i18n";
import "../../../src/i18n/deferred";
import { sender } from "../fakePlatform";

/** A catalog without Guids: the import assigns them and writes them back into column A. */
const NO_GUIDS = [
  ["Guid", "Code", "Name", "Price", "Unit"],
  ["", "1", "Concrete works", null, ""],
  ["", "1.1", "Concrete B25", 7450, "m3"],
];

function workbook(): OfficeEmulation {
  return createEmulatedExcel({ sheets: { Catalog: NO_GUIDS } });
}

async function merge(excel: OfficeEmulation, address: string): Promise<void> {
  await excel.run(async (context) => {
    context.workbook.worksheets.getItem("Catalog").getRange(address).merge(false);
    await context.sync();
  });
}

async function addTable(excel: OfficeEmulation, address: string): Promise<string> {
  return excel.run(async (context) => {
    const table = context.workbook.worksheets.getItem("Catalog").tables.add(address, true);
    table.load("name");
    await context.sync();
    return table.name;
  });
}

async function importWith(excel: OfficeEmulation, resultColumn: boolean) {
  const h = sender({ startImport: () => Promise.resolve({ jobId: "job-1" }) }, {}, excel);
  h.pipeline.setChoices({ resultColumn });
  await h.importIt();
  return h;
}

it("names merged cells in the Guid column and sends nothing", async () => {
  const excel = workbook();
  await merge(excel, "A2:A3");
  const h = await importWith(excel, false);
  const state = h.pipeline.getState();
  expect(state.phase).toBe("failed");
  expect(state.error).toEqual({
    key: "import.blockedGuidsMerged",
    values: { cell: "Catalog!A2", merged: "A2:A3" },
  });
  expect(t(state.error!.key, state.error!.values)).toBe(
    "Nothing was sent: the new Guids go into the Guid column, and cell Catalog!A2 is part of the merged cells A2:A3, where Excel keeps only the first cell’s value. Unmerge them (Home > Merge & Center > Unmerge Cells), then import again.",
  );
  expect(h.posts).toEqual([]);
  expect(excel.values("Catalog", "A2:A3")).toEqual([[""], [""]]);
});

it("names merged cells where the Result column would go, even one starting left of it", async () => {
  const excel = workbook();
  // E3:F3: its top-left cell is in the range, left of the Result column (office-js issue 3611: a
  // search of column F alone would miss it).
  await merge(excel, "E3:F3");
  const h = await importWith(excel, true);
  expect(h.pipeline.getState().error).toEqual({
    key: "import.blockedResultMerged",
    values: { cell: "Catalog!F3", merged: "E3:F3" },
  });
  expect(h.posts).toEqual([]);
  // Nothing was written either: the Guids stay empty.
  expect(excel.values("Catalog", "A2:A3")).toEqual([[""], [""]]);
});

it("names a table the user did not choose in the Result column's place", async () => {
  const excel = workbook();
  const table = await addTable(excel, "F1:G3");
  const h = await importWith(excel, true);
  expect(h.pipeline.getState().error).toEqual({
    key: "import.blockedResultTable",
    values: { cell: "Catalog!F1", table },
  });
  expect(h.posts).toEqual([]);
});

it("names a table just above the Result column, which Excel would grow to take the column in", async () => {
  const excel = createEmulatedExcel({ sheets: { Catalog: [[], ...NO_GUIDS] } });
  excel.setCells("Catalog", "F1", [["Note"]]);
  // A one-row table in F1 (header only): the Result column starts right below it, in F2.
  const table = await addTable(excel, "F1:F1");
  const h = sender({ startImport: () => Promise.resolve({ jobId: "job-1" }) }, {}, excel);
  h.pipeline.setChoices({
    catalogName: "Prices",
    companyId: "c1",
    companyName: "Northwind",
    resultColumn: true,
  });
  await h.pipeline.readRange({ sheet: "Catalog", address: "A2:E4" });
  await h.pipeline.preview();
  await h.pipeline.start();
  expect(h.pipeline.getState().error).toEqual({
    key: "import.blockedResultTable",
    values: { cell: "Catalog!F2", table },
  });
  expect(h.posts).toEqual([]);
});

it("writes beside the user's own table, and past a table further right", async () => {
  const excel = workbook();
  await addTable(excel, "A1:E3");
  await addTable(excel, "H1:I3");
  const h = await importWith(excel, true);
  const state = h.pipeline.getState();
  expect(state.error).toBeNull();
  expect(state.phase).toBe("done");
  expect(h.posts).toHaveLength(1);
  expect(excel.values("Catalog", "F1")).toEqual([["Import result"]]);
  expect(excel.values("Catalog", "A2")[0]![0]).toMatch(/^[0-9a-f-]{36}$/);
});
