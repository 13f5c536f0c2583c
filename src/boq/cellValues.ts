// The one seam from a BOQ value to a cell (GUIDE habit 20: as xlwings keeps every value↔cell
// conversion behind one pipeline that ranges and functions share). A value is given here with its
// kind (text, a whole number, a quantity, money, a percentage, a date, yes/no, an error) and leaves
// as what its destination takes:
//
// - a PLATFORM function's result (spillValue, spillEntity): on every host a plain number, text or
//   boolean; where custom functions return data types, a quantity, an amount, a percentage or a
//   date as a number carrying its number format, and a position as an entity value with a card;
// - a sheet a journey writes (sheetValue, formatOf): the plain value, its column's number format
//   beside it.
//
// Which field of a BOQ row (BOQ_FIELDS) and of a compared row (COMPARED_FIELDS) is which kind, and
// what its value is (a section's quantity empty, its total ./totals's sum), is said here once, so
// PLATFORM.BOQ's spill, the BOQ sheet, PLATFORM.BOQDIFF's spill and the comparison sheet say the
// same of the same row. Pure.
//
// What a host takes (Microsoft's documentation):
// - custom functions return data types only with CustomFunctionsRuntime 1.4 and
//   `allowCustomDataForDataTypeAny` in the functions' metadata ("Use data types with custom
//   functions in Excel", learn.microsoft.com/office/dev/add-ins/excel/custom-functions-data-types-concepts;
//   "Custom Functions requirement sets": 1.4 is not in perpetual Office);
// - FormattedNumberCellValue (learn.microsoft.com/javascript/api/excel/excel.formattednumbercellvalue):
//   ExcelApi 1.16, deprecated since ExcelApi 1.19;
// - DoubleCellValue (learn.microsoft.com/javascript/api/excel/excel.doublecellvalue): ExcelApi
//   1.16, its `numberFormat` since ExcelApi 1.19;
// - EntityCellValue (learn.microsoft.com/javascript/api/excel/excel.entitycellvalue): ExcelApi 1.16,
//   its card from `layouts.card` (CardLayoutListSection), read as `=A5.Quantity`.
// `Range.values` reads a formatted number as its number (`basicValue`), so a formula over the cell
// computes the same on every host, a percentage excepted (in percent where no format can say so).
import type { BoqRow } from "../api/schemas";
import type { ComparedRow } from "./compare";
import type { RowTotal } from "./totals";
import type { LeveledRow } from "./tree";
import { excelSerial } from "./values";

/** What a value is, for its cell: the kinds with a number format show as Excel shows them. */
export type CellKind = "text" | "integer" | "quantity" | "money" | "percent" | "date" | "boolean";

/** A value of a kind: a number, text or yes/no; null, an empty cell. */
export type Raw = string | number | boolean | null;

/** A value with its kind, where values travel in lists (a card's properties). */
export interface Typed {
  kind: CellKind;
  value: Raw;
}

const NUMBER_FORMATS: Readonly<Record<CellKind, string>> = {
  text: "@",
  integer: "0",
  quantity: "#,##0.000",
  money: "#,##0.00",
  // A percentage is a ratio (0.2 is 20 %), as Excel's percent format reads it.
  percent: "0.0%",
  // Excel's built-in short date (number format 14): shown in the order of the user's regional format.
  date: "m/d/yyyy",
  boolean: "General",
};

/** The number format of a kind, for a sheet's column or a formatted value. */
export function formatOf(kind: CellKind): string {
  return NUMBER_FORMATS[kind];
}

const FORMATTED: ReadonlySet<CellKind> = new Set(["quantity", "money", "percent", "date"]);

/** An Excel error a cell shows ("#NUM!"), as the host makes it (CustomFunctions.Error in a function). */
export type ErrorLiteral = "#NUM!" | "#N/A" | "#VALUE!";

/** What a host takes from a custom function (src/workbook cellValueSupport says which). */
export interface ValueSupport {
  /**
   * How a number with a format reaches a cell: "plain", a number (no data types: perpetual Office,
   * CustomFunctionsRuntime 1.3 or older); "formattedNumber", a FormattedNumberCellValue (ExcelApi
   * 1.16 to 1.18); "double", a DoubleCellValue with its numberFormat (ExcelApi 1.19 and later).
   */
  numbers: "plain" | "formattedNumber" | "double";
  /** Entity values, with their cards (the same requirement as formatted numbers). */
  entities: boolean;
  /** The host's error value for a cell (src/functions: CustomFunctions.Error); else its literal. */
  error?: ErrorMaker;
}

/** A host without data types from custom functions: numbers, text and booleans only. */
export const PLAIN_VALUES: ValueSupport = { numbers: "plain", entities: false };

/** Excel's cell value JSON for a number with a format (ExcelApi 1.16; Double's format from 1.19). */
export interface NumberValue {
  type: "FormattedNumber" | "Double";
  basicValue: number;
  numberFormat?: string;
}
export interface StringValue {
  type: "String";
  basicValue: string;
}
export interface BooleanValue {
  type: "Boolean";
  basicValue: boolean;
}
/** Excel's EntityCellValue as a custom function returns it: the cell's text, the properties, the card. */
export interface EntityValue {
  type: "Entity";
  text: string;
  properties: Record<string, NumberValue | StringValue | BooleanValue>;
  layouts: {
    card: { title: { property: string }; sections: Array<{ layout: "List"; properties: string[] }> };
  };
}
export type DataTypeValue = NumberValue | StringValue | BooleanValue | EntityValue;

/** An error value as the host makes it (src/functions: a CustomFunctions.Error). */
export interface ErrorValue {
  readonly code: string;
}

/** Makes the host's error value of an Excel error. */
export type ErrorMaker = (code: ErrorLiteral) => ErrorValue;

/** One cell of a PLATFORM function's result. */
export type SpillValue = string | number | boolean | DataTypeValue | ErrorValue;

const literalError: ErrorMaker = (code) => ({ code });

/** A number that cannot be shown (JSON never sends one, but a computed one could be): #NUM!. */
function unshowable(value: number): boolean {
  return !Number.isFinite(value);
}

/**
 * A number as the host takes it. Without data types a percentage is given in percent (20 for
 * 20 %), as the column's header says "Δ %" and no format can say it; with them it is the ratio
 * (0.2) shown in the percent format, which is what a formula over it reads.
 */
function numberValue(kind: CellKind, value: number, support: ValueSupport): number | NumberValue {
  if (support.numbers === "plain") return kind === "percent" ? value * 100 : value;
  if (!FORMATTED.has(kind)) return value;
  return {
    type: support.numbers === "double" ? "Double" : "FormattedNumber",
    basicValue: value,
    numberFormat: formatOf(kind),
  };
}

/** A value as a PLATFORM function returns it on a host with `support`. */
export function spillValue(kind: CellKind, value: Raw, support: ValueSupport): SpillValue {
  if (value === null) return "";
  if (typeof value !== "number") return value;
  if (unshowable(value)) return (support.error ?? literalError)("#NUM!");
  return numberValue(kind, value, support);
}

/** A value as a sheet's cell holds it (its column's number format is formatOf(kind)): "" for none. */
export function sheetValue(value: Raw): string | number {
  if (value === null) return "";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  return typeof value === "number" && unshowable(value) ? "#NUM!" : value;
}

/** A number as a sheet's number cell holds it: "" where there is none. */
export function sheetNumber(value: Raw): number | "" {
  return typeof value === "number" && !unshowable(value) ? value : "";
}

/** A platform timestamp as a date (an Excel serial); text the platform sent in another form stays text. */
export function dateValue(text: string | null | undefined): Typed {
  const serial = excelSerial(text);
  return serial === undefined ? { kind: "text", value: text ?? null } : { kind: "date", value: serial };
}

// ---- a card ------------------------------------------------------------------------------

/** A position as an entity: its cell's text, and its card's properties in order (label, value). */
export interface EntityCell {
  text: string;
  /** The label of the property the card's title shows. */
  titleProperty: string;
  properties: ReadonlyArray<{ label: string } & Typed>;
}

function propertyValue(kind: CellKind, value: string | number | boolean, support: ValueSupport) {
  if (typeof value === "string") return { type: "String" as const, basicValue: value };
  if (typeof value === "boolean") return { type: "Boolean" as const, basicValue: value };
  const shown = numberValue(kind, value, support);
  return typeof shown === "number" ? { type: "Double" as const, basicValue: shown } : shown;
}

/**
 * A position as a PLATFORM function returns it: an entity value whose card lists its properties
 * (empty ones left out) where the host takes entities, its text elsewhere.
 */
export function spillEntity(entity: EntityCell, support: ValueSupport): SpillValue {
  if (!support.entities) return entity.text;
  const properties: EntityValue["properties"] = {};
  for (const p of entity.properties) {
    if (p.value === null || (typeof p.value === "number" && unshowable(p.value))) continue;
    properties[p.label] = propertyValue(p.kind, p.value, support);
  }
  return {
    type: "Entity",
    text: entity.text,
    properties,
    layouts: {
      card: {
        title: { property: entity.titleProperty },
        sections: [{ layout: "List", properties: Object.keys(properties) }],
      },
    },
  };
}

// ---- a BOQ row's fields ------------------------------------------------------------------

/** Fields of a BOQ row a column can name (docs/interface.md 2.9), plus Level from ParentId. */
export const BOQ_FIELDS = [
  "Level",
  "CatalogName",
  "Code",
  "Name",
  "Unit",
  "Value",
  "ValueCost",
  "TotalCost",
  "FullTotalCost",
  "Id",
  "ExternalId",
  "PlatformId",
  "ParentId",
  "ParentExternalId",
  "ParentPlatformId",
  "Company",
  "Project",
  "Model",
  "Tree",
  "Version",
] as const;
export type BoqField = (typeof BOQ_FIELDS)[number];

const NUMBER_FIELDS: Readonly<Partial<Record<BoqField, CellKind>>> = {
  Level: "integer",
  Value: "quantity",
  ValueCost: "money",
  TotalCost: "money",
  FullTotalCost: "money",
  Version: "integer",
};

/** The kind of a BOQ field's cells: every field not a number is text. */
export function fieldKind(field: BoqField): CellKind {
  return NUMBER_FIELDS[field] ?? "text";
}

/** A parent's quantity and unit cost are not the platform's figures but zeros: left empty. */
const LEAF_ONLY_FIELDS: ReadonlySet<BoqField> = new Set(["Value", "ValueCost"]);

/**
 * A BOQ row's field as its cell holds it. TotalCost is the row's total by ./totals's rule (a
 * section's, the sum of its children's); a section's FullTotalCost shows only where it is not 0 and
 * differs from that sum; a section's quantity and unit cost are empty.
 */
export function fieldValue(item: LeveledRow, field: BoqField, total: RowTotal): Raw {
  if (field === "Level") return item.level;
  if (item.hasChildren && LEAF_ONLY_FIELDS.has(field)) return null;
  if (field === "TotalCost") return total.total;
  if (field === "FullTotalCost" && item.hasChildren) return total.platformFull ?? null;
  return item.row[field] ?? null;
}

/** A LocalVars variable of a row by name (exact, else in any case): text. */
export function variableValue(row: BoqRow, name: string): Raw {
  const found =
    row.LocalVars.find((v) => v.Name === name) ??
    row.LocalVars.find((v) => v.Name.toLowerCase() === name.toLowerCase());
  return found?.Value ?? null;
}

// ---- a position's card -------------------------------------------------------------------

/**
 * The fields a position's card shows, in order, with its parent section's name after the catalog:
 * what an estimator looks up about a position (docs/interface.md, PLATFORM.BOQ's `cards`).
 */
export const CARD_FIELDS = [
  "Code",
  "Name",
  "Unit",
  "Value",
  "ValueCost",
  "TotalCost",
  "CatalogName",
] as const;
export type CardField = (typeof CARD_FIELDS)[number];

/** The labels of a card's properties: each field's header, and the parent section's. */
export interface CardWords {
  field: (field: BoqField) => string;
  section: string;
}

/**
 * A BOQ row as an entity (its card): the cell's text is the row's `shown` field (Name or Code),
 * the card titled by the row's name; its properties the card fields by the same value rule as
 * the row's cells (a section's total the sum of its rows, its quantity left out; the platform's
 * full total beside it only where it differs), the parent section's name and the platform id.
 */
export function positionCard(
  item: LeveledRow,
  total: RowTotal,
  section: string | null,
  shown: "Name" | "Code",
  words: CardWords,
): EntityCell {
  const fields = CARD_FIELDS.map((field) => ({
    label: words.field(field),
    kind: fieldKind(field),
    value: fieldValue(item, field, total),
  }));
  // A section's FullTotalCost beside its total where it is not 0 and differs (./totals), labelled.
  const full = {
    label: words.field("FullTotalCost"),
    kind: "money" as const,
    value: item.hasChildren ? fieldValue(item, "FullTotalCost", total) : null,
  };
  const totalAt = CARD_FIELDS.indexOf("TotalCost") + 1;
  const properties = [
    ...fields.slice(0, totalAt),
    full,
    ...fields.slice(totalAt),
    { label: words.section, kind: "text" as const, value: section },
    { label: words.field("PlatformId"), kind: "text" as const, value: fieldValue(item, "PlatformId", total) },
  ];
  const text = fieldValue(item, shown, total);
  return {
    text: text === null ? "" : String(text),
    titleProperty: words.field("Name"),
    properties,
  };
}

// ---- a compared row's fields -------------------------------------------------------------

/** The fields of a compared row (./compare) a cell can show: PLATFORM.BOQDIFF's columns. */
export const COMPARED_FIELDS = [
  "Level",
  "Code",
  "Name",
  "Unit",
  "QuantityA",
  "QuantityB",
  "DeltaQuantity",
  "TotalA",
  "TotalB",
  "DeltaTotal",
  "DeltaPercent",
  "Change",
  "Details",
] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number];

/** The words a compared row's cells need: its change in words, what moved or changed, two values. */
export interface ComparedWords {
  /** The row's change class in words (./compareSheetPlan classes). */
  change: string;
  details: (row: ComparedRow) => string;
  /** Two values of the two sides, A then B (a unit that changed). */
  pair: (a: string, b: string) => string;
}

const COMPARED_KINDS: Readonly<Record<ComparedField, CellKind>> = {
  Level: "integer",
  Code: "text",
  Name: "text",
  Unit: "text",
  QuantityA: "quantity",
  QuantityB: "quantity",
  DeltaQuantity: "quantity",
  TotalA: "money",
  TotalB: "money",
  DeltaTotal: "money",
  DeltaPercent: "percent",
  Change: "text",
  Details: "text",
};

/** The kind of a compared field's cells. */
export function comparedKind(field: ComparedField): CellKind {
  return COMPARED_KINDS[field];
}

/**
 * A compared row's field as its cell holds it: quantities not subtracted across units, Δ % a ratio
 * (0.1 is 10 %) and empty where total A is 0. Which rows show which fields is the layout's (the
 * spill shows a parent's Δ total only; the sheet shows a section's figures on its total row).
 */
export function comparedValue(row: ComparedRow, field: ComparedField, words: ComparedWords): Raw {
  switch (field) {
    case "Level":
      return row.level;
    case "Code":
      return row.code;
    case "Name":
      return row.name;
    case "Unit":
      return row.unitChanged && row.unitA !== undefined ? words.pair(row.unitA, row.unit) : row.unit;
    case "QuantityA":
      return row.quantityA;
    case "QuantityB":
      return row.quantityB;
    case "DeltaQuantity":
      return row.unitChanged ? null : row.deltaQuantity;
    case "TotalA":
      return row.totalA;
    case "TotalB":
      return row.totalB;
    case "DeltaTotal":
      return row.deltaTotal;
    case "DeltaPercent":
      return row.deltaRatio;
    case "Change":
      return words.change;
    case "Details":
      return words.details(row);
  }
}
