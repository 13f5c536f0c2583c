import { createEmulatedExcel, type OfficeEmulation } from "../../dev/office-emulation";
import {
  MAX_CELL_TEXT_LENGTH,
  TEXT_MARKER,
  WorkbookError,
  type WritableCell,
  toCellInput,
  writeColumnBack,
  writeTableToNewSheet,
} from "../../src/workbook";
import { expectEverySyncUnderTheLimit, expectSyncsPerBlock } from "./syncLog";
import { failureOf } from "./failure";

// Building and moving hundreds of thousands of cells takes seconds on a slow machine.
jest.setTimeout(60_000);

const LOG_HEADERS = ["Code", "Name", "Price", "Status", "Message", "Guid"];
const BIG_ROWS = 100_000;

function logRow(i: number): WritableCell[] {
  return [
    `${Math.floor(i / 100)}.${i % 100}`,
    `Reinforced concrete works, position number ${i}`,
    i * 0.5,
    i % 3 === 0 ? "Updated" : "Inserted",
    `Price changed from ${i} to ${i * 0.5} on the spring list`,
    `0f8fad5b-d9cb-469f-a165-${String(i).padStart(12, "0")}`,
  ];
}

describe("toCellInput", () => {
  it("marks text, keeps numbers and booleans, empties null and undefined", () => {
    expect(toCellInput("=SUM(A1)")).toBe(`${TEXT_MARKER}=SUM(A1)`);
    expect(toCellInput("plain")).toBe(`${TEXT_MARKER}plain`);
    expect(toCellInput("=SUM(A1)", true)).toBe("=SUM(A1)");
    expect(toCellInput(12.5)).toBe(12.5);
    expect(toCellInput(false)).toBe(false);
    expect(toCellInput(null)).toBe("");
    expect(toCellInput(undefined)).toBe("");
    expect(toCellInput("")).toBe("");
    expect(toCellInput(Number.NaN)).toBe(`${TEXT_MARKER}NaN`);
  });

  it("never cuts a character made of two UTF-16 units in half", () => {
    const input = toCellInput("a".repeat(MAX_CELL_TEXT_LENGTH - 3) + "😀".repeat(10));
    expect(typeof input).toBe("string");
    const text = String(input);
    expect(text.length).toBeLessThanOrEqual(MAX_CELL_TEXT_LENGTH);
    expect(text.endsWith("…")).toBe(true);
    const beforeMark = text.charCodeAt(text.length - 2);
    expect(beforeMark >= 0xd800 && beforeMark <= 0xdbff).toBe(false);
  });
});

describe("writeTableToNewSheet with 100,000 rows", () => {
  const rows = Array.from({ length: BIG_ROWS }, (_, i) => logRow(i + 1));

  it("is refused when written naively in one sync (the limit is real in the emulation)", async () => {
    const excel = createEmulatedExcel({ sheets: { Catalog: [] } });
    const naive = excel.run(async (context) => {
      const sheet = context.workbook.worksheets.add("Naive");
      sheet.getRangeByIndexes(0, 0, BIG_ROWS, LOG_HEADERS.length).values = rows.map((row) =>
        row.map((v) => v ?? ""),
      );
      await context.sync();
    });
    await expect(naive).rejects.toMatchObject({ code: "RequestPayloadSizeLimitExceeded" });
    expect(excel.sheetNames()).toEqual(["Catalog"]);
  });

  it("writes every row in several syncs, each under 5 MB, with formats after the values", async () => {
    const excel = createEmulatedExcel({ sheets: { Catalog: [] } });
    const written = await excel.run((context) =>
      writeTableToNewSheet(context, {
        name: "Import log",
        headers: LOG_HEADERS,
        rows,
        columnFormats: [undefined, undefined, "#,##0.00"],
      }),
    );

    expect(written).toEqual({ sheetName: "Import log", address: "A1:F100001", rowCount: BIG_ROWS });
    expect(excel.values("Import log", "A1:F1")).toEqual([LOG_HEADERS]);
    expect(excel.values("Import log", "A100001:F100001")).toEqual([
      [
        "1000.0",
        "Reinforced concrete works, position number 100000",
        50_000,
        "Inserted",
        "Price changed from 100000 to 50000 on the spring list",
        "0f8fad5b-d9cb-469f-a165-000000100000",
      ],
    ]);
    // "1.10" is a code, not the number 1.1.
    expect(excel.values("Import log", "A11")).toEqual([["0.10"]]);
    expect(excel.cell("Import log", "C2")?.numberFormat).toBe("#,##0.00");
    expect(excel.cell("Import log", "C100001")?.numberFormat).toBe("#,##0.00");
    expect(excel.cell("Import log", "A1")?.bold).toBe(true);
    expect(excel.model.getSheetByName("Import log")?.frozenRows).toBe(1);

    const log = excel.getSyncLog();
    const valueSyncs = log.filter((entry) => entry.requestBytes > 1024 * 1024);
    expect(valueSyncs.length).toBeGreaterThan(1);
    expectEverySyncUnderTheLimit(excel);
    expectSyncsPerBlock(excel);
  });
});

describe("writeTableToNewSheet", () => {
  it("picks a name no existing sheet has, ignoring case", async () => {
    const excel = createEmulatedExcel({ sheets: { "IMPORT LOG": [], "Import log (2)": [] } });
    const written = await excel.run((context) =>
      writeTableToNewSheet(context, { name: "Import log", headers: ["A"], rows: [["x"]] }),
    );
    expect(written.sheetName).toBe("Import log (3)");
    expect(excel.sheetNames()).toEqual(["IMPORT LOG", "Import log (2)", "Import log (3)"]);
  });

  it("writes text from the service as text: no formulas, no numbers, no errors", async () => {
    const excel = createEmulatedExcel({ sheets: { Catalog: [] } });
    const hostile = [
      '=HYPERLINK("http://x")',
      "+1+2",
      "-2*3",
      "@SUM(A1)",
      "'quoted",
      "001",
      "TRUE",
      "#N/A",
      "1.10",
    ];
    await excel.run((context) =>
      writeTableToNewSheet(context, {
        name: "Log",
        headers: ["Message"],
        rows: hostile.map((text) => [text]),
      }),
    );
    hostile.forEach((text, i) => {
      const cell = excel.cell("Log", `A${i + 2}`);
      expect(cell?.value).toBe(text);
      expect(cell?.formula).toBeUndefined();
      expect(cell?.isError).toBeFalsy();
    });
  });

  it("keeps numbers and booleans as such and leaves missing cells empty", async () => {
    const excel = createEmulatedExcel({ sheets: { Catalog: [] } });
    await excel.run((context) =>
      writeTableToNewSheet(context, {
        name: "Log",
        headers: ["Price", "Ok", "Note", "Extra"],
        rows: [
          [12.5, true, null],
          [0, false, undefined, ""],
        ],
      }),
    );
    expect(excel.values("Log", "A2:D3")).toEqual([
      [12.5, true, "", ""],
      [0, false, "", ""],
    ]);
    expect(excel.values("Log")).toHaveLength(3);
  });

  it("activates the new sheet only when asked", async () => {
    const excel = createEmulatedExcel({ sheets: { Catalog: [] } });
    await excel.run((context) => writeTableToNewSheet(context, { name: "Quiet", headers: ["A"], rows: [] }));
    expect(excel.model.activeSheet?.name).toBe("Catalog");
    await excel.run((context) =>
      writeTableToNewSheet(context, { name: "Shown", headers: ["A"], rows: [], activate: true }),
    );
    expect(excel.model.activeSheet?.name).toBe("Shown");
  });

  it("shortens text longer than a cell holds instead of failing the whole sheet", async () => {
    const excel = createEmulatedExcel({ sheets: { Catalog: [] } });
    await excel.run((context) =>
      writeTableToNewSheet(context, { name: "Log", headers: ["Message"], rows: [["y".repeat(40_000)]] }),
    );
    const value = String(excel.values("Log", "A2")[0]?.[0]);
    expect(value.length).toBeLessThanOrEqual(MAX_CELL_TEXT_LENGTH);
    expect(value.length).toBeGreaterThan(MAX_CELL_TEXT_LENGTH - 10);
    expect(value.startsWith("yyy")).toBe(true);
    expect(value.endsWith("…")).toBe(true);
  });

  it("writes a row larger than one request in parts of its columns", async () => {
    // 200 cells of 30,000 characters: a 6 MB row, more than Excel on the web takes in one sync.
    const excel = createEmulatedExcel({ sheets: { Catalog: [] } });
    const headers = Array.from({ length: 200 }, (_, i) => `C${i}`);
    const big = headers.map((_, i) => `${i}:${"z".repeat(30_000)}`);
    const written = await excel.run((context) =>
      writeTableToNewSheet(context, { name: "Wide", headers, rows: [big, headers.map(() => "small")] }),
    );
    expect(written).toEqual({ sheetName: "Wide", address: "A1:GR3", rowCount: 2 });
    expect(excel.values("Wide", "A2:GR2")).toEqual([big]);
    expect(excel.values("Wide", "GR3")).toEqual([["small"]]);
    expectEverySyncUnderTheLimit(excel);
  });

  it("says how far a sheet got when Excel refuses a later block", async () => {
    // A row of 150 cells of 32,000 characters (4.8 MB) gets a block of its own, which this
    // emulated host, limited to 1 MB, refuses after the first block has been written.
    const excel = createEmulatedExcel({ sheets: { Catalog: [] }, payloadLimitBytes: 1024 * 1024 });
    const headers = Array.from({ length: 150 }, (_, i) => `C${i}`);
    const write = excel.run((context) =>
      writeTableToNewSheet(context, {
        name: "Log",
        headers,
        rows: [headers.map(() => "small"), headers.map(() => "x".repeat(32_000))],
      }),
    );
    await expect(failureOf(write)).resolves.toMatchObject({
      code: "payload-too-large",
      officeCode: "RequestPayloadSizeLimitExceeded",
      text: expect.stringContaining('Sheet "Log" holds only the first 1 of 2 rows.'),
    });
    expect(excel.values("Log", "A2")).toEqual([["small"]]);
  });

  it("refuses number formats for more columns than the table has, before creating the sheet", async () => {
    const excel = createEmulatedExcel({ sheets: { Catalog: [["keep"]] } });
    const write = excel.run((context) =>
      writeTableToNewSheet(context, {
        name: "Log",
        headers: ["Code", "Price"],
        rows: [["1", 12.5]],
        columnFormats: [null, "#,##0.00", "0.0"],
      }),
    );
    await expect(failureOf(write)).resolves.toMatchObject({
      code: "invalid-argument",
      text: "3 column formats were given but the table has 2 columns.",
    });
    expect(excel.sheetNames()).toEqual(["Catalog"]);
  });

  it("refuses a row wider than the header, naming the row", async () => {
    const excel = createEmulatedExcel({ sheets: { Catalog: [] } });
    const write = excel.run((context) =>
      writeTableToNewSheet(context, { name: "Log", headers: ["A"], rows: [["a", "b"]] }),
    );
    await expect(write).rejects.toBeInstanceOf(WorkbookError);
    await expect(write).rejects.toThrow("Row 2 has 2 cells but the table has 1 columns.");
    expect(excel.sheetNames()).toEqual(["Catalog"]);
  });
});

describe("writeColumnBack", () => {
  function catalog(): OfficeEmulation {
    return createEmulatedExcel({
      sheets: {
        Catalog: [
          ["Code", "Name", "Guid"],
          ["1", "Concrete", "existing-guid"],
          ["1.1", "Steel", ""],
          ["1.2", "Timber", ""],
        ],
      },
    });
  }

  it("writes values down one column from a sheet row, leaving null entries unchanged", async () => {
    const excel = catalog();
    const result = await excel.run((context) =>
      writeColumnBack(context, "Catalog", "C", 2, [
        null,
        "3f2504e0-4f89-11d3-9a0c-0305e82c3301",
        "12345678-1234-1234-1234-123456789012",
      ]),
    );
    expect(result).toEqual({ address: "C2:C4", written: 2 });
    expect(excel.values("Catalog", "C2:C4")).toEqual([
      ["existing-guid"],
      ["3f2504e0-4f89-11d3-9a0c-0305e82c3301"],
      ["12345678-1234-1234-1234-123456789012"],
    ]);
    expect(excel.values("Catalog", "A2:B4")).toEqual([
      [1, "Concrete"],
      [1.1, "Steel"],
      [1.2, "Timber"],
    ]);
  });

  it("takes a 0-based column index too and writes formula-looking text as text", async () => {
    const excel = catalog();
    await excel.run((context) => writeColumnBack(context, "Catalog", 3, 1, ["Note", "=1+1", "-5"]));
    expect(excel.cell("Catalog", "D2")?.formula).toBeUndefined();
    expect(excel.values("Catalog", "D1:D3")).toEqual([["Note"], ["=1+1"], ["-5"]]);
  });

  it("writes text as it is into cells formatted as text", async () => {
    const excel = catalog();
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("Catalog").getRange("E2:E3").numberFormat = [["@"], ["@"]];
      await context.sync();
    });
    await excel.run((context) => writeColumnBack(context, "Catalog", "E", 2, ["=A1", "007"]));
    expect(excel.values("Catalog", "E2:E3")).toEqual([["=A1"], ["007"]]);
    expect(excel.cell("Catalog", "E2")?.formula).toBeUndefined();
  });

  it("writes 200,000 Guids in blocks under 5 MB", async () => {
    const excel = createEmulatedExcel({ sheets: { Catalog: [["Guid"]] } });
    const guids = Array.from(
      { length: 200_000 },
      (_, i) => `0f8fad5b-d9cb-469f-a165-${String(i).padStart(12, "0")}`,
    );
    const result = await excel.run((context) => writeColumnBack(context, "Catalog", "A", 2, guids));
    expect(result).toEqual({ address: "A2:A200001", written: 200_000 });
    expect(excel.values("Catalog", "A200001")).toEqual([[guids[199_999]]]);
    const writes = excel.getSyncLog().filter((entry) => entry.writes > 0);
    expect(writes.length).toBeGreaterThan(1);
    expectEverySyncUnderTheLimit(excel);
    expectSyncsPerBlock(excel);
  });

  it("names a sheet that is gone", async () => {
    const excel = catalog();
    const write = excel.run((context) => writeColumnBack(context, "Prices", "C", 2, ["x"]));
    await expect(failureOf(write)).resolves.toMatchObject({
      name: "WorkbookError",
      code: "sheet-not-found",
      text: expect.stringContaining('Sheet "Prices" was not found'),
    });
  });

  it("refuses a column or row outside the sheet before touching Excel", async () => {
    const excel = catalog();
    await expect(
      excel.run((context) => writeColumnBack(context, "Catalog", "A1", 2, ["x"])),
    ).rejects.toMatchObject({ code: "invalid-argument" });
    await expect(
      excel.run((context) => writeColumnBack(context, "Catalog", "C", 0, ["x"])),
    ).rejects.toMatchObject({
      code: "invalid-argument",
    });
    expect(excel.getSyncLog()).toHaveLength(0);
  });
});
