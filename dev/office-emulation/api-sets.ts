/**
 * Requirement sets: the ExcelApi version each member of the surface (surface.ts, what the add-in
 * uses) arrived with, as @types/office-js states it ("[Api set: ExcelApi 1.13]"; members not named
 * here are ExcelApi 1.1). `test/workbench/api-sets.test.ts` reads the same from @types/office-js,
 * so this table stays Office's.
 *
 * An emulated host of a lower ExcelApi version (EmulationOptions.requirements) refuses a member
 * above it as Excel does:
 * - a method, or a navigation property (`worksheet.autoFilter`), throws at once, as office.js's
 *   own check does (`_throwIfApiNotSupported` in excel-web-16.00.debug.js, office.js 1.1.110):
 *   OfficeExtension.Error `ApiNotFound`, HTTP 404, "The method or property Range.
 *   getMergedAreasOrNullObject is part of the ExcelApi 1.13 requirement set, which is not
 *   available in your version of Excel." (office_strings `L_ApiNotFoundDetails`);
 * - a property set or loaded is sent to Excel (office.js checks neither), and Excel refuses the
 *   sync: `ApiNotFound`, "The API you are trying to use could not be found. It may be available in
 *   a newer version of Excel. ..." (the host's words, as Microsoft Graph's Excel API gives them);
 *   operations before it in the sync stay applied, as with every error at sync.
 */
import { EmulatedOfficeError } from "./errors";

export const EXCEL_API_MEMBERS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Application: { cultureInfo: "1.11", decimalSeparator: "1.11", useSystemSeparators: "1.11" },
  CultureInfo: { numberFormat: "1.11", name: "1.11" },
  NumberFormatInfo: { numberDecimalSeparator: "1.11", numberGroupSeparator: "1.11" },
  Range: {
    getResizedRange: "1.2",
    getUsedRangeOrNullObject: "1.4",
    getMergedAreasOrNullObject: "1.13",
    formulasR1C1: "1.2",
    moveTo: "1.11",
    conditionalFormats: "1.6",
    calculate: "1.6",
    group: "1.10",
    ungroup: "1.10",
    columnHidden: "1.2",
    merge: "1.2",
    unmerge: "1.2",
  },
  RangeAreas: { areas: "1.9", address: "1.9", areaCount: "1.9", cellCount: "1.9" },
  RangeFormat: { autofitColumns: "1.2", indentLevel: "1.9", rowHeight: "1.2" },
  ChartSeries: { setValues: "1.7", setXAxisValues: "1.7", delete: "1.7" },
  ChartAxis: { numberFormat: "1.8" },
  AutoFilter: {
    apply: "1.9",
    enabled: "1.9",
    isDataFiltered: "1.9",
    clearCriteria: "1.9",
    remove: "1.9",
    reapply: "1.9",
  },
  ConditionalFormatCollection: { add: "1.6", clearAll: "1.6" },
  ConditionalFormat: { cellValue: "1.6", custom: "1.6", delete: "1.6", stopIfTrue: "1.6" },
  CellValueConditionalFormat: { format: "1.6", rule: "1.6" },
  CustomConditionalFormat: { rule: "1.6", format: "1.6" },
  ConditionalFormatRule: { formula: "1.6" },
  ConditionalRangeFormat: { fill: "1.6", font: "1.6" },
  ConditionalRangeFont: { bold: "1.6", color: "1.6", italic: "1.6" },
  ConditionalRangeFill: { color: "1.6" },
  NamedItem: { delete: "1.4" },
  NamedItemCollection: { add: "1.4" },
  WorksheetProtection: { protected: "1.2" },
  Workbook: { onSelectionChanged: "1.2" },
  Worksheet: {
    freezePanes: "1.7",
    protection: "1.2",
    autoFilter: "1.9",
    getRangeByIndexes: "1.7",
    getUsedRangeOrNullObject: "1.4",
    showOutlineLevels: "1.10",
    calculate: "1.6",
  },
  WorksheetCollection: { onActivated: "1.7", getItemOrNullObject: "1.4" },
  WorksheetFreezePanes: { freezeRows: "1.7" },
  WorksheetActivatedEventArgs: { type: "1.7", worksheetId: "1.7" },
};

/** The ExcelApi version `entity.member` needs, or undefined for ExcelApi 1.1. */
export function excelApiVersionOf(entity: string, member: string): string | undefined {
  return EXCEL_API_MEMBERS[entity]?.[member];
}

/** What office.js throws at the call for a member above the host's version. */
export function apiNotFoundAtCall(entity: string, member: string, version: string): EmulatedOfficeError {
  return new EmulatedOfficeError({
    code: "ApiNotFound",
    message: `The method or property ${entity}.${member} is part of the ExcelApi ${version} requirement set, which is not available in your version of Excel.`,
    errorLocation: `${entity}.${member}`,
  });
}

/** What Excel answers at sync for a property it does not know. */
export function apiNotFoundAtSync(entity: string, member: string): EmulatedOfficeError {
  return new EmulatedOfficeError({
    code: "ApiNotFound",
    message:
      'The API you are trying to use could not be found. It may be available in a newer version of Excel. Please refer to the documentation: "https://docs.microsoft.com/office/dev/add-ins/reference/requirement-sets/excel-api-requirement-sets".',
    errorLocation: `${entity}.${member}`,
  });
}
