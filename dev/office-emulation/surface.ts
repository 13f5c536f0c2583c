/**
 * The part of the Excel JavaScript API the add-in uses, typed from @types/office-js, member by
 * member. The emulated classes `implement` these interfaces, so tsc checks each emulated member
 * against Office's own declaration; `test/workbench/surface.test.ts` checks that every Excel
 * member src/ uses is listed here, and the assertions at the end check that Office's real types
 * satisfy every interface (nothing here is invented).
 *
 * Adding a member the add-in starts to use: add its name to the `Pick` of its interface (or, for
 * a member returning another proxy, declare it with the surface type it returns), implement it in
 * the emulated class; tsc then says whether the emulation matches Office.
 */

/** load() in the forms the add-in uses; Office's overloads (option objects) stay assignable. */
interface Loadable<Self> {
  load(propertyNames?: string | string[]): Self;
}

export type NumberFormatInfoSurface = Pick<
  Excel.NumberFormatInfo,
  "numberDecimalSeparator" | "numberGroupSeparator"
>;

export interface CultureInfoSurface extends Pick<Excel.CultureInfo, "name"> {
  readonly numberFormat: NumberFormatInfoSurface;
}

export interface ApplicationSurface
  extends
    Pick<Excel.Application, "calculate" | "decimalSeparator" | "useSystemSeparators">,
    Loadable<ApplicationSurface> {
  readonly cultureInfo: CultureInfoSurface;
}

export type RangeFontSurface = Pick<Excel.RangeFont, "bold">;

export type RangeFillSurface = Pick<Excel.RangeFill, "color" | "clear">;

export interface RangeFormatSurface extends Pick<
  Excel.RangeFormat,
  "autofitColumns" | "indentLevel" | "rowHeight"
> {
  readonly font: RangeFontSurface;
  readonly fill: RangeFillSurface;
}

export interface TableSurface extends Pick<Excel.Table, "name" | "style">, Loadable<TableSurface> {
  getRange(): RangeSurface;
}

export interface TableCollectionSurface extends Loadable<TableCollectionSurface> {
  readonly items: TableSurface[];
  add(address: string, hasHeaders: boolean): TableSurface;
}

/** A workbook name (Name Manager): the add-in marks the columns it must find again with one. */
export interface NamedItemSurface
  extends Pick<Excel.NamedItem, "name" | "type" | "value" | "delete">, Loadable<NamedItemSurface> {}

export interface NamedItemCollectionSurface extends Loadable<NamedItemCollectionSurface> {
  readonly items: NamedItemSurface[];
  add(name: string, reference: RangeSurface | string, comment?: string): NamedItemSurface;
}

export interface WorksheetProtectionSurface
  extends Pick<Excel.WorksheetProtection, "protected">, Loadable<WorksheetProtectionSurface> {}

export type WorksheetFreezePanesSurface = Pick<Excel.WorksheetFreezePanes, "freezeRows">;

export interface ChartTitleSurface extends Pick<Excel.ChartTitle, "text">, Loadable<ChartTitleSurface> {}

export interface ChartFillSurface {
  setSolidColor(color: string): void;
}

export interface ChartSeriesFormatSurface {
  readonly fill: ChartFillSurface;
}

export interface ChartSeriesSurface
  extends Pick<Excel.ChartSeries, "name" | "delete">, Loadable<ChartSeriesSurface> {
  readonly format: ChartSeriesFormatSurface;
  setValues(sourceData: RangeSurface): void;
  setXAxisValues(sourceData: RangeSurface): void;
}

export interface ChartAxisSurface extends Pick<Excel.ChartAxis, "numberFormat">, Loadable<ChartAxisSurface> {}

export interface ChartAxesSurface {
  readonly valueAxis: ChartAxisSurface;
}

export interface ChartLegendSurface
  extends Pick<Excel.ChartLegend, "visible" | "position">, Loadable<ChartLegendSurface> {}

export interface ChartSeriesCollectionSurface
  extends Pick<Excel.ChartSeriesCollection, "count">, Loadable<ChartSeriesCollectionSurface> {
  getItemAt(index: number): ChartSeriesSurface;
}

export interface ChartSurface
  extends Pick<Excel.Chart, "name" | "top" | "left" | "width" | "height" | "delete">, Loadable<ChartSurface> {
  readonly title: ChartTitleSurface;
  readonly series: ChartSeriesCollectionSurface;
  readonly axes: ChartAxesSurface;
  readonly legend: ChartLegendSurface;
  setPosition(startCell: RangeSurface | string, endCell?: RangeSurface | string): void;
}

export interface ChartCollectionSurface
  extends Pick<Excel.ChartCollection, "count">, Loadable<ChartCollectionSurface> {
  add(
    type: `${Excel.ChartType}`,
    sourceData: RangeSurface,
    seriesBy?: `${Excel.ChartSeriesBy}`,
  ): ChartSurface;
  getItem(name: string): ChartSurface;
}

export interface AutoFilterSurface
  extends
    Pick<Excel.AutoFilter, "enabled" | "isDataFiltered" | "clearCriteria" | "remove" | "reapply">,
    Loadable<AutoFilterSurface> {
  apply(range: RangeSurface | string, columnIndex?: number, criteria?: Excel.FilterCriteria): void;
}

export type ConditionalRangeFontSurface = Pick<Excel.ConditionalRangeFont, "color" | "bold" | "italic">;
export type ConditionalRangeFillSurface = Pick<Excel.ConditionalRangeFill, "color">;

export interface ConditionalRangeFormatSurface {
  readonly fill: ConditionalRangeFillSurface;
  readonly font: ConditionalRangeFontSurface;
}

export interface CellValueConditionalFormatSurface extends Pick<Excel.CellValueConditionalFormat, "rule"> {
  readonly format: ConditionalRangeFormatSurface;
}

export type ConditionalFormatRuleSurface = Pick<Excel.ConditionalFormatRule, "formula">;

export interface CustomConditionalFormatSurface {
  readonly rule: ConditionalFormatRuleSurface;
  readonly format: ConditionalRangeFormatSurface;
}

export interface ConditionalFormatSurface
  extends Pick<Excel.ConditionalFormat, "stopIfTrue" | "delete">, Loadable<ConditionalFormatSurface> {
  readonly cellValue: CellValueConditionalFormatSurface;
  readonly custom: CustomConditionalFormatSurface;
}

export interface ConditionalFormatCollectionSurface extends Pick<
  Excel.ConditionalFormatCollection,
  "clearAll"
> {
  add(type: `${Excel.ConditionalFormatType}`): ConditionalFormatSurface;
}

export interface RangeSurface
  extends
    Pick<
      Excel.Range,
      | "address"
      | "columnCount"
      | "columnIndex"
      | "rowCount"
      | "rowIndex"
      | "values"
      | "formulas"
      | "formulasR1C1"
      | "numberFormat"
      | "isNullObject"
      | "select"
      | "group"
      | "ungroup"
      | "columnHidden"
      | "delete"
      | "merge"
      | "unmerge"
      | "calculate"
    >,
    Loadable<RangeSurface> {
  getCell(row: number, column: number): RangeSurface;
  getResizedRange(deltaRows: number, deltaColumns: number): RangeSurface;
  getUsedRangeOrNullObject(valuesOnly?: boolean): RangeSurface;
  getEntireRow(): RangeSurface;
  getEntireColumn(): RangeSurface;
  insert(shift: Excel.InsertShiftDirection | "Down" | "Right"): RangeSurface;
  moveTo(destinationRange: RangeSurface | string): void;
  getMergedAreasOrNullObject(): RangeAreasSurface;
  readonly format: RangeFormatSurface;
  readonly conditionalFormats: ConditionalFormatCollectionSurface;
  readonly worksheet: WorksheetSurface;
  /** The loaded properties by name (Office types each one in Excel.Interfaces.RangeData). */
  toJSON(): Partial<Record<keyof Excel.Interfaces.RangeData, unknown>>;
}

export interface RangeCollectionSurface extends Loadable<RangeCollectionSurface> {
  readonly items: RangeSurface[];
}

export interface RangeAreasSurface
  extends
    Pick<Excel.RangeAreas, "address" | "areaCount" | "cellCount" | "isNullObject">,
    Loadable<RangeAreasSurface> {
  readonly areas: RangeCollectionSurface;
}

export interface WorksheetSurface
  extends
    Pick<Excel.Worksheet, "id" | "name" | "activate" | "isNullObject" | "showOutlineLevels" | "calculate">,
    Loadable<WorksheetSurface> {
  readonly freezePanes: WorksheetFreezePanesSurface;
  readonly protection: WorksheetProtectionSurface;
  readonly tables: TableCollectionSurface;
  readonly charts: ChartCollectionSurface;
  readonly autoFilter: AutoFilterSurface;
  getRange(address?: string): RangeSurface;
  getRangeByIndexes(
    startRow: number,
    startColumn: number,
    rowCount: number,
    columnCount: number,
  ): RangeSurface;
  getUsedRangeOrNullObject(valuesOnly?: boolean): RangeSurface;
}

export type WorksheetActivatedEventArgsSurface = Pick<
  Excel.WorksheetActivatedEventArgs,
  "type" | "worksheetId"
>;

/** An Office event the add-in listens to: `add` registers at the next sync; the result removes it. */
export interface EventHandlersSurface<Args> {
  add(handler: (args: Args) => Promise<unknown>): Pick<OfficeExtension.EventHandlerResult<Args>, "remove">;
}

export interface WorksheetCollectionSurface extends Loadable<WorksheetCollectionSurface> {
  readonly items: WorksheetSurface[];
  readonly onActivated: EventHandlersSurface<WorksheetActivatedEventArgsSurface>;
  add(name?: string): WorksheetSurface;
  getActiveWorksheet(): WorksheetSurface;
  getItem(key: string): WorksheetSurface;
  getItemOrNullObject(key: string): WorksheetSurface;
}

/** Workbook.onSelectionChanged (ExcelApi 1.2): the add-in reads nothing from its arguments. */
export type SelectionChangedEventArgsSurface = Pick<Excel.SelectionChangedEventArgs, never>;

export interface WorkbookSurface {
  readonly application: ApplicationSurface;
  readonly worksheets: WorksheetCollectionSurface;
  readonly onSelectionChanged: EventHandlersSurface<SelectionChangedEventArgsSurface>;
  readonly names: NamedItemCollectionSurface;
  getSelectedRange(): RangeSurface;
}

export interface RequestContextSurface extends Pick<Excel.RequestContext, "sync"> {
  readonly workbook: WorkbookSurface;
  readonly application: ApplicationSurface;
}

/**
 * A batch for Excel.run. Declared as a method so its parameter is compared both ways: add-in code
 * typed with Excel.RequestContext runs against the emulated context, which is safe because the
 * emulation implements every member the add-in uses (checked by the surface test).
 */
export type ExcelBatch<T> = { batch(context: RequestContextSurface): Promise<T> }["batch"];

/**
 * An Office enum as the emulation can give it: the same member names with the same string values
 * (TypeScript's string enums are nominal, and @types/office-js has no run-time object to reuse).
 */
export type EnumValues<E extends Record<string, string>> = { readonly [K in keyof E]: `${E[K]}` };

/** The Excel namespace as the add-in uses it. */
export interface ExcelSurface {
  readonly CalculationType: EnumValues<typeof Excel.CalculationType>;
  readonly GroupOption: EnumValues<typeof Excel.GroupOption>;
  run<T>(batch: ExcelBatch<T>): Promise<T>;
}

/** Which surface interface stands for which Office class (read by the surface test). */
export interface SurfaceOf {
  Excel: ExcelSurface;
  "Excel.Application": ApplicationSurface;
  "Excel.CultureInfo": CultureInfoSurface;
  "Excel.NumberFormatInfo": NumberFormatInfoSurface;
  "Excel.Range": RangeSurface;
  "Excel.RangeAreas": RangeAreasSurface;
  "Excel.RangeCollection": RangeCollectionSurface;
  "Excel.RangeFormat": RangeFormatSurface;
  "Excel.RangeFont": RangeFontSurface;
  "Excel.RangeFill": RangeFillSurface;
  "Excel.Table": TableSurface;
  "Excel.Chart": ChartSurface;
  "Excel.ChartCollection": ChartCollectionSurface;
  "Excel.ChartSeries": ChartSeriesSurface;
  "Excel.ChartSeriesCollection": ChartSeriesCollectionSurface;
  "Excel.ChartTitle": ChartTitleSurface;
  "Excel.ChartAxes": ChartAxesSurface;
  "Excel.ChartAxis": ChartAxisSurface;
  "Excel.ChartLegend": ChartLegendSurface;
  "Excel.ChartSeriesFormat": ChartSeriesFormatSurface;
  "Excel.ChartFill": ChartFillSurface;
  "Excel.AutoFilter": AutoFilterSurface;
  "Excel.ConditionalFormatCollection": ConditionalFormatCollectionSurface;
  "Excel.ConditionalFormat": ConditionalFormatSurface;
  "Excel.CellValueConditionalFormat": CellValueConditionalFormatSurface;
  "Excel.CustomConditionalFormat": CustomConditionalFormatSurface;
  "Excel.ConditionalFormatRule": ConditionalFormatRuleSurface;
  "Excel.ConditionalRangeFormat": ConditionalRangeFormatSurface;
  "Excel.ConditionalRangeFont": ConditionalRangeFontSurface;
  "Excel.ConditionalRangeFill": ConditionalRangeFillSurface;
  "Excel.TableCollection": TableCollectionSurface;
  "Excel.NamedItem": NamedItemSurface;
  "Excel.NamedItemCollection": NamedItemCollectionSurface;
  "Excel.WorksheetProtection": WorksheetProtectionSurface;
  "Excel.RequestContext": RequestContextSurface;
  "Excel.Workbook": WorkbookSurface;
  "Excel.Worksheet": WorksheetSurface;
  "Excel.WorksheetCollection": WorksheetCollectionSurface;
  "Excel.WorksheetFreezePanes": WorksheetFreezePanesSurface;
  "Excel.WorksheetActivatedEventArgs": WorksheetActivatedEventArgsSurface;
  "OfficeExtension.EventHandlers": EventHandlersSurface<WorksheetActivatedEventArgsSurface>;
  "OfficeExtension.ClientRequestContext": RequestContextSurface;
  "OfficeExtension.ClientObject": RangeSurface & WorksheetSurface;
}

// Office's real types satisfy every surface interface: the surface only restates Office.
type Satisfies<Real extends Surface, Surface> = [Real, Surface];
export type RealTypesSatisfyTheSurface = [
  Satisfies<typeof Excel, ExcelSurface>,
  Satisfies<Excel.RequestContext, RequestContextSurface>,
  Satisfies<Excel.Workbook, WorkbookSurface>,
  Satisfies<Excel.Application, ApplicationSurface>,
  Satisfies<Excel.WorksheetCollection, WorksheetCollectionSurface>,
  Satisfies<Excel.Worksheet, WorksheetSurface>,
  Satisfies<Excel.Range, RangeSurface>,
  Satisfies<Excel.RangeAreas, RangeAreasSurface>,
  Satisfies<Excel.RangeCollection, RangeCollectionSurface>,
  Satisfies<Excel.RangeFormat, RangeFormatSurface>,
  Satisfies<Excel.WorksheetFreezePanes, WorksheetFreezePanesSurface>,
  Satisfies<Excel.RangeFill, RangeFillSurface>,
  Satisfies<Excel.Table, TableSurface>,
  Satisfies<Excel.Chart, ChartSurface>,
  Satisfies<Excel.ChartCollection, ChartCollectionSurface>,
  Satisfies<Excel.ChartSeries, ChartSeriesSurface>,
  Satisfies<Excel.ChartSeriesCollection, ChartSeriesCollectionSurface>,
  Satisfies<Excel.ChartTitle, ChartTitleSurface>,
  Satisfies<Excel.ChartAxes, ChartAxesSurface>,
  Satisfies<Excel.ChartAxis, ChartAxisSurface>,
  Satisfies<Excel.ChartLegend, ChartLegendSurface>,
  Satisfies<Excel.ChartSeriesFormat, ChartSeriesFormatSurface>,
  Satisfies<Excel.ChartFill, ChartFillSurface>,
  Satisfies<Excel.AutoFilter, AutoFilterSurface>,
  Satisfies<Excel.ConditionalFormatCollection, ConditionalFormatCollectionSurface>,
  Satisfies<Excel.ConditionalFormat, ConditionalFormatSurface>,
  Satisfies<Excel.CellValueConditionalFormat, CellValueConditionalFormatSurface>,
  Satisfies<Excel.CustomConditionalFormat, CustomConditionalFormatSurface>,
  Satisfies<Excel.ConditionalFormatRule, ConditionalFormatRuleSurface>,
  Satisfies<Excel.ConditionalRangeFormat, ConditionalRangeFormatSurface>,
  Satisfies<Excel.ConditionalRangeFont, ConditionalRangeFontSurface>,
  Satisfies<Excel.ConditionalRangeFill, ConditionalRangeFillSurface>,
  Satisfies<Excel.TableCollection, TableCollectionSurface>,
  Satisfies<Excel.NamedItem, NamedItemSurface>,
  Satisfies<Excel.NamedItemCollection, NamedItemCollectionSurface>,
  Satisfies<Excel.WorksheetProtection, WorksheetProtectionSurface>,
  Satisfies<Excel.WorksheetActivatedEventArgs, WorksheetActivatedEventArgsSurface>,
  Satisfies<
    OfficeExtension.EventHandlers<Excel.WorksheetActivatedEventArgs>,
    EventHandlersSurface<Excel.WorksheetActivatedEventArgs>
  >,
];
