// The PLATFORM.BOQ formula the navigator inserts: every argument as Excel text (quotes doubled),
// the version too, since a number would lose 3.10 to 3.1. Pure.

export interface BoqSelection {
  company: string;
  project: string;
  model: string;
  scheme: string;
  /** "modelVersion.analysisVersion" */
  version: string;
}

/** An Excel string literal: "O""Neil" for O"Neil. */
export function excelText(value: string): string {
  return `"${value.replace(/"/g, '""')}"`;
}

export function boqFormula(selection: BoqSelection): string {
  const args = [selection.company, selection.project, selection.model, selection.scheme, selection.version];
  return `=PLATFORM.BOQ(${args.map(excelText).join(", ")})`;
}

/** Two analyses to compare: B of `modelB` when given (another model of the same project). */
export interface BoqDiffSelection extends BoqSelection {
  /** "modelVersion.analysisVersion" of side B. */
  versionB: string;
  /** Side B's model when it is not `model`. */
  modelB?: string;
  /** Unchanged rows kept too. */
  showUnchanged?: boolean;
}

/**
 * The PLATFORM.BOQDIFF formula: the arguments the choice needs and no more, so the formula reads
 * as short as the estimator would type it. An optional argument left out before one that is given
 * stays an empty place between commas, which Excel passes as omitted.
 */
export function boqDiffFormula(selection: BoqDiffSelection): string {
  const args = [
    selection.company,
    selection.project,
    selection.model,
    selection.scheme,
    selection.version,
    selection.versionB,
  ].map(excelText);
  const modelB =
    selection.modelB !== undefined && selection.modelB !== selection.model ? selection.modelB : "";
  // [modelB], [columns], [showUnchanged]: trailing places that are not given are not written.
  const optional = [modelB ? excelText(modelB) : "", "", selection.showUnchanged ? "TRUE" : ""];
  while (optional.length > 0 && optional[optional.length - 1] === "") optional.pop();
  return `=PLATFORM.BOQDIFF(${[...args, ...optional].join(", ")})`;
}
