// The Guid write-back of 300,000 rows through the Office emulation, in a worker whose stack takes
// no more call arguments than JavaScriptCore does (test/scale/jscStack.ts): no spread of the rows,
// every new Guid where it belongs, every Guid already there kept, each request under Excel's limit.
import type { WriteBackSummary } from "../scale/tasks";
import { JSC_MAX_ARGUMENTS, JscSizedWorker } from "../scale/jscStack";
import { EXCEL_PAYLOAD_LIMIT_BYTES } from "../../src/workbook";

const ROWS = 300_000;
// The emulation writes 300,000 cells one by one into its formula engine: seconds, more when loaded.
jest.setTimeout(120_000);

const worker = new JscSizedWorker();
beforeAll(() => worker.start());
afterAll(() => worker.stop());

it(`writes ${ROWS} Guids back into their rows, leaving the rows that have one as they are`, async () => {
  const { result, spreadCeiling } = await worker.run<WriteBackSummary>("guid-write-back", ROWS);
  expect(spreadCeiling).toBeLessThan(JSC_MAX_ARGUMENTS);
  expect(result).toMatchObject({
    rows: ROWS,
    address: `A2:A${ROWS + 1}`,
    // One row in 1,000 already has its Guid: the write passes over it.
    written: ROWS - ROWS / 1000,
    rightCells: ROWS,
  });
  expect(result.largestRequestBytes).toBeLessThanOrEqual(EXCEL_PAYLOAD_LIMIT_BYTES);
  // The number formats read in blocks, then the values written in blocks: a handful of syncs.
  expect(result.syncs).toBeLessThan(20);
});
