// Insert formula's question when the cells it will fill hold anything, and its report of what the
// cell shows once written. Data by props.
import { t } from "../../i18n";
import "../../i18n/deferred"; // the navigator's messages load with this module
import type { FormulaTarget } from "../../workbook";
import { Button, MessageBar } from "../components";
import type { FormulaOutcome, Notice } from "../../boqsheet";

/** A notice of the navigator (src/boqsheet's); `details` under "Show details". */
export type { Notice } from "../../boqsheet";

export interface FormulaAskProps {
  target: FormulaTarget;
  onInsert: () => void;
  onCancel: () => void;
  /** What the formula spills: the bill of quantities (default) or a comparison of two. */
  what?: "boq" | "comparison";
}

export function FormulaAsk({ target, onInsert, onCancel, what = "boq" }: FormulaAskProps) {
  const inTheWay = target.occupied ?? "";
  return (
    <div data-testid="formula-ask">
      <MessageBar
        intent="warning"
        actions={
          <>
            <Button appearance="primary" name="insertAnyway" onClick={onInsert}>
              {t("boqnav.insertAnyway")}
            </Button>
            <Button name="cancelInsert" onClick={onCancel}>
              {t("boqnav.cancel")}
            </Button>
          </>
        }
      >
        {target.targetFilled
          ? t("boqnav.targetFilled", { address: target.address })
          : t(what === "boq" ? "boqnav.spillFilled" : "boqnav.compareSpillFilled", {
              occupied: inTheWay,
              area: target.area,
            })}{" "}
        {t("boqnav.askInsert")}
      </MessageBar>
    </div>
  );
}

/** The pane's report of what the cell shows after the formula was written. */
export function outcomeNotice(outcome: FormulaOutcome, what: "boq" | "comparison" = "boq"): Notice {
  const headers = outcome.headersChosen
    ? ` ${t("headers.chosen", { language: t("headers.languageName", {}, outcome.headersChosen) })}`
    : "";
  const note = (outcome.textFormatChanged ? ` ${t("boqnav.textFormatChanged")}` : "") + headers;
  const { address } = outcome;
  switch (outcome.kind) {
    case "spill":
      return {
        intent: "success",
        text:
          (what === "boq"
            ? t("boqnav.outcomeSpill", { address, count: outcome.rows, columns: outcome.columns })
            : t("boqnav.compareOutcomeSpill", { address, count: outcome.rows })) + note,
      };
    case "error":
      return {
        intent: "error",
        text: t("boqnav.outcomeError", { address, error: outcome.error, message: outcome.message }) + note,
      };
    case "busy":
      return { intent: "warning", text: t("boqnav.outcomeBusy", { address }) + note };
  }
}
