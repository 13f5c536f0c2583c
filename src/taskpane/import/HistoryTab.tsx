// The History tab: this workbook's catalog imports, newest first (from its document settings,
// through the pane's one import pipeline). A running job shows its progress when the pane follows
// it, or a Follow button when nobody does (after "Stop waiting"); any finished job's log can be
// written into sheets again (endpoint 4); "Latest import of a catalog" asks the platform about a
// catalog by name (endpoint 3), for jobs started from another workbook or computer.
// The screen renders what the pipeline and its history say and sends them events; no Excel or
// network call here.
import { useEffect, useId, useRef, useState } from "preact/hooks";
import { nothingText } from "../../import";
import type { HistoryEntry, ImportPipeline, ImportState, LogCounts, Said, WrittenLog } from "../../import";
import { errorText, getLanguage, t, type MessageKey } from "../../i18n";
import "../../i18n/deferred"; // the History tab's messages load with this module
import { createLogger } from "../../log/logger";
import { Button, MessageBar, ProgressBar, TextField } from "../components";
import { installStyleSheet } from "../styles";
import { getImportPipeline } from "./runtime";
import { SettingsWarning } from "./SettingsWarning";
import { canUndo, HistoryOffer, UndoButton, useHistoryOffer, type UndoActions } from "./HistoryUndo";

const log = createLogger("import");

/** Entries shown at first and added by "Show more" (the history keeps at most 100). */
export const HISTORY_PAGE = 20;

const CSS = `
.boq-history-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--spacingVerticalS); }
.boq-history-entry { display: flex; flex-direction: column; gap: var(--spacingVerticalXS); min-width: 0; }
.boq-history-head { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: var(--spacingHorizontalS); }
.boq-history-name { margin: 0; font-size: var(--fontSizeBase300); line-height: var(--lineHeightBase300); font-weight: 600; overflow-wrap: anywhere; min-width: 0; }
.boq-history-status { flex: none; font-size: var(--fontSizeBase200); line-height: var(--lineHeightBase200); font-weight: 600;
  padding: 0 var(--spacingHorizontalS); border-radius: var(--borderRadiusCircular, 10000px); border: var(--strokeWidthThin) solid currentColor; }
.boq-history-status-running { color: var(--colorBrandForeground1); }
.boq-history-status-done { color: var(--colorStatusSuccessForeground1, #0e700e); }
.boq-history-status-warning { color: var(--colorStatusWarningForeground1, #8a3707); }
.boq-history-status-failed { color: var(--colorStatusDangerForeground1); }
.boq-history-facts { margin: 0; padding: 0; list-style: none; color: var(--colorNeutralForeground2); overflow-wrap: anywhere; }
.boq-history-job { font-family: var(--fontFamilyMonospace, monospace); }
.boq-history-reserved { min-height: var(--lineHeightBase200); }
.fui-button.boq-history-link { display: inline; text-align: left; height: auto; padding: 0; white-space: normal; overflow-wrap: anywhere; }
`;

/** What the tab needs of the pipeline (ImportPipeline implements it). */
export type HistoryActions = UndoActions &
  Pick<
    ImportPipeline,
    | "getState"
    | "subscribe"
    | "history"
    | "resume"
    | "reopenLogSheets"
    | "checkLatest"
    | "selectProblem"
    | "logJson"
  >;

export interface HistoryScreenProps {
  pipeline: HistoryActions;
}

type Outcome = { written: WrittenLog; counts: LogCounts } | { error: Said };

/** Runs an action; its failures are states, an unexpected one is logged. */
function run(action: () => Promise<unknown>): void {
  void action().catch((e: unknown) => log.error("a history action failed unexpectedly", e));
}

function say(s: Said): string {
  return t(s.key, s.values ?? {});
}

type ShownStatus = HistoryEntry["status"] | "warning";

const STATUS_KEY: Record<ShownStatus, MessageKey> = {
  running: "history.statusRunning",
  done: "history.statusDone",
  warning: "history.statusNothing",
  failed: "history.statusFailed",
};

/** A done job that changed nothing though rows were sent is a warning, not a green "Done". */
export function shownStatus(entry: HistoryEntry): ShownStatus {
  if (entry.status !== "done") return entry.status;
  if (entry.nothing) return "warning";
  const c = entry.counts;
  const sent = entry.sent.positions + entry.sent.deletions;
  return c && sent > 0 && c.inserted + c.updated + c.deleted === 0 ? "warning" : "done";
}

/** The platform's status word as an estimator reads it (docs/interface.md 2.3: ReportCreated is done). */
function platformStatus(status: string): HistoryEntry["status"] {
  const s = status.toLowerCase();
  if (s === "reportcreated") return "done";
  if (s === "failed") return "failed";
  return "running";
}

function useHistory(pipeline: HistoryActions): { entries: HistoryEntry[]; state: ImportState } {
  const [entries, setEntries] = useState(() => pipeline.history.list());
  const [state, setState] = useState(() => pipeline.getState());
  useEffect(() => {
    setEntries(pipeline.history.list());
    setState(pipeline.getState());
    const stopHistory = pipeline.history.subscribe(() => setEntries(pipeline.history.list()));
    const stopState = pipeline.subscribe((s) => {
      setState(s);
      setEntries(pipeline.history.list());
    });
    return () => {
      stopHistory();
      stopState();
    };
  }, [pipeline]);
  return { entries, state };
}

export function HistoryTab() {
  return <HistoryScreen pipeline={getImportPipeline()} />;
}

export function HistoryScreen({ pipeline }: HistoryScreenProps) {
  useEffect(() => installStyleSheet(document, "boq-history-styles", CSS), []);
  const { entries, state } = useHistory(pipeline);
  const [shown, setShown] = useState(HISTORY_PAGE);
  const [outcomes, setOutcomes] = useState<Record<string, Outcome | "busy">>({});
  const paneBusy = state.phase === "posting" || state.phase === "following";
  const offer = useHistoryOffer(pipeline);

  const reopen = (jobId: string, fallback?: { catalogName: string; status: string }) => {
    setOutcomes((o) => ({ ...o, [jobId]: "busy" }));
    run(async () => {
      const result = await pipeline.reopenLogSheets(jobId, fallback);
      setOutcomes((o) => ({ ...o, [jobId]: result }));
    });
  };
  const follow = (entry: HistoryEntry) => run(() => pipeline.resume(entry));
  // A log sheet may have been deleted or renamed since: Excel's reason is shown under the entry.
  const [openErrors, setOpenErrors] = useState<Record<string, string>>({});
  const openSheet = (key: string, sheet: string) =>
    run(async () => {
      const failure = await pipeline.selectProblem({ sheet, cell: "A1" });
      setOpenErrors((o) => ({ ...o, [key]: failure ? errorText(failure) : "" }));
    });

  if (offer !== null) return <HistoryOffer pipeline={pipeline} offer={offer} paneBusy={paneBusy} />;
  return (
    <section class="fui-stack" data-testid="history" aria-labelledby="history-heading">
      <div class="fui-stack-s">
        <h2 id="history-heading" class="fui-subtitle">
          {t("history.title")}
        </h2>
        {entries.length > 0 && <p class="fui-caption">{t("history.intro")}</p>}
      </div>
      <SettingsWarning state={state} pipeline={pipeline} />
      {entries.length === 0 ? (
        <div class="fui-card fui-stack-s" data-testid="history-empty">
          <h3 class="boq-history-name">{t("history.emptyTitle")}</h3>
          <p class="fui-text">{t("history.empty")}</p>
        </div>
      ) : (
        <>
          <ul class="boq-history-list" aria-label={t("history.listLabel")} data-testid="history-list">
            {entries.slice(0, shown).map((entry) => (
              <EntryRow
                key={entry.jobId}
                entry={entry}
                pipeline={pipeline}
                state={state}
                paneBusy={paneBusy}
                outcome={outcomes[entry.jobId]}
                onReopen={() => reopen(entry.jobId)}
                onFollow={() => follow(entry)}
                openError={openErrors[entry.jobId] ?? ""}
                onOpenSheet={(sheet) => openSheet(entry.jobId, sheet)}
              />
            ))}
          </ul>
          {entries.length > shown && (
            <div class="fui-row">
              <Button name="historyMore" onClick={() => setShown(shown + HISTORY_PAGE)}>
                {t("history.showMore", { count: Math.min(HISTORY_PAGE, entries.length - shown) })}
              </Button>
            </div>
          )}
        </>
      )}
      <LatestSection
        pipeline={pipeline}
        state={state}
        known={entries}
        outcomes={outcomes}
        onReopen={reopen}
        openError={openErrors["latest"] ?? ""}
        onOpenSheet={(sheet) => openSheet("latest", sheet)}
      />
    </section>
  );
}

interface EntryRowProps {
  entry: HistoryEntry;
  pipeline: UndoActions;
  state: ImportState;
  paneBusy: boolean;
  outcome: Outcome | "busy" | undefined;
  openError: string;
  onReopen: () => void;
  onFollow: () => void;
  onOpenSheet: (sheet: string) => void;
}

function EntryRow({
  entry,
  pipeline,
  state,
  paneBusy,
  outcome,
  openError,
  onReopen,
  onFollow,
  onOpenSheet,
}: EntryRowProps) {
  const titleId = useId();
  const followed =
    entry.status === "running" && state.job.jobId === entry.jobId && state.phase === "following";
  const progress = followed ? state.job.progress : null;
  const counts = entry.counts;
  const status = shownStatus(entry);
  const summarySheet =
    outcome && outcome !== "busy" && "written" in outcome ? outcome.written.summary : entry.sheets?.summary;
  return (
    <li
      class="fui-card boq-history-entry"
      data-testid="history-entry"
      data-job={entry.jobId}
      data-status={status}
      aria-labelledby={titleId}
    >
      <div class="boq-history-head">
        <h3 class="boq-history-name" id={titleId}>
          {t("history.entryTitle", { catalog: entry.catalogName })}
        </h3>
        <span class={`boq-history-status boq-history-status-${status}`} data-testid="history-status">
          {t(STATUS_KEY[status])}
        </span>
      </div>
      <ul class="boq-history-facts fui-caption">
        {entry.companyName !== "" && <li>{t("history.company", { company: entry.companyName })}</li>}
        <li>{t("history.started", { time: new Date(entry.startedAt) })}</li>
        {entry.finishedAt && <li>{t("history.finished", { time: new Date(entry.finishedAt) })}</li>}
        <li>
          <span class="boq-history-job">{t("history.job", { jobId: entry.jobId })}</span>
        </li>
        {counts ? (
          <li data-testid="history-counts">{t("history.counts", { ...counts })}</li>
        ) : (
          <li>{t("history.sent", { count: entry.sent.positions + entry.sent.deletions })}</li>
        )}
      </ul>
      {status === "warning" && entry.nothing && (
        <p class="fui-caption" data-testid="history-nothing">
          {nothingText(entry.nothing, getLanguage())}
        </p>
      )}
      {entry.status === "failed" && entry.error && (
        <p class="fui-caption">{t("history.failedReason", { error: entry.error })}</p>
      )}
      {progress && (
        <div class="fui-stack-s" data-testid="history-progress">
          <ProgressBar
            label={t("history.percent", { percent: Math.round(progress.percent) })}
            value={progress.percent / 100}
          />
          {/* Always there, so "Reconnecting…" never moves the layout. */}
          <p class="fui-caption boq-history-reserved" role="status">
            {progress.signInNeeded
              ? t("history.signInToContinue")
              : progress.reconnecting
                ? t("history.reconnecting")
                : ""}
          </p>
        </div>
      )}
      {entry.status === "running" && !followed && (
        <p class="fui-caption">{t(paneBusy ? "history.busy" : "history.detachedRunning")}</p>
      )}
      <OutcomeLine outcome={outcome} />
      <div class="fui-row">
        {entry.status === "running" && !followed && (
          <Button
            name="historyFollow"
            appearance="primary"
            disabled={paneBusy}
            aria-describedby={titleId}
            onClick={onFollow}
          >
            {t("history.follow")}
          </Button>
        )}
        {entry.status !== "running" && (
          <Button
            name="historyReopen"
            busy={outcome === "busy"}
            aria-describedby={titleId}
            onClick={onReopen}
          >
            {t("history.reopen")}
          </Button>
        )}
        {canUndo(entry) && <UndoButton pipeline={pipeline} entry={entry} describedBy={titleId} />}
      </div>
      {entry.status !== "running" && summarySheet && (
        <p class="fui-text">
          <Button
            appearance="link"
            class="boq-history-link"
            name="historyOpenSummary"
            onClick={() => onOpenSheet(summarySheet)}
          >
            {t("history.openSummary", { sheet: summarySheet })}
          </Button>
        </p>
      )}
      <OpenSheetError text={openError} />
    </li>
  );
}

/**
 * Why a sheet could not be opened, brought into view: it appears under the link the user chose,
 * which may be at the bottom of the pane, and a warning below the fold is a warning not seen.
 */
function OpenSheetError({ text }: { text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (text !== "") ref.current?.scrollIntoView?.({ block: "nearest" });
  }, [text]);
  if (text === "") return null;
  return (
    <div ref={ref}>
      <MessageBar intent="warning">{text}</MessageBar>
    </div>
  );
}

function OutcomeLine({ outcome }: { outcome: Outcome | "busy" | undefined }) {
  if (outcome === undefined) return null;
  if (outcome === "busy") return <p class="fui-caption">{t("history.reopening")}</p>;
  if ("error" in outcome) {
    return (
      <MessageBar intent="error" details={outcome.error.detail}>
        {say(outcome.error)}
      </MessageBar>
    );
  }
  const sheets = [
    outcome.written.summary,
    outcome.written.inserted,
    outcome.written.updated,
    outcome.written.deleted,
    outcome.written.ignored,
  ].filter((s): s is string => s !== undefined);
  return (
    <MessageBar intent="success">
      <span data-testid="history-reopened">{t("history.reopened", { sheets: sheets.join(", ") })}</span>
    </MessageBar>
  );
}

interface LatestProps {
  pipeline: HistoryActions;
  state: ImportState;
  known: readonly HistoryEntry[];
  outcomes: Record<string, Outcome | "busy">;
  onReopen: (jobId: string, fallback: { catalogName: string; status: string }) => void;
  openError: string;
  onOpenSheet: (sheet: string) => void;
}

function LatestSection({ pipeline, state, known, outcomes, onReopen, openError, onOpenSheet }: LatestProps) {
  const [name, setName] = useState(() => known[0]?.catalogName ?? "");
  const [asked, setAsked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Said | null>(null);
  const [needName, setNeedName] = useState(false);
  const latest = asked !== null && state.job.latest?.catalogName === asked ? state.job.latest : null;
  const ask = () => {
    const catalog = name.trim();
    if (catalog === "") {
      setNeedName(true);
      return;
    }
    setNeedName(false);
    setBusy(true);
    run(async () => {
      try {
        const result = await pipeline.checkLatest(catalog);
        setFailure(result);
        setAsked(catalog);
      } finally {
        setBusy(false);
      }
    });
  };
  const status = latest ? platformStatus(latest.status) : null;
  const outcome = latest?.jobId ? outcomes[latest.jobId] : undefined;
  const inHistory = latest?.jobId ? known.some((e) => e.jobId === latest.jobId) : false;
  const written = outcome && outcome !== "busy" && "written" in outcome ? outcome.written : null;
  return (
    <div class="fui-card fui-stack-s" data-testid="history-latest">
      <h3 class="boq-history-name">{t("history.latestTitle")}</h3>
      <form
        class="fui-stack-s"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          ask();
        }}
      >
        <TextField
          label={t("history.latestName")}
          name="latestCatalog"
          value={name}
          onChange={(value) => {
            setName(value);
            if (value.trim() !== "") setNeedName(false);
          }}
          hint={t("history.latestHint")}
          error={needName ? t("history.latestNeedName") : null}
        />
        <div class="fui-row">
          <Button type="submit" name="latestAsk" busy={busy}>
            {t("history.latestAsk")}
          </Button>
        </div>
      </form>
      {failure && (
        <MessageBar intent="error" details={failure.detail}>
          {say(failure)}
        </MessageBar>
      )}
      {latest && (
        <div class="fui-stack-s" role="status" data-testid="history-latest-result">
          {latest.jobId === null || status === null ? (
            <p class="fui-text">{t("history.latestNone", { catalog: latest.catalogName })}</p>
          ) : (
            <>
              <p class="fui-text">
                {status === "running"
                  ? t("history.latestRunning", {
                      catalog: latest.catalogName,
                      percent: Math.round(latest.progress),
                    })
                  : t("history.latestFound", { catalog: latest.catalogName, status: t(STATUS_KEY[status]) })}
              </p>
              <ul class="boq-history-facts fui-caption">
                {latest.date && <li>{t("history.latestDate", { time: new Date(latest.date) })}</li>}
                <li>
                  <span class="boq-history-job">{t("history.job", { jobId: latest.jobId })}</span>
                </li>
              </ul>
            </>
          )}
        </div>
      )}
      {latest?.jobId && status !== "running" && !inHistory && (
        <>
          <OutcomeLine outcome={outcome} />
          <div class="fui-row">
            <Button
              name="latestWriteLog"
              busy={outcome === "busy"}
              onClick={() =>
                onReopen(latest.jobId ?? "", { catalogName: latest.catalogName, status: latest.status })
              }
            >
              {t("history.latestWriteLog")}
            </Button>
          </div>
          {written && (
            <p class="fui-text">
              <Button
                appearance="link"
                class="boq-history-link"
                name="latestOpenSummary"
                onClick={() => onOpenSheet(written.summary)}
              >
                {t("history.openSummary", { sheet: written.summary })}
              </Button>
            </p>
          )}
          <OpenSheetError text={openError} />
        </>
      )}
    </div>
  );
}
