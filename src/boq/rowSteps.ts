// The row operations that turn a BOQ sheet's rows into a refresh plan's (./sheetRefresh), moving
// the rows whose position moved instead of deleting them and writing them again: rows the BOQ
// lost are deleted, blank rows are inserted where positions arrive (new ones and moved ones), each
// moved row is moved onto its blank row (Excel's Range.moveTo: formulas that point at it follow,
// its own relative formulas stay right), and the rows it left are deleted. Positions count from
// the first row under the column headers. Pure: src/workbook applies them.
import type { RefreshPlan } from "./sheetRefresh";

export interface RowSteps {
  /** Old rows the BOQ lost, ascending: deleted first (bottom up). */
  lost: number[];
  /** Blank rows then inserted, as [position, count] runs, applied in this order (top down). */
  inserts: Array<[number, number]>;
  /** Then each moved row's position and the blank row it moves onto (positions after the inserts). */
  moves: Array<{ from: number; to: number }>;
  /** Then the rows the moved ones left, ascending (positions after the inserts): deleted bottom up. */
  left: number[];
}

/** The steps for `refresh`, planned from `oldCount` rows read. */
export function rowSteps(refresh: Pick<RefreshPlan, "final" | "deletes">, oldCount: number): RowSteps {
  const carried = new Set<number>();
  for (const f of refresh.final) if (f.carry !== undefined) carried.add(f.carry);
  const lost = refresh.deletes.filter((i) => !carried.has(i));
  const gone = new Set(lost);
  // The old rows still there once the lost ones are deleted, in order.
  const remaining: number[] = [];
  for (let i = 0; i < oldCount; i += 1) if (!gone.has(i)) remaining.push(i);

  // The sheet after the inserts: the remaining rows with a blank row placed right after the row
  // the final order puts before it (rows that will move away are stepped over, staying put).
  const positionOfOld = new Map<number, number>();
  const insertedAt: number[] = [];
  const destination = new Map<number, number>(); // carried old row → its blank row
  let length = 0;
  let cursor = 0;
  const take = (): void => {
    positionOfOld.set(remaining[cursor] as number, length);
    length += 1;
    cursor += 1;
  };
  for (const f of refresh.final) {
    if (f.old !== undefined) {
      while (cursor < remaining.length && remaining[cursor] !== f.old) take();
      take();
      continue;
    }
    insertedAt.push(length);
    if (f.carry !== undefined) destination.set(f.carry, length);
    length += 1;
  }
  while (cursor < remaining.length) take();

  const inserts: Array<[number, number]> = [];
  for (const at of insertedAt) {
    const run = inserts[inserts.length - 1];
    if (run && run[0] + run[1] === at) run[1] += 1;
    else inserts.push([at, 1]);
  }
  const moves = [...destination].map(([old, to]) => ({ from: positionOfOld.get(old) as number, to }));
  const left = moves.map((m) => m.from).sort((a, b) => a - b);
  return { lost, inserts, moves, left };
}
