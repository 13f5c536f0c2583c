// Refresh this BOQ sheet, end to end against the Office emulation (the platform faked): rows stay
// where they are and are inserted or deleted only where the BOQ gained or lost positions, so a
// formula on another sheet that points at a row keeps pointing at it (the emulation adjusts
// references as Excel does, #REF! where cells are deleted); the estimator's columns stay on their
// rows; what changed is listed and filled; typed-over platform cells and an earlier layout are
// replaced only after the user agrees.
import type { OfficeEmulation } from "../../dev/office-emulation";
import {
  insertBoqSheet,
  NotABoqSheetError,
  refreshActiveBoqSheet,
  type BoqSheetDeps,
  type SheetRefreshStep,
} from "../../src/boqsheet";
import { errorText } from "../../src/i18n";
import type { MemoryDocumentSettings } from "../../src/workbook/documentSettings";
import { estimate, row } from "../boq/rows";
import { fakeData, journey, newPlatform, type FakePlatform, CHOICE, SHEET } from "./fakes";

const REF = `'${SHEET}'`;

let excel: OfficeEmulation;
let platform: FakePlatform;
let settings: MemoryDocumentSettings;
let deps: BoqSheetDeps;

beforeEach(() => {
  platform = newPlatform(estimate());
  ({ excel, deps, settings } = journey(fakeData(platform).data));
});

function sheetNamed(name: string) {
  const sheet = excel.model.getSheetByName(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  return sheet;
}

function done(step: SheetRefreshStep) {
  if (step.kind !== "done") throw new Error(`the refresh asked first (${step.kind})`);
  return step.result;
}

const column = (address: string): unknown[] => excel.values(SHEET, address).map((r) => r[0]);

// Rows of the sheet as inserted: 13 S1, 14 A, 15 B, 16 Total S1, 17 S2, 18 C, 19 D, 20 Total C,
// 21 Total S2, 22 Total.
it("keeps rows in place: the estimator's adjustment and an outside formula stay with their row", async () => {
  const written = await insertBoqSheet(deps, CHOICE);
  excel.model.moveSheet(sheetNamed(SHEET), 0);
  // The estimator adjusts D's quantity (1 → 3) and notes why; a formula on Notes points at D's total.
  excel.setCells(SHEET, "F19", [[3]]);
  excel.setCells(SHEET, "L19", [["measured on site"]]);
  excel.setCells("Notes", "A1", [[`=${REF}!I19`], [`=${REF}!C19`]]);
  expect(column("I19:I22")).toEqual([21, 21, 21, 71]);
  expect(excel.values("Notes", "A1:A2")).toEqual([[21], ["Item d"]]);

  // On the platform: A removed, B's quantity 3 → 4, E added under S2.
  platform.rows = estimate()
    .filter((r) => r.Id !== "a")
    .map((r) => (r.Id === "b" ? { ...r, Value: 4, TotalCost: 40 } : r));
  platform.rows.push(row("e", "s2", { Value: 2, ValueCost: 5, TotalCost: 10 }));
  const result = done(await refreshActiveBoqSheet(deps));

  // Asked again (not the kept answer), same sheet, same place.
  expect(platform.queries).toHaveLength(2);
  expect(excel.model.sheets.map((s) => s.name)).toEqual([SHEET, "Sheet1", "Notes"]);
  expect(excel.model.getSheetByName(SHEET)?.id).toBe(written.sheetId);
  // Now: 13 S1, 14 B, 15 Total S1, 16 S2, 17 C, 18 D, 19 Total C, 20 E (new), 21 Total S2, 22 Total.
  expect(excel.values(SHEET, "B13:C22")).toEqual([
    ["S1", "Item s1"],
    ["B", "Item b"],
    ["S1", "Total Item s1"],
    ["S2", "Item s2"],
    ["C", "Item c"],
    ["D", "Item d"],
    ["C", "Total Item c"],
    ["E", "Item e"],
    ["S2", "Total Item s2"],
    ["", "Total"],
  ]);
  // D's adjustment and note moved up with D; the totals use it: B 4×10, D 3×7, E 2×5.
  expect(excel.values(SHEET, "E18:L18")).toEqual([[1, 3, 7, "", 21, 7, "≠", "measured on site"]]);
  expect(column("I13:I22")).toEqual(["", 40, 40, "", "", 21, 21, 10, 31, 71]);
  // The outside formula follows D's row, no #REF!.
  expect(excel.cell("Notes", "A1")?.formula).toBe(`=${REF}!I18`);
  expect(excel.values("Notes", "A1:A2")).toEqual([[21], ["Item d"]]);
  // What changed, row by row, old → new; the cells that changed are filled.
  expect(result).toEqual({
    sheetName: SHEET,
    changed: [
      {
        sheetRow: 13,
        code: "B",
        name: "Item b",
        changes: [
          { column: "quantity", before: 3, after: 4 },
          { column: "platformTotal", before: 30, after: 40 },
        ],
      },
    ],
    added: [{ sheetRow: 19, code: "E", name: "Item e" }],
    removed: [{ code: "A", name: "Item a" }],
    moved: [],
    rebuilt: false,
  });
  expect(excel.cell(SHEET, "E14")?.fill).toBe("#FFEB9C");
  expect(excel.cell(SHEET, "J14")?.fill).toBe("#FFEB9C");
  expect(excel.cell(SHEET, "G14")?.fill).toBeUndefined();
  // The outline where the rows now stand.
  const outline = sheetNamed(SHEET).rowOutline;
  expect([12, 13, 14, 15, 16, 17, 18, 19, 20, 21].map((r) => outline.get(r) ?? 0)).toEqual([
    1, 1, 0, 1, 2, 2, 1, 1, 0, 0,
  ]);
});

it("refreshing again without a change on the platform changes no row and clears the fills", async () => {
  await insertBoqSheet(deps, CHOICE);
  platform.rows = estimate().map((r) => (r.Id === "b" ? { ...r, Value: 4, TotalCost: 40 } : r));
  done(await refreshActiveBoqSheet(deps));
  expect(excel.cell(SHEET, "E15")?.fill).toBe("#FFEB9C");
  const again = done(await refreshActiveBoqSheet(deps));
  expect([again.changed, again.added, again.removed]).toEqual([[], [], []]);
  expect(excel.cell(SHEET, "E15")?.fill).toBeUndefined();
});

it("asks before replacing what the estimator typed into a platform column, and writes nothing until then", async () => {
  await insertBoqSheet(deps, CHOICE);
  excel.setCells(SHEET, "E15", [[9]]); // B's platform quantity, typed over
  const step = await refreshActiveBoqSheet(deps);
  if (step.kind !== "confirm") throw new Error(`expected a question, got ${step.kind}`);
  expect(step.typedOver).toEqual([
    { sheetRow: 14, column: "quantity", code: "B", typed: 9, platform: 3, formula: false },
  ]);
  expect(excel.values(SHEET, "E15")).toEqual([[9]]);
  const result = await step.proceed();
  expect(result.changed).toEqual([]);
  expect(excel.values(SHEET, "E15:I15")).toEqual([[3, "", 10, "", 30]]);
});

it("makes a sheet of the earlier layout again, once, after asking", async () => {
  const written = await insertBoqSheet(deps, CHOICE);
  // What the earlier version kept: the same source without a layout.
  const sources = settings.get("boqBridge.boqSheets") as Record<string, Record<string, unknown>>;
  const { layout: _layout, ...earlier } = sources[written.sheetId] ?? {};
  settings.set("boqBridge.boqSheets", { [written.sheetId]: earlier });
  excel.setCells(SHEET, "A1", [["old layout"]]);
  const step = await refreshActiveBoqSheet(deps);
  if (step.kind !== "rebuild") throw new Error(`expected the rebuild question, got ${step.kind}`);
  expect(excel.values(SHEET, "A1")).toEqual([["old layout"]]);
  const result = await step.proceed();
  expect(result.rebuilt).toBe(true);
  expect(excel.values(SHEET, "A1")).toEqual([["Bill of quantities"]]);
  expect(column("I13:I22")).toEqual(["", 20, 30, 50, "", "", 7, 7, 7, 57]);
  expect(
    (settings.get("boqBridge.boqSheets") as Record<string, { layout?: number }>)[written.sheetId]?.layout,
  ).toBe(2);
  // Once: the next refresh does it in place.
  expect((await refreshActiveBoqSheet(deps)).kind).toBe("done");
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
  expect(errorText(error)).toBe(
    "“Notes” was not made by Insert BOQ sheet in this workbook. Open a BOQ sheet, then refresh it.",
  );
  expect(platform.calls.length).toBe(count);
  expect(excel.values("Notes", "A1")).toEqual([["my notes"]]);
});

it("writes nothing when the platform refuses the refresh", async () => {
  await insertBoqSheet(deps, CHOICE);
  const before = excel.values(SHEET, "A1:N22");
  platform.refuse = new Error("The platform is down for maintenance.");
  await expect(refreshActiveBoqSheet(deps)).rejects.toThrow("The platform is down for maintenance.");
  expect(excel.values(SHEET, "A1:N22")).toEqual(before);
});
