// The pane's Refresh BOQ: a button and what happened. Data by props; BoqRefresh wires it to the
// runtime (and shows the outcome of the ribbon's Refresh BOQ too).
import { useEffect, useState } from "preact/hooks";
import { onRefreshOutcome, refreshBoqFormulas, type RefreshOutcome } from "../../functions/refresh";
import { t } from "../../i18n";
import { recalculateWorkbookFully } from "../../workbook/calculation";
import { Button, MessageBar } from "../components";

export interface RefreshPanelProps {
  busy: boolean;
  outcome: RefreshOutcome | undefined;
  onRefresh: () => void;
}

export function RefreshPanel({ busy, outcome, onRefresh }: RefreshPanelProps) {
  return (
    <section class="fui-stack-s" aria-label={t("boq.refreshButton")}>
      <Button name="refreshBoq" onClick={onRefresh} busy={busy} aria-describedby="boq-refresh-hint">
        {busy ? t("boq.refreshing") : t("boq.refreshButton")}
      </Button>
      <p id="boq-refresh-hint" class="fui-caption">
        {t("boq.refreshHint")}
      </p>
      {outcome && (
        <div data-testid="refresh-outcome">
          <MessageBar intent={outcome.ok ? "success" : "error"}>
            {outcome.ok ? t("boq.refreshDone") : outcome.message}
          </MessageBar>
        </div>
      )}
    </section>
  );
}

/** The panel bound to the runtime. */
export function BoqRefresh({
  recalculate = recalculateWorkbookFully,
}: {
  recalculate?: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<RefreshOutcome | undefined>(undefined);
  useEffect(() => onRefreshOutcome(setOutcome), []);
  const onRefresh = (): void => {
    setBusy(true);
    void refreshBoqFormulas(recalculate).finally(() => setBusy(false));
  };
  return <RefreshPanel busy={busy} outcome={outcome} onRefresh={onRefresh} />;
}
