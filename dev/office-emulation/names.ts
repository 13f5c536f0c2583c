/**
 * Workbook-level defined names that refer to a range (Name Manager): add, find, list, the range
 * they name, delete. Names share Excel's rules with table names and are unique with them.
 */
import { formatAddress, parseAddress, quoteSheetName, type Area } from "./address";
import { ErrorCodes, officeError } from "./errors";
import type { EmulatedRange, RangeFactory } from "./excel";
import type { NamedRangeModel, SheetModel } from "./model";
import {
  ClientObjectBase,
  type EmulatedRequestContext,
  type LoadSpec,
  type Snapshot,
  requireSameContext,
} from "./proxy";

/** Absolute reference as Excel shows a name's value: Sheet1!$A$1:$B$2. */
function absolute(sheet: SheetModel, area: Area): string {
  const [prefix, local = ""] = formatAddress(sheet.name, area).split("!");
  return `${prefix}!${local.replace(/([A-Z]+)(\d+)/g, "$$$1$$$2")}`;
}

export class EmulatedNamedItemCollection extends ClientObjectBase {
  protected readonly _entity = "NamedItemCollection";
  protected readonly _scalars = [] as const;

  constructor(
    context: EmulatedRequestContext,
    private readonly factory: RangeFactory,
  ) {
    super(context);
  }

  protected _exists(): boolean {
    return true;
  }

  protected _read(): unknown {
    return undefined;
  }

  get items(): EmulatedNamedItem[] {
    return this._get("items");
  }

  override _snapshot(spec: LoadSpec): Snapshot {
    const itemSpec: LoadSpec = spec.children.get("items") ?? spec;
    const items = this.context.model.names.map(
      (n) => new EmulatedNamedItem(this.context, this.factory, () => n.name, false),
    );
    const nested = items.map((item) => ({
      target: item,
      snapshot: item._snapshot(itemSpec.children.size === 0 ? { all: true, children: new Map() } : itemSpec),
    }));
    return { fields: new Map<string, unknown>([["items", items]]), nested };
  }

  /** `reference`: a Range, or a formula such as "=Catalog!$A$1:$G$20". */
  add(name: string, reference: EmulatedRange | string, comment?: string): EmulatedNamedItem {
    requireSameContext(this.context, reference, "NamedItemCollection.add");
    const item = new EmulatedNamedItem(this.context, this.factory, () => name, false);
    this._queue("call", `add(${JSON.stringify(name)})`, { name, comment }, () => {
      const model = this.context.model;
      const problem = model.validateDefinedName(String(name));
      if (problem) throw officeError(problem, "NamedItemCollection.add", "name");
      let sheet: SheetModel | undefined;
      let area: Area | undefined;
      if (typeof reference === "string") {
        const parsed = parseAddress(reference.replace(/^=/, ""));
        sheet = parsed?.sheet !== undefined ? model.getSheetByName(parsed.sheet) : model.activeSheet;
        area = parsed?.area;
      } else {
        ({ sheet, area } = this.factory.resolve(reference));
      }
      if (!sheet || !area)
        throw officeError(ErrorCodes.invalidArgument, "NamedItemCollection.add", "reference");
      model.names.push({ name: String(name), sheetId: sheet.id, area, comment: comment ?? "" });
    });
    return item;
  }

  getItem(name: string): EmulatedNamedItem {
    return new EmulatedNamedItem(this.context, this.factory, () => name, false);
  }

  getItemOrNullObject(name: string): EmulatedNamedItem {
    return new EmulatedNamedItem(this.context, this.factory, () => name, true);
  }
}

export class EmulatedNamedItem extends ClientObjectBase {
  protected readonly _entity = "NamedItem";
  protected readonly _scalars = ["name", "type", "value", "formula", "comment", "visible"] as const;

  constructor(
    context: EmulatedRequestContext,
    private readonly factory: RangeFactory,
    private readonly key: () => string,
    nullable: boolean,
  ) {
    super(context, nullable);
  }

  private tryItem(): NamedRangeModel | undefined {
    const lower = this.key().toLowerCase();
    return this.context.model.names.find((n) => n.name.toLowerCase() === lower);
  }

  private item(): NamedRangeModel {
    const item = this.tryItem();
    if (!item) throw officeError(ErrorCodes.itemNotFound, "NamedItem");
    return item;
  }

  protected _exists(): boolean {
    return this.tryItem() !== undefined;
  }

  protected _read(name: string): unknown {
    const item = this.item();
    const sheet = this.context.model.getSheetById(item.sheetId);
    // A name whose cells were all deleted refers to Sheet1!#REF! (references.ts).
    const reference = sheet && item.area ? absolute(sheet, item.area) : undefined;
    switch (name) {
      case "name":
        return item.name;
      case "type":
        return reference ? "Range" : "Error";
      case "value":
        return reference ?? "#REF!";
      case "formula":
        return `=${reference ?? (sheet ? `${quoteSheetName(sheet.name)}!#REF!` : "#REF!")}`;
      case "comment":
        return item.comment;
      case "visible":
        return true;
      default:
        return undefined;
    }
  }

  get name(): string {
    return this._get("name");
  }
  /** "Range", or "Error" once every cell the name referred to was deleted (Excel.NamedItemType). */
  get type(): "Range" | "Error" {
    return this._get("type");
  }
  get value(): string {
    return this._get("value");
  }
  get formula(): string {
    return this._get("formula");
  }
  get comment(): string {
    return this._get("comment");
  }
  get visible(): boolean {
    return this._get("visible");
  }

  getRange(): EmulatedRange {
    return this.factory.range(this.context, () => {
      const item = this.item();
      const sheet = this.context.model.getSheetById(item.sheetId);
      if (!sheet || !item.area) throw officeError(ErrorCodes.invalidReference, "NamedItem.getRange");
      return { sheet, area: item.area };
    });
  }

  delete(): void {
    this._queue("call", "delete()", null, () => {
      const names = this.context.model.names;
      names.splice(names.indexOf(this.item()), 1);
    });
  }
}
