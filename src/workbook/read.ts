/**
 * Reading cells: a (possibly very large) range in row blocks that each stay under Excel on the
 * web's 5 MB response limit, and the workbook's decimal separator. (The selection: selection.ts.)
 */
import type { CellBlock, CellValue, CellValueType } from "../catalog";
import { estimateRowsBytes } from "./blocks";
import { readTextSeparators } from "./display";
import {
  OFFICE_ERROR_CODES,
  WorkbookError,
  incompleteReadError,
  isOfficeError,
  officeErrorCode,
  toWorkbookError,
} from "./errors";
import { MAX_CELLS_PER_READ, READ_BUDGET_BYTES, ROW_OVERHEAD_BYTES, SAMPLE_ROWS } from "./limits";
import { a1Address, quoteSheetName, splitReference } from "./names";

/** Application.decimalSeparator, useSystemSeparators and cultureInfo arrived with ExcelApi 1.11. */
export const SEPARATORS_API_VERSION = "1.11";

const CELL_PROPERTIES = ["values", "valueTypes", "formulas"] as const;
/** With the shown text and number format: a number in the Code column shows the code the user typed. */
const CELL_PROPERTIES_WITH_DISPLAY = ["values", "valueTypes", "formulas", "text", "numberFormat"] as const;
const KNOWN_VALUE_TYPES: ReadonlySet<string> = new Set<CellValueType>([
  "Empty",
  "String",
  "Double",
  "Boolean",
  "Error",
  "Integer",
  "Unknown",
]);

export type ReadProperty = "values" | "valueTypes" | "formulas" | "numberFormat" | "text";

/** Rows and columns of a sheet, 0-based as Excel's `rowIndex` / `columnIndex`. */
export interface CellArea {
  rowIndex: number;
  columnIndex: number;
  rowCount: number;
  columnCount: number;
}

/**
 * A range named by its sheet and its A1 address on that sheet ("B3:H60002", "B:F"): the form the
 * code passes, with nothing to quote and nothing to parse back.
 */
export interface SheetRange {
  sheet: string;
  address: string;
}

/** What readRangeBlock reads: an Excel.Range, a SheetRange, or a reference as a user types it. */
export type RangeTarget = Excel.Range | SheetRange | string;

export interface ReadRangeOptions {
  /**
   * Leave out the rows and columns outside the sheet's used range (default true), so that a
   * selection of whole columns ("A:H") reads the filled rows, not a million empty ones.
   */
  trimToUsedRange?: boolean;
  /**
   * Also read what each cell shows (`text`) and its `numberFormat` (default true), so that the
   * catalog engine can take "033000" for a code stored as 33000 in a 000000-formatted cell, and
   * tell a date from a code. Costs about a third more data read; false leaves them out.
   */
  display?: boolean;
}

export interface ReadRangeResult {
  block: CellBlock;
  /** The workbook's decimal separator, or undefined where Excel cannot tell (before ExcelApi 1.11). */
  decimalSeparator: string | undefined;
  /** A1 address of the cells read, without the sheet ("B3:H60002"); "" when nothing was read. */
  address: string;
}

function toCellValue(value: unknown): CellValue {
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  // Excel gives "" for an empty cell; null from a host reads as empty too, and anything else (rich
  // values) reads as its JSON text rather than "[object Object]".
  if (value === null || value === undefined) return "";
  if (typeof value === "bigint") return value.toString();
  return JSON.stringify(value) ?? "";
}

function toText(value: unknown): string {
  if (typeof value === "string") return value;
  return typeof value === "number" || typeof value === "boolean" ? String(value) : "";
}

function toValueType(value: unknown): CellValueType {
  return typeof value === "string" && KNOWN_VALUE_TYPES.has(value) ? (value as CellValueType) : "Unknown";
}

function excelApiSupported(version: string): boolean {
  return (
    typeof Office !== "undefined" &&
    typeof Office.context?.requirements?.isSetSupported === "function" &&
    Office.context.requirements.isSetSupported("ExcelApi", version)
  );
}

function intersect(a: CellArea, b: CellArea): CellArea | undefined {
  const r0 = Math.max(a.rowIndex, b.rowIndex);
  const c0 = Math.max(a.columnIndex, b.columnIndex);
  const r1 = Math.min(a.rowIndex + a.rowCount, b.rowIndex + b.rowCount);
  const c1 = Math.min(a.columnIndex + a.columnCount, b.columnIndex + b.columnCount);
  if (r1 <= r0 || c1 <= c0) return undefined;
  return { rowIndex: r0, columnIndex: c0, rowCount: r1 - r0, columnCount: c1 - c0 };
}

/** The sheet (undefined: the active one) and address asked for, and how the user would write them. */
interface RequestedRange {
  sheet: string | undefined;
  address: string;
  /** For messages: the reference as given, or as a user would type it. */
  shown: string;
}

function isSheetRange(target: Excel.Range | SheetRange): target is SheetRange {
  return "sheet" in target && typeof target.sheet === "string";
}

function requestedRange(target: RangeTarget): RequestedRange | undefined {
  if (typeof target === "string") return { ...splitReference(target), shown: target };
  if (isSheetRange(target)) {
    return { ...target, shown: `${quoteSheetName(target.sheet)}!${target.address}` };
  }
  return undefined;
}

function rangeFor(
  context: Excel.RequestContext,
  target: RangeTarget,
  requested: RequestedRange | undefined,
): Excel.Range {
  if (requested === undefined) return target as Excel.Range;
  const worksheets = context.workbook.worksheets;
  const worksheet =
    requested.sheet === undefined ? worksheets.getActiveWorksheet() : worksheets.getItem(requested.sheet);
  return worksheet.getRange(requested.address);
}

/**
 * The workbook's decimal separator: Excel's own setting, or the system's when Excel uses the
 * system separators. Undefined when the host is older than ExcelApi 1.11 or cannot say, so the
 * caller falls back to its default ("." in src/catalog) and can tell the user.
 */
export async function readDecimalSeparator(context: Excel.RequestContext): Promise<string | undefined> {
  if (!excelApiSupported(SEPARATORS_API_VERSION)) return undefined;
  const application = context.application;
  application.load("decimalSeparator, useSystemSeparators");
  try {
    await context.sync();
  } catch (error) {
    // A host that claims the set but lacks the members answers with an Office error: degrade.
    if (isOfficeError(error)) return undefined;
    throw error;
  }
  const excelSetting = application.decimalSeparator === "" ? undefined : application.decimalSeparator;
  if (!application.useSystemSeparators) return excelSetting;
  // With system separators in use, Excel's own field may hold a stale value: ask the culture.
  // Loaded by path, so a host without cultureInfo refuses at sync (caught) instead of throwing here.
  application.load("cultureInfo/numberFormat/numberDecimalSeparator");
  try {
    await context.sync();
  } catch (error) {
    if (isOfficeError(error)) return excelSetting;
    throw error;
  }
  const systemSetting = application.cultureInfo.numberFormat.numberDecimalSeparator;
  return systemSetting === "" ? excelSetting : systemSetting;
}

/** Serialized size of the given matrices' rows, with the per-row envelope (a large block estimated). */
function blockBytes(matrices: ReadonlyArray<readonly unknown[][]>, rows: number): number {
  return ROW_OVERHEAD_BYTES * matrices.length * rows + estimateRowsBytes(matrices, rows);
}

/**
 * Rows for the next block: as many rows like the last block's average as fit in READ_BUDGET_BYTES.
 * The average, not the largest row seen, so that one long row does not shrink every later block to
 * a few rows; a block that turns out larger than the limit is refused and read again in halves.
 */
function nextBlockRows(lastBlockBytes: number, lastBlockRows: number): number {
  return Math.max(1, Math.floor((READ_BUDGET_BYTES * lastBlockRows) / Math.max(1, lastBlockBytes)));
}

/** How each cell of a property is taken as it is read (by default, as Excel gives it). */
export type CellConverters<P extends ReadProperty> = Partial<Record<P, (cell: unknown) => unknown>>;

/**
 * The matrices of a block as loaded, or null when Excel gave one of them as null (past 5 million
 * cells, with no error) or with fewer rows than asked: such a block is read again, never cut.
 */
function loadedMatrices<P extends ReadProperty>(
  range: Excel.Range,
  properties: readonly P[],
  rows: number,
): unknown[][][] | null {
  // toJSON gives the loaded properties by name, so one reader serves every property list.
  const loaded = range.toJSON() as Partial<Record<ReadProperty, unknown>>;
  const matrices: unknown[][][] = [];
  for (const p of properties) {
    const matrix = loaded[p];
    if (!Array.isArray(matrix) || matrix.length !== rows) return null;
    matrices.push(matrix as unknown[][]);
  }
  return matrices;
}

/**
 * Reads `properties` of an area in row blocks, one sync per block. The first block is a small
 * sample; each later block is sized from the average row of the block before to use about
 * READ_BUDGET_BYTES, and never over MAX_CELLS_PER_READ cells. A block Excel still refuses as too
 * large, or answers with no cells (null), is read again in halves, and a single refused row in
 * halves of its columns; a single row still answered with null stops the read with a WorkbookError
 * "read-incomplete" naming the range, so no row is ever left out silently. Each block's cells go
 * through `convert` as the block arrives, so the work between two syncs is one block's, not the
 * whole range's at the end (300,000 rows converted at once would freeze the pane).
 */
export async function readAreaInBlocks<P extends ReadProperty>(
  context: Excel.RequestContext,
  worksheet: Excel.Worksheet,
  area: CellArea,
  properties: readonly P[],
  situation: { sheet: string; address: string },
  convert: CellConverters<P> = {},
): Promise<Record<P, unknown[][]>> {
  if (properties.length === 0)
    throw new WorkbookError("invalid-argument", "Name at least one property to read.");
  const out = Object.fromEntries(properties.map((p) => [p, [] as unknown[][]])) as Record<P, unknown[][]>;
  const maxRows = Math.max(1, Math.floor(MAX_CELLS_PER_READ / Math.max(1, area.columnCount)));
  let done = 0;
  let blockRows = Math.min(SAMPLE_ROWS, area.rowCount);
  while (done < area.rowCount) {
    const count = Math.min(blockRows, maxRows, area.rowCount - done);
    const range = worksheet.getRangeByIndexes(
      area.rowIndex + done,
      area.columnIndex,
      count,
      area.columnCount,
    );
    // eslint-disable-next-line office-addins/no-empty-load -- the rule only reads literals; `properties` is never empty (checked above)
    range.load(properties.join(", "));
    try {
      // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one sync per block of rows sized to stay under Excel's 5 MB limit, never per row
      await context.sync();
    } catch (error) {
      const tooLarge = officeErrorCode(error) === OFFICE_ERROR_CODES.responsePayloadSizeLimitExceeded;
      if (tooLarge && count > 1) {
        blockRows = Math.ceil(count / 2);
        continue;
      }
      if (!tooLarge || area.columnCount === 1) throw toWorkbookError(error, { action: "read", ...situation });
      const row = { ...area, rowIndex: area.rowIndex + done, rowCount: 1 };
      const parts = await readRowInColumnHalves(context, worksheet, row, properties, situation, convert);
      for (const p of properties) for (const part of parts[p]) out[p].push(part);
      done += 1;
      // The next block starts at one row and grows from its own size.
      blockRows = 1;
      continue;
    }
    const matrices = loadedMatrices(range, properties, count);
    if (matrices === null) {
      // Excel gave no cells, with no error: fewer rows at a time. One row (16,384 cells at most,
      // far under the limit) given as null will not come in parts either: say so, drop nothing.
      if (count === 1) throw incompleteReadError({ action: "read", ...situation });
      blockRows = Math.ceil(count / 2);
      continue;
    }
    properties.forEach((p, i) => {
      const matrix = matrices[i] ?? [];
      const cell = convert[p];
      for (const row of matrix) out[p].push(cell === undefined ? row : row.map(cell));
    });
    done += count;
    blockRows = nextBlockRows(blockBytes(matrices, count), count);
  }
  return out;
}

/** One row read as its left and right halves (each split again if still refused), joined. */
async function readRowInColumnHalves<P extends ReadProperty>(
  context: Excel.RequestContext,
  worksheet: Excel.Worksheet,
  row: CellArea,
  properties: readonly P[],
  situation: { sheet: string; address: string },
  convert: CellConverters<P>,
): Promise<Record<P, unknown[][]>> {
  const leftCount = Math.ceil(row.columnCount / 2);
  const left = await readAreaInBlocks(
    context,
    worksheet,
    { ...row, columnCount: leftCount },
    properties,
    situation,
    convert,
  );
  const right = await readAreaInBlocks(
    context,
    worksheet,
    { ...row, columnIndex: row.columnIndex + leftCount, columnCount: row.columnCount - leftCount },
    properties,
    situation,
    convert,
  );
  const joined = Object.fromEntries(
    properties.map((p) => [p, [[...(left[p][0] ?? []), ...(right[p][0] ?? [])]]]),
  );
  return joined as Record<P, unknown[][]>;
}

/**
 * Why a range given by address could not be found: a missing sheet or an address Excel does not
 * take. Hosts differ in the code they give for a bad address (InvalidArgument, or ItemNotFound
 * when the range is first used), so the sheet is looked up before the message is chosen.
 */
async function explainResolveError(
  context: Excel.RequestContext,
  error: unknown,
  requested: RequestedRange | undefined,
): Promise<WorkbookError> {
  if (requested === undefined) return toWorkbookError(error, { action: "read" });
  const sheet = requested.sheet;
  const code = officeErrorCode(error);
  const badAddress = (): WorkbookError =>
    new WorkbookError(
      "invalid-address",
      { key: "workbook.invalidAddress", values: { address: requested.shown } },
      code,
    );
  if (code === OFFICE_ERROR_CODES.invalidArgument || code === OFFICE_ERROR_CODES.invalidReference) {
    return badAddress();
  }
  if (code !== OFFICE_ERROR_CODES.itemNotFound || sheet === undefined) {
    return toWorkbookError(error, sheet !== undefined ? { action: "read", sheet } : { action: "read" });
  }
  const found = context.workbook.worksheets.getItemOrNullObject(sheet);
  found.load("name");
  try {
    await context.sync();
  } catch {
    return toWorkbookError(error, { action: "read", sheet });
  }
  return found.isNullObject ? toWorkbookError(error, { action: "read", sheet }) : badAddress();
}

/**
 * Reads values, value types and formulas of a range (an Excel.Range; a SheetRange such as
 * `{ sheet: "My sheet", address: "B:F" }`; or a reference as a user types it, such as
 * "Catalog!A1:H60000", "'My sheet'!B:F" or "A1:C10" on the active sheet) as a CellBlock for
 * src/catalog, in as many syncs as the 5 MB limit requires, with the workbook's decimal separator.
 */
export async function readRangeBlock(
  context: Excel.RequestContext,
  target: RangeTarget,
  options: ReadRangeOptions = {},
): Promise<ReadRangeResult> {
  const trim = options.trimToUsedRange ?? true;
  const requested = requestedRange(target);
  const range = rangeFor(context, target, requested);
  const worksheet = range.worksheet;
  worksheet.load("name");
  range.load("rowIndex, columnIndex, rowCount, columnCount");
  const used = worksheet.getUsedRangeOrNullObject(true);
  used.load("rowIndex, columnIndex, rowCount, columnCount");
  try {
    await context.sync();
  } catch (error) {
    throw await explainResolveError(context, error, requested);
  }
  const sheet = worksheet.name;
  const whole: CellArea = {
    rowIndex: range.rowIndex,
    columnIndex: range.columnIndex,
    rowCount: range.rowCount,
    columnCount: range.columnCount,
  };
  let area: CellArea | undefined = whole;
  if (trim) {
    area = used.isNullObject
      ? undefined
      : intersect(whole, {
          rowIndex: used.rowIndex,
          columnIndex: used.columnIndex,
          rowCount: used.rowCount,
          columnCount: used.columnCount,
        });
  }
  const decimalSeparator = await readDecimalSeparator(context);
  if (area === undefined) {
    return {
      block: {
        sheet,
        startRow: whole.rowIndex + 1,
        startColumn: whole.columnIndex,
        values: [],
        valueTypes: [],
        formulas: [],
      },
      decimalSeparator,
      address: "",
    };
  }
  const address = a1(area);
  const situation = { sheet, address };
  const block: CellBlock = { sheet, startRow: area.rowIndex + 1, startColumn: area.columnIndex, values: [] };
  // The converters give CellValue, CellValueType and string cells: the casts below say so.
  const converters = {
    values: toCellValue,
    valueTypes: toValueType,
    formulas: toCellValue,
    text: toText,
    numberFormat: toText,
  };
  if (options.display ?? true) {
    const read = await readAreaInBlocks(
      context,
      worksheet,
      area,
      CELL_PROPERTIES_WITH_DISPLAY,
      situation,
      converters,
    );
    block.values = read.values as CellValue[][];
    block.valueTypes = read.valueTypes as CellValueType[][];
    block.formulas = read.formulas as CellValue[][];
    block.text = read.text as string[][];
    block.numberFormats = read.numberFormat as string[][];
    const separators = await readTextSeparators(context);
    if (separators) block.textSeparators = separators;
  } else {
    const read = await readAreaInBlocks(context, worksheet, area, CELL_PROPERTIES, situation, converters);
    block.values = read.values as CellValue[][];
    block.valueTypes = read.valueTypes as CellValueType[][];
    block.formulas = read.formulas as CellValue[][];
  }
  return { block, decimalSeparator, address };
}

function a1(area: CellArea): string {
  return a1Address(area.rowIndex, area.columnIndex, area.rowCount, area.columnCount);
}
