// What WorkbookError says when Excel refuses or fails (src/workbook/errors.ts): shown in the import
// screens (selecting a problem's cell, reading the range, writing the log and Result column) and
// wherever a sheet is written. {where} is one of the where* messages; {text} is Excel's own words.
import { defineMessages } from "../types";

export const workbook = defineMessages({
  en: {
    whereSheet: 'sheet "{sheet}"',
    whereWorksheet: "the worksheet",
    whereCells: "{address} on {sheet}",
    couldNotRead: "Excel could not read {where}: {text}",
    couldNotWrite: "Excel could not write {where}: {text}",
    couldNotCreate: "Excel could not create {where}: {text}",
    workbookProtected:
      "The workbook's structure is protected, so no sheet can be added: unprotect it (Review > Protect Workbook) and try again.",
    readRefused: "Excel refused to read {where}: you may not have access to this workbook.",
    sheetProtected: 'Sheet "{sheet}" is protected: unprotect it (Review > Unprotect Sheet) and try again.',
    worksheetProtected: "The sheet is protected: unprotect it (Review > Unprotect Sheet) and try again.",
    sheetProtectedUnchanged:
      'Sheet "{sheet}" is protected, so nothing was changed: unprotect it (Review > Unprotect Sheet) and try again.',
    sheetNotFound:
      'Sheet "{sheet}" was not found: it may have been renamed or deleted. Select the range again.',
    worksheetNotFound:
      "The worksheet was not found: it may have been renamed or deleted. Select the range again.",
    sheetNameTaken: 'A sheet named "{sheet}" already exists: try again.',
    cellEditMode: "Excel is editing a cell: press Enter or Esc to leave the cell, then try again.",
    invalidSelection:
      "Select one rectangular range of cells (not a chart, a shape or several areas) and try again.",
    tooLargeRead: "Excel refused to read {where} because one request would exceed its 5 MB limit.",
    tooLargeWrite: "Excel refused to write {where} because one request would exceed its 5 MB limit.",
    tooLargeCreate: "Excel refused to create {where} because one request would exceed its 5 MB limit.",
    invalidAddress: '"{address}" is not a range Excel recognises: select the cells again.',
    partlyWritten: '{cause} Sheet "{sheet}" holds only the first {written} of {total} rows.',
    readIncomplete:
      "Excel gave back no values for {where}, so the range was not read (no rows were left out). Select fewer rows or columns, for example only the catalog's own cells, and try again.",
  },
  ru: {
    whereSheet: "лист «{sheet}»",
    whereWorksheet: "лист",
    whereCells: "{address} ({sheet})",
    couldNotRead: "Excel не смог прочитать {where}: {text}",
    couldNotWrite: "Excel не смог записать {where}: {text}",
    couldNotCreate: "Excel не смог создать {where}: {text}",
    workbookProtected:
      "Структура книги защищена, поэтому лист добавить нельзя: снимите защиту (Рецензирование > Защитить книгу) и повторите попытку.",
    readRefused: "Excel не дал прочитать {where}: возможно, у вас нет доступа к этой книге.",
    sheetProtected:
      "Лист «{sheet}» защищён: снимите защиту (Рецензирование > Снять защиту листа) и повторите попытку.",
    worksheetProtected:
      "Лист защищён: снимите защиту (Рецензирование > Снять защиту листа) и повторите попытку.",
    sheetProtectedUnchanged:
      "Лист «{sheet}» защищён, поэтому ничего не изменено: снимите защиту (Рецензирование > Снять защиту листа) и повторите попытку.",
    sheetNotFound:
      "Лист «{sheet}» не найден: возможно, его переименовали или удалили. Выделите диапазон заново.",
    worksheetNotFound: "Лист не найден: возможно, его переименовали или удалили. Выделите диапазон заново.",
    sheetNameTaken: "Лист с именем «{sheet}» уже есть: повторите попытку.",
    cellEditMode:
      "Excel сейчас редактирует ячейку: нажмите Enter или Esc, чтобы выйти из ячейки, и повторите попытку.",
    invalidSelection:
      "Выделите один прямоугольный диапазон ячеек (не диаграмму, не фигуру и не несколько областей) и повторите попытку.",
    tooLargeRead: "Excel отказался прочитать {where}: один запрос превысил бы его предел в 5 МБ.",
    tooLargeWrite: "Excel отказался записать {where}: один запрос превысил бы его предел в 5 МБ.",
    tooLargeCreate: "Excel отказался создать {where}: один запрос превысил бы его предел в 5 МБ.",
    invalidAddress: "«{address}» — не диапазон, который Excel может распознать: выделите ячейки заново.",
    partlyWritten: "{cause} На листе «{sheet}» записаны только первые {written} из {total} строк.",
    readIncomplete:
      "Excel не вернул значения для {where}, поэтому диапазон не прочитан (ни одна строка не пропущена). Выделите меньше строк или столбцов, например только ячейки каталога, и повторите попытку.",
  },
});
