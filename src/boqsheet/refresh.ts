// Refresh BOQ: forget the BOQ data path's kept results, then recalculate, so every PLATFORM
// formula asks the platform again. The ribbon command and the pane's button both come here; the
// outcome is published to the pane (one hub per runtime, on globalThis like the session, since the
// commands, functions and task pane chunks each carry their own copy of this module). The kept
// results are the runtime's data path's (src/boqdata owns its slot).
import { forgetBoqResults } from "../boqdata";
import { errorText, t } from "../i18n";
import { getSession } from "../session";

/** How a refresh went; `signIn`: nothing was recalculated, the user is asked to sign in first. */
export type RefreshOutcome = { ok: true } | { ok: false; message: string; signIn?: true };
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

/**
 * Clears the results, runs the recalculation, and tells the pane how it went (never throws).
 * Signed out, it does neither: every PLATFORM cell would turn into #N/A "Sign in", while the cells
 * as they are still show the last data; the outcome asks the user to sign in first.
 */
export async function refreshBoqFormulas(
  recalculate: () => Promise<void>,
  signedIn: () => Promise<boolean>,
): Promise<RefreshOutcome> {
  let outcome: RefreshOutcome;
  if (!(await signedIn().catch(() => false))) {
    outcome = { ok: false, message: t("boq.refreshSignIn"), signIn: true };
    publish(outcome);
    return outcome;
  }
  clearFunctionResults();
  try {
    await recalculate();
    outcome = { ok: true };
  } catch (error) {
    const said = error instanceof Error ? errorText(error) : "";
    const reason = said === "" ? t("common.unexpected") : said;
    outcome = { ok: false, message: t("boq.refreshFailed", { reason }) };
  }
  publish(outcome);
  return outcome;
}
