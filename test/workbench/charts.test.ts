// Charts (Worksheet.charts, Excel.ChartCollection, ExcelApi 1.1): add(type, sourceData, seriesBy)
// with Excel.ChartSeriesBy ("In Excel on the web, 'auto' will simply default to 'columns'"),
// getItem ("If there are multiple charts with the same name, the first one will be returned"),
// getItemAt, count; Chart.setPosition ("the chart's width and height will be set to fully cover up
// this cell/range"); ChartSeries.getDimensionValues (ExcelApi 1.12), setValues (ExcelApi 1.7);
// series names and categories from the first row and column (SeriesCollection.Add: "Excel attempts
// to determine the location of the series name from the contents of the first row or column").
import { ExcelEnums, createEmulatedExcel, type OfficeEmulation } from "../../dev/office-emulation";

function costs(options: { host?: "web" | "desktop" } = {}): OfficeEmulation {
  return createEmulatedExcel({
    ...options,
    sheets: {
      Diff: [
        ["Section", "Total A", "Total B"],
        ["Earthworks", 100, 80],
        ["Concrete", 200, 260],
        ["Steel", 50, 20],
      ],
    },
  });
}

describe("Worksheet.charts.add (Excel.ChartCollection)", () => {
  it("records the type, source, series names, categories and values, and reads them back", async () => {
    const excel = costs();
    const read = await excel.run(async (context: Excel.RequestContext) => {
      const sheet = context.workbook.worksheets.getItem("Diff");
      const chart = sheet.charts.add(ExcelEnums.ChartType.columnClustered, sheet.getRange("A1:C4"), "Auto");
      chart.title.text = "Cost change";
      const first = chart.series.getItemAt(0);
      first.load("name");
      chart.load("name, chartType");
      chart.series.load("count");
      const categories = first.getDimensionValues("Categories");
      const values = first.getDimensionValues("Values");
      await context.sync();
      return {
        name: chart.name,
        type: chart.chartType,
        count: chart.series.count,
        series: first.name,
        categories: categories.value,
        values: values.value,
      };
    });
    expect(read).toEqual({
      name: "Chart 1",
      type: "ColumnClustered",
      count: 2,
      series: "Total A",
      categories: ["Earthworks", "Concrete", "Steel"],
      values: ["100", "200", "50"],
    });
    expect(excel.charts("Diff")).toMatchObject([
      {
        name: "Chart 1",
        type: "ColumnClustered",
        title: "Cost change",
        source: "Diff!A1:C4",
        seriesBy: "Columns",
        series: [
          { name: "Total A", categories: ["Earthworks", "Concrete", "Steel"], values: [100, 200, 50] },
          { name: "Total B", categories: ["Earthworks", "Concrete", "Steel"], values: [80, 260, 20] },
        ],
      },
    ]);
  });

  it("follows its source cells, as an Excel chart does", async () => {
    const excel = costs();
    await excel.run(async (context: Excel.RequestContext) => {
      const sheet = context.workbook.worksheets.getItem("Diff");
      sheet.charts.add("ColumnClustered", sheet.getRange("A1:B4"));
      await context.sync();
    });
    excel.setCells("Diff", "B3", [[-40]]);
    expect(excel.charts("Diff")[0]?.series[0]?.values).toEqual([100, -40, 50]);
  });

  it("takes series by columns for 'Auto' on the web, and by rows for a wide range on desktop", async () => {
    const addWide = async (excel: OfficeEmulation): Promise<void> =>
      excel.run(async (context: Excel.RequestContext) => {
        const sheet = context.workbook.worksheets.getItem("Diff");
        sheet.charts.add("ColumnClustered", sheet.getRange("A1:C2"), "Auto");
        await context.sync();
      });
    const web = costs();
    await addWide(web);
    expect(web.charts("Diff")[0]?.series.map((s) => s.name)).toEqual(["Total A", "Total B"]);
    const desktop = costs({ host: "desktop" });
    await addWide(desktop);
    expect(desktop.charts("Diff")[0]?.seriesBy).toBe("Rows");
    expect(desktop.charts("Diff")[0]?.series.map((s) => s.name)).toEqual(["Earthworks"]);
  });

  it("refuses a chart type Excel does not have (InvalidArgument) and adds nothing", async () => {
    const excel = costs();
    const error = await excel
      .run(async (context: Excel.RequestContext) => {
        const sheet = context.workbook.worksheets.getItem("Diff");
        sheet.charts.add("Invalid", sheet.getRange("A1:C4"));
        await context.sync();
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "InvalidArgument" });
    expect(excel.charts("Diff")).toEqual([]);
  });

  it("finds charts by name and position, counts them, moves one over cells and deletes one", async () => {
    const excel = costs();
    const found = await excel.run(async (context: Excel.RequestContext) => {
      const sheet = context.workbook.worksheets.getItem("Diff");
      sheet.charts.add("BarClustered", sheet.getRange("A1:B4")).name = "Costs";
      sheet.charts.add("Line", sheet.getRange("A1:C4"));
      const byName = sheet.charts.getItem("Costs");
      byName.setPosition("E2", "J15");
      byName.load("chartType, top, left, width, height");
      const second = sheet.charts.getItemAt(1);
      second.load("name");
      const count = sheet.charts.getCount();
      sheet.charts.load("items/name");
      await context.sync();
      const names = sheet.charts.items.map((c) => c.name);
      second.delete();
      await context.sync();
      return {
        type: byName.chartType,
        box: [byName.top, byName.left, byName.width, byName.height],
        second: second.name,
        count: count.value,
        names,
      };
    });
    // Rows are 15 pt and columns 48 pt by default: E2 starts 15 pt down, 4 columns right; J15 ends
    // 15 rows down and 10 columns right.
    expect(found).toEqual({
      type: "BarClustered",
      box: [15, 192, 288, 210],
      second: "Chart 2",
      count: 2,
      names: ["Costs", "Chart 2"],
    });
    expect(excel.charts("Diff").map((c) => c.name)).toEqual(["Costs"]);
  });

  it("gives a series new values with setValues and names it; axis titles are kept", async () => {
    const excel = costs();
    await excel.run(async (context: Excel.RequestContext) => {
      const sheet = context.workbook.worksheets.getItem("Diff");
      const chart = sheet.charts.add("ColumnClustered", sheet.getRange("A1:B4"), "Columns");
      const series = chart.series.getItemAt(0);
      series.setValues(sheet.getRange("C2:C4"));
      series.name = "Δ total";
      chart.axes.valueAxis.title.text = "EUR";
      await context.sync();
    });
    expect(excel.charts("Diff")[0]).toMatchObject({
      series: [{ name: "Δ total", values: [80, 260, 20] }],
      axisTitles: { category: "", value: "EUR" },
    });
  });

  it("fails with ItemNotFound for a chart name that does not exist", async () => {
    const excel = costs();
    const error = await excel
      .run(async (context: Excel.RequestContext) => {
        const chart = context.workbook.worksheets.getItem("Diff").charts.getItem("Nope");
        chart.load("name");
        await context.sync();
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "ItemNotFound" });
  });
});
