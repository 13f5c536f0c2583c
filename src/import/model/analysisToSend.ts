// The analysis that is sent (pure): the check's analysis without the rows with errors when the
// user chose to skip them, with the tree, levels and counts of what is left. The preview's body is
// built from it (send.ts), and what it holds is kept as what was sent (state/send.ts).

import {
  buildIndexedTreeInSteps,
  countAnalysis,
  runSteps,
  stepCounter,
  type CatalogAnalysis,
  type Steps,
} from "../../catalog";
import type { ImportChoices } from "./state";

interface ToSend {
  analysis: CatalogAnalysis | null;
  choices: Pick<ImportChoices, "skipErrorRows">;
  errorRows: readonly number[];
}

/** The analysis that is sent: without the rows with errors when the user chose to skip them. */
export function analysisToSend(state: ToSend): CatalogAnalysis | null {
  return runSteps(analysisToSendInSteps(state));
}

/**
 * analysisToSend, pausing every STEP_ITEMS rows, positions and problems: 300k positions filtered at
 * once are a long task in the pane, run in slices like the body (src/catalog's steps).
 */
export function* analysisToSendInSteps(state: ToSend): Steps<CatalogAnalysis | null> {
  const analysis = state.analysis;
  if (analysis === null) return null;
  if (!state.choices.skipErrorRows) return analysis;
  const step = stepCounter();
  const skipped = new Set<number>();
  for (const row of state.errorRows) {
    if (step()) yield;
    skipped.add(row);
  }
  const positions: CatalogAnalysis["positions"] = [];
  for (const p of analysis.positions) {
    if (step()) yield;
    if (!skipped.has(p.row)) positions.push(p);
  }
  const deletions: CatalogAnalysis["deletions"] = [];
  for (const d of analysis.deletions) {
    if (step()) yield;
    if (!skipped.has(d.row)) deletions.push(d);
  }
  const problems: CatalogAnalysis["problems"] = [];
  for (const p of analysis.problems) {
    if (step()) yield;
    if (!(p.severity === "error" && skipped.has(p.row))) problems.push(p);
  }
  // The tree of what is sent: the rows left out are out of it, its levels and its counts.
  const tree = skipped.size === 0 ? analysis.tree : (yield* buildIndexedTreeInSteps(positions)).tree;
  yield;
  return {
    ...analysis,
    positions,
    deletions,
    problems,
    tree,
    counts: countAnalysis(
      positions,
      deletions,
      problems,
      tree,
      analysis.counts.emptyRows,
      analysis.counts.skippedRows + skipped.size,
    ),
  };
}
