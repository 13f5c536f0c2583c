// What several catalog test files share: the sheet "Prices" with a block starting in column B,
// and counting the pauses of the engine's functions in steps (src/catalog/steps.ts).
import type { CellBlock, CellValue, Steps } from "../../src/catalog";

/** A block of sheet "Prices" starting at B4 unless `extra` says otherwise. */
export const pricesBlock = (values: CellValue[][], extra: Partial<CellBlock> = {}): CellBlock => ({
  sheet: "Prices",
  startRow: 4,
  startColumn: 1,
  values,
  ...extra,
});

/** Runs a function in steps to its end: how many times it paused, and what it returned. */
export function countPauses<T>(steps: Steps<T>): { pauses: number; value: T } {
  let pauses = 0;
  let next = steps.next();
  while (next.done !== true) {
    pauses += 1;
    next = steps.next();
  }
  return { pauses, value: next.value };
}
