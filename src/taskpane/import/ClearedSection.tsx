// The values the platform cleared in the job on screen (an import sent from this pane): a warning
// naming the positions, the fields and the values they had, with "Restore the previous values".
// Nothing is shown for a job whose body this pane does not have: it would be a guess.
import { useMemo } from "preact/hooks";
import { t } from "../../i18n";
import { Button, MessageBar } from "../components";
import { FIELD_KEY, shownValue } from "./RestoreScreen";
import { run, type ScreenProps } from "./screen";

/** Positions named in the warning; the rest are in the log's Cleared sheet. */
export const CLEARED_SHOWN = 10;

export function ClearedSection({ state, pipeline }: Pick<ScreenProps, "state" | "pipeline">) {
  // Computed once per log: the body and the log may hold 300k positions.
  const cleared = useMemo(() => pipeline.cleared(), [state.log.log, state.job.jobId]);
  if (cleared === null || cleared.length === 0) return null;
  const shown = cleared.slice(0, CLEARED_SHOWN);
  return (
    <>
      <MessageBar intent="warning">
        <div class="fui-stack-s" data-testid="import-cleared">
          <span>{t("restore.clearedTitle", { count: cleared.length })}</span>
          <ul class="boq-import-list">
            {shown.map((c) => (
              <li key={c.index}>
                {`${c.code}: ${c.values
                  .map((v) =>
                    t("restore.clearedValue", { field: t(FIELD_KEY[v.field]), value: shownValue(v.before) }),
                  )
                  .join(", ")}`}
              </li>
            ))}
          </ul>
          {cleared.length > shown.length && (
            <span>{t("restore.clearedMore", { count: cleared.length - shown.length })}</span>
          )}
          <span class="fui-caption">{t("restore.clearedWhy")}</span>
          {state.log.written?.cleared !== undefined && (
            <Button
              appearance="link"
              class="boq-import-link"
              name="openCleared"
              onClick={() =>
                run(() => pipeline.selectProblem({ sheet: state.log.written?.cleared ?? "", cell: "A1" }))
              }
            >
              {t("import.openSheet", { what: t("restore.sumCleared"), sheet: state.log.written.cleared })}
            </Button>
          )}
        </div>
      </MessageBar>
      <div class="fui-row">
        <Button name="restoreValues" onClick={() => pipeline.offerRestore()}>
          {t("restore.restoreButton")}
        </Button>
      </div>
    </>
  );
}
