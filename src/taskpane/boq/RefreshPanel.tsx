// The pane's Refresh BOQ: a button and what happened. Data by props; BoqRefresh keeps the state of
// the refresh it is given (and shows the outcome of the ribbon's Refresh BOQ too).
import { useEffect, useState } from "preact/hooks";
import type { RefreshCounts, RefreshOutcome } from "../../boqsheet";
import { t } from "../../i18n";
import { Button, MessageBar } from "../components";

/** Cells named in a list at most; the rest are counted. */
const MAX_CELLS_LISTED = 20;

/** A list of cells (with what each shows), the first MAX_CELLS_LISTED of them. */
function CellList({ lines, testId }: { lines: string[]; testId: string }) {
  const shown = lines.slice(0, MAX_CELLS_LISTED);
  return (
    <ul class="fui-caption" data-testid={testId}>
      {shown.map((line) => (
        <li key={line}>{line}</li>
      ))}
      {lines.length > shown.length && (
        <li>{t("boq.refreshMoreCells", { count: lines.length - shown.length })}</li>
      )}
    </ul>
  );
}

/** What a refresh Excel carried out counted: how many cells answered, which failed, which are unknown. */
function CountedOutcome({ counts }: { counts: RefreshCounts }) {
  const { total, refreshed, failed, unanswered } = counts;
  const whole = failed.length === 0 && unanswered.length === 0;
  const headline =
    total === 0
      ? t("boq.refreshNone")
      : whole
        ? t("boq.refreshAllDone", { count: total })
        : t("boq.refreshSome", { refreshed, count: total });
  return (
    <MessageBar intent={total === 0 ? "info" : whole ? "success" : "warning"}>
      <p data-testid="refresh-count">{headline}</p>
      {failed.length > 0 && (
        <>
          <p>{t("boq.refreshCellsFailed", { count: failed.length })}</p>
          <CellList
            testId="refresh-failed"
            lines={failed.map((cell) =>
              t("boq.refreshCellLine", { address: cell.address, message: cell.message }),
            )}
          />
        </>
      )}
      {unanswered.length > 0 && (
        <>
          <p>{t("boq.refreshCellsUnknown", { count: unanswered.length })}</p>
          <CellList testId="refresh-unknown" lines={unanswered} />
        </>
      )}
    </MessageBar>
  );
}

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
          {outcome.ok ? (
            <CountedOutcome counts={outcome} />
          ) : (
            <MessageBar intent="error">{outcome.message}</MessageBar>
          )}
        </div>
      )}
    </section>
  );
}

export interface BoqRefreshProps {
  /** Forgets the kept results, re-invokes every PLATFORM cell and counts the answers; never rejects. */
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
