// The pane's Refresh BOQ: a button and what happened. Data by props; BoqRefresh keeps the state of
// the refresh it is given (and shows the outcome of the ribbon's Refresh BOQ too).
import { useEffect, useState } from "preact/hooks";
import type { RefreshOutcome } from "../../boqsheet";
import { t } from "../../i18n";
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

export interface BoqRefreshProps {
  /** Forgets the kept results and recalculates; never rejects (the outcome says how it went). */
  refresh: () => Promise<RefreshOutcome>;
  /** Every refresh's outcome, the ribbon's included; returns unsubscribe. */
  subscribe: (listener: (outcome: RefreshOutcome) => void) => () => void;
}

/** The panel with its state: busy while a refresh runs, the last outcome of any refresh. */
export function BoqRefresh({ refresh, subscribe }: BoqRefreshProps) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<RefreshOutcome | undefined>(undefined);
  useEffect(() => subscribe(setOutcome), [subscribe]);
  const onRefresh = (): void => {
    setBusy(true);
    void refresh().finally(() => setBusy(false));
  };
  return <RefreshPanel busy={busy} outcome={outcome} onRefresh={onRefresh} />;
}
