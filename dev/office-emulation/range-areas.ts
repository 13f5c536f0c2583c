/**
 * Excel.RangeAreas and Excel.RangeCollection, as far as Range.getMergedAreasOrNullObject (ExcelApi
 * 1.13) gives them: the merged areas of a range, their address, count and cells, each as a Range.
 */
import { type Area, areaColumns, areaRows, formatAddress } from "./address";
import type { EmulatedRange, RangeFactory } from "./excel";
import type { SheetModel } from "./model";
import type { RangeAreasSurface, RangeCollectionSurface } from "./surface";
import {
  ClientObjectBase,
  EmulatedClientResult,
  queueCount,
  type EmulatedRequestContext,
  type LoadSpec,
  type Snapshot,
} from "./proxy";

export interface LocatedAreas {
  sheet: SheetModel;
  areas: Area[];
}

export class EmulatedRangeAreas extends ClientObjectBase implements RangeAreasSurface {
  protected readonly _entity = "RangeAreas";
  protected readonly _scalars = ["address", "addressLocal", "areaCount", "cellCount"] as const;
  private located: LocatedAreas | undefined;
  readonly areas: EmulatedRangeCollection;

  constructor(
    context: EmulatedRequestContext,
    factory: RangeFactory,
    private readonly locate: () => LocatedAreas | undefined,
    nullable: boolean,
  ) {
    super(context, nullable);
    this.areas = new EmulatedRangeCollection(context, factory, () => this._areas());
  }

  /** @internal The areas, fixed at their first use in a sync. */
  _areas(): LocatedAreas | undefined {
    this.located ??= this.locate();
    return this.located;
  }

  protected _exists(): boolean {
    return (this._areas()?.areas.length ?? 0) > 0;
  }

  protected override _navigation(name: string): ClientObjectBase | undefined {
    return name === "areas" ? this.areas : undefined;
  }

  protected _read(name: string): unknown {
    const located = this._areas();
    if (!located) return undefined;
    switch (name) {
      case "address":
      case "addressLocal":
        return located.areas.map((a) => formatAddress(located.sheet.name, a)).join(",");
      case "areaCount":
        return located.areas.length;
      case "cellCount":
        return located.areas.reduce((n, a) => n + areaRows(a) * areaColumns(a), 0);
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
  get areaCount(): number {
    return this._get("areaCount");
  }
  get cellCount(): number {
    return this._get("cellCount");
  }
}

export class EmulatedRangeCollection extends ClientObjectBase implements RangeCollectionSurface {
  protected readonly _entity = "RangeCollection";
  protected readonly _scalars = [] as const;

  constructor(
    context: EmulatedRequestContext,
    private readonly factory: RangeFactory,
    private readonly locate: () => LocatedAreas | undefined,
  ) {
    super(context);
  }

  protected _exists(): boolean {
    return true;
  }

  protected _read(): unknown {
    return undefined;
  }

  get items(): EmulatedRange[] {
    return this._get("items");
  }

  private ranges(): EmulatedRange[] {
    const located = this.locate();
    if (!located) return [];
    return located.areas.map((area) =>
      this.factory.range(this.context, () => ({ sheet: located.sheet, area })),
    );
  }

  override _snapshot(spec: LoadSpec): Snapshot {
    const itemSpec: LoadSpec = spec.children.get("items") ?? spec;
    const items = this.ranges();
    const nested = items.map((item) => ({
      target: item,
      snapshot: item._snapshot(itemSpec.children.size === 0 ? { all: true, children: new Map() } : itemSpec),
    }));
    return { fields: new Map<string, unknown>([["items", items]]), nested };
  }

  getCount(): EmulatedClientResult<number> {
    return queueCount(this.context, "RangeCollection", () => this.locate()?.areas.length ?? 0);
  }
}
