// The navigator's Insert formula, in the caller's run (an injected Excel runner): what the target
// cell and the cells its result will spill into hold (so the pane asks before anything is lost),
// the formula written (a Text-formatted cell set to General first: Excel would keep the formula as
// text there), and what the cell shows afterwards.
import { splitReference } from "./names";
import { loadProtection } from "./protection";

/** Excel's grid: a spill cannot reach past it. */
const SHEET_ROWS = 1_048_576;
const SHEET_COLUMNS = 16_384;
const TEXT_FORMAT = "@";

export interface FormulaTarget {
  /** The top-left cell of the selection, where the formula goes ("Sheet1!B3"). */
  address: string;
  /** The cells the result will fill, the target included ("Sheet1!B3:I55"). */
  area: string;
  /**
   * The smallest range around what the area holds (values or formulas: "Sheet1!B5:C7"); undefined
   * when the area is empty. Its corners need not hold anything themselves.
   */
  occupied: string | undefined;
  /** The target cell itself holds a value or a formula (the formula would replace it). */
  targetFilled: boolean;
  /** The target cell is formatted as Text. */
  textFormat: boolean;
}

/**
 * The selection's top-left cell and what the `rows` × `columns` below and right of it hold. A
 * protected sheet refuses the formula: it is named here (sheetProtectedError), before anything.
 */
export async function inspectFormulaTarget(
  context: Excel.RequestContext,
  rows: number,
  columns: number,
): Promise<FormulaTarget> {
  const cell = context.workbook.getSelectedRange().getCell(0, 0);
  cell.load(["address", "rowIndex", "columnIndex", "numberFormat", "formulas"]);
  // The selection is on the active sheet.
  const unprotected = loadProtection(context.workbook.worksheets.getActiveWorksheet());
  await context.sync();
  unprotected();
  const height = Math.max(1, Math.min(rows, SHEET_ROWS - cell.rowIndex));
  const width = Math.max(1, Math.min(columns, SHEET_COLUMNS - cell.columnIndex));
  const area = cell.getResizedRange(height - 1, width - 1);
  const used = area.getUsedRangeOrNullObject(true);
  area.load("address");
  used.load("address");
  await context.sync();
  return {
    address: cell.address,
    area: area.address,
    occupied: used.isNullObject ? undefined : used.address,
    targetFilled: cell.formulas[0]?.[0] !== "" && cell.formulas[0]?.[0] !== undefined,
    textFormat: cell.numberFormat[0]?.[0] === TEXT_FORMAT,
  };
}

function sheetAt(context: Excel.RequestContext, reference: string): Excel.Worksheet {
  const { sheet } = splitReference(reference);
  const sheets = context.workbook.worksheets;
  return sheet === undefined ? sheets.getActiveWorksheet() : sheets.getItem(sheet);
}

function rangeAt(context: Excel.RequestContext, reference: string): Excel.Range {
  return sheetAt(context, reference).getRange(splitReference(reference).address);
}

/**
 * Throws sheetProtectedError when the sheet of `address` ("Sheet1!B3") is protected: asked again
 * just before writing, since the sheet may have been protected while the pane asked the user.
 */
export async function requireUnprotectedAt(context: Excel.RequestContext, address: string): Promise<void> {
  const unprotected = loadProtection(sheetAt(context, address));
  await context.sync();
  unprotected();
}

/** Writes `formula` into the cell at `address` ("Sheet1!B3"); a Text-formatted cell becomes General first. */
export async function writeFormulaAt(
  context: Excel.RequestContext,
  address: string,
  formula: string,
): Promise<void> {
  const cell = rangeAt(context, address);
  cell.load("numberFormat");
  const unprotected = loadProtection(sheetAt(context, address));
  await context.sync();
  unprotected();
  if (cell.numberFormat[0]?.[0] === TEXT_FORMAT) cell.numberFormat = [["General"]];
  cell.formulas = [[formula]];
  await context.sync();
}

/** Excel's error values as `values` gives them: #N/A, #VALUE!, #SPILL!, #BUSY!, #DIV/0!... */
const ERROR_VALUE = /^#(?:[A-Z]+[!?]|N\/A|DIV\/0!|GETTING_DATA)$/;

export interface CellShown {
  value: unknown;
  /** The error the cell shows ("#N/A"), or undefined for a value. */
  error: string | undefined;
}

/** What the cell at `address` shows now. */
export async function readCellShown(context: Excel.RequestContext, address: string): Promise<CellShown> {
  const cell = rangeAt(context, address);
  cell.load("values");
  await context.sync();
  const value: unknown = cell.values[0]?.[0];
  return { value, error: typeof value === "string" && ERROR_VALUE.test(value) ? value : undefined };
}
