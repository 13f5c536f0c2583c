// The engine's sort in steps (src/catalog/steps.ts): the order Array.prototype.sort gives, stable,
// pausing as it goes, so a 300,000-code tree or problem list is never sorted in one task.
import fc from "fast-check";
import { appendAll, compareNatural, runSteps, sortInSteps, STEP_ITEMS } from "../../src/catalog";
import { countPauses } from "./helpers";

interface Item {
  key: number;
  /** Where the item was: equal keys must keep this order. */
  at: number;
}

const byKey = (a: Item, b: Item): number => a.key - b.key;
const items = (keys: readonly number[]): Item[] => keys.map((key, at) => ({ key, at }));

describe("sortInSteps", () => {
  it("gives Array.prototype.sort's order, equal keys in their order, for any length and keys", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: STEP_ITEMS * 9, size: "max" }),
        (keys) => {
          const expected = items(keys).sort(byKey);
          const list = items(keys);
          const sorted = runSteps(sortInSteps(list, byKey));
          expect(sorted).toBe(list);
          expect(sorted).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("sorts codes in natural order in place, past several merge passes", () => {
    const n = STEP_ITEMS * 10 + 3;
    const codes = Array.from({ length: n }, (_, i) => `A.${(i * 7919) % n}`);
    const expected = [...codes].sort(compareNatural);
    expect(runSteps(sortInSteps(codes, compareNatural))).toEqual(expected);
    expect(codes).toEqual(expected);
  });

  it("pauses at least once every STEP_ITEMS items of each pass, and not for a short list", () => {
    const n = STEP_ITEMS * 8;
    // Reversed: every merge compares; 8 runs, then passes of widths 1, 2 and 4 runs.
    const reversed = Array.from({ length: n }, (_, i) => n - i);
    const { pauses, value } = countPauses(sortInSteps(reversed, (a, b) => a - b));
    expect(value[0]).toBe(1);
    expect(value[n - 1]).toBe(n);
    expect(pauses).toBeGreaterThanOrEqual(8 + 3 * 8);
    expect(countPauses(sortInSteps([3, 1, 2], (a, b) => a - b))).toEqual({ pauses: 0, value: [1, 2, 3] });
  });

  it("copies runs already in order instead of comparing them item by item", () => {
    const n = STEP_ITEMS * 8;
    let comparisons = 0;
    const ascending = Array.from({ length: n }, (_, i) => i);
    runSteps(
      sortInSteps(ascending, (a, b) => {
        comparisons++;
        return a - b;
      }),
    );
    // The runs' own sorts, then one comparison per merge: 4 + 2 + 1.
    const runSorts = comparisons - 7;
    expect(runSorts).toBeLessThanOrEqual(8 * STEP_ITEMS);
    expect(ascending).toEqual(Array.from({ length: n }, (_, i) => i));
  });
});

describe("appendAll", () => {
  it("appends every item in order to the list, past 65,536 of them", () => {
    const list = [-1];
    const more = Array.from({ length: 70_000 }, (_, i) => i);
    appendAll(list, more);
    expect(list).toHaveLength(70_001);
    expect(list[0]).toBe(-1);
    expect(list[70_000]).toBe(69_999);
  });
});
