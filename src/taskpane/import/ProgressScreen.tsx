// While the job is posted and runs: its progress, status, time elapsed, "Reconnecting…" on a
// passing fault, a request to sign in again, and Stop waiting.
import { useEffect, useState } from "preact/hooks";
import { t } from "../../i18n";
import { Button, MessageBar, ProgressBar, Spinner } from "../components";
import { Heading, type ScreenProps } from "./screen";
import { jobStatusText } from "./statusText";

function elapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}

export function ProgressScreen({ state, pipeline, heading }: ScreenProps) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const progress = state.job.progress;
  const title = t("import.progressTitle", { catalog: state.check.choices.catalogName });
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
        <MessageBar intent="warning">
          {t("import.signInToContinue", { jobId: state.job.jobId ?? "" })}
        </MessageBar>
      )}
      <div class="fui-row">
        <Button name="stopWaiting" onClick={() => pipeline.detach()}>
          {t("import.stopWaiting")}
        </Button>
      </div>
    </>
  );
}
