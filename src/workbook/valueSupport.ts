// What this host takes from a custom function besides numbers, text and booleans (src/boq
// cellValues: the one seam from a value to a cell). Custom functions return data types only with
// CustomFunctionsRuntime 1.4 ("Custom Functions requirement sets": not in perpetual Office, whose
// cells keep plain numbers) and `allowCustomDataForDataTypeAny` in the functions' metadata, which
// custom-functions-metadata writes into functions.json. The number's cell value is then a
// FormattedNumberCellValue on ExcelApi 1.16 to 1.18 (deprecated since 1.19) or a DoubleCellValue,
// whose numberFormat came with ExcelApi 1.19; entity values and their cards need ExcelApi 1.16.
// Sources: learn.microsoft.com/office/dev/add-ins/excel/custom-functions-data-types-concepts,
// learn.microsoft.com/javascript/api/requirement-sets/excel/custom-functions-requirement-sets,
// learn.microsoft.com/javascript/api/excel/excel.formattednumbercellvalue and
// excel.doublecellvalue.
import { PLAIN_VALUES, type ValueSupport } from "../boq/cellValues";

/** The custom functions' data types: CustomFunctionsRuntime 1.4. */
export const DATA_TYPES_RUNTIME = "1.4";
/** FormattedNumberCellValue and EntityCellValue. */
export const DATA_TYPES_API = "1.16";
/** DoubleCellValue's numberFormat (FormattedNumberCellValue deprecated from here). */
export const DOUBLE_FORMAT_API = "1.19";

function supported(set: string, version: string): boolean {
  return (
    typeof Office !== "undefined" &&
    typeof Office.context?.requirements?.isSetSupported === "function" &&
    Office.context.requirements.isSetSupported(set, version)
  );
}

/** What a PLATFORM function may return on this host: plain values where it has no data types. */
export function cellValueSupport(): ValueSupport {
  if (!supported("CustomFunctionsRuntime", DATA_TYPES_RUNTIME) || !supported("ExcelApi", DATA_TYPES_API))
    return PLAIN_VALUES;
  return {
    numbers: supported("ExcelApi", DOUBLE_FORMAT_API) ? "double" : "formattedNumber",
    entities: true,
  };
}
