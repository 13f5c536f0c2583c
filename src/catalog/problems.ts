// Building problems: each names its cell and field, its kind and (for a kind with variants) its
// reason, with the values a screen needs to word it. The words themselves are not here: src/i18n
// holds them in every language, and src/import words a problem from these.

import { cellAddress, columnLetter } from "./cells";
import { sortInSteps, stepCounter, type Steps } from "./steps";
import {
  BLOCK_AND_MAPPING_KINDS,
  type CatalogField,
  type Problem,
  type ProblemKind,
  type ProblemReasonOf,
  type ProblemValues,
  type Severity,
} from "./types";

/** Where a problem sits: the sheet, the sheet row number and the 0-based sheet column index. */
export interface CellPlace {
  sheet: string;
  row: number;
  columnIndex: number;
}

export function problemAt<K extends ProblemKind>(
  place: CellPlace,
  kind: K,
  severity: Severity,
  field: CatalogField | null,
  values: ProblemValues = {},
  reason?: ProblemReasonOf<K>,
): Problem {
  const column = columnLetter(place.columnIndex);
  const problem: Problem = {
    kind,
    severity,
    sheet: place.sheet,
    row: place.row,
    column,
    cell: cellAddress(place.columnIndex, place.row),
    field,
    values,
  };
  if (reason !== undefined) problem.reason = reason;
  return problem;
}

/**
 * Problems that no row to skip cures: about the block, the mapping or the sheet as a whole
 * (parents missing from the list), anchored at a cell but not about that row's data. The one
 * definition for the engine, which keeps a row named by any other error out of the body, and for
 * the import journey, which offers to skip those rows.
 */
export const BLOCK_PROBLEM_KINDS: ReadonlySet<ProblemKind> = new Set<ProblemKind>([
  ...BLOCK_AND_MAPPING_KINDS,
  "orphan-code",
]);

/** Whether a problem is about the block rather than its row (see BLOCK_PROBLEM_KINDS). */
export function isBlockProblem(p: Pick<Problem, "kind">): boolean {
  return BLOCK_PROBLEM_KINDS.has(p.kind);
}

/**
 * Error rows: the sheet rows named by at least one error that is about the row, in ascending
 * order. The engine leaves them out of the body; skipping them is what the import offers.
 */
export function errorRows(problems: readonly Problem[]): number[] {
  const rows = new Set<number>();
  for (const p of problems) if (namesErrorRow(p)) rows.add(p.row);
  return [...rows].sort((a, b) => a - b);
}

/** Whether the problem is an error about its row (see errorRows). */
export function namesErrorRow(p: Pick<Problem, "severity" | "kind">): boolean {
  return p.severity === "error" && !BLOCK_PROBLEM_KINDS.has(p.kind);
}

/** Order problems by row, then column, keeping the order they were found in otherwise. */
export function sortProblems(problems: Problem[]): Problem[] {
  return problems
    .map((p, i) => ({ p, i, c: columnOrder(p.column) }))
    .sort(problemOrder)
    .map((x) => x.p);
}

/** sortProblems, pausing every STEP_ITEMS problems (see steps.ts); the same order. */
export function* sortProblemsInSteps(problems: readonly Problem[]): Steps<Problem[]> {
  const step = stepCounter();
  const keyed: KeyedProblem[] = [];
  for (let i = 0; i < problems.length; i++) {
    if (step()) yield;
    const p = problems[i] as Problem;
    keyed.push({ p, i, c: columnOrder(p.column) });
  }
  yield* sortInSteps(keyed, problemOrder);
  const sorted: Problem[] = [];
  for (const k of keyed) {
    if (step()) yield;
    sorted.push(k.p);
  }
  return sorted;
}

interface KeyedProblem {
  p: Problem;
  /** Where it was found: equal places keep that order. */
  i: number;
  c: number;
}

function problemOrder(a: KeyedProblem, b: KeyedProblem): number {
  return a.p.row - b.p.row || a.c - b.c || a.i - b.i;
}

// "B" < "Z" < "AA": compare by length first, then by letters.
function columnOrder(letters: string): number {
  let n = 0;
  for (let i = 0; i < letters.length; i++) n = n * 26 + (letters.charCodeAt(i) - 64);
  return n;
}

/** Control characters shown as visible symbols, so a line break in a code does not break a sentence. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;
const CONTROL_SHOWN: Readonly<Record<string, string>> = { "\n": "↵", "\r": "↵", "\t": "→" };

/** A cell's text made printable: line breaks as ↵, tabs as →, other control characters as ·. */
export function visible(text: string): string {
  return text.replace(CONTROL, (c) => CONTROL_SHOWN[c] ?? "·");
}
