/**
 * The parts of a chart (Excel.Chart): its title, axes' titles and series (ChartSeriesCollection,
 * ChartSeries with getDimensionValues, setValues, setXAxisValues), over the chart recorded in
 * sheet-objects.ts.
 */
import { ErrorCodes, officeError } from "./errors";
import type {
  ChartSeriesCollectionSurface,
  ChartSeriesSurface,
  ChartTitleSurface,
  RangeSurface,
} from "./surface";
import type { EmulatedChart } from "./charts";
import type { EmulatedRange } from "./excel";
import {
  ClientObjectBase,
  EmulatedClientResult,
  queueCount,
  type EmulatedRequestContext,
  type LoadSpec,
  type Snapshot,
  requireSameContext,
} from "./proxy";
import { type ChartAxisModel, type ChartModel, type ChartSeriesModel, resolveSeries } from "./sheet-objects";

/** Base of the chart's parts: they exist while the chart does. */
/**
 * The emulated range behind a range argument typed as the surface: every range the add-in can
 * pass is one of the emulation's proxies; anything else is refused as Excel refuses a bad argument.
 */
export function emulatedRange(range: RangeSurface, location: string): EmulatedRange {
  if (!(range instanceof ClientObjectBase) || !("_resolveRange" in range))
    throw officeError(ErrorCodes.invalidArgument, location, "range");
  return range as unknown as EmulatedRange;
}

/**
 * What a collection's load asks of its items: `items/x` paths, or item properties named on the
 * collection itself (office.js reads `charts.load("name")` as the items' names); nothing more
 * than the count for `load("count")`.
 */
export function itemSpecOf(spec: LoadSpec): LoadSpec | undefined {
  const items = spec.children.get("items");
  if (items) return items.children.size === 0 ? { all: true, children: new Map() } : items;
  const others = [...spec.children].filter(([name]) => name !== "count");
  if (others.length > 0) return { all: false, children: new Map(others) };
  return spec.all ? { all: true, children: new Map() } : undefined;
}

export abstract class ChartPart extends ClientObjectBase {
  constructor(
    context: EmulatedRequestContext,
    protected readonly chart: EmulatedChart,
  ) {
    super(context);
  }

  protected _exists(): boolean {
    return this.chart._tryChart() !== undefined;
  }

  protected notify(): void {
    this.context.model.notifyChanged();
  }

  /** A protected sheet refuses changes to its charts (protection.ts, "objects"). */
  protected refuseIfProtected(location: string): void {
    this.chart._refuseIfProtected(location);
  }
}

export class EmulatedChartTitle extends ChartPart implements ChartTitleSurface {
  protected readonly _entity = "ChartTitle";
  protected readonly _scalars = ["text", "visible"] as const;

  protected _read(name: string): unknown {
    const chart = this.chart._chart();
    return name === "text" ? chart.title : name === "visible" ? chart.titleVisible : undefined;
  }

  get text(): string {
    return this._get("text");
  }
  set text(value: string) {
    this._queueSet("text", value, () => {
      this.refuseIfProtected("ChartTitle.text");
      this.chart._chart().title = String(value);
      this.notify();
    });
  }
  get visible(): boolean {
    return this._get("visible");
  }
  set visible(value: boolean) {
    this._queueSet("visible", value, () => {
      this.refuseIfProtected("ChartTitle.visible");
      this.chart._chart().titleVisible = Boolean(value);
      this.notify();
    });
  }
}

export class EmulatedChartAxes extends ChartPart {
  protected readonly _entity = "ChartAxes";
  protected readonly _scalars = [] as const;
  readonly categoryAxis = new EmulatedChartAxis(this.context, this.chart, "categoryAxis");
  readonly valueAxis = new EmulatedChartAxis(this.context, this.chart, "valueAxis");

  protected _read(): unknown {
    return undefined;
  }

  protected override _navigation(name: string): ClientObjectBase | undefined {
    return name === "categoryAxis" ? this.categoryAxis : name === "valueAxis" ? this.valueAxis : undefined;
  }
}

export class EmulatedChartAxis extends ChartPart {
  protected readonly _entity = "ChartAxis";
  protected readonly _scalars = ["numberFormat"] as const;
  readonly title: EmulatedChartAxisTitle;

  constructor(
    context: EmulatedRequestContext,
    chart: EmulatedChart,
    private readonly which: "categoryAxis" | "valueAxis",
  ) {
    super(context, chart);
    this.title = new EmulatedChartAxisTitle(context, chart, () => chart._chart()[which]);
  }

  protected _read(name: string): unknown {
    return name === "numberFormat" ? (this.chart._chart()[this.which].numberFormat ?? "General") : undefined;
  }

  /** ExcelApi 1.8: the format of the axis's tick labels. */
  get numberFormat(): string {
    return this._get("numberFormat");
  }
  set numberFormat(value: string) {
    this._queueSet("numberFormat", value, () => {
      this.refuseIfProtected("ChartAxis.numberFormat");
      this.chart._chart()[this.which].numberFormat = String(value);
      this.notify();
    });
  }

  protected override _navigation(name: string): ClientObjectBase | undefined {
    return name === "title" ? this.title : undefined;
  }
}

export class EmulatedChartAxisTitle extends ChartPart {
  protected readonly _entity = "ChartAxisTitle";
  protected readonly _scalars = ["text", "visible"] as const;

  constructor(
    context: EmulatedRequestContext,
    chart: EmulatedChart,
    private readonly axis: () => ChartAxisModel,
  ) {
    super(context, chart);
  }

  protected _read(name: string): unknown {
    const axis = this.axis();
    return name === "text" ? axis.title : name === "visible" ? axis.titleVisible : undefined;
  }

  get text(): string {
    return this._get("text");
  }
  /** Setting a title shows it, as Excel's axis title appears once it has text. */
  set text(value: string) {
    this._queueSet("text", value, () => {
      this.refuseIfProtected("ChartAxisTitle.text");
      const axis = this.axis();
      axis.title = String(value);
      axis.titleVisible = axis.title !== "";
      this.notify();
    });
  }
  get visible(): boolean {
    return this._get("visible");
  }
  set visible(value: boolean) {
    this._queueSet("visible", value, () => {
      this.refuseIfProtected("ChartAxisTitle.visible");
      this.axis().titleVisible = Boolean(value);
      this.notify();
    });
  }
}

export class EmulatedChartSeriesCollection extends ChartPart implements ChartSeriesCollectionSurface {
  protected readonly _entity = "ChartSeriesCollection";
  protected readonly _scalars = ["count"] as const;

  protected _read(name: string): unknown {
    return name === "count" ? this.chart._chart().series.length : undefined;
  }

  get count(): number {
    return this._get("count");
  }

  get items(): EmulatedChartSeries[] {
    return this._get("items");
  }

  override _snapshot(spec: LoadSpec): Snapshot {
    const itemSpec = itemSpecOf(spec);
    const series = this.chart._chart().series;
    const items = series.map((s) => new EmulatedChartSeries(this.context, this.chart, () => s));
    const nested = itemSpec
      ? items.map((item) => ({ target: item, snapshot: item._snapshot(itemSpec) }))
      : [];
    return {
      fields: new Map<string, unknown>([
        ["items", items],
        ["count", items.length],
      ]),
      nested,
    };
  }

  getItemAt(index: number): EmulatedChartSeries {
    return new EmulatedChartSeries(this.context, this.chart, () => this.chart._chart().series[index]);
  }

  getCount(): EmulatedClientResult<number> {
    return queueCount(this.context, "ChartSeriesCollection", () => this.chart._chart().series.length);
  }

  /**
   * ExcelApi 1.7: "The new added series is not visible until values, x-axis values, or bubble
   * sizes for it are set": it has no cells until setValues.
   */
  add(name?: string, index?: number): EmulatedChartSeries {
    let added: ChartSeriesModel | undefined;
    this._queue("call", "add()", name ?? null, () => {
      this.refuseIfProtected("ChartSeriesCollection.add");
      const list = this.chart._chart().series;
      const at = index === undefined ? list.length : index;
      if (!Number.isInteger(at) || at < 0 || at > list.length) {
        throw officeError(ErrorCodes.invalidArgument, "ChartSeriesCollection.add", "index");
      }
      added = name === undefined ? {} : { name };
      list.splice(at, 0, added);
      this.notify();
    });
    return new EmulatedChartSeries(this.context, this.chart, () => added);
  }
}

export class EmulatedChartSeries extends ChartPart implements ChartSeriesSurface {
  protected readonly _entity = "ChartSeries";
  protected readonly _scalars = ["name", "chartType"] as const;
  readonly format: EmulatedChartSeriesFormat;

  constructor(
    context: EmulatedRequestContext,
    chart: EmulatedChart,
    private readonly locate: () => ChartSeriesModel | undefined,
  ) {
    super(context, chart);
    this.format = new EmulatedChartSeriesFormat(context, chart, () => this.model().series);
  }

  protected override _navigation(name: string): ClientObjectBase | undefined {
    return name === "format" ? this.format : undefined;
  }

  protected override _exists(): boolean {
    return super._exists() && this.locate() !== undefined;
  }

  private model(): { series: ChartSeriesModel; index: number; chart: ChartModel } {
    const chart = this.chart._chart();
    const series = this.locate();
    const index = series ? chart.series.indexOf(series) : -1;
    if (!series || index < 0) throw officeError(ErrorCodes.itemNotFound, "ChartSeries");
    return { series, index, chart };
  }

  protected _read(name: string): unknown {
    const { series, index, chart } = this.model();
    if (name === "name") return resolveSeries(this.context.model, series, index).name;
    if (name === "chartType") return chart.chartType;
    return undefined;
  }

  get name(): string {
    return this._get("name");
  }
  set name(value: string) {
    this._queueSet("name", value, () => {
      this.refuseIfProtected("ChartSeries.name");
      this.model().series.name = String(value);
      this.notify();
    });
  }
  get chartType(): string {
    return this._get("chartType");
  }

  /**
   * ExcelApi 1.12: the values of one dimension as strings: "Categories" (the category labels as
   * displayed) or "Values" (the numbers; a cell without one gives "").
   */
  getDimensionValues(dimension: string): EmulatedClientResult<string[]> {
    const result = new EmulatedClientResult<string[]>();
    this.context._enqueue({
      kind: "load",
      statement: `ChartSeries.getDimensionValues(${dimension})`,
      target: this,
      run: () => {
        const { series, index } = this.model();
        const resolved = resolveSeries(this.context.model, series, index);
        let values: string[];
        if (dimension === "Categories" || dimension === "XValues") values = resolved.categories;
        else if (dimension === "Values" || dimension === "YValues")
          values = resolved.values.map((v) => (v === null ? "" : String(v)));
        else throw officeError(ErrorCodes.invalidArgument, "ChartSeries.getDimensionValues", "dimension");
        return { bytes: JSON.stringify(values).length, commit: () => result._set(values) };
      },
    });
    return result;
  }

  private setRef(which: "valuesRef" | "categoriesRef", source: RangeSurface, method: string): void {
    requireSameContext(this.context, source, `ChartSeries.${method}`);
    const sourceData = emulatedRange(source, `ChartSeries.${method}`);
    this._queue("call", `${method}()`, null, () => {
      this.refuseIfProtected(`ChartSeries.${method}`);
      const { sheet, area } = sourceData._resolveRange();
      this.model().series[which] = { sheetId: sheet.id, area };
      this.notify();
    });
  }

  /** ExcelApi 1.7: the series' values come from these cells. */
  setValues(sourceData: RangeSurface): void {
    this.setRef("valuesRef", sourceData, "setValues");
  }

  /** ExcelApi 1.7: the series' categories (x-axis values) come from these cells. */
  setXAxisValues(sourceData: RangeSurface): void {
    this.setRef("categoriesRef", sourceData, "setXAxisValues");
  }

  delete(): void {
    this._queue("call", "delete()", null, () => {
      this.refuseIfProtected("ChartSeries.delete");
      const { chart, index } = this.model();
      chart.series.splice(index, 1);
      this.notify();
    });
  }
}

/** A colour as Excel takes it: #RRGGBB or a named HTML colour. */
const COLOUR = /^(#[0-9a-f]{6}|[a-z]+)$/i;

/** ChartSeries.format.fill (ExcelApi 1.1): the series' colour, drawn by the workbench. */
export class EmulatedChartFill extends ChartPart {
  protected readonly _entity = "ChartFill";
  protected readonly _scalars = [] as const;

  constructor(
    context: EmulatedRequestContext,
    chart: EmulatedChart,
    private readonly series: () => ChartSeriesModel,
  ) {
    super(context, chart);
  }

  protected _read(): unknown {
    return undefined;
  }

  setSolidColor(color: string): void {
    this._queue("call", `setSolidColor(${color})`, color, () => {
      if (typeof color !== "string" || !COLOUR.test(color))
        throw officeError(ErrorCodes.invalidArgument, "ChartFill.setSolidColor", "color");
      this.refuseIfProtected("ChartFill.setSolidColor");
      this.series().fill = color;
      this.notify();
    });
  }

  clear(): void {
    this._queue("call", "clear()", null, () => {
      this.refuseIfProtected("ChartFill.clear");
      delete this.series().fill;
      this.notify();
    });
  }
}

export class EmulatedChartSeriesFormat extends ChartPart {
  protected readonly _entity = "ChartSeriesFormat";
  protected readonly _scalars = [] as const;
  readonly fill: EmulatedChartFill;

  constructor(context: EmulatedRequestContext, chart: EmulatedChart, series: () => ChartSeriesModel) {
    super(context, chart);
    this.fill = new EmulatedChartFill(context, chart, series);
  }

  protected _read(): unknown {
    return undefined;
  }

  protected override _navigation(name: string): ClientObjectBase | undefined {
    return name === "fill" ? this.fill : undefined;
  }
}
