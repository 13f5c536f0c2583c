// The workbench draws what the comparison sheet of issue 28 relies on: a chart over its cells,
// cells coloured by conditional formats, an AutoFilter's buttons with the filtered rows left out.
// The Excel calls are made in the page through the emulated Excel.run (Worksheet.charts.add,
// Range.conditionalFormats.add, Worksheet.autoFilter.apply, shapes as the Office docs give them);
// the screenshot is kept in test-output/ for a person to look at.
import { existsSync } from "fs";
import { openWorkbench, saveScreenshot, type WorkbenchSession } from "./harness";
import type {} from "../../dev/workbench/test-api"; // window.__workbench

const BROWSER_TIMEOUT_MS = 120_000;

let session: WorkbenchSession;

beforeAll(async () => {
  session = await openWorkbench();
}, BROWSER_TIMEOUT_MS);

afterAll(async () => {
  await session?.close();
}, BROWSER_TIMEOUT_MS);

describe("workbench: charts, conditional formats and the AutoFilter in the grid", () => {
  it(
    "draws a column chart, coloured cells and filter buttons, and leaves filtered rows out",
    async () => {
      const { page } = session;
      await page.locator('[role="grid"]').first().waitFor({ state: "visible" });
      await page.evaluate(() => {
        window.__workbench.setCells("Compare", "A1", [
          ["Section", "Change", "Total A", "Total B", "Δ total"],
          ["1 Earthworks", "changed", 12000, 9500, "=D2-C2"],
          ["2 Concrete", "changed", 48000, 61000, "=D3-C3"],
          ["3 Steel", "unchanged", 20000, 20000, "=D4-C4"],
          ["4 Finishes", "added", 0, 7300, "=D5-C5"],
          ["5 Roofing", "removed", 8800, 0, "=D6-C6"],
        ]);
        window.__workbench.activate("Compare");
      });
      await page.evaluate(() =>
        Excel.run(async (context) => {
          const sheet = context.workbook.worksheets.getItem("Compare");
          const up = sheet.getRange("E2:E6").conditionalFormats.add("CellValue");
          up.cellValue.format.fill.color = "#F8CBAD";
          up.cellValue.format.font.color = "#9C0006";
          up.cellValue.rule = { formula1: "=0", operator: "GreaterThan" };
          const down = sheet.getRange("E2:E6").conditionalFormats.add("CellValue");
          down.cellValue.format.fill.color = "#C6EFCE";
          down.cellValue.format.font.color = "#006100";
          down.cellValue.rule = { formula1: "=0", operator: "LessThan" };
          sheet.autoFilter.apply(sheet.getRange("A1:E6"), 1, {
            filterOn: "Values",
            values: ["changed", "added", "removed"],
          });
          const chart = sheet.charts.add("ColumnClustered", sheet.getRange("A1:A6"), "Columns");
          chart.series.getItemAt(0).setValues(sheet.getRange("E2:E6"));
          chart.series.getItemAt(0).setXAxisValues(sheet.getRange("A2:A6"));
          chart.series.getItemAt(0).name = "Δ total";
          chart.title.text = "Cost change per section";
          chart.setPosition("G2", "N16");
          await context.sync();
        }),
      );
      const state = await page.evaluate(() => ({
        charts: window.__workbench.charts("Compare"),
        formats: window.__workbench.conditionalFormats("Compare").map((f) => f.rule),
        filter: window.__workbench.autoFilter("Compare"),
        hidden: window.__workbench.hiddenRows("Compare"),
        e3: window.__workbench.getCell("Compare", "E3").conditionalFill,
        e6: window.__workbench.getCell("Compare", "E6").conditionalFill,
      }));
      expect(state.charts).toMatchObject([
        {
          type: "ColumnClustered",
          title: "Cost change per section",
          source: "Compare!A1:A6",
          series: [
            {
              name: "Δ total",
              categories: ["1 Earthworks", "2 Concrete", "3 Steel", "4 Finishes", "5 Roofing"],
              values: [-2500, 13000, 0, 7300, -8800],
            },
          ],
        },
      ]);
      expect(state.formats).toEqual([
        { formula1: "=0", operator: "LessThan" },
        { formula1: "=0", operator: "GreaterThan" },
      ]);
      expect(state.filter).toEqual({
        range: "Compare!A1:E6",
        criteria: { 1: { filterOn: "Values", values: ["changed", "added", "removed"] } },
      });
      expect(state.hidden).toEqual([4]);
      expect([state.e3, state.e6]).toEqual(["#F8CBAD", "#C6EFCE"]);

      // What a person sees: one chart with five bars (two below the zero line), five filter
      // buttons, row 4 not drawn, the coloured Δ cells.
      const chart = page.locator("svg.wb-chart");
      await chart.waitFor({ state: "visible" });
      expect(await chart.locator("rect").count()).toBe(5);
      expect(await chart.locator("text", { hasText: "Cost change per section" }).count()).toBe(1);
      expect(await page.locator(".wb-filter-button").count()).toBe(5);
      expect(await page.locator('[role="row"][aria-rowindex="4"]').count()).toBe(0);
      const e3 = page.locator('.wb-cell[data-row="2"][data-col="4"]');
      expect(await e3.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe("rgb(248, 203, 173)");

      const screenshot = await saveScreenshot(page, "workbench-chart-formats-filter");
      expect(existsSync(screenshot)).toBe(true);
      expect(session.pageErrors).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );
});
