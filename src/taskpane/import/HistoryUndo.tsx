// History's "Undo the updates" of an import: the button of an entry (its log is fetched, endpoint
// 4), and the follow-up import it offers, shown in place of the list until it is sent or
// cancelled (RestoreScreen). Sending it is an import like any other: it appears in the list as
// running, followed by the pane.
import { useEffect, useState } from "preact/hooks";
import type { HistoryEntry, ImportPipeline, RestoreOffer, Said } from "../../import";
import { t } from "../../i18n";
import "../../i18n/deferred"; // the restore messages load with this module
import { createLogger } from "../../log/logger";
import { Button, MessageBar } from "../components";
import { RestoreScreen } from "./RestoreScreen";

const log = createLogger("import");

export type UndoActions = Pick<
  ImportPipeline,
  "offerUndo" | "restoreOffer" | "subscribeRestore" | "sendRestore" | "cancelRestore"
>;

/** The offer History made, until sent or cancelled. */
export function useHistoryOffer(pipeline: UndoActions): RestoreOffer | null {
  const pick = (o: RestoreOffer | null) => (o?.origin === "history" ? o : null);
  const [offer, setOffer] = useState(() => pick(pipeline.restoreOffer()));
  useEffect(() => {
    setOffer(pick(pipeline.restoreOffer()));
    return pipeline.subscribeRestore((o) => setOffer(pick(o)));
  }, [pipeline]);
  return offer;
}

export function HistoryOffer(props: { pipeline: UndoActions; offer: RestoreOffer; paneBusy: boolean }) {
  const { pipeline, offer, paneBusy } = props;
  return (
    <RestoreScreen
      offer={offer}
      paneBusy={paneBusy}
      onSend={() => {
        void pipeline.sendRestore().catch((e: unknown) => log.error("the undo failed unexpectedly", e));
      }}
      onCancel={() => pipeline.cancelRestore()}
    />
  );
}

/** Offered for a finished import that updated positions (or whose counts are not known). */
export function canUndo(entry: HistoryEntry): boolean {
  return entry.status === "done" && (entry.counts?.updated ?? 1) > 0;
}

export function UndoButton(props: { pipeline: UndoActions; entry: HistoryEntry; describedBy: string }) {
  const { pipeline, entry, describedBy } = props;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Said | null>(null);
  const undo = () => {
    setBusy(true);
    setFailure(null);
    void pipeline
      .offerUndo(entry.jobId)
      .then(setFailure)
      .catch((e: unknown) => log.error("reading the log for an undo failed unexpectedly", e))
      .finally(() => setBusy(false));
  };
  return (
    <>
      <Button
        name="historyUndo"
        busy={busy}
        aria-describedby={describedBy}
        aria-label={t("restore.undoLabel", { catalog: entry.catalogName })}
        onClick={undo}
      >
        {t("restore.undoButton")}
      </Button>
      {busy && <span class="fui-caption">{t("restore.undoFetching")}</span>}
      {failure && (
        <MessageBar intent="error" details={failure.detail}>
          {t(failure.key, failure.values ?? {})}
        </MessageBar>
      )}
    </>
  );
}
