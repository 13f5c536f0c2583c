import {
  EXCEL_ERROR_VALUES,
  createEmulatedExcel,
  installOfficeEmulation,
  type OfficeEmulation,
  type SheetRows,
} from "../../dev/office-emulation";
import {
  EXCEL_PAYLOAD_LIMIT_BYTES,
  WorkbookError,
  readDecimalSeparator,
  readRangeBlock,
  readSelection,
} from "../../src/workbook";
import { expectEverySyncUnderTheLimit, expectSyncsPerBlock } from "./syncLog";
import { failureOf } from "./failure";

// Building and moving hundreds of thousands of cells takes seconds on a slow machine.
jest.setTimeout(60_000);

const BIG_ROWS = 60_000;
const BIG_COLUMNS = 8;

/** 60,000 rows x 8 columns of catalog-like text and numbers: far more than 5 MB once read. */
function bigCatalog(): SheetRows {
  const rows: Array<Array<string | number>> = [
    ["Code", "Name", "Unit", "Price", "Currency", "Guid", "Binding", "Note"],
  ];
  for (let i = 1; i < BIG_ROWS; i += 1) {
    rows.push([
      `'${Math.floor(i / 100)}.${i % 100}`,
      `Reinforced concrete works, position number ${i}`,
      "m3",
      i * 1.25,
      "EUR",
      `0f8fad5b-d9cb-469f-a165-${String(i).padStart(12, "0")}`,
      `Binding of the position ${i}`,
      `Row ${i} of the spring price list`,
    ]);
  }
  return rows;
}

describe("readRangeBlock on a large range", () => {
  let excel: OfficeEmulation;

  beforeAll(() => {
    excel = createEmulatedExcel({ sheets: { Catalog: bigCatalog() } });
  });

  beforeEach(() => excel.clearSyncLog());

  it("refuses a naive single read of the whole range (the limit is real in the emulation)", async () => {
    const naive = excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Catalog").getRange("A1:H60000");
      range.load("values, valueTypes, formulas");
      await context.sync();
      return range.values.length;
    });
    await expect(naive).rejects.toMatchObject({ code: "ResponsePayloadSizeLimitExceeded" });
  });

  it("reads 60,000 x 8 cells in several syncs, each under 5 MB", async () => {
    const { block, address } = await excel.run((context) => readRangeBlock(context, "Catalog!A1:H60000"));

    expect(address).toBe("A1:H60000");
    expect(block.sheet).toBe("Catalog");
    expect(block.startRow).toBe(1);
    expect(block.startColumn).toBe(0);
    expect(block.values).toHaveLength(BIG_ROWS);
    expect(block.values.every((row) => row.length === BIG_COLUMNS)).toBe(true);
    expect(block.values[0]).toEqual(["Code", "Name", "Unit", "Price", "Currency", "Guid", "Binding", "Note"]);
    expect(block.values[59_999]).toEqual([
      "599.99",
      "Reinforced concrete works, position number 59999",
      "m3",
      59_999 * 1.25,
      "EUR",
      "0f8fad5b-d9cb-469f-a165-000000059999",
      "Binding of the position 59999",
      "Row 59999 of the spring price list",
    ]);
    expect(block.valueTypes?.[12]).toEqual([
      "String",
      "String",
      "String",
      "Double",
      "String",
      "String",
      "String",
      "String",
    ]);
    expect(block.formulas?.[12]?.[1]).toBe("Reinforced concrete works, position number 12");

    const log = excel.getSyncLog();
    expect(log.filter((entry) => entry.responseBytes > 0).length).toBeGreaterThan(2);
    expectEverySyncUnderTheLimit(excel);
    expectSyncsPerBlock(excel);
    const total = log.reduce((sum, entry) => sum + entry.responseBytes, 0);
    expect(total).toBeGreaterThan(EXCEL_PAYLOAD_LIMIT_BYTES);
  });

  it("reads whole columns as the filled rows only", async () => {
    const { block, address } = await excel.run((context) => readRangeBlock(context, "Catalog!B:C"));
    expect(address).toBe("B1:C60000");
    expect(block.startColumn).toBe(1);
    expect(block.values).toHaveLength(BIG_ROWS);
    expectEverySyncUnderTheLimit(excel);
    expectSyncsPerBlock(excel);
  });
});

describe("readRangeBlock", () => {
  it("returns error cells with valueType Error and formulas next to their values", async () => {
    const excel = createEmulatedExcel({
      sheets: {
        Prices: [
          ["Code", "Name", "Price"],
          ["1", "Concrete", "#N/A"],
          ["1.1", "=B2", 12.5],
          ["1.2", "Steel", "#DIV/0!"],
        ],
      },
    });
    const { block } = await excel.run((context) => readRangeBlock(context, "Prices!A1:C4"));
    expect(EXCEL_ERROR_VALUES).toContain("#N/A");
    expect(block.values[1]).toEqual([1, "Concrete", "#N/A"]);
    expect(block.valueTypes?.[1]).toEqual(["Double", "String", "Error"]);
    expect(block.valueTypes?.[3]?.[2]).toBe("Error");
    expect(block.values[2]?.[1]).toBe("Concrete");
    expect(block.formulas?.[2]?.[1]).toBe("=B2");
    expect(block.formulas?.[1]?.[1]).toBe("Concrete");
  });

  it("gives startRow and startColumn of the first filled cell of the selection", async () => {
    const excel = createEmulatedExcel({ sheets: { Data: [] } });
    excel.setCells("Data", "C5", [
      ["Code", "Name"],
      ["1", "Earthworks"],
    ]);
    const { block, address } = await excel.run((context) => readRangeBlock(context, "Data!A1:F20"));
    expect(address).toBe("C5:D6");
    expect(block).toMatchObject({ sheet: "Data", startRow: 5, startColumn: 2 });
    expect(block.values).toEqual([
      ["Code", "Name"],
      [1, "Earthworks"],
    ]);
  });

  it("reads exactly the range asked for when trimming is off", async () => {
    const excel = createEmulatedExcel({ sheets: { Data: [["a"]] } });
    const { block } = await excel.run((context) =>
      readRangeBlock(context, "Data!A1:B2", { trimToUsedRange: false }),
    );
    expect(block.values).toEqual([
      ["a", ""],
      ["", ""],
    ]);
    expect(block.valueTypes).toEqual([
      ["String", "Empty"],
      ["Empty", "Empty"],
    ]);
  });

  it("accepts a Range object and quoted sheet names", async () => {
    const excel = createEmulatedExcel({ sheets: { "O'Brien prices": [["x", 1]] } });
    const fromAddress = await excel.run((context) => readRangeBlock(context, "'O''Brien prices'!A1:B1"));
    expect(fromAddress.block.values).toEqual([["x", 1]]);
    const fromRange = await excel.run((context) =>
      readRangeBlock(context, context.workbook.worksheets.getItem("O'Brien prices").getRange("A1:B1")),
    );
    expect(fromRange.block).toEqual(fromAddress.block);
  });

  it("reads a sheet given by name and address as it is, whatever the name holds", async () => {
    // Names that a reference would have to quote: an apostrophe, a "!", a space, one that reads
    // as a cell (R1C1) and one that reads as an R1C1 row.
    const names = ["O'Brien prices", "Q1!Prices", "My sheet", "R1C1", "R2"];
    const excel = createEmulatedExcel({ sheets: Object.fromEntries(names.map((n) => [n, [["x", n]]])) });
    for (const sheet of names) {
      const read = await excel.run((context) => readRangeBlock(context, { sheet, address: "A1:B1" }));
      expect(read.block).toMatchObject({ sheet, values: [["x", sheet]] });
      expect(read.address).toBe("A1:B1");
    }
  });

  it("names the missing sheet, or the reference as a user writes it, when a sheet and address cannot be read", async () => {
    const excel = createEmulatedExcel({ sheets: { "My sheet": [["a"]] } });
    await expect(
      failureOf(excel.run((context) => readRangeBlock(context, { sheet: "Prices 2", address: "A1:B2" }))),
    ).resolves.toMatchObject({
      code: "sheet-not-found",
      text: expect.stringContaining('Sheet "Prices 2" was not found'),
    });
    await expect(
      failureOf(excel.run((context) => readRangeBlock(context, { sheet: "My sheet", address: "A1:??" }))),
    ).resolves.toMatchObject({
      code: "invalid-address",
      text: expect.stringContaining("'My sheet'!A1:??"),
    });
  });

  it("returns an empty block for an empty area", async () => {
    const excel = createEmulatedExcel({ sheets: { Empty: [] } });
    const { block, address } = await excel.run((context) => readRangeBlock(context, "Empty!B2:D9"));
    expect(address).toBe("");
    expect(block).toMatchObject({ sheet: "Empty", startRow: 2, startColumn: 1, values: [] });
  });

  it("reads again in smaller blocks when rows further down are much larger than the sample", async () => {
    // The first 200 rows (the sample) are tiny; the next 200 hold 20,000 characters each, 8 MB
    // once read: a block sized from the sample alone is refused and must be read in halves.
    const rows: Array<[string]> = [];
    for (let i = 0; i < 200; i += 1) rows.push([`r${i}`]);
    for (let i = 0; i < 200; i += 1) rows.push([`${i}:${"x".repeat(20_000)}`]);
    const excel = createEmulatedExcel({ sheets: { Mixed: rows } });
    const { block } = await excel.run((context) => readRangeBlock(context, "Mixed!A1:A400"));
    expect(block.values).toHaveLength(400);
    expect(block.values[399]?.[0]).toBe(`199:${"x".repeat(20_000)}`);
    const log = excel.getSyncLog();
    const refused = log.filter((entry) => entry.error !== undefined);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((entry) => entry.error === "ResponsePayloadSizeLimitExceeded")).toBe(true);
    expect(
      log
        .filter((entry) => entry.error === undefined)
        .every((e) => e.responseBytes <= EXCEL_PAYLOAD_LIMIT_BYTES),
    ).toBe(true);
  });

  it("reads rows growing to 1.3 times the sample's size without a refused sync (three quarters of the limit per block)", async () => {
    // Blocks are sized from the average row of the block before, to three quarters of Excel's
    // limit, so that later rows up to a third longer still fit: no sync is refused and read again.
    // The sample rows are 1,000 characters, the 4,000 rows after them 1,300 (about 10 MB in all).
    const rows: Array<[string]> = [];
    for (let i = 0; i < 200; i += 1) rows.push([`s${String(i).padStart(3, "0")}:${"a".repeat(996)}`]);
    for (let i = 0; i < 4_000; i += 1) rows.push([`b${String(i).padStart(4, "0")}:${"b".repeat(1_294)}`]);
    const excel = createEmulatedExcel({ sheets: { Growing: rows } });
    excel.clearSyncLog();
    // Values and formulas only: the bound below is the block count of that payload (the shown
    // text and number formats add a third to every block and are measured by the tests after).
    const { block } = await excel.run((context) =>
      readRangeBlock(context, "Growing!A1:A4200", { display: false }),
    );
    expect(block.values).toHaveLength(4_200);
    expect(block.values[4_199]?.[0]).toBe(rows[4_199]?.[0]);
    expectEverySyncUnderTheLimit(excel);
    // The range and its separator, the sample, then blocks of about 3.75 MB: 10.4 MB in three.
    const cellSyncs = excel.getSyncLog().filter((entry) => entry.cellData);
    expect(cellSyncs.length).toBeLessThanOrEqual(4);
  });

  it("reads a uniform 100k-row range in blocks of 3 to 4 MB after the sample, none over 4 MB", async () => {
    // What `npm run bench` measures as a ratio: the syncs that move cells are few more than their
    // bytes require, and no response passes 4 MB (Excel allows 5). The add-in estimates a block's
    // bytes (it cannot see Office's response size), so blocks land under the 3.75 MB planned.
    const rows: Array<[string, string, number]> = Array.from({ length: 100_000 }, (_, i) => [
      `'${Math.floor(i / 1000) + 1}.${(i % 1000) + 1}`,
      `Concrete B25 W6, position ${i}`,
      i * 1.5,
    ]);
    const excel = createEmulatedExcel({ sheets: { Uniform: rows } });
    excel.clearSyncLog();
    const { block } = await excel.run((context) => readRangeBlock(context, "Uniform!A1:C100000"));
    expect(block.values).toHaveLength(100_000);
    const responses = excel
      .getSyncLog()
      .filter((entry) => entry.cellData)
      .map((entry) => entry.responseBytes);
    const MB = 1024 * 1024;
    // The first is the 200-row sample, the last holds the rows left over.
    const full = responses.slice(1, -1);
    expect(full.length).toBeGreaterThan(3);
    for (const bytes of full) {
      expect(bytes).toBeGreaterThan(3 * MB);
      expect(bytes).toBeLessThanOrEqual(4 * MB);
    }
    expect(responses[responses.length - 1]).toBeLessThanOrEqual(4 * MB);
  });

  it("sizes blocks from a sample without falling in step with a sheet's pattern", async () => {
    // A large block's size is estimated from a sample of its rows. Here every 37th row carries a
    // 300-character description and the rest are short: a sample taken at a fixed stride can see
    // all of the long rows or none, undersize the next block and have it refused. A sample spread
    // at random within equal stretches stays close to the average: no sync is refused.
    const rows: Array<[string, string]> = Array.from({ length: 200_000 }, (_, i) => [
      String(i),
      i % 37 === 5 ? `${i}:${"L".repeat(300)}` : `s${i}`,
    ]);
    const excel = createEmulatedExcel({ sheets: { Uneven: rows } });
    excel.clearSyncLog();
    const { block } = await excel.run((context) => readRangeBlock(context, "Uneven!A1:B200000"));
    expect(block.values).toHaveLength(200_000);
    expect(block.values.map((row) => row[1])).toEqual(rows.map((row) => row[1]));
    expectEverySyncUnderTheLimit(excel);
  });

  it("reads a row too large for one response in parts of its columns", async () => {
    // One row of 20 cells of 30,000 characters is 1.2 MB once values and formulas are read: more
    // than this emulated host's 1 MB, so the row itself has to be split.
    const excel = createEmulatedExcel({ sheets: { Notes: [] }, payloadLimitBytes: 1024 * 1024 });
    const row = Array.from({ length: 20 }, (_, c) => `${c}:${"n".repeat(30_000)}`);
    excel.setCells("Notes", "A1", [["Code", "Note"], row, ["2", "short"]]);
    const { block } = await excel.run((context) => readRangeBlock(context, "Notes!A1:T3"));
    expect(block.values).toHaveLength(3);
    expect(block.values[1]).toEqual(row);
    expect(block.formulas?.[1]).toEqual(row);
    expect(block.valueTypes?.[1]).toEqual(row.map(() => "String"));
    expect(block.values[2]?.slice(0, 2)).toEqual([2, "short"]);
    expect(block.values.every((cells) => cells.length === 20)).toBe(true);
  });

  it("keeps blocks large after one long row, instead of sizing every later block for it", async () => {
    // Row 5 holds 200,000 characters; the other 19,999 rows are short. Sized for the long row,
    // each later block would hold a handful of rows: thousands of syncs for 20,000 rows.
    const rows: Array<[string]> = Array.from({ length: 20_000 }, (_, i) => [`row ${i}`]);
    rows[4] = ["x".repeat(200_000)];
    const excel = createEmulatedExcel({ sheets: { Notes: rows } });
    excel.clearSyncLog();
    const { block } = await excel.run((context) => readRangeBlock(context, "Notes!A1:A20000"));
    expect(block.values).toHaveLength(20_000);
    expect(block.values[4]?.[0]).toBe("x".repeat(200_000));
    expect(block.values[19_999]?.[0]).toBe("row 19999");
    expectEverySyncUnderTheLimit(excel);
    expect(excel.getSyncLog().length).toBeLessThanOrEqual(6);
  });

  it("names a missing sheet in its error", async () => {
    const excel = createEmulatedExcel({ sheets: { Catalog: [["a"]] } });
    const read = excel.run((context) => readRangeBlock(context, "Prices!A1:B2"));
    await expect(read).rejects.toBeInstanceOf(WorkbookError);
    await expect(failureOf(read)).resolves.toMatchObject({
      code: "sheet-not-found",
      text: expect.stringContaining('Sheet "Prices" was not found'),
    });
  });

  it("explains an address Excel cannot read", async () => {
    const excel = createEmulatedExcel({ sheets: { Catalog: [["a"]] } });
    const read = excel.run((context) => readRangeBlock(context, "Catalog!A1:??"));
    await expect(read).rejects.toMatchObject({ code: "invalid-address" });
  });
});

describe("decimal separator", () => {
  it("is undefined, without a failing sync, where ExcelApi 1.11 is missing", async () => {
    const installed = installOfficeEmulation(globalThis, {
      sheets: { Prices: [["1,5"]] },
      requirements: { ExcelApi: "1.10" },
    });
    try {
      const result = await installed.run((context) => readRangeBlock(context, "Prices!A1"));
      expect(result.decimalSeparator).toBeUndefined();
      expect(result.block.values).toEqual([["1,5"]]);
      expect(installed.getSyncLog().some((entry) => entry.error !== undefined)).toBe(false);
    } finally {
      installed.uninstall();
    }
  });

  it("is the workbook's own separator where ExcelApi 1.11 is there", async () => {
    const installed = installOfficeEmulation(globalThis, {
      sheets: { Prices: [["Price"], ["12,5"]] },
      requirements: { ExcelApi: "1.12" },
      // The workbook's own separator is Excel's only with "Use system separators" off (issue 42,
      // item 6 made it on by default, as in Excel; the default path is tested in separators.test).
      useSystemSeparators: false,
      decimalSeparator: ",",
    });
    try {
      const result = await installed.run((context) => readRangeBlock(context, "Prices!A1:A2"));
      expect(result.block.values).toEqual([["Price"], ["12,5"]]);
      expect(result.decimalSeparator).toBe(",");
      expect(installed.getSyncLog().some((entry) => entry.error !== undefined)).toBe(false);
    } finally {
      installed.uninstall();
    }
  });

  it("is undefined outside Office (no Office global)", async () => {
    const excel = createEmulatedExcel({ sheets: { Prices: [["x"]] } });
    await expect(excel.run((context) => readDecimalSeparator(context))).resolves.toBeUndefined();
  });
});

describe("readSelection", () => {
  it("gives the sheet and address of the selected range", async () => {
    const excel = createEmulatedExcel({
      sheets: { Catalog: [["a"]], "My sheet": [["b"]] },
      activeSheet: "My sheet",
    });
    excel.select("My sheet", "B2:D40");
    const selection = await excel.run((context) => readSelection(context));
    expect(selection).toEqual({
      sheet: "My sheet",
      reference: "'My sheet'!B2:D40",
      address: "B2:D40",
      rowIndex: 1,
      columnIndex: 1,
      rowCount: 39,
      columnCount: 3,
    });
    const read = await excel.run((context) => readRangeBlock(context, selection.reference));
    expect(read.block.sheet).toBe("My sheet");
  });
});
