// Ribbon commands. They run in the shared runtime (the task pane page), so they are registered
// with Office.actions.associate instead of a separate function-file page.

import { refreshBoqFormulas, sessionSignedIn } from "../boqsheet";
import { createLogger } from "../log/logger";
// Through the workbook's index like every room; webpack keeps only what is used (package.json
// sideEffects), so the workbook's read and write stay out of the shared runtime's first scripts
// (test/build/production-build.test.ts checks that).
import { recalculateWorkbookFully } from "../workbook";

const log = createLogger("commands");

/** Must match <FunctionName> of the "Refresh BOQ" button in manifest.xml. */
export const REFRESH_BOQ_ACTION = "refreshBoq";

/**
 * The ribbon handler: forgets the functions' kept results and recalculates; signed out, it opens
 * the task pane to ask for a sign-in and leaves the cells as they are; a failure is shown in the
 * task pane (opened for it) and logged. Office waits for event.completed(), so it is called on
 * every path.
 */
export async function refreshBoq(
  event: Office.AddinCommands.Event,
  signedIn: () => Promise<boolean> = sessionSignedIn,
): Promise<void> {
  try {
    const outcome = await refreshBoqFormulas(recalculateWorkbookFully, signedIn);
    if (!outcome.ok) {
      if (outcome.signIn) log.info("Refresh BOQ: signed out; the task pane asks to sign in.");
      else log.error("Refresh BOQ: Excel refused the recalculation.", outcome.message);
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

export function registerCommands(signedIn: () => Promise<boolean> = sessionSignedIn): void {
  // refreshBoq handles its own failure and always completes the event.
  Office.actions.associate(
    REFRESH_BOQ_ACTION,
    (event: Office.AddinCommands.Event) => void refreshBoq(event, signedIn),
  );
}

// Outside Office (the page opened in a browser tab without office.js) there is nothing to register;
// the task pane explains how to open the add-in.
if (typeof Office !== "undefined") void Office.onReady(() => registerCommands());
