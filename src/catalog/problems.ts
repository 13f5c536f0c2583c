// Building problems: every message names the cell and the field, and every problem says what to do.

import { cellAddress, columnLetter } from "./cells";
import type { CatalogField, Problem, ProblemKind, ProblemValues, Severity } from "./types";

/** Longest cell text quoted in a message. */
const MAX_QUOTED = 60;

/** Where a problem sits: the sheet, the sheet row number and the 0-based sheet column index. */
export interface CellPlace {
  sheet: string;
  row: number;
  columnIndex: number;
}

export function problemAt(
  place: CellPlace,
  kind: ProblemKind,
  severity: Severity,
  field: CatalogField | null,
  message: string,
  fix: string,
  values: ProblemValues = {},
): Problem {
  const column = columnLetter(place.columnIndex);
  return {
    kind,
    severity,
    sheet: place.sheet,
    row: place.row,
    column,
    cell: cellAddress(place.columnIndex, place.row),
    field,
    values,
    message,
    fix,
  };
}

/** Order problems by row, then column, keeping the order they were found in otherwise. */
export function sortProblems(problems: Problem[]): Problem[] {
  return problems
    .map((p, i) => ({ p, i, c: columnOrder(p.column) }))
    .sort((a, b) => a.p.row - b.p.row || a.c - b.c || a.i - b.i)
    .map((x) => x.p);
}

// "B" < "Z" < "AA": compare by length first, then by letters.
function columnOrder(letters: string): number {
  let n = 0;
  for (let i = 0; i < letters.length; i++) n = n * 26 + (letters.charCodeAt(i) - 64);
  return n;
}

/** Control characters shown as visible symbols, so a line break in a code does not break a message. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;
const CONTROL_SHOWN: Readonly<Record<string, string>> = { "\n": "↵", "\r": "↵", "\t": "→" };

/** A cell's text made printable: line breaks as ↵, tabs as →, other control characters as ·. */
export function visible(text: string): string {
  return text.replace(CONTROL, (c) => CONTROL_SHOWN[c] ?? "·");
}

/** Quote a cell's text for a message, shortened so a 30,000-character cell stays readable. */
export function quote(text: string): string {
  const shown = visible(text);
  return shown.length > MAX_QUOTED ? `"${shown.slice(0, MAX_QUOTED)}…"` : `"${shown}"`;
}
