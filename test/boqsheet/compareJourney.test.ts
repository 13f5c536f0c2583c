// What Compare with… previews of a difference before anything is inserted (comparisonPreview over
// src/boq/compare.ts): the totals, the change and its per cent, the rows by kind, the units that
// changed, and the sections an estimator reads first (the largest changes, a few of them).
import type { BoqRow } from "../../src/api/schemas";
import { compareBoqs } from "../../src/boq/compare";
import { comparisonPreview, PREVIEW_SECTIONS } from "../../src/boqsheet/compareJourney";
import { row } from "../boq/rows";

/** A top-level section `code` with one item costing `total` (PlatformIds all-zero: matched by code). */
function section(code: string, total: number, unit = "m3"): BoqRow[] {
  return [
    row(`s${code}`, null, { Code: code }),
    row(`i${code}`, `s${code}`, {
      Code: `${code}.1`,
      Unit: unit,
      Value: 1,
      ValueCost: total,
      TotalCost: total,
    }),
  ];
}

describe("the difference Compare with… previews", () => {
  it("gives both totals, the change, its per cent and the rows by kind", () => {
    const a = [...section("1", 100), ...section("2", 200), ...section("3", 50)];
    const b = [...section("1", 150), ...section("2", 200, "m2"), ...section("4", 30)];
    const preview = comparisonPreview(compareBoqs(a, b), "RUB");
    expect(preview).toMatchObject({ totalA: 350, totalB: 380, deltaTotal: 30, currency: "RUB" });
    expect(preview.deltaRatio).toBeCloseTo(30 / 350, 12);
    // Section 1 and its item changed; 2's item changed unit (the section's cost did not);
    // 3 and its item removed, 4 and its item added.
    expect(preview.counts).toEqual({ added: 2, removed: 2, changed: 3, moved: 0, unchanged: 1 });
    expect(preview.unitChanged).toBe(1);
    // Unchanged section 2 stays: the changed item under it needs its heading.
    expect(preview.rows).toBe(8);
  });

  it("names the sections that changed, the largest change first, and counts the rest", () => {
    const deltas = [5, -40, 0, 12, 300, -7, 1];
    const a = deltas.flatMap((_, k) => section(String(k + 1), 1000));
    const b = deltas.flatMap((d, k) => section(String(k + 1), 1000 + d));
    const preview = comparisonPreview(compareBoqs(a, b), undefined);
    expect(preview.sections.map((s) => [s.code, s.deltaTotal])).toEqual([
      ["5", 300],
      ["2", -40],
      ["4", 12],
      ["6", -7],
      ["1", 5],
    ]);
    expect(preview.sections).toHaveLength(PREVIEW_SECTIONS);
    // Seven sections, one unchanged, five shown: one more changed.
    expect(preview.moreSections).toBe(1);
  });

  it("has no per cent when version A costs nothing, and no sections when nothing changed", () => {
    const added = comparisonPreview(compareBoqs([], section("1", 80)), undefined);
    expect(added).toMatchObject({ totalA: 0, totalB: 80, deltaTotal: 80, deltaRatio: null });
    const same = comparisonPreview(compareBoqs(section("1", 80), section("1", 80)), undefined);
    expect(same).toMatchObject({ deltaTotal: 0, deltaRatio: 0, sections: [], moreSections: 0, rows: 0 });
    expect(same.counts.unchanged).toBe(2);
  });
});
