// An import sent whose answer was lost (or that the pane was sending when it closed): what was
// sent and when, what the platform shows for the catalog since, and the user's choices. A job
// that is probably this import is offered to follow; otherwise the pane waits (asking again by
// itself), asks again now, or goes back to import again after naming the risk of a duplicate. It
// never says that no job started: a queued import may still appear. Two cases are not this pane's
// to act on (the import's lease, src/import/model/lease.ts): another window of the workbook is
// sending it (the pane waits for that window and offers it here once that window lets it go), or it
// was sent from another file this workbook is a copy of (the pane names that file and offers only
// to follow the import here, read only).
import { useState } from "preact/hooks";
import {
  fileNameOf,
  LEASE_MS,
  LOST_WAIT_MS,
  type LostFinding,
  type LostImport,
  type PendingImport,
} from "../../import";
import { t } from "../../i18n";
import { Button, Dialog, MessageBar, Spinner } from "../components";
import { Heading, run, say, type ScreenProps } from "./screen";
import { jobStatusText } from "./statusText";

const WAIT_SECONDS = Math.round(LOST_WAIT_MS / 1000);
const LEASE_MINUTES = Math.round(LEASE_MS / 60_000);

function outcomeText(found: LostFinding): string {
  if (found.outcome === "done") return t("import.lostStateDone");
  if (found.outcome === "failed") return t("import.lostStateFailed");
  // Not started yet ("Queued" and the like): the words of the progress screen say so.
  if (found.progress <= 0) return jobStatusText(found.status);
  return t("import.lostStateRunning", { percent: Math.round(found.progress) });
}

const VERDICT_KEY = {
  earlier: "import.lostEarlier",
  known: "import.lostKnown",
  untimed: "import.lostUntimed",
  none: "import.lostNone",
} as const;

/** The job the platform shows: its status, its time when it could be read, its id. */
function JobFacts({ found }: { found: LostFinding }) {
  if (found.jobId === null) return null;
  return (
    <ul class="boq-import-list fui-caption" data-testid="import-lost-job">
      <li>{t("import.lostFoundStatus", { status: outcomeText(found) })}</li>
      {found.at !== null && <li>{t("import.lostFoundTime", { time: new Date(found.at) })}</li>}
      <li>
        <span class="fui-code">{t("import.lostJob", { jobId: found.jobId })}</span>
      </li>
    </ul>
  );
}

/** What was sent: its positions, deletions, the catalog and company, the range. */
function SentList({ pending }: { pending: PendingImport }) {
  const catalog = pending.catalogName;
  return (
    <ul class="boq-import-list" data-testid="import-lost-sent">
      <li class="fui-text">{t("import.previewPositions", { count: pending.sent.positions })}</li>
      <li class="fui-text">{t("import.previewDeletions", { count: pending.sent.deletions })}</li>
      <li class="fui-text">
        {t("import.previewTarget", { catalog, company: pending.companyName || pending.companyId })}
      </li>
      {pending.source && (
        <li class="fui-text">
          {t("import.sourceRange", { address: `${pending.source.sheet}!${pending.source.address}` })}
        </li>
      )}
    </ul>
  );
}

function Finding({ lost, catalog }: { lost: LostImport; catalog: string }) {
  const found = lost.found;
  if (lost.signInNeeded) return <MessageBar intent="warning">{t("import.lostSignIn")}</MessageBar>;
  if (lost.error) {
    return (
      <MessageBar intent="error" details={lost.error.detail}>
        {say(lost.error)}
      </MessageBar>
    );
  }
  if (found === null) return lost.checking ? <Spinner label={t("import.lostChecking", { catalog })} /> : null;
  if (found.verdict === "probable") {
    const elsewhere = lost.owner.kind === "file";
    return (
      <div class="fui-card fui-stack-s" data-testid="import-lost-probable">
        <h3 class="fui-text">
          <strong>{t(elsewhere ? "elsewhere.fileProbableTitle" : "import.lostProbableTitle")}</strong>
        </h3>
        <p class="fui-text">{t(elsewhere ? "elsewhere.fileProbable" : "import.lostProbable", { catalog })}</p>
        <JobFacts found={found} />
      </div>
    );
  }
  return (
    <div class="fui-stack-s">
      <p class="fui-text">{t(VERDICT_KEY[found.verdict], { catalog })}</p>
      <JobFacts found={found} />
    </div>
  );
}

/** What the platform shows, asked now or by "Wait", and when it was last asked. */
function Found({ lost }: { lost: LostImport }) {
  const catalog = lost.pending.catalogName;
  return (
    <div class="fui-stack-s" role="status" data-testid="import-lost-found">
      <Finding lost={lost} catalog={catalog} />
      {lost.found !== null && lost.checking && <Spinner label={t("import.lostChecking", { catalog })} />}
      {lost.checkedAt !== null && !lost.checking && (
        <p class="fui-caption">{t("import.lostCheckedAt", { time: new Date(lost.checkedAt) })}</p>
      )}
      {lost.waiting && <p class="fui-caption">{t("import.lostWaiting", { seconds: WAIT_SECONDS })}</p>}
    </div>
  );
}

/** "Back to the range", with what becomes of the import left to the other window or file. */
function Leave({
  pipeline,
  hint,
  primary = false,
}: Pick<ScreenProps, "pipeline"> & { hint: string; primary?: boolean }) {
  return (
    <div class="fui-stack-s">
      <div class="fui-row">
        <Button
          name="leaveLost"
          appearance={primary ? "primary" : "secondary"}
          onClick={() => run(() => pipeline.leaveLost())}
        >
          {t("elsewhere.leave")}
        </Button>
      </div>
      <p class="fui-caption">{hint}</p>
    </div>
  );
}

/** Another window of this workbook is sending the import: nothing to do here but wait for it. */
function WindowScreen({ lost, pipeline, heading }: Omit<ScreenProps, "state"> & { lost: LostImport }) {
  const pending = lost.pending;
  return (
    <>
      <Heading heading={heading} text={t("elsewhere.windowTitle")} />
      <MessageBar intent="info">
        <span data-testid="import-lost-intro">
          {t("elsewhere.windowIntro", { catalog: pending.catalogName, time: new Date(pending.sentAt) })}
        </span>
      </MessageBar>
      <SentList pending={pending} />
      <p class="fui-text" data-testid="import-lost-window">
        {t("elsewhere.windowHint", { minutes: LEASE_MINUTES })}
      </p>
      <Leave pipeline={pipeline} hint={t("elsewhere.leaveWindowHint")} />
    </>
  );
}

/** The import was sent from another file (this workbook is its copy): named, followed here read only. */
function FileScreen({
  lost,
  url,
  pipeline,
  heading,
}: Omit<ScreenProps, "state"> & { lost: LostImport; url: string }) {
  const pending = lost.pending;
  const file = fileNameOf(url);
  const found = lost.found;
  // The job ended on the platform: nothing more to follow here; its log is that file's to write.
  const ended = found?.verdict === "probable" && (found.outcome === "done" || found.outcome === "failed");
  return (
    <>
      <Heading heading={heading} text={t("elsewhere.fileTitle")} />
      <MessageBar intent="warning">
        <span data-testid="import-lost-intro">
          {t("elsewhere.fileIntro", { catalog: pending.catalogName, time: new Date(pending.sentAt), file })}
        </span>
      </MessageBar>
      <SentList pending={pending} />
      <Found lost={lost} />
      <div class="fui-stack-s" data-testid="import-lost-file">
        {!ended && (
          <div class="fui-row">
            {lost.waiting ? (
              <Button name="stopWaitingLost" onClick={() => pipeline.stopWaitingForLost()}>
                {t("elsewhere.stopFollowing")}
              </Button>
            ) : (
              <Button
                appearance="primary"
                name="followElsewhere"
                onClick={() => run(() => pipeline.waitForLost())}
              >
                {t("elsewhere.follow")}
              </Button>
            )}
            <Button name="checkLost" busy={lost.checking} onClick={() => run(() => pipeline.checkLost())}>
              {t("import.lostCheckAgain")}
            </Button>
          </div>
        )}
        {ended ? (
          <p class="fui-text" data-testid="import-lost-file-ended">
            {t("elsewhere.ended", { file })}
          </p>
        ) : (
          <p class="fui-caption">{t("elsewhere.followHint")}</p>
        )}
      </div>
      <Leave pipeline={pipeline} hint={t("elsewhere.leaveFileHint", { file })} primary={ended} />
    </>
  );
}

export function LostScreen({ state, pipeline, heading }: ScreenProps) {
  const lost = state.job.lost;
  if (!lost) return null;
  if (lost.owner.kind === "window") return <WindowScreen lost={lost} pipeline={pipeline} heading={heading} />;
  if (lost.owner.kind === "file") {
    return <FileScreen lost={lost} url={lost.owner.url} pipeline={pipeline} heading={heading} />;
  }
  return <LostHere lost={lost} pipeline={pipeline} heading={heading} />;
}

/** An import this pane may act on: follow the probable job, wait, ask again, or import again. */
function LostHere({ lost, pipeline, heading }: Omit<ScreenProps, "state"> & { lost: LostImport }) {
  const [confirming, setConfirming] = useState(false);
  const [following, setFollowing] = useState(false);
  const pending = lost.pending;
  const catalog = pending.catalogName;
  const probable = lost.found?.verdict === "probable";
  return (
    <>
      <Heading heading={heading} text={t("import.lostTitle")} />
      {/* What came instead of the answer (a gateway's status, a proxy's words) under "Show details". */}
      <MessageBar intent="warning" details={lost.detail ?? undefined}>
        <span data-testid="import-lost-intro">
          {t(lost.reopened ? "import.lostIntroReopened" : "import.lostIntro", {
            catalog,
            time: new Date(pending.sentAt),
          })}
        </span>
      </MessageBar>
      <SentList pending={pending} />
      <Found lost={lost} />
      {probable ? (
        <div class="fui-stack-s">
          <Button
            appearance="primary"
            block
            name="followLost"
            busy={following || lost.checking}
            onClick={() => {
              setFollowing(true);
              run(() => pipeline.followLost().finally(() => setFollowing(false)));
            }}
          >
            {t("import.lostFollow")}
          </Button>
          <p class="fui-caption">{t("import.lostFollowHint")}</p>
        </div>
      ) : (
        <p class="fui-caption">{t("import.lostChoose")}</p>
      )}
      <div class="fui-row">
        {!probable &&
          (lost.waiting ? (
            <Button name="stopWaitingLost" onClick={() => pipeline.stopWaitingForLost()}>
              {t("import.lostStopWaiting")}
            </Button>
          ) : (
            <Button appearance="primary" name="waitLost" onClick={() => run(() => pipeline.waitForLost())}>
              {t("import.lostWait")}
            </Button>
          ))}
        <Button name="checkLost" busy={lost.checking} onClick={() => run(() => pipeline.checkLost())}>
          {t("import.lostCheckAgain")}
        </Button>
        <Button name="importAgainLost" onClick={() => setConfirming(true)}>
          {t("import.lostImportAgain")}
        </Button>
      </div>
      <Dialog
        open={confirming}
        role="alertdialog"
        title={t("import.lostRiskTitle")}
        onClose={() => setConfirming(false)}
        actions={
          <>
            <Button name="cancelImportAgain" onClick={() => setConfirming(false)}>
              {t("common.cancel")}
            </Button>
            <Button
              appearance="primary"
              name="confirmImportAgain"
              onClick={() => {
                setConfirming(false);
                run(() => pipeline.importAgainAfterLost());
              }}
            >
              {t("import.lostRiskConfirm")}
            </Button>
          </>
        }
      >
        <p class="fui-text" data-testid="import-lost-risk">
          {t("import.lostRisk")}
        </p>
      </Dialog>
    </>
  );
}
