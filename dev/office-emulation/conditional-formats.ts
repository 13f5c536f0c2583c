/**
 * Range.conditionalFormats (ExcelApi 1.6, Excel.ConditionalFormatCollection): add a rule of type
 * CellValue (rule {formula1, formula2, operator}), Custom (rule.formula) or ColorScale (criteria),
 * with its format's fill and font; count, list, find, delete, clearAll. Rules are recorded in
 * sheet-objects.ts, which also evaluates them per cell for the grid and the test API.
 */
import { refuseIfProtected } from "./protection";
import type { Area } from "./address";
import { EmulatedOfficeError, ErrorCodes, officeError } from "./errors";
import type { EmulatedRange, RangeFactory } from "./excel";
import { intersects } from "./model";
import {
  ClientObjectBase,
  EmulatedClientResult,
  queueCount,
  type EmulatedRequestContext,
  type LoadSpec,
  type Snapshot,
} from "./proxy";
import { type ConditionalFormatModel, newObjectId, sheetObjects } from "./sheet-objects";
import { itemSpecOf } from "./chart-parts";
import {
  EmulatedCellValueFormat,
  EmulatedColorScale,
  EmulatedCustomFormat,
} from "./conditional-format-parts";
import type { ConditionalFormatCollectionSurface, ConditionalFormatSurface } from "./surface";
import { CONDITIONAL_FORMAT_TYPES } from "./sheet-object-enums";

const SUPPORTED_TYPES = ["CellValue", "Custom", "ColorScale"] as const;

function contains(outer: Area, inner: Area): boolean {
  return inner.r0 >= outer.r0 && inner.r1 <= outer.r1 && inner.c0 >= outer.c0 && inner.c1 <= outer.c1;
}

export class EmulatedConditionalFormatCollection
  extends ClientObjectBase
  implements ConditionalFormatCollectionSurface
{
  protected readonly _entity = "ConditionalFormatCollection";
  protected readonly _scalars = [] as const;

  constructor(
    context: EmulatedRequestContext,
    private readonly factory: RangeFactory,
    private readonly range: EmulatedRange,
  ) {
    super(context);
  }

  protected _exists(): boolean {
    return this.range._tryResolveRange() !== undefined;
  }

  protected _read(): unknown {
    return undefined;
  }

  /** "Returns a collection of ConditionalFormats that intersect with the range", by priority. */
  private scoped(): ConditionalFormatModel[] {
    const { sheet, area } = this.range._resolveRange();
    return sheetObjects(sheet).conditionalFormats.filter((cf) => intersects(cf.area, area));
  }

  get items(): EmulatedConditionalFormat[] {
    return this._get("items");
  }

  override _snapshot(spec: LoadSpec): Snapshot {
    const itemSpec = itemSpecOf(spec);
    const items = this.scoped().map((cf) => this.proxy(() => cf));
    const nested = itemSpec
      ? items.map((item) => ({ target: item, snapshot: item._snapshot(itemSpec) }))
      : [];
    return { fields: new Map<string, unknown>([["items", items]]), nested };
  }

  private proxy(locate: () => ConditionalFormatModel | undefined): EmulatedConditionalFormat {
    return new EmulatedConditionalFormat(this.context, this.factory, this.range, locate);
  }

  /**
   * Adds a rule over the range at the top of the sheet's rules (priority 0), as Excel puts a new
   * rule first ("Manage conditional formatting rule precedence"). Types the emulation does not
   * evaluate (DataBar, IconSet, TopBottom, PresetCriteria, ContainsText) fail loudly.
   */
  add(type: string): EmulatedConditionalFormat {
    let created: ConditionalFormatModel | undefined;
    this._queue("call", `add(${String(type)})`, type, () => {
      if (!CONDITIONAL_FORMAT_TYPES.includes(type)) {
        throw officeError(ErrorCodes.invalidArgument, "ConditionalFormatCollection.add", "type");
      }
      if (!(SUPPORTED_TYPES as readonly string[]).includes(type)) {
        throw new Error(`The Office emulation does not model conditional formats of type ${type}.`);
      }
      const { sheet, area } = this.range._resolveRange();
      refuseIfProtected(sheet, "formatCells", "ConditionalFormatCollection.add");
      const model: ConditionalFormatModel = {
        id: newObjectId("cf"),
        sheetId: sheet.id,
        area,
        type: type as ConditionalFormatModel["type"],
        stopIfTrue: false,
        format: {},
      };
      if (type === "ColorScale") model.colorScale = {};
      sheetObjects(sheet).conditionalFormats.unshift(model);
      created = model;
      this.context.model.notifyChanged();
    });
    return this.proxy(() => created);
  }

  getCount(): EmulatedClientResult<number> {
    return queueCount(this.context, "ConditionalFormatCollection", () => this.scoped().length);
  }

  getItem(id: string): EmulatedConditionalFormat {
    return this.proxy(() => this.scoped().find((cf) => cf.id === id));
  }

  getItemAt(index: number): EmulatedConditionalFormat {
    return this.proxy(() => this.scoped()[index]);
  }

  /**
   * "Clears all conditional formats active on the current specified range." Rules lying inside
   * the range are removed; a rule reaching outside it is kept whole (Excel would trim it: not
   * modelled).
   */
  clearAll(): void {
    this._queue("call", "clearAll()", null, () => {
      const { sheet, area } = this.range._resolveRange();
      refuseIfProtected(sheet, "formatCells", "ConditionalFormatCollection.clearAll");
      const list = sheetObjects(sheet).conditionalFormats;
      for (let i = list.length - 1; i >= 0; i -= 1) {
        const cf = list[i];
        if (cf && contains(area, cf.area)) list.splice(i, 1);
      }
      this.context.model.notifyChanged();
    });
  }
}

export class EmulatedConditionalFormat extends ClientObjectBase implements ConditionalFormatSurface {
  protected readonly _entity = "ConditionalFormat";
  protected readonly _scalars = ["id", "type", "priority", "stopIfTrue"] as const;

  constructor(
    context: EmulatedRequestContext,
    private readonly factory: RangeFactory,
    private readonly range: EmulatedRange,
    private readonly locate: () => ConditionalFormatModel | undefined,
  ) {
    super(context);
  }

  /** @internal */
  _model(): ConditionalFormatModel {
    const cf = this.locate();
    if (!cf) throw officeError(ErrorCodes.itemNotFound, "ConditionalFormat");
    return cf;
  }

  private refuseIfProtected(location: string): void {
    const sheet = this.context.model.getSheetById(this._model().sheetId);
    if (sheet) refuseIfProtected(sheet, "formatCells", location);
  }

  private list(): ConditionalFormatModel[] {
    const cf = this._model();
    const sheet = this.context.model.getSheetById(cf.sheetId);
    return sheet ? sheetObjects(sheet).conditionalFormats : [];
  }

  protected _exists(): boolean {
    const cf = this.locate();
    return cf !== undefined && this.list().includes(cf);
  }

  protected _read(name: string): unknown {
    const cf = this._model();
    switch (name) {
      case "id":
        return cf.id;
      case "type":
        return cf.type;
      case "priority":
        return this.list().indexOf(cf);
      case "stopIfTrue":
        return cf.stopIfTrue;
      default:
        return undefined;
    }
  }

  protected override _navigation(name: string): ClientObjectBase | undefined {
    if (name === "cellValue") return this.cellValue;
    if (name === "custom") return this.custom;
    if (name === "colorScale") return this.colorScale;
    return undefined;
  }

  get id(): string {
    return this._get("id");
  }
  get type(): string {
    return this._get("type");
  }
  get priority(): number {
    return this._get("priority");
  }
  /** "Changing this also changes other conditional formats' priorities." */
  set priority(value: number) {
    this._queueSet("priority", value, () => {
      this.refuseIfProtected("ConditionalFormat.priority");
      const list = this.list();
      const cf = this._model();
      list.splice(list.indexOf(cf), 1);
      list.splice(Math.max(0, Math.min(list.length, Math.trunc(value))), 0, cf);
      this.context.model.notifyChanged();
    });
  }
  get stopIfTrue(): boolean {
    return this._get("stopIfTrue");
  }
  set stopIfTrue(value: boolean) {
    this._queueSet("stopIfTrue", value, () => {
      this.refuseIfProtected("ConditionalFormat.stopIfTrue");
      this._model().stopIfTrue = Boolean(value);
      this.context.model.notifyChanged();
    });
  }

  /**
   * The type-specific part. Used on a rule of another type it fails at sync: "RichApi Error: This
   * operation is not permitted for the current object." (office-js issue 2180, loading
   * `items/custom/rule/formula` when a colour scale is among the items).
   */
  private part(type: ConditionalFormatModel["type"]): () => ConditionalFormatModel {
    return () => {
      const cf = this._model();
      if (cf.type !== type)
        throw new EmulatedOfficeError({
          code: ErrorCodes.invalidOperation,
          message: "This operation is not permitted for the current object.",
          errorLocation: `ConditionalFormat.${type}`,
        });
      return cf;
    };
  }

  get cellValue(): EmulatedCellValueFormat {
    return new EmulatedCellValueFormat(this.context, this.part("CellValue"));
  }

  get custom(): EmulatedCustomFormat {
    return new EmulatedCustomFormat(this.context, this.part("Custom"));
  }

  get colorScale(): EmulatedColorScale {
    return new EmulatedColorScale(this.context, this.part("ColorScale"));
  }

  getRange(): EmulatedRange {
    return this.factory.range(this.context, () => {
      const cf = this._model();
      const sheet = this.context.model.getSheetById(cf.sheetId);
      return sheet ? { sheet, area: cf.area } : undefined;
    });
  }

  delete(): void {
    this._queue("call", "delete()", null, () => {
      this.refuseIfProtected("ConditionalFormat.delete");
      const list = this.list();
      list.splice(list.indexOf(this._model()), 1);
      this.context.model.notifyChanged();
    });
  }
}
