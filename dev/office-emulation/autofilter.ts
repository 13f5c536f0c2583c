/**
 * Worksheet.autoFilter (ExcelApi 1.9, Excel.AutoFilter): apply a filter to a range, with criteria
 * on a column (filterOn Values, Custom, TopItems/BottomItems); rows of the range below its header
 * row that do not match are hidden (Range.rowHidden, the grid); clearCriteria, clearColumnCriteria,
 * reapply, remove; enabled, isDataFiltered, criteria, getRange. Recorded in sheet-objects.ts.
 */
import { refuseIfProtected } from "./protection";
import { type Area, parseAddress } from "./address";
import { ErrorCodes, officeError } from "./errors";
import type { AutoFilterSurface, RangeSurface } from "./surface";
import { emulatedRange } from "./chart-parts";
import type { EmulatedRange, RangeFactory } from "./excel";
import { type DisplayLocale, cellText } from "./format";
import type { Cell, SheetModel } from "./model";
import { ClientObjectBase, type EmulatedRequestContext, requireSameContext } from "./proxy";
import { type AutoFilterModel, type FilterCriteriaModel, sheetObjects } from "./sheet-objects";
import { FILTER_ON } from "./sheet-object-enums";

const MODELLED_FILTER_ON = ["Values", "Custom", "TopItems", "BottomItems"];

function wildcard(pattern: string): RegExp {
  const escaped = pattern
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/~?\*/g, (m) => (m === "~*" ? "\\*" : ".*"));
  return new RegExp(`^${escaped.replace(/~?\?/g, (m) => (m === "~?" ? "\\?" : "."))}$`, "i");
}

/**
 * One custom criterion, as the AutoFilter dialog reads it: ">50", "<>0", "=text", "=*e" (wildcards
 * * and ?), "=" (blank cells), "<>" (non-blank cells); no operator means "equals".
 */
function criterionMatches(criterion: string, cell: Cell | undefined, text: string): boolean {
  const m = /^(<>|>=|<=|=|>|<)?(.*)$/s.exec(criterion);
  const op = m?.[1] ?? "=";
  const operand = m?.[2] ?? "";
  const value = cell?.value ?? null;
  const blank = value === null || value === "";
  if (operand === "") return op === "=" ? blank : op === "<>" ? !blank : false;
  const number = Number(operand);
  if (operand.trim() !== "" && !Number.isNaN(number)) {
    if (typeof value !== "number") return op === "<>";
    const d = value - number;
    return { "=": d === 0, "<>": d !== 0, ">": d > 0, "<": d < 0, ">=": d >= 0, "<=": d <= 0 }[op as "="];
  }
  if (op === "=" || op === "<>") {
    const hit = wildcard(operand).test(text);
    return op === "=" ? hit : !hit;
  }
  const c = text.toLowerCase().localeCompare(operand.toLowerCase());
  return { ">": c > 0, "<": c < 0, ">=": c >= 0, "<=": c <= 0 }[op as ">"];
}

function ranked(sheet: SheetModel, area: Area, col: number, criteria: FilterCriteriaModel): Set<number> {
  const count = Number(criteria.criterion1);
  const numbers: Array<{ row: number; value: number }> = [];
  for (let r = area.r0 + 1; r <= area.r1; r += 1) {
    const v = sheet.getCell(r, col)?.value;
    if (typeof v === "number") numbers.push({ row: r, value: v });
  }
  numbers.sort((a, b) => (criteria.filterOn === "TopItems" ? b.value - a.value : a.value - b.value));
  const cut = numbers[Math.max(0, Math.min(numbers.length, count) - 1)]?.value;
  const kept = new Set<number>();
  // Ties with the last kept value are kept too, as Excel's Top 10 filter keeps them.
  for (const n of numbers)
    if (cut !== undefined && (criteria.filterOn === "TopItems" ? n.value >= cut : n.value <= cut))
      kept.add(n.row);
  return kept;
}

/** Shows the rows of the filter's range that match every column's criteria and hides the others. */
export function applyAutoFilter(sheet: SheetModel, filter: AutoFilterModel, locale?: DisplayLocale): void {
  const { area } = filter;
  const keep = new Map<number, Set<number>>();
  for (const [index, criteria] of filter.criteria) {
    if (criteria.filterOn === "TopItems" || criteria.filterOn === "BottomItems")
      keep.set(index, ranked(sheet, area, area.c0 + index, criteria));
  }
  for (let r = area.r0 + 1; r <= area.r1; r += 1) {
    let visible = true;
    for (const [index, criteria] of filter.criteria) {
      const col = area.c0 + index;
      const cell = sheet.getCell(r, col);
      const text = cellText(cell, sheet.columnNumberFormats.get(col), locale);
      let ok: boolean;
      if (criteria.filterOn === "Values") {
        const wanted = (criteria.values ?? []).map((v) => (typeof v === "string" ? v.toLowerCase() : null));
        ok = wanted.includes(text.toLowerCase());
      } else if (criteria.filterOn === "Custom") {
        const one =
          criteria.criterion1 !== undefined ? criterionMatches(criteria.criterion1, cell, text) : true;
        if (criteria.criterion2 === undefined) ok = one;
        else {
          const two = criterionMatches(criteria.criterion2, cell, text);
          ok = criteria.operator === "Or" ? one || two : one && two;
        }
      } else {
        ok = keep.get(index)?.has(r) ?? true;
      }
      if (!ok) {
        visible = false;
        break;
      }
    }
    if (visible) sheet.hiddenRows.delete(r);
    else sheet.hiddenRows.add(r);
  }
}

function showAll(sheet: SheetModel, area: Area): void {
  for (let r = area.r0 + 1; r <= area.r1; r += 1) sheet.hiddenRows.delete(r);
}

export class EmulatedAutoFilter extends ClientObjectBase implements AutoFilterSurface {
  protected readonly _entity = "AutoFilter";
  protected readonly _scalars = ["enabled", "isDataFiltered", "criteria"] as const;

  constructor(
    context: EmulatedRequestContext,
    private readonly factory: RangeFactory,
    private readonly sheetOf: () => SheetModel,
  ) {
    super(context);
  }

  protected _exists(): boolean {
    try {
      this.sheetOf();
      return true;
    } catch {
      return false;
    }
  }

  private filter(): AutoFilterModel | undefined {
    return sheetObjects(this.sheetOf()).autoFilter;
  }

  protected _read(name: string): unknown {
    const filter = this.filter();
    switch (name) {
      case "enabled":
        return filter !== undefined;
      case "isDataFiltered":
        return filter !== undefined && filter.criteria.size > 0;
      case "criteria": {
        // One entry per column of the range; a column without criteria gives {filterOn: "Custom"}
        // with no criterion (chosen: the docs do not show an unfiltered column's entry).
        if (!filter) return [];
        const width = filter.area.c1 - filter.area.c0 + 1;
        return Array.from({ length: width }, (_, i) =>
          structuredClone(filter.criteria.get(i) ?? { filterOn: "Custom" }),
        );
      }
      default:
        return undefined;
    }
  }

  get enabled(): boolean {
    return this._get("enabled");
  }
  get isDataFiltered(): boolean {
    return this._get("isDataFiltered");
  }
  get criteria(): FilterCriteriaModel[] {
    return this._get("criteria");
  }

  private notify(): void {
    this.context.model.notifyChanged();
  }

  private areaOf(range: RangeSurface | string): Area {
    if (typeof range !== "string") {
      const resolved = this.factory.resolve(emulatedRange(range, "AutoFilter.apply"));
      if (resolved.sheet !== this.sheetOf())
        throw officeError(ErrorCodes.invalidArgument, "AutoFilter.apply", "range");
      return resolved.area;
    }
    const parsed = parseAddress(range);
    if (
      !parsed ||
      (parsed.sheet !== undefined && parsed.sheet.toLowerCase() !== this.sheetOf().name.toLowerCase())
    )
      throw officeError(ErrorCodes.invalidArgument, "AutoFilter.apply", "range");
    return parsed.area;
  }

  /**
   * "Applies the AutoFilter to a range. This filters the column if column index and filter
   * criteria are specified." A sheet has one AutoFilter: applying it to another range replaces it
   * (its rows shown again first); to the same range, the column's criteria are added.
   */
  apply(range: RangeSurface | string, columnIndex?: number, criteria?: Excel.FilterCriteria): void {
    requireSameContext(this.context, range, "AutoFilter.apply");
    this._queue("call", "apply()", criteria ?? null, () => {
      const sheet = this.sheetOf();
      const area = this.areaOf(range);
      const objects = sheetObjects(sheet);
      const current = objects.autoFilter;
      const same =
        current &&
        current.area.r0 === area.r0 &&
        current.area.c0 === area.c0 &&
        current.area.r1 === area.r1 &&
        current.area.c1 === area.c1;
      // Changing the criteria of the filter there is needs allowAutoFilter; setting one up is
      // refused "regardless of this setting" (protection.ts).
      refuseIfProtected(sheet, same ? "autoFilterUse" : "autoFilterSetUp", "AutoFilter.apply");
      if (columnIndex !== undefined || criteria !== undefined) {
        const width = area.c1 - area.c0 + 1;
        if (
          columnIndex === undefined ||
          !Number.isInteger(columnIndex) ||
          columnIndex < 0 ||
          columnIndex >= width
        )
          throw officeError(ErrorCodes.invalidArgument, "AutoFilter.apply", "columnIndex");
        if (!criteria || !FILTER_ON.includes(criteria.filterOn))
          throw officeError(ErrorCodes.invalidArgument, "AutoFilter.apply", "criteria");
        if (
          !MODELLED_FILTER_ON.includes(criteria.filterOn) ||
          criteria.values?.some((v) => typeof v !== "string")
        )
          throw new Error(
            `The Office emulation does not model AutoFilter criteria on ${criteria.filterOn} or on dates.`,
          );
      }
      if (current && !same) showAll(sheet, current.area);
      const filter: AutoFilterModel = same && current ? current : { area, criteria: new Map() };
      if (columnIndex !== undefined && criteria) filter.criteria.set(columnIndex, structuredClone(criteria));
      objects.autoFilter = filter;
      applyAutoFilter(sheet, filter, this.context.model.displayLocale);
      this.notify();
    });
  }

  /** Clears the criteria; the AutoFilter (and its buttons) stays. */
  clearCriteria(): void {
    this._queue("call", "clearCriteria()", null, () => {
      const filter = this.filter();
      if (!filter) return;
      refuseIfProtected(this.sheetOf(), "autoFilterUse", "AutoFilter.clearCriteria");
      filter.criteria.clear();
      showAll(this.sheetOf(), filter.area);
      this.notify();
    });
  }

  clearColumnCriteria(columnIndex: number): void {
    this._queue("call", "clearColumnCriteria()", columnIndex, () => {
      const filter = this.filter();
      if (!filter) return;
      refuseIfProtected(this.sheetOf(), "autoFilterUse", "AutoFilter.clearColumnCriteria");
      filter.criteria.delete(columnIndex);
      applyAutoFilter(this.sheetOf(), filter, this.context.model.displayLocale);
      this.notify();
    });
  }

  /** Applies the criteria again to the cells as they are now (Excel does not on its own). */
  reapply(): void {
    this._queue("call", "reapply()", null, () => {
      const filter = this.filter();
      if (filter) refuseIfProtected(this.sheetOf(), "autoFilterUse", "AutoFilter.reapply");
      if (filter) applyAutoFilter(this.sheetOf(), filter, this.context.model.displayLocale);
      this.notify();
    });
  }

  /** Removes the AutoFilter: its rows are shown. */
  remove(): void {
    this._queue("call", "remove()", null, () => {
      const objects = sheetObjects(this.sheetOf());
      if (objects.autoFilter) refuseIfProtected(this.sheetOf(), "autoFilterSetUp", "AutoFilter.remove");
      if (objects.autoFilter) showAll(this.sheetOf(), objects.autoFilter.area);
      objects.autoFilter = undefined;
      this.notify();
    });
  }

  private rangeProxy(nullable: boolean): EmulatedRange {
    const locate = (): { sheet: SheetModel; area: Area } | undefined => {
      const filter = this.filter();
      return filter ? { sheet: this.sheetOf(), area: filter.area } : undefined;
    };
    if (nullable) return this.factory.range(this.context, locate, true);
    return this.factory.range(this.context, () => {
      const found = locate();
      if (!found) throw officeError(ErrorCodes.itemNotFound, "AutoFilter.getRange");
      return found;
    });
  }

  getRange(): EmulatedRange {
    return this.rangeProxy(false);
  }

  getRangeOrNullObject(): EmulatedRange {
    return this.rangeProxy(true);
  }
}
