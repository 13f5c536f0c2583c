// Refresh BOQ: forget the BOQ data path's kept results, then recalculate, so every PLATFORM
// formula asks the platform again. The ribbon command and the pane's button both come here; the
// outcome is published to the pane (one hub per runtime, on globalThis like the session, since the
// commands, functions and task pane chunks each carry their own copy of this module). The kept
// results are the runtime's data path's (src/boqdata owns its slot).
import { forgetBoqResults } from "../boqdata";
import { t } from "../i18n";

export type RefreshOutcome = { ok: true } | { ok: false; message: string };
type Listener = (outcome: RefreshOutcome) => void;

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

/** Clears the results, runs the recalculation, and tells the pane how it went (never throws). */
export async function refreshBoqFormulas(recalculate: () => Promise<void>): Promise<RefreshOutcome> {
  clearFunctionResults();
  let outcome: RefreshOutcome;
  try {
    await recalculate();
    outcome = { ok: true };
  } catch (error) {
    const reason = error instanceof Error && error.message ? error.message : t("common.unexpected");
    outcome = { ok: false, message: t("boq.refreshFailed", { reason }) };
  }
  publish(outcome);
  return outcome;
}
