// The pane's one error boundary. Whatever fails that no screen expected (start itself, a render,
// an error or a rejection nobody handled) is logged, redacted, and shown as a message bar with a
// Reload button, never a blank pane or a silent console line. A render failure replaces the
// screens (they cannot draw); a background failure puts the bar above them, so nothing typed is
// lost. Minimal on purpose: it is built from the component layer and can be restyled there.
import { Component, type ComponentChildren } from "preact";
import { t } from "../i18n";
import { createLogger } from "../log/logger";
import { Button, MessageBar, ThemeRoot, type ThemeName } from "./components";

const log = createLogger("pane");
const listeners = new Set<() => void>();

function reload(): void {
  location.reload();
}

/** Logs an unexpected failure (redacted) and tells every mounted boundary to show the bar. */
export function reportUnexpected(error: unknown, where: string): void {
  log.error(`Unexpected failure (${where}).`, error);
  for (const listener of listeners) listener();
}

/** The message bar itself: the sentence and the Reload button. */
export function UnexpectedFailure() {
  return (
    <div data-testid="unexpected-failure">
      <MessageBar
        intent="error"
        title={t("errors.paneTitle")}
        actions={<Button onClick={reload}>{t("common.reload")}</Button>}
      >
        {t("errors.paneUnexpected")}
      </MessageBar>
    </div>
  );
}

interface BoundaryState {
  /** "render": the screens threw while drawing; "background": something else failed. */
  failed: "render" | "background" | null;
}

export class ErrorBoundary extends Component<{ children?: ComponentChildren }, BoundaryState> {
  override state: BoundaryState = { failed: null };
  private readonly onFailure = () => {
    if (this.state.failed === null) this.setState({ failed: "background" });
  };

  override componentDidMount(): void {
    listeners.add(this.onFailure);
  }

  override componentWillUnmount(): void {
    listeners.delete(this.onFailure);
  }

  override componentDidCatch(error: unknown): void {
    log.error("Unexpected failure (render).", error);
    this.setState({ failed: "render" });
  }

  override render() {
    if (this.state.failed === "render") return <UnexpectedFailure />;
    return (
      <>
        {this.state.failed === "background" && <UnexpectedFailure />}
        {this.props.children}
      </>
    );
  }
}

/** Errors and rejections nobody handled, anywhere in the page, reach the boundary. */
export function watchUnhandled(target: Window): void {
  target.addEventListener("error", (event) =>
    reportUnexpected(event.error ?? event.message, "uncaught error"),
  );
  target.addEventListener("unhandledrejection", (event) =>
    reportUnexpected(event.reason, "unhandled rejection"),
  );
}

/** When start itself fails there are no screens: the bar alone, in the pane's frame. */
export function StartFailure({ theme }: { theme: ThemeName }) {
  return (
    <ThemeRoot theme={theme} class="boq-shell">
      <main class="boq-screens">
        <UnexpectedFailure />
      </main>
    </ThemeRoot>
  );
}
