// The preview's dry run as the pane shows it (pure): the prediction of predict.ts over the body on
// screen, the fields no column is mapped for, the parent codes to add as rows, the rows behind a
// count (capped), and when Import asks first because most rows hang under a missing parent.

import {
  compareNatural,
  LargeSet,
  parentCode,
  stepCounter,
  type CatalogPosition,
  type ColumnMapping,
  type ImportBody,
  type Steps,
} from "../../catalog";
import {
  baselineFits,
  predictImportInSteps,
  type ImportBaseline,
  type LoadedBaseline,
  type MayClear,
} from "./predict";
import { BLANKABLE_FIELDS, type BlankableField, type PreviewPrediction } from "./previewState";

/** The dry run of `body`, whose positions are `positions` (the sent analysis's, same order). */
export function* predictionOf(
  body: ImportBody,
  positions: readonly CatalogPosition[],
  mapping: ColumnMapping | null,
  loaded: LoadedBaseline,
): Steps<PreviewPrediction> {
  const outcome = yield* predictImportInSteps(body, loaded.baseline);
  const unmapped = BLANKABLE_FIELDS.filter((f) => mapping?.columns[f] === undefined);
  const addParents = yield* parentsToAdd(
    outcome.missingParents.map((m) => m.code),
    body,
    loaded.baseline,
  );
  const baseline = loaded.baseline !== null && baselineFits(loaded.baseline, body) ? loaded.baseline : null;
  const known = { codes: baseline?.codes ?? [], units: baseline?.units ?? [] };
  return { outcome, positions, unmapped, addParents, storeFailed: loaded.failed, known };
}

/**
 * The missing parent codes with their own missing parents up to a code that is sent, known to be
 * in the catalog, or a root, in natural order (a parent code is a prefix of its child's, so
 * parents come first).
 */
function* parentsToAdd(
  missing: readonly string[],
  body: ImportBody,
  baseline: ImportBaseline | null,
): Steps<string[]> {
  if (missing.length === 0) return [];
  const step = stepCounter();
  const present = new LargeSet();
  for (const p of body.Data) {
    if (step()) yield;
    present.add(p.Code.trim());
  }
  const fits =
    baseline !== null &&
    baseline.catalogName === body.Settings.CatalogName &&
    baseline.companyId === body.Settings.CompanyId;
  if (fits) {
    for (const c of baseline.codes) {
      if (step()) yield;
      present.add(c);
    }
  }
  const add = new Set<string>();
  for (const code of missing) {
    let c: string | null = code;
    while (c !== null && !present.has(c) && !add.has(c)) {
      add.add(c);
      c = parentCode(c);
    }
  }
  return [...add].sort(compareNatural);
}

/** At most this many rows are listed behind a count; the rest are counted ("and N more"). */
export const LISTED_ROWS = 50;

/** A row behind a count: its sheet row and code. */
export interface ListedRow {
  row: number;
  code: string;
}

/** The first `limit` rows of the body indexes given, with the number left out. */
export function listRows(
  prediction: PreviewPrediction,
  indexes: readonly number[],
  limit = LISTED_ROWS,
): { rows: ListedRow[]; more: number } {
  const rows: ListedRow[] = [];
  for (let i = 0; i < indexes.length && rows.length < limit; i++) {
    const p = prediction.positions[indexes[i] as number];
    if (p !== undefined) rows.push({ row: p.row, code: p.Code });
  }
  return { rows, more: Math.max(0, indexes.length - rows.length) };
}

/** The blank fields of a position that may update an existing one: left out of the body. */
export function blankFieldsOf(prediction: PreviewPrediction, index: number): BlankableField[] {
  const p = prediction.positions[index];
  if (p === undefined) return [];
  return BLANKABLE_FIELDS.filter((f) => p[f] === undefined && !prediction.unmapped.includes(f));
}

/** The rows with a blank cell in a mapped blankable column (rows whose column is unmapped are said once). */
export function blankCellRows(prediction: PreviewPrediction): number[] {
  return prediction.outcome.blankFields.filter((i) => blankFieldsOf(prediction, i).length > 0);
}

/** What Import asks first: most rows hang under parent codes neither sent nor known in the catalog. */
export interface MissingParentsAsk {
  /** Rows the platform ignores (with their descendants) if the catalog lacks their parent. */
  hanging: number;
  /** Positions sent. */
  sent: number;
  /** The missing parent codes, the ones most rows hang under first. */
  parents: string[];
}

/** The question Import asks first, or null when at most half of the rows hang under missing parents. */
export function missingParentsAsk(prediction: PreviewPrediction | null): MissingParentsAsk | null {
  if (prediction === null) return null;
  const sent = prediction.positions.length;
  const hanging = prediction.outcome.counts.unknownParent;
  if (sent === 0 || hanging * 2 <= sent || prediction.outcome.missingParents.length === 0) return null;
  const parents = [...prediction.outcome.missingParents]
    .sort((a, b) => b.rows.length - a.rows.length || compareNatural(a.code, b.code))
    .map((m) => m.code);
  return { hanging, sent, parents };
}

/** How many rows may update an existing position: every row the platform is not known to ignore. */
export function mayUpdateCount(prediction: PreviewPrediction): number {
  const c = prediction.outcome.counts;
  return prediction.positions.length - c.ignoredRepeated - c.ignoredCodeTaken;
}

/** A field rows that may update leave out: how many, and whether no column is mapped for it. */
export interface BlankFieldCount {
  field: BlankableField;
  rows: number;
  unmapped: boolean;
}

/**
 * Per blankable field, the rows that may update an existing position (unknown rows included) and
 * leave it out: all of them when no column is mapped for it, else those whose cell is blank.
 * Fields no such row leaves out are not listed.
 */
export function blankFieldCounts(prediction: PreviewPrediction): BlankFieldCount[] {
  const mayUpdate = mayUpdateCount(prediction);
  const out: BlankFieldCount[] = [];
  for (const field of BLANKABLE_FIELDS) {
    if (prediction.unmapped.includes(field)) {
      if (mayUpdate > 0) out.push({ field, rows: mayUpdate, unmapped: true });
      continue;
    }
    let rows = 0;
    for (const i of prediction.outcome.blankFields)
      if (prediction.positions[i]?.[field] === undefined) rows++;
    if (rows > 0) out.push({ field, rows, unmapped: false });
  }
  return out;
}

/** The values a row may clear (blank now, a value in the last import), in field order. */
export function clearsOf(prediction: PreviewPrediction, index: number): MayClear[] {
  return prediction.outcome.clears.filter((c) => c.index === index);
}

/** The rows that may clear a value they had, in body order, each once. */
export function clearingRows(prediction: PreviewPrediction): number[] {
  const rows: number[] = [];
  for (const c of prediction.outcome.clears) if (rows[rows.length - 1] !== c.index) rows.push(c.index);
  return rows;
}
