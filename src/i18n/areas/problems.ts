// The catalog check's problems as the estimator reads them: per problem kind of src/catalog
// (PROBLEM_KINDS), the problem (key = the kind in camelCase) and what to do (the same key +
// "Fix"); variants of a kind (its reason codes, PROBLEM_REASONS) add a word to its key. The only
// words about a problem: src/catalog returns codes and values. Placeholders are the problem's
// `values` (src/catalog/README.md) plus {cell}, {row}, {column}, {sheet} and {field}, filled by
// src/import/words/problemWords.ts.
import { defineMessages } from "../types";

export const problems = defineMessages({
  en: {
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
    duplicateColumnFix:
      "If column {column} holds the {field}, choose it by hand; otherwise rename its header.",
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
      other:
        "Column {column} holds data in {count} rows, but no field is read from it, so it is not imported.",
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
    unknownCurrencyFix:
      "Enter the ISO 4217 code of the price's currency, such as USD, EUR or RUB, in {cell}.",
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
    controlPointsItemNoEquals:
      "item {item} (“{binding}”) has no “=” between the binding and the variable name",
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
    textTooLong: {
      one: "The {field} in {cell} is {count} character long; the platform accepts at most {limit}.",
      other: "The {field} in {cell} is {count} characters long; the platform accepts at most {limit}.",
    },
    textTooLongControlPoints: {
      one: "A binding or variable name of the control points in {cell} is {count} character long; the platform accepts at most {limit}.",
      other:
        "A binding or variable name of the control points in {cell} is {count} characters long; the platform accepts at most {limit}.",
    },
    textTooLongFix: "Shorten the text in {cell} to {limit} characters or fewer.",

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
    caseTwinCodesFix:
      "If they are one position, write both codes the same way; otherwise nothing needs doing.",
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
  },
  ru: {
    fieldGuid: "Guid",
    fieldCode: "Код",
    fieldName: "Наименование",
    fieldPrice: "Цена",
    fieldUnit: "Ед. изм.",
    fieldCurrencyCharCode: "Валюта",
    fieldBinding: "Привязка",
    fieldControlPoints: "Контрольные точки",
    fieldDelete: "Удалить",
    quoted: "«{text}»",
    listMore: "ещё {count}",

    emptySelection: "Выделенный диапазон на листе «{sheet}» пуст: импортировать нечего.",
    emptySelectionFix:
      "Выделите ячейки каталога — от строки заголовков до последней строки — и повторите попытку.",
    blockOutsideSheet:
      "Ячейки для чтения на листе «{sheet}» выходят за границы листа (правее столбца XFD или выше строки 1), поэтому это не может быть выделением.",
    blockOutsideSheetFix: "Выделите ячейки каталога заново.",
    noHeader:
      "В первых {rows} строках выделенного диапазона на листе «{sheet}» не найдена строка заголовков со столбцом кода.",
    noHeaderFix:
      "Добавьте строку заголовков хотя бы со столбцами кода и наименования (например, «Код», «Наименование», «Цена») или выберите столбцы вручную.",
    noDataRows:
      "Под заголовком в строке {headerRow} ({cell}) в выделенном диапазоне нет строк с данными, поэтому импортировать нечего.",
    noDataRowsNoHeader: "В выделенном диапазоне на листе «{sheet}» нет строк для импорта.",
    noDataRowsFix: "Выделите строку заголовков вместе со строками позиций под ней.",
    missingColumn: "Нет столбца с кодом, а код нужен каждой позиции.",
    missingColumnFix:
      "Добавьте столбец с заголовком «Код» (или «Шифр», «Code») либо выберите столбец кода вручную.",
    missingColumnName: {
      one: "Нет столбца с наименованием; платформа пропускает позиции без наименования, поэтому ни одна из {count} позиции не будет импортирована.",
      few: "Нет столбца с наименованием; платформа пропускает позиции без наименования, поэтому ни одна из {count} позиций не будет импортирована.",
      many: "Нет столбца с наименованием; платформа пропускает позиции без наименования, поэтому ни одна из {count} позиций не будет импортирована.",
      other:
        "Нет столбца с наименованием; платформа пропускает позиции без наименования, поэтому ни одна из позиций ({count}) не будет импортирована.",
    },
    missingColumnNameFix:
      "Добавьте столбец с заголовком «Наименование» (или «Название», «Name») либо выберите столбец наименования вручную.",
    duplicateColumn:
      "Заголовок в {cell} («{header}») тоже обозначает поле «{field}», но для него лучше подходит столбец {usedColumn} («{usedHeader}»), и читается он; столбец {column} не читается.",
    duplicateColumnFix:
      "Если поле «{field}» на самом деле в столбце {column}, выберите его вручную; иначе переименуйте заголовок этого столбца.",
    ambiguousColumn:
      "Заголовки в {cells} обозначают одно поле «{field}», а в их столбцах данные одного вида, поэтому нельзя понять, в каком из них это поле.",
    ambiguousColumnFix:
      "Выберите столбец для поля «{field}» вручную или переименуйте заголовки столбцов, в которых его нет.",
    unmappedColumn: {
      one: "В столбце {column} (заголовок «{header}» в {cell}) заполнена {count} строка, но ни одно поле из него не читается, поэтому он не импортируется.",
      few: "В столбце {column} (заголовок «{header}» в {cell}) заполнены {count} строки, но ни одно поле из него не читается, поэтому он не импортируется.",
      many: "В столбце {column} (заголовок «{header}» в {cell}) заполнено {count} строк, но ни одно поле из него не читается, поэтому он не импортируется.",
      other:
        "В столбце {column} (заголовок «{header}» в {cell}) заполнены строки ({count}), но ни одно поле из него не читается, поэтому он не импортируется.",
    },
    unmappedColumnNoHeader: {
      one: "В столбце {column} заполнена {count} строка, но ни одно поле из него не читается, поэтому он не импортируется.",
      few: "В столбце {column} заполнены {count} строки, но ни одно поле из него не читается, поэтому он не импортируется.",
      many: "В столбце {column} заполнено {count} строк, но ни одно поле из него не читается, поэтому он не импортируется.",
      other:
        "В столбце {column} заполнены строки ({count}), но ни одно поле из него не читается, поэтому он не импортируется.",
    },
    unmappedColumnSuggested: {
      one: "В столбце {column} (заголовок «{header}» в {cell}) заполнена {count} строка, но ни одно поле из него не читается, поэтому он не импортируется; судя по заголовку, это поле «{suggestion}».",
      few: "В столбце {column} (заголовок «{header}» в {cell}) заполнены {count} строки, но ни одно поле из него не читается, поэтому он не импортируется; судя по заголовку, это поле «{suggestion}».",
      many: "В столбце {column} (заголовок «{header}» в {cell}) заполнено {count} строк, но ни одно поле из него не читается, поэтому он не импортируется; судя по заголовку, это поле «{suggestion}».",
      other:
        "В столбце {column} (заголовок «{header}» в {cell}) заполнены строки ({count}), но ни одно поле из него не читается, поэтому он не импортируется; судя по заголовку, это поле «{suggestion}».",
    },
    unmappedColumnFix:
      "Если в столбце {column} есть нужное поле позиций (цена, единица измерения…), выберите его в разделе «Столбцы»; иначе ничего делать не нужно.",
    unmappedColumnSuggestedFix:
      "Если в столбце {column} поле «{suggestion}», выберите его для этого поля в разделе «Столбцы»; иначе ничего делать не нужно.",
    invalidMapping:
      "Для поля «{field}» выбран столбец, который нельзя прочитать: столбец {column} вне выделенного диапазона.",
    invalidMappingNotAColumn:
      "Для поля «{field}» выбран столбец, который нельзя прочитать: «{column}» — не буква столбца.",
    invalidMappingFix:
      "Выберите для поля «{field}» столбец внутри выделенного диапазона или выделите диапазон шире.",
    invalidMappingSameColumn: "Столбец {column} выбран сразу для двух полей: «{otherField}» и «{field}».",
    invalidMappingSameColumnFix: "Выберите для каждого поля свой столбец.",
    invalidMappingHeaderRow: "Строка заголовков {headerRow} вне выделенного диапазона.",
    invalidMappingHeaderRowFix:
      "Выделите диапазон вместе со строкой заголовков или выберите для столбцов «Без строки заголовков».",
    mappingHeaderMismatch:
      "В выборе столбцов строкой заголовков указана строка {headerRow} ({cell}), но заголовок этой таблицы теперь в строке {foundRow}; при чтении со строки {nextRow} заголовок был бы импортирован как позиция.",
    mappingHeaderMismatchSkip:
      "В выборе столбцов строкой заголовков указана строка {headerRow} ({cell}), но заголовок этой таблицы теперь в строке {foundRow}; при чтении со строки {nextRow} строки с данными были бы пропущены.",
    mappingHeaderMismatchFix: "Выберите столбцы для этой таблицы заново (заголовок в строке {foundRow}).",
    mappingHeaderMismatchNumber:
      "В выборе столбцов строкой заголовков указана строка {headerRow}, но в её ячейке {cell} (поле «{field}») число {text}, похожее на данные; эта строка не была бы импортирована.",
    mappingHeaderMismatchNumberFix: "Выберите столбцы заново и проверьте строку заголовков.",
    headerTwoRows:
      "Строки {firstRow} и {headerRow} читаются вместе как один заголовок (слова в {cell} дополняют те, что над ними): {headers}; позиции начинаются со строки {dataRow}.",
    headerTwoRowsFix:
      "Если строка {headerRow} — часть заголовка, ничего делать не нужно; если это позиция, введите её код в {codeCell}.",
    headerTwoRowsAboveFix:
      "Если строка {firstRow} — часть заголовка, ничего делать не нужно; если нет, выделите таблицу начиная со строки {headerRow}.",
    columnHeader: "{column} «{header}»",
    titleAboveHeader:
      "Строка {titleRow} называет поля {fields}, как строка заголовков (начиная с {cell}), но читается как часть названия над таблицей: заголовком считается строка {headerRow}, и всё, что выше неё, не импортируется.",
    titleAboveHeaderFix:
      "Если строка {titleRow} — часть названия, ничего делать не нужно; если это заголовок, измените в строке {headerRow} слова, похожие на заголовки.",
    rowNumberColumn:
      "В столбце {column} («{header}» в {cell}) целые числа, а не GUID, поэтому он считается нумерацией строк и не читается; Guid читается из столбца {usedColumn} («{usedHeader}»).",
    rowNumberColumnNoGuid:
      "В столбце {column} («{header}» в {cell}) целые числа, а не GUID, поэтому он считается нумерацией строк и не читается; столбца с Guid позиций нет.",
    rowNumberColumnFix:
      "Если столбец {column} нумерует строки, ничего делать не нужно; Guid позиции — это GUID вида 3f2504e0-4f89-11d3-9a0c-0305e82c3301, а не число.",
    rowNumberColumnNumbering:
      "В столбце {column} («{header}» в {cell}) целые числа, поэтому он считается нумерацией строк и не читается.",
    rowNumberColumnNumberingFix:
      "Если столбец {column} нумерует строки, ничего делать не нужно; если в нём поле позиций, выберите его в разделе «Столбцы».",

    headerRowInData:
      "Строка {row} повторяет заголовок (в {cell} написано «{text}»), поэтому она не импортируется.",
    headerRowInDataFix:
      "Если строка {row} — повтор заголовка, ничего делать не нужно; если это позиция, укажите её настоящий код в {cell}.",
    notAPosition:
      "В строке {row} вместо кода в {cell} стоит «{text}» (ни буквы, ни цифры), поэтому строка не импортируется.",
    notAPositionSection:
      "В строке {row} в {cell} написано «{text}» — это заголовок раздела или итог, а не позиция, поэтому строка не импортируется.",
    notAPositionFix:
      "Если строка {row} — не позиция, ничего делать не нужно; если позиция, укажите её код в столбце кода.",
    unmappedData:
      "В строке {row} данные только в столбцах, которые не читаются (в {cell} — «{text}»), поэтому она не импортируется.",
    unmappedDataFix:
      "Если строка {row} — позиция, заполните её код и наименование или выберите столбец ячейки {cell} в разделе «Столбцы»; иначе ничего делать не нужно.",
    excelError: "В ячейке {cell} (поле «{field}») ошибка Excel {text}: {cause}.",
    excelErrorFix: "Исправьте формулу или значение в {cell}, чтобы в ячейке не было ошибки.",
    excelCauseNA: "поиск не нашёл значения",
    excelCauseRef: "формула ссылается на удалённую ячейку",
    excelCauseValue: "формула получила значение не того типа",
    excelCauseDiv0: "формула делит на ноль",
    excelCauseName: "формула использует имя или функцию, которых Excel не знает",
    excelCauseNull: "формула использует непересекающиеся диапазоны",
    excelCauseNum: "формула дала недопустимое число",
    excelCauseSpill: "результат формулы не помещается в нужные ему ячейки",
    excelCauseCalc: "формулу не удалось вычислить",
    excelCauseGettingData: "значение ещё вычислялось, когда лист был прочитан",
    excelCauseField: "формула ссылается на поле, которого нет у связанного типа данных",
    excelCauseBlocked: "формуле нужна заблокированная возможность",
    excelCauseConnect: "формула не смогла подключиться к источнику данных",
    excelCauseUnknown: "в ячейке значение, которого эта версия Excel не знает",
    excelCausePython: "формула Python завершилась ошибкой",
    excelCauseOther: "Excel не смог вычислить значение",
    missingCode:
      "В строке {row} не указан код (ячейка {cell}); код нужен каждой позиции, а строки без кода платформа пропускает.",
    missingCodeFix: "Введите код позиции в {cell} или очистите строку, если это не позиция.",
    missingName:
      "В строке {row} не указано наименование (ячейка {cell}); позиции без наименования платформа пропускает.",
    missingNameFix: "Введите наименование в {cell} или очистите строку, если это не позиция.",
    invalidCode: "Значение в {cell} («{text}») нельзя использовать как код.",
    invalidCodeFix: "Введите код позиции в {cell} как текст.",
    invalidCodeBoolean: "Значение в {cell} («{text}») — логическое ИСТИНА/ЛОЖЬ, а не код.",
    invalidCodeDate: "Значение в {cell} («{text}») — дата (Excel хранит даты как числа), а не код.",
    invalidCodeNegative: "Значение в {cell} («{text}») — отрицательное число, а не код.",
    invalidCodeNegativeFix:
      "Задайте столбцу кода текстовый формат и введите код в {cell} заново (из-за «-» в начале Excel читает число).",
    invalidCodeTooManyDigits:
      "Код в {cell} («{text}») — слишком длинное число: Excel хранит только 15 цифр, поэтому последние цифры потеряны.",
    invalidCodeTextFix: "Задайте столбцу кода текстовый формат и введите код в {cell} заново.",
    invalidCodeLineBreak:
      "Код в {cell} («{text}») содержит перенос строки или табуляцию, и получится не тот код, что виден на листе.",
    invalidCodeLineBreakFix: "Уберите перенос строки или табуляцию из кода в {cell}.",
    invalidCodePlaceholder:
      "Код в {cell} («{text}») не содержит ни букв, ни цифр и не указывает ни на какую позицию.",
    invalidCodeSection: "Код в {cell} («{text}») — заголовок раздела или итог, а не позиция.",
    invalidCodeDeletionFix:
      "Введите в {cell} код позиции, которую нужно удалить, или снимите отметку удаления.",
    numericCode:
      "Код в {cell} хранится как число {value}; Excel отбрасывает нули в начале чисел, поэтому код, набранный как 0{value}, придёт как {value}.",
    numericCodeShown:
      "Код в {cell} хранится как число {value}, а отображается как «{text}»; он читается так, как отображается: «{text}».",
    numericCodeFraction:
      "Код в {cell} хранится как число {value}; Excel отбрасывает нули в конце дробной части, поэтому код, набранный как {value}0, придёт как {value}.",
    numericCodeFractionDeletion:
      "Код в {cell} хранится как число {value}; Excel отбрасывает нули в конце дробной части, поэтому код, набранный как {value}0, придёт как {value}, и строка может удалить другую позицию со всем, что под ней.",
    numericCodeFix:
      "Задайте столбцу кода текстовый формат и введите коды заново так, как они должны читаться (с нулями).",
    formulaCode:
      "Код в {cell} («{text}») — результат формулы; он меняется вместе с ячейками, от которых зависит, и позиция переместится в дереве или станет новой.",
    formulaCodeDeletion:
      "Код в {cell} («{text}»), по которому строка удаляет позицию, — результат формулы; если он изменится, будет удалена другая позиция со всем, что под ней.",
    formulaCodeFix:
      "Скопируйте столбец кода и вставьте его как значения (Специальная вставка > Значения) перед импортом.",
    nameNotTextBoolean:
      "Наименование в {cell} — логическое значение {text}, а не текст; оно импортируется как наименование «{text}».",
    nameNotText:
      "Наименование в {cell} — число {text}, а не текст; оно импортируется как наименование «{text}».",
    nameNotTextFix:
      "Введите наименование позиции в {cell}; если наименования в другом столбце, выберите этот столбец для поля «Наименование» в разделе «Столбцы».",
    codeCleaned:
      "Код в {cell} содержал невидимые или разложенные символы («{text}»); он читается как «{code}».",
    codeCleanedFix: "Введите код в {cell} заново, чтобы в ячейке было ровно «{code}».",
    codeMixedScript:
      "В коде «{text}» в {cell} смешаны латинские и русские буквы, которые выглядят одинаково (A и А, C и С); он может не совпасть с кодом в каталоге.",
    codeMixedScriptFix: "Наберите буквы кода в {cell} заново в одной раскладке клавиатуры.",
    malformedGuid: "Guid в {cell} («{text}») — не GUID.",
    malformedGuidFix:
      "Введите в {cell} GUID вида 3f2504e0-4f89-11d3-9a0c-0305e82c3301 или очистите ячейку (новой позиции надстройка присвоит его сама, удаление пойдёт по коду).",
    nilGuid:
      "Guid в {cell} — нулевой GUID (одни нули), платформа читает его как «Guid нет»; он не отправляется, и строка сопоставляется по коду.",
    nilGuidFix: "Очистите {cell} или введите настоящий Guid позиции.",
    formulaGuid:
      "Guid в {cell} — результат формулы; если при пересчёте формула даст новое значение, следующий импорт создаст позицию заново вместо обновления.",
    formulaGuidFix: "Скопируйте столбец Guid и вставьте его как значения (Специальная вставка > Значения).",
    priceNotNumber:
      "Цену в {cell} («{text}») нельзя прочитать как число: в ней есть символы, которых не бывает в числе.",
    priceNotNumberBoolean:
      "Цену в {cell} («{text}») нельзя прочитать как число: это логическое значение ИСТИНА/ЛОЖЬ.",
    priceNotNumberBlank: "Цену в {cell} нельзя прочитать как число: ячейка пуста.",
    priceNotNumberWrongSeparator:
      "Цену в {cell} («{text}») нельзя прочитать как число: в ней десятичный разделитель «{otherSeparator}», а в этой книге — «{separator}».",
    priceNotNumberNotFinite: "Цену в {cell} («{text}») нельзя прочитать как число: это не конечное число.",
    priceNotNumberTooSmall:
      "Цену в {cell} («{text}») нельзя прочитать как цену: это число меньше любого ненулевого числа, которое хранит Excel (Excel хранил бы его как 0).",
    priceNotNumberFix:
      "Введите в {cell} цену простым числом, без знаков валюты и единиц измерения, с разделителем «{separator}» для дробной части.",
    priceText: "Цена в {cell} записана текстом («{text}»); она читается как число {value}.",
    priceTextFix:
      "Проверьте, что цена {value} верна, и преобразуйте столбец в числа, чтобы это предупреждение не появлялось.",
    priceAmbiguous:
      "Цена в {cell} записана текстом («{text}»), который может означать {grouped} или {decimal}; в этой книге дробная часть отделяется «{separator}», поэтому цена не угадывается.",
    priceAmbiguousFix:
      "Введите цену в {cell} числом (для {decimal} — с разделителем «{separator}») или преобразуйте столбец в числа.",
    priceNegative: "Цена в {cell} отрицательная ({value}); цена в каталоге не может быть меньше нуля.",
    priceNegativeFix: "Введите в {cell} цену, равную нулю или больше.",
    priceTooLarge:
      "Цена в {cell} ({value}) слишком велика для цены каталога: её нельзя хранить с точностью до копейки.",
    priceTooLargeFix:
      "Проверьте цену в {cell}: возможно, это код, итоговая сумма или значение, вставленное не в тот столбец.",
    malformedCurrency: "Валюта в {cell} («{text}») — не трёхбуквенный код валюты.",
    malformedCurrencySuggested:
      "Валюта в {cell} («{text}») — не трёхбуквенный код валюты; возможно, имелось в виду {suggestion}?",
    malformedCurrencyFix: "Введите в {cell} код ISO 4217 латинскими буквами, например RUB, USD или EUR.",
    currencySuggestedFix: "Введите {suggestion} в {cell}.",
    unknownCurrency: "Валюта в {cell} («{text}») — не действующая валюта.",
    unknownCurrencySuggested:
      "Валюта в {cell} («{text}») — не действующая валюта; её заменил код {suggestion}.",
    unknownCurrencyFix: "Введите в {cell} код ISO 4217 валюты цены, например RUB, USD или EUR.",
    malformedControlPoints: "Контрольные точки в {cell} нельзя прочитать: {reason}.",
    malformedControlPointsFix:
      'Запишите их в {cell} в виде Привязка=Переменная; Привязка2=Переменная2 (или JSON-массивом объектов {"Binding","VariableName"}).',
    controlPointsUnreadable: "текст не подходит ни под одну из форм записи",
    controlPointsJsonObject:
      'это один JSON-объект, а JSON-форма — список, поэтому заключите его в квадратные скобки: [{"Binding": …, "VariableName": …}]',
    controlPointsLoneEscape: "текст заканчивается одиночным «\\»",
    controlPointsNotJson: "текст начинается с [, но это не корректный JSON",
    controlPointsNotArray: "JSON не является массивом",
    controlPointsElementNotObject: "элемент {item} JSON-массива — не объект",
    controlPointsElementNoBinding: "у элемента {item} JSON-массива нет текста «Binding»",
    controlPointsElementNoVariable: "у элемента {item} JSON-массива нет текста «VariableName»",
    controlPointsItemNoEquals: "в пункте {item} («{binding}») нет «=» между привязкой и именем переменной",
    controlPointsItemNoBinding: "в пункте {item} нет привязки перед «=»",
    controlPointsItemNoVariable: "в пункте {item} («{binding}=») нет имени переменной после «=»",
    controlPointsItemTwoEquals:
      "в пункте {item} («{binding}=…») второй знак «=»; пункты разделяются «;» или переносом строки, а не запятой или пробелом",
    controlPointsNoItems: "в ячейке только разделители («;»), нет ни одного пункта Привязка=Переменная",
    controlPointsElementUnknownKey:
      "у элемента {item} JSON-массива есть ключ, кроме «Binding» и «VariableName», а у контрольной точки таких нет",
    controlPointsElementRepeatedKey:
      "элемент {item} JSON-массива задаёт «Binding» или «VariableName» дважды (в одном написании или в двух), и неясно, какое значение имеется в виду",
    controlPointsRepeatedBinding:
      "пункт {item} повторяет привязку «{binding}» одного из предыдущих пунктов; привязка определяет одну контрольную точку",
    unrecognisedDeletionMark:
      "В ячейке {cell} (поле «Удалить») стоит «{text}» — это не отметка удаления, поэтому строка импортируется, а не удаляется.",
    unrecognisedDeletionMarkFix:
      "Чтобы удалить позицию этой строки, введите x, да, удалить, ИСТИНА или 1; иначе очистите ячейку.",
    deletionWithoutKey:
      "Строка {row} отмечена для удаления в {cell}, но в ней нет ни Guid, ни кода, поэтому платформа не поймёт, какую позицию удалять.",
    deletionWithoutKeyFix:
      "Введите в строке {row} Guid или код удаляемой позиции либо снимите отметку в {cell}.",
    textTooLong: {
      one: "В ячейке {cell} (поле «{field}») {count} символ, а платформа принимает не больше {limit}.",
      few: "В ячейке {cell} (поле «{field}») {count} символа, а платформа принимает не больше {limit}.",
      many: "В ячейке {cell} (поле «{field}») {count} символов, а платформа принимает не больше {limit}.",
      other: "В ячейке {cell} (поле «{field}») {count} символа, а платформа принимает не больше {limit}.",
    },
    textTooLongControlPoints: {
      one: "В ячейке {cell} привязка или имя переменной контрольной точки содержит {count} символ, а платформа принимает не больше {limit}.",
      few: "В ячейке {cell} привязка или имя переменной контрольной точки содержит {count} символа, а платформа принимает не больше {limit}.",
      many: "В ячейке {cell} привязка или имя переменной контрольной точки содержит {count} символов, а платформа принимает не больше {limit}.",
      other:
        "В ячейке {cell} привязка или имя переменной контрольной точки содержит {count} символа, а платформа принимает не больше {limit}.",
    },
    textTooLongFix: "Сократите текст в {cell} до {limit} символов.",

    duplicateCode:
      "Код «{code}» в {cell} повторяет код в {otherCell}; платформа импортирует первую позицию и пропустит строку {row}.",
    duplicateCodeFix:
      "Дайте одной из позиций в {otherCell} и {cell} другой код или удалите повторяющуюся строку.",
    duplicateGuid:
      "Guid в {cell} повторяет Guid в {otherCell}; у двух позиций не может быть одного идентификатора, и платформа пропустит строку {row}.",
    duplicateGuidFix:
      "Очистите Guid в {cell}, чтобы был присвоен новый, или исправьте тот из Guid в {otherCell} и {cell}, который неверен.",
    caseTwinCodes:
      "Код «{code}» в {cell} отличается от «{otherCode}» в {otherCell} только регистром букв; платформа считает их двумя разными позициями.",
    caseTwinCodesFix: "Если это одна позиция, напишите оба кода одинаково; иначе ничего делать не нужно.",
    lookalikeCodes:
      "Код «{code}» в {cell} выглядит как «{otherCode}» в {otherCell}, но набран другими, похожими на них символами (буквы латиницы, кириллицы, греческого или другого алфавита, полноширинные формы); платформа считает их двумя разными позициями.",
    lookalikeCodesFix:
      "Если коды не должны различаться, наберите похожие символы одного из них заново (часто — в другой раскладке), чтобы коды совпали.",
    nearDuplicateCodes:
      "Код «{code}» в {cell} читается как «{otherCode}» в {otherCell}, если не считать нулей в начале чисел, поэтому это, вероятно, одна позиция; платформа считает их двумя разными позициями.",
    nearDuplicateCodesTrailingMark:
      "Код «{code}» в {cell} читается как «{otherCode}» в {otherCell}, если не считать знака препинания в конце, поэтому это, вероятно, одна позиция; платформа считает их двумя разными позициями.",
    nearDuplicateCodesZerosAndMark:
      "Код «{code}» в {cell} читается как «{otherCode}» в {otherCell}, если не считать нулей в начале чисел и знаков препинания (удвоенного знака или знака в конце), поэтому это, вероятно, одна позиция; платформа считает их двумя разными позициями.",
    nearDuplicateCodesDoubledMark:
      "Код «{code}» в {cell} читается как «{otherCode}» в {otherCell}, если не считать разделителя, написанного дважды («..» вместо «.»), поэтому это, вероятно, одна позиция; платформа считает их двумя разными позициями.",
    nearDuplicateCodesDashes:
      "Код «{code}» в {cell} читается как «{otherCode}» в {otherCell}, если не считать вида тире (дефис, короткое тире и минус выглядят похоже), поэтому это, вероятно, одна позиция; платформа считает их двумя разными позициями.",
    nearDuplicateCodesFix:
      "Если это одна позиция, напишите оба кода одинаково (или уберите повторяющуюся строку); иначе ничего делать не нужно.",
    orphanCode:
      "Родительского кода {list} нет в списке, а под ним находятся позиции: {positions} из {total} (первая — в {cell}); платформа пропустит эти позиции, если такого кода ещё нет в каталоге.",
    orphanCodeAll:
      "Родительского кода {list} нет в списке, а под ним находятся все позиции листа: {positions} из {total} (первая — в {cell}); платформа пропустит весь лист, если такого кода ещё нет в каталоге.",
    orphanCodeMany:
      "Родительских кодов {list} (всего {parentCount}) нет в списке, а под ними находятся позиции: {positions} из {total} (первая — в {cell}); платформа пропустит эти позиции, если этих кодов ещё нет в каталоге.",
    orphanCodeManyAll:
      "Родительских кодов {list} (всего {parentCount}) нет в списке, а под ними находятся все позиции листа: {positions} из {total} (первая — в {cell}); платформа пропустит весь лист, если этих кодов ещё нет в каталоге.",
    orphanCodeFix:
      "Добавьте над позициями строку для кода {list} (с наименованием) или импортируйте только в каталог, где этот код уже есть.",
    orphanCodeManyFix:
      "Добавьте над позициями строки для кодов {list} (с наименованиями) или импортируйте только в каталог, где эти коды уже есть.",
    deletedAndImported:
      "Отметка удаления в {cell} удаляет позицию с кодом «{value}», которую на этом же листе импортирует строка {otherRow} ({otherCell}); результат зависел бы от порядка, в котором платформа их применит.",
    deletedAndImportedGuid:
      "Отметка удаления в {cell} удаляет позицию с Guid {value}, которую на этом же листе импортирует строка {otherRow} ({otherCell}); результат зависел бы от порядка, в котором платформа их применит.",
    deletedAndImportedFix: "Снимите отметку удаления в {cell} или уберите строку {otherRow}.",
    deletedParent:
      "Код «{code}» в {cell} находится под кодом «{deletedCode}», который удаляется отметкой в {otherCell}; платформа удаляет позицию вместе со всем, что под ней, поэтому эта позиция может пропасть.",
    deletedParentFix:
      "Снимите отметку удаления в {otherCell} или дайте позиции в {cell} код не из ветки «{deletedCode}».",
  },
});
