// The Russian messages of the boqSheet area (boqSheet.ts): not part of the first screen's scripts, they
// load when the language is Russian (../languages.ts).
import type { OtherLanguage } from "../types";
import type { boqSheet } from "./boqSheet";

export const boqSheetRu: OtherLanguage<typeof boqSheet> = {
  currency: "Валюта",
  currencyUnknown: "платформа не указала",
  yours:
    "«Скорректированное количество», «Скорректированная цена» и «Примечание» — ваши столбцы: обновление оставляет их на своих строках, а «Стоимость» считается по вашим значениям, где они есть.",
  adjustedQuantity: "Скорректированное количество",
  adjustedUnitCost: "Скорректированная цена",
  note: "Примечание",
  sectionTotal: "Итого {name}",
  key: "Код строки",
  record: "Значения платформы",
  refreshButton: "Обновить этот лист ВОР",
  refreshing: "Лист обновляется…",
  refreshHint:
    "Заново получает ведомость этого листа. Строки остаются на своих местах, поэтому формулы, ссылающиеся на них, не ломаются; ваши скорректированные значения и примечания остаются на своих строках.",
  refreshed:
    "Лист «{sheet}» обновлён. Строк изменено: {changed}, добавлено: {added}, удалено: {removed}, перемещено: {moved}.",
  refreshedHighlighted: "Изменения выделены на листе жёлтым.",
  refreshedSame: "Лист «{sheet}» обновлён: ведомость не изменилась.",
  changesHeading: "Что изменилось",
  changeLine: "Строка {row}, {code} {name}: {changes}",
  fieldChange: "{field} {before} → {after}",
  addedLine: "Строка {row}, {code} {name}: новая",
  movedLine: "Строка {row}, {code} {name}: перемещена сюда из строки {from} вместе с вашими данными",
  removedLine: "{code} {name}: больше нет в ведомости",
  more: "…и ещё {count}, выделены на листе.",
  empty: "пусто",
  askTypedHeading: "Обновление заменит то, что вы ввели",
  askTypedIntro:
    "В этих ячейках столбцов платформы не то, что туда записала платформа. Обновление вернёт значения платформы; чтобы сохранить своё значение, сначала перенесите его в «Скорректированное количество», «Скорректированную цену» или «Примечание».",
  typedLine: "{cell} ({column}, {code}): вы ввели {typed}, на платформе {platform}",
  typedFormulaLine: "{cell} ({column}, {code}): вы ввели {typed} поверх формулы листа, формула вернётся",
  lostIntro: "Этих строк больше нет в ведомости; они будут удалены вместе с тем, что вы в них ввели:",
  lostLine: "Строка {row}, {code} {name}: {entries}",
  replace: "Заменить и обновить",
  cancel: "Оставить лист как есть",
  cancelled: "Лист не изменён.",
  askRebuildHeading: "У этого листа прежняя раскладка",
  askRebuildText:
    "Лист «{sheet}» создан прежней версией: итоги разделов стоят над их строками, поэтому кнопки структуры Excel оказываются у следующего раздела, и своих столбцов в нём нет. Обновление один раз создаст его заново в новой раскладке: то, что вы в нём ввели, будет заменено, а формулы на других листах, ссылающиеся на него, покажут #ССЫЛКА!.",
  rebuild: "Создать заново",
  rebuilt: "Лист «{sheet}» создан заново в новой раскладке с ведомостью, какой она сейчас на платформе.",
};
