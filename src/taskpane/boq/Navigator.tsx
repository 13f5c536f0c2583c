// The BOQ navigator: company → project → model (folders and union models) → version and analysis
// → scheme, each a searchable list, then Insert formula at the selected cell or Insert BOQ sheet.
// The lists and the two actions come in as props (../runtime: the BOQ data path and
// src/boqsheet); this component only renders them.
import { useEffect, useState } from "preact/hooks";
import type { Company, Project } from "../../api/schemas";
import type { BoqSelection } from "../../boq/formula";
import { projectModels, type ProjectModel } from "../../boq/lookup";
import { failureText, type AnalysisChoice } from "../../boqdata";
import type { BoqSheetChoice } from "../../boqsheet";
import { t } from "../../i18n";
import { Button, Combobox, MessageBar, type Option } from "../components";

export interface NavigatorProps {
  companies: readonly Company[];
  initialCompanyId: string | undefined;
  loadProjects: (companyId: string, signal: AbortSignal) => Promise<Project[]>;
  loadAnalyses: (projectId: string, model: ProjectModel, signal: AbortSignal) => Promise<AnalysisChoice[]>;
  /** Writes =PLATFORM.BOQ(...) of the selection into the selected cell; resolves with its address. */
  insertFormula: (selection: BoqSelection) => Promise<string>;
  /** Pulls the BOQ with its parents and writes it to a new sheet. */
  insertSheet: (choice: BoqSheetChoice) => Promise<{ sheetName: string; rowCount: number }>;
}

type Notice = { intent: "success" | "error"; text: string } | undefined;

function analysisLabel(a: AnalysisChoice): string {
  const date = a.date && !Number.isNaN(Date.parse(a.date)) ? new Date(a.date) : a.date;
  return t("boq.navAnalysisOption", { version: a.version, date });
}

function modelLabel(m: ProjectModel): string {
  const where = m.folder ? ` (${m.folder})` : "";
  return m.kind === "union" ? `${m.name}, ${t("boq.navUnionSuffix")}` : `${m.name}${where}`;
}

export function BoqNavigator({
  companies,
  initialCompanyId,
  loadProjects,
  loadAnalyses,
  insertFormula,
  insertSheet,
}: NavigatorProps) {
  const [companyId, setCompanyId] = useState(initialCompanyId ?? companies[0]?.id ?? "");
  const [projects, setProjects] = useState<Project[] | undefined>(undefined);
  const [projectId, setProjectId] = useState("");
  const [modelId, setModelId] = useState("");
  const [analyses, setAnalyses] = useState<AnalysisChoice[] | undefined>(undefined);
  const [version, setVersion] = useState("");
  const [scheme, setScheme] = useState("");
  const [notice, setNotice] = useState<Notice>(undefined);
  const [busy, setBusy] = useState(false);
  const [sheetBusy, setSheetBusy] = useState(false);

  useEffect(() => {
    setProjects(undefined);
    setProjectId("");
    if (!companyId) return undefined;
    const controller = new AbortController();
    loadProjects(companyId, controller.signal).then(setProjects, (error: unknown) => {
      if (!controller.signal.aborted)
        setNotice({ intent: "error", text: t("boq.navFailed", { message: failureText(error) }) });
    });
    return () => controller.abort();
  }, [loadProjects, companyId]);

  const project = projects?.find((p) => p.id === projectId);
  const models = project ? projectModels(project) : [];
  const model = models.find((m) => `${m.kind}:${m.id}` === modelId);

  useEffect(() => {
    setAnalyses(undefined);
    setVersion("");
    if (!project || !model) return undefined;
    const controller = new AbortController();
    loadAnalyses(project.id, model, controller.signal).then(setAnalyses, (error: unknown) => {
      if (!controller.signal.aborted)
        setNotice({ intent: "error", text: t("boq.navFailed", { message: failureText(error) }) });
    });
    return () => controller.abort();
  }, [loadAnalyses, project?.id, model?.id, model?.kind]);

  const analysis = analyses?.find((a) => a.version === version);
  const schemes = analysis?.schemes ?? [];
  useEffect(() => {
    setScheme(schemes[0] ?? "");
  }, [analysis?.version, schemes.join("\n")]);

  const company = companies.find((c) => c.id === companyId);
  const ready = company && project && model && analysis && scheme;
  const options = {
    companies: companies.map((c): Option => ({ value: c.id, label: c.name })),
    projects: (projects ?? []).map((p): Option => ({ value: p.id, label: p.name })),
    models: models.map((m): Option => ({ value: `${m.kind}:${m.id}`, label: modelLabel(m) })),
    analyses: (analyses ?? []).map((a): Option => ({ value: a.version, label: analysisLabel(a) })),
    schemes: schemes.map((s): Option => ({ value: s, label: s })),
  };
  const noMatch = t("boq.navNoMatch");

  const onInsert = (): void => {
    if (!ready) return;
    setBusy(true);
    setNotice(undefined);
    insertFormula({
      company: company.name,
      project: project.name,
      model: model.name,
      scheme,
      version: analysis.version,
    })
      .then(
        (address) => setNotice({ intent: "success", text: t("boq.navInserted", { address }) }),
        (error: unknown) =>
          setNotice({ intent: "error", text: t("boq.navInsertFailed", { message: failureText(error) }) }),
      )
      .finally(() => setBusy(false));
  };

  const onInsertSheet = (): void => {
    if (!ready) return;
    setSheetBusy(true);
    setNotice(undefined);
    insertSheet({
      company: company.name,
      project: project.name,
      model: model.name,
      scheme,
      version: analysis.version,
      analysis: analysisLabel(analysis),
      ids: { company: company.id, project: project.id, model: model.id },
    })
      .then(
        (written) =>
          setNotice({
            intent: "success",
            text: t("boq.navSheetInserted", { sheet: written.sheetName, rows: written.rowCount }),
          }),
        (error: unknown) =>
          setNotice({ intent: "error", text: t("boq.navSheetFailed", { message: failureText(error) }) }),
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
      <Combobox
        key={`model:${projectId}`}
        label={t("boq.navModel")}
        name="navModel"
        value={modelId}
        options={options.models}
        onChange={setModelId}
        noMatchText={noMatch}
      />
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
      <Combobox
        key={`scheme:${version}:${scheme}`}
        label={t("boq.navScheme")}
        name="navScheme"
        value={scheme}
        options={options.schemes}
        onChange={setScheme}
        noMatchText={noMatch}
      />
      <Button
        appearance="primary"
        block
        name="insertFormula"
        disabled={!ready}
        busy={busy}
        onClick={onInsert}
        aria-describedby="boq-nav-insert-hint"
      >
        {t("boq.navInsertFormula")}
      </Button>
      <p id="boq-nav-insert-hint" class="fui-caption">
        {t("boq.navInsertHint")}
      </p>
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
          <MessageBar intent={notice.intent}>{notice.text}</MessageBar>
        </div>
      )}
    </section>
  );
}
