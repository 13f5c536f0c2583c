/**
 * Writing cells: a table to a new sheet and one column back into an existing sheet, in row blocks
 * whose serialized size stays under Excel on the web's 5 MB request limit, values first and
 * formats after. Text from the service is always written as a value, never as a formula.
 */
import { type RowBlock, jsonBytes, planBlocks } from "./blocks";
import { OFFICE_ERROR_CODES, WorkbookError, officeErrorCode, toWorkbookError } from "./errors";
import { ROW_OVERHEAD_BYTES, WRITE_BUDGET_BYTES } from "./limits";
import { MAX_COLUMN_INDEX, WORKSHEET_ROWS, columnIndex } from "../catalog";
import { a1Address, uniqueSheetName } from "./names";
import { readAreaInBlocks } from "./read";
import { WriteRefused, refusedForSize, writeShrinking } from "./shrink";

/**
 * Excel's marker for "this is text": a leading apostrophe is not part of the value (Range.values
 * gives the text without it) and stops Excel's input rules from turning the text into a formula
 * ("=...", "+...", "-...", "@..."), a number ("001" → 1), a date ("1-2"), a boolean or an error.
 */
export const TEXT_MARKER = "'";
/** Text format: a cell formatted "@" keeps what is written as it is, so it needs no marker. */
export const TEXT_NUMBER_FORMAT = "@";
/** Excel keeps at most 32,767 characters in a cell and refuses longer text. */
export const MAX_CELL_TEXT_LENGTH = 32_767;
const TRUNCATION_MARK = "…";
/**
 * Rows in one block of a column written back, whatever their bytes: a block's inputs are made in
 * the task before its sync, and 100,000 Guid rows (3 MB) made at once are a long task in the pane.
 */
export const COLUMN_BLOCK_MAX_ROWS = 32_768;
/** Names tried before giving up when another writer takes the chosen sheet name first. */
const SHEET_NAME_ATTEMPTS = 3;

/** What may be written into a cell; null and undefined leave the cell empty (or unchanged). */
export type WritableCell = string | number | boolean | null | undefined;

/** A value as Excel takes it: text that cannot be read as anything else. */
export type CellInput = string | number | boolean;

/** The first `length` UTF-16 units of `text`, one fewer where the cut would split a surrogate pair. */
function cutText(text: string, length: number): string {
  const code = text.charCodeAt(length - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? length - 1 : length);
}

/**
 * The input that makes Excel store `value` as it is. Text gets the text marker unless the cell is
 * formatted as text; numbers Excel cannot hold (NaN, Infinity) are written as their text.
 */
export function toCellInput(value: WritableCell, cellIsText = false): CellInput {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value;
  if (typeof value === "number") {
    return Number.isFinite(value) ? value : toCellInput(String(value), cellIsText);
  }
  if (value === "") return "";
  // The marker travels with the text; keeping both within the limit is safe whether or not a host counts it.
  const room = MAX_CELL_TEXT_LENGTH - (cellIsText ? 0 : TEXT_MARKER.length);
  const text = value.length > room ? cutText(value, room - TRUNCATION_MARK.length) + TRUNCATION_MARK : value;
  return cellIsText ? text : TEXT_MARKER + text;
}

export interface TableToWrite {
  /** Desired sheet name; cleaned and made unique ("Import log (2)"). */
  name: string;
  headers: readonly string[];
  rows: ReadonlyArray<readonly WritableCell[]>;
  /** Number format per column index (e.g. "#,##0.00", "@"), applied to the data rows after the values. */
  columnFormats?: ReadonlyArray<string | null | undefined>;
  /** Make the new sheet the active one (default false). */
  activate?: boolean;
}

export interface WrittenTable {
  /** The sheet name actually used. */
  sheetName: string;
  /** A1 address of the header and rows written ("A1:F101"). */
  address: string;
  /** Data rows written (without the header). */
  rowCount: number;
}

async function loadSheetNames(context: Excel.RequestContext): Promise<string[]> {
  const worksheets = context.workbook.worksheets;
  worksheets.load("items/name");
  try {
    await context.sync();
  } catch (error) {
    throw toWorkbookError(error, { action: "read" });
  }
  return worksheets.items.map((sheet) => sheet.name);
}

function rowInputs(row: readonly WritableCell[], width: number, rowNumber: number): CellInput[] {
  if (row.length > width) {
    throw new WorkbookError(
      "invalid-argument",
      `Row ${rowNumber} has ${row.length} cells but the table has ${width} columns.`,
    );
  }
  const out: CellInput[] = [];
  for (let c = 0; c < width; c += 1) out.push(toCellInput(row[c]));
  return out;
}

/**
 * Creates the sheet and writes the header with the first block: one sync, retried if the name was
 * taken meanwhile. When Excel refuses that sync for its size, the sheet is made with the header
 * alone and `firstWritten` is false: the caller writes the first block, shrinking it.
 */
async function addSheetWithHeader(
  context: Excel.RequestContext,
  desiredName: string,
  header: CellInput[],
  firstBlock: ((sheet: Excel.Worksheet) => void) | undefined,
): Promise<{ sheet: Excel.Worksheet; sheetName: string; firstWritten: boolean }> {
  let withBlock = firstBlock;
  for (let attempt = 1; ; attempt += 1) {
    const sheetName = uniqueSheetName(desiredName, await loadSheetNames(context));
    const sheet = context.workbook.worksheets.add(sheetName);
    sheet.getRangeByIndexes(0, 0, 1, header.length).values = [header];
    withBlock?.(sheet);
    try {
      // eslint-disable-next-line office-addins/no-context-sync-in-loop -- a retry, at most SHEET_NAME_ATTEMPTS times, when another writer took the name meanwhile, or once without the first block
      await context.sync();
      return { sheet, sheetName, firstWritten: withBlock !== undefined };
    } catch (error) {
      if (officeErrorCode(error) === OFFICE_ERROR_CODES.itemAlreadyExists && attempt < SHEET_NAME_ATTEMPTS) {
        continue;
      }
      if (withBlock !== undefined && refusedForSize(error)) {
        withBlock = undefined;
        continue;
      }
      throw toWorkbookError(error, { action: "create", sheet: sheetName });
    }
  }
}

/** Data cells written in one sync: 0-based row and column of the data rows, and the size. */
interface WritePart {
  row: number;
  rows: number;
  column: number;
  columns: number;
}

/**
 * One part per block of whole rows; a row larger than a request on its own (planBlocks gives it a
 * block of its own) is split into parts of its columns, each within WRITE_BUDGET_BYTES.
 */
function writeParts(inputs: readonly CellInput[][], blocks: readonly RowBlock[], width: number): WritePart[] {
  return blocks.flatMap((block) => {
    const row = inputs[block.start];
    if (block.bytes <= WRITE_BUDGET_BYTES || row === undefined) {
      return [{ row: block.start, rows: block.count, column: 0, columns: width }];
    }
    const cellBytes = row.map((cell) => jsonBytes(cell) + 1);
    return planBlocks(cellBytes, WRITE_BUDGET_BYTES).map((cells) => ({
      row: block.start,
      rows: 1,
      column: cells.start,
      columns: cells.count,
    }));
  });
}

/**
 * Writes a header and rows to a new sheet with a unique name: values in blocks of at most
 * WRITE_BUDGET_BYTES (one sync each), then number formats per column (in blocks too), a bold
 * header, autofit columns and a frozen header row.
 */
export async function writeTableToNewSheet(
  context: Excel.RequestContext,
  table: TableToWrite,
): Promise<WrittenTable> {
  const width = table.headers.length;
  if (width === 0) throw new WorkbookError("invalid-argument", "A table needs at least one column.");
  if (table.rows.length + 1 > WORKSHEET_ROWS) {
    throw new WorkbookError(
      "invalid-argument",
      `${table.rows.length} rows do not fit on one sheet (Excel holds ${WORKSHEET_ROWS - 1} rows below a header).`,
    );
  }
  if (width - 1 > MAX_COLUMN_INDEX) {
    throw new WorkbookError("invalid-argument", `${width} columns do not fit on one sheet.`);
  }
  const formatCount = table.columnFormats?.length ?? 0;
  if (formatCount > width) {
    // A format past the last column would land on cells outside the table, on a sheet already written.
    throw new WorkbookError(
      "invalid-argument",
      `${formatCount} column formats were given but the table has ${width} columns.`,
    );
  }
  const header = table.headers.map((h) => toCellInput(h));
  const inputs = table.rows.map((row, i) => rowInputs(row, width, i + 2));
  const parts = writeParts(
    inputs,
    planBlocks(
      inputs.map((row) => jsonBytes(row) + ROW_OVERHEAD_BYTES),
      WRITE_BUDGET_BYTES,
      jsonBytes(header) + ROW_OVERHEAD_BYTES,
    ),
    width,
  );
  const writePart = (sheet: Excel.Worksheet, part: WritePart): void => {
    const rows = inputs.slice(part.row, part.row + part.rows);
    sheet.getRangeByIndexes(1 + part.row, part.column, part.rows, part.columns).values =
      part.columns === width ? rows : rows.map((row) => row.slice(part.column, part.column + part.columns));
  };

  const [first, ...rest] = parts;
  const { sheet, sheetName, firstWritten } = await addSheetWithHeader(
    context,
    table.name,
    header,
    first === undefined ? undefined : (created) => writePart(created, first),
  );
  const address = a1Address(0, 0, inputs.length + 1, width);
  for (const part of first !== undefined && !firstWritten ? parts : rest) {
    try {
      // A block Excel refuses for its size is written again in halves (shrink.ts).
      await writeShrinking(context, { start: part.row, count: part.rows }, (span) =>
        writePart(sheet, { ...part, row: span.start, rows: span.count }),
      );
    } catch (error) {
      // The sheet exists by now: say what it holds, so the user knows it is incomplete.
      const refused = error instanceof WriteRefused ? error : new WriteRefused(error, part.row);
      const cause = toWorkbookError(refused.error, { action: "write", sheet: sheetName });
      throw new WorkbookError(
        cause.code,
        {
          key: "workbook.partlyWritten",
          values: {
            cause: cause.said ?? cause.message,
            sheet: sheetName,
            written: String(refused.start),
            total: String(inputs.length),
          },
        },
        cause.officeCode,
      );
    }
  }

  await writeColumnFormats(context, sheet, sheetName, inputs.length, table.columnFormats ?? []);

  const headerRange = sheet.getRangeByIndexes(0, 0, 1, width);
  headerRange.format.font.bold = true;
  sheet.getRangeByIndexes(0, 0, inputs.length + 1, width).format.autofitColumns();
  sheet.freezePanes.freezeRows(1);
  if (table.activate === true) sheet.activate();
  try {
    await context.sync();
  } catch (error) {
    throw toWorkbookError(error, { action: "write", sheet: sheetName });
  }
  return { sheetName, address, rowCount: inputs.length };
}

/** Number formats of the data rows, per column, in blocks (a format per cell counts toward the limit). */
async function writeColumnFormats(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  sheetName: string,
  rowCount: number,
  columnFormats: ReadonlyArray<string | null | undefined>,
): Promise<void> {
  const formatted = columnFormats
    .map((format, column) => ({ format, column }))
    .filter((f): f is { format: string; column: number } => typeof f.format === "string" && f.format !== "");
  if (formatted.length === 0 || rowCount === 0) return;
  const bytesPerRow = formatted.reduce((sum, f) => sum + jsonBytes([[f.format]]), 0);
  const blocks = planBlocks(new Array<number>(rowCount).fill(bytesPerRow), WRITE_BUDGET_BYTES);
  for (const block of blocks) {
    try {
      await writeShrinking(context, block, (span) => {
        for (const { format, column } of formatted) {
          sheet.getRangeByIndexes(1 + span.start, column, span.count, 1).numberFormat = Array.from(
            { length: span.count },
            () => [format],
          );
        }
      });
    } catch (error) {
      throw toWorkbookError(error instanceof WriteRefused ? error.error : error, {
        action: "write",
        sheet: sheetName,
      });
    }
  }
}

export interface WrittenColumn {
  /** A1 address of the cells written ("G2:G5001"). */
  address: string;
  /** Values written (null and undefined entries leave their cell unchanged and are not counted). */
  written: number;
}

/** A column as a letter ("C") or a 0-based index, checked to be one of Excel's. */
export function resolveColumn(column: string | number): number {
  const index = typeof column === "number" ? column : columnIndex(column);
  if (index === null || !Number.isInteger(index) || index < 0 || index > MAX_COLUMN_INDEX) {
    throw new WorkbookError("invalid-argument", `"${String(column)}" is not a column of Excel (A to XFD).`);
  }
  return index;
}

/**
 * Writes `values` down one column of an existing sheet from `firstRow` (1-based sheet row), as
 * values, in blocks. A null or undefined entry leaves its cell as it is (Excel skips null in a
 * 2-D array), so only the rows that have something new are touched. Cells formatted as text get
 * the text as it is; others get the text marker, so a Guid or a code never becomes a number.
 */
export async function writeColumnBack(
  context: Excel.RequestContext,
  sheetName: string,
  column: string | number,
  firstRow: number,
  values: readonly WritableCell[],
): Promise<WrittenColumn> {
  const columnIndex = resolveColumn(column);
  if (!Number.isInteger(firstRow) || firstRow < 1 || firstRow - 1 + values.length > WORKSHEET_ROWS) {
    throw new WorkbookError(
      "invalid-argument",
      `Rows ${firstRow} to ${firstRow + values.length - 1} are not rows of a sheet (1 to ${WORKSHEET_ROWS}).`,
    );
  }
  if (values.length === 0) return { address: "", written: 0 };
  const area = { rowIndex: firstRow - 1, columnIndex, rowCount: values.length, columnCount: 1 };
  const address = a1Address(area.rowIndex, area.columnIndex, area.rowCount, 1);
  const sheet = context.workbook.worksheets.getItem(sheetName);
  // The existing formats decide the input (text cells need no marker); reading them also checks the sheet exists.
  const { numberFormat } = await readAreaInBlocks(context, sheet, area, ["numberFormat"], {
    sheet: sheetName,
    address,
  });
  const input = (i: number): [CellInput | null] => {
    const value = values[i];
    return value === null || value === undefined
      ? [null]
      : [toCellInput(value, numberFormat[i]?.[0] === TEXT_NUMBER_FORMAT)];
  };
  // Each block's inputs are made just before its sync, cut as planBlocks would cut them and at
  // COLUMN_BLOCK_MAX_ROWS rows: the work between two syncs is one block's, not the whole column's
  // (300,000 Guids written back would otherwise be one long task before the first sync).
  let written = 0;
  let start = 0;
  while (start < values.length) {
    const block: Array<[CellInput | null]> = [];
    let bytes = 0;
    let end = start;
    for (; end < values.length; end++) {
      const row = input(end);
      const rowBytes = jsonBytes(row) + ROW_OVERHEAD_BYTES;
      if (
        block.length > 0 &&
        (bytes + rowBytes > WRITE_BUDGET_BYTES || block.length === COLUMN_BLOCK_MAX_ROWS)
      ) {
        break;
      }
      block.push(row);
      bytes += rowBytes;
      if (row[0] !== null) written++;
    }
    const blockStart = start;
    try {
      await writeShrinking(context, { start, count: block.length }, (span) => {
        sheet.getRangeByIndexes(area.rowIndex + span.start, columnIndex, span.count, 1).values = block.slice(
          span.start - blockStart,
          span.start - blockStart + span.count,
        );
      });
    } catch (error) {
      throw toWorkbookError(error instanceof WriteRefused ? error.error : error, {
        action: "write",
        sheet: sheetName,
        address,
      });
    }
    start = end;
  }
  return { address, written };
}
