// What several catalog test files share: the sheet "Prices" with a block starting in column B,
// counting the pauses of the engine's functions in steps (src/catalog/steps.ts), and a problem in
// the words the pane shows for it.
import type { CellBlock, CellValue, Problem, Steps } from "../../src/catalog";
import { problemText } from "../../src/import";

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

/** A problem with the words the pane shows for it in English. */
export type WordedProblem = Problem & { message: string; fix: string };

/**
 * A problem as the pane shows it in English (src/import words it): its fields with its sentence
 * and its fix, curly quotes written straight ("…") as these tests write them.
 */
export function worded(p: Problem): WordedProblem {
  const { message, fix } = problemText(p, "en");
  return { ...p, message: straight(message), fix: straight(fix) };
}

function straight(text: string): string {
  return text.replace(/[“”]/g, '"');
}

/**
 * A value several tests of one describe share, computed by the first test that asks for it rather
 * than in the describe body: work done while Jest collects the tests runs outside every test, so
 * the mutation run (stryker/) could not tell which tests cover it, and would test its mutants
 * without the activation a test gives them.
 */
export function lazily<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
