// The English words of the problems area (./problems.ts); the Russian ones are in ./problems.ru.ts.
import type { Message } from "../types";

export const problemWordsEn = {
  // Field names, as a header names them
  fieldGuid: "Guid",
  fieldCode: "Code",
  fieldName: "Name",
  fieldPrice: "Price",
  fieldUnit: "Unit",
  fieldCurrencyCharCode: "Currency",
  fieldBinding: "Binding",
  fieldControlPoints: "Control points",
  fieldDelete: "Delete",
  quoted: "“{text}”",
  listMore: "{count} more",

  // The block and the mapping
  emptySelection: "The selected range on sheet “{sheet}” is empty: there is nothing to import.",
  emptySelectionFix: "Select the catalog's cells, from its header row to its last row, and try again.",
  blockOutsideSheet:
    "The cells given to read on sheet “{sheet}” reach beyond the worksheet (past column XFD or above row 1), so they cannot be a selection.",
  blockOutsideSheetFix: "Select the catalog's cells again.",
  noHeader:
    "No header row naming a Code column was found in the first {rows} rows of the selected range on sheet “{sheet}”.",
  noHeaderFix:
    "Add a header row with at least Code and Name (for example “Code”, “Name”, “Price”), or choose the columns by hand.",
  noDataRows:
    "The header in row {headerRow} ({cell}) has no rows with data below it in the selected range, so there is nothing to import.",
  noDataRowsNoHeader: "The selected range on sheet “{sheet}” has no rows to import.",
  noDataRowsFix: "Select the header row together with the rows of positions below it.",
  missingColumn: "No column holds the Code, which every position needs.",
  missingColumnFix: "Add a column headed “Code” (or “Код”, “Шифр”), or choose the Code column by hand.",
  missingColumnName: {
    one: "No column holds the Name; the platform ignores positions without a name, so the {count} position would not be imported.",
    other:
      "No column holds the Name; the platform ignores positions without a name, so none of the {count} positions would be imported.",
  },
  missingColumnNameFix:
    "Add a column headed “Name” (or “Наименование”, “Title”), or choose the Name column by hand.",
  duplicateColumn:
    "The header in {cell} (“{header}”) also names {field}, but column {usedColumn} (“{usedHeader}”) fits it better and is read; column {column} is not read.",
  duplicateColumnFix: "If column {column} holds the {field}, choose it by hand; otherwise rename its header.",
  ambiguousColumn:
    "The headers in {cells} all name {field}, and their columns hold the same kind of data, so it cannot be told which one holds the {field}.",
  ambiguousColumnFix:
    "Choose the {field} column by hand, or rename the headers of the columns that do not hold it.",
  unmappedColumn: {
    one: "Column {column} (headed “{header}” in {cell}) holds data in {count} row, but no field is read from it, so it is not imported.",
    other:
      "Column {column} (headed “{header}” in {cell}) holds data in {count} rows, but no field is read from it, so it is not imported.",
  },
  unmappedColumnNoHeader: {
    one: "Column {column} holds data in {count} row, but no field is read from it, so it is not imported.",
    other: "Column {column} holds data in {count} rows, but no field is read from it, so it is not imported.",
  },
  unmappedColumnSuggested: {
    one: "Column {column} (headed “{header}” in {cell}) holds data in {count} row, but no field is read from it, so it is not imported; its header suggests {suggestion}.",
    other:
      "Column {column} (headed “{header}” in {cell}) holds data in {count} rows, but no field is read from it, so it is not imported; its header suggests {suggestion}.",
  },
  unmappedColumnFix:
    "If column {column} holds a field of the positions (price, unit, ...), choose it under Columns; otherwise nothing needs doing.",
  unmappedColumnSuggestedFix:
    "Choose column {column} for {suggestion} under Columns if it holds it; otherwise nothing needs doing.",
  invalidMapping:
    "The {field} field is mapped to a column that cannot be read: column {column} is outside the selected range.",
  invalidMappingNotAColumn:
    "The {field} field is mapped to a column that cannot be read: “{column}” is not a column letter.",
  invalidMappingFix: "Choose a column inside the selected range for {field}, or select a wider range.",
  invalidMappingSameColumn: "Column {column} is mapped to both {otherField} and {field}.",
  invalidMappingSameColumnFix: "Map each field to its own column.",
  invalidMappingHeaderRow: "The header row {headerRow} is outside the selected range.",
  invalidMappingHeaderRowFix:
    "Select a range that includes the header row, or choose “No header row” for the columns.",
  mappingHeaderMismatch:
    "The column choice names row {headerRow} ({cell}) as the header, but the header of this table is now in row {foundRow}; reading from row {nextRow} would import the header.",
  mappingHeaderMismatchSkip:
    "The column choice names row {headerRow} ({cell}) as the header, but the header of this table is now in row {foundRow}; reading from row {nextRow} would skip data rows.",
  mappingHeaderMismatchFix: "Choose the columns again for this table (header in row {foundRow}).",
  mappingHeaderMismatchNumber:
    "The column choice names row {headerRow} as the header, but its {field} cell {cell} holds the number {text}, which looks like data; that row would not be imported.",
  mappingHeaderMismatchNumberFix: "Choose the columns again and check the header row.",
  headerTwoRows:
    "Rows {firstRow} and {headerRow} are read together as one header (the words in {cell} complete those above them): {headers}; the positions start in row {dataRow}.",
  headerTwoRowsFix:
    "Nothing needs doing if row {headerRow} belongs to the header; if it is a position, enter its code in {codeCell}.",
  headerTwoRowsAboveFix:
    "Nothing needs doing if row {firstRow} belongs to the header; if it does not, select the table from row {headerRow}.",
  columnHeader: "{column} “{header}”",
  titleAboveHeader:
    "Row {titleRow} names {fields} as a header would (from {cell}), but it is read as part of a title above the table: the header is taken to be row {headerRow}, and nothing above it is imported.",
  titleAboveHeaderFix:
    "Nothing needs doing if row {titleRow} is part of a title; if it is the header, change the words in row {headerRow} that read as a header.",
  rowNumberColumn:
    "Column {column} (“{header}” in {cell}) holds whole numbers, not GUIDs, so it is taken for row numbers and not read; the Guid is read from column {usedColumn} (“{usedHeader}”).",
  rowNumberColumnNoGuid:
    "Column {column} (“{header}” in {cell}) holds whole numbers, not GUIDs, so it is taken for row numbers and not read; no column gives the positions' Guids.",
  rowNumberColumnFix:
    "Nothing needs doing if column {column} numbers the rows; a position's Guid is a GUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301, never a number.",
  rowNumberColumnNumbering:
    "Column {column} (“{header}” in {cell}) holds whole numbers, so it is taken for row numbers and not read.",
  rowNumberColumnNumberingFix:
    "Nothing needs doing if column {column} numbers the rows; if it holds a field of the positions, choose it under Columns.",

  // One row
  headerRowInData: "Row {row} repeats the header ({cell} reads “{text}”), so it is not imported.",
  headerRowInDataFix:
    "Nothing needs doing if row {row} is a repeated header; if it is a position, give it a real code in {cell}.",
  notAPosition:
    "Row {row} has “{text}” in {cell} instead of a code (no letter or digit), so it is not imported.",
  notAPositionSection:
    "Row {row} reads “{text}” in {cell}, a section heading or total rather than a position, so it is not imported.",
  notAPositionFix:
    "Nothing needs doing if row {row} is not a position; if it is one, enter its code in the Code column.",
  unmappedData:
    "Row {row} has data only in columns that are not read ({cell} holds “{text}”), so it is not imported.",
  unmappedDataFix:
    "If row {row} is a position, fill its Code and Name, or choose the column of {cell} under Columns; otherwise nothing needs doing.",
  excelError: "Cell {cell} ({field}) shows the Excel error {text}: {cause}.",
  excelErrorFix: "Correct the formula or value in {cell} so the cell no longer shows an error.",
  excelCauseNA: "a lookup found no value",
  excelCauseRef: "a formula refers to a cell that was deleted",
  excelCauseValue: "a formula got a value of the wrong type",
  excelCauseDiv0: "a formula divides by zero",
  excelCauseName: "a formula uses a name or function Excel does not know",
  excelCauseNull: "a formula uses ranges that do not intersect",
  excelCauseNum: "a formula produced an invalid number",
  excelCauseSpill: "a formula's result cannot spill into the cells it needs",
  excelCauseCalc: "a formula could not be calculated",
  excelCauseGettingData: "the value was still being calculated when the sheet was read",
  excelCauseField: "a formula refers to a field that a linked data type does not have",
  excelCauseBlocked: "a formula needs a feature that is blocked",
  excelCauseConnect: "a formula could not reach its data source",
  excelCauseUnknown: "the cell holds a value this Excel version does not know",
  excelCausePython: "a Python formula failed",
  excelCauseOther: "Excel could not compute the value",
  missingCode:
    "Row {row} has no Code in {cell}; every position needs a code, and the platform ignores rows without one.",
  missingCodeFix: "Enter the position's code in {cell}, or clear the row if it is not a position.",
  missingName: "Row {row} has no Name in {cell}; the platform ignores positions without a name.",
  missingNameFix: "Enter a name in {cell}, or clear the row if it is not a position.",
  invalidCode: "The Code in {cell} (“{text}”) cannot be used as a code.",
  invalidCodeFix: "Enter the position's code in {cell} as text.",
  invalidCodeBoolean: "The Code in {cell} (“{text}”) is a TRUE/FALSE value, not a code.",
  invalidCodeDate: "The Code in {cell} (“{text}”) is a date (Excel stores dates as numbers), not a code.",
  invalidCodeNegative: "The Code in {cell} (“{text}”) is a negative number, not a code.",
  invalidCodeNegativeFix:
    "Format the Code column as Text and retype the code in {cell} (a leading “-” makes Excel read a number).",
  invalidCodeTooManyDigits:
    "The Code in {cell} (“{text}”) is a number too long for Excel to keep exactly (it keeps 15 digits), so its last digits are lost.",
  invalidCodeTextFix: "Format the Code column as Text and retype the code in {cell}.",
  invalidCodeLineBreak:
    "The Code in {cell} (“{text}”) contains a line break or tab, which would make a different code from the one shown.",
  invalidCodeLineBreakFix: "Remove the line break or tab from the code in {cell}.",
  invalidCodePlaceholder: "The Code in {cell} (“{text}”) has no letter or digit, so it names no position.",
  invalidCodeSection: "The Code in {cell} (“{text}”) is a section heading or total, not a position.",
  invalidCodeDeletionFix: "Enter the code of the position to delete in {cell}, or clear the deletion mark.",
  numericCode:
    "The Code in {cell} is stored as the number {value}; Excel drops leading zeros of numbers, so a code typed as 0{value} arrives as {value}.",
  numericCodeShown:
    "The Code in {cell} is stored as the number {value} and shown as “{text}”; it is read as “{text}”, as shown.",
  numericCodeFraction:
    "The Code in {cell} is stored as the number {value}; Excel drops trailing zeros of numbers, so a code typed as {value}0 arrives as {value}.",
  numericCodeFractionDeletion:
    "The Code in {cell} is stored as the number {value}; Excel drops trailing zeros of numbers, so a code typed as {value}0 arrives as {value}, and the row may delete a different position and everything below it.",
  numericCodeFix:
    "Format the Code column as Text and retype the codes as they should read (with their zeros).",
  formulaCode:
    "The Code in {cell} (“{text}”) is the result of a formula; it changes when the cells it depends on change, which moves the position in the tree or makes it a new one.",
  formulaCodeDeletion:
    "The Code in {cell} (“{text}”) that this row deletes is the result of a formula; if it changes, a different position and everything below it is deleted.",
  formulaCodeFix: "Copy the Code column and paste it as values (Paste Special > Values) before importing.",
  nameNotTextBoolean:
    "The Name in {cell} is the TRUE/FALSE value {text}, not text; it is imported as the name “{text}”.",
  nameNotText: "The Name in {cell} is the number {text}, not text; it is imported as the name “{text}”.",
  nameNotTextFix:
    "Enter the position's name in {cell}; if the names are in another column, choose that column for Name under Columns.",
  codeCleaned:
    "The Code in {cell} held invisible or decomposed characters (“{text}”); it is read as “{code}”.",
  codeCleanedFix: "Retype the code in {cell} so the sheet holds exactly “{code}”.",
  codeMixedScript:
    "The Code “{text}” in {cell} mixes Latin and Cyrillic letters, which look alike (A and А, C and С); it may not match the code the catalog has.",
  codeMixedScriptFix: "Retype the letters of the code in {cell} on one keyboard layout.",
  malformedGuid: "The Guid in {cell} (“{text}”) is not a GUID.",
  malformedGuidFix:
    "Enter a GUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301 in {cell}, or clear the cell (a new position then gets one from the add-in, a deletion goes by its Code).",
  nilGuid:
    "The Guid in {cell} is the nil GUID (all zeros), which the platform reads as “no Guid”; it is left out, and the row is matched by its Code.",
  nilGuidFix: "Clear {cell}, or enter the position's real Guid.",
  formulaGuid:
    "The Guid in {cell} is the result of a formula; if the formula gives a new value on recalculation, the next import creates the position again instead of updating it.",
  formulaGuidFix: "Copy the Guid column and paste it as values (Paste Special > Values).",
  priceNotNumber:
    "The Price in {cell} (“{text}”) cannot be read as a number: it holds characters that are not part of a number.",
  priceNotNumberBoolean:
    "The Price in {cell} (“{text}”) cannot be read as a number: it is a TRUE/FALSE value.",
  priceNotNumberBlank: "The Price in {cell} cannot be read as a number: it is blank.",
  priceNotNumberWrongSeparator:
    "The Price in {cell} (“{text}”) cannot be read as a number: it uses “{otherSeparator}” as a decimal point but this workbook uses “{separator}”.",
  priceNotNumberNotFinite:
    "The Price in {cell} (“{text}”) cannot be read as a number: it is not a finite number.",
  priceNotNumberTooSmall:
    "The Price in {cell} (“{text}”) cannot be read as a price: it is smaller than any number Excel keeps other than zero (Excel would hold it as 0).",
  priceNotNumberFix:
    "Enter the price as a plain number in {cell}, without currency signs or units, using “{separator}” for decimals.",
  priceText: "The Price in {cell} is text (“{text}”); it is read as the number {value}.",
  priceTextFix:
    "Check that {value} is the intended price, and convert the column to numbers to silence this warning.",
  priceAmbiguous:
    "The Price in {cell} is text (“{text}”) that could mean {grouped} or {decimal}; this workbook uses “{separator}” for decimals, so it is not guessed.",
  priceAmbiguousFix:
    "Enter the price in {cell} as a number (for {decimal} type it with “{separator}”), or convert the column to numbers.",
  priceNegative: "The Price in {cell} is negative ({value}); a catalog price cannot be below zero.",
  priceNegativeFix: "Enter a price of zero or more in {cell}.",
  priceTooLarge:
    "The Price in {cell} ({value}) is too large to be a catalog price; it cannot be held to the cent.",
  priceTooLargeFix:
    "Check the price in {cell}: it may be a code, a total or a value pasted into the wrong column.",
  malformedCurrency: "The Currency in {cell} (“{text}”) is not a three-letter currency code.",
  malformedCurrencySuggested:
    "The Currency in {cell} (“{text}”) is not a three-letter currency code; did you mean {suggestion}?",
  malformedCurrencyFix: "Enter the ISO 4217 code in Latin letters, such as USD, EUR or RUB, in {cell}.",
  currencySuggestedFix: "Enter {suggestion} in {cell}.",
  unknownCurrency: "The Currency in {cell} (“{text}”) is not a currency in use.",
  unknownCurrencySuggested:
    "The Currency in {cell} (“{text}”) is not a currency in use; it was replaced by {suggestion}.",
  unknownCurrencyFix: "Enter the ISO 4217 code of the price's currency, such as USD, EUR or RUB, in {cell}.",
  malformedControlPoints: "The Control points in {cell} cannot be read: {reason}.",
  malformedControlPointsFix:
    'Write them as Binding=Variable; Binding2=Variable2 (or as a JSON array of {"Binding","VariableName"}) in {cell}.',
  controlPointsUnreadable: "the text is not in either form",
  controlPointsJsonObject:
    'it is a single JSON object; the JSON form is a list, so put it in square brackets: [{"Binding": …, "VariableName": …}]',
  controlPointsLoneEscape: "the text ends with a lone “\\”",
  controlPointsNotJson: "it starts with [ but is not valid JSON",
  controlPointsNotArray: "the JSON is not an array",
  controlPointsElementNotObject: "element {item} of the JSON array is not an object",
  controlPointsElementNoBinding: "element {item} of the JSON array has no text “Binding”",
  controlPointsElementNoVariable: "element {item} of the JSON array has no text “VariableName”",
  controlPointsItemNoEquals: "item {item} (“{binding}”) has no “=” between the binding and the variable name",
  controlPointsItemNoBinding: "item {item} has no binding before “=”",
  controlPointsItemNoVariable: "item {item} (“{binding}=”) has no variable name after “=”",
  controlPointsItemTwoEquals:
    "item {item} (“{binding}=…”) has a second “=”; items are separated by “;” or a line break, not by a comma or a space",
  controlPointsNoItems: "it holds only separators (“;”), no Binding=Variable item",
  controlPointsElementUnknownKey:
    "element {item} of the JSON array has a key other than “Binding” and “VariableName”, which a control point does not have",
  controlPointsElementRepeatedKey:
    "element {item} of the JSON array gives “Binding” or “VariableName” twice (in one casing or two), so which one is meant is not said",
  controlPointsRepeatedBinding:
    "item {item} repeats the binding “{binding}” of an earlier item; a binding identifies one control point",
  unrecognisedDeletionMark:
    "Cell {cell} (Delete) holds “{text}”, which is not a deletion mark, so the row is imported, not deleted.",
  unrecognisedDeletionMarkFix:
    "To delete the row's position, enter x, yes, TRUE or 1 (or да, удалить); otherwise clear the cell.",
  deletionWithoutKey:
    "Row {row} is marked for deletion in {cell}, but it has neither a Guid nor a Code, so the platform cannot tell which position to delete.",
  deletionWithoutKeyFix:
    "Enter the Guid or the Code of the position to delete in row {row}, or clear the mark in {cell}.",
  longText: {
    one: "The {field} in {cell} is {count} character long. The platform does not say how long a text it keeps: it may keep it whole, shorten it or leave the row out.",
    other:
      "The {field} in {cell} is {count} characters long. The platform does not say how long a text it keeps: it may keep it whole, shorten it or leave the row out.",
  },
  longTextControlPoints: {
    one: "A binding or variable name of the control points in {cell} is {count} character long. The platform does not say how long a text it keeps: it may keep it whole, shorten it or leave the row out.",
    other:
      "A binding or variable name of the control points in {cell} is {count} characters long. The platform does not say how long a text it keeps: it may keep it whole, shorten it or leave the row out.",
  },
  longTextFix:
    "It is sent as it is. After the import, check on the platform that the position from {cell} kept its text whole, or shorten the text before importing.",

  // Across rows
  duplicateCode:
    "The Code “{code}” in {cell} repeats the Code in {otherCell}; the platform imports the first and ignores row {row}.",
  duplicateCodeFix:
    "Give one of the positions in {otherCell} and {cell} a different code, or delete the repeated row.",
  duplicateGuid:
    "The Guid in {cell} repeats the Guid in {otherCell}; two positions cannot share one identifier, and the platform would ignore row {row}.",
  duplicateGuidFix:
    "Clear the Guid in {cell} so a new one is assigned, or correct whichever of {otherCell} and {cell} is wrong.",
  caseTwinCodes:
    "The Code “{code}” in {cell} differs from “{otherCode}” in {otherCell} only in upper and lower case; the platform treats them as two positions.",
  caseTwinCodesFix: "If they are one position, write both codes the same way; otherwise nothing needs doing.",
  lookalikeCodes:
    "The Code “{code}” in {cell} looks like “{otherCode}” in {otherCell} but is written with different characters that look alike (letters of Latin, Cyrillic, Greek or another script, full-width forms); the platform treats them as two positions.",
  lookalikeCodesFix:
    "Retype the look-alike characters of one of the codes (often on the other keyboard layout) so both read the same, unless they are meant to differ.",
  nearDuplicateCodes:
    "The Code “{code}” in {cell} reads like “{otherCode}” in {otherCell} but for leading zeros, so the two are probably one position; the platform treats them as two positions.",
  nearDuplicateCodesTrailingMark:
    "The Code “{code}” in {cell} reads like “{otherCode}” in {otherCell} but for the punctuation at the end, so the two are probably one position; the platform treats them as two positions.",
  nearDuplicateCodesZerosAndMark:
    "The Code “{code}” in {cell} reads like “{otherCode}” in {otherCell} but for leading zeros and punctuation (a mark doubled or at the end), so the two are probably one position; the platform treats them as two positions.",
  nearDuplicateCodesDoubledMark:
    "The Code “{code}” in {cell} reads like “{otherCode}” in {otherCell} but for a delimiter written twice (“..” for “.”), so the two are probably one position; the platform treats them as two positions.",
  nearDuplicateCodesDashes:
    "The Code “{code}” in {cell} reads like “{otherCode}” in {otherCell} but for the kind of dash (a hyphen, an en dash and a minus sign look alike), so the two are probably one position; the platform treats them as two positions.",
  nearDuplicateCodesFix:
    "If they are one position, write both codes the same way (or remove the repeated row); otherwise nothing needs doing.",
  orphanCode:
    "The parent code {list} is not in the list, and {positions} of the {total} positions hang under it (the first in {cell}); the platform ignores those positions unless the parent already exists in the catalog.",
  orphanCodeAll:
    "The parent code {list} is not in the list, and all {positions} of the {total} positions hang under it (the first in {cell}); the platform ignores the whole sheet unless the parent already exists in the catalog.",
  orphanCodeMany:
    "{parentCount} parent codes {list} are not in the list, and {positions} of the {total} positions hang under them (the first in {cell}); the platform ignores those positions unless the parents already exist in the catalog.",
  orphanCodeManyAll:
    "{parentCount} parent codes {list} are not in the list, and all {positions} of the {total} positions hang under them (the first in {cell}); the platform ignores the whole sheet unless the parents already exist in the catalog.",
  orphanCodeFix:
    "Add a row for {list} (with its name) above the positions, or import only into a catalog that already has that code.",
  orphanCodeManyFix:
    "Add rows for {list} (with their names) above the positions, or import only into a catalog that already has those codes.",
  deletedAndImported:
    "The deletion mark in {cell} deletes the position with Code “{value}”, which row {otherRow} ({otherCell}) imports in the same sheet; the result would depend on the order the platform applies them.",
  deletedAndImportedGuid:
    "The deletion mark in {cell} deletes the position with Guid {value}, which row {otherRow} ({otherCell}) imports in the same sheet; the result would depend on the order the platform applies them.",
  deletedAndImportedFix: "Either clear the deletion mark in {cell} or remove row {otherRow}.",
  deletedParent:
    "The Code “{code}” in {cell} lies under “{deletedCode}”, which {otherCell} deletes; the platform deletes a position's descendants with it, so this position may be lost.",
  deletedParentFix:
    "Clear the deletion mark in {otherCell}, or give the position in {cell} a code outside “{deletedCode}”.",
  unmappedColumns:
    "Columns {columns} hold data, but no field is read from them (headed {headers}), so they are not imported.",
  unmappedColumnsFix:
    "If one of them holds a field of the positions (price, unit, ...), choose it under Columns; otherwise nothing needs doing.",
} satisfies Readonly<Record<string, Message>>;
