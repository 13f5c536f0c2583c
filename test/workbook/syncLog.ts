/** Assertions over the emulation's sync log, shared by the read and write suites. */
import type { OfficeEmulation } from "../../dev/office-emulation";
import { EXCEL_PAYLOAD_LIMIT_BYTES } from "../../src/workbook";

/** Every sync succeeded and stayed within Excel on the web's 5 MB, both ways. */
export function expectEverySyncUnderTheLimit(excel: OfficeEmulation): void {
  for (const entry of excel.getSyncLog()) {
    expect(entry.error).toBeUndefined();
    expect(entry.requestBytes).toBeLessThanOrEqual(EXCEL_PAYLOAD_LIMIT_BYTES);
    expect(entry.responseBytes).toBeLessThanOrEqual(EXCEL_PAYLOAD_LIMIT_BYTES);
  }
}

/**
 * Blocks, not rows: the number of syncs stays near what the bytes require (each block at least a
 * quarter of the limit, plus a few syncs to set up and format), so a sync per row or per small
 * batch fails this.
 */
export function expectSyncsPerBlock(excel: OfficeEmulation, setupSyncs = 4): void {
  const log = excel.getSyncLog();
  const moved = log.reduce((sum, entry) => sum + entry.requestBytes + entry.responseBytes, 0);
  expect(log.length).toBeLessThanOrEqual(Math.ceil(moved / (EXCEL_PAYLOAD_LIMIT_BYTES / 4)) + setupSyncs);
}
