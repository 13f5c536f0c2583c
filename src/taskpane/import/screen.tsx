// What the import screens share: the props of a screen, its focusable heading, running a
// pipeline action, and the words of a Said.
import type { ImportPipeline, ImportState, Said } from "../../import";
import { t } from "../../i18n";
import "../../i18n/deferred"; // the import and problems messages load with this module
import { createLogger } from "../../log/logger";

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
  | "addMissingParents"
  | "back"
  | "start"
  | "detach"
  | "resumePending"
  | "followAgain"
  | "writeLog"
  | "logJson"
  | "reset"
  | "checkLost"
  | "waitForLost"
  | "stopWaitingForLost"
  | "followLost"
  | "importAgainAfterLost"
  | "leaveLost"
  | "history"
  | "setMapping"
  | "sourceColumns"
  | "mappingDraft"
  | "catalogs"
  | "rememberedFit"
  | "applyRemembered"
  | "cleared"
  | "offerRestore"
  | "restoreOffer"
  | "subscribeRestore"
  | "sendRestore"
  | "cancelRestore"
>;

export interface ScreenProps {
  state: ImportState;
  pipeline: ImportActions;
  heading: { current: HTMLHeadingElement | null };
}

/** Runs an action of the pipeline; its failures are states, an unexpected one is logged. */
export function run(action: () => Promise<unknown>): void {
  void action().catch((e: unknown) => log.error("an import action failed unexpectedly", e));
}

export function say(s: Said): string {
  return t(s.key, s.values ?? {});
}

/**
 * Gives a JSON file to download: the log when its sheets could not be written, or the import's
 * details when the workbook could not keep them.
 */
export function download(json: string, jobId: string | null): void {
  const url = URL.createObjectURL(new Blob([json], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = `import-log-${jobId ?? "pending"}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The screen's title, which takes the focus when the screen changes. */
export function Heading({ heading, text }: { heading: ScreenProps["heading"]; text: string }) {
  return (
    <h2 id="import-heading" class="fui-subtitle" tabIndex={-1} ref={heading}>
      {text}
    </h2>
  );
}
