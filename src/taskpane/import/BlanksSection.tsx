// After the job: each value the preview said a blank may clear ("may clear price (was 8,150)"),
// with what the platform did, read from the log (kept, cleared, changed). Only for a job sent from
// this pane's preview; the cleared ones are also in ClearedSection, with Restore.
import { useMemo } from "preact/hooks";
import { selectClearOutcomes, type ClearOutcome } from "../../import";
import { t, type MessageKey } from "../../i18n";
import type { ScreenProps } from "./screen";

/** Values named on screen; the rest are counted (and listed in the log's summary). */
export const BLANKS_SHOWN = 10;

const FIELD: Record<ClearOutcome["field"], MessageKey> = {
  Price: "prediction.fieldPrice",
  Unit: "prediction.fieldUnit",
  CurrencyCharCode: "prediction.fieldCurrencyCharCode",
};

function verdictWords(b: ClearOutcome): string {
  if (b.verdict === "kept") return t("prediction.verdictKept");
  if (b.verdict === "cleared") return t("prediction.verdictCleared");
  return t("prediction.verdictChanged", { value: b.now });
}

export function BlanksSection({ state }: Pick<ScreenProps, "state">) {
  // Computed once per log and dry run: both may hold 300k positions.
  const blanks = useMemo(() => selectClearOutcomes(state), [state.log.log, state.send.prediction]);
  if (blanks.length === 0) return null;
  const shown = blanks.slice(0, BLANKS_SHOWN);
  return (
    <div class="fui-stack-s" data-testid="import-blanks">
      <span class="fui-text">{t("prediction.blanksTitle")}</span>
      <ul class="boq-import-list">
        {shown.map((b) => (
          <li key={`${b.index}-${b.field}`} class="fui-caption" data-verdict={b.verdict}>
            {t("prediction.blankVerdict", {
              code: b.code,
              field: t(FIELD[b.field]),
              value: b.was,
              verdict: verdictWords(b),
            })}
          </li>
        ))}
      </ul>
      {blanks.length > shown.length && (
        <span class="fui-caption">{t("prediction.more", { count: blanks.length - shown.length })}</span>
      )}
    </div>
  );
}
