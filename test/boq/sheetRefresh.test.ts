// The refresh plan of a BOQ sheet (pure): rows matched by id, else code; rows inserted or deleted
// only where the BOQ gained or lost positions; the estimator's rows and entries kept; what changed
// (old → new); the platform cells the estimator typed over, found before anything is written.
import type { BoqRow } from "../../src/api/schemas";
import { sheetLabels } from "../../src/boqsheet/labels";
import { columnIndex, type SheetColumn } from "../../src/boq/sheetLayout";
import { buildSheetPlan, planCells, type SheetPlan } from "../../src/boq/sheetPlan";
import {
  needsConsent,
  planRefresh,
  readBoqSheetSources,
  type SheetRowRead,
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
  currency: "RUB",
};
const plan = (rows: BoqRow[]): SheetPlan => buildSheetPlan(rows, INFO, sheetLabels());
const FIRST = 12; // 0-based row under the column headers

/** The rows as Range.values / Range.formulas read them back from a sheet the plan was written to. */
function written(p: SheetPlan): SheetRowRead[] {
  return planCells(p).map((cells) => ({
    values: cells.map((c) => (c === null ? "" : typeof c === "object" ? 0 : c)),
    formulas: cells.map((c) => (c === null ? "" : typeof c === "object" ? c.formula : c)),
  }));
}

/** The estimator types into a cell of a read row. */
function typeInto(rows: SheetRowRead[], i: number, column: SheetColumn, value: string | number): void {
  const r = rows[i];
  if (!r) throw new Error(`no row ${i}`);
  const values = [...r.values];
  const formulas = [...r.formulas];
  values[columnIndex(column)] = value;
  formulas[columnIndex(column)] = value;
  rows[i] = { values, formulas };
}

const userRow = (): SheetRowRead => ({
  values: ["", "", "Scaffolding (mine)", "", "", "", "", "", 300, "", "", "", "", ""],
  formulas: ["", "", "Scaffolding (mine)", "", "", "", "", "", 300, "", "", "", "", ""],
});

// estimate(): S1 > (A, B), S2 > C > D. Rows of the sheet (0-based index under the headers):
// 0 S1, 1 A, 2 B, 3 Total S1, 4 S2, 5 C, 6 D, 7 Total C, 8 Total S2, 9 Total.
describe("the refresh plan of a BOQ sheet", () => {
  it("changes nothing when the BOQ has not changed", () => {
    const refresh = planRefresh(written(plan(estimate())), plan(estimate()), FIRST);
    expect(refresh.deletes).toEqual([]);
    expect(refresh.final.every((f) => f.old === f.plan)).toBe(true);
    expect(refresh.final).toHaveLength(10);
    expect([refresh.changed, refresh.added, refresh.removed, refresh.highlights, refresh.typedOver]).toEqual([
      [],
      [],
      [],
      [],
      [],
    ]);
    expect(needsConsent(refresh)).toBe(false);
  });

  it("rewrites a changed position on its row and says what changed, old → new", () => {
    const after = estimate().map((x) => (x.Id === "b" ? { ...x, Value: 4, TotalCost: 40 } : x));
    const refresh = planRefresh(written(plan(estimate())), plan(after), FIRST);
    expect(refresh.deletes).toEqual([]);
    expect(refresh.sheetRows).toEqual([12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
    expect(refresh.changed).toEqual([
      {
        sheetRow: 14,
        code: "B",
        name: "Item b",
        changes: [
          { column: "quantity", before: 3, after: 4 },
          { column: "platformTotal", before: 30, after: 40 },
        ],
      },
    ]);
    expect(refresh.highlights).toEqual([
      { sheetRow: 14, column: "quantity" },
      { sheetRow: 14, column: "platformTotal" },
    ]);
  });

  it("deletes only the rows of lost positions and inserts only the gained ones; the others stay", () => {
    // A leaves S1; E joins S2 after C's section.
    const after = estimate().filter((x) => x.Id !== "a");
    after.push(row("e", "s2", { Value: 2, ValueCost: 5, TotalCost: 10 }));
    const refresh = planRefresh(written(plan(estimate())), plan(after), FIRST);
    expect(refresh.deletes).toEqual([1]);
    // New order: S1, B, Total S1, S2, C, D, Total C, E (new), Total S2, Total.
    expect(refresh.final).toEqual([
      { plan: 0, old: 0 },
      { plan: 1, old: 2 },
      { plan: 2, old: 3 },
      { plan: 3, old: 4 },
      { plan: 4, old: 5 },
      { plan: 5, old: 6 },
      { plan: 6, old: 7 },
      { plan: 7, carry: undefined },
      { plan: 8, old: 8 },
      { plan: 9, old: 9 },
    ]);
    expect(refresh.added).toEqual([{ sheetRow: 19, code: "E", name: "Item e" }]);
    expect(refresh.removed).toEqual([{ code: "A", name: "Item a" }]);
  });

  it("matches rows by code when the analysis gave them new ids", () => {
    const after = estimate().map((x) => ({
      ...x,
      Id: `new-${x.Id ?? ""}`,
      ParentId: x.ParentId && x.ParentId.length < 3 ? `new-${x.ParentId}` : x.ParentId,
    }));
    const refresh = planRefresh(written(plan(estimate())), plan(after), FIRST);
    expect(refresh.deletes).toEqual([]);
    expect(refresh.final.map((f) => [f.plan, f.old])).toEqual(Array.from({ length: 10 }, (_, i) => [i, i]));
    expect(refresh.added).toEqual([]);
  });

  it("keeps a row the estimator inserted, with the row above it, and counts it in its section", () => {
    const old = written(plan(estimate()));
    old.splice(2, 0, userRow()); // under A, inside S1
    const after = estimate().filter((x) => x.Id !== "a");
    const refresh = planRefresh(old, plan(after), FIRST);
    // A goes; the estimator's row stays (now right under S1's heading), B after it.
    expect(refresh.deletes).toEqual([1]);
    expect(refresh.final.slice(0, 4)).toEqual([
      { plan: 0, old: 0 },
      { old: 2 },
      { plan: 1, old: 3 },
      { plan: 2, old: 4 },
    ]);
    const cells = planCells(plan(after), refresh.sheetRows);
    // S1's total covers the estimator's row: SUBTOTAL from the heading's next row to the row above.
    expect(cells[2]?.[8]).toEqual({ formula: "=SUBTOTAL(9,I14:I15)" });
    expect(refresh.lost).toEqual([]);
  });

  it("finds platform cells the estimator typed over, and asks before replacing them", () => {
    const old = written(plan(estimate()));
    typeInto(old, 1, "quantity", 5); // A: 2 → typed 5
    typeInto(old, 2, "quantity", 3); // B: typed what was there: nothing to ask
    typeInto(old, 6, "total", 99); // D: a value over the total's formula
    typeInto(old, 1, "adjustedQuantity", 7); // the estimator's own column: never asked about
    const refresh = planRefresh(old, plan(estimate()), FIRST);
    expect(refresh.typedOver).toEqual([
      { sheetRow: 13, column: "quantity", code: "A", typed: 5, platform: 2, formula: false },
      { sheetRow: 18, column: "total", code: "D", typed: 99, platform: "", formula: true },
    ]);
    expect(needsConsent(refresh)).toBe(true);
  });

  it("does not ask about a work type's blank cells when it becomes an item (its children moved away)", () => {
    const old = written(plan(estimate()));
    // D moves from C to S1: C keeps no child, and the platform reports it as an item of its own.
    const after = estimate().map((x) => (x.Id === "d" ? { ...x, ParentId: "s1" } : x));
    const refresh = planRefresh(old, plan(after), FIRST);
    expect(refresh.typedOver).toEqual([]);
    expect(needsConsent(refresh)).toBe(false);
    // A value the estimator did type on the work type's row is still asked about.
    typeInto(old, 5, "total", 12);
    expect(planRefresh(old, plan(after), FIRST).typedOver).toEqual([
      { sheetRow: 17, column: "total", code: "C", typed: 12, platform: "", formula: true },
    ]);
  });

  it("does not ask about a typed value the platform now gives too", () => {
    const old = written(plan(estimate()));
    typeInto(old, 1, "quantity", 4);
    const after = estimate().map((x) => (x.Id === "a" ? { ...x, Value: 4, TotalCost: 40 } : x));
    expect(planRefresh(old, plan(after), FIRST).typedOver).toEqual([]);
  });

  it("names the estimator's entries on a row the BOQ lost", () => {
    const old = written(plan(estimate()));
    typeInto(old, 1, "adjustedQuantity", 3);
    typeInto(old, 1, "note", "check on site");
    const refresh = planRefresh(old, plan(estimate().filter((x) => x.Id !== "a")), FIRST);
    expect(refresh.lost).toEqual([
      {
        sheetRow: 13,
        code: "A",
        name: "Item a",
        entries: [
          { column: "adjustedQuantity", value: 3 },
          { column: "note", value: "check on site" },
        ],
      },
    ]);
    expect(needsConsent(refresh)).toBe(true);
  });

  it("moves a position that moved as one deleted and inserted row that takes its entries along", () => {
    const old = written(plan(estimate()));
    typeInto(old, 1, "adjustedQuantity", 3);
    // A moves from S1 to S2 (after C's section).
    const after = estimate().map((x) => (x.Id === "a" ? { ...x, ParentId: "s2" } : x));
    const moved = after.splice(0, 1);
    after.push(...moved);
    const refresh = planRefresh(old, plan(after), FIRST);
    expect(refresh.deletes).toEqual([1]);
    const inserted = refresh.final.filter((f) => f.old === undefined);
    expect(inserted).toEqual([{ plan: 7, carry: 1 }]);
    expect(refresh.lost).toEqual([]);
    expect(refresh.removed).toEqual([]);
    expect(refresh.added).toEqual([]);
    // Said as moved, from its old row to its new one: not "nothing changed".
    expect(refresh.moved).toEqual([
      {
        sheetRow: refresh.sheetRows[7],
        fromSheetRow: FIRST + 1,
        code: expect.any(String),
        name: expect.any(String),
      },
    ]);
  });
});

it("keeps only the sources that read as one from the document settings, with their layout", () => {
  const good = { company: "c", project: "p", model: "m", scheme: "s", version: "1.2", analysis: "a" };
  expect(
    readBoqSheetSources({ "{1}": good, "{2}": { company: 3 }, "{3}": "x", "{4}": { ...good, layout: 2 } }),
  ).toEqual({
    "{1}": good,
    "{4}": { ...good, layout: 2 },
  });
  expect(readBoqSheetSources(null)).toEqual({});
  expect(readBoqSheetSources(["x"])).toEqual({});
});
