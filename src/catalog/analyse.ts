// The pipeline: block of cells → mapping → rows read one by one → checks across rows → tree →
// counts. The promise (README): every non-empty row below the header is either in `positions`
// or `deletions` exactly as the user meant it, or named by a problem; a row named by an error
// is in neither.
//
// Loops over rows and problems are indexed: for...of allocates an iterator result per item in a
// paused generator, garbage the collector then sweeps at every size.

import { MAX_COLUMN_INDEX, cleanText, columnIndex } from "./cells";
import { checkAcrossRowsInSteps, findMissingParentsInSteps, orphanProblem } from "./checks";
import { HEADER_SCAN_ROWS, detectHeader } from "./columns";
import { blockWidth, checkMappingHeader, findUnmappedColumnsInSteps, resolveMapping } from "./mapping";
import { namesErrorRow, problemAt, sortProblems, sortProblemsInSteps } from "./problems";
import { readRowsInSteps } from "./rows";
import { appendAll, runSteps, stepCounter, type Steps } from "./steps";
import { buildIndexedTreeInSteps } from "./tree";
import type {
  CatalogAnalysis,
  CatalogCounts,
  CellBlock,
  CodeTree,
  ColumnMapping,
  FieldColumns,
  MissingParent,
  Problem,
  UnmappedColumn,
} from "./types";
import { CATALOG_FIELDS } from "./types";

export const DEFAULT_DECIMAL_SEPARATOR = ".";

export interface AnalyseOptions {
  /** The workbook's decimal separator (Excel's `application.decimalSeparator`); "." by default. */
  decimalSeparator?: string | undefined;
  /** A mapping chosen by the user or saved earlier; when absent the header row is detected. */
  mapping?: ColumnMapping | null | undefined;
}

/** The tree of no position, shared by every empty analysis and a restore's summary: never changed. */
export const EMPTY_TREE: CodeTree = { roots: [], levels: 0, orphans: 0, size: 0 };

export function analyseCatalog(block: CellBlock, options: AnalyseOptions = {}): CatalogAnalysis {
  return runSteps(analyseCatalogInSteps(block, options));
}

/**
 * analyseCatalog, pausing between slices of rows (see steps.ts): the same result, for a caller
 * that lets the page respond between slices.
 */
export function* analyseCatalogInSteps(
  block: CellBlock,
  options: AnalyseOptions = {},
): Steps<CatalogAnalysis> {
  const decimalSeparator = options.decimalSeparator ?? DEFAULT_DECIMAL_SEPARATOR;
  const problems: Problem[] = [];
  const width = blockWidth(block);
  const lastColumn = block.startColumn + Math.max(width, 1) - 1;
  if (
    !Number.isInteger(block.startRow) ||
    block.startRow < 1 ||
    block.startColumn < 0 ||
    lastColumn > MAX_COLUMN_INDEX
  ) {
    // The problem is anchored at A1: the block's own corner may not be a cell at all.
    const corner = { sheet: block.sheet, row: 1, columnIndex: 0 };
    problems.push(problemAt(corner, "block-outside-sheet", "error", null, { sheet: block.sheet }));
    return finish(null, [], [], problems, EMPTY_TREE, 0, 0, [], []);
  }
  const topLeft = { sheet: block.sheet, row: block.startRow, columnIndex: block.startColumn };
  if (!(yield* hasContent(block))) {
    problems.push(problemAt(topLeft, "empty-selection", "error", null, { sheet: block.sheet }));
    return finish(null, [], [], problems, EMPTY_TREE, 0, 0, [], []);
  }

  const supplied = options.mapping ?? null;
  let mapping = supplied;
  if (mapping === null) {
    const detected = detectHeader(block);
    mapping = detected.mapping;
    appendAll(problems, detected.problems);
  }
  if (mapping === null) {
    const values = { sheet: block.sheet, rows: HEADER_SCAN_ROWS };
    problems.push(problemAt(topLeft, "no-header", "error", null, values));
    return finish(null, [], [], problems, EMPTY_TREE, 0, 0, [], []);
  }

  const resolved = resolveMapping(block, mapping);
  appendAll(problems, resolved.problems);
  const columns: FieldColumns = resolved.columns;
  if (supplied !== null) appendAll(problems, checkMappingHeader(block, mapping, columns));
  const headerPlace = { ...topLeft, row: mapping.headerRow ?? block.startRow };
  if (columns.Code === undefined) {
    if (mapping.columns.Code === undefined)
      problems.push(problemAt(headerPlace, "missing-column", "error", "Code"));
    return finish(mapping, [], [], problems, EMPTY_TREE, 0, 0, [], []);
  }

  const firstDataRow = mapping.headerRow === null ? 0 : mapping.headerRow - block.startRow + 1;
  const rows = yield* readRowsInSteps(block, columns, {
    decimalSeparator,
    firstDataRow: Math.max(0, firstDataRow),
    reportMissingName: columns.Name !== undefined,
  });
  appendAll(problems, rows.problems);
  if (
    rows.contentRows === 0 &&
    rows.deletions.length === 0 &&
    rows.skippedRows === 0 &&
    rows.problems.length === 0
  ) {
    const values = { sheet: block.sheet, headerRow: mapping.headerRow ?? 0 };
    problems.push(problemAt(headerPlace, "no-data-rows", "error", null, values));
  }
  if (columns.Name === undefined && rows.contentRows > 0 && mapping.columns.Name === undefined) {
    const values = { positions: rows.contentRows };
    problems.push(problemAt(headerPlace, "missing-column", "error", "Name", values));
  }
  const alreadyReported = new Set<number>();
  const step = stepCounter();
  for (let i = 0; i < problems.length; i++) {
    if (step()) yield;
    const p = problems[i] as Problem;
    if (p.kind === "duplicate-column" || p.kind === "row-number-column")
      alreadyReported.add(columnIndex(p.column) ?? -1);
    const listed = p.kind === "ambiguous-column" ? p.values["columns"] : undefined;
    if (typeof listed === "object") for (const l of listed) alreadyReported.add(columnIndex(l) ?? -1);
  }
  yield;
  const unmapped = yield* findUnmappedColumnsInSteps(block, mapping, columns, alreadyReported);
  appendAll(problems, unmapped.problems);
  yield;

  // The tree holds every code the sheet lists, so a row with an error in its price still counts
  // as the parent of the rows below it. Its index of codes serves the checks across rows too.
  const indexed = yield* buildIndexedTreeInSteps(rows.positions);
  const tree = indexed.tree;
  appendAll(
    problems,
    yield* checkAcrossRowsInSteps(block.sheet, rows.positions, rows.deletions, columns, indexed),
  );
  yield;
  const missingParents = yield* findMissingParentsInSteps(tree);
  const orphans = orphanProblem(block.sheet, missingParents, columns.Code, tree.size);
  if (orphans) problems.push(orphans);

  yield;
  const sorted = yield* sortProblemsInSteps(problems);
  // Rows named by an error about the row (errorRows in problems.ts) stay out of what is sent.
  const named = new Set<number>();
  for (let i = 0; i < sorted.length; i++) {
    if (step()) yield;
    const p = sorted[i] as Problem;
    if (namesErrorRow(p)) named.add(p.row);
  }
  const positions = named.size === 0 ? rows.positions : yield* withoutRows(rows.positions, named);
  const deletions = named.size === 0 ? rows.deletions : yield* withoutRows(rows.deletions, named);
  yield;
  return analysis(
    mapping,
    positions,
    deletions,
    sorted,
    tree,
    rows.emptyRows,
    rows.skippedRows,
    missingParents,
    unmapped.unmapped,
  );
}

/**
 * The items whose row is not in `rows`, in their order, pausing every STEP_ITEMS items. The list
 * is the row reader's own and is not read again once checked, so it is compacted in place
 * rather than copied (a copy of 300,000 positions is a 2.4 MB list for the collector).
 */
function* withoutRows<T extends { row: number }>(items: T[], rows: ReadonlySet<number>): Steps<T[]> {
  const step = stepCounter();
  let kept = 0;
  for (let i = 0; i < items.length; i++) {
    if (step()) yield;
    const item = items[i] as T;
    if (!rows.has(item.row)) items[kept++] = item;
  }
  items.length = kept;
  return items;
}

/** Whether any cell holds something (a blank selection is told apart), pausing every STEP_ITEMS rows. */
function* hasContent(block: CellBlock): Steps<boolean> {
  const step = stepCounter();
  for (const row of block.values) {
    if (step()) yield;
    for (const v of row) {
      if (v === "" || v === undefined) continue;
      if (typeof v === "string" && cleanText(v) === "") continue;
      return true;
    }
  }
  return false;
}

function finish(
  mapping: ColumnMapping | null,
  positions: CatalogAnalysis["positions"],
  deletions: CatalogAnalysis["deletions"],
  problems: Problem[],
  tree: CodeTree,
  emptyRows: number,
  skippedRows: number,
  missingParents: MissingParent[],
  unmappedColumns: UnmappedColumn[],
): CatalogAnalysis {
  return analysis(
    mapping,
    positions,
    deletions,
    sortProblems(problems),
    tree,
    emptyRows,
    skippedRows,
    missingParents,
    unmappedColumns,
  );
}

/** The analysis of problems already in order (sortProblems). */
function analysis(
  mapping: ColumnMapping | null,
  positions: CatalogAnalysis["positions"],
  deletions: CatalogAnalysis["deletions"],
  sorted: Problem[],
  tree: CodeTree,
  emptyRows: number,
  skippedRows: number,
  missingParents: MissingParent[],
  unmappedColumns: UnmappedColumn[],
): CatalogAnalysis {
  return {
    mapping,
    positions,
    deletions,
    problems: sorted,
    tree,
    counts: countAnalysis(positions, deletions, sorted, tree, emptyRows, skippedRows),
    missingParents,
    unmappedColumns,
  };
}

export function countAnalysis(
  positions: CatalogAnalysis["positions"],
  deletions: CatalogAnalysis["deletions"],
  problems: readonly Problem[],
  tree: CodeTree,
  emptyRows: number,
  skippedRows = 0,
): CatalogCounts {
  // Indexed loops: for...of allocates an iterator result per item until the code is optimised.
  let withGuid = 0;
  for (let i = 0; i < positions.length; i++) if (positions[i]?.Guid !== undefined) withGuid++;
  let errors = 0;
  for (let i = 0; i < problems.length; i++) if (problems[i]?.severity === "error") errors++;
  return {
    positions: positions.length,
    roots: tree.roots.length - tree.orphans,
    levels: tree.levels,
    orphans: tree.orphans,
    withGuid,
    withoutGuid: positions.length - withGuid,
    deletions: deletions.length,
    emptyRows,
    skippedRows,
    errors,
    warnings: problems.length - errors,
  };
}

/** A mapping from column letters typed by the user, e.g. { Code: "b", Name: "C" }. */
export function mappingFromLetters(
  headerRow: number | null,
  columns: ColumnMapping["columns"],
): ColumnMapping {
  const clean: ColumnMapping["columns"] = {};
  for (const field of CATALOG_FIELDS) {
    const letters = columns[field];
    if (letters === undefined || letters.trim() === "") continue;
    clean[field] = columnIndex(letters) === null ? letters : letters.trim().toUpperCase();
  }
  return { headerRow, columns: clean };
}
