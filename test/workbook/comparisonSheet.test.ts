// The comparison sheet writer against the Office emulation (issue 28): what lands in which cell,
// the outline Excel shows, number formats, the conditional formats that colour increases and
// decreases, the AutoFilter that shows the changed rows, and the chart of the cost change per
// section (type, source range, title, series), in English and in Russian.
import { installOfficeEmulation, type InstalledOfficeEmulation } from "../../dev/office-emulation";
import { compareBoqs } from "../../src/boq/compare";
import { buildComparisonSheetPlan, type ComparisonSheetInfo } from "../../src/boq/compareSheetPlan";
import { comparisonSheetLabels } from "../../src/boqsheet";
import type { Language } from "../../src/i18n";
import { DECREASE_BAR, INCREASE_BAR, writeComparisonSheet } from "../../src/workbook/comparisonSheet";
import { row } from "../boq/rows";

const leaf = (id: string, parent: string, value: number, cost: number, fields = {}) =>
  row(id, parent, { Value: value, ValueCost: cost, TotalCost: value * cost, ...fields });

// A: S1 > (A 2×10, B 3×10), S2 > C 1×7, S3 > E 1×1
// B: S1 > (A 4×10, N 1×5), S2 > C 1×7 renamed, S3 > E 1×1: A up, N added, B removed, C renamed.
const A = [
  row("s1", null),
  leaf("a", "s1", 2, 10),
  leaf("b", "s1", 3, 10),
  row("s2", null),
  leaf("c", "s2", 1, 7),
  row("s3", null),
  leaf("e", "s3", 1, 1),
];
const B = [
  row("s1", null),
  leaf("a", "s1", 4, 10),
  leaf("n", "s1", 1, 5, { Name: '=HYPERLINK("http://x")' }),
  row("s2", null),
  leaf("c", "s2", 1, 7, { Name: "Item c, renamed" }),
  row("s3", null),
  leaf("e", "s3", 1, 1),
];
const INFO: ComparisonSheetInfo = {
  company: "Northwind",
  project: "Tower",
  modelA: "Frame",
  modelB: "Frame",
  schemeA: "Default",
  schemeB: "Default",
  versionA: "1.1",
  versionB: "2.1",
  analysisA: "Analysis 1.1",
  analysisB: "Analysis 2.1",
  pulledAt: "26.11.2026 01:00",
};

let excel: InstalledOfficeEmulation;
beforeEach(() => {
  excel = installOfficeEmulation(globalThis, { sheets: { Sheet1: [] } });
});
afterEach(() => excel.uninstall());

async function write(language: Language = "en") {
  const plan = buildComparisonSheetPlan(
    compareBoqs(A, B, { showUnchanged: true }),
    INFO,
    comparisonSheetLabels(language),
  );
  return excel.run((context) => writeComparisonSheet(context, plan, "Compare Frame 1.1-2.1"));
}

// Rows from A1 row 16: S1, A, N, B, Total S1, S2, C, Total S2, S3, E, Total S3; the column headers
// on row 15, the totals on row 13, the section table from row 28.
describe("writeComparisonSheet", () => {
  it("writes the header block, the totals at the top and the rows, text as text", async () => {
    const written = await write();
    expect(written).toMatchObject({ sheetName: "Compare Frame 1.1-2.1", rowCount: 8, groupCount: 3 });
    const name = written.sheetName;
    expect(excel.values(name, "A1:A2")).toEqual([
      ["Comparison of bills of quantities"],
      ["Company: Northwind"],
    ]);
    expect(excel.values(name, "C13:K13")).toEqual([["Total", "", "", "", "", 58, 53, -5, -5 / 58]]);
    expect(excel.values(name, "A15:D15")).toEqual([["Level", "Code", "Name", "Unit"]]);
    expect(excel.values(name, "B16:C26").map((r) => r.join(" "))).toEqual([
      "S1 Item s1",
      "A Item a",
      'N =HYPERLINK("http://x")',
      "B Item b",
      "S1 Total Item s1",
      "S2 Item s2",
      "C Item c, renamed",
      "S2 Total Item s2",
      "S3 Item s3",
      "E Item e",
      "S3 Total Item s3",
    ]);
    expect(excel.cell(name, "C18")?.formula).toBeUndefined();
    expect(excel.values(name, "E17:L17")).toEqual([[2, 4, 2, 20, 40, 20, 1, "changed"]]);
    expect(excel.values(name, "H20:L20")).toEqual([[50, 45, -5, -0.1, "changed"]]);
  });

  it("groups each section with its +/- on its total row, with number formats and a frozen header", async () => {
    const { sheetName } = await write();
    const sheet = excel.model.getSheetByName(sheetName);
    if (!sheet) throw new Error("no sheet");
    // 0-based rows 15..25: a section's heading and children one level deep, its total row not.
    expect(Array.from({ length: 11 }, (_, i) => sheet.rowOutline.get(15 + i) ?? 0)).toEqual([
      1, 1, 1, 1, 0, 1, 1, 0, 1, 1, 0,
    ]);
    expect([15, 16].map((r) => sheet.getCell(r, 2)?.indentLevel ?? 0)).toEqual([0, 1]);
    expect(sheet.frozenRows).toBe(15);
    expect(
      ["C17", "E17", "G17", "H17", "J17", "K17", "L17"].map((a) => excel.cell(sheetName, a)?.numberFormat),
    ).toEqual(["@", "#,##0.000", "#,##0.000", "#,##0.00", "#,##0.00", "0.0%", "@"]);
    expect(excel.texts(sheetName, "J13:K13")).toEqual([["-5.00", "-8.6%"]]);
    expect(excel.cell(sheetName, "B16")?.bold).toBe(true);
    expect(excel.cell(sheetName, "B17")?.bold).toBeFalsy();
  });

  it("colours increases red and decreases green, and leaves unchanged figures alone", async () => {
    const { sheetName } = await write();
    const rules = excel.conditionalFormats(sheetName);
    expect(rules.map((r) => [r.range.split("!")[1], r.type, r.rule])).toEqual(
      expect.arrayContaining([
        ["J13:K13", "CellValue", { formula1: "0", operator: "GreaterThan" }],
        ["J13:K13", "CellValue", { formula1: "0", operator: "LessThan" }],
        ["G16:G26", "CellValue", { formula1: "0", operator: "GreaterThan" }],
        ["G16:G26", "CellValue", { formula1: "0", operator: "LessThan" }],
        ["J16:K26", "CellValue", { formula1: "0", operator: "GreaterThan" }],
        ["J16:K26", "CellValue", { formula1: "0", operator: "LessThan" }],
      ]),
    );
    expect(rules).toHaveLength(6);
    const increase = { fill: "#FFC7CE", fontColor: "#9C0006" };
    const decrease = { fill: "#C6EFCE", fontColor: "#006100" };
    expect(excel.conditionalStyle(sheetName, "J17")).toMatchObject(increase); // A: 20 → 40
    expect(excel.conditionalStyle(sheetName, "J19")).toMatchObject(decrease); // B removed
    expect(excel.conditionalStyle(sheetName, "G19")).toMatchObject(decrease);
    expect(excel.conditionalStyle(sheetName, "J13")).toMatchObject(decrease); // the total, −5
    expect(excel.conditionalStyle(sheetName, "J25")?.fill ?? null).toBeNull(); // E unchanged
  });

  it("filters the Change column to the changed rows: wholly unchanged sections are hidden", async () => {
    const { sheetName } = await write();
    expect(excel.autoFilter(sheetName)).toEqual({
      range: `'${sheetName}'!A15:M26`,
      criteria: {
        11: {
          filterOn: "Values",
          values: ["added", "removed", "changed", "moved", "unchanged, changes below"],
        },
      },
    });
    // S3 (heading, E, total) is hidden; S2 stays, since C below it changed.
    expect(excel.hiddenRows(sheetName)).toEqual([24, 25, 26]);
    expect(excel.values(sheetName, "L21:L23").map((r) => r[0])).toEqual([
      "unchanged, changes below",
      "changed",
      "unchanged, changes below",
    ]);
  });

  it("charts the cost change per section at the top beside the summary: increases and decreases in two colours, a legend, the axis in money", async () => {
    const { sheetName, chartName } = await write();
    const charts = excel.charts(sheetName);
    expect(charts).toHaveLength(1);
    expect(charts[0]).toMatchObject({
      name: chartName,
      type: "BarStacked",
      title: "Cost change by section",
      source: `'${sheetName}'!C28:E31`,
      series: [
        {
          name: "Cost up",
          categories: ["S1 Item s1", "S2 Item s2", "S3 Item s3"],
          values: [null, null, null],
          fill: INCREASE_BAR,
        },
        {
          name: "Cost down",
          categories: ["S1 Item s1", "S2 Item s2", "S3 Item s3"],
          values: [-5, null, null],
          fill: DECREASE_BAR,
        },
      ],
      legend: { visible: true, position: "Bottom" },
      valueAxisNumberFormat: "#,##0.00",
    });
    // At the top (from row 1), beside the summary in column A: from column E.
    expect(charts[0]?.position.top).toBe(0);
    // The section table lies under the filtered rows, so no section drops out of the chart.
    expect(excel.hiddenRows(sheetName).every((r) => r < 28)).toBe(true);
  });

  it("writes the sheet in Russian: the filter keeps the Russian words of the changes", async () => {
    const { sheetName } = await write("ru");
    expect(excel.values(sheetName, "A1")).toEqual([["Сравнение ведомостей объёмов работ"]]);
    expect(excel.autoFilter(sheetName)?.criteria[11]).toEqual({
      filterOn: "Values",
      values: ["добавлена", "удалена", "изменена", "перемещена", "без изменений, изменения внутри"],
    });
    expect(excel.hiddenRows(sheetName)).toEqual([24, 25, 26]);
    expect(excel.charts(sheetName)[0]?.title).toBe("Изменение стоимости по разделам");
    expect(excel.charts(sheetName)[0]?.series.map((x) => x.name)).toEqual([
      "Рост стоимости",
      "Снижение стоимости",
    ]);
  });
});
