// Two versions of a BOQ compared (src/boq/compare.ts): what an estimator reads in PLATFORM.BOQDIFF's
// rows and the comparison sheet. Each case is a small pair of versions with the expected rows
// worked out by hand.
import type { BoqRow } from "../../src/api/schemas";
import { NIL_UUID } from "../../src/api/schemas";
import { type ComparedRow, compareBoqs } from "../../src/boq/compare";
import { row } from "./rows";

/** A real PlatformId per row id: the same id in both versions is the same position. */
const ids = new Map<string, string>();
const pid = (id: string): string => {
  if (!ids.has(id)) ids.set(id, `00000000-0000-4000-8000-${String(ids.size + 1).padStart(12, "0")}`);
  return ids.get(id) as string;
};

/** A leaf with a quantity, unit cost and the platform's total, carrying a real PlatformId. */
function leaf(
  id: string,
  parent: string | null,
  value: number,
  unitCost: number,
  fields: Partial<BoqRow> = {},
) {
  return row(id, parent, {
    Value: value,
    ValueCost: unitCost,
    TotalCost: value * unitCost,
    PlatformId: pid(id),
    ...fields,
  });
}
function section(id: string, parent: string | null = null, fields: Partial<BoqRow> = {}) {
  return row(id, parent, { PlatformId: pid(id), ...fields });
}

function byCode(rows: readonly ComparedRow[]): Record<string, ComparedRow> {
  return Object.fromEntries(rows.map((r) => [r.code, r]));
}
const shape = (rows: readonly ComparedRow[]) => rows.map((r) => [r.level, r.code, r.change]);

describe("compareBoqs: which rows changed and how", () => {
  // A: s1 > (a 2×10, b 3×10), s2 > (c 1×7)
  // B: s1 > (a 4×10, n 1×5), s2 > (c 1×7, b 3×10)   a changed, b moved s1 → s2, n added
  const versionA = [
    section("s1"),
    leaf("a", "s1", 2, 10),
    leaf("b", "s1", 3, 10),
    section("s2"),
    leaf("c", "s2", 1, 7),
    leaf("x", "s2", 5, 1),
  ];
  const versionB = [
    section("s1"),
    leaf("a", "s1", 4, 10),
    leaf("n", "s1", 1, 5),
    section("s2"),
    leaf("c", "s2", 1, 7),
    leaf("b", "s2", 3, 10),
  ];

  it("names every kind of change, in B's tree with removed rows under their A parent", () => {
    const result = compareBoqs(versionA, versionB, { showUnchanged: true });
    expect(shape(result.rows)).toEqual([
      [1, "S1", "changed"],
      [2, "A", "changed"],
      [2, "N", "added"],
      [1, "S2", "changed"],
      [2, "C", "unchanged"],
      [2, "B", "moved"],
      [2, "X", "removed"],
    ]);
    const rows = byCode(result.rows);
    expect(rows["A"]).toMatchObject({ quantityA: 2, quantityB: 4, deltaQuantity: 2, totalA: 20, totalB: 40 });
    expect(rows["A"]?.deltaTotal).toBe(20);
    expect(rows["A"]?.deltaRatio).toBe(1);
    expect(rows["N"]).toMatchObject({
      quantityA: null,
      quantityB: 1,
      deltaQuantity: 1,
      totalA: null,
      totalB: 5,
    });
    expect(rows["N"]?.deltaRatio).toBeNull();
    expect(rows["X"]).toMatchObject({
      quantityA: 5,
      quantityB: null,
      deltaQuantity: -5,
      totalB: null,
      deltaTotal: -5,
    });
    expect(rows["X"]?.deltaRatio).toBe(-1);
    expect(rows["B"]).toMatchObject({
      movedFrom: { code: "S1", name: "Item s1" },
      movedTo: { code: "S2", name: "Item s2" },
      deltaTotal: 0,
    });
    expect(rows["C"]?.movedFrom).toBeUndefined();
    expect(result.counts).toEqual({ added: 1, removed: 1, changed: 3, moved: 1, unchanged: 1 });
  });

  it("sums each version's own leaves into its sections, so a moved row counts where it was and where it is", () => {
    const result = compareBoqs(versionA, versionB);
    const rows = byCode(result.rows);
    // s1: A = a 20 + b 30 = 50; B = a 40 + n 5 = 45. s2: A = c 7 + x 5 = 12; B = c 7 + b 30 = 37.
    expect(rows["S1"]).toMatchObject({
      totalA: 50,
      totalB: 45,
      deltaTotal: -5,
      quantityA: null,
      quantityB: null,
    });
    expect(rows["S1"]?.deltaQuantity).toBeNull();
    expect(rows["S1"]?.deltaRatio).toBeCloseTo(-0.1, 12);
    expect(rows["S2"]).toMatchObject({ totalA: 12, totalB: 37, deltaTotal: 25 });
    expect(result.sections).toEqual([
      { code: "S1", name: "Item s1", change: "changed", totalA: 50, totalB: 45, deltaTotal: -5 },
      { code: "S2", name: "Item s2", change: "changed", totalA: 12, totalB: 37, deltaTotal: 25 },
    ]);
    expect([result.totalA, result.totalB]).toEqual([62, 82]);
  });

  it("leaves unchanged rows out unless asked, keeping the parents of what changed", () => {
    const quiet = [section("s1"), leaf("a", "s1", 2, 10), section("s2"), leaf("c", "s2", 1, 7)];
    const louder = [section("s1"), leaf("a", "s1", 2, 10), section("s2"), leaf("c", "s2", 2, 7)];
    expect(shape(compareBoqs(quiet, louder).rows)).toEqual([
      [1, "S2", "changed"],
      [2, "C", "changed"],
    ]);
    expect(compareBoqs(quiet, louder, { showUnchanged: true }).rows).toHaveLength(4);
    expect(compareBoqs(quiet, quiet).rows).toEqual([]);
    expect(compareBoqs(quiet, quiet).counts.unchanged).toBe(4);
  });
});

describe("compareBoqs: matching positions", () => {
  it("matches by PlatformId when both carry a real one, so a changed code is a change, not a removal", () => {
    const a = [leaf("a", null, 2, 10, { Code: "01.001" })];
    const b = [leaf("a", null, 2, 10, { Code: "01.002" })];
    const [only] = compareBoqs(a, b).rows;
    expect(only).toMatchObject({ change: "changed", code: "01.002", codeA: "01.001", deltaTotal: 0 });
  });

  it("matches by code when the ids are all-zero", () => {
    const a = [leaf("a", null, 2, 10, { Code: "01.001", PlatformId: NIL_UUID })];
    const b = [leaf("z", null, 3, 10, { Code: "01.001", PlatformId: NIL_UUID })];
    expect(compareBoqs(a, b).rows).toEqual([
      expect.objectContaining({
        change: "changed",
        code: "01.001",
        quantityA: 2,
        quantityB: 3,
        deltaQuantity: 1,
      }),
    ]);
  });

  it("matches by code when only one side carries a real id", () => {
    const a = [leaf("a", null, 2, 10, { Code: "01.001", Name: "Concrete", PlatformId: NIL_UUID })];
    const b = [leaf("z", null, 2, 10, { Code: "01.001", Name: "Concrete" })];
    expect(compareBoqs(a, b, { showUnchanged: true }).rows.map((r) => r.change)).toEqual(["unchanged"]);
  });

  it("never matches two different real ids by their code", () => {
    const a = [leaf("a", null, 2, 10, { Code: "01.001" })];
    const b = [leaf("b", null, 2, 10, { Code: "01.001" })];
    expect(compareBoqs(a, b).rows.map((r) => r.change)).toEqual(["added", "removed"]);
  });

  it("pairs a repeated code in order of appearance", () => {
    const noId = { PlatformId: NIL_UUID, Code: "R", Name: "Rebar" };
    const a = [leaf("a1", null, 1, 1, noId), leaf("a2", null, 2, 1, noId), leaf("a3", null, 3, 1, noId)];
    const b = [leaf("b1", null, 1, 1, noId), leaf("b2", null, 5, 1, noId)];
    const result = compareBoqs(a, b, { showUnchanged: true });
    expect(result.rows.map((r) => [r.change, r.quantityA, r.quantityB])).toEqual([
      ["unchanged", 1, 1],
      ["changed", 2, 5],
      ["removed", 3, null],
    ]);
  });

  it("gives a B row with a real id only an A row without one, and a B row without one the first A row", () => {
    const a = [
      leaf("r1", null, 1, 1, { Code: "C", Name: "Same" }),
      leaf("r2", null, 2, 1, { Code: "C", Name: "Same", PlatformId: NIL_UUID }),
    ];
    const b = [
      leaf("s1", null, 2, 1, { Code: "C", Name: "Same" }),
      leaf("s2", null, 1, 1, { Code: "C", Name: "Same", PlatformId: NIL_UUID }),
    ];
    // s1 (a real id r1 does not share) takes r2; s2 takes the first row left, r1.
    expect(compareBoqs(a, b, { showUnchanged: true }).rows.map((r) => r.change)).toEqual([
      "unchanged",
      "unchanged",
    ]);
  });

  it("compares a code repeated on 100,000 rows with different real ids on both sides", () => {
    const many = (prefix: string, extra: Partial<BoqRow> = {}): BoqRow[] =>
      Array.from({ length: 100_000 }, (_, i) => leaf(`${prefix}${i}`, null, 1, 1, { Code: "R", ...extra }));
    const result = compareBoqs(many("a"), many("b"));
    expect(result.counts).toMatchObject({ added: 100_000, removed: 100_000 });
    const byCodeOnly = compareBoqs(many("c", { PlatformId: NIL_UUID }), many("d", { PlatformId: NIL_UUID }));
    expect(byCodeOnly.counts.added + byCodeOnly.counts.removed).toBe(0);
  });

  it("places a removed row under its removed parent, and that parent under its own A parent", () => {
    const a = [section("s1"), section("g", "s1"), leaf("a", "g", 1, 4)];
    const b = [section("s1")];
    const result = compareBoqs(a, b);
    expect(shape(result.rows)).toEqual([
      [1, "S1", "changed"],
      [2, "G", "removed"],
      [3, "A", "removed"],
    ]);
    expect(byCode(result.rows)["G"]).toMatchObject({
      hasChildren: true,
      quantityA: null,
      totalA: 4,
      deltaTotal: -4,
    });
  });

  it("calls a row moved from a removed section to the top level moved, naming both places", () => {
    const a = [section("s1"), leaf("a", "s1", 1, 4)];
    const b = [leaf("a", null, 1, 4)];
    const result = compareBoqs(a, b);
    expect(byCode(result.rows)["A"]).toMatchObject({
      change: "moved",
      movedFrom: { code: "S1" },
      movedTo: null,
    });
  });
});

describe("compareBoqs: what is not summed", () => {
  it("reports a unit that differs and leaves the quantity difference empty", () => {
    const a = [leaf("a", null, 2, 10, { Unit: "m3" })];
    const b = [leaf("a", null, 5, 4, { Unit: "t" })];
    expect(compareBoqs(a, b).rows[0]).toMatchObject({
      change: "changed",
      unit: "t",
      unitA: "m3",
      unitChanged: true,
      quantityA: 2,
      quantityB: 5,
      deltaQuantity: null,
      deltaTotal: 0,
    });
  });

  it("leaves Δ % empty when the base total is zero", () => {
    const a = [leaf("a", null, 0, 10)];
    const b = [leaf("a", null, 1, 10)];
    expect(compareBoqs(a, b).rows[0]).toMatchObject({
      totalA: 0,
      totalB: 10,
      deltaTotal: 10,
      deltaRatio: null,
    });
  });

  it("survives a loop of ParentIds and a 100,000-row chain without overflowing the stack", () => {
    const loop = [row("p", "q", { TotalCost: 1 }), row("q", "p", { TotalCost: 2 })];
    expect(compareBoqs(loop, loop, { showUnchanged: true }).rows).toHaveLength(2);
    const chain: BoqRow[] = [];
    for (let i = 0; i < 100_000; i++)
      chain.push(row(`n${i}`, i === 0 ? null : `n${i - 1}`, { TotalCost: 1 }));
    const deeper = chain.map((r, i) => (i === chain.length - 1 ? { ...r, TotalCost: 3 } : r));
    const result = compareBoqs(chain, deeper);
    expect(result.rows).toHaveLength(100_000);
    expect(result.rows[0]).toMatchObject({ level: 1, totalA: 1, totalB: 3, deltaTotal: 2 });
    expect(result.rows[99_999]?.level).toBe(100_000);
  });
});
