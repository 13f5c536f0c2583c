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

/** The screen's title, which takes the focus when the screen changes. */
export function Heading({ heading, text }: { heading: ScreenProps["heading"]; text: string }) {
  return (
    <h2 id="import-heading" class="fui-subtitle" tabIndex={-1} ref={heading}>
      {text}
    </h2>
  );
}
