// Messages of PLATFORM.BOQDIFF itself (issue 28): its column list and its size. The comparison's
// column headers and change words are the area compare's.
import { defineMessages } from "../types";

export const boqdiff = defineMessages({
  en: {
    columnUnknown: "The column {column} is not a column of the comparison. Columns: {columns}.",
    tooLarge:
      "The comparison has {rows} rows and {columns} columns ({cells} cells), more than {host} takes from one function ({limit}). To get it: leave out unchanged rows, ask for fewer columns, or use Compare with… → Insert comparison sheet in the BOQ tab of the BOQ Bridge task pane.",
  },
  ru: {
    columnUnknown: "Столбца {column} нет в сравнении. Столбцы: {columns}.",
    tooLarge:
      "В сравнении {rows} строк и {columns} столбцов ({cells} ячеек) — больше, чем {host} принимает от одной функции ({limit}). Чтобы получить его, не показывайте позиции без изменений, запросите меньше столбцов или вставьте лист сравнения: вкладка «Ведомость» области задач BOQ Bridge → «Сравнить с…» → «Вставить лист сравнения».",
  },
});
