import { sheetLabels } from "../../src/boqsheet/labels";
import { buildSheetPlan, SHEET_COLUMNS } from "../../src/boq/sheetPlan";
import {
  diffSheetRows,
  readBoqSheetSources,
  type SheetRowSnapshot,
  snapshotFromCells,
  snapshotFromPlan,
} from "../../src/boq/sheetRefresh";
import { estimate, row } from "./rows";

const INFO = {
  company: "Northwind",
  project: "Tower",
  model: "Frame",
  version: "3.1",
  analysis: "3.1",
  scheme: "Main",
  pulledAt: "now",
};

function r(level: number, code: string, fields: Partial<SheetRowSnapshot> = {}): SheetRowSnapshot {
  return {
    level,
    code,
    name: `Item ${code}`,
    unit: "m3",
    quantity: 1,
    unitCost: 2,
    platformTotal: 2,
    ...fields,
  };
}

describe("what a refresh of a BOQ sheet changed", () => {
  it("counts rows added, removed and changed, matched by their code path", () => {
    const before = [
      r(1, "1", { quantity: "" }),
      r(2, "1.1"),
      r(2, "1.2"),
      r(1, "2", { quantity: "" }),
      r(2, "2.1"),
    ];
    const after = [
      r(1, "1", { quantity: "" }),
      r(2, "1.1", { quantity: 5 }), // changed
      r(2, "1.3"), // added (1.2 removed)
      r(1, "2", { quantity: "" }),
      r(2, "2.1", { name: "Renamed" }), // changed
      r(2, "2.2"), // added
    ];
    expect(diffSheetRows(before, after)).toEqual({ added: 2, removed: 1, changed: 2 });
    expect(diffSheetRows(after, after)).toEqual({ added: 0, removed: 0, changed: 0 });
  });

  it("tells the same code in two sections apart, and a row moved to another parent is removed and added", () => {
    const before = [r(1, "A"), r(2, "X"), r(1, "B"), r(2, "X", { quantity: 9 })];
    expect(diffSheetRows(before, before)).toEqual({ added: 0, removed: 0, changed: 0 });
    const moved = [r(1, "A"), r(1, "B"), r(2, "X", { quantity: 9 }), r(2, "X")];
    expect(diffSheetRows(before, moved)).toEqual({ added: 1, removed: 1, changed: 0 });
  });

  it("reads the sheet's data rows up to the grand total row, and the plan's rows the same way", () => {
    const plan = buildSheetPlan(estimate(), INFO, sheetLabels());
    // What Range.values gives for A:H of the written sheet: formulas read as their results.
    const cells = plan.rows.map((p) => p.values.slice(0, 8).map((v) => (typeof v === "object" ? 0 : v)));
    cells.push(["", "", "Total", "", "", "", 57, 57]);
    expect(snapshotFromCells(cells)).toEqual(snapshotFromPlan(plan));
    expect(snapshotFromPlan(plan)[1]).toEqual({
      level: 2,
      code: "A",
      name: "Item a",
      unit: "m3",
      quantity: 2,
      unitCost: 10,
      platformTotal: 20,
    });
    expect(SHEET_COLUMNS.platformTotal).toBe("H");
  });

  it("a refreshed plan with a changed quantity and a new row differs by exactly those rows", () => {
    const before = snapshotFromPlan(buildSheetPlan(estimate(), INFO, sheetLabels()));
    const rows = estimate().map((x) => (x.Id === "b" ? { ...x, Value: 4, TotalCost: 40 } : x));
    rows.push(row("e", "s2", { Value: 1, ValueCost: 1, TotalCost: 1 }));
    const after = snapshotFromPlan(buildSheetPlan(rows, INFO, sheetLabels()));
    expect(diffSheetRows(before, after)).toEqual({ added: 1, removed: 0, changed: 1 });
  });

  it("keeps only the sources that read as one from the document settings", () => {
    const good = { company: "c", project: "p", model: "m", scheme: "s", version: "1.2", analysis: "a" };
    expect(readBoqSheetSources({ "{1}": good, "{2}": { company: 3 }, "{3}": "x" })).toEqual({ "{1}": good });
    expect(readBoqSheetSources(null)).toEqual({});
    expect(readBoqSheetSources(["x"])).toEqual({});
  });
});
