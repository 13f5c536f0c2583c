// Why Preview cannot be chosen yet, in the order the user meets the causes: the pane says it
// beside the disabled button instead of leaving a green "ready" next to it.

import { blockErrors, canPreview, type ImportState } from "./state";

export type PreviewBlocker =
  /** No catalog name yet: the check ran, the import needs its target. */
  | "catalog"
  /** No company chosen (not signed in, or the list not loaded). */
  | "company"
  /** Errors remain that block the import (the rows cannot be skipped, or the user did not choose to). */
  | "errors"
  /** Nothing is left to send (no position and no deletion, or all are in skipped rows). */
  | "nothing";

/** The first reason Preview is disabled on the check screen; null when it is enabled (or not shown). */
export function previewBlocker(state: ImportState): PreviewBlocker | null {
  const analysis = state.analysis;
  if (state.phase !== "checked" || analysis === null || canPreview(state)) return null;
  if (state.choices.catalogName.trim() === "") return "catalog";
  if (state.choices.companyId === "") return "company";
  const errors = analysis.problems.some((p) => p.severity === "error");
  if (errors && (!state.choices.skipErrorRows || blockErrors(analysis.problems) > 0)) return "errors";
  return "nothing";
}
