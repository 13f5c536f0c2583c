// "Refresh this BOQ sheet": pulls the active BOQ sheet's bill of quantities again into the same
// sheet, in place. When that would replace what the estimator typed (or the sheet has the earlier
// layout) the panel lists it and asks; afterwards it says which rows changed (old → new). Shown at
// the top of the BOQ tab, so its answers appear where the user is looking; they are announced to
// screen readers, and a question takes the focus. Data by props; the Excel and platform calls come
// in as `refresh` (src/boqsheet).
import { useEffect, useRef, useState } from "preact/hooks";
import { NotABoqSheetError, type RefreshedBoqSheet, type SheetRefreshStep } from "../../boqsheet";
import { errorDetails, errorText, t } from "../../i18n";
import "../../i18n/deferredBoq"; // the comparison's and the BOQ sheet's messages load with this module
import { Button, MessageBar } from "../components";
import { changeLines, listed, lostLines, summary, typedLines } from "./sheetRefreshWords";

type State =
  | { kind: "idle" }
  | { kind: "done"; result: RefreshedBoqSheet }
  | { kind: "ask"; step: Exclude<SheetRefreshStep, { kind: "done" }> }
  | { kind: "cancelled" }
  | { kind: "error"; text: string; details?: string | undefined };

export interface SheetRefreshPanelProps {
  refresh: () => Promise<SheetRefreshStep>;
}

function refreshFailureText(error: unknown): string {
  // Not a BOQ sheet: the sentence says what to do; anything else is a failure.
  return error instanceof NotABoqSheetError
    ? errorText(error, { plain: true })
    : t("boq.sheetRefreshFailed", { message: errorText(error, { plain: true }) });
}

function Lines({ lines, label }: { lines: readonly string[]; label: string }) {
  const { shown, more } = listed(lines);
  return (
    <>
      <ul class="fui-lines" aria-label={label}>
        {shown.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {more && <p class="fui-caption">{more}</p>}
    </>
  );
}

function Question({
  step,
  busy,
  onProceed,
  onCancel,
}: {
  step: Exclude<SheetRefreshStep, { kind: "done" }>;
  busy: boolean;
  onProceed: () => void;
  onCancel: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The question takes the focus: the keyboard is on its buttons' doorstep, the reader reads it.
  useEffect(() => heading.current?.focus(), []);
  const title = step.kind === "rebuild" ? t("boqSheet.askRebuildHeading") : t("boqSheet.askTypedHeading");
  return (
    <div
      class="fui-stack-s"
      role="group"
      aria-labelledby="sheet-refresh-question"
      data-testid="sheet-refresh-question"
    >
      <h3 id="sheet-refresh-question" class="fui-subtitle" tabIndex={-1} ref={heading}>
        {title}
      </h3>
      {step.kind === "rebuild" && (
        <MessageBar intent="warning">{t("boqSheet.askRebuildText", { sheet: step.sheetName })}</MessageBar>
      )}
      {step.kind === "confirm" && step.typedOver.length > 0 && (
        <>
          <p>{t("boqSheet.askTypedIntro")}</p>
          <Lines lines={typedLines(step.typedOver)} label={title} />
        </>
      )}
      {step.kind === "confirm" && step.lost.length > 0 && (
        <>
          <p>{t("boqSheet.lostIntro")}</p>
          <Lines lines={lostLines(step.lost)} label={t("boqSheet.lostIntro")} />
        </>
      )}
      <div class="fui-row">
        <Button appearance="primary" name="sheetRefreshProceed" busy={busy} onClick={onProceed}>
          {step.kind === "rebuild" ? t("boqSheet.rebuild") : t("boqSheet.replace")}
        </Button>
        <Button name="sheetRefreshCancel" disabled={busy} onClick={onCancel}>
          {t("boqSheet.cancel")}
        </Button>
      </div>
    </div>
  );
}

export function SheetRefreshPanel({ refresh }: SheetRefreshPanelProps) {
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState<State>({ kind: "idle" });
  const section = useRef<HTMLElement>(null);
  // Once the question is answered the keyboard goes back to the button (the question is gone).
  const backToButton = (): void =>
    section.current?.querySelector<HTMLButtonElement>('button[name="refreshBoqSheet"]')?.focus();
  const run = (work: () => Promise<SheetRefreshStep>, then?: () => void): void => {
    setBusy(true);
    work()
      .then(
        (step) =>
          setState(step.kind === "done" ? { kind: "done", result: step.result } : { kind: "ask", step }),
        (error: unknown) =>
          setState({ kind: "error", text: refreshFailureText(error), details: errorDetails(error) }),
      )
      .finally(() => {
        setBusy(false);
        if (then) setTimeout(then, 0);
      });
  };
  const onRefresh = (): void => {
    setState({ kind: "idle" });
    run(refresh);
  };
  const onProceed = (): void => {
    if (state.kind !== "ask") return;
    const { proceed } = state.step;
    run(() => proceed().then((result): SheetRefreshStep => ({ kind: "done", result })), backToButton);
  };
  const asking = state.kind === "ask";
  return (
    <section class="fui-stack-s" aria-label={t("boqSheet.refreshButton")} ref={section}>
      <Button
        name="refreshBoqSheet"
        onClick={onRefresh}
        busy={busy && !asking}
        disabled={asking}
        aria-describedby="boq-sheet-refresh-hint"
      >
        {busy && !asking ? t("boqSheet.refreshing") : t("boqSheet.refreshButton")}
      </Button>
      <p id="boq-sheet-refresh-hint" class="fui-caption">
        {t("boqSheet.refreshHint")}
      </p>
      <div data-testid="sheet-refresh-outcome" aria-live="polite">
        {state.kind === "ask" && (
          <Question
            step={state.step}
            busy={busy}
            onProceed={onProceed}
            onCancel={() => {
              setState({ kind: "cancelled" });
              setTimeout(backToButton, 0);
            }}
          />
        )}
        {state.kind === "cancelled" && <MessageBar intent="info">{t("boqSheet.cancelled")}</MessageBar>}
        {state.kind === "error" && (
          <MessageBar intent="error" details={state.details}>
            {state.text}
          </MessageBar>
        )}
        {state.kind === "done" && (
          <div class="fui-stack-s">
            <MessageBar intent="success">{summary(state.result)}</MessageBar>
            {changeLines(state.result).length > 0 && (
              <Lines lines={changeLines(state.result)} label={t("boqSheet.changesHeading")} />
            )}
          </div>
        )}
      </div>
    </section>
  );
}
