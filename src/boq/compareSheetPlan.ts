// The comparison sheet as data (issue 28): a header block naming both sides, the totals of both
// versions at the top, then the comparison's rows with the BOQ sheet's outline layout (a section is
// its heading, its children, and its total on the row after them, where Excel draws the group's
// +/- button: see ./sheetPlan), then the table of each top-level section's cost change that the
// chart draws. It says where the AutoFilter goes and which Change texts it keeps, which cells the
// increase/decrease colours cover, and where the chart stands. Pure: the words come in as
// ComparisonSheetLabels from the caller (src/boqsheet), in the language the sheet is written in;
// src/workbook writes the plan.
import { comparedKind, comparedValue, formatOf, sheetValue, type ComparedField } from "./cellValues";
import type { BoqChange, BoqComparison, ComparedRow } from "./compare";
import type { PlanCell } from "./sheetLayout";
import { MAX_INDENT, MAX_OUTLINE_LEVEL, type OutlineGroup } from "./sheetPlan";

/** The sheet's columns, A to M. */
export const COMPARE_COLUMNS = {
  level: 0,
  code: 1,
  name: 2,
  unit: 3,
  quantityA: 4,
  quantityB: 5,
  deltaQuantity: 6,
  totalA: 7,
  totalB: 8,
  deltaTotal: 9,
  deltaPercent: 10,
  change: 11,
  details: 12,
} as const;
export type CompareColumn = keyof typeof COMPARE_COLUMNS;
export const COMPARE_WIDTH = Object.keys(COMPARE_COLUMNS).length;

/** The compared row's field each column shows (./cellValues: its kind, value and number format). */
const FIELD_OF: Readonly<Record<CompareColumn, ComparedField>> = {
  level: "Level",
  code: "Code",
  name: "Name",
  unit: "Unit",
  quantityA: "QuantityA",
  quantityB: "QuantityB",
  deltaQuantity: "DeltaQuantity",
  totalA: "TotalA",
  totalB: "TotalB",
  deltaTotal: "DeltaTotal",
  deltaPercent: "DeltaPercent",
  change: "Change",
  details: "Details",
};
const COLUMN_KEYS = Object.keys(COMPARE_COLUMNS) as CompareColumn[];

/**
 * What the Change column says of a row: its change, or, for an unchanged parent with changes
 * below it, a class of its own, so the filter to changed rows keeps the sections they stand in.
 */
export type ChangeClass = BoqChange | "unchangedWithin";
/** The classes the sheet's filter shows at first: everything but wholly unchanged rows. */
export const SHOWN_CLASSES: readonly ChangeClass[] = [
  "added",
  "removed",
  "changed",
  "moved",
  "unchangedWithin",
];

export interface ComparisonSheetInfo {
  company: string;
  project: string;
  /** Model of each side (the same model for two versions of it). */
  modelA: string;
  modelB: string;
  schemeA: string;
  schemeB: string;
  versionA: string;
  versionB: string;
  /** How each analysis is shown to the user (version and date). */
  analysisA: string;
  analysisB: string;
  /** When the rows were pulled, already formatted by the caller (src/boq has no clock). */
  pulledAt: string;
}

export interface ComparisonSheetLabels {
  title: string;
  company: string;
  project: string;
  model: string;
  scheme: string;
  sideA: string;
  sideB: string;
  pulled: string;
  /** A header block line: a label and its value. */
  headerLine: (label: string, value: string) => string;
  /** A side's version and its analysis, as one header value. */
  versionLine: (version: string, analysis: string) => string;
  /** Two differing values of a header line (models or schemes of the two sides). */
  pair: (a: string, b: string) => string;
  counts: (counts: BoqComparison["counts"]) => string;
  /** Two lines under the header block: what the filter shows, and how a changed unit is shown. */
  note: string;
  unitNote: string;
  totals: string;
  grandTotal: string;
  sectionTotal: (name: string) => string;
  columns: Record<CompareColumn, string>;
  change: (kind: ChangeClass) => string;
  /** What a row's change says besides its kind (moved from/to, unit, code, name); "" for nothing. */
  details: (row: ComparedRow) => string;
  chartTitle: string;
  chartCategory: string;
  /** The two series: sections whose cost went up, and down (two colours, a legend). */
  chartIncrease: string;
  chartDecrease: string;
}

export type CompareRowKind = "heading" | "item" | "sectionTotal";

export interface ComparePlanRow {
  /** 0-based sheet row. */
  sheetRow: number;
  kind: CompareRowKind;
  level: number;
  indent: number;
  change: ChangeClass;
  /** A section total: the index (in `rows`) of its heading. */
  heading?: number;
  cells: PlanCell[];
}

/** A block of cells: 0-based, inclusive rows, `columns` from `firstColumn`. */
export interface CellBlock {
  firstRow: number;
  lastRow: number;
  firstColumn: number;
  columnCount: number;
}

export interface ComparisonSheetPlan {
  /** Rows 0 to the column headers' row, each COMPARE_WIDTH cells (text, the totals' numbers). */
  top: PlanCell[][];
  /** The rows of `top` that are bold (title, totals, column headers). */
  boldTopRows: number[];
  /** 0-based sheet row of the totals' values (the whole comparison). */
  totalsRow: number;
  /** 0-based sheet row of the column headers (frozen with everything above). */
  headerRow: number;
  numberFormats: string[];
  rows: ComparePlanRow[];
  groups: OutlineGroup[];
  /**
   * The AutoFilter: its range (the column headers and every row) and the Change texts kept; null
   * when there is no row to filter.
   */
  filter: { range: CellBlock; column: number; shown: string[] } | null;
  /** Cells coloured by increase (> 0) and decrease (< 0). */
  coloured: CellBlock[];
  /** The section table under the rows: the chart's source, its first row the headers. */
  sections: { firstRow: number; cells: PlanCell[][]; numberFormats: string[]; source: CellBlock };
  /**
   * The chart of the cost change by section: its title, the cells it covers (beside the summary,
   * in the first screen), and its value axis's number format (the sheet's money format).
   */
  chart: { title: string; place: CellBlock; numberFormat: string; rowHeight: number } | null;
}

/**
 * Columns E to I beside the summary's short lines (title to "pulled", which stand in A to D), those
 * rows made taller to give the chart its height: in the first screen (1366 × 768 with the task
 * pane open), over no value, and above the summary's longer lines (the counts and the notes).
 */
const CHART_PLACE = { firstColumn: COMPARE_COLUMNS.quantityA, columnCount: 5, firstRow: 0, rows: 8 };
/** The height of the rows beside the chart, in points (Excel's default is 15). */
const CHART_ROW_HEIGHT = 22.5;

// Each column's number format is its field's (a difference shows its minus sign; an increase is
// told by its colour, the conditional formats).
const NUMBER_FORMATS: readonly string[] = COLUMN_KEYS.map((c) => formatOf(comparedKind(FIELD_OF[c])));
const MONEY = formatOf("money");

const blank = (): PlanCell[] => new Array<PlanCell>(COMPARE_WIDTH).fill("");

/** Each row's class: its change, or unchangedWithin for an unchanged row with a change below it. */
export function classes(rows: readonly ComparedRow[]): ChangeClass[] {
  const out: ChangeClass[] = rows.map((r) => r.change);
  // Rows are in tree order with levels: a row's ancestors are the open rows of lower level.
  const open: number[] = [];
  rows.forEach((row, i) => {
    while (open.length > 0 && (rows[open[open.length - 1] as number] as ComparedRow).level >= row.level)
      open.pop();
    if (row.change !== "unchanged") {
      for (let k = open.length - 1; k >= 0; k--) {
        const j = open[k] as number;
        if (out[j] !== "unchanged") break;
        out[j] = "unchangedWithin";
      }
    }
    open.push(i);
  });
  return out;
}

/** A compared row's cells, A to M, through the seam the spill of PLATFORM.BOQDIFF shares. */
function valueCells(row: ComparedRow, labels: ComparisonSheetLabels, change: ChangeClass): PlanCell[] {
  const words = { change: labels.change(change), details: labels.details, pair: labels.pair };
  return COLUMN_KEYS.map((c) => sheetValue(comparedValue(row, FIELD_OF[c], words)));
}

export function buildComparisonSheetPlan(
  comparison: BoqComparison,
  info: ComparisonSheetInfo,
  labels: ComparisonSheetLabels,
): ComparisonSheetPlan {
  const C = COMPARE_COLUMNS;
  const either = (a: string, b: string): string => (a === b ? a : labels.pair(a, b));
  // A label and its value in one cell of column A, running on over the empty cells to its right.
  const line = (label: string, value: string): PlanCell[] => {
    const row = blank();
    row[0] = value === "" ? label : labels.headerLine(label, value);
    return row;
  };
  // The navigator's analysis text already names the version ("Version 1.1 of …"): not twice.
  const side = (version: string, analysis: string): string =>
    analysis.includes(version) ? analysis : labels.versionLine(version, analysis);
  const top: PlanCell[][] = [
    line(labels.title, ""),
    line(labels.company, info.company),
    line(labels.project, info.project),
    line(labels.model, either(info.modelA, info.modelB)),
    line(labels.scheme, either(info.schemeA, info.schemeB)),
    line(labels.sideA, side(info.versionA, info.analysisA)),
    line(labels.sideB, side(info.versionB, info.analysisB)),
    line(labels.pulled, info.pulledAt),
    line(labels.counts(comparison.counts), ""),
    line(labels.note, ""),
    line(labels.unitNote, ""),
  ];
  // The totals of both versions, under the headers of their columns.
  const totalsHeads = blank();
  totalsHeads[C.name] = labels.totals;
  for (const c of ["totalA", "totalB", "deltaTotal", "deltaPercent"] as const)
    totalsHeads[C[c]] = labels.columns[c];
  const totals = blank();
  const delta = comparison.totalB - comparison.totalA;
  totals[C.name] = labels.grandTotal;
  totals[C.totalA] = comparison.totalA;
  totals[C.totalB] = comparison.totalB;
  totals[C.deltaTotal] = delta;
  totals[C.deltaPercent] = comparison.totalA === 0 ? "" : delta / comparison.totalA;
  top.push(totalsHeads, totals, blank());
  const totalsRow = top.length - 2;
  const headerRow = top.length;
  top.push((Object.keys(C) as CompareColumn[]).map((c) => labels.columns[c]));

  const kinds = classes(comparison.rows);
  const rows: ComparePlanRow[] = [];
  const push = (row: Omit<ComparePlanRow, "sheetRow">): void => {
    rows.push({ ...row, sheetRow: headerRow + 1 + rows.length });
  };
  const open: Array<{ heading: number; row: ComparedRow; change: ChangeClass }> = [];
  const close = (toLevel: number): void => {
    while (open.length > 0 && (open[open.length - 1]?.row.level ?? 0) >= toLevel) {
      const section = open.pop() as (typeof open)[number];
      const cells = valueCells(section.row, labels, section.change);
      cells[C.name] = labels.sectionTotal(section.row.name);
      cells[C.details] = "";
      push({
        kind: "sectionTotal",
        level: section.row.level,
        indent: Math.min(section.row.level - 1, MAX_INDENT),
        change: section.change,
        heading: section.heading,
        cells,
      });
    }
  };
  comparison.rows.forEach((row, i) => {
    close(row.level);
    const change = kinds[i] as ChangeClass;
    const isParent = (comparison.rows[i + 1]?.level ?? 0) > row.level;
    const cells = valueCells(row, labels, change);
    if (isParent) {
      // A heading names the section; its figures stand on its total row, after its children.
      for (const c of [
        C.quantityA,
        C.quantityB,
        C.deltaQuantity,
        C.totalA,
        C.totalB,
        C.deltaTotal,
        C.deltaPercent,
      ])
        cells[c] = "";
      open.push({ heading: rows.length, row, change });
    }
    push({
      kind: isParent ? "heading" : "item",
      level: row.level,
      indent: Math.min(row.level - 1, MAX_INDENT),
      change,
      cells,
    });
  });
  close(1);

  const groups: OutlineGroup[] = [];
  rows.forEach((row) => {
    if (row.kind !== "sectionTotal" || row.heading === undefined || row.level > MAX_OUTLINE_LEVEL) return;
    groups.push({ firstRow: (rows[row.heading] as ComparePlanRow).sheetRow, lastRow: row.sheetRow - 1 });
  });
  groups.sort((a, b) => a.firstRow - b.firstRow || b.lastRow - a.lastRow);

  const lastRow = headerRow + rows.length;
  const deltaColumns = (firstRow: number, last: number): CellBlock[] => [
    { firstRow, lastRow: last, firstColumn: C.deltaQuantity, columnCount: 1 },
    { firstRow, lastRow: last, firstColumn: C.deltaTotal, columnCount: 2 },
  ];
  const coloured: CellBlock[] = [
    { firstRow: totalsRow, lastRow: totalsRow, firstColumn: C.deltaTotal, columnCount: 2 },
    ...(rows.length > 0 ? deltaColumns(headerRow + 1, lastRow) : []),
  ];

  // The section table, one blank row under the comparison: outside the filter's range, so hiding
  // unchanged rows never hides a section from the chart (Excel plots visible cells only).
  const sectionsRow = lastRow + 2;
  const head = blank();
  // Two series, increases and decreases, each section's change in one of them: two colours.
  head[C.name] = labels.chartCategory;
  head[C.unit] = labels.chartIncrease;
  head[C.quantityA] = labels.chartDecrease;
  const sectionCells =
    comparison.sections.length === 0
      ? []
      : [
          head,
          ...comparison.sections.map((s) => {
            const cells = blank();
            cells[C.name] = `${s.code} ${s.name}`.trim();
            cells[C.unit] = s.deltaTotal > 0 ? s.deltaTotal : "";
            cells[C.quantityA] = s.deltaTotal < 0 ? s.deltaTotal : "";
            return cells;
          }),
        ];
  const sectionFormats = NUMBER_FORMATS.map((_, c) =>
    c === C.name ? formatOf("text") : c === C.unit || c === C.quantityA ? MONEY : "General",
  );
  const source: CellBlock = {
    firstRow: sectionsRow,
    lastRow: sectionsRow + comparison.sections.length,
    firstColumn: C.name,
    columnCount: 3,
  };
  const chart =
    comparison.sections.length === 0
      ? null
      : {
          title: labels.chartTitle,
          place: {
            firstRow: CHART_PLACE.firstRow,
            lastRow: CHART_PLACE.firstRow + CHART_PLACE.rows - 1,
            firstColumn: CHART_PLACE.firstColumn,
            columnCount: CHART_PLACE.columnCount,
          },
          numberFormat: MONEY,
          rowHeight: CHART_ROW_HEIGHT,
        };

  return {
    top,
    boldTopRows: [0, totalsRow - 1, totalsRow, headerRow],
    totalsRow,
    headerRow,
    numberFormats: [...NUMBER_FORMATS],
    rows,
    groups,
    filter:
      rows.length === 0
        ? null
        : {
            range: { firstRow: headerRow, lastRow, firstColumn: 0, columnCount: COMPARE_WIDTH },
            column: C.change,
            shown: SHOWN_CLASSES.map((kind) => labels.change(kind)),
          },
    coloured,
    sections: { firstRow: sectionsRow, cells: sectionCells, numberFormats: sectionFormats, source },
    chart,
  };
}
