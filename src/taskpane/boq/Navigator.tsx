// The BOQ navigator: company → project → model (in its folder tree, union models marked) →
// version and analysis (with its status, date, total and description) → scheme as the analysis
// lists it, then a preview of the bill of quantities before anything is inserted; Insert formula
// (asking first when the cells hold anything) and Insert BOQ sheet only once the preview came.
// The lists, the preview and the actions come in as props (./runtime); this component renders.
import { useEffect, useState } from "preact/hooks";
import type { Company, Project } from "../../api/schemas";
import { projectModels, type ProjectModel } from "../../boq/lookup";
import type { AnalysisChoice, BoqPreview } from "../../boqdata";
import {
  formulaInsert,
  loadPreviewInto,
  type BoqSheetChoice,
  type CompareActions,
  type FormulaChoice,
  type FormulaOutcome,
  type Notice,
} from "../../boqsheet";
import { errorDetails, errorText, t } from "../../i18n";
import "../../i18n/deferred"; // the navigator's messages load with this module
import type { FormulaTarget } from "../../workbook";
import { Button, Combobox, MessageBar, type Option } from "../components";
import { CompareWith } from "./CompareWith";
import { AnalysisDetails, analysisLabel, dateWords, PreviewPanel, type PreviewState } from "./Details";
import { FormulaAsk, outcomeNotice } from "./FormulaAsk";
import { modelKey, ModelTree } from "./ModelTree";

export interface NavigatorProps {
  companies: readonly Company[];
  initialCompanyId: string | undefined;
  loadProjects: (companyId: string, signal: AbortSignal) => Promise<Project[]>;
  loadAnalyses: (project: Project, model: ProjectModel, signal: AbortSignal) => Promise<AnalysisChoice[]>;
  /** The BOQ of the choice through the data path the formula and the sheet use. */
  loadPreview: (choice: FormulaChoice, signal: AbortSignal) => Promise<BoqPreview>;
  /** What the cells the formula will fill hold now. */
  checkFormula: (choice: FormulaChoice) => Promise<FormulaTarget>;
  /** Writes the formula at the target and says what the cell shows. */
  writeFormula: (choice: FormulaChoice, target: FormulaTarget) => Promise<FormulaOutcome>;
  /** Pulls the BOQ with its parents and writes it to a new sheet. */
  insertSheet: (choice: BoqSheetChoice) => Promise<{ sheetName: string; rowCount: number }>;
  /** Compare with…: the difference of the chosen BOQ and a second one, then the formula or the sheet. */
  compare: CompareActions;
  /** False where this Excel shows formula values without their formats: a hint says what to do. */
  formattedValues: boolean;
}

/** The list's option: the version and the day, short enough for a 320 px pane. */
function analysisOption(a: AnalysisChoice): string {
  return t("boq.navAnalysisOption", { version: a.version, date: dateWords(a.date) });
}

function failed(error: unknown): Notice {
  return {
    intent: "error",
    text: t("boq.navFailed", { message: errorText(error, { plain: true }) }),
    details: errorDetails(error),
  };
}

export function BoqNavigator(props: NavigatorProps) {
  const { companies, loadProjects, loadAnalyses, loadPreview } = props;
  const [companyId, setCompanyId] = useState(props.initialCompanyId ?? companies[0]?.id ?? "");
  const [projects, setProjects] = useState<Project[] | undefined>(undefined);
  const [projectId, setProjectId] = useState("");
  const [modelId, setModelId] = useState("");
  const [analyses, setAnalyses] = useState<AnalysisChoice[] | undefined>(undefined);
  const [version, setVersion] = useState("");
  const [scheme, setScheme] = useState("");
  const [preview, setPreview] = useState<PreviewState | undefined>(undefined);
  const [notice, setNotice] = useState<Notice>(undefined);
  const [ask, setAsk] = useState<FormulaTarget | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [sheetBusy, setSheetBusy] = useState(false);

  useEffect(() => {
    setProjects(undefined);
    setProjectId("");
    if (!companyId) return undefined;
    const controller = new AbortController();
    loadProjects(companyId, controller.signal).then(setProjects, (error: unknown) => {
      if (!controller.signal.aborted) setNotice(failed(error));
    });
    return () => controller.abort();
  }, [loadProjects, companyId]);

  const project = projects?.find((p) => p.id === projectId);
  const model = project ? projectModels(project).find((m) => modelKey(m.kind, m.id) === modelId) : undefined;

  useEffect(() => {
    setAnalyses(undefined);
    setVersion("");
    if (!project || !model) return undefined;
    const controller = new AbortController();
    loadAnalyses(project, model, controller.signal).then(setAnalyses, (error: unknown) => {
      if (!controller.signal.aborted) setNotice(failed(error));
    });
    return () => controller.abort();
  }, [loadAnalyses, project?.id, model?.id, model?.kind]);

  const analysis = analyses?.find((a) => a.version === version);
  const schemes = analysis?.schemes ?? [];
  useEffect(() => {
    setScheme(schemes[0]?.name ?? "");
  }, [analysis?.version, schemes.map((s) => s.name).join("\n")]);

  const company = companies.find((c) => c.id === companyId);
  const choice: FormulaChoice | undefined =
    company && project && model && analysis && scheme
      ? {
          company: company.name,
          project: project.name,
          model: model.name,
          scheme,
          version: analysis.version,
          ids: { company: company.id, project: project.id, model: model.id },
        }
      : undefined;
  const choiceKey = choice ? JSON.stringify(choice) : "";

  useEffect(() => {
    setPreview(undefined);
    setAsk(undefined);
    // What the last Insert said was of another choice: beside this one's preview it would mislead.
    setNotice(undefined);
    if (!choice) return undefined;
    return loadPreviewInto(
      (signal) => loadPreview(choice, signal),
      choice.scheme,
      (message) => t("boqnav.previewFailed", { message }),
      setPreview,
    );
  }, [loadPreview, choiceKey]);

  const ready = choice !== undefined && preview?.kind === "ready";
  const selectedScheme = schemes.find((s) => s.name === scheme);
  const options = {
    companies: companies.map((c): Option => ({ value: c.id, label: c.name })),
    projects: (projects ?? []).map((p): Option => ({ value: p.id, label: p.name })),
    analyses: (analyses ?? []).map((a): Option => ({ value: a.version, label: analysisOption(a) })),
    schemes: schemes.map((s): Option => ({
      value: s.name,
      label: s.currentName ? t("boqnav.schemeRenamed", { name: s.name, current: s.currentName }) : s.name,
    })),
  };
  const noMatch = t("boq.navNoMatch");

  const insert = formulaInsert(props, { setAsk, setBusy, setNotice, outcome: (o) => outcomeNotice(o) });
  const write = (target: FormulaTarget): void => {
    if (choice) insert.write(choice, target);
  };
  const onInsert = (): void => {
    if (choice && ready) insert.start(choice);
  };

  const onInsertSheet = (): void => {
    if (!choice || !analysis || !ready) return;
    setSheetBusy(true);
    setNotice(undefined);
    props
      .insertSheet({ ...choice, analysis: analysisLabel(analysis) })
      .then(
        (written) =>
          setNotice({
            intent: "success",
            text: t("boq.navSheetInserted", { sheet: written.sheetName, rows: written.rowCount }),
          }),
        (error: unknown) =>
          setNotice({
            intent: "error",
            text: t("boq.navSheetFailed", { message: errorText(error, { plain: true }) }),
            details: errorDetails(error),
          }),
      )
      .finally(() => setSheetBusy(false));
  };

  // Each list is keyed by the choice above it: the combobox keeps the text typed into it, so a new
  // list (or a choice made for it, the first scheme) needs a fresh one.
  return (
    <section class="fui-stack-s" aria-labelledby="boq-nav-title">
      <h2 id="boq-nav-title" class="fui-subtitle">
        {t("boq.navTitle")}
      </h2>
      <Combobox
        label={t("boq.navCompany")}
        name="navCompany"
        value={companyId}
        options={options.companies}
        onChange={setCompanyId}
        noMatchText={noMatch}
      />
      <Combobox
        key={`project:${companyId}`}
        label={t("boq.navProject")}
        name="navProject"
        value={projectId}
        options={options.projects}
        onChange={(v) => {
          setProjectId(v);
          setModelId("");
        }}
        hint={projects === undefined && companyId ? t("boq.navLoading") : undefined}
        noMatchText={noMatch}
      />
      {project && <ModelTree key={project.id} project={project} selected={modelId} onSelect={setModelId} />}
      <Combobox
        key={`analysis:${modelId}`}
        label={t("boq.navAnalysis")}
        name="navAnalysis"
        value={version}
        options={options.analyses}
        onChange={setVersion}
        hint={model && analyses === undefined ? t("boq.navLoading") : undefined}
        noMatchText={noMatch}
      />
      {analysis && <AnalysisDetails analysis={analysis} />}
      <Combobox
        key={`scheme:${version}:${scheme}`}
        label={t("boq.navScheme")}
        name="navScheme"
        value={scheme}
        options={options.schemes}
        onChange={setScheme}
        hint={
          selectedScheme?.currentName
            ? t("boqnav.schemeRenamedHint", { current: selectedScheme.currentName })
            : undefined
        }
        noMatchText={noMatch}
      />
      {preview && <PreviewPanel state={preview} />}
      <Button
        appearance="primary"
        block
        name="insertFormula"
        disabled={!ready || ask !== undefined}
        busy={busy}
        onClick={onInsert}
        aria-describedby="boq-nav-insert-hint"
      >
        {t("boq.navInsertFormula")}
      </Button>
      <p id="boq-nav-insert-hint" class="fui-caption">
        {t("boq.navInsertHint")}
      </p>
      {!props.formattedValues && (
        <p class="fui-caption" data-testid="plain-values-hint">
          {t("boq.navPlainValuesHint")}
        </p>
      )}
      {ask && (
        <FormulaAsk
          target={ask}
          onInsert={() => write(ask)}
          onCancel={() => {
            setAsk(undefined);
            setNotice({ intent: "info", text: t("boqnav.cancelled") });
          }}
        />
      )}
      <Button
        block
        name="insertBoqSheet"
        disabled={!ready}
        busy={sheetBusy}
        onClick={onInsertSheet}
        aria-describedby="boq-nav-sheet-hint"
      >
        {t("boq.navInsertSheet")}
      </Button>
      <p id="boq-nav-sheet-hint" class="fui-caption">
        {t("boq.navInsertSheetHint")}
      </p>
      {notice && (
        <div data-testid="nav-notice">
          <MessageBar intent={notice.intent} details={notice.details}>
            {notice.text}
          </MessageBar>
        </div>
      )}
      {ready && project && model && analysis && analyses && (
        <CompareWith
          key={choiceKey}
          choice={choice}
          analysis={analysis}
          project={project}
          model={model}
          analyses={analyses}
          loadAnalyses={loadAnalyses}
          actions={props.compare}
        />
      )}
    </section>
  );
}
