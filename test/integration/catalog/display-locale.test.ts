// The catalog check of one sheet gives the same result whether Excel shows its cells in en-US or
// in ru-RU (issue 24, item 2). Excel shows numbers with the regional format's separators (ru-RU:
// "1,10" and "1 234" where en-US shows "1.10" and "1,234") and the short date in its own order;
// the check reads the Code column from what a cell shows, so without care a Russian estimator and
// an English one would get different codes and different problems from the same workbook.
// The sheet is read and checked as the import's check step does it (src/import/jobs/check.ts:
// readRangeBlock, then the analysis with the workbook's decimal separator), in the emulated Excel
// with its display locale (dev/office-emulation README, "Display locale").
import { installOfficeEmulation, type InstalledOfficeEmulation } from "../../../dev/office-emulation";
import { analyseCatalog, type CatalogAnalysis } from "../../../src/catalog";
import { readRangeBlock } from "../../../src/workbook";

const NBSP = "\u00a0";

/** Code, Name, Price, Unit; the Code column holds numbers under the formats estimators use. */
const ROWS: (string | number)[][] = [
  ["Code", "Name", "Price", "Unit"],
  [1, "Earthworks", 1234.5, "m3"],
  [1.1, "Excavation", 12.75, "m3"],
  [1.2, "Backfill", 1500, "m3"],
  ["1.2.1", "Backfill by hand", 0.5, "m3"],
  [1234, "Grouped code", 10, "pcs"],
  [33000, "Zero-padded code", 20, "pcs"],
  [45356, "A date typed as a code", 30, "pcs"],
  [-5, "A negative code", 40, "pcs"],
];
/** Number formats by row (index into ROWS) for the Code column (A) and the Price column (C). */
const CODE_FORMATS: Record<number, string> = { 2: "0.00", 5: "#,##0", 6: "000000", 7: "m/d/yyyy" };
const PRICE_FORMAT = "#,##0.00";

interface Checked {
  text: string[][];
  analysis: CatalogAnalysis;
}

async function checkUnder(displayLocale: string): Promise<Checked> {
  const excel: InstalledOfficeEmulation = installOfficeEmulation(globalThis, {
    sheets: { Catalog: ROWS },
    displayLocale,
  });
  try {
    const sheet = excel.model.getSheetByName("Catalog");
    if (!sheet) throw new Error("no sheet");
    for (const [row, format] of Object.entries(CODE_FORMATS))
      sheet.ensureCell(Number(row), 0).numberFormat = format;
    for (let row = 1; row < ROWS.length; row += 1) sheet.ensureCell(row, 2).numberFormat = PRICE_FORMAT;
    const { block, decimalSeparator } = await excel.run((context) =>
      readRangeBlock(context, "Catalog!A1:D9"),
    );
    const analysis = analyseCatalog(block, decimalSeparator === undefined ? {} : { decimalSeparator });
    return { text: block.text ?? [], analysis };
  } finally {
    excel.uninstall();
  }
}

/** What a user gets from a check: the verdict on every row, every problem and what is sent. */
function verdict(analysis: CatalogAnalysis) {
  return {
    mapping: analysis.mapping,
    positions: analysis.positions,
    deletions: analysis.deletions,
    problems: analysis.problems,
    counts: analysis.counts,
    missingParents: analysis.missingParents,
  };
}

describe("the catalog check under another display locale", () => {
  it("ru-RU shows the Code column differently (the premise of the test)", async () => {
    const en = await checkUnder("en-US");
    const ru = await checkUnder("ru-RU");
    const codes = (c: Checked) => c.text.slice(1).map((row) => row[0]);
    expect(codes(en)).toEqual(["1", "1.10", "1.2", "1.2.1", "1,234", "033000", "3/5/2024", "-5"]);
    expect(codes(ru)).toEqual(["1", "1,10", "1,2", "1.2.1", `1${NBSP}234`, "033000", "05.03.2024", "-5"]);
  });

  it("gives the same positions, codes and problems in ru-RU as in en-US", async () => {
    const en = await checkUnder("en-US");
    const ru = await checkUnder("ru-RU");
    expect(verdict(ru.analysis)).toEqual(verdict(en.analysis));
  });

  it("reads the codes in en-US form and describes a date by its ISO date", async () => {
    const { analysis } = await checkUnder("ru-RU");
    expect(analysis.positions.map((p) => p.Code)).toEqual(["1", "1.10", "1.2", "1.2.1", "1,234", "033000"]);
    expect(analysis.positions.map((p) => p.Price)).toEqual([1234.5, 12.75, 1500, 0.5, 10, 20]);
    const invalid = analysis.problems.filter((p) => p.kind === "invalid-code");
    expect(invalid.map((p) => [p.cell, p.reason, p.values.text])).toEqual([
      ["A8", "date", "2024-03-05"],
      ["A9", "negative", "-5"],
    ]);
  });
});
