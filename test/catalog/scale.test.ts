// Excel's scale: sheets where 70,000 rows share one kind of problem, past JavaScriptCore's limit of
// 65,536 arguments in one call (Excel on Mac and iPad), and one mixed sheet of 300,000 rows. They
// run in a worker whose stack takes no more arguments than JavaScriptCore does (test/scale): in
// Jest's own thread V8 takes about 125,000, so a spread of 70,000 problems into push() or of
// 70,000 orphan rows into Math.min() would pass here and break on a Mac. With that worker, the
// engine as it was (problems.push(...rows.problems), Math.min(...m.rows)) fails every test below
// with "Maximum call stack size exceeded"; the lint rule on spread arguments (eslint.config.js)
// keeps new spreads out of src/.
import type { SheetSummary } from "../scale/tasks";
import { JSC_MAX_ARGUMENTS, JscSizedWorker } from "../scale/jscStack";

const ROWS = 70_000;
const MIXED_ROWS = 300_000;
// Building and checking 300,000 rows takes a few seconds; a loaded machine takes longer.
jest.setTimeout(120_000);

const worker = new JscSizedWorker();
beforeAll(() => worker.start());
afterAll(() => worker.stop());

async function check(task: string, rows: number): Promise<SheetSummary> {
  const { result, spreadCeiling } = await worker.run<SheetSummary>(task, rows);
  // The worker refuses what JavaScriptCore refuses, and not much less: these rows cross its limit.
  expect(spreadCeiling).toBeLessThan(JSC_MAX_ARGUMENTS);
  expect(spreadCeiling).toBeGreaterThan(JSC_MAX_ARGUMENTS - 5_000);
  expect(rows).toBeGreaterThan(JSC_MAX_ARGUMENTS);
  return result;
}

describe(`${ROWS} rows with one kind of problem each`, () => {
  it("prices typed as text: one warning per row, every position sent with its price read", async () => {
    const sheet = await check("text-price", ROWS);
    expect(sheet.kinds).toEqual({ "price-text": ROWS });
    expect(sheet.counts).toMatchObject({
      positions: ROWS + 1,
      errors: 0,
      warnings: ROWS,
      roots: 1,
      levels: 2,
    });
    expect(sheet.first).toEqual({
      kind: "price-text",
      cell: "C3",
      severity: "warning",
      values: { text: "1 234.50", value: 1234.5 },
    });
    expect(sheet.last?.cell).toBe(`C${ROWS + 2}`);
    expect(sheet.body).toMatchObject({ positions: ROWS + 1, deletions: 0, assignedGuids: ROWS + 1 });
    expect(sheet.body.lastPosition).toMatchObject({ Code: `T.${ROWS}`, Price: 1234.5 });
    expect(sheet.body.jsonAsWhole).toBe(true);
  });

  it("orphans: one warning naming the missing parent and every position below it", async () => {
    const sheet = await check("orphan", ROWS);
    expect(sheet.kinds).toEqual({ "orphan-code": 1 });
    expect(sheet.first).toEqual({
      kind: "orphan-code",
      cell: "A2",
      severity: "warning",
      values: { parents: ["X"], parentCount: 1, more: 0, positions: ROWS, total: ROWS },
    });
    expect(sheet.missingParents).toEqual({ count: 1, rowsOfFirst: ROWS, positionsOfFirst: ROWS });
    expect(sheet.counts).toMatchObject({ positions: ROWS, orphans: ROWS, roots: 0, errors: 0, warnings: 1 });
    expect(sheet.body).toMatchObject({ positions: ROWS, jsonAsWhole: true });
  });

  it("a repeated code: an error on every repeat, naming the first row, only the first sent", async () => {
    const sheet = await check("repeated-code", ROWS);
    expect(sheet.kinds).toEqual({ "duplicate-code": ROWS });
    const repeat = { code: "R.1", otherCell: "A3", otherRow: 3 };
    expect(sheet.first).toEqual({ kind: "duplicate-code", cell: "A4", severity: "error", values: repeat });
    expect(sheet.last).toEqual({
      kind: "duplicate-code",
      cell: `A${ROWS + 3}`,
      severity: "error",
      values: repeat,
    });
    expect(sheet.counts).toMatchObject({ positions: 2, errors: ROWS, warnings: 0 });
    expect(sheet.body).toMatchObject({ positions: 2, jsonAsWhole: true });
  });

  it("names missing: an error on every row, which is left out of what is sent", async () => {
    const sheet = await check("missing-name", ROWS);
    expect(sheet.kinds).toEqual({ "missing-name": ROWS });
    expect(sheet.first).toEqual({ kind: "missing-name", cell: "B3", severity: "error", values: {} });
    expect(sheet.last?.cell).toBe(`B${ROWS + 2}`);
    expect(sheet.counts).toMatchObject({ positions: 1, errors: ROWS, warnings: 0 });
    expect(sheet.body).toMatchObject({ positions: 1, jsonAsWhole: true });
  });

  it("deletions: every deleted code sent, every position below one warned of", async () => {
    const sheet = await check("deletion", ROWS);
    // The deleted codes are not imported, so the positions below them are orphans as well.
    expect(sheet.kinds).toEqual({ "deleted-parent": ROWS, "orphan-code": 1 });
    expect(sheet.first).toEqual({
      kind: "deleted-parent",
      cell: `A${ROWS + 2}`,
      severity: "warning",
      values: { code: "D1.1", deletedCode: "D1", otherCell: "E2", otherRow: 2 },
    });
    expect(sheet.last?.values).toEqual({
      code: `D${ROWS}.1`,
      deletedCode: `D${ROWS}`,
      otherCell: `E${ROWS + 1}`,
      otherRow: ROWS + 1,
    });
    expect(sheet.missingParents).toEqual({ count: ROWS, rowsOfFirst: 1, positionsOfFirst: 1 });
    expect(sheet.counts).toMatchObject({ positions: ROWS, deletions: ROWS, orphans: ROWS, errors: 0 });
    expect(sheet.body).toMatchObject({ positions: ROWS, deletions: ROWS, jsonAsWhole: true });
  });
});

describe(`${MIXED_ROWS} rows of five kinds`, () => {
  it("reports each kind with its count, and sends the rest", async () => {
    const part = MIXED_ROWS / 5;
    const sheet = await check("mixed", MIXED_ROWS);
    expect(sheet.rows).toBe(MIXED_ROWS + 3);
    expect(sheet.kinds).toEqual({
      "price-text": part,
      "orphan-code": 1,
      // 1,000 distinct codes among the part's rows: the rest repeat them.
      "duplicate-code": part - 1000,
      "missing-name": part,
      // Half the deletions delete a code the sheet imports.
      "deleted-and-imported": part / 2,
    });
    expect(sheet.counts).toEqual({
      // The three group rows, the prices, the orphans and the first of each repeated code.
      positions: 3 + part + part + 1000,
      roots: 3,
      levels: 2,
      orphans: part,
      withGuid: 0,
      withoutGuid: 3 + part + part + 1000,
      deletions: part / 2,
      emptyRows: 0,
      skippedRows: 0,
      errors: part - 1000 + part + part / 2,
      warnings: part + 1,
    });
    expect(sheet.missingParents).toEqual({
      count: 100,
      rowsOfFirst: part / 100,
      positionsOfFirst: part / 100,
    });
    expect(sheet.first?.cell).toBe("C5");
    expect(sheet.last).toEqual({
      kind: "deleted-and-imported",
      cell: `E${MIXED_ROWS + 3}`,
      severity: "error",
      values: { key: "Code", value: `T.${part - 1}`, otherRow: part + 3, otherCell: `A${part + 3}` },
    });
    expect(sheet.body).toMatchObject({
      positions: 3 + part + part + 1000,
      deletions: part / 2,
      jsonAsWhole: true,
    });
  });
});
