/**
 * Excel tables, the simple part: create over a range (with or without headers), find by name,
 * list, rename, style, append rows, and the header/body ranges; delete or convert to a range.
 */
import { refuseIfProtected } from "./protection";
import { areaColumns, parseAddress, type Area } from "./address";
import { ErrorCodes, officeError } from "./errors";
import type { EmulatedRange, EmulatedWorksheet, RangeFactory } from "./excel";
import type { CellValue, SheetModel, TableModel } from "./model";
import type { TableCollectionSurface, TableSurface } from "./surface";
import {
  ClientObjectBase,
  EmulatedClientResult,
  queueCount,
  type EmulatedRequestContext,
  type LoadSpec,
  type Snapshot,
  requireSameContext,
} from "./proxy";

export class EmulatedTableCollection extends ClientObjectBase implements TableCollectionSurface {
  protected readonly _entity = "TableCollection";
  protected readonly _scalars = ["count"] as const;

  constructor(
    context: EmulatedRequestContext,
    private readonly factory: RangeFactory,
    /** The sheet the collection belongs to; undefined for workbook.tables. */
    private readonly sheetScope: (() => SheetModel) | undefined,
  ) {
    super(context);
  }

  protected _exists(): boolean {
    return true;
  }

  private scoped(): TableModel[] {
    const sheet = this.sheetScope?.();
    return this.context.model.tables.filter((t) => !sheet || t.sheetId === sheet.id);
  }

  protected _read(name: string): unknown {
    return name === "count" ? this.scoped().length : undefined;
  }

  get count(): number {
    return this._get("count");
  }

  get items(): EmulatedTable[] {
    return this._get("items");
  }

  override _snapshot(spec: LoadSpec): Snapshot {
    const itemSpec: LoadSpec = spec.children.get("items") ?? spec;
    const items = this.scoped().map((t) => new EmulatedTable(this.context, this.factory, () => t.id, false));
    const nested = items.map((item) => ({
      target: item,
      snapshot: item._snapshot(itemSpec.children.size === 0 ? { all: true, children: new Map() } : itemSpec),
    }));
    return {
      fields: new Map<string, unknown>([
        ["items", items],
        ["count", items.length],
      ]),
      nested,
    };
  }

  /** Creates a table over the address or range; Excel names it Table1, Table2, ... */
  add(address: string | EmulatedRange, hasHeaders: boolean): EmulatedTable {
    requireSameContext(this.context, address, "TableCollection.add");
    let createdId: string | undefined;
    const table = new EmulatedTable(this.context, this.factory, () => createdId, false);
    this._queue(
      "call",
      `add(${typeof address === "string" ? address : "range"}, ${hasHeaders})`,
      address,
      () => {
        let sheet: SheetModel;
        let area: Area;
        if (typeof address === "string") {
          const parsed = parseAddress(address);
          const model = this.context.model;
          const named = parsed?.sheet !== undefined ? model.getSheetByName(parsed.sheet) : undefined;
          const target = named ?? this.sheetScope?.() ?? model.activeSheet;
          if (!parsed || !target)
            throw officeError(ErrorCodes.invalidArgument, "TableCollection.add", "address");
          sheet = target;
          area = parsed.area;
        } else {
          ({ sheet, area } = this.factory.resolve(address));
        }
        refuseIfProtected(sheet, "cells", "TableCollection.add");
        createdId = this.context.model.addTable(sheet, area, hasHeaders).id;
      },
    );
    return table;
  }

  private byName(key: string): () => string | undefined {
    return () => {
      const lower = key.toLowerCase();
      return this.scoped().find((t) => t.name.toLowerCase() === lower || t.id === key)?.id;
    };
  }

  getItem(key: string): EmulatedTable {
    return new EmulatedTable(this.context, this.factory, this.byName(key), false);
  }

  getItemOrNullObject(key: string): EmulatedTable {
    return new EmulatedTable(this.context, this.factory, this.byName(key), true);
  }

  getCount(): EmulatedClientResult<number> {
    return queueCount(this.context, "TableCollection", () => this.scoped().length);
  }
}

export class EmulatedTable extends ClientObjectBase implements TableSurface {
  protected readonly _entity = "Table";
  protected readonly _scalars = [
    "id",
    "name",
    "showHeaders",
    "showTotals",
    "style",
    "showBandedRows",
  ] as const;
  readonly rows: EmulatedTableRowCollection;

  constructor(
    context: EmulatedRequestContext,
    private readonly factory: RangeFactory,
    private readonly locate: () => string | undefined,
    nullable: boolean,
  ) {
    super(context, nullable);
    this.rows = new EmulatedTableRowCollection(context, this);
  }

  /** @internal */
  _tryTable(): TableModel | undefined {
    const id = this.locate();
    return id === undefined ? undefined : this.context.model.tables.find((t) => t.id === id);
  }

  /** @internal */
  _table(): TableModel {
    const table = this._tryTable();
    if (!table) throw officeError(ErrorCodes.itemNotFound, "Table");
    return table;
  }

  /** @internal */
  _sheet(table: TableModel): SheetModel {
    const sheet = this.context.model.getSheetById(table.sheetId);
    if (!sheet) throw officeError(ErrorCodes.itemNotFound, "Table");
    return sheet;
  }

  protected _exists(): boolean {
    return this._tryTable() !== undefined;
  }

  protected _read(name: string): unknown {
    const table = this._table();
    switch (name) {
      case "id":
        return table.id;
      case "name":
        return table.name;
      case "showHeaders":
        return true;
      case "showTotals":
        return false;
      case "style":
        return table.style;
      case "showBandedRows":
        return table.showBandedRows;
      default:
        return undefined;
    }
  }

  get id(): string {
    return this._get("id");
  }
  get name(): string {
    return this._get("name");
  }
  set name(value: string) {
    this._queueSet("name", value, () => {
      const table = this._table();
      refuseIfProtected(this._sheet(table), "cells", "Table.name");
      const problem = this.context.model.validateTableName(String(value), table.id);
      if (problem) throw officeError(problem, "Table.name", "name");
      table.name = String(value);
      this.context.model.notifyChanged();
    });
  }
  get showHeaders(): boolean {
    return this._get("showHeaders");
  }
  get showTotals(): boolean {
    return this._get("showTotals");
  }
  get style(): string {
    return this._get("style");
  }
  set style(value: string) {
    this._queueSet("style", value, () => {
      refuseIfProtected(this._sheet(this._table()), "formatCells", "Table.style");
      this._table().style = String(value);
      this.context.model.notifyChanged();
    });
  }
  get showBandedRows(): boolean {
    return this._get("showBandedRows");
  }
  set showBandedRows(value: boolean) {
    this._queueSet("showBandedRows", value, () => {
      refuseIfProtected(this._sheet(this._table()), "formatCells", "Table.showBandedRows");
      this._table().showBandedRows = Boolean(value);
      this.context.model.notifyChanged();
    });
  }

  get worksheet(): EmulatedWorksheet {
    return this.factory.worksheetOf(this.context, () => this._tryTable()?.sheetId);
  }

  private part(pick: (area: Area) => Area | undefined, method: string): EmulatedRange {
    return this.factory.range(this.context, () => {
      const table = this._table();
      const area = pick(table.area);
      if (!area) throw officeError(ErrorCodes.itemNotFound, `Table.${method}`);
      return { sheet: this._sheet(table), area };
    });
  }

  getRange(): EmulatedRange {
    return this.part((a) => a, "getRange");
  }

  getHeaderRowRange(): EmulatedRange {
    return this.part((a) => ({ ...a, r1: a.r0 }), "getHeaderRowRange");
  }

  /** Excel keeps one empty body row in a table without data. */
  getDataBodyRange(): EmulatedRange {
    return this.part((a) => ({ ...a, r0: a.r0 + 1, r1: Math.max(a.r1, a.r0 + 1) }), "getDataBodyRange");
  }

  delete(): void {
    this._queue("call", "delete()", null, () => {
      refuseIfProtected(this._sheet(this._table()), "cells", "Table.delete");
      this.context.model.removeTable(this._table(), true);
    });
  }

  convertToRange(): EmulatedRange {
    let area: Area | undefined;
    let sheet: SheetModel | undefined;
    this._queue("call", "convertToRange()", null, () => {
      const table = this._table();
      refuseIfProtected(this._sheet(table), "cells", "Table.convertToRange");
      area = table.area;
      sheet = this._sheet(table);
      this.context.model.removeTable(table, false);
    });
    return this.factory.range(this.context, () => (sheet && area ? { sheet, area } : undefined));
  }
}

export class EmulatedTableRowCollection extends ClientObjectBase {
  protected readonly _entity = "TableRowCollection";
  protected readonly _scalars = ["count"] as const;

  constructor(
    context: EmulatedRequestContext,
    private readonly table: EmulatedTable,
  ) {
    super(context);
  }

  protected _exists(): boolean {
    return this.table._tryTable() !== undefined;
  }

  private bodyRows(table: TableModel): number {
    return table.area.r1 - table.area.r0;
  }

  protected _read(name: string): unknown {
    return name === "count" ? this.bodyRows(this.table._table()) : undefined;
  }

  get count(): number {
    return this._get("count");
  }

  getCount(): EmulatedClientResult<number> {
    return queueCount(this.context, "TableRowCollection", () => this.bodyRows(this.table._table()));
  }

  /**
   * Inserts rows into the table body at `index` (null/undefined: at the end), pushing the cells
   * below down within the table's columns, as Excel does.
   */
  add(index: number | null | undefined, values: ReadonlyArray<ReadonlyArray<CellValue | null>>): void {
    this._queue("call", "add()", values, () => {
      const table = this.table._table();
      const sheet = this.table._sheet(table);
      refuseIfProtected(sheet, "cells", "TableRowCollection.add");
      const width = areaColumns(table.area);
      if (
        !Array.isArray(values) ||
        values.length === 0 ||
        values.some((r) => !Array.isArray(r) || r.length !== width)
      ) {
        throw officeError(ErrorCodes.invalidArgument, "TableRowCollection.add", "values");
      }
      const bodyRows = this.bodyRows(table);
      const at = index === null || index === undefined ? bodyRows : index;
      if (!Number.isInteger(at) || at < 0 || at > bodyRows) {
        throw officeError(ErrorCodes.invalidArgument, "TableRowCollection.add", "index");
      }
      const firstRow = table.area.r0 + 1 + at;
      const model = this.context.model;
      model.shiftDown(sheet, table.area.c0, table.area.c1, firstRow, values.length);
      table.area = { ...table.area, r1: table.area.r1 + values.length };
      values.forEach((row: ReadonlyArray<CellValue | null>, i: number) =>
        row.forEach((v, j) => model.writeInput(sheet, firstRow + i, table.area.c0 + j, v)),
      );
    });
  }
}
