/**
 * Worksheet.charts (ExcelApi 1.1, Excel.ChartCollection): add a chart over a range, find it by
 * name or position, its title, type, position and size, its series (names, categories and values
 * read from the source cells), axis titles, delete. Charts are recorded in sheet-objects.ts.
 */
import { refuseIfProtected } from "./protection";
import { type Area, parseAddress } from "./address";
import { ErrorCodes, officeError } from "./errors";
import type { ChartCollectionSurface, ChartSurface, RangeSurface } from "./surface";
import type { SheetModel } from "./model";
import {
  ClientObjectBase,
  EmulatedClientResult,
  queueCount,
  type EmulatedRequestContext,
  type LoadSpec,
  type Snapshot,
  requireSameContext,
} from "./proxy";
import {
  type ChartModel,
  cellOffsetPoints,
  newObjectId,
  refAddress,
  seriesFromSource,
  sheetObjects,
} from "./sheet-objects";
import {
  EmulatedChartAxes,
  EmulatedChartSeriesCollection,
  EmulatedChartTitle,
  emulatedRange,
  itemSpecOf,
} from "./chart-parts";
import { EmulatedChartLegend } from "./chart-styles";
import type { RangeFactory } from "./excel";
import { CHART_TYPES } from "./sheet-object-enums";

/** Excel's default size of a new chart: 5 by 3 inches (chosen: the API docs give no figure). */
export const DEFAULT_CHART_WIDTH = 360;
export const DEFAULT_CHART_HEIGHT = 216;

export class EmulatedChartCollection extends ClientObjectBase implements ChartCollectionSurface {
  protected readonly _entity = "ChartCollection";
  protected readonly _scalars = ["count"] as const;

  constructor(
    context: EmulatedRequestContext,
    private readonly factory: RangeFactory,
    private readonly sheetOf: () => SheetModel,
  ) {
    super(context);
  }

  protected _exists(): boolean {
    return true;
  }

  private charts(): ChartModel[] {
    return sheetObjects(this.sheetOf()).charts;
  }

  protected _read(name: string): unknown {
    return name === "count" ? this.charts().length : undefined;
  }

  get count(): number {
    return this._get("count");
  }

  get items(): EmulatedChart[] {
    return this._get("items");
  }

  override _snapshot(spec: LoadSpec): Snapshot {
    const itemSpec = itemSpecOf(spec);
    const items = this.charts().map((chart) => this.proxy(() => chart.id, false));
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

  private proxy(id: () => string | undefined, nullable: boolean): EmulatedChart {
    return new EmulatedChart(this.context, this.factory, this.sheetOf, id, nullable);
  }

  /**
   * Creates a chart. `seriesBy` "Auto" (the default): "In Excel on the web, 'auto' will simply
   * default to 'columns'"; on desktop Excel inspects the shape (Excel.ChartSeriesBy): series by
   * columns when the range has at least as many rows as columns (chosen for the shape rule).
   */
  add(type: string, source: RangeSurface, seriesBy: string = "Auto"): EmulatedChart {
    requireSameContext(this.context, source, "ChartCollection.add");
    const sourceData = emulatedRange(source, "ChartCollection.add");
    let createdId: string | undefined;
    const chart = this.proxy(() => createdId, false);
    this._queue("call", `add(${String(type)})`, type, () => {
      if (!CHART_TYPES.includes(type)) {
        throw officeError(ErrorCodes.invalidArgument, "ChartCollection.add", "type");
      }
      if (seriesBy !== "Auto" && seriesBy !== "Columns" && seriesBy !== "Rows") {
        throw officeError(ErrorCodes.invalidArgument, "ChartCollection.add", "seriesBy");
      }
      const sheet = this.sheetOf();
      refuseIfProtected(sheet, "objects", "ChartCollection.add");
      const source = this.factory.resolve(sourceData);
      const area = source.area;
      const rows = area.r1 - area.r0 + 1;
      const columns = area.c1 - area.c0 + 1;
      const by =
        seriesBy === "Auto"
          ? this.context.env.host === "desktop" && columns > rows
            ? "Rows"
            : "Columns"
          : seriesBy;
      const objects = sheetObjects(sheet);
      const corner = cellOffsetPoints(sheet, area.r0, area.c1 + 2);
      const model: ChartModel = {
        id: newObjectId("chart"),
        name: `Chart ${objects.nextChartNumber}`,
        chartType: type,
        source: { sheetId: source.sheet.id, area },
        seriesBy: by,
        title: "",
        titleVisible: true,
        series: seriesFromSource(source.sheet, area, by),
        top: corner.top,
        left: corner.left,
        width: DEFAULT_CHART_WIDTH,
        height: DEFAULT_CHART_HEIGHT,
        categoryAxis: { title: "", titleVisible: false },
        valueAxis: { title: "", titleVisible: false },
        legend: { visible: false, position: "Bottom" },
      };
      // A new chart shows its legend, at the bottom, when it has more than one series, as a new
      // chart in current Excel does (chosen: Microsoft documents no default).
      model.legend.visible = model.series.length > 1;
      objects.nextChartNumber += 1;
      objects.charts.push(model);
      createdId = model.id;
      this.context.model.notifyChanged();
    });
    return chart;
  }

  private byName(name: string): () => string | undefined {
    return () => this.charts().find((c) => c.name === name)?.id;
  }

  /** "If there are multiple charts with the same name, the first one will be returned." */
  getItem(name: string): EmulatedChart {
    return this.proxy(this.byName(name), false);
  }

  getItemOrNullObject(name: string): EmulatedChart {
    return this.proxy(this.byName(name), true);
  }

  getItemAt(index: number): EmulatedChart {
    return this.proxy(() => this.charts()[index]?.id, false);
  }

  getCount(): EmulatedClientResult<number> {
    return queueCount(this.context, "ChartCollection", () => this.charts().length);
  }
}

export class EmulatedChart extends ClientObjectBase implements ChartSurface {
  protected readonly _entity = "Chart";
  protected readonly _scalars = ["id", "name", "chartType", "top", "left", "width", "height"] as const;
  readonly title: EmulatedChartTitle;
  readonly series: EmulatedChartSeriesCollection;
  readonly axes: EmulatedChartAxes;
  readonly legend: EmulatedChartLegend;

  constructor(
    context: EmulatedRequestContext,
    private readonly factory: RangeFactory,
    private readonly sheetOf: () => SheetModel,
    private readonly locate: () => string | undefined,
    nullable: boolean,
  ) {
    super(context, nullable);
    this.title = new EmulatedChartTitle(context, this);
    this.series = new EmulatedChartSeriesCollection(context, this);
    this.axes = new EmulatedChartAxes(context, this);
    this.legend = new EmulatedChartLegend(context, this);
  }

  /** @internal */
  _tryChart(): ChartModel | undefined {
    const id = this.locate();
    return id === undefined ? undefined : sheetObjects(this.sheetOf()).charts.find((c) => c.id === id);
  }

  /** @internal A protected sheet refuses changes to its charts (protection.ts, "objects"). */
  _refuseIfProtected(location: string): void {
    refuseIfProtected(this.sheetOf(), "objects", location);
  }

  /** @internal */
  _chart(): ChartModel {
    const chart = this._tryChart();
    if (!chart) throw officeError(ErrorCodes.itemNotFound, "Chart");
    return chart;
  }

  protected _exists(): boolean {
    try {
      return this._tryChart() !== undefined;
    } catch {
      return false;
    }
  }

  protected override _navigation(name: string): ClientObjectBase | undefined {
    if (name === "title") return this.title;
    if (name === "series") return this.series;
    if (name === "axes") return this.axes;
    if (name === "legend") return this.legend;
    return undefined;
  }

  protected _read(name: string): unknown {
    const chart = this._chart();
    return name === "id" ? chart.id : (chart as unknown as Record<string, unknown>)[name];
  }

  private setNumber(name: "top" | "left" | "width" | "height", value: number): void {
    this._queueSet(name, value, () => {
      if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
        throw officeError(ErrorCodes.invalidArgument, `Chart.${name}`, name);
      }
      this._refuseIfProtected(`Chart.${name}`);
      this._chart()[name] = value;
      this.context.model.notifyChanged();
    });
  }

  get id(): string {
    return this._get("id");
  }
  get name(): string {
    return this._get("name");
  }
  set name(value: string) {
    this._queueSet("name", value, () => {
      if (typeof value !== "string" || value === "") {
        throw officeError(ErrorCodes.invalidArgument, "Chart.name", "name");
      }
      this._refuseIfProtected("Chart.name");
      this._chart().name = value;
      this.context.model.notifyChanged();
    });
  }
  get chartType(): string {
    return this._get("chartType");
  }
  set chartType(value: string) {
    this._queueSet("chartType", value, () => {
      if (!CHART_TYPES.includes(value)) {
        throw officeError(ErrorCodes.invalidArgument, "Chart.chartType", "chartType");
      }
      this._refuseIfProtected("Chart.chartType");
      this._chart().chartType = value;
      this.context.model.notifyChanged();
    });
  }
  get top(): number {
    return this._get("top");
  }
  set top(value: number) {
    this.setNumber("top", value);
  }
  get left(): number {
    return this._get("left");
  }
  set left(value: number) {
    this.setNumber("left", value);
  }
  get width(): number {
    return this._get("width");
  }
  set width(value: number) {
    this.setNumber("width", value);
  }
  get height(): number {
    return this._get("height");
  }
  set height(value: number) {
    this.setNumber("height", value);
  }

  private cellArea(cell: RangeSurface | string, method: string): { sheet: SheetModel; area: Area } {
    if (typeof cell === "string") {
      const parsed = parseAddress(cell);
      if (!parsed) throw officeError(ErrorCodes.invalidArgument, `Chart.${method}`, "startCell");
      return { sheet: this.sheetOf(), area: parsed.area };
    }
    return this.factory.resolve(emulatedRange(cell, `Chart.${method}`));
  }

  /**
   * "Positions the chart relative to cells on the worksheet": moved to the start cell; with an
   * end cell, "the chart's width and height will be set to fully cover up this cell/range".
   */
  setPosition(startCell: RangeSurface | string, endCell?: RangeSurface | string): void {
    requireSameContext(this.context, startCell, "Chart.setPosition");
    requireSameContext(this.context, endCell, "Chart.setPosition");
    this._queue("call", "setPosition()", typeof startCell === "string" ? startCell : null, () => {
      this._refuseIfProtected("Chart.setPosition");
      const chart = this._chart();
      const start = this.cellArea(startCell, "setPosition");
      const corner = cellOffsetPoints(start.sheet, start.area.r0, start.area.c0);
      chart.top = corner.top;
      chart.left = corner.left;
      if (endCell !== undefined) {
        const end = this.cellArea(endCell, "setPosition");
        const far = cellOffsetPoints(end.sheet, end.area.r1 + 1, end.area.c1 + 1);
        chart.width = Math.max(0, far.left - corner.left);
        chart.height = Math.max(0, far.top - corner.top);
      }
      this.context.model.notifyChanged();
    });
  }

  delete(): void {
    this._queue("call", "delete()", null, () => {
      this._refuseIfProtected("Chart.delete");
      const chart = this._chart();
      const list = sheetObjects(this.sheetOf()).charts;
      list.splice(list.indexOf(chart), 1);
      this.context.model.notifyChanged();
    });
  }

  /** @internal The chart's source address, for the test API. */
  _sourceAddress(chart: ChartModel): string {
    return refAddress(this.context.model, chart.source);
  }
}
