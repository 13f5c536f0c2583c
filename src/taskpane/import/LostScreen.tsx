// An import sent whose answer was lost (or that the pane was sending when it closed): what was
// sent and when, what the platform shows for the catalog since, and the user's choices. A job
// that is probably this import is offered to follow; otherwise the pane waits (asking again by
// itself), asks again now, or goes back to import again after naming the risk of a duplicate. It
// never says that no job started: a queued import may still appear.
import { useState } from "preact/hooks";
import { LOST_WAIT_MS, type LostFinding, type LostImport } from "../../import";
import { t } from "../../i18n";
import { Button, Dialog, MessageBar, Spinner } from "../components";
import { Heading, run, say, type ScreenProps } from "./screen";
import { jobStatusText } from "./statusText";

const WAIT_SECONDS = Math.round(LOST_WAIT_MS / 1000);

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
    return (
      <div class="fui-card fui-stack-s" data-testid="import-lost-probable">
        <h3 class="fui-text">
          <strong>{t("import.lostProbableTitle")}</strong>
        </h3>
        <p class="fui-text">{t("import.lostProbable", { catalog })}</p>
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

export function LostScreen({ state, pipeline, heading }: ScreenProps) {
  const [confirming, setConfirming] = useState(false);
  const [following, setFollowing] = useState(false);
  const lost = state.job.lost;
  if (!lost) return null;
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
      <div class="fui-stack-s" role="status" data-testid="import-lost-found">
        <Finding lost={lost} catalog={catalog} />
        {lost.found !== null && lost.checking && <Spinner label={t("import.lostChecking", { catalog })} />}
        {lost.checkedAt !== null && !lost.checking && (
          <p class="fui-caption">{t("import.lostCheckedAt", { time: new Date(lost.checkedAt) })}</p>
        )}
        {lost.waiting && <p class="fui-caption">{t("import.lostWaiting", { seconds: WAIT_SECONDS })}</p>}
      </div>
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
