/**
 * Size limits of the Excel JavaScript API and the budgets this folder keeps below them.
 *
 * Excel on the web refuses a request or a response larger than 5 MB ("resource limits and
 * performance optimization" in the Office Add-ins docs), and the whole sync fails. Big ranges are
 * therefore read and written in row blocks sized by their serialized (UTF-8 JSON) bytes.
 */

/** Excel on the web's limit for one sync's request, and separately for its response. */
export const EXCEL_PAYLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

/**
 * Share of the limit a read block may use: 3.75 MB. Reads are sized from the average row of the
 * block before, so a block of rows like those before lands near 3.75 MB, under the 4 MB a response
 * is meant to stay within, and rows up to 1.33 times the average still fit under Excel's 5 MB; a
 * block that is refused all the same is read again in halves. (At half the limit, a 100k × 9 read
 * took 21 blocks where 14 could carry it.)
 */
export const READ_BUDGET_FRACTION = 0.75;

/**
 * Share of the limit a write block may use. Writes are measured exactly before they are sent; the
 * remainder covers Office's envelope per operation and, in the first block, adding the sheet.
 */
export const WRITE_BUDGET_FRACTION = 0.75;

/**
 * Cells Excel reads at most in one range ("A range is limited to 5,000,000 cells for read
 * operations", resource limits documentation). Past it Excel answers `null` for the cell matrices,
 * with no error (office-js issues 6781, 4783): blocks are kept under it, and a null is read again
 * in smaller blocks.
 */
export const MAX_CELLS_PER_READ = 5_000_000;

/** Rows read first to estimate the bytes of a row before the real blocks are sized. */
export const SAMPLE_ROWS = 200;

/** Envelope bytes counted per row on top of its JSON (brackets, commas, per-property copies). */
export const ROW_OVERHEAD_BYTES = 8;

export const READ_BUDGET_BYTES = Math.floor(EXCEL_PAYLOAD_LIMIT_BYTES * READ_BUDGET_FRACTION);
export const WRITE_BUDGET_BYTES = Math.floor(EXCEL_PAYLOAD_LIMIT_BYTES * WRITE_BUDGET_FRACTION);

/**
 * Whether the add-in runs in Excel on the web (`Office.context.platform`), whose custom-function
 * results are held to less than desktop Excel's (src/boq/matrix.ts, WEB_RESULT_LIMIT).
 */
export function isExcelOnTheWeb(): boolean {
  return typeof Office !== "undefined" && String(Office.context?.platform) === "OfficeOnline";
}
