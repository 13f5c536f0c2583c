/**
 * Range.formulasR1C1 (ExcelApi 1.2): a formula in R1C1 notation, relative to its own cell, as
 * Excel reads and writes it. `R5C3` is absolute ($C$5), `R[-1]C[2]` relative (one row up, two
 * columns right), `RC` the cell itself; a formula written in R1C1 to another cell therefore keeps
 * pointing at the cells in the same places relative to it: the way to copy a formula so that
 * relative references follow, without ExcelApi 1.11's Range.moveTo. Cell and cell-range
 * references are converted, with their sheet prefixes; whole rows and columns in R1C1 (`R5`,
 * `C[1]`) are not modelled (read as names). Text in quotes is never converted.
 */
import { MAX_COLUMNS, MAX_ROWS } from "./address";
import { findReferences, formatRef, SHEET_PREFIX } from "./references";

/** A value that is not a formula is read and written as it is. */
function isFormula(input: unknown): input is string {
  return typeof input === "string" && input.startsWith("=");
}

function part(letter: "R" | "C", index: number, base: number, absolute: boolean): string {
  if (absolute) return `${letter}${index + 1}`;
  const delta = index - base;
  return delta === 0 ? letter : `${letter}[${delta}]`;
}

/** The formula of the cell at (row, col), 0-based, in R1C1 notation. */
export function toR1C1(formula: unknown, row: number, col: number): unknown {
  if (!isFormula(formula)) return formula;
  let out = "";
  let last = 0;
  for (const ref of findReferences(formula)) {
    const { form, area, absolute, range } = ref.parts;
    let text: string;
    if (form === "cells") {
      const cell = (r: number, c: number, absR: boolean, absC: boolean): string =>
        `${part("R", r, row, absR)}${part("C", c, col, absC)}`;
      const first = cell(area.r0, area.c0, absolute[1], absolute[0]);
      text = range ? `${first}:${cell(area.r1, area.c1, absolute[3], absolute[2])}` : first;
    } else if (form === "rows") {
      text = `${part("R", area.r0, row, absolute[1])}:${part("R", area.r1, row, absolute[3])}`;
    } else {
      text = `${part("C", area.c0, col, absolute[0])}:${part("C", area.c1, col, absolute[2])}`;
    }
    out += formula.slice(last, ref.start) + ref.prefix + text + (ref.spill ? "#" : "");
    last = ref.end;
  }
  return last === 0 ? formula : out + formula.slice(last);
}

const R1C1_CELL = String.raw`R(?:\[-?\d{1,7}\]|\d{1,7})?C(?:\[-?\d{1,5}\]|\d{1,5})?`;
const R1C1_REFERENCE = new RegExp(String.raw`(${SHEET_PREFIX})?(${R1C1_CELL})(?::(${R1C1_CELL}))?`, "giu");
const NAME_CHAR = /[\p{L}\p{N}_.]/u;

function resolve(
  text: string,
  row: number,
  col: number,
): { r: number; c: number; absR: boolean; absC: boolean } | undefined {
  const m = /^R(\[-?\d+\]|\d+)?C(\[-?\d+\]|\d+)?$/i.exec(text);
  if (!m) return undefined;
  const axis = (token: string | undefined, base: number): [number, boolean] => {
    if (token === undefined) return [base, false];
    if (token.startsWith("[")) return [base + Number(token.slice(1, -1)), false];
    return [Number(token) - 1, true];
  };
  const [r, absR] = axis(m[1], row);
  const [c, absC] = axis(m[2], col);
  if (r < 0 || c < 0 || r >= MAX_ROWS || c >= MAX_COLUMNS) return undefined;
  return { r, c, absR, absC };
}

/** A formula written in R1C1 notation to the cell at (row, col), 0-based, in A1 notation. */
export function fromR1C1(formula: unknown, row: number, col: number): unknown {
  if (!isFormula(formula)) return formula;
  return formula
    .split(/("(?:[^"]|"")*")/)
    .map((piece, i) =>
      i % 2 === 1
        ? piece
        : piece.replace(
            R1C1_REFERENCE,
            (whole: string, prefix: string | undefined, a: string, b: string | undefined, offset: number) => {
              const before = piece[offset - 1];
              const after = piece[offset + whole.length];
              if (
                (before !== undefined && NAME_CHAR.test(before)) ||
                (after !== undefined && (NAME_CHAR.test(after) || after === "("))
              )
                return whole;
              const first = resolve(a, row, col);
              const second = b === undefined ? first : resolve(b, row, col);
              if (!first || !second) return "#REF!";
              const area = {
                r0: Math.min(first.r, second.r),
                r1: Math.max(first.r, second.r),
                c0: Math.min(first.c, second.c),
                c1: Math.max(first.c, second.c),
              };
              const parts = {
                form: "cells" as const,
                area,
                absolute: [first.absC, first.absR, second.absC, second.absR] as [
                  boolean,
                  boolean,
                  boolean,
                  boolean,
                ],
                range: b !== undefined,
              };
              return `${prefix ?? ""}${formatRef(parts, area)}`;
            },
          ),
    )
    .join("");
}
