// What Compare with… shows of the difference before anything is inserted: both totals, the change
// in cost and in per cent, the rows by kind of change, the top-level sections that changed most,
// or why there is no comparison (in words). Data by props.
import type { BoqChange } from "../../boq/compare";
import { localeOf, t, type MessageKey } from "../../i18n";
import "../../i18n/deferred"; // the navigator's messages load with this module
import "../../i18n/deferredBoq"; // the comparison's and the BOQ sheet's messages load with this module
import { MessageBar, Spinner } from "../components";
import { money } from "./Details";
import type { ComparisonPreview, Loaded } from "../../boqsheet";

export type ComparePreviewState = Loaded<ComparisonPreview>;

/** A change in cost with its sign: +722,000.00 or −68,000.00. */
export function signedMoney(value: number): string {
  return new Intl.NumberFormat(localeOf(), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: "exceptZero",
  }).format(value);
}

function signedPercent(ratio: number | null): string {
  if (ratio === null) return t("boqnav.compareNoBase");
  return new Intl.NumberFormat(localeOf(), {
    style: "percent",
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: "exceptZero",
  }).format(ratio);
}

/** Cost up is drawn as a warning to an estimator, cost down as good news; the sign says it too. */
function trend(value: number): string {
  return value > 0 ? "boq-cmp-up" : value < 0 ? "boq-cmp-down" : "";
}

const COUNTED: ReadonlyArray<[BoqChange, MessageKey]> = [
  ["added", "boqnav.compareAdded"],
  ["removed", "boqnav.compareRemoved"],
  ["changed", "boqnav.compareChanged"],
  ["moved", "boqnav.compareMoved"],
  ["unchanged", "boqnav.compareUnchangedRows"],
];

function Pair({ term, value, tone }: { term: string; value: string; tone?: string }) {
  return (
    <div class="boq-nav-pair">
      <dt>{term}</dt>
      <dd class={tone}>{value}</dd>
    </div>
  );
}

export function ComparePreviewPanel({ state }: { state: ComparePreviewState }) {
  return (
    <section
      class="boq-nav-card"
      aria-labelledby="boq-cmp-preview-title"
      data-testid="compare-preview"
      aria-busy={state.kind === "loading"}
    >
      <h4 id="boq-cmp-preview-title" class="fui-body-strong boq-nav-h3">
        {t("boqnav.compareDifference")}
      </h4>
      {state.kind === "loading" && <Spinner label={t("boqnav.compareLoading")} />}
      {state.kind === "refused" && (
        <MessageBar
          intent="error"
          details={state.reason ? t("boqnav.platformSays", { reason: state.reason }) : undefined}
        >
          {t("boqnav.compareRefused", { scheme: state.scheme })}
        </MessageBar>
      )}
      {state.kind === "failed" && (
        <MessageBar intent="error" details={state.details}>
          {state.message}
        </MessageBar>
      )}
      {state.kind === "ready" && <Facts preview={state.preview} />}
    </section>
  );
}

function Facts({ preview }: { preview: ComparisonPreview }) {
  const number = new Intl.NumberFormat(localeOf());
  const { counts } = preview;
  const same = counts.added + counts.removed + counts.changed + counts.moved === 0;
  return (
    <>
      <dl class="boq-nav-pairs boq-cmp-totals" data-testid="compare-totals">
        <Pair term={t("boqnav.compareTotalA")} value={money(preview.totalA)} />
        <Pair term={t("boqnav.compareTotalB")} value={money(preview.totalB)} />
        <Pair
          term={t("boqnav.compareDelta")}
          value={signedMoney(preview.deltaTotal)}
          tone={trend(preview.deltaTotal)}
        />
        <Pair
          term={t("boqnav.compareDeltaPercent")}
          value={signedPercent(preview.deltaRatio)}
          tone={trend(preview.deltaTotal)}
        />
        {preview.currency && <Pair term={t("boqnav.currency")} value={preview.currency} />}
      </dl>
      {same ? (
        <MessageBar intent="info">{t("compare.noDifference")}</MessageBar>
      ) : (
        <>
          <p id="boq-cmp-counts-title" class="fui-caption boq-nav-h3">
            {t("boqnav.compareCounts")}
          </p>
          <ul class="boq-cmp-counts" data-testid="compare-counts" aria-labelledby="boq-cmp-counts-title">
            {COUNTED.map(([kind, label]) => (
              <li key={kind} class={`boq-cmp-count boq-cmp-${kind}`}>
                <span class="boq-cmp-count-n">{number.format(counts[kind])}</span>
                <span class="fui-caption">{t(label)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {preview.unitChanged > 0 && (
        <p class="fui-caption boq-nav-h3">{t("boqnav.compareUnitChanged", { count: preview.unitChanged })}</p>
      )}
      {preview.sections.length === 0 ? (
        !same && <p class="fui-caption boq-nav-h3">{t("boqnav.compareSectionsNone")}</p>
      ) : (
        <table class="boq-nav-table boq-cmp-sections" data-testid="compare-sections">
          <caption class="fui-caption">{t("boqnav.compareSections")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("boqnav.compareColSection")}</th>
              <th scope="col" class="boq-nav-num">
                {t("boqnav.compareColDelta")}
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.sections.map((s, i) => (
              <tr key={`${i}:${s.code}`}>
                <td>
                  <span class="boq-nav-code">{s.code}</span> {s.name}
                </td>
                <td class={`boq-nav-num ${trend(s.deltaTotal)}`}>{signedMoney(s.deltaTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {preview.moreSections > 0 && (
        <p class="fui-caption boq-nav-h3">
          {t("boqnav.compareMoreSections", { count: preview.moreSections })}
        </p>
      )}
    </>
  );
}
