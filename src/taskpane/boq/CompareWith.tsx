// The navigator's Compare with…: from the BOQ chosen above, pick a second version or analysis (the
// same model and scheme by default, or another model of the project), see the difference before
// anything is inserted (both totals, the change in cost and per cent, the rows by kind of change,
// the sections that changed most), then insert the comparison sheet or the PLATFORM.BOQDIFF
// formula (asking first when the cells hold anything). Lists, preview and actions come in as props.
import { useEffect, useState } from "preact/hooks";
import type { Project } from "../../api/schemas";
import { projectModels, type ProjectModel } from "../../boq/lookup";
import type { AnalysisChoice } from "../../boqdata";
import { errorDetails, errorText, t } from "../../i18n";
import "../../i18n/deferred"; // the navigator's messages load with this module
import "../../i18n/deferredBoq"; // the comparison's and the BOQ sheet's messages load with this module
import type { FormulaTarget } from "../../workbook";
import { Button, Checkbox, Combobox, MessageBar, type Option } from "../components";
import {
  formulaInsert,
  loadPreviewInto,
  type CompareActions,
  type CompareChoice,
  type FormulaChoice,
  type Notice,
} from "../../boqsheet";
import { ComparePreviewPanel, type ComparePreviewState } from "./ComparePreview";
import { analysisLabel, dateWords } from "./Details";
import { FormulaAsk, outcomeNotice } from "./FormulaAsk";
import { modelKey } from "./ModelTree";

export interface CompareWithProps {
  /** The BOQ chosen in the navigator. */
  choice: FormulaChoice;
  analysis: AnalysisChoice;
  project: Project;
  model: ProjectModel;
  /** The chosen model's analyses, as the navigator listed them (newest first). */
  analyses: readonly AnalysisChoice[];
  loadAnalyses: (project: Project, model: ProjectModel, signal: AbortSignal) => Promise<AnalysisChoice[]>;
  actions: CompareActions;
}

interface Side {
  choice: FormulaChoice;
  analysis: AnalysisChoice;
}

/** "3.10" → [3, 10], so 3.10 comes after 3.9. */
function versionOrder(version: string): [number, number] {
  const [model = "0", analysis = "0"] = version.split(".");
  return [Number(model), Number(analysis)];
}

function isOlder(x: string, y: string): boolean {
  const [xm, xa] = versionOrder(x);
  const [ym, ya] = versionOrder(y);
  return xm < ym || (xm === ym && xa < ya);
}

/**
 * The analysis offered to compare with: of the same model, the newest one of an earlier model
 * version ("what changed since the last model"), else the next one listed; of another model, its
 * newest analysis that uses the scheme.
 */
function defaultOther(
  list: readonly AnalysisChoice[],
  chosen: AnalysisChoice,
  sameModel: boolean,
  scheme: string,
) {
  if (!sameModel) return (list.find((a) => usesScheme(a, scheme)) ?? list[0])?.version ?? "";
  const at = list.findIndex((a) => a.version === chosen.version);
  const [modelVersion] = versionOrder(chosen.version);
  const after = list.slice(at + 1);
  const pick =
    after.find((a) => versionOrder(a.version)[0] !== modelVersion) ??
    after[0] ??
    list.find((a) => a.version !== chosen.version);
  return pick?.version ?? "";
}

function usesScheme(analysis: AnalysisChoice, scheme: string): boolean {
  return analysis.schemes.some((s) => s.name === scheme || s.currentName === scheme);
}

function modelLabel(m: ProjectModel, same: boolean): string {
  if (same) return t("boqnav.compareThisModel", { name: m.name });
  return m.kind === "union" ? t("boqnav.compareUnionModel", { name: m.name }) : m.name;
}

function sideWords(side: Side): string {
  return t("boqnav.compareSide", { model: side.choice.model, version: side.analysis.version });
}

export function CompareWith(props: CompareWithProps) {
  const { choice, analysis, project, model, actions } = props;
  const chosenKey = modelKey(model.kind, model.id);
  const [open, setOpen] = useState(false);
  const [modelB, setModelB] = useState(chosenKey);
  const [loaded, setLoaded] = useState<AnalysisChoice[] | undefined>(undefined);
  const [versionB, setVersionB] = useState("");
  const [swapped, setSwapped] = useState(false);
  const [showUnchanged, setShowUnchanged] = useState(false);
  const [preview, setPreview] = useState<ComparePreviewState | undefined>(undefined);
  const [notice, setNotice] = useState<Notice>(undefined);
  const [ask, setAsk] = useState<FormulaTarget | undefined>(undefined);
  const [busy, setBusy] = useState<"formula" | "sheet" | undefined>(undefined);

  const models = projectModels(project);
  const other = models.find((m) => modelKey(m.kind, m.id) === modelB);
  const sameModel = modelB === chosenKey;
  const listB = sameModel ? props.analyses : loaded;

  useEffect(() => {
    setLoaded(undefined);
    if (!open || sameModel || !other) return undefined;
    const controller = new AbortController();
    props.loadAnalyses(project, other, controller.signal).then(setLoaded, (error: unknown) => {
      if (!controller.signal.aborted)
        setNotice({
          intent: "error",
          text: t("boq.navFailed", { message: errorText(error, { plain: true }) }),
          details: errorDetails(error),
        });
    });
    return () => controller.abort();
  }, [open, modelB, project.id]);

  useEffect(() => {
    setVersionB(listB ? defaultOther(listB, analysis, sameModel, choice.scheme) : "");
    setSwapped(false);
  }, [listB, modelB]);

  const analysisB = listB?.find((a) => a.version === versionB);
  const sideB: Side | undefined =
    other && analysisB
      ? {
          analysis: analysisB,
          choice: {
            ...choice,
            model: other.name,
            version: analysisB.version,
            ids: { ...choice.ids, model: other.id },
          },
        }
      : undefined;
  const chosen: Side = { choice, analysis };
  const isSame = sameModel && versionB === analysis.version;
  const schemeMissing = analysisB !== undefined && !usesScheme(analysisB, choice.scheme);
  // The older analysis of one model is A (the change reads as what happened since); another model
  // is B (a model against its successor). Swap turns either round.
  const natural: [Side, Side] | undefined = sideB
    ? sameModel && isOlder(sideB.analysis.version, analysis.version)
      ? [sideB, chosen]
      : [chosen, sideB]
    : undefined;
  const sides = natural && swapped ? ([natural[1], natural[0]] as [Side, Side]) : natural;
  const compare: CompareChoice | undefined =
    open && sides && !isSame && !schemeMissing
      ? { a: sides[0].choice, b: sides[1].choice, showUnchanged }
      : undefined;
  const compareKey = compare ? JSON.stringify(compare) : "";

  useEffect(() => {
    setPreview(undefined);
    setAsk(undefined);
    if (!compare) return undefined;
    return loadPreviewInto(
      (signal) => actions.loadComparison(compare, signal),
      compare.a.scheme,
      (message) => t("boqnav.compareFailed", { message }),
      setPreview,
    );
  }, [compareKey]);

  const ready = compare !== undefined && preview?.kind === "ready";

  const insert = formulaInsert(actions, {
    setAsk,
    setBusy: (formula) => setBusy(formula ? "formula" : undefined),
    setNotice,
    outcome: (o) => outcomeNotice(o, "comparison"),
  });
  const write = (target: FormulaTarget): void => {
    if (compare) insert.write(compare, target);
  };
  const onInsertFormula = (): void => {
    if (compare && ready) insert.start(compare);
  };

  const onInsertSheet = (): void => {
    if (!compare || !sides || !ready) return;
    const [a, b] = sides;
    setBusy("sheet");
    setNotice(undefined);
    actions
      .insertSheet({
        a: { ...a.choice, analysis: analysisLabel(a.analysis) },
        b: { ...b.choice, analysis: analysisLabel(b.analysis) },
        showUnchanged,
      })
      .then(
        (written) =>
          setNotice({
            intent: "success",
            text: t("compare.sheetInserted", { sheet: written.sheetName, rows: written.rowCount }),
          }),
        (error: unknown) =>
          setNotice({
            intent: "error",
            text: t("compare.sheetFailed", { message: errorText(error, { plain: true }) }),
            details: errorDetails(error),
          }),
      )
      .finally(() => setBusy(undefined));
  };

  const modelOptions = models.map((m): Option => ({
    value: modelKey(m.kind, m.id),
    label: modelLabel(m, modelKey(m.kind, m.id) === chosenKey),
  }));
  const analysisOptions = (listB ?? []).map((a): Option => ({
    value: a.version,
    label: t("boq.navAnalysisOption", { version: a.version, date: dateWords(a.date) }),
  }));

  return (
    <>
      <Button
        block
        name="compareWith"
        aria-expanded={open ? "true" : "false"}
        aria-controls="boq-cmp-panel"
        aria-describedby="boq-cmp-open-hint"
        onClick={() => setOpen(!open)}
      >
        {t("compare.compareWith")}
      </Button>
      <p id="boq-cmp-open-hint" class="fui-caption boq-nav-h3">
        {t("compare.compareHint")}
      </p>
      {open && (
        <section
          id="boq-cmp-panel"
          class="boq-nav-card"
          aria-labelledby="boq-cmp-title"
          data-testid="compare-with"
        >
          <h3 id="boq-cmp-title" class="fui-body-strong boq-nav-h3">
            {t("boqnav.compareTitle")}
          </h3>
          <Combobox
            key={`cmp-model:${chosenKey}`}
            label={t("boqnav.compareModel")}
            name="compareModel"
            value={modelB}
            options={modelOptions}
            onChange={(value) => value && setModelB(value)}
            noMatchText={t("boq.navNoMatch")}
          />
          <Combobox
            key={`cmp-analysis:${modelB}:${versionB}`}
            label={t("boqnav.compareAnalysis")}
            name="compareAnalysis"
            value={versionB}
            options={analysisOptions}
            onChange={(value) => {
              setVersionB(value);
              setSwapped(false);
            }}
            hint={listB === undefined ? t("boq.navLoading") : undefined}
            noMatchText={t("boq.navNoMatch")}
          />
          {isSame && <MessageBar intent="warning">{t("boqnav.compareSameAnalysis")}</MessageBar>}
          {schemeMissing && analysisB && (
            <MessageBar intent="error">
              {t("boqnav.compareSchemeMissing", {
                version: analysisB.version,
                model: other?.name ?? "",
                scheme: choice.scheme,
              })}
            </MessageBar>
          )}
          {sides && !isSame && (
            <>
              <dl class="boq-nav-pairs" data-testid="compare-sides">
                <div class="boq-nav-pair">
                  <dt>{t("boqnav.compareSideA")}</dt>
                  <dd>{sideWords(sides[0])}</dd>
                </div>
                <div class="boq-nav-pair">
                  <dt>{t("boqnav.compareSideB")}</dt>
                  <dd>{sideWords(sides[1])}</dd>
                </div>
              </dl>
              <Button
                size="small"
                name="compareSwap"
                aria-describedby={sameModel ? "boq-cmp-order-hint" : undefined}
                onClick={() => setSwapped(!swapped)}
              >
                {t("boqnav.compareSwap")}
              </Button>
              {sameModel && (
                <p id="boq-cmp-order-hint" class="fui-caption boq-nav-h3">
                  {t("boqnav.compareOrderHint")}
                </p>
              )}
              <Checkbox
                label={t("boqnav.compareUnchanged")}
                name="compareShowUnchanged"
                checked={showUnchanged}
                onChange={setShowUnchanged}
              />
            </>
          )}
          {preview && <ComparePreviewPanel state={preview} />}
          <Button
            appearance="primary"
            block
            name="insertComparisonSheet"
            disabled={!ready || busy === "formula"}
            busy={busy === "sheet"}
            onClick={onInsertSheet}
            aria-describedby="boq-cmp-sheet-hint"
          >
            {t("compare.insertSheet")}
          </Button>
          <p id="boq-cmp-sheet-hint" class="fui-caption boq-nav-h3">
            {t("compare.insertSheetHint")}
          </p>
          <Button
            block
            name="insertComparisonFormula"
            disabled={!ready || busy === "sheet" || ask !== undefined}
            busy={busy === "formula"}
            onClick={onInsertFormula}
            aria-describedby="boq-cmp-formula-hint"
          >
            {t("compare.insertFormula")}
          </Button>
          <p id="boq-cmp-formula-hint" class="fui-caption boq-nav-h3">
            {t("boqnav.compareInsertFormulaHint")}
          </p>
          {ask && (
            <FormulaAsk
              target={ask}
              what="comparison"
              onInsert={() => write(ask)}
              onCancel={() => {
                setAsk(undefined);
                setNotice({ intent: "info", text: t("boqnav.cancelled") });
              }}
            />
          )}
          {notice && (
            <div data-testid="compare-notice">
              <MessageBar intent={notice.intent} details={notice.details}>
                {notice.text}
              </MessageBar>
            </div>
          )}
        </section>
      )}
    </>
  );
}
