// Work in steps. The engine's long loops are generators that pause after every STEP_ITEMS items,
// so that a caller with a clock (src/import, in the task pane) can let the page respond between
// slices of a 300k-row check instead of freezing it for seconds. The engine itself never looks at
// a clock and never waits: `runSteps` drives a generator to its end at once, which is what the
// plain functions (analyseCatalog, buildImportBody, …) do.
//
// A pass over the rows that does not pause is a freeze at Excel's scale (1,048,576 rows): every
// loop over rows, problems, codes or tree nodes counts its items and pauses, sorts included
// (sortInSteps). What runs between two pauses is bounded by STEP_ITEMS, never by the sheet.

/** A computation that pauses (yields nothing) between slices and returns T at its end. */
export type Steps<T> = Generator<void, T, void>;

/** Items handled between two pauses: small enough that a slice of them takes a few milliseconds. */
export const STEP_ITEMS = 256;

/** Runs every step at once and returns the result. */
export function runSteps<T>(steps: Steps<T>): T {
  let next = steps.next();
  while (next.done !== true) next = steps.next();
  return next.value;
}

/**
 * Counts items and says when STEP_ITEMS have gone by since the last pause: `if (step()) yield;`
 * at the top of a loop body.
 */
export function stepCounter(): () => boolean {
  let since = 0;
  return () => {
    if (++since < STEP_ITEMS) return false;
    since = 0;
    return true;
  };
}

/**
 * Appends every item to the list, in a loop: `list.push(...items)` spreads the items as call
 * arguments, which overflows the stack past 65,536 of them in JavaScriptCore (Excel on Mac and
 * iPad) and about 125,000 in V8.
 */
export function appendAll<T>(list: T[], items: readonly T[]): void {
  for (const item of items) list.push(item);
}

/**
 * Whether items[start..end) are in order already, as the children of most codes are: a stable
 * sort would leave them as they are, and Array.prototype.sort would still copy them twice.
 */
function inOrder<T>(
  items: readonly T[],
  start: number,
  end: number,
  compare: (a: T, b: T) => number,
): boolean {
  for (let i = start + 1; i < end; i++) if (compare(items[i - 1] as T, items[i] as T) > 0) return false;
  return true;
}

/**
 * Sorts `items` in place, as `items.sort(compare)` does (stably: equal items keep their order),
 * pausing every STEP_ITEMS items: runs of STEP_ITEMS are sorted at once, then merged pairwise.
 * Runs already in order (most sheets list codes in order) are copied, not merged.
 */
export function* sortInSteps<T>(items: T[], compare: (a: T, b: T) => number): Steps<T[]> {
  const n = items.length;
  if (n <= STEP_ITEMS) return inOrder(items, 0, n, compare) ? items : items.sort(compare);
  for (let start = 0; start < n; start += STEP_ITEMS) {
    const end = Math.min(n, start + STEP_ITEMS);
    if (!inOrder(items, start, end, compare)) {
      const run = items.slice(start, end).sort(compare);
      for (let i = start; i < end; i++) items[i] = run[i - start] as T;
    }
    yield;
  }
  let from = items;
  let to = new Array<T>(n);
  let sinceStep = 0;
  for (let width = STEP_ITEMS; width < n; width *= 2) {
    for (let left = 0; left < n; left += 2 * width) {
      const middle = Math.min(n, left + width);
      const right = Math.min(n, left + 2 * width);
      let i = left;
      let j = middle;
      let k = left;
      // In order already: the left run ends before the right one starts.
      const ordered = middle === right || compare(from[middle - 1] as T, from[middle] as T) <= 0;
      while (k < right) {
        if (++sinceStep === STEP_ITEMS) {
          sinceStep = 0;
          yield;
        }
        // Ties take the left item first: the merge keeps equal items in their order.
        if (ordered || j >= right || (i < middle && compare(from[i] as T, from[j] as T) <= 0)) {
          to[k++] = from[i < middle ? i++ : j++] as T;
        } else {
          to[k++] = from[j++] as T;
        }
      }
    }
    [from, to] = [to, from];
  }
  if (from !== items) {
    for (let i = 0; i < n; i++) {
      if (++sinceStep === STEP_ITEMS) {
        sinceStep = 0;
        yield;
      }
      items[i] = from[i] as T;
    }
  }
  return items;
}
