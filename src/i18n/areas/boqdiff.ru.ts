// The Russian messages of the boqdiff area (boqdiff.ts): not part of the first screen's scripts, they
// load when the language is Russian (../languages.ts).
import type { OtherLanguage } from "../types";
import type { boqdiff } from "./boqdiff";

export const boqdiffRu: OtherLanguage<typeof boqdiff> = {
  columnUnknown: "Столбца {column} нет в сравнении. Столбцы: {columns}.",
  tooLarge:
    "В сравнении {rows} строк и {columns} столбцов ({cells} ячеек) — больше, чем {host} принимает от одной функции ({limit}). Чтобы получить его, не показывайте позиции без изменений, запросите меньше столбцов или вставьте лист сравнения: вкладка «Ведомость» области задач BOQ Bridge → «Сравнить с…» → «Вставить лист сравнения».",
};
