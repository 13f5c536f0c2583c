// The row steps of a BOQ sheet's refresh (src/boq/rowSteps): lost rows deleted, blank rows
// inserted where positions arrive, moved rows moved onto theirs and the rows they left deleted,
// so that the sheet ends in the plan's order.
import { rowSteps, type RowSteps } from "../../src/boq/rowSteps";
import type { FinalRow } from "../../src/boq/sheetRefresh";

/** Plays the steps on labels: what the sheet holds after them. */
function play(old: string[], steps: RowSteps, added: string[]): string[] {
  const rows = old.filter((_, i) => !steps.lost.includes(i));
  let next = 0;
  for (const [at, count] of steps.inserts) rows.splice(at, 0, ...Array.from({ length: count }, () => ""));
  for (const { from, to } of steps.moves) {
    rows[to] = rows[from] as string;
    rows[from] = "";
  }
  for (const at of [...steps.left].reverse()) rows.splice(at, 1);
  return rows.map((label) => (label === "" ? (added[next++] ?? "?") : label));
}

it("moves a row down past others, deletes a lost one and inserts a new one", () => {
  // Old: S1 A B T1 S2 C D; final: S1 B T1 S2 C D A(moved) E(new), C lost… no: X lost.
  const old = ["S1", "A", "B", "T1", "X", "S2", "C", "D"];
  const final: FinalRow[] = [
    { plan: 0, old: 0 },
    { plan: 1, old: 2 },
    { plan: 2, old: 3 },
    { plan: 3, old: 5 },
    { plan: 4, old: 6 },
    { plan: 5, old: 7 },
    { plan: 6, carry: 1 },
    { plan: 7 },
  ];
  const steps = rowSteps({ final, deletes: [1, 4] }, old.length);
  expect(steps.lost).toEqual([4]);
  expect(steps.moves).toEqual([{ from: 1, to: 7 }]);
  expect(play(old, steps, ["E"])).toEqual(["S1", "B", "T1", "S2", "C", "D", "A", "E"]);
});

it("moves a row up before the rows it passed", () => {
  const old = ["A", "B", "C", "D"];
  const final: FinalRow[] = [
    { plan: 0, carry: 3 },
    { plan: 1, old: 0 },
    { plan: 2, old: 1 },
    { plan: 3, old: 2 },
  ];
  const steps = rowSteps({ final, deletes: [3] }, old.length);
  expect(steps).toEqual({ lost: [], inserts: [[0, 1]], moves: [{ from: 4, to: 0 }], left: [4] });
  expect(play(old, steps, [])).toEqual(["D", "A", "B", "C"]);
});

it("keeps rows the estimator inserted where they are and swaps two rows", () => {
  const old = ["A", "mine", "B"];
  const final: FinalRow[] = [{ plan: 0, carry: 2 }, { plan: 1, old: 0 }, { old: 1 }];
  const steps = rowSteps({ final, deletes: [2] }, old.length);
  expect(play(old, steps, [])).toEqual(["B", "A", "mine"]);
});
