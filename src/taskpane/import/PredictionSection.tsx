// The preview's dry run: the predicted outcome per category with the rows behind each count, the
// positions whose blank cells or unmapped columns the platform may clear, and the rows hanging
// under a parent code that is neither in the list nor known to be in the catalog. Every sentence
// says only what the add-in can know (src/import's predict.ts).
import { useState } from "preact/hooks";
import {
  blankCellRows,
  blankFieldCounts,
  blankFieldsOf,
  clearingRows,
  clearsOf,
  listRows,
  PREDICTED_OUTCOMES,
  type BlankableField,
  type ImportState,
  type PredictedOutcome,
  type PreviewPrediction,
} from "../../import";
import { t, type MessageKey } from "../../i18n";
import { Button, MessageBar, Spinner } from "../components";
import { AddParentsButton } from "./MissingParents";
import { run, type ImportActions } from "./screen";

const FIELD_WORD: Record<BlankableField, MessageKey> = {
  Price: "prediction.fieldPrice",
  Unit: "prediction.fieldUnit",
  CurrencyCharCode: "prediction.fieldCurrencyCharCode",
};

export function fieldWords(fields: readonly BlankableField[]): string {
  return fields.map((f) => t(FIELD_WORD[f])).join(t("prediction.fieldsJoin"));
}

/** A field's word at the start of a line. */
function fieldTitle(field: BlankableField): string {
  const word = t(FIELD_WORD[field]);
  return word.charAt(0).toLocaleUpperCase() + word.slice(1);
}

/** What a row may clear: "price (was 8,150), binding (was B-12; the log does not show it)". */
function clearWords(prediction: PreviewPrediction, index: number): string {
  return clearsOf(prediction, index)
    .map((c) =>
      c.field === "Binding"
        ? t("prediction.clearWasUnlogged", { field: t("prediction.fieldBinding"), value: c.was })
        : c.field === "ControlPoints"
          ? t("prediction.clearPointsUnlogged", { count: Number(c.was) })
          : t("prediction.clearWas", { field: t(FIELD_WORD[c.field]), value: c.was }),
    )
    .join(t("prediction.fieldsJoin"));
}

interface Props {
  state: ImportState;
  pipeline: Pick<ImportActions, "selectProblem" | "addMissingParents">;
}

/** A count that opens the rows behind it (the first LISTED_ROWS, then "and N more"). */
function RowsBehind({
  id,
  text,
  indexes,
  prediction,
  state,
  pipeline,
  fields = false,
}: Props & {
  id: string;
  text: string;
  indexes: readonly number[];
  prediction: PreviewPrediction;
  fields?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const listed = open ? listRows(prediction, indexes) : null;
  const codeColumn = state.check.mapping?.columns.Code;
  const sheet = state.check.source?.sheet;
  return (
    <li class="fui-text" data-testid={`prediction-${id}`}>
      <span>{text}</span>{" "}
      <Button
        appearance="link"
        size="small"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid={`prediction-${id}-toggle`}
      >
        {open ? t("prediction.hideRows") : t("prediction.showRows")}
      </Button>
      {listed && (
        <ul class="boq-import-list" data-testid={`prediction-${id}-rows`}>
          {listed.rows.map((r, k) => {
            const index = indexes[k] as number;
            const blank = fields ? blankFieldsOf(prediction, index) : [];
            const clears = clearWords(prediction, index);
            const label =
              clears !== ""
                ? t("prediction.rowClears", { row: r.row, code: r.code, clears })
                : blank.length > 0
                  ? t("prediction.rowFields", { row: r.row, code: r.code, fields: fieldWords(blank) })
                  : t("prediction.row", { row: r.row, code: r.code });
            return (
              <li key={r.row} class="fui-caption">
                {codeColumn !== undefined && sheet !== undefined ? (
                  <Button
                    appearance="link"
                    size="small"
                    onClick={() =>
                      run(() => pipeline.selectProblem({ sheet, cell: `${codeColumn}${r.row}` }))
                    }
                  >
                    {label}
                  </Button>
                ) : (
                  label
                )}
              </li>
            );
          })}
          {listed.more > 0 && <li class="fui-caption">{t("prediction.more", { count: listed.more })}</li>}
        </ul>
      )}
    </li>
  );
}

const OUTCOME_KEY: Record<PredictedOutcome, MessageKey> = {
  update: "prediction.update",
  unchanged: "prediction.unchanged",
  mayClear: "prediction.mayClear",
  updateByCode: "prediction.updateByCode",
  insertOrUpdate: "prediction.insertOrUpdate",
  unknown: "prediction.unknown",
  unknownParent: "prediction.unknownParent",
  ignoredRepeated: "prediction.ignoredRepeated",
  ignoredCodeTaken: "prediction.ignoredCodeTaken",
};

/**
 * `offerAdd`: the missing parents' warning and the "Add the missing parents" button under the
 * counts (not while Import asks: its question says the same, with its own button).
 */
export function PredictionSection({ state, pipeline, offerAdd = true }: Props & { offerAdd?: boolean }) {
  const prediction = state.send.prediction;
  const send = state.send.summary;
  if (send === null) return null;
  if (prediction === null) {
    return (
      <section class="fui-stack-s" data-testid="import-prediction" aria-busy="true">
        <h3 class="fui-subtitle">{t("prediction.title")}</h3>
        <Spinner label={t("prediction.predicting")} />
      </section>
    );
  }
  const outcome = prediction.outcome;
  const catalog = send.catalogName;
  const blankRows = blankCellRows(prediction);
  const blankCounts = blankFieldCounts(prediction);
  const clearing = clearingRows(prediction);
  const missing = outcome.missingParents;
  return (
    <section class="fui-stack-s" data-testid="import-prediction">
      <h3 class="fui-subtitle">{t("prediction.title")}</h3>
      <p class="fui-caption" data-testid="prediction-basis">
        {prediction.storeFailed
          ? t("prediction.storeFailed")
          : outcome.hasBaseline
            ? t("prediction.basis", { catalog })
            : t("prediction.noBaseline", { catalog })}
      </p>
      <ul class="boq-import-list">
        {PREDICTED_OUTCOMES.filter((o) => outcome.counts[o] > 0).map((o) => (
          <RowsBehind
            key={o}
            id={o}
            text={t(OUTCOME_KEY[o], { count: outcome.counts[o] })}
            indexes={outcome.rows[o]}
            prediction={prediction}
            state={state}
            pipeline={pipeline}
          />
        ))}
        {outcome.deletions.length > 0 && (
          <li class="fui-text" data-testid="prediction-deletions">
            {t("prediction.deletions", { count: outcome.deletions.length })}
          </li>
        )}
      </ul>
      {missing.length > 0 && offerAdd && (
        <MessageBar intent="warning">
          <span data-testid="prediction-missing">
            {missing.length === 1
              ? t("prediction.missingSummaryOne", {
                  count: outcome.counts.unknownParent,
                  parent: missing[0]?.code ?? "",
                })
              : t("prediction.missingSummary", {
                  count: outcome.counts.unknownParent,
                  parents: missing
                    .slice(0, 5)
                    .map((m) => `“${m.code}”`)
                    .join(", "),
                })}
          </span>
        </MessageBar>
      )}
      {offerAdd && <AddParentsButton state={state} pipeline={pipeline} />}
      {blankCounts.length > 0 && (
        <div class="fui-stack-s" data-testid="prediction-blank">
          <h4 class="fui-text">{t("prediction.blankTitle")}</h4>
          <p class="fui-caption">{t("prediction.blankPlatform")}</p>
          <ul class="boq-import-list">
            {blankCounts.map((b) => (
              <li
                key={b.field}
                class="fui-text"
                data-testid={b.unmapped ? `prediction-unmapped-${b.field}` : `prediction-blank-${b.field}`}
              >
                {t(b.unmapped ? "prediction.fieldUnmapped" : "prediction.fieldBlank", {
                  field: fieldTitle(b.field),
                  count: b.rows,
                })}
              </li>
            ))}
            {clearing.length > 0 && (
              <RowsBehind
                id="clearing"
                text={t("prediction.clearing", { count: clearing.length })}
                indexes={clearing}
                prediction={prediction}
                state={state}
                pipeline={pipeline}
              />
            )}
            {blankRows.length > 0 && (
              <RowsBehind
                id="blankCells"
                text={t("prediction.blankCells", { count: blankRows.length })}
                indexes={blankRows}
                prediction={prediction}
                state={state}
                pipeline={pipeline}
                fields
              />
            )}
          </ul>
        </div>
      )}
    </section>
  );
}
