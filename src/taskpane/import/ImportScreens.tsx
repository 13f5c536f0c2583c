// The import journey's screens: Source and Check → Preview → Progress → Result. They render the
// pipeline's ImportState and send it events (src/import); no Excel or network call here.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Company } from "../../api/schemas";
import { CATALOG_FIELDS, type CatalogField, type Problem, type TreeNode as CodeNode } from "../../catalog";
import {
  blockErrors,
  canPreview,
  type ImportPipeline,
  type ImportState,
  type Said,
  type SourceInfo,
} from "../../import";
import { t } from "../../i18n";
import "../../i18n/deferred"; // the import and problems messages load with this module
import { createLogger } from "../../log/logger";
import { fieldLabel, problemText } from "./problemText";
import { jobStatusText } from "./statusText";
import {
  Button,
  Checkbox,
  Dropdown,
  MessageBar,
  ProgressBar,
  Spinner,
  TextField,
  Tree,
  VirtualList,
  type TreeNode,
} from "../components";

const log = createLogger("import");

/** What the screens need of the pipeline (ImportPipeline implements it). */
export type ImportActions = Pick<
  ImportPipeline,
  | "getState"
  | "subscribe"
  | "setChoices"
  | "readSelection"
  | "readRange"
  | "selectionNow"
  | "checkAgain"
  | "selectProblem"
  | "preview"
  | "back"
  | "start"
  | "detach"
  | "resumePending"
  | "writeLog"
  | "logJson"
  | "checkLatest"
  | "reset"
  | "history"
  | "setMapping"
  | "sourceColumns"
  | "mappingDraft"
>;

export interface ImportScreensProps {
  pipeline: ImportActions;
  companies: readonly Company[];
  company: Company | null;
  onSelectCompany: (companyId: string) => void;
}

function useImportState(pipeline: ImportActions): ImportState {
  const [state, setState] = useState(pipeline.getState());
  useEffect(() => {
    setState(pipeline.getState());
    return pipeline.subscribe(setState);
  }, [pipeline]);
  return state;
}

/** Runs an action of the pipeline; its failures are states, an unexpected one is logged. */
function run(action: () => Promise<unknown>): void {
  void action().catch((e: unknown) => log.error("an import action failed unexpectedly", e));
}

function say(s: Said): string {
  return t(s.key, s.values ?? {});
}

export function ImportScreens({ pipeline, companies, company, onSelectCompany }: ImportScreensProps) {
  const state = useImportState(pipeline);
  // The company of the session is the import's company; changing it here changes the session's.
  useEffect(() => {
    if (company && state.choices.companyId !== company.id)
      pipeline.setChoices({ companyId: company.id, companyName: company.name });
  }, [company?.id, company?.name, state.choices.companyId]);

  // The heading of each screen takes the focus when the screen changes, for screen readers and keyboard.
  const heading = useRef<HTMLHeadingElement>(null);
  const screen = screenOf(state);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [screen]);

  return (
    <section class="fui-stack" data-testid={`import-${screen}`} aria-labelledby="import-heading">
      {screen === "source" && (
        <SourceScreen
          state={state}
          pipeline={pipeline}
          companies={companies}
          onSelectCompany={onSelectCompany}
          heading={heading}
        />
      )}
      {screen === "preview" && <PreviewScreen state={state} pipeline={pipeline} heading={heading} />}
      {screen === "progress" && <ProgressScreen state={state} pipeline={pipeline} heading={heading} />}
      {screen === "result" && <ResultScreen state={state} pipeline={pipeline} heading={heading} />}
    </section>
  );
}

type Screen = "source" | "preview" | "progress" | "result";
function screenOf(state: ImportState): Screen {
  switch (state.phase) {
    case "source":
    case "checked":
      return "source";
    case "previewed":
      return "preview";
    case "posting":
    case "following":
      return "progress";
    default:
      return "result";
  }
}

interface ScreenProps {
  state: ImportState;
  pipeline: ImportActions;
  heading: { current: HTMLHeadingElement | null };
}

function Heading({ heading, text }: { heading: ScreenProps["heading"]; text: string }) {
  return (
    <h2 id="import-heading" class="fui-subtitle" tabIndex={-1} ref={heading}>
      {text}
    </h2>
  );
}

// ---- Source and Check ------------------------------------------------------------------------

function sameRange(a: SourceInfo, b: SourceInfo): boolean {
  const plain = (x: string) => x.replace(/\$/g, "").toUpperCase();
  return a.sheet === b.sheet && plain(a.address) === plain(b.address);
}

function SourceScreen({
  state,
  pipeline,
  companies,
  onSelectCompany,
  heading,
}: ScreenProps & { companies: readonly Company[]; onSelectCompany: (id: string) => void }) {
  const [busy, setBusy] = useState(false);
  const earlier = pipeline.history.catalogNames();
  const read = (action: () => Promise<void>) => {
    setBusy(true);
    setMoved(null);
    run(() => action().finally(() => setBusy(false)));
  };
  // Office has no event here for "the user selected other cells" that every host raises, so the
  // selection is read again whenever the user comes back to the pane (pointer or focus): a
  // different range is offered, never taken silently.
  const [moved, setMoved] = useState<SourceInfo | null>(null);
  // The range the user chose to keep, not offered again (a ref: read when the answer arrives).
  const kept = useRef<string | null>(null);
  const asking = useRef(false);
  const noticeSelection = () => {
    const source = state.source;
    if (state.phase !== "checked" || source === null || busy || asking.current) return;
    asking.current = true;
    run(async () => {
      try {
        const now = await pipeline.selectionNow();
        const key = now ? `${now.sheet}!${now.address}` : null;
        setMoved(now && !sameRange(now, source) && key !== kept.current ? now : null);
      } finally {
        asking.current = false;
      }
    });
  };
  const catalogEmpty = state.choices.catalogName.trim() === "";
  return (
    <div class="fui-stack" onPointerEnter={noticeSelection} onFocusIn={noticeSelection}>
      <Heading heading={heading} text={t("import.sourceTitle")} />
      <p class="fui-text">{t("import.sourceHint")}</p>
      <TextField
        label={t("import.catalogName")}
        name="catalogName"
        value={state.choices.catalogName}
        onChange={(catalogName) => pipeline.setChoices({ catalogName })}
        suggestions={earlier}
        hint={earlier.length > 0 ? t("import.catalogHintEarlier") : t("import.catalogHint")}
        error={state.phase === "checked" && catalogEmpty ? t("import.needCatalog") : null}
        required
      />
      {companies.length > 0 ? (
        <Dropdown
          label={t("import.company")}
          name="company"
          value={state.choices.companyId}
          options={companies.map((c) => ({ value: c.id, label: c.name }))}
          onChange={onSelectCompany}
        />
      ) : (
        <p class="fui-caption">{state.choices.companyName || t("import.noCompany")}</p>
      )}
      {state.error && (
        <MessageBar intent="error" details={state.error.detail}>
          {say(state.error)}
        </MessageBar>
      )}
      {moved && (
        <div class="fui-stack-s" data-testid="import-selection-changed" role="status">
          <p class="fui-text">
            {t("import.selectionChanged", { address: `${moved.sheet}!${moved.address}` })}
          </p>
          <div class="fui-row">
            <Button
              appearance="primary"
              name="useNewSelection"
              onClick={() => read(() => pipeline.readRange(moved))}
            >
              {t("import.useNewSelection", { address: moved.address })}
            </Button>
            <Button
              name="keepRange"
              onClick={() => {
                kept.current = `${moved.sheet}!${moved.address}`;
                setMoved(null);
              }}
            >
              {t("import.keepRange")}
            </Button>
          </div>
        </div>
      )}
      <div class="fui-row">
        <Button
          appearance={state.phase === "source" ? "primary" : "secondary"}
          name="useSelection"
          busy={busy}
          onClick={() => read(() => pipeline.readSelection())}
        >
          {state.phase === "source" ? t("import.useSelection") : t("import.readSelectionAgain")}
        </Button>
      </div>
      {state.phase === "checked" && <p class="fui-caption">{t("import.readAgainHint")}</p>}
      {state.phase === "checked" && state.analysis && (
        <CheckSection
          state={state}
          pipeline={pipeline}
          busy={busy}
          onCheckAgain={() => read(() => pipeline.checkAgain())}
        />
      )}
    </div>
  );
}

function MappingList({ state, pipeline }: { state: ImportState; pipeline: ImportActions }) {
  const mapping = pipeline.mappingDraft();
  if (!mapping) return null;
  // No header row was found: the user says which column is which (the editor opens by itself).
  const undetected = state.mapping === null;
  const fields = Object.entries(mapping.columns) as [CatalogField, string][];
  const columns = pipeline.sourceColumns();
  const options = [
    { value: "", label: t("import.mappingNone") },
    ...columns.map((c) => ({
      value: c.letter,
      label: c.header === "" ? c.letter : t("import.mappingDetected", { letter: c.letter, header: c.header }),
    })),
  ];
  // A column moved to another field leaves the field that had it: one column, one field.
  const choose = (field: CatalogField, letter: string) => {
    const next: Partial<Record<CatalogField, string>> = {};
    for (const [f, l] of fields) if (f !== field && l !== letter) next[f] = l;
    if (letter !== "") next[field] = letter;
    void pipeline.setMapping({ headerRow: mapping.headerRow, columns: next });
  };
  return (
    <div class="fui-stack-s">
      <h3 class="fui-text">
        <strong>{t("import.mappingTitle")}</strong>
      </h3>
      {!undetected && (
        <p class="fui-caption">
          {mapping.headerRow === null
            ? t("import.noHeaderRow")
            : t("import.headerRow", { row: mapping.headerRow })}
        </p>
      )}
      <ul class="boq-import-list" data-testid="import-mapping">
        {fields.map(([field, letter]) => (
          <li key={field} class="fui-caption">
            {t("import.mappingField", { field: fieldLabel(field) })}: {letter}
          </li>
        ))}
      </ul>
      {columns.length > 0 && (
        <details class="boq-import-mapping-edit" data-testid="import-mapping-edit" open={undetected}>
          <summary class="fui-text">{t("import.mappingChange")}</summary>
          <p class="fui-caption">
            {undetected
              ? t("import.mappingUndetected", { row: mapping.headerRow ?? 1 })
              : t("import.mappingChangeHint")}
          </p>
          <div class="fui-stack-s">
            {CATALOG_FIELDS.map((field) => (
              <Dropdown
                key={field}
                label={t("import.mappingField", { field: fieldLabel(field) })}
                name={`mapping-${field}`}
                value={mapping.columns[field] ?? ""}
                options={options}
                onChange={(letter) => choose(field, letter)}
              />
            ))}
          </div>
        </details>
      )}
    </div>
  );
}

function CheckSection({
  state,
  pipeline,
  busy,
  onCheckAgain,
}: {
  state: ImportState;
  pipeline: ImportActions;
  busy: boolean;
  onCheckAgain: () => void;
}) {
  const analysis = state.analysis;
  const problems = useMemo(() => {
    const all = analysis?.problems ?? [];
    return [...all.filter((p) => p.severity === "error"), ...all.filter((p) => p.severity === "warning")];
  }, [analysis]);
  const [selectError, setSelectError] = useState<string | null>(null);
  if (!analysis) return null;
  const errors = analysis.counts.errors;
  const skippable = state.errorRows.length > 0 && blockErrors(analysis.problems) === 0;
  const select = (p: Problem) =>
    run(async () => {
      const failure = await pipeline.selectProblem(p);
      setSelectError(failure ? failure.message : null);
    });
  const renderProblem = (i: number) => {
    const p = problems[i];
    if (!p) return null;
    const text = problemText(p);
    return (
      <button
        type="button"
        class={`boq-import-problem boq-import-problem-${p.severity}`}
        data-cell={p.cell}
        onClick={() => select(p)}
      >
        <span class="boq-import-problem-where">
          {p.severity === "error" ? t("import.severityError") : t("import.severityWarning")}
          {": "}
          {p.field === null
            ? t("import.problemBlock", { cell: p.cell })
            : t("import.problemAt", { cell: p.cell, field: fieldLabel(p.field) })}
        </span>
        <span class="boq-import-problem-what">{text.message}</span>
        <span class="boq-import-problem-fix">{t("import.problemFix", { fix: text.fix })}</span>
      </button>
    );
  };
  return (
    <div class="fui-stack-s" data-testid="import-check">
      <h3 class="fui-subtitle">{t("import.checkTitle")}</h3>
      {state.source && (
        <p class="fui-text" data-testid="import-range">
          {t("import.sourceRange", { address: `${state.source.sheet}!${state.source.address}` })}
        </p>
      )}
      <p class="fui-text" data-testid="import-check-summary">
        {t("import.checkSummary", {
          positions: analysis.counts.positions,
          deletions: analysis.counts.deletions,
          errors,
          warnings: analysis.counts.warnings,
        })}
      </p>
      {state.notice && <MessageBar intent="warning">{say(state.notice)}</MessageBar>}
      <MappingList state={state} pipeline={pipeline} />
      {problems.length === 0 ? (
        <MessageBar intent="success">{t("import.noProblems")}</MessageBar>
      ) : (
        <>
          <p class="fui-caption">{t("import.problemsHint")}</p>
          <VirtualList
            label={t("import.checkTitle")}
            testId="import-problems"
            count={problems.length}
            itemKey={(i) => {
              const p = problems[i];
              return p ? `${p.kind}-${p.cell}-${i}` : String(i);
            }}
            renderItem={renderProblem}
          />
        </>
      )}
      {selectError && <MessageBar intent="warning">{selectError}</MessageBar>}
      {errors > 0 && <p class="fui-text">{t("import.errorsBlock", { count: errors })}</p>}
      {skippable && (
        <Checkbox
          name="skipErrorRows"
          label={t("import.skipRows", { count: state.errorRows.length })}
          checked={state.choices.skipErrorRows}
          onChange={(skipErrorRows) => pipeline.setChoices({ skipErrorRows })}
        />
      )}
      <div class="fui-row">
        <Button name="checkAgain" busy={busy} onClick={onCheckAgain}>
          {t("import.checkAgain")}
        </Button>
        <Button
          appearance="primary"
          name="toPreview"
          disabled={!canPreview(state)}
          onClick={() => void pipeline.preview()}
        >
          {t("import.toPreview")}
        </Button>
      </div>
    </div>
  );
}

// ---- Preview --------------------------------------------------------------------------------

function levelCounts(roots: readonly CodeNode[]): number[] {
  const counts: number[] = [];
  const stack: [CodeNode, number][] = roots.map((n) => [n, 0]);
  while (stack.length > 0) {
    const [node, level] = stack.pop() as [CodeNode, number];
    counts[level] = (counts[level] ?? 0) + 1;
    for (const c of node.children) stack.push([c, level + 1]);
  }
  return counts;
}

function PreviewScreen({ state, pipeline, heading }: ScreenProps) {
  const send = state.send;
  const analysis = state.analysis;
  const byId = useMemo(() => new Map<string, CodeNode>(), [analysis]);
  const toNode = (n: CodeNode): TreeNode => {
    const id = `${n.row}:${n.code}`;
    byId.set(id, n);
    return {
      id,
      label: n.name ? `${n.code} ${n.name}` : n.code,
      aside: n.orphan
        ? t("import.orphanMark")
        : n.children.length > 0
          ? String(n.children.length)
          : undefined,
      hasChildren: n.children.length > 0,
    };
  };
  const roots = useMemo(() => (analysis?.tree.roots ?? []).map(toNode), [analysis]);
  const levels = useMemo(() => levelCounts(analysis?.tree.roots ?? []), [analysis]);
  const [busy, setBusy] = useState(false);
  if (!send || !analysis) return null;
  const hasGuidColumn = state.mapping?.columns.Guid !== undefined;
  const change = (choices: Parameters<ImportActions["setChoices"]>[0]) => {
    // A changed choice goes back to the check in the pipeline; the preview is built again at once.
    pipeline.setChoices(choices);
    void pipeline.preview();
  };
  return (
    <>
      <Heading heading={heading} text={t("import.previewTitle")} />
      <ul class="boq-import-list" data-testid="import-send">
        <li class="fui-text">{t("import.previewPositions", { count: send.positions })}</li>
        <li class="fui-text">{t("import.previewDeletions", { count: send.deletions })}</li>
        {send.skippedRows > 0 && (
          <li class="fui-text">{t("import.previewSkipped", { count: send.skippedRows })}</li>
        )}
        <li class="fui-text">
          {t("import.previewTarget", {
            catalog: send.catalogName,
            company: send.companyName || send.companyId,
          })}
        </li>
      </ul>
      <p class="fui-text" data-testid="import-levels">
        {t("import.previewLevels", {
          roots: analysis.tree.roots.length,
          levels: analysis.tree.levels,
          orphans: analysis.tree.orphans,
        })}
      </p>
      <ul class="boq-import-list">
        {levels.map((count, level) => (
          <li key={level} class="fui-caption">
            {t("import.levelCount", { level: level + 1, count })}
          </li>
        ))}
      </ul>
      <Tree
        label={t("import.previewTitle")}
        nodes={roots}
        loadChildren={(node) => Promise.resolve((byId.get(node.id)?.children ?? []).map(toNode))}
        loadingText={t("import.loadingTree")}
        errorText={(e) => (e instanceof Error ? e.message : String(e))}
      />
      {!hasGuidColumn ? (
        <MessageBar intent="warning">{t("import.noGuidColumn")}</MessageBar>
      ) : send.newGuids > 0 || !state.choices.writeBackGuids ? (
        <Checkbox
          name="writeBackGuids"
          label={t("import.writeBackGuids", { count: send.newGuids })}
          checked={state.choices.writeBackGuids}
          onChange={(writeBackGuids) => change({ writeBackGuids })}
        />
      ) : null}
      <Checkbox
        name="resultColumn"
        label={t("import.resultColumn")}
        checked={state.choices.resultColumn}
        onChange={(resultColumn) => change({ resultColumn })}
      />
      <div class="fui-row">
        <Button onClick={() => pipeline.back()} name="back">
          {t("import.back")}
        </Button>
        <Button
          appearance="primary"
          name="startImport"
          busy={busy}
          onClick={() => {
            setBusy(true);
            run(() => pipeline.start().finally(() => setBusy(false)));
          }}
        >
          {t("import.startImport")}
        </Button>
      </div>
    </>
  );
}

// ---- Progress -------------------------------------------------------------------------------

function elapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}

function ProgressScreen({ state, pipeline, heading }: ScreenProps) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const progress = state.progress;
  const title = t("import.progressTitle", { catalog: state.choices.catalogName });
  if (state.phase === "posting" || !progress) {
    return (
      <>
        <Heading heading={heading} text={title} />
        <Spinner label={t("import.posting")} />
      </>
    );
  }
  return (
    <>
      <Heading heading={heading} text={title} />
      <ProgressBar
        label={t("import.progressPercent", { percent: Math.round(progress.percent) })}
        value={progress.percent / 100}
      />
      <p class="fui-text" data-testid="import-status">
        {jobStatusText(progress.status)}
      </p>
      <p class="fui-caption">{t("import.progressElapsed", { elapsed: elapsed(now - progress.startedAt) })}</p>
      {/* The line is always there so "Reconnecting…" never moves the layout. */}
      <p class="fui-caption boq-import-reserved" role="status" data-testid="import-reconnecting">
        {progress.reconnecting ? t("import.reconnecting") : ""}
      </p>
      {progress.signInNeeded && (
        <MessageBar intent="warning">{t("import.signInToContinue", { jobId: state.jobId ?? "" })}</MessageBar>
      )}
      <div class="fui-row">
        <Button name="stopWaiting" onClick={() => pipeline.detach()}>
          {t("import.stopWaiting")}
        </Button>
      </div>
    </>
  );
}

// ---- Result ---------------------------------------------------------------------------------

function download(json: string, jobId: string | null): void {
  const url = URL.createObjectURL(new Blob([json], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = `import-log-${jobId ?? "job"}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function ResultScreen({ state, pipeline, heading }: ScreenProps) {
  const [latestBusy, setLatestBusy] = useState(false);
  const openSheet = (sheet: string) => run(() => pipeline.selectProblem({ sheet, cell: "A1" }));
  const again = (
    <Button appearance="primary" name="importAgain" onClick={() => pipeline.reset()}>
      {t("import.importAgain")}
    </Button>
  );
  if (state.phase === "detached") {
    return (
      <>
        <Heading heading={heading} text={t("import.detachedTitle")} />
        <p class="fui-text">{t("import.detachedText", { jobId: state.jobId ?? "" })}</p>
        <div class="fui-row">
          <Button name="followAgain" onClick={() => run(() => pipeline.resumePending())}>
            {t("import.followAgain")}
          </Button>
          {again}
        </div>
      </>
    );
  }
  if (state.phase === "failed") {
    const uncertain = state.error?.key === "import.failedPostUncertain";
    const latest = state.latest;
    return (
      <>
        <Heading heading={heading} text={t("import.failedTitle")} />
        {state.error && (
          <MessageBar intent="error">
            <span data-testid="import-error">
              {say(state.error)}
              {state.error.detail ? ` ${state.error.detail}` : ""}
            </span>
          </MessageBar>
        )}
        {latest && (
          <p class="fui-text" role="status">
            {latest.jobId === null
              ? t("import.latestNone", { catalog: latest.catalogName })
              : t("import.latestImport", {
                  catalog: latest.catalogName,
                  jobId: latest.jobId,
                  status: latest.status,
                  progress: latest.progress,
                })}
          </p>
        )}
        <div class="fui-row">
          {uncertain && (
            <Button
              name="checkLatest"
              busy={latestBusy}
              onClick={() => {
                setLatestBusy(true);
                run(() => pipeline.checkLatest().finally(() => setLatestBusy(false)));
              }}
            >
              {t("import.checkLatest")}
            </Button>
          )}
          {again}
        </div>
      </>
    );
  }
  const counts = state.counts;
  const written = state.written;
  const rows: [string, number, string | undefined][] = counts
    ? [
        [t("import.countInserted", { count: counts.inserted }), counts.inserted, written?.inserted],
        [t("import.countUpdated", { count: counts.updated }), counts.updated, written?.updated],
        [t("import.countDeleted", { count: counts.deleted }), counts.deleted, written?.deleted],
        [t("import.countIgnored", { count: counts.ignored }), counts.ignored, written?.ignored],
      ]
    : [];
  return (
    <>
      <Heading heading={heading} text={t("import.resultTitle")} />
      <ul class="boq-import-list" data-testid="import-counts">
        {rows.map(([text, , sheet]) => (
          <li key={text} class="fui-text">
            {sheet ? (
              <Button appearance="link" class="boq-import-link" onClick={() => openSheet(sheet)}>
                {t("import.openSheet", { what: text, sheet })}
              </Button>
            ) : (
              text
            )}
          </li>
        ))}
      </ul>
      {written && (
        <div class="fui-stack-s">
          <p class="fui-caption">{t("import.logWritten")}</p>
          <Button
            appearance="link"
            class="boq-import-link"
            name="openSummary"
            onClick={() => openSheet(written.summary)}
          >
            {`${t("import.openSummary")} — ${written.summary}`}
          </Button>
        </div>
      )}
      {!written && !state.writeError && <Spinner label={t("import.writingLog")} />}
      {state.writeError && (
        <MessageBar intent="warning" details={state.writeError.detail}>
          {t("import.logNotWritten", { reason: say(state.writeError) })} {t("import.logKept")}
        </MessageBar>
      )}
      <div class="fui-row">
        {state.writeError && (
          <>
            <Button name="retryLog" onClick={() => run(() => pipeline.writeLog())}>
              {t("import.retryLog")}
            </Button>
            <Button name="downloadLog" onClick={() => download(pipeline.logJson(), state.jobId)}>
              {t("import.downloadLog")}
            </Button>
          </>
        )}
        {again}
      </div>
    </>
  );
}
