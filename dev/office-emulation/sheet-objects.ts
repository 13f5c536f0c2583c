/**
 * What a worksheet holds besides cells: charts, conditional formats and its AutoFilter, as the
 * workbook model keeps them, and what they mean for the cells: a chart's series read from its
 * source cells (live, as an Excel chart follows its cells), the fill and font colour a
 * conditional format gives a cell, the rows an AutoFilter hides. The proxies are in charts.ts,
 * conditional-formats.ts and autofilter.ts; the grid and the test API read this module.
 */
import { type Area, formatAddress } from "./address";
import { evaluateRuleFormula } from "./rule-formula";
import { cellText } from "./format";
import type { Cell, CellValue, SheetModel, WorkbookModel } from "./model";

export type SeriesBy = "Columns" | "Rows";

export interface SheetRef {
  sheetId: string;
  area: Area;
}

/** A series holds references, as Excel's =SERIES(name, categories, values, order) does. */
export interface ChartSeriesModel {
  /** ChartSeries.format.fill.setSolidColor (chart-styles.ts); undefined: Excel's palette. */
  fill?: string;
  /** A name typed through the API; else the name cell's text; else "SeriesN". */
  name?: string;
  nameRef?: SheetRef;
  categoriesRef?: SheetRef;
  valuesRef?: SheetRef;
}

export interface ChartAxisModel {
  title: string;
  titleVisible: boolean;
  /** ChartAxis.numberFormat (ExcelApi 1.8): "General" until set. */
  numberFormat?: string;
}

export interface ChartModel {
  id: string;
  name: string;
  chartType: string;
  source: SheetRef;
  seriesBy: SeriesBy;
  title: string;
  titleVisible: boolean;
  series: ChartSeriesModel[];
  /** Points from the sheet's top-left corner. */
  top: number;
  left: number;
  width: number;
  height: number;
  categoryAxis: ChartAxisModel;
  valueAxis: ChartAxisModel;
  /** Chart.legend (chart-styles.ts). */
  legend: { visible: boolean; position: string };
}

export type ConditionalFormatKind = "CellValue" | "Custom" | "ColorScale";

export interface CellValueRule {
  formula1: string;
  formula2?: string;
  operator: string;
}

export interface ColorScaleCriterion {
  formula?: string;
  type: string;
  color?: string;
}

export interface ColorScaleCriteria {
  minimum?: ColorScaleCriterion;
  midpoint?: ColorScaleCriterion;
  maximum?: ColorScaleCriterion;
}

export interface ConditionalStyle {
  fill?: string;
  fontColor?: string;
  bold?: boolean;
  italic?: boolean;
}

export interface ConditionalFormatModel {
  id: string;
  sheetId: string;
  area: Area;
  type: ConditionalFormatKind;
  stopIfTrue: boolean;
  cellValueRule?: CellValueRule;
  customFormula?: string;
  colorScale?: ColorScaleCriteria;
  format: ConditionalStyle;
}

/** Excel.FilterCriteria as the add-in gives it. */
export interface FilterCriteriaModel {
  filterOn: string;
  /** Texts to keep; dates (FilterDatetime) are not modelled. */
  values?: Array<string | { date: string; specificity: string }>;
  criterion1?: string;
  criterion2?: string;
  operator?: string;
}

export interface AutoFilterModel {
  area: Area;
  /** By column index inside the area. */
  criteria: Map<number, FilterCriteriaModel>;
}

export interface SheetObjects {
  charts: ChartModel[];
  /** In priority order: index 0 is priority 0, the rule Excel applies first. */
  conditionalFormats: ConditionalFormatModel[];
  autoFilter: AutoFilterModel | undefined;
  nextChartNumber: number;
}

const objects = new WeakMap<SheetModel, SheetObjects>();
let nextId = 1;

export function newObjectId(prefix: string): string {
  nextId += 1;
  return `{${prefix}-${nextId}}`;
}

/** The charts, conditional formats and AutoFilter of a sheet (kept beside its cells). */
export function sheetObjects(sheet: SheetModel): SheetObjects {
  let found = objects.get(sheet);
  if (!found) {
    found = { charts: [], conditionalFormats: [], autoFilter: undefined, nextChartNumber: 1 };
    objects.set(sheet, found);
  }
  return found;
}

function cellsOf(model: WorkbookModel, ref: SheetRef | undefined): Array<Cell | undefined> {
  const sheet = ref ? model.getSheetById(ref.sheetId) : undefined;
  if (!sheet || !ref) return [];
  const out: Array<Cell | undefined> = [];
  for (let r = ref.area.r0; r <= ref.area.r1; r += 1)
    for (let c = ref.area.c0; c <= ref.area.c1; c += 1) out.push(sheet.getCell(r, c));
  return out;
}

function textsOf(model: WorkbookModel, ref: SheetRef | undefined): string[] {
  const sheet = ref ? model.getSheetById(ref.sheetId) : undefined;
  return cellsOf(model, ref).map((cell) => (sheet ? cellText(cell, undefined, model.displayLocale) : ""));
}

export interface ResolvedSeries {
  name: string;
  categories: string[];
  /** A cell that holds no number is a gap (null), as Excel plots it. */
  values: Array<number | null>;
  /** The colour set through format.fill.setSolidColor, if any. */
  fill?: string;
}

export function resolveSeries(model: WorkbookModel, series: ChartSeriesModel, index: number): ResolvedSeries {
  const values = cellsOf(model, series.valuesRef).map((cell) =>
    typeof cell?.value === "number" && !cell.isError ? cell.value : null,
  );
  const categories = series.categoriesRef
    ? textsOf(model, series.categoriesRef)
    : values.map((_, i) => String(i + 1));
  const name =
    series.name ?? (series.nameRef ? textsOf(model, series.nameRef).join(" ") : `Series${index + 1}`);
  return { name, categories, values, ...(series.fill ? { fill: series.fill } : {}) };
}

export function refAddress(model: WorkbookModel, ref: SheetRef): string {
  return formatAddress(model.getSheetById(ref.sheetId)?.name ?? "#REF!", ref.area);
}

function isLabel(cell: Cell | undefined): boolean {
  return cell === undefined || cell.value === null || typeof cell.value === "string";
}

/**
 * The series of a chart made over `source`. Excel takes the first row (for series by columns)
 * as series names when it holds text, and the first column as categories when it holds text or
 * the top-left cell is empty ("Microsoft Excel attempts to determine the location of the series
 * name from the contents of the first row or column", SeriesCollection.Add).
 */
export function seriesFromSource(sheet: SheetModel, area: Area, seriesBy: SeriesBy): ChartSeriesModel[] {
  const byColumns = seriesBy === "Columns";
  // Work in (point, series) coordinates: p runs along a series, s across them.
  const points = byColumns ? area.r1 - area.r0 + 1 : area.c1 - area.c0 + 1;
  const count = byColumns ? area.c1 - area.c0 + 1 : area.r1 - area.r0 + 1;
  const at = (p: number, s: number): { r: number; c: number } =>
    byColumns ? { r: area.r0 + p, c: area.c0 + s } : { r: area.r0 + s, c: area.c0 + p };
  const cell = (p: number, s: number): Cell | undefined => {
    const { r, c } = at(p, s);
    return sheet.getCell(r, c);
  };
  const topLeftEmpty = cell(0, 0)?.value === null || cell(0, 0) === undefined;
  let hasNames =
    points > 1 &&
    Array.from({ length: count }, (_, s) => s).some((s) => {
      const v = cell(0, s)?.value;
      return typeof v === "string" && v !== "";
    });
  const hasCategories =
    count > 1 &&
    (topLeftEmpty ||
      Array.from({ length: points - (hasNames ? 1 : 0) }, (_, i) => i + (hasNames ? 1 : 0)).every((p) =>
        isLabel(cell(p, 0)),
      ));
  // An empty top-left cell marks both a header row and a label column.
  if (topLeftEmpty && points > 1 && count > 1) hasNames = true;
  const firstPoint = hasNames ? 1 : 0;
  const firstSeries = hasCategories ? 1 : 0;
  const line = (s: number, p0: number, p1: number): Area => {
    const a = at(p0, s);
    const b = at(p1, s);
    return { r0: a.r, c0: a.c, r1: b.r, c1: b.c };
  };
  const ref = (area: Area): SheetRef => ({ sheetId: sheet.id, area });
  const categoriesRef =
    hasCategories && firstPoint < points ? ref(line(0, firstPoint, points - 1)) : undefined;
  const out: ChartSeriesModel[] = [];
  for (let s = firstSeries; s < count; s += 1) {
    out.push({
      nameRef: hasNames ? ref(line(s, 0, 0)) : undefined,
      categoriesRef,
      valuesRef: firstPoint < points ? ref(line(s, firstPoint, points - 1)) : undefined,
    });
  }
  return out;
}

/** Top-left corner of a cell in points from the sheet's corner (hidden rows and columns take no room). */
export function cellOffsetPoints(sheet: SheetModel, row: number, col: number): { top: number; left: number } {
  let top = 0;
  for (let r = 0; r < row; r += 1) if (!sheet.hiddenRows.has(r)) top += sheet.rowHeights.get(r) ?? 15;
  let left = 0;
  for (let c = 0; c < col; c += 1) if (!sheet.hiddenColumns.has(c)) left += sheet.columnWidth(c);
  return { top, left };
}

function numberOf(value: CellValue | null | undefined): number | undefined {
  return typeof value === "number" ? value : undefined;
}

function compare(value: CellValue | null, operand: CellValue | null): number {
  const a = value ?? 0;
  const b = operand ?? 0;
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "string" && typeof b === "string") return a.toLowerCase().localeCompare(b.toLowerCase());
  // Excel orders numbers before text before booleans.
  const rank = (v: CellValue): number => (typeof v === "number" ? 0 : typeof v === "string" ? 1 : 2);
  return rank(a) - rank(b);
}

function cellValueMatches(
  sheet: SheetModel,
  rule: CellValueRule,
  origin: { row: number; col: number },
  row: number,
  col: number,
): boolean {
  const cell = sheet.getCell(row, col);
  if (cell?.isError) return false;
  // An empty cell counts as 0 in a cell-value rule, as in Excel.
  const value = cell?.value ?? 0;
  const one = evaluateRuleFormula(rule.formula1, sheet, origin, row, col);
  const two =
    rule.formula2 !== undefined ? evaluateRuleFormula(rule.formula2, sheet, origin, row, col) : null;
  const c1 = compare(value, one);
  switch (rule.operator) {
    case "EqualTo":
      return c1 === 0;
    case "NotEqualTo":
      return c1 !== 0;
    case "GreaterThan":
      return c1 > 0;
    case "LessThan":
      return c1 < 0;
    case "GreaterThanOrEqual":
      return c1 >= 0;
    case "LessThanOrEqual":
      return c1 <= 0;
    case "Between":
    case "NotBetween": {
      const c2 = two === null ? 0 : compare(value, two);
      const inside = (c1 >= 0 && c2 <= 0) || (c1 <= 0 && c2 >= 0);
      return rule.operator === "Between" ? inside : !inside;
    }
    default:
      return false;
  }
}

function hex(color: string | undefined): [number, number, number] | undefined {
  const m = /^#?([0-9a-f]{6})$/i.exec(color ?? "");
  if (!m?.[1]) return undefined;
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(a: string | undefined, b: string | undefined, t: number): string | undefined {
  const x = hex(a);
  const y = hex(b);
  if (!x || !y) return a ?? b;
  const part = (i: 0 | 1 | 2): string =>
    Math.round(x[i] + (y[i] - x[i]) * t)
      .toString(16)
      .padStart(2, "0");
  return `#${part(0)}${part(1)}${part(2)}`.toUpperCase();
}

/** A colour scale: lowest to highest value of the range, through the midpoint's colour if there is one. */
function colorScaleFill(
  sheet: SheetModel,
  cf: ConditionalFormatModel,
  row: number,
  col: number,
): string | undefined {
  const value = numberOf(sheet.getCell(row, col)?.value);
  const criteria = cf.colorScale;
  if (value === undefined || !criteria) return undefined;
  let min = Infinity;
  let max = -Infinity;
  for (let r = cf.area.r0; r <= cf.area.r1; r += 1)
    for (let c = cf.area.c0; c <= cf.area.c1; c += 1) {
      const v = numberOf(sheet.getCell(r, c)?.value);
      if (v !== undefined) {
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
    }
  const t = max > min ? (value - min) / (max - min) : 0;
  const low = criteria.minimum?.color;
  const high = criteria.maximum?.color;
  const mid = criteria.midpoint?.color;
  if (mid === undefined) return mix(low, high, t);
  return t <= 0.5 ? mix(low, mid, t * 2) : mix(mid, high, (t - 0.5) * 2);
}

/**
 * The format conditional formats give a cell: rules in priority order, the first rule setting a
 * property wins it, and a matching rule with stopIfTrue ends the evaluation ("Manage conditional
 * formatting rule precedence", Microsoft support).
 */
export function conditionalStyleAt(
  sheet: SheetModel,
  row: number,
  col: number,
): ConditionalStyle | undefined {
  const found = objects.get(sheet);
  if (!found || found.conditionalFormats.length === 0) return undefined;
  const style: ConditionalStyle = {};
  let any = false;
  for (const cf of found.conditionalFormats) {
    const a = cf.area;
    if (row < a.r0 || row > a.r1 || col < a.c0 || col > a.c1) continue;
    const origin = { row: a.r0, col: a.c0 };
    let matches = false;
    if (cf.type === "CellValue" && cf.cellValueRule) {
      matches = cellValueMatches(sheet, cf.cellValueRule, origin, row, col);
    } else if (cf.type === "Custom" && cf.customFormula) {
      const result = evaluateRuleFormula(cf.customFormula, sheet, origin, row, col);
      matches = result === true || (typeof result === "number" && result !== 0);
    } else if (cf.type === "ColorScale") {
      const fill = colorScaleFill(sheet, cf, row, col);
      if (fill && style.fill === undefined) {
        style.fill = fill;
        any = true;
      }
      continue;
    }
    if (!matches) continue;
    any = true;
    style.fill ??= cf.format.fill;
    style.fontColor ??= cf.format.fontColor;
    style.bold ??= cf.format.bold;
    style.italic ??= cf.format.italic;
    if (cf.stopIfTrue) break;
  }
  return any ? style : undefined;
}

/** What the test API and tests read of a chart. */
export interface ChartView {
  name: string;
  type: string;
  title: string;
  source: string;
  seriesBy: SeriesBy;
  series: ResolvedSeries[];
  position: { top: number; left: number; width: number; height: number };
  axisTitles: { category: string; value: string };
  /** The value axis's number format ("General" until set). */
  valueAxisNumberFormat: string;
  legend: { visible: boolean; position: string };
}

export function chartViews(model: WorkbookModel, sheet: SheetModel): ChartView[] {
  return sheetObjects(sheet).charts.map((chart) => ({
    name: chart.name,
    type: chart.chartType,
    title: chart.title,
    source: refAddress(model, chart.source),
    seriesBy: chart.seriesBy,
    series: chart.series.map((s, i) => resolveSeries(model, s, i)),
    position: { top: chart.top, left: chart.left, width: chart.width, height: chart.height },
    axisTitles: { category: chart.categoryAxis.title, value: chart.valueAxis.title },
    valueAxisNumberFormat: chart.valueAxis.numberFormat ?? "General",
    legend: { ...chart.legend },
  }));
}

export interface ConditionalFormatView {
  range: string;
  type: ConditionalFormatKind;
  priority: number;
  stopIfTrue: boolean;
  rule: CellValueRule | { formula: string } | ColorScaleCriteria | null;
  format: ConditionalStyle;
}

export function conditionalFormatViews(sheet: SheetModel): ConditionalFormatView[] {
  return sheetObjects(sheet).conditionalFormats.map((cf, priority) => ({
    range: formatAddress(sheet.name, cf.area),
    type: cf.type,
    priority,
    stopIfTrue: cf.stopIfTrue,
    rule:
      cf.type === "CellValue"
        ? (cf.cellValueRule ?? null)
        : cf.type === "Custom"
          ? cf.customFormula !== undefined
            ? { formula: cf.customFormula }
            : null
          : (cf.colorScale ?? null),
    format: { ...cf.format },
  }));
}

export interface AutoFilterView {
  range: string;
  /** By column index inside the range. */
  criteria: Record<number, FilterCriteriaModel>;
}

export function autoFilterView(sheet: SheetModel): AutoFilterView | null {
  const filter = sheetObjects(sheet).autoFilter;
  if (!filter) return null;
  return {
    range: formatAddress(sheet.name, filter.area),
    criteria: Object.fromEntries([...filter.criteria].map(([i, c]) => [i, structuredClone(c)])),
  };
}

/** Hidden rows as 1-based row numbers, as a person reads them in the grid. */
export function hiddenRowNumbers(sheet: SheetModel): number[] {
  return [...sheet.hiddenRows].sort((a, b) => a - b).map((r) => r + 1);
}
