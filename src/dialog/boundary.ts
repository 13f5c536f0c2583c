// The sign-in window's error boundary: an error or rejection nobody handled (outside the flow's own
// catch, e.g. in Office.onReady or an event of the auth library) is logged redacted, the window says
// in words what to do, and the pane is told the sign-in failed, so it never waits on a blank window.
import { createLogger } from "../log/logger";

const log = createLogger("dialog");

/** What the window does with an unexpected failure (show the sentence, tell the pane). */
export type OnUnexpected = (error: unknown) => void;

/** Sends every unhandled error and rejection of `target` to `onUnexpected`, once. */
export function watchDialogFailures(
  target: Pick<EventTarget, "addEventListener">,
  onUnexpected: OnUnexpected,
): void {
  let reported = false;
  const report = (error: unknown, kind: string) => {
    log.error(`The sign-in window failed unexpectedly (${kind}).`, error);
    if (reported) return;
    reported = true;
    onUnexpected(error);
  };
  target.addEventListener("error", (event) => {
    const e = event as ErrorEvent;
    report(e.error ?? e.message, "uncaught error");
  });
  target.addEventListener("unhandledrejection", (event) =>
    report((event as PromiseRejectionEvent).reason, "unhandled rejection"),
  );
}
