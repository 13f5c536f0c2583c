// The runtime's ledger of PLATFORM function invocations, by cell: Refresh BOQ knows a cell was
// refreshed when an invocation at its address (Excel's `invocation.address`, asked for with
// @requiresAddress) started after the refresh began and answered, never by reading the cell
// (current Excel keeps the old value while a function runs again: office-js issues 4152, 6930).
// Kept on globalThis under a registered symbol like the data path's slot, since the functions,
// the commands and the task pane chunks may each carry a copy of this module. Nothing is kept
// per cell outside a running refresh: completions only reach the watches open at the time.

/** One invocation that answered its cell. */
export interface Completion {
  /** The cell, as cellKey gives it. */
  cell: string;
  /** The function's name without the namespace ("BOQ"). */
  functionName: string;
  /** The invocation's order among every invocation of the runtime. */
  sequence: number;
  /** The cell's error message when the function answered with an error; undefined: a value. */
  error?: string;
}

type Watcher = (completion: Completion) => void;

interface Ledger {
  sequence: number;
  watchers: Set<Watcher>;
}

const LEDGER_SLOT = Symbol.for("boq-bridge.invocation-ledger");
type Slot = { [LEDGER_SLOT]?: Ledger };

function ledger(): Ledger {
  const g = globalThis as Slot;
  g[LEDGER_SLOT] ??= { sequence: 0, watchers: new Set() };
  return g[LEDGER_SLOT];
}

/**
 * A cell's key from an address as Excel writes it ("Sheet1!A1", "'BOQ 3.2'!$B$7", "'O''Brien'!c3"):
 * the sheet name unquoted and in lower case (Excel's sheet names ignore case), the cell without
 * `$`, in upper case; undefined when there is no address (a host that gives none) or no sheet.
 */
export function cellKey(address: string | undefined): string | undefined {
  if (address === undefined) return undefined;
  const bang = address.lastIndexOf("!");
  if (bang <= 0) return undefined;
  let sheet = address.slice(0, bang);
  if (sheet.startsWith("'") && sheet.endsWith("'") && sheet.length >= 2) {
    sheet = sheet.slice(1, -1).replace(/''/g, "'");
  }
  const cell = address
    .slice(bang + 1)
    .replace(/\$/g, "")
    .split(":")[0]
    ?.toUpperCase();
  return cell ? `${sheet.toLowerCase()}!${cell}` : undefined;
}

/**
 * Called by a PLATFORM function when Excel invokes it: returns what to call each time it answers
 * its cell (a value: no argument; an error: the cell's message). A host that gives no address
 * yields no completions, so a refresh reports those cells as not known to have answered.
 */
export function invocationStarted(
  functionName: string,
  address: string | undefined,
): (error?: string) => void {
  const l = ledger();
  l.sequence += 1;
  const sequence = l.sequence;
  const cell = cellKey(address);
  return (error?: string): void => {
    if (cell === undefined) return;
    const completion: Completion = {
      cell,
      functionName,
      sequence,
      ...(error !== undefined ? { error } : {}),
    };
    for (const watcher of [...l.watchers]) watcher(completion);
  };
}

/** What a watch saw of one cell: the functions it expects and those that answered since it began. */
export interface CellWatch {
  expected: ReadonlySet<string>;
  answered: Set<string>;
  /** The last error a function of the cell answered with since the watch began. */
  error: string | undefined;
}

export interface InvocationWatch {
  /**
   * Resolves once every function of every expected cell answered after the watch began, or once
   * `quietMs` pass without any of them answering (a function answers within its own deadline, so
   * by then the rest were not invoked), or after `limitMs` in all.
   */
  settled(
    expected: ReadonlyMap<string, ReadonlySet<string>>,
    quietMs: number,
    limitMs: number,
  ): Promise<Map<string, CellWatch>>;
  /** Stops listening (settled stops by itself). */
  close(): void;
}

/**
 * Begins counting: only invocations that start from now on count. Open it before asking Excel to
 * calculate, then tell it the cells expected (their keys, and the PLATFORM functions each cell's
 * formula names).
 */
export function watchInvocations(): InvocationWatch {
  const l = ledger();
  const since = l.sequence;
  const seen: Completion[] = [];
  let onCompletion: ((completion: Completion) => void) | undefined;
  const watcher: Watcher = (completion) => {
    if (completion.sequence <= since) return;
    if (onCompletion) onCompletion(completion);
    else seen.push(completion);
  };
  l.watchers.add(watcher);
  const close = (): void => {
    l.watchers.delete(watcher);
  };
  const settled: InvocationWatch["settled"] = (expected, quietMs, limitMs) => {
    const cells = new Map<string, CellWatch>();
    for (const [cell, names] of expected)
      cells.set(cell, { expected: names, answered: new Set(), error: undefined });
    let open = 0;
    for (const cell of cells.values()) if (cell.expected.size > 0) open += 1;
    return new Promise((resolve) => {
      let quiet: ReturnType<typeof setTimeout> | undefined;
      let finished = false;
      const finish = (): void => {
        if (finished) return;
        finished = true;
        clearTimeout(quiet);
        clearTimeout(limit);
        onCompletion = undefined;
        close();
        resolve(cells);
      };
      const armQuiet = (): void => {
        clearTimeout(quiet);
        quiet = setTimeout(finish, quietMs);
      };
      const limit = setTimeout(finish, limitMs);
      const take = (completion: Completion): void => {
        if (finished) return;
        const cell = cells.get(completion.cell);
        if (!cell || !cell.expected.has(completion.functionName)) return;
        const wasDone = cell.answered.size === cell.expected.size;
        cell.answered.add(completion.functionName);
        cell.error = completion.error;
        if (!wasDone && cell.answered.size === cell.expected.size) open -= 1;
        if (open <= 0) finish();
        else armQuiet();
      };
      onCompletion = take;
      for (const completion of seen.splice(0)) take(completion);
      if (open <= 0) finish();
      else if (!finished) armQuiet();
    });
  };
  return { settled, close };
}
