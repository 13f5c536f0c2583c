/**
 * Data types a custom function returns (Excel's cell value JSON), as far as the add-in uses them:
 * a number carrying its number format, and an entity with a card.
 *
 * - Custom functions return data types only on CustomFunctionsRuntime 1.4 and with
 *   `allowCustomDataForDataTypeAny: true` in functions.json ("Use data types with custom functions
 *   in Excel", learn.microsoft.com/office/dev/add-ins/excel/custom-functions-data-types-concepts;
 *   custom-functions-metadata writes the flag into every generated functions.json). Elsewhere an
 *   object result is no value Excel can show: the emulation gives #VALUE!, as for any object.
 * - FormattedNumberCellValue (ExcelApi 1.16, deprecated from 1.19) and DoubleCellValue (1.16, its
 *   `numberFormat` from 1.19): `basicValue` is what `Range.values` reads; "the format is applied to
 *   the value and not to the cell, so the value retains its format string throughout
 *   calculation" (excel.formattednumbercellvalue). A number format the user set on the cell
 *   (other than General) is shown instead: an assumption, Microsoft's pages do not say which wins.
 *   What Excel shows for a native formula over the value (`=B2*2`) is not modelled: General here.
 * - EntityCellValue (ExcelApi 1.16): the cell shows `text`; `Range.values` reads its basicValue,
 *   "#VALUE!", and `valueTypes` "Error" (excel.entitycellvalue: `basicType?: "Error"`,
 *   `basicValue?: "#VALUE!" | string`). Its card lists `layouts.card.sections[].properties` under
 *   the title property; `=A5.Quantity` (or `=A5.[Unit cost]`) reads a property, as the FIELDVALUE
 *   function does ("FIELDVALUE function", support.microsoft.com), #FIELD! where there is none.
 * Strings and booleans (StringCellValue, BooleanCellValue) are taken as their basic values.
 */
import type { CellValue } from "./model";

export interface NumberJson {
  type: "Double" | "FormattedNumber";
  basicValue: number;
  numberFormat?: string;
}
export interface StringJson {
  type: "String";
  basicValue: string;
}
export interface BooleanJson {
  type: "Boolean";
  basicValue: boolean;
}
export type PropertyJson = NumberJson | StringJson | BooleanJson;

export interface EntityJson {
  type: "Entity";
  text?: string;
  properties?: Record<string, PropertyJson>;
  layouts?: {
    card?: {
      title?: string | { property: string };
      sections?: Array<{ layout?: string; title?: string; properties: string[] }>;
    };
  };
}

/** What a data type puts into its cell: the basic value, and the format or entity it carries. */
export interface RichValue {
  readonly rich: true;
  value: CellValue;
  isError: boolean;
  valueFormat?: string;
  entity?: EntityJson;
}

export function isRichValue(value: unknown): value is RichValue {
  return typeof value === "object" && value !== null && (value as { rich?: unknown }).rich === true;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A property's value as `=A5.Name` reads it; undefined for a JSON this emulation does not read. */
export function propertyValue(json: unknown): CellValue | undefined {
  if (!isObject(json)) return undefined;
  const basic = json["basicValue"];
  if ((json["type"] === "Double" || json["type"] === "FormattedNumber") && typeof basic === "number")
    return basic;
  if (json["type"] === "String" && typeof basic === "string") return basic;
  if (json["type"] === "Boolean" && typeof basic === "boolean") return basic;
  return undefined;
}

/**
 * A function's result that is a data type, as its cell takes it; undefined when it is none the
 * emulation knows (an object Excel would not show either).
 */
export function richValueOf(json: unknown): RichValue | undefined {
  if (!isObject(json)) return undefined;
  if (json["type"] === "Entity") {
    return { rich: true, value: "#VALUE!", isError: true, entity: json as unknown as EntityJson };
  }
  const value = propertyValue(json);
  if (value === undefined) return undefined;
  const format = json["numberFormat"];
  return {
    rich: true,
    value,
    isError: false,
    ...(typeof format === "string" && typeof value === "number" ? { valueFormat: format } : {}),
  };
}

/** The properties a card shows, in its sections' order (every property where no layout says). */
export function cardProperties(entity: EntityJson): Array<{ name: string; json: PropertyJson }> {
  const properties = entity.properties ?? {};
  const listed = entity.layouts?.card?.sections?.flatMap((s) => s.properties) ?? Object.keys(properties);
  return listed.flatMap((name) => {
    const json = properties[name];
    return json ? [{ name, json }] : [];
  });
}

/** The card's title: its title property's value, else the entity's text. */
export function cardTitle(entity: EntityJson): string {
  const title = entity.layouts?.card?.title;
  if (typeof title === "string") return title;
  const value = title ? propertyValue(entity.properties?.[title.property]) : undefined;
  return value === undefined ? (entity.text ?? "") : String(value);
}

/** A property of an entity by name, as Excel matches field names (in any case). */
export function entityField(entity: EntityJson, name: string): CellValue | undefined {
  const properties = entity.properties ?? {};
  const key =
    name in properties ? name : Object.keys(properties).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : propertyValue(properties[key]);
}
