// What the navigator shows of a chosen analysis (status, date, total cost, description) and the
// preview of its bill of quantities before anything is inserted (rows, levels, total, currency,
// the first rows), or why the platform refused it. Totals are src/boq/totals's rule; where the
// platform's full total of a section differs, both stand labelled. Data by props.
import { analysisStatusText, type AnalysisChoice, type BoqPreview } from "../../boqdata";
import { localeOf, t } from "../../i18n";
import "../../i18n/deferred"; // the navigator's messages load with this module
import { MessageBar, Spinner } from "../components";
import type { Loaded } from "../../boqsheet";

export function statusWords(status: number | undefined): string {
  return status === undefined ? t("boqnav.none") : analysisStatusText(status);
}

export function dateWords(text: string): string {
  const ms = Date.parse(text);
  if (!text || Number.isNaN(ms)) return text || t("boqnav.none");
  return new Intl.DateTimeFormat(localeOf(), { dateStyle: "medium" }).format(new Date(ms));
}

/** How a BOQ sheet names the analysis: its version and when it ran, to the minute. */
export function analysisLabel(a: AnalysisChoice): string {
  const date = a.date && !Number.isNaN(Date.parse(a.date)) ? new Date(a.date) : a.date;
  return t("boq.navAnalysisOption", { version: a.version, date });
}

export function money(value: number | undefined): string {
  if (value === undefined) return t("boqnav.none");
  return new Intl.NumberFormat(localeOf(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value,
  );
}

function Pair({ term, value }: { term: string; value: string }) {
  return (
    <div class="boq-nav-pair">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

export function AnalysisDetails({ analysis }: { analysis: AnalysisChoice }) {
  return (
    <section class="boq-nav-card" aria-labelledby="boq-nav-details-title">
      <h3 id="boq-nav-details-title" class="fui-body-strong boq-nav-h3">
        {t("boqnav.details")}
      </h3>
      <dl class="boq-nav-pairs" data-testid="analysis-details">
        <Pair term={t("boqnav.status")} value={statusWords(analysis.status)} />
        <Pair term={t("boqnav.ranOn")} value={dateWords(analysis.date)} />
        <Pair term={t("boqnav.totalCost")} value={money(analysis.totalCost)} />
        <Pair term={t("boqnav.description")} value={analysis.description || t("boqnav.none")} />
      </dl>
    </section>
  );
}

export type PreviewState = Loaded<BoqPreview>;

export function PreviewPanel({ state }: { state: PreviewState }) {
  return (
    <section
      class="boq-nav-card"
      aria-labelledby="boq-nav-preview-title"
      data-testid="boq-preview"
      aria-busy={state.kind === "loading"}
    >
      <h3 id="boq-nav-preview-title" class="fui-body-strong boq-nav-h3">
        {t("boqnav.preview")}
      </h3>
      {state.kind === "loading" && <Spinner label={t("boqnav.previewLoading")} />}
      {state.kind === "refused" && (
        <MessageBar
          intent="error"
          details={state.reason ? t("boqnav.platformSays", { reason: state.reason }) : undefined}
        >
          {t("boqnav.refused", { scheme: state.scheme })}
        </MessageBar>
      )}
      {state.kind === "failed" && (
        <MessageBar intent="error" details={state.details}>
          {state.message}
        </MessageBar>
      )}
      {state.kind === "ready" && <PreviewFacts preview={state.preview} />}
    </section>
  );
}

function PreviewFacts({ preview }: { preview: BoqPreview }) {
  return (
    <>
      <dl class="boq-nav-pairs">
        <Pair term={t("boqnav.rows")} value={new Intl.NumberFormat(localeOf()).format(preview.rowCount)} />
        <Pair term={t("boqnav.levels")} value={String(preview.levels)} />
        {preview.platformTotalCost === undefined ? (
          <Pair term={t("boqnav.totalCost")} value={money(preview.totalCost)} />
        ) : (
          // The platform's own figure differs from the sum of the rows: both, each with its label.
          <>
            <Pair term={t("boqnav.totalSum")} value={money(preview.totalCost)} />
            <Pair term={t("boqnav.platformFullTotal")} value={money(preview.platformTotalCost)} />
          </>
        )}
        {preview.currency && <Pair term={t("boqnav.currency")} value={preview.currency} />}
      </dl>
      <table class="boq-nav-table">
        <caption class="fui-caption">{t("boqnav.firstRows")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("boqnav.colCode")}</th>
            <th scope="col">{t("boqnav.colName")}</th>
            <th scope="col" class="boq-nav-num">
              {t("boqnav.colTotal")}
            </th>
          </tr>
        </thead>
        <tbody>
          {preview.firstRows.map((row, i) => (
            <tr key={`${i}:${row.code}`}>
              <td class="boq-nav-code" style={{ paddingLeft: `${(row.level - 1) * 8 + 4}px` }}>
                {row.code}
              </td>
              <td>{row.name}</td>
              <td class="boq-nav-num">
                {row.platformTotal === undefined ? (
                  money(row.total)
                ) : (
                  <>
                    <div>{t("boqnav.rowSum", { amount: money(row.total) })}</div>
                    <div class="fui-caption" data-testid="preview-platform-total">
                      {t("boqnav.rowPlatformFull", { amount: money(row.platformTotal) })}
                    </div>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
