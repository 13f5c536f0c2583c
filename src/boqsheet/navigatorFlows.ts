// The two flows the navigator's screens share: a preview loaded for the current choice (the BOQ of
// the navigator, the difference of Compare with…), and Insert formula (what the target cells hold
// checked first; the pane asks when they hold anything, else the formula is written; the outcome
// or the failure becomes the notice). Each screen keeps its own state and words; these are the
// steps between them.
import { refusalReason } from "../boqdata";
import { errorDetails, errorText, t } from "../i18n";
import "../i18n/deferred"; // the navigator's messages load with this module
import type { FormulaTarget } from "../workbook";
import type { FormulaOutcome } from "./formulaJourney";

/** What a screen says after a step: its intent (the pane's message bar) and words. */
export type Notice =
  { intent: "info" | "warning" | "error" | "success"; text: string; details?: string } | undefined;

/** A preview as the screen shows it: loading, ready, refused by the platform (a scheme) or failed. */
export type Loaded<P> =
  | { kind: "loading" }
  | { kind: "ready"; preview: P }
  | { kind: "refused"; scheme: string; reason: string }
  | { kind: "failed"; message: string; details?: string | undefined };

/**
 * Loads a preview into `set` (loading first); a refusal of `scheme` keeps the platform's reason,
 * any other failure reads `failed(message)`. Returns the cleanup for useEffect: an answer that
 * comes after the choice changed is dropped.
 */
export function loadPreviewInto<P>(
  load: (signal: AbortSignal) => Promise<P>,
  scheme: string,
  failed: (message: string) => string,
  set: (state: Loaded<P>) => void,
): () => void {
  set({ kind: "loading" });
  const controller = new AbortController();
  load(controller.signal).then(
    (preview) => {
      if (!controller.signal.aborted) set({ kind: "ready", preview });
    },
    (error: unknown) => {
      if (controller.signal.aborted) return;
      const reason = refusalReason(error);
      set(
        reason === undefined
          ? {
              kind: "failed",
              message: failed(errorText(error, { plain: true })),
              details: errorDetails(error),
            }
          : { kind: "refused", scheme, reason },
      );
    },
  );
  return () => controller.abort();
}

export interface FormulaInsertActions<C> {
  checkFormula: (choice: C) => Promise<FormulaTarget>;
  writeFormula: (choice: C, target: FormulaTarget) => Promise<FormulaOutcome>;
}

export interface FormulaInsertScreen {
  setAsk: (target: FormulaTarget | undefined) => void;
  setBusy: (busy: boolean) => void;
  setNotice: (notice: Notice) => void;
  /** The notice of what the cell shows after writing. */
  outcome: (outcome: FormulaOutcome) => Notice;
}

/** Insert formula's steps for a screen: `start` checks the target, `write` writes (after asking). */
export function formulaInsert<C>(actions: FormulaInsertActions<C>, screen: FormulaInsertScreen) {
  const insertFailed = (error: unknown): Notice => ({
    intent: "error",
    text: t("boq.navInsertFailed", { message: errorText(error, { plain: true }) }),
    details: errorDetails(error),
  });
  const write = (choice: C, target: FormulaTarget): void => {
    screen.setAsk(undefined);
    screen.setBusy(true);
    screen.setNotice({ intent: "info", text: t("boqnav.waiting", { address: target.address }) });
    actions
      .writeFormula(choice, target)
      .then(
        (outcome) => screen.setNotice(screen.outcome(outcome)),
        (error: unknown) => screen.setNotice(insertFailed(error)),
      )
      .finally(() => screen.setBusy(false));
  };
  const start = (choice: C): void => {
    screen.setBusy(true);
    screen.setNotice(undefined);
    actions.checkFormula(choice).then(
      (target) => {
        screen.setBusy(false);
        if (target.occupied === undefined) write(choice, target);
        else screen.setAsk(target);
      },
      (error: unknown) => {
        screen.setBusy(false);
        screen.setNotice(insertFailed(error));
      },
    );
  };
  return { start, write };
}
