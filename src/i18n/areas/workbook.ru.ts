// The Russian messages of the workbook area (workbook.ts): not part of the first screen's scripts, they
// load when the language is Russian (../languages.ts).
import type { OtherLanguage } from "../types";
import type { workbook } from "./workbook";

export const workbookRu: OtherLanguage<typeof workbook> = {
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
};
