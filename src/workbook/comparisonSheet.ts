/**
 * Writes a comparison sheet plan (src/boq/compareSheetPlan) to a new sheet (issue 28): the header
 * block and the totals of both versions, the rows with number formats, names indented by level,
 * sections in bold with their outline (each group's +/- on the section's total row, as on the BOQ
 * sheet), increases and decreases coloured by conditional formats (Range.conditionalFormats,
 * ExcelApi 1.6), an AutoFilter on the Change column keeping the rows that changed
 * (Worksheet.autoFilter, ExcelApi 1.9), and a bar chart of the cost change by section over the
 * section table under the rows (Worksheet.charts, ExcelApi 1.1), beside the summary at the top:
 * increases and decreases as two series in two colours with a legend, the value axis in the
 * sheet's money format (ChartAxis.numberFormat, ExcelApi 1.8). Text from the service
 * is written with Excel's text marker where needed, never as a formula. Rows go in blocks under
 * Excel's 5 MB request limit.
 */
import {
  COMPARE_COLUMNS,
  COMPARE_WIDTH,
  type CellBlock,
  type ComparisonSheetPlan,
} from "../boq/compareSheetPlan";
import { addSheetNamedAfter, planRowInputs, runCalls, syncWriting, writeRows } from "./boqSheet";
import { toCellInput } from "./write";

/** Excel's "Light red fill with dark red text" and "Green fill with dark green text" presets. */
export const INCREASE_FILL = "#FFC7CE";
export const INCREASE_FONT = "#9C0006";
export const DECREASE_FILL = "#C6EFCE";
export const DECREASE_FONT = "#006100";
/**
 * The chart: a bar per section (long section names read along the bars' axis), stacked so that
 * its two series, increases and decreases, give one bar per section in two colours.
 */
export const COMPARISON_CHART_TYPE = "BarStacked";
/** The bars: increases red and decreases green, as the sheet colours them. */
export const INCREASE_BAR = "#C00000";
export const DECREASE_BAR = "#00B050";

export interface WrittenComparisonSheet {
  sheetName: string;
  /** Excel's id of the sheet. */
  sheetId: string;
  /** Positions written (items and section headings; not the sections' total rows). */
  rowCount: number;
  /** Outline groups made. */
  groupCount: number;
  /** The chart's name as Excel gave it; null when there was no section to chart. */
  chartName: string | null;
}

function rangeOf(sheet: Excel.Worksheet, block: CellBlock): Excel.Range {
  return sheet.getRangeByIndexes(
    block.firstRow,
    block.firstColumn,
    block.lastRow - block.firstRow + 1,
    block.columnCount,
  );
}

/** Bold for headings and totals, the name indented by level: one call per run of rows alike. */
function styleCalls(sheet: Excel.Worksheet, plan: ComparisonSheetPlan): Array<() => void> {
  const calls: Array<() => void> = [];
  let run: { start: number; count: number; indent: number; bold: boolean } | undefined;
  const flush = (): void => {
    if (!run) return;
    const { start, count, indent, bold } = run;
    calls.push(() => {
      sheet.getRangeByIndexes(start, COMPARE_COLUMNS.name, count, 1).format.indentLevel = indent;
      if (bold) sheet.getRangeByIndexes(start, 0, count, COMPARE_WIDTH).format.font.bold = true;
    });
  };
  for (const row of plan.rows) {
    const bold = row.kind !== "item";
    if (run && run.indent === row.indent && run.bold === bold && run.start + run.count === row.sheetRow)
      run.count += 1;
    else {
      flush();
      run = { start: row.sheetRow, count: 1, indent: row.indent, bold };
    }
  }
  flush();
  for (const r of plan.boldTopRows) {
    calls.push(() => {
      sheet.getRangeByIndexes(r, 0, 1, COMPARE_WIDTH).format.font.bold = true;
    });
  }
  return calls;
}

function colourCalls(sheet: Excel.Worksheet, plan: ComparisonSheetPlan): Array<() => void> {
  return plan.coloured.map((block) => () => {
    const range = rangeOf(sheet, block);
    const up = range.conditionalFormats.add("CellValue");
    up.cellValue.format.fill.color = INCREASE_FILL;
    up.cellValue.format.font.color = INCREASE_FONT;
    up.cellValue.rule = { formula1: "0", operator: "GreaterThan" };
    const down = range.conditionalFormats.add("CellValue");
    down.cellValue.format.fill.color = DECREASE_FILL;
    down.cellValue.format.font.color = DECREASE_FONT;
    down.cellValue.rule = { formula1: "0", operator: "LessThan" };
  });
}

/** Writes `plan` to a new sheet named after `desiredName` (made unique) and makes it the active sheet. */
export async function writeComparisonSheet(
  context: Excel.RequestContext,
  plan: ComparisonSheetPlan,
  desiredName: string,
): Promise<WrittenComparisonSheet> {
  const { sheet, sheetName } = await addSheetNamedAfter(context, desiredName);

  // The header block as text in General cells; the totals' row and every row under the column
  // headers with the table's number formats set first (text cells take text as it is).
  const top = plan.top.map((cells, at) =>
    at === plan.totalsRow
      ? { at, cells: planRowInputs(cells, plan.numberFormats), formats: true }
      : {
          at,
          cells: cells.map((cell) => (typeof cell === "object" || cell === null ? "" : toCellInput(cell))),
          formats: false,
        },
  );
  const rows = plan.rows.map((row) => ({
    at: row.sheetRow,
    cells: planRowInputs(row.cells, plan.numberFormats),
    formats: true,
  }));
  await writeRows(context, sheet, sheetName, [...top, ...rows], plan.numberFormats);
  const sections = plan.sections.cells.map((cells, i) => ({
    at: plan.sections.firstRow + i,
    cells: planRowInputs(cells, plan.sections.numberFormats),
    formats: true,
  }));
  await writeRows(context, sheet, sheetName, sections, plan.sections.numberFormats);

  const groups = plan.groups.map((group) => () => {
    sheet.getRange(`${group.firstRow + 1}:${group.lastRow + 1}`).group("ByRows");
  });
  await runCalls(context, sheetName, [...styleCalls(sheet, plan), ...groups, ...colourCalls(sheet, plan)]);

  const lastRow = Math.max(
    plan.headerRow + plan.rows.length,
    plan.sections.firstRow + plan.sections.cells.length - 1,
  );
  sheet
    .getRangeByIndexes(plan.totalsRow - 1, 0, lastRow - plan.totalsRow + 2, COMPARE_WIDTH)
    .format.autofitColumns();
  sheet.freezePanes.freezeRows(plan.headerRow + 1);
  // Only the rows that changed at first: the filter's button on the Change column shows them all.
  if (plan.filter) {
    sheet.autoFilter.apply(rangeOf(sheet, plan.filter.range), plan.filter.column, {
      filterOn: "Values",
      values: plan.filter.shown,
    });
  }
  let chart: Excel.Chart | undefined;
  if (plan.chart) {
    const { place } = plan.chart;
    sheet.getRangeByIndexes(place.firstRow, 0, place.lastRow - place.firstRow + 1, 1).format.rowHeight =
      plan.chart.rowHeight;
    chart = sheet.charts.add(COMPARISON_CHART_TYPE, rangeOf(sheet, plan.sections.source), "Columns");
    chart.title.text = plan.chart.title;
    chart.series.getItemAt(0).format.fill.setSolidColor(INCREASE_BAR);
    chart.series.getItemAt(1).format.fill.setSolidColor(DECREASE_BAR);
    chart.legend.visible = true;
    chart.legend.position = "Bottom";
    // The value axis in the sheet's money format (ChartAxis.numberFormat, ExcelApi 1.8).
    chart.axes.valueAxis.numberFormat = plan.chart.numberFormat;
    chart.setPosition(
      sheet.getRangeByIndexes(place.firstRow, place.firstColumn, 1, 1),
      sheet.getRangeByIndexes(place.lastRow, place.firstColumn + place.columnCount - 1, 1, 1),
    );
    chart.load("name");
  }
  sheet.activate();
  await syncWriting(context, sheetName);
  return {
    sheetName,
    sheetId: sheet.id,
    rowCount: plan.rows.filter((r) => r.kind !== "sectionTotal").length,
    groupCount: groups.length,
    chartName: chart ? chart.name : null,
  };
}
