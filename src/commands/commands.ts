// Ribbon commands. They run in the shared runtime (the task pane page), so they are registered
// with Office.actions.associate instead of a separate function-file page.

import {
  excelFormulaRefresh,
  refreshBoqFormulas,
  sessionSignedIn,
  type FormulaRefreshDeps,
} from "../boqsheet";
import { createLogger } from "../log/logger";

const log = createLogger("commands");

/** Must match <FunctionName> of the "Refresh BOQ" button in manifest.xml. */
export const REFRESH_BOQ_ACTION = "refreshBoq";

/**
 * The ribbon handler: forgets the functions' kept results, calculates the sheets holding PLATFORM
 * formulas and waits for their cells to answer (src/boqsheet/refresh); signed out, it opens the
 * task pane to ask for a sign-in and leaves the cells as they are; a failure, or cells that failed
 * or did not answer, are shown in the task pane (opened for it) and logged. Office waits for
 * event.completed(), so it is called on every path.
 */
export async function refreshBoq(
  event: Office.AddinCommands.Event,
  refresh: FormulaRefreshDeps = excelFormulaRefresh(sessionSignedIn),
): Promise<void> {
  try {
    const outcome = await refreshBoqFormulas(refresh);
    if (!outcome.ok) {
      if (outcome.signIn) log.info("Refresh BOQ: signed out; the task pane asks to sign in.");
      else log.error("Refresh BOQ: Excel refused the recalculation.", outcome.message);
      await showTaskpane();
    } else if (outcome.failed.length > 0 || outcome.unanswered.length > 0) {
      log.warn(
        `Refresh BOQ: ${outcome.refreshed} of ${outcome.total} cells refreshed; ${outcome.failed.length} failed, ${outcome.unanswered.length} did not answer.`,
      );
      await showTaskpane();
    }
  } finally {
    event.completed();
  }
}

/** Opens the task pane so the user sees why a refresh failed; where Office cannot, the log keeps it. */
async function showTaskpane(): Promise<void> {
  try {
    await Office.addin.showAsTaskpane();
  } catch (error) {
    log.warn("Refresh BOQ: could not open the task pane to show the failure.", error);
  }
}

export function registerCommands(refresh: FormulaRefreshDeps = excelFormulaRefresh(sessionSignedIn)): void {
  // refreshBoq handles its own failure and always completes the event.
  Office.actions.associate(
    REFRESH_BOQ_ACTION,
    (event: Office.AddinCommands.Event) => void refreshBoq(event, refresh),
  );
}

// Outside Office (the page opened in a browser tab without office.js) there is nothing to register;
// the task pane explains how to open the add-in.
if (typeof Office !== "undefined") void Office.onReady(() => registerCommands());
