// Refresh BOQ: forget the BOQ data path's kept results, find every cell whose formula calls a
// PLATFORM function, calculate their sheets with markAllDirty (a full recalculation of the workbook
// skips cells in an error state on some hosts: office-js 4502), and count, in this runtime, the
// cells whose functions answered since the refresh began (their invocation.address: the ledger in
// src/boqdata/invocations), never reading the cells (current Excel keeps the old value while a
// function runs again: 4152, 6930). The outcome says how many cells were refreshed, which answered
// with an error, and which did not answer in time (unknown: nothing is claimed of them). The ribbon
// command and the pane's button both come here; the outcome is published to the pane (one hub per
// runtime, on globalThis like the session, since the commands, functions and task pane chunks each
// carry their own copy of this module). The kept results are the runtime's data path's.
import { CALL_DEADLINE_MS, cellKey, forgetBoqResults, watchInvocations } from "../boqdata";
import { errorText, t } from "../i18n";
import { getSession } from "../session";
import type { PlatformFormulaCell } from "../workbook";

/** A cell whose function answered with an error: its address and the cell's message. */
export interface FailedCell {
  address: string;
  message: string;
}

/** A refresh Excel carried out: what the cells' functions answered since it began. */
export interface RefreshCounts {
  ok: true;
  /** Cells holding PLATFORM formulas when the refresh began. */
  total: number;
  /** Cells whose every PLATFORM function answered with a value. */
  refreshed: number;
  /** Cells whose function answered with an error (network down, a name not found...). */
  failed: FailedCell[];
  /** Cells whose functions did not answer in time: whether they were refreshed is unknown. */
  unanswered: string[];
}

/** How a refresh went; `signIn`: nothing was recalculated, the user is asked to sign in first. */
export type RefreshOutcome = RefreshCounts | { ok: false; message: string; signIn?: true };
type Listener = (outcome: RefreshOutcome) => void;

/** What Refresh BOQ formulas needs: Excel's side and the session's. */
export interface FormulaRefreshDeps {
  /** Whether the runtime's session is signed in (a kept sign-in restored first). */
  signedIn: () => Promise<boolean>;
  /** Every cell whose formula calls a PLATFORM function (src/workbook findPlatformFormulas). */
  findCells: () => Promise<PlatformFormulaCell[]>;
  /** Calculates the named sheets with markAllDirty (src/workbook calculateSheets). */
  calculateSheets: (sheets: readonly string[]) => Promise<void>;
  /** How long the refresh waits for the cells (default REFRESH_QUIET_MS, REFRESH_LIMIT_MS). */
  timing?: { quietMs: number; limitMs: number };
}

/** Excel's own means, in one Excel.run each (the ribbon's and the pane's Refresh BOQ). */
export function excelFormulaRefresh(signedIn: () => Promise<boolean> = sessionSignedIn): FormulaRefreshDeps {
  const scan = (): Promise<typeof import("./refreshScan")> =>
    import(/* webpackChunkName: "refresh-scan" */ "./refreshScan");
  return {
    signedIn,
    findCells: () => scan().then((excel) => excel.findCells()),
    calculateSheets: (sheets) => scan().then((excel) => excel.calculate(sheets)),
  };
}

/**
 * The refresh stops waiting once no cell answered for this long: longer than a function's own
 * deadline (it answers its cell within CALL_DEADLINE_MS, queueing included), so by then a cell
 * still silent was not invoked.
 */
export const REFRESH_QUIET_MS = CALL_DEADLINE_MS + 15_000;
/** And in any case after this long (a workbook of many cells, four requests at a time). */
export const REFRESH_LIMIT_MS = 10 * 60_000;

const HUB_SLOT = Symbol.for("boq-bridge.refresh-hub");

interface Hub {
  listeners: Set<Listener>;
  last: RefreshOutcome | undefined;
}
type Slot = { [HUB_SLOT]?: Hub };

function hub(): Hub {
  const g = globalThis as Slot;
  g[HUB_SLOT] ??= { listeners: new Set(), last: undefined };
  return g[HUB_SLOT];
}

/** Forgets the kept results of the PLATFORM functions and the BOQ sheet (nothing to do before their first use). */
export function clearFunctionResults(): void {
  forgetBoqResults();
}

/** Subscribes to refresh outcomes; returns unsubscribe. */
export function onRefreshOutcome(listener: Listener): () => void {
  const h = hub();
  h.listeners.add(listener);
  return () => h.listeners.delete(listener);
}

function publish(outcome: RefreshOutcome): void {
  const h = hub();
  h.last = outcome;
  for (const listener of [...h.listeners]) listener(outcome);
}

/** Whether the runtime's session is signed in (a kept sign-in restored first). */
export async function sessionSignedIn(): Promise<boolean> {
  const session = getSession();
  await session.init();
  return session.getState().status === "signed-in";
}

/** The last refresh's outcome in this runtime (the pane opened by the ribbon shows it). */
export function lastRefreshOutcome(): RefreshOutcome | undefined {
  return hub().last;
}

/** Whether a refresh's outcome asks the user to sign in first. */
export function asksToSignIn(outcome: RefreshOutcome | undefined): boolean {
  return outcome !== undefined && !outcome.ok && outcome.signIn === true;
}

/** The sheets holding the cells, each once, in the order found. */
function sheetsOf(cells: readonly PlatformFormulaCell[]): string[] {
  return [...new Set(cells.map((cell) => cell.sheet))];
}

/** Re-invokes every PLATFORM cell and counts the answers by address (above). */
async function refreshCells(deps: FormulaRefreshDeps): Promise<RefreshCounts> {
  const cells = await deps.findCells();
  const expected = new Map<string, ReadonlySet<string>>();
  const byKey = new Map<string, PlatformFormulaCell>();
  for (const cell of cells) {
    const key = cellKey(cell.address);
    if (key === undefined) continue;
    expected.set(key, new Set(cell.functions));
    byKey.set(key, cell);
  }
  // Opened before Excel is asked, so no answer is missed; only invocations from now on count.
  const watch = watchInvocations();
  try {
    await deps.calculateSheets(sheetsOf(cells));
  } catch (error) {
    watch.close();
    throw error;
  }
  const timing = deps.timing ?? { quietMs: REFRESH_QUIET_MS, limitMs: REFRESH_LIMIT_MS };
  const seen = await watch.settled(expected, timing.quietMs, timing.limitMs);
  const counts: RefreshCounts = { ok: true, total: cells.length, refreshed: 0, failed: [], unanswered: [] };
  for (const [key, cell] of byKey) {
    const watched = seen.get(key);
    const answered = watched !== undefined && watched.answered.size === watched.expected.size;
    if (!answered) counts.unanswered.push(cell.address);
    else if (watched.error !== undefined)
      counts.failed.push({ address: cell.address, message: watched.error });
    else counts.refreshed += 1;
  }
  return counts;
}

/**
 * Clears the results, re-invokes every PLATFORM cell and counts the answers, and tells the pane how
 * it went (never throws). Signed out, it does neither: every PLATFORM cell would turn into #N/A
 * "Sign in", while the cells as they are still show the last data; the outcome asks the user to
 * sign in first.
 */
export async function refreshBoqFormulas(deps: FormulaRefreshDeps): Promise<RefreshOutcome> {
  let outcome: RefreshOutcome;
  if (!(await deps.signedIn().catch(() => false))) {
    outcome = { ok: false, message: t("boq.refreshSignIn"), signIn: true };
    publish(outcome);
    return outcome;
  }
  clearFunctionResults();
  try {
    outcome = await refreshCells(deps);
  } catch (error) {
    const said = error instanceof Error ? errorText(error) : "";
    const reason = said === "" ? t("common.unexpected") : said;
    outcome = { ok: false, message: t("boq.refreshFailed", { reason }) };
  }
  publish(outcome);
  return outcome;
}
