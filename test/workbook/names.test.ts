import { MAX_SHEET_NAME_LENGTH, quoteSheetName, splitReference, uniqueSheetName } from "../../src/workbook";

const FORBIDDEN = /[:\\/?*[\]]/;

describe("uniqueSheetName", () => {
  it("keeps a free, valid name as it is", () => {
    expect(uniqueSheetName("Import log", ["Catalog", "Sheet1"])).toBe("Import log");
  });

  it("numbers a taken name, comparing without regard to case as Excel does", () => {
    expect(uniqueSheetName("Import log", ["import LOG"])).toBe("Import log (2)");
    expect(uniqueSheetName("Import log", ["Import log", "Import log (2)", "IMPORT LOG (3)"])).toBe(
      "Import log (4)",
    );
  });

  it("replaces the characters Excel refuses", () => {
    const name = uniqueSheetName("Log 2026/11/22 [a:b] *?\\", []);
    expect(name).not.toMatch(FORBIDDEN);
    expect(name).toBe("Log 2026_11_22 _a_b_ ___");
  });

  it("cuts to 31 characters, and keeps the number inside the limit", () => {
    const long = "Imported positions of the catalog of spring prices";
    const first = uniqueSheetName(long, []);
    expect(first).toHaveLength(MAX_SHEET_NAME_LENGTH);
    const second = uniqueSheetName(long, [first]);
    expect(second.length).toBeLessThanOrEqual(MAX_SHEET_NAME_LENGTH);
    expect(second.endsWith(" (2)")).toBe(true);
    expect(second.toLowerCase()).not.toBe(first.toLowerCase());
  });

  it("never starts or ends with an apostrophe, even after cutting", () => {
    expect(uniqueSheetName("'quoted'", [])).toBe("quoted");
    // Cutting room for " (2)" would leave the apostrophe at the end: it goes too.
    const desired = `${"a".repeat(26)}'bcde`;
    const name = uniqueSheetName(desired, [desired]);
    expect(name).toBe(`${"a".repeat(26)} (2)`);
  });

  it("gives a usable name for an empty or all-invalid wish", () => {
    expect(uniqueSheetName("", [])).toBe("Sheet");
    expect(uniqueSheetName("  ''  ", ["Sheet"])).toBe("Sheet (2)");
  });

  it("treats names as taken under the user's locale casing too (Turkish I and i)", () => {
    // A Turkish runtime lowers "I" to dotless "ı": "IMPORT LOG" and "import log" then differ there,
    // but not in Excel's eyes if it folds case without the locale.
    const turkish = jest.spyOn(String.prototype, "toLocaleLowerCase").mockImplementation(function (
      this: string,
    ) {
      return this.replace(/I/g, "ı").toLowerCase();
    });
    try {
      expect(uniqueSheetName("import log", ["IMPORT LOG"])).toBe("import log (2)");
    } finally {
      turkish.mockRestore();
    }
  });

  it("avoids History, which Excel reserves", () => {
    expect(uniqueSheetName("History", [])).toBe("History (2)");
  });

  it("does not split a character made of two UTF-16 units when cutting", () => {
    const name = uniqueSheetName(`${"x".repeat(30)}😀`, []);
    expect(name).toBe("x".repeat(30));
  });

  it("keeps Cyrillic names", () => {
    expect(uniqueSheetName("Журнал импорта", ["Журнал импорта"])).toBe("Журнал импорта (2)");
  });
});

describe("references", () => {
  it("splits sheet-qualified addresses, quoted or not", () => {
    expect(splitReference("Catalog!A1:H10")).toEqual({ sheet: "Catalog", address: "A1:H10" });
    expect(splitReference("'My ''best'' sheet'!B:F")).toEqual({ sheet: "My 'best' sheet", address: "B:F" });
    expect(splitReference("A1")).toEqual({ sheet: undefined, address: "A1" });
  });

  it("quotes sheet names that need it", () => {
    expect(quoteSheetName("Catalog")).toBe("Catalog");
    expect(quoteSheetName("My sheet")).toBe("'My sheet'");
    expect(quoteSheetName("O'Brien")).toBe("'O''Brien'");
  });

  it("quotes sheet names Excel would read as a cell reference", () => {
    expect(quoteSheetName("A1")).toBe("'A1'");
    expect(quoteSheetName("xfd1048576")).toBe("'xfd1048576'");
    expect(quoteSheetName("R1C1")).toBe("'R1C1'");
    expect(quoteSheetName("r2c")).toBe("'r2c'");
    expect(quoteSheetName("Prices2026")).toBe("Prices2026");
  });
});
