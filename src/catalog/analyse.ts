// The pipeline: block of cells → mapping → positions and deletions → problems → tree → counts.

import { cellAddress, columnIndex } from "./cells";
import { HEADER_SCAN_ROWS, detectHeader, resolveMapping } from "./columns";
import { checkAcrossRows, readRows, type FieldColumns } from "./positions";
import { problemAt, quote, sortProblems } from "./problems";
import { buildTree } from "./tree";
import type { CatalogAnalysis, CatalogCounts, CellBlock, CodeTree, ColumnMapping, Problem } from "./types";
import { CATALOG_FIELDS } from "./types";

export const DEFAULT_DECIMAL_SEPARATOR = ".";

export interface AnalyseOptions {
  /** The workbook's decimal separator (Excel's `application.decimalSeparator`); "." by default. */
  decimalSeparator?: string;
  /** A mapping chosen by the user or saved earlier; when absent the header row is detected. */
  mapping?: ColumnMapping | null;
}

const EMPTY_TREE: CodeTree = { roots: [], levels: 0, orphans: 0, size: 0 };

export function analyseCatalog(block: CellBlock, options: AnalyseOptions = {}): CatalogAnalysis {
  const decimalSeparator = options.decimalSeparator ?? DEFAULT_DECIMAL_SEPARATOR;
  const problems: Problem[] = [];
  const topLeft = { sheet: block.sheet, row: block.startRow, columnIndex: block.startColumn };

  let mapping = options.mapping ?? null;
  if (mapping === null) {
    const detected = detectHeader(block);
    mapping = detected.mapping;
    problems.push(...detected.problems);
  }
  if (mapping === null) {
    problems.push(
      problemAt(
        topLeft,
        "no-header",
        "error",
        null,
        `No header row naming a Code column was found in the first ${HEADER_SCAN_ROWS} rows of the selected range on sheet "${block.sheet}".`,
        `Add a header row with at least Code and Name (for example "Code", "Name", "Price"), or choose the columns by hand.`,
      ),
    );
    return finish(null, [], [], problems, EMPTY_TREE, 0);
  }

  const resolved = resolveMapping(block, mapping);
  problems.push(...resolved.problems);
  const offsets = resolved.offsets;
  const headerPlace = { ...topLeft, row: mapping.headerRow ?? block.startRow };
  if (offsets.Code === undefined) {
    if (mapping.columns.Code === undefined) {
      problems.push(
        problemAt(
          headerPlace,
          "missing-column",
          "error",
          "Code",
          `No column holds the Code, which every position needs.`,
          `Add a column headed "Code" (or "Код", "Шифр"), or choose the Code column by hand.`,
        ),
      );
    }
    return finish(mapping, [], [], problems, EMPTY_TREE, 0);
  }

  const firstDataRow = mapping.headerRow === null ? 0 : mapping.headerRow - block.startRow + 1;
  const rows = readRows(block, offsets, {
    decimalSeparator,
    firstDataRow: Math.max(0, firstDataRow),
    reportMissingName: offsets.Name !== undefined,
  });
  problems.push(...rows.problems);
  if (offsets.Name === undefined && rows.contentRows > 0 && mapping.columns.Name === undefined) {
    problems.push(
      problemAt(
        headerPlace,
        "missing-column",
        "error",
        "Name",
        `No column holds the Name; the platform ignores positions without a name, so none of the ${rows.contentRows} positions would be imported.`,
        `Add a column headed "Name" (or "Наименование", "Название"), or choose the Name column by hand.`,
      ),
    );
  }

  const columns: FieldColumns = {};
  for (const field of CATALOG_FIELDS) {
    const offset = offsets[field];
    if (offset !== undefined) columns[field] = block.startColumn + offset;
  }
  problems.push(...checkAcrossRows(block.sheet, rows.positions, rows.deletions, columns));

  const tree = buildTree(rows.positions.map((p) => ({ code: p.Code, name: p.Name, row: p.row })));
  const codeColumn = columns.Code ?? block.startColumn;
  for (const root of tree.roots) {
    if (!root.orphan) continue;
    problems.push(
      problemAt(
        { sheet: block.sheet, row: root.row, columnIndex: codeColumn },
        "orphan-code",
        "warning",
        "Code",
        `The parent of the Code ${quote(root.code)} in ${cellAddress(codeColumn, root.row)} is not in the list; the platform ignores this position${root.children.length > 0 ? " and the ones below it" : ""} unless the parent already exists in the catalog.`,
        `Add a row for the parent code, or correct the code, unless the parent is already in the catalog on the platform.`,
      ),
    );
  }
  return finish(mapping, rows.positions, rows.deletions, problems, tree, rows.emptyRows);
}

function finish(
  mapping: ColumnMapping | null,
  positions: CatalogAnalysis["positions"],
  deletions: CatalogAnalysis["deletions"],
  problems: Problem[],
  tree: CodeTree,
  emptyRows: number,
): CatalogAnalysis {
  const sorted = sortProblems(problems);
  return {
    mapping,
    positions,
    deletions,
    problems: sorted,
    tree,
    counts: countAnalysis(positions, deletions, sorted, tree, emptyRows),
  };
}

export function countAnalysis(
  positions: CatalogAnalysis["positions"],
  deletions: CatalogAnalysis["deletions"],
  problems: readonly Problem[],
  tree: CodeTree,
  emptyRows: number,
): CatalogCounts {
  let withGuid = 0;
  for (const p of positions) if (p.Guid !== undefined) withGuid++;
  let errors = 0;
  for (const p of problems) if (p.severity === "error") errors++;
  return {
    positions: positions.length,
    roots: tree.roots.length - tree.orphans,
    levels: tree.levels,
    orphans: tree.orphans,
    withGuid,
    withoutGuid: positions.length - withGuid,
    deletions: deletions.length,
    emptyRows,
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
