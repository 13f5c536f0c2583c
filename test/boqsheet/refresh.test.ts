// Refresh this BOQ sheet, end to end against the Office emulation (the platform faked): the BOQ
// pulled again lands in the same sheet (same id, name and position), with the outline, formulas
// and totals of a fresh one, and the pane is told how many rows were added, removed and changed.
import type { OfficeEmulation } from "../../dev/office-emulation";
import {
  insertBoqSheet,
  NotABoqSheetError,
  refreshActiveBoqSheet,
  type BoqSheetChoice,
  type BoqSheetDeps,
} from "../../src/boqsheet";
import { failureText } from "../../src/boqdata";
import { estimate, row } from "../boq/rows";
import { fakeData, journey, newPlatform, type FakePlatform } from "./fakes";

const CHOICE: BoqSheetChoice = {
  company: "Northwind",
  project: "Tower",
  model: "Frame",
  scheme: "Main",
  version: "3.10",
  analysis: "Version 3.10",
};

let excel: OfficeEmulation;
let platform: FakePlatform;
let deps: BoqSheetDeps;

beforeEach(() => {
  platform = newPlatform(estimate());
  ({ excel, deps } = journey(fakeData(platform).data));
});

function sheetNamed(name: string) {
  const sheet = excel.model.getSheetByName(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  return sheet;
}

it("pulls the BOQ again into the same sheet and says what changed", async () => {
  const written = await insertBoqSheet(deps, CHOICE);
  const name = written.sheetName;
  // The estimator moves the sheet and edits a quantity (d: 1 → 3).
  excel.model.moveSheet(sheetNamed(name), 0);
  excel.setCells(name, "E16", [[3]]);
  expect(excel.values(name, "G17")).toEqual([[71]]);

  // On the platform, b's quantity changed, a was removed and e was added under s2.
  platform.rows = estimate()
    .filter((r) => r.Id !== "a")
    .map((r) => (r.Id === "b" ? { ...r, Value: 4, TotalCost: 40 } : r));
  platform.rows.push(row("e", "s2", { Value: 2, ValueCost: 5, TotalCost: 10 }));

  // The BOQ is kept from the insert; a refresh asks the platform again all the same.
  const refreshed = await refreshActiveBoqSheet(deps);
  expect(platform.queries).toHaveLength(2);
  expect(platform.queries.at(-1)).toMatchObject({
    company: "Northwind",
    model: "Frame",
    scheme: "Main",
    version: "3.10",
    parents: true,
  });
  // a removed; e added; b changed, s1's platform total unchanged (50 in the fake); d back to 1 (the
  // estimator's edit is replaced by the platform's quantity): changed too.
  expect(refreshed).toEqual({ sheetName: name, change: { added: 1, removed: 1, changed: 2 } });

  // Same sheet, same place, no second BOQ sheet.
  expect(excel.model.sheets.map((s) => s.name)).toEqual([name, "Sheet1", "Notes"]);
  expect(excel.model.getSheetByName(name)?.id).toBe(written.sheetId);
  // Rows in tree order: s1 > b, s2 > (c > d, e); totals live again.
  expect(excel.values(name, "B11:B16").map((r) => r[0])).toEqual(["S1", "B", "S2", "C", "D", "E"]);
  expect(excel.values(name, "E12:G12")).toEqual([[4, 10, 40]]);
  expect(excel.values(name, "E15")).toEqual([[1]]);
  expect(excel.cell(name, "G16")?.formula).toBe("=E16*F16");
  expect(excel.values(name, "G11:G17").map((r) => r[0])).toEqual([40, 40, 17, 7, 7, 10, 57]);
  expect(excel.values(name, "A17:C17")).toEqual([["", "", "Total"]]);
  expect(
    excel
      .values(name, "A18:I30")
      .flat()
      .every((v) => v === ""),
  ).toBe(true);
  // The outline is the new tree's, not stacked on the old one.
  const outline = excel.model.getSheetByName(name)?.rowOutline;
  expect([10, 11, 12, 13, 14, 15, 16].map((r) => outline?.get(r) ?? 0)).toEqual([0, 1, 0, 1, 2, 1, 0]);
  expect(excel.values(name, "A1")).toEqual([["Bill of quantities"]]);
});

it("refreshing again without a change on the platform changes no row", async () => {
  await insertBoqSheet(deps, CHOICE);
  const refreshed = await refreshActiveBoqSheet(deps);
  expect(refreshed.change).toEqual({ added: 0, removed: 0, changed: 0 });
});

it("refuses a sheet Insert BOQ sheet did not make, and writes nothing", async () => {
  await insertBoqSheet(deps, CHOICE);
  excel.setCells("Notes", "A1", [["my notes"]]);
  excel.model.activate(sheetNamed("Notes"));
  const count = platform.calls.length;
  const error: unknown = await refreshActiveBoqSheet(deps).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(NotABoqSheetError);
  expect(failureText(error)).toBe(
    "“Notes” was not made by Insert BOQ sheet in this workbook. Open a BOQ sheet, then refresh it.",
  );
  expect(platform.calls.length).toBe(count);
  expect(excel.values("Notes", "A1")).toEqual([["my notes"]]);
});

it("writes nothing when the platform refuses the refresh", async () => {
  const written = await insertBoqSheet(deps, CHOICE);
  const before = excel.values(written.sheetName, "A1:I17");
  platform.refuse = new Error("The platform is down for maintenance.");
  await expect(refreshActiveBoqSheet(deps)).rejects.toThrow("The platform is down for maintenance.");
  expect(excel.values(written.sheetName, "A1:I17")).toEqual(before);
});
