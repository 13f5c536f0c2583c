/**
 * Puts office.js's own requirement-set check on the emulated classes (api-sets.ts): each method
 * and navigation property of EXCEL_API_MEMBERS throws ApiNotFound at the call when the emulated
 * host's ExcelApi is lower, as office.js 1.1.110's `_throwIfApiNotSupported` does; a scalar
 * property is checked when read, after the not-loaded check, as office.js does too. Property sets
 * and loads are refused by the host at sync (proxy.ts, `_missingApi`). Done once, when the
 * emulation is first loaded.
 */
import { EXCEL_API_MEMBERS, apiNotFoundAtCall } from "./api-sets";
import { EmulatedAutoFilter } from "./autofilter";
import { EmulatedChartSeries } from "./chart-parts";
import {
  EmulatedCellValueFormat,
  EmulatedConditionalFormatRule,
  EmulatedConditionalRangeFormat,
  EmulatedConditionalStyle,
  EmulatedCustomFormat,
} from "./conditional-format-parts";
import { EmulatedConditionalFormat, EmulatedConditionalFormatCollection } from "./conditional-formats";
import {
  EmulatedApplication,
  EmulatedCultureInfo,
  EmulatedFreezePanes,
  EmulatedNumberFormatInfo,
  EmulatedRange,
  EmulatedRangeFormat,
  EmulatedWorkbook,
  EmulatedWorksheet,
  EmulatedWorksheetCollection,
  EmulatedWorksheetProtection,
} from "./excel";
import { EmulatedNamedItem, EmulatedNamedItemCollection } from "./names";
import type { ClientObjectBase } from "./proxy";
import { EmulatedRangeAreas } from "./range-areas";

/** A class by its prototype (EmulatedRange's constructor is private: only its prototype is needed). */
interface AnyClass {
  prototype: ClientObjectBase;
}

/** The class that stands for each entity (ConditionalRangeFont and ConditionalRangeFill share one). */
const CLASSES: Record<string, AnyClass> = {
  Application: EmulatedApplication,
  CultureInfo: EmulatedCultureInfo,
  NumberFormatInfo: EmulatedNumberFormatInfo,
  Range: EmulatedRange,
  RangeAreas: EmulatedRangeAreas,
  RangeFormat: EmulatedRangeFormat,
  ChartSeries: EmulatedChartSeries,
  AutoFilter: EmulatedAutoFilter,
  ConditionalFormatCollection: EmulatedConditionalFormatCollection,
  ConditionalFormat: EmulatedConditionalFormat,
  CellValueConditionalFormat: EmulatedCellValueFormat,
  CustomConditionalFormat: EmulatedCustomFormat,
  ConditionalFormatRule: EmulatedConditionalFormatRule,
  ConditionalRangeFormat: EmulatedConditionalRangeFormat,
  ConditionalRangeFont: EmulatedConditionalStyle,
  ConditionalRangeFill: EmulatedConditionalStyle,
  NamedItem: EmulatedNamedItem,
  NamedItemCollection: EmulatedNamedItemCollection,
  WorksheetProtection: EmulatedWorksheetProtection,
  Workbook: EmulatedWorkbook,
  Worksheet: EmulatedWorksheet,
  WorksheetCollection: EmulatedWorksheetCollection,
  WorksheetFreezePanes: EmulatedFreezePanes,
};

interface Guarded {
  _entityName: string;
  _missingApi(member: string): string | undefined;
  _scalarNames(): readonly string[];
}

function check(target: Guarded, member: string): void {
  const version = target._missingApi(member);
  if (version !== undefined) throw apiNotFoundAtCall(target._entityName, member, version);
}

/** The member's descriptor on the prototype chain; undefined for a field set in the constructor. */
function descriptorOf(prototype: object, member: string): PropertyDescriptor | undefined {
  for (
    let owner: object | null = prototype;
    owner !== null;
    owner = Object.getPrototypeOf(owner) as object | null
  ) {
    const descriptor = Object.getOwnPropertyDescriptor(owner, member);
    if (descriptor) return descriptor;
  }
  return undefined;
}

const guarded = new WeakMap<object, Set<string>>();

function guard(cls: AnyClass, member: string): void {
  const prototype = cls.prototype as object;
  const done = guarded.get(prototype) ?? new Set<string>();
  guarded.set(prototype, done);
  if (done.has(member)) return;
  done.add(member);
  const descriptor = descriptorOf(prototype, member);
  // A field made in the constructor (RangeAreas.areas): reached only through a guarded member.
  if (descriptor === undefined) return;
  if (typeof descriptor.value === "function") {
    const method = descriptor.value as (...args: unknown[]) => unknown;
    Object.defineProperty(prototype, member, {
      ...descriptor,
      value: function (this: Guarded, ...args: unknown[]): unknown {
        check(this, member);
        return method.apply(this, args);
      },
    });
    return;
  }
  // eslint-disable-next-line @typescript-eslint/unbound-method -- the getter is called with the proxy as `this` below
  const get = descriptor.get as ((this: Guarded) => unknown) | undefined;
  if (!get) return; // a setter alone: refused at sync (proxy.ts)
  Object.defineProperty(prototype, member, {
    ...descriptor,
    get: function (this: Guarded): unknown {
      // A scalar is checked after office.js's not-loaded check; a navigation property at once.
      if (this._scalarNames().includes(member)) {
        const value: unknown = get.call(this);
        check(this, member);
        return value;
      }
      check(this, member);
      return get.call(this);
    },
  });
}

for (const [entity, members] of Object.entries(EXCEL_API_MEMBERS)) {
  const cls = CLASSES[entity];
  if (!cls) continue; // WorksheetActivatedEventArgs: a plain object, reached through onActivated
  for (const member of Object.keys(members)) guard(cls, member);
}
