// "Refresh this BOQ sheet": pulls the active BOQ sheet's bill of quantities again into the same
// sheet and says how many rows were added, removed and changed. Data by props; the Excel and
// platform calls come in as `refresh` (src/boqsheet).
import { useState } from "preact/hooks";
import { failureText } from "../../boqdata";
import { NotABoqSheetError, type RefreshedBoqSheet } from "../../boqsheet";
import { t } from "../../i18n";
import { Button, MessageBar } from "../components";

type Outcome = { intent: "success" | "error"; text: string } | undefined;

export interface SheetRefreshPanelProps {
  refresh: () => Promise<RefreshedBoqSheet>;
}

function describe({ sheetName, change }: RefreshedBoqSheet): string {
  if (change.added === 0 && change.removed === 0 && change.changed === 0)
    return t("boq.sheetRefreshedSame", { sheet: sheetName });
  return t("boq.sheetRefreshed", { sheet: sheetName, ...change });
}

export function SheetRefreshPanel({ refresh }: SheetRefreshPanelProps) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(undefined);
  const onRefresh = (): void => {
    setBusy(true);
    setOutcome(undefined);
    refresh()
      .then(
        (done) => setOutcome({ intent: "success", text: describe(done) }),
        (error: unknown) =>
          setOutcome({
            intent: "error",
            // Not a BOQ sheet: the sentence says what to do; anything else is a failure.
            text:
              error instanceof NotABoqSheetError
                ? failureText(error)
                : t("boq.sheetRefreshFailed", { message: failureText(error) }),
          }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <section class="fui-stack-s" aria-label={t("boq.sheetRefreshButton")}>
      <Button
        name="refreshBoqSheet"
        onClick={onRefresh}
        busy={busy}
        aria-describedby="boq-sheet-refresh-hint"
      >
        {busy ? t("boq.sheetRefreshing") : t("boq.sheetRefreshButton")}
      </Button>
      <p id="boq-sheet-refresh-hint" class="fui-caption">
        {t("boq.sheetRefreshHint")}
      </p>
      {outcome && (
        <div data-testid="sheet-refresh-outcome">
          <MessageBar intent={outcome.intent}>{outcome.text}</MessageBar>
        </div>
      )}
    </section>
  );
}
