// The outcome of the job on screen: each ignored row's reason and, for a job that changed nothing
// though rows were sent, the one reason the result and History give (ignoredReasons.ts).

import { ignoredReasons, nothingChanged, type IgnoredReason, type NothingChanged } from "./ignoredReasons";
import { analysisToSend } from "./analysisToSend";
import type { ImportState } from "./state";

/**
 * The reasons of the log's ignored rows; the request is known only for a job sent from this screen,
 * and the earlier imports (codes in the catalog, units it accepted) only where its preview had them.
 */
export function reasonsOfState(state: ImportState): IgnoredReason[] {
  if (state.log === null) return [];
  const sent = state.send !== null ? analysisToSend(state) : null;
  const known = state.prediction?.known;
  const units = new Set<string>();
  for (const u of known?.units ?? []) if (u !== null && u.trim() !== "") units.add(u.trim());
  return ignoredReasons(state.log, sent?.positions ?? null, { codes: new Set(known?.codes ?? []), units });
}

/** Why the job on screen changed nothing, or null when it changed something (or has no log yet). */
export function outcomeOfState(
  state: ImportState,
  reasons: readonly IgnoredReason[] = reasonsOfState(state),
): NothingChanged | null {
  if (state.log === null || state.counts === null) return null;
  const sentRows = state.send ? state.send.positions + state.send.deletions : state.counts.ignored;
  return nothingChanged(state.counts, sentRows, reasons);
}
