/**
 * The Excel namespace of the emulation: Excel.run, RequestContext, Workbook, WorksheetCollection,
 * Worksheet, Range and its format objects, over the in-memory WorkbookModel, with the proxy rules
 * of proxy.ts. Only the members the add-in uses are here; each behaves as Excel on the web does.
 */
import { type SheetChange, protectionOptionsOf, refuseIfProtected } from "./protection";
import {
  type Area,
  MAX_COLUMNS,
  MAX_ROWS,
  areaColumns,
  areaRows,
  formatArea,
  formatAddress,
  parseAddress,
} from "./address";
import { EmulatedOfficeError, ErrorCodes, officeError } from "./errors";
import type {
  ApplicationSurface,
  CultureInfoSurface,
  ExcelBatch,
  ExcelSurface,
  NumberFormatInfoSurface,
  RangeFillSurface,
  RangeFontSurface,
  RangeFormatSurface,
  RangeSurface,
  RequestContextSurface,
  WorkbookSurface,
  WorksheetCollectionSurface,
  WorksheetFreezePanesSurface,
  WorksheetProtectionSurface,
  WorksheetSurface,
} from "./surface";
import { cellText, cellValueType } from "./format";
import { EmulatedNamedItemCollection } from "./names";
import { EmulatedRangeAreas } from "./range-areas";
import { fromR1C1, toR1C1 } from "./r1c1";
import { EmulatedTableCollection } from "./tables";
import { EmulatedAutoFilter } from "./autofilter";
import { EmulatedChartCollection } from "./charts";
import { SHEET_OBJECT_ENUMS } from "./sheet-object-enums";
import { EmulatedConditionalFormatCollection } from "./conditional-formats";
import {
  type Cell,
  type CellValue,
  DEFAULT_COLUMN_WIDTH,
  type SheetModel,
  type SheetVisibility,
} from "./model";
import {
  ClientObjectBase,
  EmulatedClientResult,
  queueCount,
  EmulatedRequestContext,
  type ExcelEnvironment,
  type Snapshot,
  type LoadSpec,
  jsonBytes,
  requireSameContext,
} from "./proxy";

/**
 * "A range is limited to 5,000,000 cells for read operations" (Office docs, Resource limits and
 * performance optimization, Excel add-ins). Past it Excel does not refuse: the cell-matrix
 * properties come back as `null` with no error, on Windows, Mac and the web alike (office-js
 * issue 6781: `values` of a 5,001,000-cell range; issue 4783: `values` and `text` of a used range
 * above 5 million cells; the performance article's note added by office-js-docs-pr 5821).
 */
export const MAX_CELLS_PER_READ = 5_000_000;
/** Rough width of one character of Calibri 11 in points, for autofit. */
const AUTOFIT_POINTS_PER_CHAR = 5.6;
const AUTOFIT_PADDING_POINTS = 6;
const MAX_COLUMN_WIDTH_POINTS = 1_500;
const DEFAULT_ROW_HEIGHT = 15;

export const ExcelEnums = {
  GroupOption: { byRows: "ByRows", byColumns: "ByColumns" },
  CalculationType: { recalculate: "Recalculate", full: "Full", fullRebuild: "FullRebuild" },
  CalculationMode: {
    automatic: "Automatic",
    automaticExceptTables: "AutomaticExceptTables",
    manual: "Manual",
  },
  SheetVisibility: { visible: "Visible", hidden: "Hidden", veryHidden: "VeryHidden" },
  RangeValueType: {
    unknown: "Unknown",
    empty: "Empty",
    string: "String",
    integer: "Integer",
    double: "Double",
    boolean: "Boolean",
    error: "Error",
    richValue: "RichValue",
  },
  ClearApplyTo: {
    all: "All",
    formats: "Formats",
    contents: "Contents",
    hyperlinks: "Hyperlinks",
    removeHyperlinks: "RemoveHyperlinks",
  },
  InsertShiftDirection: { down: "Down", right: "Right" },
  ...SHEET_OBJECT_ENUMS,
  DeleteShiftDirection: { up: "Up", left: "Left" },
  HorizontalAlignment: {
    general: "General",
    left: "Left",
    center: "Center",
    right: "Right",
    fill: "Fill",
    justify: "Justify",
    centerAcrossSelection: "CenterAcrossSelection",
    distributed: "Distributed",
  },
  ErrorCodes: {
    accessDenied: "AccessDenied",
    generalException: "GeneralException",
    invalidArgument: "InvalidArgument",
    invalidOperation: "InvalidOperation",
    invalidReference: "InvalidReference",
    itemAlreadyExists: "ItemAlreadyExists",
    itemNotFound: "ItemNotFound",
    requestPayloadSizeLimitExceeded: "RequestPayloadSizeLimitExceeded",
    responsePayloadSizeLimitExceeded: "ResponsePayloadSizeLimitExceeded",
  },
} as const;

interface ResolvedRange {
  sheet: SheetModel;
  area: Area;
}

type Matrix = unknown[][];

/** Excel cells hold at most 32,767 characters. */
const MAX_CELL_TEXT_LENGTH = 32_767;

function isScalarInput(value: unknown): value is CellValue | null {
  return (
    value === null ||
    (typeof value === "string" && value.length <= MAX_CELL_TEXT_LENGTH) ||
    (typeof value === "number" && Number.isFinite(value)) ||
    typeof value === "boolean"
  );
}

/** Excel's message when a 2-D array does not have the range's dimensions. */
const DIMENSION_MISMATCH_MESSAGE =
  "The number of rows or columns in the input array doesn't match the size or dimensions of the range.";

function dimensionMismatch(property: string): EmulatedOfficeError {
  return new EmulatedOfficeError({
    code: ErrorCodes.invalidArgument,
    message: DIMENSION_MISMATCH_MESSAGE,
    errorLocation: `Range.${property}`,
  });
}

/**
 * Excel accepts either a 2-D array of exactly the range's size, or one value for every cell.
 * Anything else is refused with InvalidArgument, as Excel does at sync.
 */
function expandInput(input: unknown, rows: number, columns: number, property: string): Matrix {
  if (!Array.isArray(input)) {
    if (!isScalarInput(input)) throw officeError(ErrorCodes.invalidArgument, `Range.${property}`, property);
    return Array.from({ length: rows }, () => Array.from({ length: columns }, () => input));
  }
  if (input.length !== rows) throw dimensionMismatch(property);
  for (const row of input) {
    if (!Array.isArray(row) || row.length !== columns) throw dimensionMismatch(property);
    for (const value of row) {
      if (!isScalarInput(value)) throw officeError(ErrorCodes.invalidArgument, `Range.${property}`, property);
    }
  }
  return input as Matrix;
}

function isEntireColumns(area: Area): boolean {
  return area.r0 === 0 && area.r1 === MAX_ROWS - 1;
}

function isEntireRows(area: Area): boolean {
  return area.c0 === 0 && area.c1 === MAX_COLUMNS - 1;
}

/** What Range.insert/delete changes, as sheet protection sees it (protection.ts). */
function structureChange(area: Area, direction: string, kind: "insert" | "delete"): SheetChange {
  if (isEntireRows(area) && (direction === "Down" || direction === "Up")) {
    return kind === "insert" ? "insertRows" : "deleteRows";
  }
  if (isEntireColumns(area) && (direction === "Right" || direction === "Left")) {
    return kind === "insert" ? "insertColumns" : "deleteColumns";
  }
  return "shiftCells";
}

/** Visits every cell of the area, row by row (callers keep areas bounded; whole columns have their own paths). */
function forEachCell(range: ResolvedRange, fn: (row: number, col: number) => void): void {
  const { area } = range;
  for (let r = area.r0; r <= area.r1; r += 1) for (let c = area.c0; c <= area.c1; c += 1) fn(r, c);
}

/** A cell-matrix property, or null past MAX_CELLS_PER_READ (as Excel answers, without an error). */
function readMatrix(range: ResolvedRange, read: (cell: Cell | undefined) => unknown): unknown[][] | null {
  const { sheet, area } = range;
  if (areaRows(area) * areaColumns(area) > MAX_CELLS_PER_READ) return null;
  const out: unknown[][] = [];
  for (let r = area.r0; r <= area.r1; r += 1) {
    const row: unknown[] = [];
    for (let c = area.c0; c <= area.c1; c += 1) row.push(read(sheet.getCell(r, c)));
    out.push(row);
  }
  return out;
}

/** Format properties: the common value of every cell of the range, or null when they differ. */
function commonValue<T>(range: ResolvedRange, read: (cell: Cell | undefined) => T): T | null {
  let first = true;
  let value: T | null = null;
  const { sheet, area } = range;
  const rows = Math.min(area.r1, area.r0 + 10_000);
  for (let r = area.r0; r <= rows; r += 1) {
    for (let c = area.c0; c <= area.c1; c += 1) {
      const v = read(sheet.getCell(r, c));
      if (first) {
        value = v;
        first = false;
      } else if (v !== value) return null;
    }
  }
  return value;
}

function cellValueForRead(cell: Cell | undefined): CellValue {
  return cell?.value ?? "";
}

function cellFormulaForRead(cell: Cell | undefined): CellValue {
  return cell?.formula ?? cell?.value ?? "";
}

export interface SelectionChangedArgs {
  type: "WorksheetSelectionChanged";
  address: string;
  worksheetId: string;
}

export interface EventHandlerResult {
  context: EmulatedRequestContext;
  remove(): void;
}

/**
 * An Office event (onSelectionChanged...): `add` is queued like any other call and takes effect
 * at the next sync; `remove` on the result likewise.
 */
export class EmulatedEventSource {
  constructor(
    private readonly context: EmulatedRequestContext,
    private readonly name: string,
    private readonly accept: (args: SelectionChangedArgs) => boolean,
  ) {}

  add(handler: (args: SelectionChangedArgs) => unknown): EventHandlerResult {
    const model = this.context.model;
    const listener = (selection: { sheetId: string; area: Area }): void => {
      const sheet = model.getSheetById(selection.sheetId);
      if (!sheet) return;
      const args: SelectionChangedArgs = {
        type: "WorksheetSelectionChanged",
        address: formatArea(selection.area),
        worksheetId: sheet.id,
      };
      if (this.accept(args)) void Promise.resolve().then(() => handler(args));
    };
    this.context._enqueue({
      kind: "call",
      statement: `${this.name}.add()`,
      run: () => void model.selectionListeners.add(listener),
    });
    return {
      context: this.context,
      remove: () =>
        this.context._enqueue({
          kind: "call",
          statement: `${this.name}.remove()`,
          run: () => void model.selectionListeners.delete(listener),
        }),
    };
  }
}

export interface WorksheetActivatedArgs {
  type: "WorksheetActivated";
  worksheetId: string;
}

/** WorksheetCollection.onActivated (ExcelApi 1.7): another sheet became the active one. */
export class EmulatedActivationSource {
  constructor(private readonly context: EmulatedRequestContext) {}

  add(handler: (args: WorksheetActivatedArgs) => Promise<unknown>): EventHandlerResult {
    const model = this.context.model;
    const listener = (worksheetId: string): void => {
      const args: WorksheetActivatedArgs = { type: "WorksheetActivated", worksheetId };
      void Promise.resolve().then(() => handler(args));
    };
    this.context._enqueue({
      kind: "call",
      statement: "WorksheetCollection.onActivated.add()",
      run: () => void model.activationListeners.add(listener),
    });
    return {
      context: this.context,
      remove: () =>
        this.context._enqueue({
          kind: "call",
          statement: "WorksheetCollection.onActivated.remove()",
          run: () => void model.activationListeners.delete(listener),
        }),
    };
  }
}

export class EmulatedWorkbook extends ClientObjectBase implements WorkbookSurface {
  protected readonly _entity = "Workbook";
  protected readonly _scalars = ["name"] as const;
  readonly worksheets: EmulatedWorksheetCollection;
  readonly application: EmulatedApplication;
  private tableCollection: EmulatedTableCollection | undefined;
  private nameCollection: EmulatedNamedItemCollection | undefined;
  private protectionObject: EmulatedWorkbookProtection | undefined;

  constructor(context: EmulatedRequestContext) {
    super(context);
    this.worksheets = new EmulatedWorksheetCollection(context);
    this.application = new EmulatedApplication(context);
  }

  protected _exists(): boolean {
    return true;
  }

  protected _read(name: string): unknown {
    return name === "name" ? "Book1.xlsx" : undefined;
  }

  protected override _navigation(name: string): ClientObjectBase | undefined {
    if (name === "application") return this.application;
    if (name === "protection") return this.protection;
    if (name === "tables") return this.tables;
    if (name === "names") return this.names;
    return undefined;
  }

  get name(): string {
    return this._get("name");
  }

  get onSelectionChanged(): EmulatedEventSource {
    return new EmulatedEventSource(this.context, "Workbook.onSelectionChanged", () => true);
  }

  get protection(): EmulatedWorkbookProtection {
    this.protectionObject ??= new EmulatedWorkbookProtection(this.context);
    return this.protectionObject;
  }

  get tables(): EmulatedTableCollection {
    this.tableCollection ??= new EmulatedTableCollection(this.context, rangeFactory, undefined);
    return this.tableCollection;
  }

  get names(): EmulatedNamedItemCollection {
    this.nameCollection ??= new EmulatedNamedItemCollection(this.context, rangeFactory);
    return this.nameCollection;
  }

  getSelectedRange(): EmulatedRange {
    const model = this.context.model;
    let selected: ResolvedRange | undefined;
    const locate = (): ResolvedRange | undefined => {
      selected ??= model.currentSelection();
      return selected;
    };
    return EmulatedRange.create(this.context, locate, false);
  }

  getActiveCell(): EmulatedRange {
    const model = this.context.model;
    let selected: ResolvedRange | undefined;
    const locate = (): ResolvedRange | undefined => {
      const sel = model.currentSelection();
      selected ??= sel
        ? { sheet: sel.sheet, area: { ...sel.area, r1: sel.area.r0, c1: sel.area.c0 } }
        : undefined;
      return selected;
    };
    return EmulatedRange.create(this.context, locate, false);
  }
}

export class EmulatedApplication extends ClientObjectBase implements ApplicationSurface {
  protected readonly _entity = "Application";
  // ExcelApi 1.11 separators: Excel's own (File > Options > Advanced) and whether the system's are
  // used instead ("Use system separators", on by default); the system's are in cultureInfo.
  protected readonly _scalars = ["calculationMode", "decimalSeparator", "useSystemSeparators"] as const;

  protected _exists(): boolean {
    return true;
  }

  protected _read(name: string): unknown {
    switch (name) {
      case "calculationMode":
        return "Automatic";
      case "decimalSeparator":
        return this.context.env.decimalSeparator;
      case "useSystemSeparators":
        return this.context.env.useSystemSeparators ?? true;
      default:
        return undefined;
    }
  }

  get calculationMode(): string {
    return this._get("calculationMode");
  }

  get decimalSeparator(): string {
    return this._get("decimalSeparator");
  }

  get useSystemSeparators(): boolean {
    return this._get("useSystemSeparators");
  }

  private culture: EmulatedCultureInfo | undefined;

  /** ExcelApi 1.11: the system culture; here the workbook's own separators stand for it. */
  get cultureInfo(): EmulatedCultureInfo {
    this.culture ??= new EmulatedCultureInfo(this.context);
    return this.culture;
  }

  protected override _navigation(name: string): ClientObjectBase | undefined {
    return name === "cultureInfo" ? this.cultureInfo : undefined;
  }

  /** Excel's calculation types: only Full and FullRebuild run non-volatile custom functions again. */
  calculate(calculationType: string): void {
    this._queue("call", `calculate(${calculationType})`, calculationType, () => {
      if (
        calculationType !== "Recalculate" &&
        calculationType !== "Full" &&
        calculationType !== "FullRebuild"
      ) {
        throw officeError(ErrorCodes.invalidArgument, "Application.calculate", "calculationType");
      }
      this.context.model.formulaEngine?.calculate(calculationType);
    });
  }

  suspendApiCalculationUntilNextSync(): void {
    this._queue("call", "suspendApiCalculationUntilNextSync()", null, () => undefined);
  }

  suspendScreenUpdatingUntilNextSync(): void {
    this._queue("call", "suspendScreenUpdatingUntilNextSync()", null, () => undefined);
  }
}

/** Excel.NumberFormatInfo (ExcelApi 1.11): the separators of the culture. */
export class EmulatedNumberFormatInfo extends ClientObjectBase implements NumberFormatInfoSurface {
  protected readonly _entity = "NumberFormatInfo";
  protected readonly _scalars = ["numberDecimalSeparator", "numberGroupSeparator"] as const;

  protected _exists(): boolean {
    return true;
  }

  protected _read(name: string): unknown {
    const culture = this.context.env.culture;
    if (name === "numberDecimalSeparator") return culture.decimal;
    if (name === "numberGroupSeparator") return culture.group;
    return undefined;
  }

  get numberDecimalSeparator(): string {
    return this._get("numberDecimalSeparator");
  }

  get numberGroupSeparator(): string {
    return this._get("numberGroupSeparator");
  }
}

/** Excel.CultureInfo (ExcelApi 1.11): the display locale (EmulationOptions.displayLocale). */
export class EmulatedCultureInfo extends ClientObjectBase implements CultureInfoSurface {
  protected readonly _entity = "CultureInfo";
  protected readonly _scalars = ["name"] as const;
  private format: EmulatedNumberFormatInfo | undefined;

  protected _exists(): boolean {
    return true;
  }

  protected _read(name: string): unknown {
    return name === "name" ? this.context.env.culture.name : undefined;
  }

  protected override _navigation(name: string): ClientObjectBase | undefined {
    return name === "numberFormat" ? this.numberFormat : undefined;
  }

  get name(): string {
    return this._get("name");
  }

  get numberFormat(): EmulatedNumberFormatInfo {
    this.format ??= new EmulatedNumberFormatInfo(this.context);
    return this.format;
  }
}

export class EmulatedWorksheetCollection extends ClientObjectBase implements WorksheetCollectionSurface {
  protected readonly _entity = "WorksheetCollection";
  protected readonly _scalars = [] as const;

  protected _exists(): boolean {
    return true;
  }

  protected _read(): unknown {
    return undefined;
  }

  get items(): EmulatedWorksheet[] {
    return this._get("items");
  }

  get onSelectionChanged(): EmulatedEventSource {
    return new EmulatedEventSource(this.context, "WorksheetCollection.onSelectionChanged", () => true);
  }

  get onActivated(): EmulatedActivationSource {
    return new EmulatedActivationSource(this.context);
  }

  override _snapshot(spec: LoadSpec): Snapshot {
    const itemSpec: LoadSpec = spec.children.get("items") ?? spec;
    const sheets = [...this.context.model.sheets];
    const items = sheets.map((sheet) => EmulatedWorksheet.bound(this.context, sheet.id));
    const itemSnapshots = items.map((item) => ({
      target: item,
      snapshot: item._snapshot(itemSpec.children.size === 0 ? { all: true, children: new Map() } : itemSpec),
    }));
    return { fields: new Map<string, unknown>([["items", items]]), nested: itemSnapshots };
  }

  override toJSON(): Record<string, unknown> {
    const items = this._fields.get("items") as EmulatedWorksheet[] | undefined;
    return { items: items?.map((item) => item.toJSON()) ?? [] };
  }

  add(name?: string): EmulatedWorksheet {
    let createdId: string | undefined;
    const sheet = new EmulatedWorksheet(this.context, () =>
      createdId === undefined ? undefined : this.context.model.getSheetById(createdId),
    );
    this._queue("call", `add(${JSON.stringify(name ?? "")})`, name ?? "", () => {
      if (name !== undefined && typeof name !== "string") {
        throw officeError(ErrorCodes.invalidArgument, "WorksheetCollection.add", "name");
      }
      if (this.context.model.structureProtected) {
        throw officeError(ErrorCodes.accessDenied, "WorksheetCollection.add");
      }
      createdId = this.context.model.addSheet(name).id;
    });
    return sheet;
  }

  private lookup(key: string): () => SheetModel | undefined {
    return () => this.context.model.getSheetByName(key) ?? this.context.model.getSheetById(key);
  }

  getItem(key: string): EmulatedWorksheet {
    return new EmulatedWorksheet(this.context, this.lookup(key));
  }

  getItemOrNullObject(key: string): EmulatedWorksheet {
    return new EmulatedWorksheet(this.context, this.lookup(key), true);
  }

  getActiveWorksheet(): EmulatedWorksheet {
    return new EmulatedWorksheet(this.context, () => this.context.model.activeSheet);
  }

  getFirst(visibleOnly = false): EmulatedWorksheet {
    return new EmulatedWorksheet(this.context, () =>
      this.context.model.sheets.find((s) => !visibleOnly || s.visibility === "Visible"),
    );
  }

  getLast(visibleOnly = false): EmulatedWorksheet {
    return new EmulatedWorksheet(this.context, () =>
      [...this.context.model.sheets].reverse().find((s) => !visibleOnly || s.visibility === "Visible"),
    );
  }

  getCount(visibleOnly = false): EmulatedClientResult<number> {
    return queueCount(
      this.context,
      "WorksheetCollection",
      () => this.context.model.sheets.filter((s) => !visibleOnly || s.visibility === "Visible").length,
    );
  }
}

export class EmulatedWorksheet extends ClientObjectBase implements WorksheetSurface {
  protected readonly _entity = "Worksheet";
  protected readonly _scalars = [
    "id",
    "name",
    "position",
    "visibility",
    "tabColor",
    "standardWidth",
  ] as const;
  private boundId: string | undefined;
  private formatFreeze: EmulatedFreezePanes | undefined;
  private protectionObject: EmulatedWorksheetProtection | undefined;
  private tableCollection: EmulatedTableCollection | undefined;
  private chartCollection: EmulatedChartCollection | undefined;
  private autoFilterObject: EmulatedAutoFilter | undefined;

  constructor(
    context: EmulatedRequestContext,
    private readonly locate: () => SheetModel | undefined,
    nullable = false,
  ) {
    super(context, nullable);
  }

  /** A proxy for a sheet already known by id (items of a loaded collection). */
  static bound(context: EmulatedRequestContext, id: string): EmulatedWorksheet {
    const sheet = new EmulatedWorksheet(context, () => context.model.getSheetById(id));
    sheet.boundId = id;
    sheet._isNull = false;
    return sheet;
  }

  /** @internal The sheet this proxy designates; the first resolution pins it by id. */
  _tryResolve(): SheetModel | undefined {
    if (this.boundId !== undefined) return this.context.model.getSheetById(this.boundId);
    const sheet = this.locate();
    if (sheet) this.boundId = sheet.id;
    return sheet;
  }

  /** @internal */
  _resolve(): SheetModel {
    const sheet = this._tryResolve();
    if (!sheet) throw officeError(ErrorCodes.itemNotFound, "Worksheet");
    return sheet;
  }

  protected _exists(): boolean {
    try {
      return this._tryResolve() !== undefined;
    } catch {
      return false;
    }
  }

  protected _read(name: string): unknown {
    const sheet = this._resolve();
    switch (name) {
      case "id":
        return sheet.id;
      case "name":
        return sheet.name;
      case "position":
        return this.context.model.sheets.indexOf(sheet);
      case "visibility":
        return sheet.visibility;
      case "tabColor":
        return sheet.tabColor;
      case "standardWidth":
        return DEFAULT_COLUMN_WIDTH;
      default:
        return undefined;
    }
  }

  protected override _navigation(name: string): ClientObjectBase | undefined {
    if (name === "freezePanes") return this.freezePanes;
    if (name === "tables") return this.tables;
    if (name === "protection") return this.protection;
    if (name === "charts") return this.charts;
    if (name === "autoFilter") return this.autoFilter;
    return undefined;
  }

  get id(): string {
    return this._get("id");
  }

  get name(): string {
    return this._get("name");
  }

  set name(value: string) {
    this._queueSet("name", value, () => {
      if (typeof value !== "string") throw officeError(ErrorCodes.invalidArgument, "Worksheet.name", "name");
      this.context.model.renameSheet(this._resolve(), value);
    });
  }

  get position(): number {
    return this._get("position");
  }

  set position(value: number) {
    this._queueSet("position", value, () => this.context.model.moveSheet(this._resolve(), value));
  }

  get visibility(): SheetVisibility {
    return this._get("visibility");
  }

  set visibility(value: SheetVisibility) {
    this._queueSet("visibility", value, () => {
      if (value !== "Visible" && value !== "Hidden" && value !== "VeryHidden") {
        throw officeError(ErrorCodes.invalidArgument, "Worksheet.visibility", "visibility");
      }
      this.context.model.setVisibility(this._resolve(), value);
    });
  }

  get tabColor(): string {
    return this._get("tabColor");
  }

  set tabColor(value: string) {
    this._queueSet("tabColor", value, () => {
      this._resolve().tabColor = value;
    });
  }

  get standardWidth(): number {
    return this._get("standardWidth");
  }

  get onSelectionChanged(): EmulatedEventSource {
    return new EmulatedEventSource(
      this.context,
      "Worksheet.onSelectionChanged",
      (args) => args.worksheetId === this._tryResolve()?.id,
    );
  }

  get tables(): EmulatedTableCollection {
    this.tableCollection ??= new EmulatedTableCollection(this.context, rangeFactory, () => this._resolve());
    return this.tableCollection;
  }

  get charts(): EmulatedChartCollection {
    this.chartCollection ??= new EmulatedChartCollection(this.context, rangeFactory, () => this._resolve());
    return this.chartCollection;
  }

  get autoFilter(): EmulatedAutoFilter {
    this.autoFilterObject ??= new EmulatedAutoFilter(this.context, rangeFactory, () => this._resolve());
    return this.autoFilterObject;
  }

  get freezePanes(): EmulatedFreezePanes {
    this.formatFreeze ??= new EmulatedFreezePanes(this.context, this);
    return this.formatFreeze;
  }

  get protection(): EmulatedWorksheetProtection {
    this.protectionObject ??= new EmulatedWorksheetProtection(this.context, this);
    return this.protectionObject;
  }

  private rangeOf(area: () => Area, nullable = false): EmulatedRange {
    return EmulatedRange.create(
      this.context,
      () => ({ sheet: this._resolve(), area: area() }),
      nullable,
      this,
    );
  }

  getRange(address?: string): EmulatedRange {
    return this.rangeOf(() => {
      if (address === undefined || address === "")
        return { r0: 0, c0: 0, r1: MAX_ROWS - 1, c1: MAX_COLUMNS - 1 };
      const parsed = parseAddress(address);
      const sheet = this._resolve();
      if (
        !parsed ||
        (parsed.sheet !== undefined && parsed.sheet.toLowerCase() !== sheet.name.toLowerCase())
      ) {
        throw officeError(ErrorCodes.invalidArgument, "Worksheet.getRange", "address");
      }
      return parsed.area;
    });
  }

  getRangeByIndexes(
    startRow: number,
    startColumn: number,
    rowCount: number,
    columnCount: number,
  ): EmulatedRange {
    return this.rangeOf(() => {
      const area = {
        r0: startRow,
        c0: startColumn,
        r1: startRow + rowCount - 1,
        c1: startColumn + columnCount - 1,
      };
      if (
        ![startRow, startColumn, rowCount, columnCount].every(Number.isInteger) ||
        rowCount < 1 ||
        columnCount < 1 ||
        area.r0 < 0 ||
        area.c0 < 0 ||
        area.r1 >= MAX_ROWS ||
        area.c1 >= MAX_COLUMNS
      ) {
        throw officeError(ErrorCodes.invalidArgument, "Worksheet.getRangeByIndexes", "rowCount");
      }
      return area;
    });
  }

  getCell(row: number, column: number): EmulatedRange {
    return this.getRangeByIndexes(row, column, 1, 1);
  }

  /** An empty sheet's used range is A1; the OrNullObject variant gives a null object instead. */
  getUsedRange(valuesOnly = false): EmulatedRange {
    return this.rangeOf(() => this._resolve().usedArea(valuesOnly) ?? { r0: 0, c0: 0, r1: 0, c1: 0 });
  }

  getUsedRangeOrNullObject(valuesOnly = false): EmulatedRange {
    return EmulatedRange.create(
      this.context,
      () => {
        const sheet = this._tryResolve();
        const area = sheet?.usedArea(valuesOnly);
        return sheet && area ? { sheet, area } : undefined;
      },
      true,
      this,
    );
  }

  activate(): void {
    this._queue("call", "activate()", null, () => this.context.model.activate(this._resolve()));
  }

  delete(): void {
    this._queue("call", "delete()", null, () => this.context.model.deleteSheet(this._resolve()));
  }

  /** markAllDirty true runs every custom function of the sheet again, false only the volatile ones. */
  calculate(markAllDirty: boolean): void {
    this._queue("call", `calculate(${markAllDirty})`, markAllDirty, () =>
      this.context.model.formulaEngine?.calculate(markAllDirty ? "Full" : "Recalculate", {
        sheet: this._resolve(),
      }),
    );
  }

  /** Hides outline groups deeper than the given levels, as the outline buttons 1..8 do. */
  showOutlineLevels(rowLevels: number, columnLevels: number): void {
    this._queue("call", `showOutlineLevels(${rowLevels},${columnLevels})`, null, () => {
      refuseIfProtected(this._resolve(), "outline", "Worksheet.showOutlineLevels");
      this.context.model.showOutlineLevels(this._resolve(), rowLevels, columnLevels);
    });
  }
}

/**
 * Worksheet.protection (ExcelApi 1.2): `protected`, `protect(options?, password?)`, `unprotect(password?)`.
 * A protected sheet refuses what Excel's default protection refuses, with AccessDenied ("You
 * cannot perform the requested operation."), before changing anything (protection.ts); the
 * options' boxes (allowFormatCells, allowInsertRows, ...) allow what they name. Reading works.
 * Passwords are accepted and not checked.
 */
export class EmulatedWorksheetProtection extends ClientObjectBase implements WorksheetProtectionSurface {
  protected readonly _entity = "WorksheetProtection";
  protected readonly _scalars = ["protected"] as const;

  constructor(
    context: EmulatedRequestContext,
    private readonly worksheet: EmulatedWorksheet,
  ) {
    super(context);
  }

  protected _exists(): boolean {
    return this.worksheet._tryResolve() !== undefined;
  }

  protected _read(name: string): unknown {
    return name === "protected" ? this.worksheet._resolve().isProtected : undefined;
  }

  get protected(): boolean {
    return this._get("protected");
  }

  protect(options?: unknown, password?: string): void {
    this._queue("call", "protect()", [options ?? null, password === undefined ? null : "***"], () => {
      const sheet = this.worksheet._resolve();
      sheet.isProtected = true;
      sheet.protectionOptions = protectionOptionsOf(options);
      this.context.model.notifyChanged();
    });
  }

  unprotect(password?: string): void {
    this._queue("call", "unprotect()", password === undefined ? null : "***", () => {
      const sheet = this.worksheet._resolve();
      sheet.isProtected = false;
      sheet.protectionOptions = {};
      this.context.model.notifyChanged();
    });
  }
}

/** Workbook.protection (ExcelApi 1.7): a protected structure refuses new sheets with AccessDenied. */
export class EmulatedWorkbookProtection extends ClientObjectBase {
  protected readonly _entity = "WorkbookProtection";
  protected readonly _scalars = ["protected"] as const;

  protected _exists(): boolean {
    return true;
  }

  protected _read(name: string): unknown {
    return name === "protected" ? this.context.model.structureProtected : undefined;
  }

  get protected(): boolean {
    return this._get("protected");
  }

  protect(password?: string): void {
    this._queue("call", "protect()", password === undefined ? null : "***", () => {
      this.context.model.structureProtected = true;
    });
  }

  unprotect(password?: string): void {
    this._queue("call", "unprotect()", password === undefined ? null : "***", () => {
      this.context.model.structureProtected = false;
    });
  }
}

export class EmulatedFreezePanes extends ClientObjectBase implements WorksheetFreezePanesSurface {
  protected readonly _entity = "WorksheetFreezePanes";
  protected readonly _scalars = [] as const;

  constructor(
    context: EmulatedRequestContext,
    private readonly worksheet: EmulatedWorksheet,
  ) {
    super(context);
  }

  protected _exists(): boolean {
    return this.worksheet._tryResolve() !== undefined;
  }

  protected _read(): unknown {
    return undefined;
  }

  private setFrozen(rows: number, columns: number): void {
    const sheet = this.worksheet._resolve();
    sheet.frozenRows = rows;
    sheet.frozenColumns = columns;
    this.context.model.notifyChanged();
  }

  freezeRows(count = 1): void {
    this._queue("call", `freezeRows(${count})`, null, () => this.setFrozen(count, 0));
  }

  freezeColumns(count = 1): void {
    this._queue("call", `freezeColumns(${count})`, null, () => this.setFrozen(0, count));
  }

  freezeAt(frozenRange: EmulatedRange | string): void {
    requireSameContext(this.context, frozenRange, "WorksheetFreezePanes.freezeAt");
    this._queue("call", "freezeAt()", null, () => {
      const area =
        typeof frozenRange === "string" ? parseAddress(frozenRange)?.area : frozenRange._resolveRange().area;
      if (!area)
        throw officeError(ErrorCodes.invalidArgument, "WorksheetFreezePanes.freezeAt", "frozenRange");
      this.setFrozen(area.r1 + 1, area.c1 + 1);
    });
  }

  unfreeze(): void {
    this._queue("call", "unfreeze()", null, () => this.setFrozen(0, 0));
  }

  getLocationOrNullObject(): EmulatedRange {
    return EmulatedRange.create(
      this.context,
      () => {
        const sheet = this.worksheet._tryResolve();
        if (!sheet || (sheet.frozenRows === 0 && sheet.frozenColumns === 0)) return undefined;
        const r1 = sheet.frozenRows > 0 ? sheet.frozenRows - 1 : MAX_ROWS - 1;
        const c1 = sheet.frozenColumns > 0 ? sheet.frozenColumns - 1 : MAX_COLUMNS - 1;
        return { sheet, area: { r0: 0, c0: 0, r1, c1 } };
      },
      true,
      this.worksheet,
    );
  }
}

const RANGE_SCALARS = [
  "address",
  "addressLocal",
  "cellCount",
  "columnCount",
  "columnHidden",
  "columnIndex",
  "formulas",
  "formulasLocal",
  "formulasR1C1",
  "hidden",
  "isEntireColumn",
  "isEntireRow",
  "numberFormat",
  "numberFormatLocal",
  "rowCount",
  "rowHidden",
  "rowIndex",
  "text",
  "values",
  "valueTypes",
] as const;

export class EmulatedRange extends ClientObjectBase implements RangeSurface {
  protected readonly _entity = "Range";
  protected readonly _scalars = RANGE_SCALARS;
  private resolved: { sheetId: string; area: Area } | undefined;
  private formatObject: EmulatedRangeFormat | undefined;
  private conditionalFormatCollection: EmulatedConditionalFormatCollection | undefined;
  private worksheetProxy: EmulatedWorksheet | undefined;

  private constructor(
    context: EmulatedRequestContext,
    private readonly locate: () => ResolvedRange | undefined,
    nullable: boolean,
    worksheet: EmulatedWorksheet | undefined,
  ) {
    super(context, nullable);
    this.worksheetProxy = worksheet;
  }

  static create(
    context: EmulatedRequestContext,
    locate: () => ResolvedRange | undefined,
    nullable: boolean,
    worksheet?: EmulatedWorksheet,
  ): EmulatedRange {
    return new EmulatedRange(context, locate, nullable, worksheet);
  }

  /** @internal The sheet and cells this proxy designates, fixed at its first use in a sync. */
  _tryResolveRange(): ResolvedRange | undefined {
    if (this.resolved) {
      const sheet = this.context.model.getSheetById(this.resolved.sheetId);
      return sheet ? { sheet, area: this.resolved.area } : undefined;
    }
    const found = this.locate();
    if (found) this.resolved = { sheetId: found.sheet.id, area: found.area };
    return found;
  }

  /** @internal */
  _resolveRange(): ResolvedRange {
    const found = this._tryResolveRange();
    if (!found) throw officeError(ErrorCodes.itemNotFound, "Range");
    return found;
  }

  protected _exists(): boolean {
    try {
      return this._tryResolveRange() !== undefined;
    } catch {
      return false;
    }
  }

  protected override _navigation(name: string): ClientObjectBase | undefined {
    if (name === "format") return this.format;
    if (name === "worksheet") return this.worksheet;
    if (name === "conditionalFormats") return this.conditionalFormats;
    return undefined;
  }

  protected _read(name: string): unknown {
    const range = this._resolveRange();
    const { sheet, area } = range;
    switch (name) {
      case "address":
      case "addressLocal":
        return formatAddress(sheet.name, area);
      case "cellCount":
        return areaRows(area) * areaColumns(area);
      case "rowCount":
        return areaRows(area);
      case "columnCount":
        return areaColumns(area);
      case "rowIndex":
        return area.r0;
      case "columnIndex":
        return area.c0;
      case "isEntireColumn":
        return isEntireColumns(area);
      case "isEntireRow":
        return isEntireRows(area);
      case "values":
        return readMatrix(range, cellValueForRead);
      case "formulas":
      case "formulasLocal":
        return readMatrix(range, cellFormulaForRead);
      case "formulasR1C1": {
        // Each formula relative to its own cell (./r1c1).
        let r = area.r0;
        let c = area.c0;
        return readMatrix(range, (cell) => {
          const read = toR1C1(cellFormulaForRead(cell), r, c);
          if (c === area.c1) {
            c = area.c0;
            r += 1;
          } else c += 1;
          return read;
        });
      }
      case "text": {
        let col = area.c0;
        const locale = this.context.model.displayLocale;
        return readMatrix(range, (cell) => {
          const text = cellText(cell, sheet.columnNumberFormats.get(col), locale);
          col = col === area.c1 ? area.c0 : col + 1;
          return text;
        });
      }
      case "valueTypes":
        return readMatrix(range, cellValueType);
      case "numberFormat":
      case "numberFormatLocal":
        return (
          readMatrix(range, (cell) => cell?.numberFormat ?? "General")?.map((row, i) =>
            row.map((format, j) =>
              format === "General" ? sheet.numberFormatAt(area.r0 + i, area.c0 + j) : format,
            ),
          ) ?? null
        );
      case "rowHidden":
        return rangeAll(area.r0, area.r1, (r) => sheet.hiddenRows.has(r));
      case "columnHidden":
        return rangeAll(area.c0, area.c1, (c) => sheet.hiddenColumns.has(c));
      case "hidden":
        return (
          rangeAll(area.r0, area.r1, (r) => sheet.hiddenRows.has(r)) ||
          rangeAll(area.c0, area.c1, (c) => sheet.hiddenColumns.has(c))
        );
      default:
        return undefined;
    }
  }

  get address(): string {
    return this._get("address");
  }
  get addressLocal(): string {
    return this._get("addressLocal");
  }
  get cellCount(): number {
    return this._get("cellCount");
  }
  get rowCount(): number {
    return this._get("rowCount");
  }
  get columnCount(): number {
    return this._get("columnCount");
  }
  get rowIndex(): number {
    return this._get("rowIndex");
  }
  get columnIndex(): number {
    return this._get("columnIndex");
  }
  get isEntireColumn(): boolean {
    return this._get("isEntireColumn");
  }
  get isEntireRow(): boolean {
    return this._get("isEntireRow");
  }
  get text(): string[][] {
    return this._get("text");
  }
  get valueTypes(): string[][] {
    return this._get("valueTypes");
  }
  get hidden(): boolean {
    return this._get("hidden");
  }

  get values(): unknown[][] {
    return this._get("values");
  }
  set values(value: unknown[][]) {
    this._queueSet("values", value, () => this.writeCells(value, "values"));
  }

  get formulas(): unknown[][] {
    return this._get("formulas");
  }
  set formulas(value: unknown[][]) {
    this._queueSet("formulas", value, () => this.writeCells(value, "formulas"));
  }

  /** ExcelApi 1.2: formulas in R1C1 notation, relative to each cell (./r1c1). */
  get formulasR1C1(): unknown[][] {
    return this._get("formulasR1C1");
  }
  set formulasR1C1(value: unknown[][]) {
    this._queueSet("formulasR1C1", value, () => {
      const { area } = this._resolveRange();
      const rows = Array.isArray(value) ? value : [[value]];
      const converted = rows.map((line, i) =>
        (Array.isArray(line) ? line : [line]).map((cell: unknown, j) =>
          fromR1C1(cell, area.r0 + (rows.length === 1 ? 0 : i), area.c0 + j),
        ),
      );
      this.writeCells(converted, "formulasR1C1");
    });
  }

  get formulasLocal(): unknown[][] {
    return this._get("formulasLocal");
  }
  set formulasLocal(value: unknown[][]) {
    this._queueSet("formulasLocal", value, () => this.writeCells(value, "formulasLocal"));
  }

  get numberFormat(): unknown[][] {
    return this._get("numberFormat");
  }
  set numberFormat(value: unknown[][]) {
    this._queueSet("numberFormat", value, () => {
      const range = this._resolveRange();
      refuseIfProtected(range.sheet, "formatCells", "Range.numberFormat");
      if (isEntireColumns(range.area)) {
        // A column format, as Excel keeps it: it does not make a million cells "used".
        const firstRow: unknown[] = Array.isArray(value)
          ? (expandInput(value, areaRows(range.area), areaColumns(range.area), "numberFormat")[0] ?? [])
          : (expandInput(value, 1, areaColumns(range.area), "numberFormat")[0] ?? []);
        for (let c = range.area.c0; c <= range.area.c1; c += 1) {
          const format = firstRow[c - range.area.c0];
          if (!isScalarInput(format) || format === null) continue;
          range.sheet.columnNumberFormats.set(c, String(format));
          for (const [key, cell] of range.sheet.cells) if (key % MAX_COLUMNS === c) delete cell.numberFormat;
        }
        this.context.model.notifyChanged();
        return;
      }
      const matrix = expandInput(value, areaRows(range.area), areaColumns(range.area), "numberFormat");
      forEachCell(range, (r, c) => {
        const format = matrix[r - range.area.r0]?.[c - range.area.c0];
        if (!isScalarInput(format) || format === null) return;
        range.sheet.ensureCell(r, c).numberFormat = String(format);
      });
      this.context.model.notifyChanged();
    });
  }

  get numberFormatLocal(): unknown[][] {
    return this._get("numberFormatLocal");
  }

  get rowHidden(): boolean {
    return this._get("rowHidden");
  }
  set rowHidden(value: boolean) {
    this._queueSet("rowHidden", value, () => {
      const { sheet, area } = this._resolveRange();
      refuseIfProtected(sheet, "formatRows", "Range.rowHidden");
      for (let r = area.r0; r <= area.r1; r += 1) {
        if (value) sheet.hiddenRows.add(r);
        else sheet.hiddenRows.delete(r);
      }
      this.context.model.notifyChanged();
    });
  }

  get columnHidden(): boolean {
    return this._get("columnHidden");
  }
  set columnHidden(value: boolean) {
    this._queueSet("columnHidden", value, () => {
      const { sheet, area } = this._resolveRange();
      refuseIfProtected(sheet, "formatColumns", "Range.columnHidden");
      for (let c = area.c0; c <= area.c1; c += 1) {
        if (value) sheet.hiddenColumns.add(c);
        else sheet.hiddenColumns.delete(c);
      }
      this.context.model.notifyChanged();
    });
  }

  private writeCells(input: unknown, property: string): void {
    const range = this._resolveRange();
    const { sheet, area } = range;
    refuseIfProtected(sheet, "cells", `Range.${property}`);
    if (isEntireColumns(area) || isEntireRows(area)) {
      throw officeError(ErrorCodes.invalidArgument, `Range.${property}`, property);
    }
    const matrix = expandInput(input, areaRows(area), areaColumns(area), property);
    forEachCell(range, (r, c) => {
      const value = matrix[r - area.r0]?.[c - area.c0];
      // Excel leaves a cell unchanged where the 2-D array holds null.
      if (value === null || value === undefined) return;
      this.context.model.writeInput(sheet, r, c, value as CellValue);
    });
  }

  get format(): EmulatedRangeFormat {
    this.formatObject ??= new EmulatedRangeFormat(this.context, this);
    return this.formatObject;
  }

  /** ExcelApi 1.6: the conditional formats that intersect the range (conditional-formats.ts). */
  get conditionalFormats(): EmulatedConditionalFormatCollection {
    this.conditionalFormatCollection ??= new EmulatedConditionalFormatCollection(
      this.context,
      rangeFactory,
      this,
    );
    return this.conditionalFormatCollection;
  }

  get worksheet(): EmulatedWorksheet {
    this.worksheetProxy ??= new EmulatedWorksheet(this.context, () => this._resolveRange().sheet);
    return this.worksheetProxy;
  }

  private derive(compute: (base: ResolvedRange) => Area, method: string): EmulatedRange {
    return EmulatedRange.create(
      this.context,
      () => {
        const base = this._resolveRange();
        const area = compute(base);
        if (
          area.r0 < 0 ||
          area.c0 < 0 ||
          area.r1 >= MAX_ROWS ||
          area.c1 >= MAX_COLUMNS ||
          area.r1 < area.r0 ||
          area.c1 < area.c0
        ) {
          throw officeError(ErrorCodes.invalidArgument, `Range.${method}`, method);
        }
        return { sheet: base.sheet, area };
      },
      false,
    );
  }

  getCell(row: number, column: number): EmulatedRange {
    return this.derive(
      ({ area }) => ({ r0: area.r0 + row, c0: area.c0 + column, r1: area.r0 + row, c1: area.c0 + column }),
      "getCell",
    );
  }

  getOffsetRange(rowOffset: number, columnOffset: number): EmulatedRange {
    return this.derive(
      ({ area }) => ({
        r0: area.r0 + rowOffset,
        c0: area.c0 + columnOffset,
        r1: area.r1 + rowOffset,
        c1: area.c1 + columnOffset,
      }),
      "getOffsetRange",
    );
  }

  getResizedRange(deltaRows: number, deltaColumns: number): EmulatedRange {
    return this.derive(
      ({ area }) => ({ r0: area.r0, c0: area.c0, r1: area.r1 + deltaRows, c1: area.c1 + deltaColumns }),
      "getResizedRange",
    );
  }

  getAbsoluteResizedRange(numRows: number, numColumns: number): EmulatedRange {
    return this.derive(
      ({ area }) => ({ r0: area.r0, c0: area.c0, r1: area.r0 + numRows - 1, c1: area.c0 + numColumns - 1 }),
      "getAbsoluteResizedRange",
    );
  }

  getRow(row: number): EmulatedRange {
    return this.derive(({ area }) => {
      if (row < 0 || row > area.r1 - area.r0) return { r0: -1, c0: 0, r1: -1, c1: 0 };
      return { r0: area.r0 + row, c0: area.c0, r1: area.r0 + row, c1: area.c1 };
    }, "getRow");
  }

  getColumn(column: number): EmulatedRange {
    return this.derive(({ area }) => {
      if (column < 0 || column > area.c1 - area.c0) return { r0: -1, c0: 0, r1: -1, c1: 0 };
      return { r0: area.r0, c0: area.c0 + column, r1: area.r1, c1: area.c0 + column };
    }, "getColumn");
  }

  getEntireColumn(): EmulatedRange {
    return this.derive(
      ({ area }) => ({ r0: 0, c0: area.c0, r1: MAX_ROWS - 1, c1: area.c1 }),
      "getEntireColumn",
    );
  }

  getEntireRow(): EmulatedRange {
    return this.derive(
      ({ area }) => ({ r0: area.r0, c0: 0, r1: area.r1, c1: MAX_COLUMNS - 1 }),
      "getEntireRow",
    );
  }

  getLastRow(): EmulatedRange {
    return this.derive(({ area }) => ({ ...area, r0: area.r1 }), "getLastRow");
  }

  getLastColumn(): EmulatedRange {
    return this.derive(({ area }) => ({ ...area, c0: area.c1 }), "getLastColumn");
  }

  getLastCell(): EmulatedRange {
    return this.derive(({ area }) => ({ r0: area.r1, c0: area.c1, r1: area.r1, c1: area.c1 }), "getLastCell");
  }

  private usedWithin(valuesOnly: boolean): ResolvedRange | undefined {
    const { sheet, area } = this._resolveRange();
    const used = sheet.usedArea(valuesOnly);
    if (!used) return undefined;
    const inter = {
      r0: Math.max(area.r0, used.r0),
      c0: Math.max(area.c0, used.c0),
      r1: Math.min(area.r1, used.r1),
      c1: Math.min(area.c1, used.c1),
    };
    return inter.r0 > inter.r1 || inter.c0 > inter.c1 ? undefined : { sheet, area: inter };
  }

  getUsedRange(valuesOnly = false): EmulatedRange {
    return EmulatedRange.create(
      this.context,
      () => {
        const found = this.usedWithin(valuesOnly);
        if (!found) throw officeError(ErrorCodes.itemNotFound, "Range.getUsedRange");
        return found;
      },
      false,
    );
  }

  getUsedRangeOrNullObject(valuesOnly = false): EmulatedRange {
    return EmulatedRange.create(this.context, () => this.usedWithin(valuesOnly), true);
  }

  /** The other range's cells as a resolved area on this range's sheet (address or Range). */
  private otherArea(other: EmulatedRange | string, method: string): Area {
    if (typeof other !== "string") {
      const resolved = other._resolveRange();
      if (resolved.sheet !== this._resolveRange().sheet) {
        throw officeError(ErrorCodes.invalidArgument, `Range.${method}`, "anotherRange");
      }
      return resolved.area;
    }
    const parsed = parseAddress(other);
    if (!parsed) throw officeError(ErrorCodes.invalidArgument, `Range.${method}`, "anotherRange");
    return parsed.area;
  }

  private intersect(other: EmulatedRange | string, method: string): ResolvedRange | undefined {
    const base = this._resolveRange();
    const o = this.otherArea(other, method);
    const area = {
      r0: Math.max(base.area.r0, o.r0),
      c0: Math.max(base.area.c0, o.c0),
      r1: Math.min(base.area.r1, o.r1),
      c1: Math.min(base.area.c1, o.c1),
    };
    return area.r0 > area.r1 || area.c0 > area.c1 ? undefined : { sheet: base.sheet, area };
  }

  getIntersection(anotherRange: EmulatedRange | string): EmulatedRange {
    requireSameContext(this.context, anotherRange, "Range.getIntersection");
    return EmulatedRange.create(
      this.context,
      () => {
        const found = this.intersect(anotherRange, "getIntersection");
        if (!found) throw officeError(ErrorCodes.itemNotFound, "Range.getIntersection");
        return found;
      },
      false,
    );
  }

  getIntersectionOrNullObject(anotherRange: EmulatedRange | string): EmulatedRange {
    requireSameContext(this.context, anotherRange, "Range.getIntersectionOrNullObject");
    return EmulatedRange.create(this.context, () => this.intersect(anotherRange, "getIntersection"), true);
  }

  getBoundingRect(anotherRange: EmulatedRange | string): EmulatedRange {
    requireSameContext(this.context, anotherRange, "Range.getBoundingRect");
    return this.derive((base) => {
      const o = this.otherArea(anotherRange, "getBoundingRect");
      return {
        r0: Math.min(base.area.r0, o.r0),
        c0: Math.min(base.area.c0, o.c0),
        r1: Math.max(base.area.r1, o.r1),
        c1: Math.max(base.area.c1, o.c1),
      };
    }, "getBoundingRect");
  }

  clear(applyTo: string = "All"): void {
    this._queue("call", `clear(${applyTo})`, applyTo, () => {
      const { sheet, area } = this._resolveRange();
      const mode =
        applyTo === "Formats" || applyTo === "Contents" || applyTo === "Hyperlinks" ? applyTo : "All";
      refuseIfProtected(sheet, mode === "Formats" ? "formatCells" : "cells", "Range.clear");
      this.context.model.clearArea(sheet, area, mode);
    });
  }

  /** Inserts cells of the range's size, pushing the others down or right; returns the new cells. */
  insert(shift: string): EmulatedRange {
    let inserted: ResolvedRange | undefined;
    this._queue("call", `insert(${shift})`, shift, () => {
      const range = this._resolveRange();
      const direction = shift === "Right" ? "Right" : shift === "Down" ? "Down" : undefined;
      if (!direction) throw officeError(ErrorCodes.invalidArgument, "Range.insert", "shift");
      refuseIfProtected(range.sheet, structureChange(range.area, direction, "insert"), "Range.insert");
      this.context.model.shiftCells(range.sheet, range.area, direction);
      inserted = range;
    });
    return EmulatedRange.create(this.context, () => inserted, false);
  }

  /** Deletes the range's cells, pulling the others up or left. */
  delete(shift: string): void {
    this._queue("call", `delete(${shift})`, shift, () => {
      const range = this._resolveRange();
      const direction = shift === "Left" ? "Left" : shift === "Up" ? "Up" : undefined;
      if (!direction) throw officeError(ErrorCodes.invalidArgument, "Range.delete", "shift");
      refuseIfProtected(range.sheet, structureChange(range.area, direction, "delete"), "Range.delete");
      this.context.model.shiftCells(range.sheet, range.area, direction);
    });
  }

  /**
   * Range.moveTo (ExcelApi 1.11): cut and paste to the area of this range's size at the
   * destination's top-left cell (on its sheet; an address without a sheet is on this range's);
   * references follow as WorkbookModel.moveCells says.
   */
  moveTo(destination: EmulatedRange | string): void {
    this._queue("call", `moveTo(${typeof destination === "string" ? destination : "range"})`, null, () => {
      const from = this._resolveRange();
      let toSheet = from.sheet;
      let corner: Area;
      if (typeof destination === "string") {
        const parsed = parseAddress(destination);
        if (!parsed) throw officeError(ErrorCodes.invalidArgument, "Range.moveTo", "destinationRange");
        if (parsed.sheet !== undefined) {
          const named = this.context.model.getSheetByName(parsed.sheet);
          if (!named) throw officeError(ErrorCodes.itemNotFound, "Range.moveTo");
          toSheet = named;
        }
        corner = parsed.area;
      } else {
        const resolved = destination._resolveRange();
        toSheet = resolved.sheet;
        corner = resolved.area;
      }
      const to = {
        r0: corner.r0,
        c0: corner.c0,
        r1: corner.r0 + (from.area.r1 - from.area.r0),
        c1: corner.c0 + (from.area.c1 - from.area.c0),
      };
      if (to.r1 >= MAX_ROWS || to.c1 >= MAX_COLUMNS) {
        throw officeError(ErrorCodes.invalidArgument, "Range.moveTo", "destinationRange");
      }
      refuseIfProtected(from.sheet, "cells", "Range.moveTo");
      refuseIfProtected(toSheet, "cells", "Range.moveTo");
      this.context.model.moveCells({ sheet: from.sheet, from: from.area, toSheet, to });
    });
  }

  /** Range.merge (ExcelApi 1.2): see WorkbookModel.merge for what Excel keeps and refuses. */
  merge(across = false): void {
    this._queue("call", `merge(${across})`, across, () => {
      const { sheet, area } = this._resolveRange();
      refuseIfProtected(sheet, "cells", "Range.merge");
      this.context.model.merge(sheet, area, across === true);
    });
  }

  unmerge(): void {
    this._queue("call", "unmerge()", null, () => {
      const { sheet, area } = this._resolveRange();
      refuseIfProtected(sheet, "cells", "Range.unmerge");
      this.context.model.unmerge(sheet, area);
    });
  }

  /**
   * Range.getMergedAreasOrNullObject (ExcelApi 1.13): the merged areas of the range, a null object
   * when there are none. As Excel does on desktop and the web, only merged areas whose top-left
   * cell lies in the range are found: one that starts left of or above the range is missed
   * (office-js issue 3611).
   */
  getMergedAreasOrNullObject(): EmulatedRangeAreas {
    return new EmulatedRangeAreas(
      this.context,
      rangeFactory,
      () => {
        const { sheet, area } = this._resolveRange();
        const areas = sheet.mergedAreas.filter(
          (m) => m.r0 >= area.r0 && m.r0 <= area.r1 && m.c0 >= area.c0 && m.c0 <= area.c1,
        );
        return { sheet, areas: areas.map((m) => ({ ...m })) };
      },
      true,
    );
  }

  select(): void {
    this._queue("call", "select()", null, () => {
      const { sheet, area } = this._resolveRange();
      this.context.model.select(sheet, area);
    });
  }

  /** Range.calculate: the formulas of the range run again (on the web only those since office-js 576). */
  calculate(): void {
    this._queue("call", "calculate()", null, () => {
      const { sheet, area } = this._resolveRange();
      this.context.model.formulaEngine?.calculate("Full", { sheet, area });
    });
  }

  group(groupOption: string): void {
    this._queue("call", `group(${groupOption})`, groupOption, () => {
      const { sheet, area } = this._resolveRange();
      if (groupOption !== "ByRows" && groupOption !== "ByColumns") {
        throw officeError(ErrorCodes.invalidArgument, "Range.group", "groupOption");
      }
      refuseIfProtected(sheet, "outline", "Range.group");
      this.context.model.group(sheet, area, groupOption === "ByRows");
    });
  }

  ungroup(groupOption: string): void {
    this._queue("call", `ungroup(${groupOption})`, groupOption, () => {
      const { sheet, area } = this._resolveRange();
      refuseIfProtected(sheet, "outline", "Range.ungroup");
      this.context.model.ungroup(sheet, area, groupOption !== "ByColumns");
    });
  }

  hideGroupDetails(groupOption: string): void {
    this._queue("call", `hideGroupDetails(${groupOption})`, groupOption, () =>
      this.setOutlineHidden(groupOption, true),
    );
  }

  showGroupDetails(groupOption: string): void {
    this._queue("call", `showGroupDetails(${groupOption})`, groupOption, () =>
      this.setOutlineHidden(groupOption, false),
    );
  }

  private setOutlineHidden(groupOption: string, hide: boolean): void {
    const { sheet, area } = this._resolveRange();
    refuseIfProtected(sheet, "outline", hide ? "Range.hideGroupDetails" : "Range.showGroupDetails");
    const byRows = groupOption !== "ByColumns";
    const outline = byRows ? sheet.rowOutline : sheet.columnOutline;
    const hidden = byRows ? sheet.hiddenRows : sheet.hiddenColumns;
    const [from, to] = byRows ? [area.r0, area.r1] : [area.c0, area.c1];
    for (let i = from; i <= to; i += 1) {
      if ((outline.get(i) ?? 0) === 0) continue;
      if (hide) hidden.add(i);
      else hidden.delete(i);
    }
    this.context.model.formulaEngine?.outlineToggled(sheet);
    this.context.model.notifyChanged();
  }
}

function rangeAll(from: number, to: number, test: (i: number) => boolean): boolean {
  const last = Math.min(to, from + 100_000);
  for (let i = from; i <= last; i += 1) if (!test(i)) return false;
  return true;
}

type CellFormatKey =
  | "bold"
  | "italic"
  | "fontColor"
  | "fill"
  | "horizontalAlignment"
  | "wrapText"
  | "fontName"
  | "fontSize"
  | "indentLevel";

/** Applies one format property to every cell of the range; whole columns only touch stored cells. */
function applyCellFormat(
  owner: EmulatedRange,
  key: CellFormatKey,
  value: string | boolean | number | undefined,
  notify: () => void,
): void {
  const range = owner._resolveRange();
  const { sheet, area } = range;
  refuseIfProtected(sheet, "formatCells", `RangeFormat.${key}`);
  const set = (cell: Cell): void => {
    if (value === undefined) delete cell[key];
    else (cell as unknown as Record<string, unknown>)[key] = value;
  };
  if (areaRows(area) * areaColumns(area) > 200_000) {
    for (const [, cell] of sheet.cells) set(cell);
  } else {
    forEachCell(range, (r, c) => set(sheet.ensureCell(r, c)));
  }
  notify();
}

export class EmulatedRangeFormat extends ClientObjectBase implements RangeFormatSurface {
  protected readonly _entity = "RangeFormat";
  protected readonly _scalars = [
    "columnWidth",
    "rowHeight",
    "horizontalAlignment",
    "wrapText",
    "indentLevel",
  ] as const;
  readonly font: EmulatedRangeFont;
  readonly fill: EmulatedRangeFill;

  constructor(
    context: EmulatedRequestContext,
    private readonly range: EmulatedRange,
  ) {
    super(context);
    this.font = new EmulatedRangeFont(context, range);
    this.fill = new EmulatedRangeFill(context, range);
  }

  protected _exists(): boolean {
    return this.range._tryResolveRange() !== undefined;
  }

  protected override _navigation(name: string): ClientObjectBase | undefined {
    if (name === "font") return this.font;
    if (name === "fill") return this.fill;
    return undefined;
  }

  protected _read(name: string): unknown {
    const resolved = this.range._resolveRange();
    const { sheet, area } = resolved;
    switch (name) {
      case "columnWidth": {
        const first = sheet.columnWidth(area.c0);
        return rangeAll(area.c0, area.c1, (c) => sheet.columnWidth(c) === first) ? first : null;
      }
      case "rowHeight": {
        const first = sheet.rowHeights.get(area.r0) ?? DEFAULT_ROW_HEIGHT;
        return rangeAll(area.r0, area.r1, (r) => (sheet.rowHeights.get(r) ?? DEFAULT_ROW_HEIGHT) === first)
          ? first
          : null;
      }
      case "horizontalAlignment":
        return commonValue(resolved, (cell) => cell?.horizontalAlignment ?? "General");
      case "wrapText":
        return commonValue(resolved, (cell) => cell?.wrapText ?? false);
      case "indentLevel":
        return commonValue(resolved, (cell) => cell?.indentLevel ?? 0);
      default:
        return undefined;
    }
  }

  get columnWidth(): number {
    return this._get("columnWidth");
  }
  set columnWidth(value: number) {
    this._queueSet("columnWidth", value, () => {
      if (typeof value !== "number" || !(value >= 0)) {
        throw officeError(ErrorCodes.invalidArgument, "RangeFormat.columnWidth", "columnWidth");
      }
      const { sheet, area } = this.range._resolveRange();
      refuseIfProtected(sheet, "formatColumns", "RangeFormat.columnWidth");
      for (let c = area.c0; c <= area.c1; c += 1)
        sheet.columnWidths.set(c, Math.min(value, MAX_COLUMN_WIDTH_POINTS));
      this.context.model.notifyChanged();
    });
  }

  get rowHeight(): number {
    return this._get("rowHeight");
  }
  set rowHeight(value: number) {
    this._queueSet("rowHeight", value, () => {
      const { sheet, area } = this.range._resolveRange();
      refuseIfProtected(sheet, "formatRows", "RangeFormat.rowHeight");
      for (let r = area.r0; r <= Math.min(area.r1, area.r0 + 100_000); r += 1) sheet.rowHeights.set(r, value);
      this.context.model.notifyChanged();
    });
  }

  get horizontalAlignment(): string {
    return this._get("horizontalAlignment");
  }
  set horizontalAlignment(value: string) {
    this._queueSet("horizontalAlignment", value, () =>
      applyCellFormat(this.range, "horizontalAlignment", value, () => this.context.model.notifyChanged()),
    );
  }

  get wrapText(): boolean {
    return this._get("wrapText");
  }
  set wrapText(value: boolean) {
    this._queueSet("wrapText", value, () =>
      applyCellFormat(this.range, "wrapText", value, () => this.context.model.notifyChanged()),
    );
  }

  get indentLevel(): number {
    return this._get("indentLevel");
  }
  set indentLevel(value: number) {
    this._queueSet("indentLevel", value, () => {
      // Excel accepts indent levels 0 to 250.
      if (!Number.isInteger(value) || value < 0 || value > 250) {
        throw officeError(ErrorCodes.invalidArgument, "RangeFormat.indentLevel", "indentLevel");
      }
      applyCellFormat(this.range, "indentLevel", value === 0 ? undefined : value, () =>
        this.context.model.notifyChanged(),
      );
    });
  }

  /** Widths from the longest displayed text of each column among the stored cells. */
  autofitColumns(): void {
    this._queue("call", "autofitColumns()", null, () => {
      const { sheet, area } = this.range._resolveRange();
      refuseIfProtected(sheet, "formatColumns", "RangeFormat.autofitColumns");
      const longest = new Map<number, number>();
      for (const [key, cell] of sheet.cells) {
        const col = key % MAX_COLUMNS;
        const row = Math.floor(key / MAX_COLUMNS);
        if (col < area.c0 || col > area.c1 || row < area.r0 || row > area.r1) continue;
        const length =
          cellText(cell, undefined, this.context.model.displayLocale).length * (cell.bold ? 1.2 : 1); // bold digits run wider
        longest.set(col, Math.max(longest.get(col) ?? 0, length));
      }
      for (let c = area.c0; c <= Math.min(area.c1, area.c0 + 1_000); c += 1) {
        const chars = longest.get(c);
        const width =
          chars === undefined
            ? DEFAULT_COLUMN_WIDTH
            : Math.min(MAX_COLUMN_WIDTH_POINTS, chars * AUTOFIT_POINTS_PER_CHAR + AUTOFIT_PADDING_POINTS);
        sheet.columnWidths.set(c, Math.round(width * 4) / 4);
      }
      this.context.model.notifyChanged();
    });
  }

  autofitRows(): void {
    this._queue("call", "autofitRows()", null, () => {
      refuseIfProtected(this.range._resolveRange().sheet, "formatRows", "RangeFormat.autofitRows");
    });
  }
}

export class EmulatedRangeFont extends ClientObjectBase implements RangeFontSurface {
  protected readonly _entity = "RangeFont";
  protected readonly _scalars = ["bold", "italic", "color", "name", "size"] as const;

  constructor(
    context: EmulatedRequestContext,
    private readonly range: EmulatedRange,
  ) {
    super(context);
  }

  protected _exists(): boolean {
    return this.range._tryResolveRange() !== undefined;
  }

  protected _read(name: string): unknown {
    const resolved = this.range._resolveRange();
    switch (name) {
      case "bold":
        return commonValue(resolved, (cell) => cell?.bold ?? false);
      case "italic":
        return commonValue(resolved, (cell) => cell?.italic ?? false);
      case "color":
        return commonValue(resolved, (cell) => cell?.fontColor ?? "#000000");
      case "name":
        return commonValue(resolved, (cell) => cell?.fontName ?? "Calibri");
      case "size":
        return commonValue(resolved, (cell) => cell?.fontSize ?? 11);
      default:
        return undefined;
    }
  }

  private notify = (): void => this.context.model.notifyChanged();

  get bold(): boolean {
    return this._get("bold");
  }
  set bold(value: boolean) {
    this._queueSet("bold", value, () => applyCellFormat(this.range, "bold", Boolean(value), this.notify));
  }

  get italic(): boolean {
    return this._get("italic");
  }
  set italic(value: boolean) {
    this._queueSet("italic", value, () => applyCellFormat(this.range, "italic", Boolean(value), this.notify));
  }

  get color(): string {
    return this._get("color");
  }
  set color(value: string) {
    this._queueSet("color", value, () => applyCellFormat(this.range, "fontColor", value, this.notify));
  }

  get name(): string {
    return this._get("name");
  }
  set name(value: string) {
    this._queueSet("name", value, () => applyCellFormat(this.range, "fontName", String(value), this.notify));
  }

  get size(): number {
    return this._get("size");
  }
  set size(value: number) {
    this._queueSet("size", value, () => {
      if (typeof value !== "number" || !(value > 0)) {
        throw officeError(ErrorCodes.invalidArgument, "RangeFont.size", "size");
      }
      applyCellFormat(this.range, "fontSize", value, this.notify);
    });
  }
}

export class EmulatedRangeFill extends ClientObjectBase implements RangeFillSurface {
  protected readonly _entity = "RangeFill";
  protected readonly _scalars = ["color"] as const;

  constructor(
    context: EmulatedRequestContext,
    private readonly range: EmulatedRange,
  ) {
    super(context);
  }

  protected _exists(): boolean {
    return this.range._tryResolveRange() !== undefined;
  }

  protected _read(name: string): unknown {
    if (name !== "color") return undefined;
    // Excel reports "#FFFFFF" for cells without a fill.
    return commonValue(this.range._resolveRange(), (cell) => cell?.fill ?? "#FFFFFF");
  }

  get color(): string {
    return this._get("color");
  }
  set color(value: string) {
    this._queueSet("color", value, () =>
      applyCellFormat(this.range, "fill", value, () => this.context.model.notifyChanged()),
    );
  }

  clear(): void {
    this._queue("call", "clear()", null, () =>
      applyCellFormat(this.range, "fill", undefined, () => this.context.model.notifyChanged()),
    );
  }
}

/**
 * Builds range and worksheet proxies for the modules of sheet objects (tables, names, charts,
 * conditional formats, autofilters, range areas) without a module cycle at load time: this file
 * imports them, so they receive the factory (rangeFactory below) rather than import its classes.
 */
export interface RangeFactory {
  range(
    context: EmulatedRequestContext,
    locate: () => { sheet: SheetModel; area: Area } | undefined,
    nullable?: boolean,
  ): EmulatedRange;
  worksheetOf(context: EmulatedRequestContext, sheetId: () => string | undefined): EmulatedWorksheet;
  /** The range proxy's sheet and cells, resolved at sync time. */
  resolve(range: EmulatedRange): { sheet: SheetModel; area: Area };
}

const rangeFactory: RangeFactory = {
  range: (context, locate, nullable = false) => EmulatedRange.create(context, locate, nullable),
  worksheetOf: (context, sheetId) =>
    new EmulatedWorksheet(context, () => {
      const id = sheetId();
      return id === undefined ? undefined : context.model.getSheetById(id);
    }),
  resolve: (range) => range._resolveRange(),
};

/** Excel.RequestContext: the entry point holding the workbook proxy. */
export class EmulatedExcelRequestContext extends EmulatedRequestContext implements RequestContextSurface {
  readonly workbook: EmulatedWorkbook;

  constructor(env: ExcelEnvironment) {
    super(env);
    this.workbook = new EmulatedWorkbook(this);
  }

  get application(): EmulatedApplication {
    return this.workbook.application;
  }
}

export type BatchFunction<T> = (context: EmulatedExcelRequestContext) => Promise<T>;

/** Excel.run: runs the batch, then flushes what is still queued, as Office.js does. */
export async function runBatch<T>(env: ExcelEnvironment, args: unknown[]): Promise<T> {
  const batch = args[args.length - 1];
  if (typeof batch !== "function") throw officeError(ErrorCodes.invalidArgument, "Excel.run", "batch");
  const first = args[0];
  const context =
    args.length > 1 &&
    first instanceof ClientObjectBase &&
    first.context instanceof EmulatedExcelRequestContext
      ? first.context
      : args.length > 1 && first instanceof EmulatedExcelRequestContext
        ? first
        : new EmulatedExcelRequestContext(env);
  const result: unknown = (batch as (ctx: EmulatedExcelRequestContext) => unknown)(context);
  if (
    result === null ||
    typeof result !== "object" ||
    typeof (result as { then?: unknown }).then !== "function"
  ) {
    throw officeError(ErrorCodes.runMustReturnPromise, "Excel.run");
  }
  const value = await (result as Promise<T>);
  await context.sync();
  return value;
}

/** The emulated Excel namespace: the surface the add-in uses, plus what the workbench shows. */
export type EmulatedExcelNamespace = ExcelSurface & typeof ExcelEnums & Record<string, unknown>;

export function createExcelNamespace(env: ExcelEnvironment): EmulatedExcelNamespace {
  class RequestContext extends EmulatedExcelRequestContext {
    constructor() {
      super(env);
    }
  }
  return {
    ...ExcelEnums,
    run: <T>(...args: [ExcelBatch<T>] | [unknown, ExcelBatch<T>]) => runBatch<T>(env, args),
    RequestContext,
    Workbook: EmulatedWorkbook,
    Worksheet: EmulatedWorksheet,
    WorksheetCollection: EmulatedWorksheetCollection,
    Range: EmulatedRange,
    RangeFormat: EmulatedRangeFormat,
    RangeFont: EmulatedRangeFont,
    RangeFill: EmulatedRangeFill,
  };
}

/** Exposed for the workbench: JSON size of a value as the sync log counts it. */
export const estimateJsonBytes = jsonBytes;
export { formatArea };
