// While the job is posted and runs: the size sent and how long its answer is waited for, the
// platform asking to wait (429) before it is sent again, then its progress, status, time elapsed,
// "Reconnecting…" on a passing fault, a request to sign in again, and Stop waiting.
import { useEffect, useState } from "preact/hooks";
import type { Outgoing } from "../../import";
import { t } from "../../i18n";
import { Button, MessageBar, ProgressBar, Spinner } from "../components";
import { Heading, type ScreenProps } from "./screen";
import { jobStatusText } from "./statusText";

function elapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}

const MB = 1024 * 1024;

/** A body's size: "55 MB", "1.5 MB", "120 KB". */
function sizeText(bytes: number): string {
  if (bytes < MB) return t("send.sizeKilobytes", { size: Math.max(1, Math.ceil(bytes / 1024)) });
  const mb = bytes / MB;
  return t("send.sizeMegabytes", { size: mb < 10 ? Math.round(mb * 10) / 10 : Math.round(mb) });
}

/** A time limit: "1 min 25 s", "31 s". */
function durationText(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60
    ? t("send.timeSeconds", { seconds: s })
    : t("send.timeMinutes", { minutes: Math.floor(s / 60), seconds: s % 60 });
}

/** The body on its way: its size, the time its answer is waited for, a pause the platform asked for. */
function Sending({ outgoing, now }: { outgoing: Outgoing | null; now: number }) {
  if (outgoing === null) return <Spinner label={t("import.posting")} />;
  // The clock read now, not the last tick's: a pause that just began shows what the platform asked.
  const resendIn =
    outgoing.resendAt === null ? null : Math.ceil((outgoing.resendAt - Math.max(now, Date.now())) / 1000);
  return (
    <>
      <Spinner label={t("send.posting", { size: sizeText(outgoing.bytes) })} />
      <p class="fui-caption" data-testid="import-posting-limit">
        {t("send.postingLimit", { time: durationText(outgoing.limitMs) })}
      </p>
      {resendIn !== null && (
        <MessageBar intent="info">
          <span data-testid="import-throttled">
            {resendIn > 0 ? t("send.throttled", { seconds: resendIn }) : t("send.throttledNow")}
          </span>
        </MessageBar>
      )}
    </>
  );
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
        <Sending outgoing={state.send.outgoing} now={now} />
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
