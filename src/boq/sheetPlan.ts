// The BOQ sheet as data: what goes in which cell, which rows are grouped, how far a name is
// indented. An estimator works in this sheet, so totals are live formulas: a leaf's total is its
// quantity × unit cost, a parent's is a SUBTOTAL of its subtree (SUBTOTAL skips the nested
// SUBTOTALs, so each amount counts once), and the platform's own total stays beside it with a
// marker where the two differ. src/workbook writes the plan; nothing here touches Excel. Pure: the
// words of the sheet come in as SheetLabels, in the language the caller writes it in.
import type { BoqRow } from "../api/schemas";
import { treeOrder } from "./tree";

/** Excel's row outline has 8 levels; a deeper tree folds its deeper rows into the 8th. */
export const MAX_OUTLINE_LEVEL = 8;
/** Excel's indent goes to 250; past 15 steps a name would leave its column, so it stops there. */
export const MAX_INDENT = 15;

export type PlanCell = string | number | { formula: string };

export interface SheetHeaderInfo {
  company: string;
  project: string;
  model: string;
  version: string;
  analysis: string;
  scheme: string;
  /** When it was pulled, already formatted by the caller (src/boq has no clock). */
  pulledAt: string;
}

/** The words of the sheet: header block labels, column headers, the total row's label, the marker. */
export interface SheetLabels {
  title: string;
  company: string;
  project: string;
  model: string;
  version: string;
  analysis: string;
  scheme: string;
  pulled: string;
  level: string;
  code: string;
  name: string;
  unit: string;
  quantity: string;
  unitCost: string;
  /** The Total column's header and the grand total row's label. */
  total: string;
  platformTotal: string;
  differs: string;
  /** What the Differs column shows where the sheet's total and the platform's differ. */
  differsMark: string;
}

export interface PlannedRow {
  /** 0-based sheet row. */
  sheetRow: number;
  level: number;
  /** Outline level Excel shows for the row: the number of groups around it, at most 8. */
  outlineLevel: number;
  indent: number;
  isParent: boolean;
  /** The row's key for a later refresh (Id, or Code when the service sent no Id). */
  key: string;
  values: PlanCell[];
}

export interface OutlineGroup {
  /** 0-based sheet rows, inclusive: the subtree below a parent row. */
  firstRow: number;
  lastRow: number;
}

export interface SheetPlan {
  /** Title and the label/value lines of what the sheet is. */
  headerBlock: string[][];
  /** 0-based sheet row of the column headers (frozen with everything above). */
  headerRow: number;
  columns: string[];
  /** Excel number formats, one per column. */
  numberFormats: string[];
  rows: PlannedRow[];
  /** The grand total row under the data. */
  totalRow: PlannedRow | undefined;
  /** Groups in the order to apply them (outer groups first). */
  groups: OutlineGroup[];
}

/** Column letters of the data table, in order. */
export const SHEET_COLUMNS = {
  level: "A",
  code: "B",
  name: "C",
  unit: "D",
  quantity: "E",
  unitCost: "F",
  total: "G",
  platformTotal: "H",
  differs: "I",
} as const;

const NAME_COLUMN = 2;
// Three decimals, always shown: Excel would show "#,##0.###" of a whole 12 as "12." with a
// trailing point, and a fixed count keeps the decimal points of a column aligned.
const QUANTITY_FORMAT = "#,##0.000";
const MONEY_FORMAT = "#,##0.00";

function rowKey(row: BoqRow): string {
  return row.Id && !/^0{8}-0{4}-0{4}-0{4}-0{12}$/.test(row.Id)
    ? `id:${row.Id.toLowerCase()}`
    : `code:${row.Code}`;
}

function platformTotal(row: BoqRow, isParent: boolean): number {
  return (isParent ? (row.FullTotalCost ?? row.TotalCost) : (row.TotalCost ?? row.FullTotalCost)) ?? 0;
}

export function buildSheetPlan(
  rows: readonly BoqRow[],
  info: SheetHeaderInfo,
  labels: SheetLabels,
): SheetPlan {
  const headerBlock: string[][] = [
    [labels.title, ""],
    [labels.company, info.company],
    [labels.project, info.project],
    [labels.model, info.model],
    [labels.version, info.version],
    [labels.analysis, info.analysis],
    [labels.scheme, info.scheme],
    [labels.pulled, info.pulledAt],
  ];
  // One blank line between the header block and the table.
  const headerRow = headerBlock.length + 1;
  const columns = [
    labels.level,
    labels.code,
    labels.name,
    labels.unit,
    labels.quantity,
    labels.unitCost,
    labels.total,
    labels.platformTotal,
    labels.differs,
  ];
  const numberFormats = ["0", "@", "@", "@", QUANTITY_FORMAT, MONEY_FORMAT, MONEY_FORMAT, MONEY_FORMAT, "@"];
  const ordered = treeOrder(rows);
  const first = headerRow + 1;
  // The last row of each subtree: the row before the next row at the same or a higher level.
  const subtreeEnd = new Array<number>(ordered.length);
  const open: number[] = [];
  ordered.forEach((item, i) => {
    while (open.length > 0 && (ordered[open[open.length - 1] as number]?.level ?? 0) >= item.level) {
      subtreeEnd[open.pop() as number] = i - 1;
    }
    open.push(i);
  });
  for (const i of open) subtreeEnd[i] = ordered.length - 1;

  const mark = labels.differsMark.replace(/"/g, '""');
  const C = SHEET_COLUMNS;
  const planned: PlannedRow[] = ordered.map((item, i) => {
    const sheetRow = first + i;
    const n = sheetRow + 1; // A1 row number
    const end = (subtreeEnd[i] ?? i) + first + 1;
    const isParent = item.hasChildren && end > n;
    const total: PlanCell = isParent
      ? { formula: `=SUBTOTAL(9,${C.total}${n + 1}:${C.total}${end})` }
      : { formula: `=${C.quantity}${n}*${C.unitCost}${n}` };
    return {
      sheetRow,
      level: item.level,
      outlineLevel: Math.min(item.level - 1, MAX_OUTLINE_LEVEL),
      indent: Math.min(item.level - 1, MAX_INDENT),
      isParent,
      key: rowKey(item.row),
      values: [
        item.level,
        item.row.Code,
        item.row.Name,
        item.row.Unit,
        isParent ? "" : item.row.Value,
        isParent ? "" : (item.row.ValueCost ?? 0),
        total,
        platformTotal(item.row, isParent),
        { formula: `=IF(ROUND(${C.total}${n}-${C.platformTotal}${n},2)<>0,"${mark}","")` },
      ],
    };
  });
  const groups: OutlineGroup[] = [];
  planned.forEach((row, i) => {
    if (!row.isParent || row.level > MAX_OUTLINE_LEVEL) return;
    groups.push({ firstRow: row.sheetRow + 1, lastRow: (subtreeEnd[i] ?? i) + first });
  });
  // Outer groups first: Excel nests a group inside one that is already there.
  groups.sort((a, b) => a.firstRow - b.firstRow || b.lastRow - a.lastRow);
  let totalRow: PlannedRow | undefined;
  if (planned.length > 0) {
    const sheetRow = first + planned.length;
    const n = sheetRow + 1;
    totalRow = {
      sheetRow,
      level: 0,
      outlineLevel: 0,
      indent: 0,
      isParent: true,
      key: "total",
      values: [
        "",
        "",
        labels.total,
        "",
        "",
        "",
        { formula: `=SUBTOTAL(9,${C.total}${first + 1}:${C.total}${n - 1})` },
        {
          formula: `=SUMPRODUCT((${C.level}${first + 1}:${C.level}${n - 1}=1)*${C.platformTotal}${first + 1}:${C.platformTotal}${n - 1})`,
        },
        { formula: `=IF(ROUND(${C.total}${n}-${C.platformTotal}${n},2)<>0,"${mark}","")` },
      ],
    };
  }
  return { headerBlock, headerRow, columns, numberFormats, rows: planned, totalRow, groups };
}

export { NAME_COLUMN };
