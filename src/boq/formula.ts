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
