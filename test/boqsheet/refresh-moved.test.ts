// Refresh this BOQ sheet when a position moved (issue 42, item 3): the estimator's formula on the
// moved row, relative to its own row, and a formula on another sheet that points at the row are
// both right after the refresh. With Range.moveTo (ExcelApi 1.11, the emulation's default) the row
// is moved and both follow; on an Excel of ExcelApi 1.10 its cells are copied in R1C1 notation:
// the relative formula is right, and the formula elsewhere shows #REF! (without moveTo nothing can
// make it follow), which the README says.
import { installOfficeEmulation, type InstalledOfficeEmulation } from "../../dev/office-emulation";
import { DEFAULT_REQUIREMENTS } from "../../dev/office-emulation/office";
import { insertBoqSheet, refreshActiveBoqSheet, type SheetRefreshStep } from "../../src/boqsheet";
import { MemoryDocumentSettings } from "../../src/workbook/documentSettings";
import { estimate } from "../boq/rows";
import { fakeData, newPlatform, CHOICE, SHEET } from "./fakes";

const REF = `'${SHEET}'`;

let installed: InstalledOfficeEmulation | undefined;
afterEach(() => installed?.uninstall());

function done(step: SheetRefreshStep) {
  if (step.kind !== "done") throw new Error(`the refresh asked first (${step.kind})`);
  return step.result;
}

/** A moves from S1 to C (before D, as the platform sends it); F14 (A's adjusted quantity) is =E14*1.5; Notes!A1 points at it. */
async function refreshWithMovedRow(excelApi?: string) {
  const platform = newPlatform(estimate());
  const { data } = fakeData(platform);
  installed = installOfficeEmulation(globalThis, {
    sheets: { Sheet1: [], Notes: [] },
    ...(excelApi ? { requirements: { ...DEFAULT_REQUIREMENTS, ExcelApi: excelApi } } : {}),
  });
  const excel = installed;
  const deps = {
    excel: <T>(batch: (context: Excel.RequestContext) => Promise<T>) => excel.run(batch),
    data,
    settings: new MemoryDocumentSettings(),
    now: () => Date.UTC(2026, 10, 28, 7, 40),
  };
  await insertBoqSheet(deps, CHOICE);
  // Rows as inserted: 13 S1, 14 A, 15 B, 16 Total S1, 17 S2, 18 C, 19 D, 20 Total C, 21 Total S2.
  expect(excel.values(SHEET, "B14")).toEqual([["A"]]);
  excel.setCells(SHEET, "F14", [["=E14*1.5"]]);
  excel.setCells("Notes", "A1", [[`=${REF}!F14`]]);
  expect(excel.values("Notes", "A1")).toEqual([[3]]);

  platform.rows = estimate().map((r) => (r.Id === "a" ? { ...r, ParentId: "c" } : r));
  const result = done(await refreshActiveBoqSheet(deps));
  return { excel, result };
}

it("with Range.moveTo, the moved row's relative formula and a formula elsewhere both follow it", async () => {
  const { excel, result } = await refreshWithMovedRow();
  // Now: 13 S1, 14 B, 15 Total S1, 16 S2, 17 C, 18 A, 19 D, 20 Total C, 21 Total S2.
  expect(excel.values(SHEET, "B13:B21").map((r) => r[0])).toEqual([
    "S1",
    "B",
    "S1",
    "S2",
    "C",
    "A",
    "D",
    "C",
    "S2",
  ]);
  expect(excel.cell(SHEET, "F18")?.formula).toBe("=E18*1.5");
  expect(excel.values(SHEET, "F18")).toEqual([[3]]);
  expect(excel.cell("Notes", "A1")?.formula).toBe(`=${REF}!F18`);
  expect(excel.values("Notes", "A1")).toEqual([[3]]);
  expect(result.added).toEqual([]);
  expect(result.removed).toEqual([]);
});

it("on an Excel of ExcelApi 1.10, the moved row's relative formula is copied in R1C1 and points at its new row", async () => {
  const { excel } = await refreshWithMovedRow("1.10");
  expect(excel.values(SHEET, "B18")).toEqual([["A"]]);
  expect(excel.cell(SHEET, "F18")?.formula).toBe("=E18*1.5");
  expect(excel.values(SHEET, "F18")).toEqual([[3]]);
  // Excel without moveTo cannot make it follow: the row it pointed at was deleted.
  expect(excel.values("Notes", "A1")).toEqual([["#REF!"]]);
});
