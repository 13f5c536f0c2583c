// The BOQ sheet as data: the header block, the column headers and the rows in the order they
// stand, each with its kind (./sheetLayout says what each kind holds where). A section is a
// heading row, its children, and its total on the row after them: Excel puts an outline group's
// +/- button on the row after the group (summary rows below detail, its default, which Office.js
// cannot change), so each section's button sits on its own total. The group spans the heading
// and the children; collapsed, a section reads as its total row. Totals are live formulas over the
// estimator's adjusted values where given, with the platform's total beside them and a marker where
// the two differ. src/workbook writes the plan; nothing here touches Excel. Pure: the words come in
// as SheetLabels, in the language the caller writes the sheet in.
import type { BoqRow } from "../api/schemas";
import { NIL_GUID } from "../catalog";
import { fieldValue, formatOf, sheetNumber, sheetValue, type CellKind } from "./cellValues";
import {
  COLUMN_ORDER,
  rowCells,
  type LayoutRow,
  type PlanCell,
  type RowKind,
  type SheetColumn,
} from "./sheetLayout";
import { rowTotals, type RowTotal } from "./totals";
import { treeOrder } from "./tree";

export { SHEET_COLUMNS, type PlanCell } from "./sheetLayout";

/** Excel's row outline has 8 levels; sections deeper than that are not grouped. */
export const MAX_OUTLINE_LEVEL = 8;
/** Excel's indent goes to 250; past 15 steps a name would leave its column, so it stops there. */
export const MAX_INDENT = 15;
/** The sheet layout this code writes: a sheet kept with an older one is rebuilt (after asking). */
export const SHEET_LAYOUT = 2;

export interface SheetHeaderInfo {
  company: string;
  project: string;
  model: string;
  version: string;
  analysis: string;
  scheme: string;
  /** When it was pulled, already formatted by the caller (src/boq has no clock). */
  pulledAt: string;
  /** The BOQ's currency where known (./currency), else what the caller shows instead. */
  currency: string;
}

/** The words of the sheet: header block labels, column headers, the totals' labels, the marker. */
export interface SheetLabels {
  title: string;
  company: string;
  project: string;
  model: string;
  version: string;
  analysis: string;
  scheme: string;
  pulled: string;
  currency: string;
  /** A header block line: a label and its value. */
  headerLine: (label: string, value: string) => string;
  /** The line under the header block saying which columns are the estimator's. */
  yours: string;
  level: string;
  code: string;
  name: string;
  unit: string;
  quantity: string;
  adjustedQuantity: string;
  unitCost: string;
  adjustedUnitCost: string;
  /** The Total column's header and the grand total row's label. */
  total: string;
  /** A section's total row: its label, with {name} standing for the section's name. */
  sectionTotal: (name: string) => string;
  platformTotal: string;
  differs: string;
  /** What the Differs column shows where the sheet's total and the platform's differ. */
  differsMark: string;
  note: string;
  key: string;
  record: string;
}

export interface PlannedRow extends LayoutRow {
  /** 0-based sheet row in a fresh sheet. */
  sheetRow: number;
  level: number;
  indent: number;
  /** A section total: the index (in `rows`) of its heading. */
  heading?: number;
}

export interface OutlineGroup {
  /** 0-based sheet rows, inclusive: a section's heading and children. */
  firstRow: number;
  lastRow: number;
}

export interface SheetPlan {
  /** The title and the "label: value" lines of what the sheet is, each as column A shows it. */
  headerBlock: string[];
  /** 0-based sheet row of the column headers (frozen with everything above). */
  headerRow: number;
  columns: string[];
  /** Excel number formats, one per column. */
  numberFormats: string[];
  /** Every row under the column headers, the grand total last. */
  rows: PlannedRow[];
  /** The Differs column's marker. */
  mark: string;
}

/**
 * The kind of each column's cells (./cellValues: its number format); "formula" for Differs, which
 * holds a formula, and a formula written into a text cell stays text.
 */
const COLUMN_KINDS: Readonly<Record<SheetColumn, CellKind | "formula">> = {
  level: "integer",
  code: "text",
  name: "text",
  unit: "text",
  quantity: "quantity",
  adjustedQuantity: "quantity",
  unitCost: "money",
  adjustedUnitCost: "money",
  total: "money",
  platformTotal: "money",
  differs: "formula",
  note: "text",
  key: "text",
  record: "text",
};
const NUMBER_FORMATS = COLUMN_ORDER.map((c) => {
  const kind = COLUMN_KINDS[c];
  return kind === "formula" ? "General" : formatOf(kind);
});

function rowKey(row: BoqRow): string {
  return row.Id && row.Id !== NIL_GUID ? `id:${row.Id.toLowerCase()}` : `code:${row.Code}`;
}

/**
 * The Platform total column of a row (./totals's rule): a position's total; on a section's total row
 * the sum of its children's, unless the platform's FullTotalCost is not 0 and differs from it: then
 * that figure, beside the sheet's Total and under its own header, and Differs marks the row.
 */
function platformTotal(total: RowTotal): number {
  return total.platformFull ?? total.total;
}

export function buildSheetPlan(
  rows: readonly BoqRow[],
  info: SheetHeaderInfo,
  labels: SheetLabels,
): SheetPlan {
  // A label and its value in one cell of column A, running on over the empty cells to its right.
  const line = (label: string, value: string): string =>
    value === "" ? label : labels.headerLine(label, value);
  const headerBlock = [
    labels.title,
    line(labels.company, info.company),
    line(labels.project, info.project),
    line(labels.model, info.model),
    line(labels.version, info.version),
    line(labels.analysis, info.analysis),
    line(labels.scheme, info.scheme),
    line(labels.currency, info.currency),
    line(labels.pulled, info.pulledAt),
    labels.yours,
  ];
  // One blank line between the header block and the table.
  const headerRow = headerBlock.length + 1;
  const columns = [
    labels.level,
    labels.code,
    labels.name,
    labels.unit,
    labels.quantity,
    labels.adjustedQuantity,
    labels.unitCost,
    labels.adjustedUnitCost,
    labels.total,
    labels.platformTotal,
    labels.differs,
    labels.note,
    labels.key,
    labels.record,
  ];
  const numberFormats = [...NUMBER_FORMATS];
  const ordered = treeOrder(rows);
  const totals = rowTotals(ordered);
  const first = headerRow + 1;
  const out: PlannedRow[] = [];
  const push = (row: Omit<PlannedRow, "sheetRow">): void => {
    out.push({ ...row, sheetRow: first + out.length });
  };
  // Open sections: the index of each heading in `out`, with the row it stands for.
  const open: Array<{ heading: number; level: number; row: BoqRow; key: string; total: RowTotal }> = [];
  const close = (toLevel: number): void => {
    while (open.length > 0 && (open[open.length - 1]?.level ?? 0) >= toLevel) {
      const section = open.pop() as (typeof open)[number];
      push({
        kind: "sectionTotal",
        key: `end:${section.key}`,
        level: section.level,
        indent: Math.min(section.level - 1, MAX_INDENT),
        heading: section.heading,
        values: {
          level: section.level,
          code: section.row.Code,
          name: labels.sectionTotal(section.row.Name),
          unit: "",
          quantity: "",
          unitCost: "",
          platformTotal: platformTotal(section.total),
        },
      });
    }
  };
  ordered.forEach((item, i) => {
    close(item.level);
    const isParent = item.hasChildren && (ordered[i + 1]?.level ?? 0) > item.level;
    const key = rowKey(item.row);
    const indent = Math.min(item.level - 1, MAX_INDENT);
    const kind: RowKind = isParent ? "heading" : "item";
    const total = totals[i] as RowTotal;
    if (isParent) open.push({ heading: out.length, level: item.level, row: item.row, key, total });
    // The row's fields through the one seam the spill shares (a section's quantity and unit cost
    // empty); an item without a unit cost counts 0, so its Total formula multiplies numbers.
    const text = (name: "Code" | "Name" | "Unit") => String(sheetValue(fieldValue(item, name, total)));
    const amount = (name: "Value" | "ValueCost") => sheetNumber(fieldValue(item, name, total));
    const unitCost = amount("ValueCost");
    push({
      kind,
      key,
      level: item.level,
      indent,
      values: {
        level: item.level,
        code: text("Code"),
        name: text("Name"),
        unit: text("Unit"),
        quantity: isParent ? "" : amount("Value"),
        unitCost: isParent ? "" : unitCost === "" ? 0 : unitCost,
        platformTotal: isParent ? "" : platformTotal(total),
      },
    });
  });
  close(1);
  if (out.length > 0) {
    push({
      kind: "grandTotal",
      key: "total",
      level: 0,
      indent: 0,
      values: {
        level: "",
        code: "",
        name: labels.total,
        unit: "",
        quantity: "",
        unitCost: "",
        platformTotal: "",
      },
    });
  }
  return { headerBlock, headerRow, columns, numberFormats, rows: out, mark: labels.differsMark };
}

/**
 * The cells of each row where the rows stand at `sheetRows` (0-based, one per row of `plan.rows`;
 * a fresh sheet's by default).
 */
export function planCells(plan: SheetPlan, sheetRows?: readonly number[]): PlanCell[][] {
  const at = (i: number): number =>
    sheetRows ? (sheetRows[i] as number) : (plan.rows[i] as PlannedRow).sheetRow;
  const firstData = plan.headerRow + 2;
  return plan.rows.map((row, i) =>
    rowCells(
      row,
      {
        row: at(i) + 1,
        heading: row.heading === undefined ? undefined : at(row.heading) + 1,
        firstData,
      },
      plan.mark,
    ),
  );
}

/** The outline: one group per section down to level 8 (heading to last child), outer groups first. */
export function planGroups(plan: SheetPlan, sheetRows?: readonly number[]): OutlineGroup[] {
  const at = (i: number): number =>
    sheetRows ? (sheetRows[i] as number) : (plan.rows[i] as PlannedRow).sheetRow;
  const groups: OutlineGroup[] = [];
  plan.rows.forEach((row, i) => {
    if (row.kind !== "sectionTotal" || row.heading === undefined || row.level > MAX_OUTLINE_LEVEL) return;
    groups.push({ firstRow: at(row.heading), lastRow: at(i) - 1 });
  });
  // Outer groups first: Excel nests a group inside one that is already there.
  return groups.sort((a, b) => a.firstRow - b.firstRow || b.lastRow - a.lastRow);
}
