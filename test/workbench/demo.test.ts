// The workbench's sample workbook: the demo catalog imports cleanly and the broken catalog shows
// the check screen's errors and warnings of different kinds, read the way the pipeline reads a
// selection (src/workbook) and checked by the catalog engine.
import { createEmulatedExcel } from "../../dev/office-emulation";
import { BROKEN_SHEET, DEMO_SHEET, loadBrokenCatalog, loadDemoCatalog } from "../../dev/workbench/demo";
import { analyseCatalog, type CatalogAnalysis } from "../../src/catalog";
import { readRangeBlock } from "../../src/workbook";

async function check(sheet: string): Promise<CatalogAnalysis> {
  const excel = createEmulatedExcel({ sheets: { [DEMO_SHEET]: [] } });
  loadDemoCatalog(excel);
  loadBrokenCatalog(excel);
  const result = await excel.run((context) => readRangeBlock(context, `'${sheet}'!A:G`));
  return analyseCatalog(result.block, { decimalSeparator: result.decimalSeparator ?? "." });
}

describe("the workbench's sample workbook", () => {
  it("has the demo catalog first and the broken one beside it", () => {
    const excel = createEmulatedExcel({ sheets: { [DEMO_SHEET]: [] } });
    loadDemoCatalog(excel);
    loadBrokenCatalog(excel);
    expect(excel.model.sheets.map((s) => s.name)).toEqual([DEMO_SHEET, BROKEN_SHEET]);
  });

  it("imports the demo catalog without a problem", async () => {
    const analysis = await check(DEMO_SHEET);
    expect(analysis.problems).toEqual([]);
    expect(analysis.counts.positions).toBe(16);
  });

  it("shows errors and warnings of different kinds in the broken catalog, each at its cell", async () => {
    const analysis = await check(BROKEN_SHEET);
    const found = analysis.problems.map((p) => `${p.severity} ${p.kind} ${p.cell}`);
    expect(found).toEqual(
      expect.arrayContaining([
        "error price-not-number D4",
        "error duplicate-code B5",
        "error missing-name C6",
        "warning price-text D7",
        "error unknown-currency F8",
        "error malformed-guid A9",
        "warning unrecognised-deletion-mark G11",
      ]),
    );
    expect(analysis.problems.some((p) => p.kind === "orphan-code" && p.severity === "warning")).toBe(true);
    // Errors and warnings both, so the check screen shows how each is treated.
    expect(analysis.counts.errors).toBeGreaterThanOrEqual(5);
    expect(analysis.counts.warnings).toBeGreaterThanOrEqual(3);
  });
});
