// How the job ended: the counts with links to the log sheets (or the reason Excel refused them,
// with a retry and a download), a failure with its reason, or "Stop waiting" with Follow again.
// A job that changed nothing though rows were sent is a warning that says why, not "finished".
import { useMemo } from "preact/hooks";
import { nothingText, selectOutcome } from "../../import";
import { getLanguage, t } from "../../i18n";
import { Button, MessageBar, Spinner } from "../components";
import { BlanksSection } from "./BlanksSection";
import { ClearedSection } from "./ClearedSection";
import { download, Heading, run, say, type ScreenProps } from "./screen";

export function ResultScreen({ state, pipeline, heading }: ScreenProps) {
  // Computed once per log: the reasons read the request, up to 300k rows.
  const nothing = useMemo(() => selectOutcome(state), [state.log, state.send]);
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
        <p class="fui-text">{t("import.detachedText", { jobId: state.job.jobId ?? "" })}</p>
        <div class="fui-row">
          <Button name="followAgain" onClick={() => run(() => pipeline.followAgain())}>
            {t("import.followAgain")}
          </Button>
          {again}
        </div>
      </>
    );
  }
  if (state.phase === "failed") {
    return (
      <>
        <Heading heading={heading} text={t("import.failedTitle")} />
        {state.error && (
          // The sentence names what failed and the fix; the status, the request and the platform's
          // own words are under "Show details", to copy for support.
          <MessageBar intent="error" details={state.error.detail}>
            <span data-testid="import-error">{say(state.error)}</span>
          </MessageBar>
        )}
        <div class="fui-row">{again}</div>
      </>
    );
  }
  const counts = state.log.counts;
  const written = state.log.written;
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
      <Heading heading={heading} text={t(nothing ? "import.nothingTitle" : "import.resultTitle")} />
      {nothing && (
        <MessageBar intent="warning">
          <span data-testid="import-nothing">{nothingText(nothing, getLanguage())}</span>
        </MessageBar>
      )}
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
      <BlanksSection state={state} />
      <ClearedSection state={state} pipeline={pipeline} />
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
      {!written && !state.log.writeError && <Spinner label={t("import.writingLog")} />}
      {state.log.writeError && (
        <MessageBar intent="warning" details={state.log.writeError.detail}>
          {t("import.logNotWritten", { reason: say(state.log.writeError) })} {t("import.logKept")}
        </MessageBar>
      )}
      <div class="fui-row">
        {state.log.writeError && (
          <>
            <Button name="retryLog" onClick={() => run(() => pipeline.writeLog())}>
              {t("import.retryLog")}
            </Button>
            <Button name="downloadLog" onClick={() => download(pipeline.logJson(), state.job.jobId)}>
              {t("import.downloadLog")}
            </Button>
          </>
        )}
        {again}
      </div>
    </>
  );
}
