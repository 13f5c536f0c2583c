// The check slice: the range read, its columns and analysis, and the user's choices for the import
// (catalog, company, what to write back). Its reducer and its selectors: whether Preview may be
// chosen, and why not.

import { errorRows, isBlockProblem, type CatalogAnalysis, type Problem } from "../../../catalog";
import type { CheckSlice, ImportChoices, ImportEvent, ImportState } from "./types";

export const DEFAULT_CHOICES: ImportChoices = {
  catalogName: "",
  companyId: "",
  companyName: "",
  writeBackGuids: true,
  resultColumn: false,
  skipErrorRows: false,
};

export function initialCheck(choices: Partial<ImportChoices> = {}): CheckSlice {
  return {
    source: null,
    mapping: null,
    analysis: null,
    errorRows: [],
    choices: { ...DEFAULT_CHOICES, ...choices },
    notice: null,
  };
}

/** The check slice after an event the journey took (`state` is the state before it). */
export function reduceCheck(state: ImportState, event: ImportEvent): CheckSlice {
  const check = state.check;
  switch (event.type) {
    case "choices":
      return { ...check, choices: { ...check.choices, ...event.choices } };
    case "analysed":
      return {
        ...check,
        source: event.source,
        analysis: event.analysis,
        mapping: event.analysis.mapping,
        errorRows: rowsWithErrors(event.analysis.problems),
        notice: event.notice ?? null,
      };
    case "previewed":
      return check.notice === null ? check : { ...check, notice: null };
    case "restore-previewed":
      return initialCheck({ ...check.choices, skipErrorRows: false });
    case "resumed":
      return { ...initialCheck({ ...check.choices, ...event.choices }), source: event.source };
    case "reset":
      return {
        ...initialCheck({ ...check.choices, skipErrorRows: false }),
        source: check.source ?? state.job.lost?.pending.source ?? null,
        mapping: check.mapping,
      };
    case "lost-reopened": {
      const { catalogName, companyId, companyName, source } = event.pending;
      return { ...initialCheck({ ...check.choices, catalogName, companyId, companyName }), source };
    }
    default:
      return check;
  }
}

/**
 * Sheet rows that hold at least one error a skip cures: src/catalog's one definition of error
 * rows (problems about the block, the mapping or missing parents have no row to skip).
 */
export function rowsWithErrors(problems: readonly Problem[]): number[] {
  return errorRows(problems);
}

/** Errors that no skipping can cure: the header or the mapping is wrong. */
export function blockErrors(problems: readonly Problem[]): number {
  return problems.filter((p) => p.severity === "error" && isBlockProblem(p)).length;
}

/** Whether the import may go on to the preview: no errors, or only row errors the user chose to skip. */
export function canPreview(state: ImportState): boolean {
  const { analysis, choices } = state.check;
  if (state.phase !== "checked" || analysis === null) return false;
  if (choices.catalogName.trim() === "" || choices.companyId === "") return false;
  const errors = analysis.problems.filter((p) => p.severity === "error");
  if (errors.length === 0) return analysis.positions.length + analysis.deletions.length > 0;
  if (!choices.skipErrorRows || blockErrors(analysis.problems) > 0) return false;
  const skipped = new Set(state.check.errorRows);
  return (
    analysis.positions.some((p) => !skipped.has(p.row)) || analysis.deletions.some((d) => !skipped.has(d.row))
  );
}

export type PreviewBlocker =
  /** No catalog name yet: the check ran, the import needs its target. */
  | "catalog"
  /** No company chosen (not signed in, or the list not loaded). */
  | "company"
  /** Errors remain that block the import (the rows cannot be skipped, or the user did not choose to). */
  | "errors"
  /** Nothing is left to send (no position and no deletion, or all are in skipped rows). */
  | "nothing";

/**
 * Why Preview cannot be chosen yet, in the order the user meets the causes (the pane says it beside
 * the disabled button instead of leaving a green "ready" next to it); null when it is enabled (or
 * not shown).
 */
export function previewBlocker(state: ImportState): PreviewBlocker | null {
  const { analysis, choices } = state.check;
  if (state.phase !== "checked" || analysis === null || canPreview(state)) return null;
  if (choices.catalogName.trim() === "") return "catalog";
  if (choices.companyId === "") return "company";
  const errors = analysis.problems.some((p) => p.severity === "error");
  if (errors && (!choices.skipErrorRows || blockErrors(analysis.problems) > 0)) return "errors";
  return "nothing";
}

/** Whether "Skip the N rows with errors" is offered: rows with errors, and none that no skip cures. */
export function selectSkippable(state: ImportState): boolean {
  const analysis = state.check.analysis;
  return analysis !== null && state.check.errorRows.length > 0 && blockErrors(analysis.problems) === 0;
}

let lastOrdered: { analysis: CatalogAnalysis; problems: readonly Problem[] } | null = null;

/** A column no field reads, with a header that suggests none: the ones said together in one line. */
function plainUnmapped(p: Problem): boolean {
  return p.kind === "unmapped-column" && p.values["suggestion"] === "" && p.values["header"] !== "";
}

/**
 * Columns that hold data no field reads (a classification table's Group, Sub group, Section, ...)
 * said in one line with their letters and headers (issue 43), at the place of the first; a column
 * whose header suggests a field keeps its own line, with its own fix.
 */
function oneLineForUnmapped(warnings: readonly Problem[]): Problem[] {
  const plain = warnings.filter(plainUnmapped);
  if (plain.length < 2) return [...warnings];
  const first = plain[0] as Problem;
  const summary: Problem = {
    ...first,
    values: {
      ...first.values,
      columns: plain.map((p) => p.column),
      headers: plain.map((p) => String(p.values["header"] ?? "")),
    },
  };
  const out: Problem[] = [];
  for (const p of warnings) {
    if (p === first) out.push(summary);
    else if (!plainUnmapped(p)) out.push(p);
  }
  return out;
}

/**
 * The check's problems as the check screen lists them, errors first, plain unmapped columns in one
 * line; one list per analysis.
 */
export function selectProblemsInOrder(state: ImportState): readonly Problem[] {
  const analysis = state.check.analysis;
  if (analysis === null) return [];
  if (lastOrdered?.analysis !== analysis) {
    const all = analysis.problems;
    const problems = [
      ...all.filter((p) => p.severity === "error"),
      ...oneLineForUnmapped(all.filter((p) => p.severity === "warning")),
    ];
    lastOrdered = { analysis, problems };
  }
  return lastOrdered.problems;
}
