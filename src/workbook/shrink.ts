/**
 * Writes that shrink: a block of rows Excel refuses for its size is written again in halves, down
 * to one row. Blocks are planned under Excel on the web's 5 MB request limit (limits.ts), but the
 * limit is measured by Excel, not by this folder: Office's envelope differs by host and version,
 * and older Excel on the web answered an oversize write with an internal error rather than
 * RequestPayloadSizeLimitExceeded (office-js-docs-reference issue 354: 2,000 × 10 values refused
 * with "An internal error has occurred.", under 500 rows written; office-js issue 1012: a CSV
 * import in Excel Online refused with GeneralException). So both are taken as "too large" for a
 * block of several rows; a single row refused either way is the error it is.
 */
import { OFFICE_ERROR_CODES, officeErrorCode } from "./errors";

/** Whether Excel may have refused a write of several rows for its size. */
export function refusedForSize(error: unknown): boolean {
  const code = officeErrorCode(error);
  return (
    code === OFFICE_ERROR_CODES.requestPayloadSizeLimitExceeded ||
    code === OFFICE_ERROR_CODES.generalException
  );
}

/** Rows [start, start + count) of a block, in the caller's own numbering. */
export interface RowSpan {
  start: number;
  count: number;
}

/** An error of a part that could not be made smaller, and where that part starts. */
export class WriteRefused extends Error {
  override readonly name = "WriteRefused";
  constructor(
    /** What Excel answered. */
    readonly error: unknown,
    /** The first row not written: every row before it is in the workbook. */
    readonly start: number,
  ) {
    super("Excel refused a write.");
    Object.setPrototypeOf(this, WriteRefused.prototype);
  }
}

/**
 * Queues `span` with `queue` and syncs; when Excel refuses the sync for its size and the span has
 * more than one row, its first half and then its second are written the same way (in order, so
 * every row before a failing part is written). A part of one row that is refused, or a part
 * refused for another reason, rejects with WriteRefused naming where that part starts.
 * Returns the number of syncs it took.
 */
export async function writeShrinking(
  context: Excel.RequestContext,
  span: RowSpan,
  queue: (part: RowSpan) => void,
): Promise<number> {
  const pending: RowSpan[] = [span];
  let syncs = 0;
  for (let part = pending.pop(); part !== undefined; part = pending.pop()) {
    queue(part);
    syncs += 1;
    try {
      // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one sync per part of a block Excel refused as too large, halved each time
      await context.sync();
    } catch (error) {
      if (part.count > 1 && refusedForSize(error)) {
        const half = Math.ceil(part.count / 2);
        pending.push(
          { start: part.start + half, count: part.count - half },
          { start: part.start, count: half },
        );
        continue;
      }
      throw new WriteRefused(error, part.start);
    }
  }
  return syncs;
}
