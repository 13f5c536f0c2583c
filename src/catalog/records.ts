// Objects made once per row (positions, their wire form) by `new` instead of an object literal.
//
// A literal `{ row, Code }` holds its two fields in the object itself; each optional field set
// after it (Guid, Name, Price, …) goes to a separate property store, made when the third field
// is set and made again, larger, at the sixth: three objects per position for the collector to
// copy on a large sheet. An object made by `new` has room in itself for the fields its first
// objects were given (V8's in-object slack tracking), so a maker whose first objects are given
// every field makes objects with room for all of them. Its prototype is Object.prototype, so
// what it makes is a plain object like the literal's: the same keys in the same order, the same
// JSON, equal to a literal in every test.

import type { ImportPosition } from "./wire";

/** Every field of a wire position, for sizing the makers of positions and wire positions. */
export const EVERY_POSITION_FIELD: Readonly<Required<ImportPosition>> = {
  Guid: "",
  Code: "0",
  Name: "",
  Price: 0.5,
  Unit: "",
  CurrencyCharCode: "",
  Binding: "",
  ControlPoints: [],
};

/** Objects V8 looks at before it sizes the objects of a maker (a few; more does no harm). */
const SIZING_OBJECTS = 16;

/**
 * Makes what `maker` makes plain objects, sized for every field of `full`: `make()` is called a
 * few times here and each object given those fields, in their order.
 */
export function sizeForEveryField<T extends object>(
  maker: { prototype: object },
  make: () => T,
  full: Readonly<Required<T>>,
): void {
  maker.prototype = Object.prototype;
  const keys = Object.keys(full) as (keyof T)[];
  for (let i = 0; i < SIZING_OBJECTS; i++) {
    const object = make();
    for (const key of keys) object[key] = full[key];
  }
}
