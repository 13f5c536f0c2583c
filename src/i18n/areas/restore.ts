// Putting values back after an import: the values the platform cleared (the result and the log),
// "Restore the previous values" and History's "Undo the updates", shown before they are sent.
import { defineMessages } from "../types";

export const restore = defineMessages({
  en: {
    clearedTitle: {
      one: "{count} position lost a value the sheet did not have: its price, unit or currency was cleared by the platform.",
      other:
        "{count} positions lost a value the sheet did not have: price, unit or currency cleared by the platform.",
    },
    clearedWhy:
      "The sheet had a blank cell or no column for these values, and the platform read that as empty. Restore puts back the values they had before this import.",
    clearedValue: "{field} was {value}",
    clearedMore: { one: "…and {count} more, in the log.", other: "…and {count} more, in the log." },
    restoreButton: "Restore the previous values",
    undoButton: "Undo the updates",
    undoLabel: "Undo the updates of the import into “{catalog}”",
    undoFetching: "Reading the import's log…",
    restoreTitle: "Restore the previous values",
    undoTitle: "Undo the updates",
    restoreIntro:
      "A new import into “{catalog}” puts back the values the platform cleared. Nothing is sent until you choose Import.",
    undoIntro:
      "A new import into “{catalog}” puts the positions this import updated back as they were before it, as its log reports them; a change made to them since is replaced too. Nothing is sent until you choose Import.",
    sendCount: {
      one: "{count} position will be sent back:",
      other: "{count} positions will be sent back:",
    },
    nothingToSend: "There is nothing to send back.",
    change: "{field}: {now} → {back}",
    empty: "(empty)",
    more: { one: "…and {count} more.", other: "…and {count} more." },
    fieldCode: "code",
    fieldName: "name",
    fieldPrice: "price",
    fieldUnit: "unit",
    fieldCurrency: "currency",
    notRestorable: {
      one: "{count} position cannot be put back:",
      other: "{count} positions cannot be put back:",
    },
    reasonGuidUnknown:
      "the import changed its code, and the Guid it was found by is known only to the pane that sent it",
    reasonCodeUnknown: "the log does not give its code",
    reasonNoName: "the log does not give its name",
    insertedStay: {
      one: "{count} position the import added stays: undo does not remove it.",
      other: "{count} positions the import added stay: undo does not remove them.",
    },
    deletedGone: {
      one: "{count} position the import deleted is not brought back.",
      other: "{count} positions the import deleted are not brought back.",
    },
    send: "Import",
    cancel: "Cancel",
    busy: "Another import is running: wait for it to end.",
    sheetCleared: "Cleared {stamp}",
    colField: "Field",
    colValueBefore: "Value before",
    sumCleared: "Values cleared by the platform",
  },
  ru: {
    clearedTitle: {
      one: "{count} позиция потеряла значение, которого не было на листе: платформа очистила её цену, единицу или валюту.",
      few: "{count} позиции потеряли значение, которого не было на листе: платформа очистила цену, единицу или валюту.",
      many: "{count} позиций потеряли значение, которого не было на листе: платформа очистила цену, единицу или валюту.",
      other:
        "{count} позиции потеряли значение, которого не было на листе: платформа очистила цену, единицу или валюту.",
    },
    clearedWhy:
      "На листе была пустая ячейка или не было столбца для этих значений, и платформа прочла это как пустое значение. «Восстановить» вернёт значения, которые были до этого импорта.",
    clearedValue: "{field}: было {value}",
    clearedMore: {
      one: "…и ещё {count}, в журнале.",
      few: "…и ещё {count}, в журнале.",
      many: "…и ещё {count}, в журнале.",
      other: "…и ещё {count}, в журнале.",
    },
    restoreButton: "Восстановить прежние значения",
    undoButton: "Отменить обновления",
    undoLabel: "Отменить обновления импорта в «{catalog}»",
    undoFetching: "Читаю журнал импорта…",
    restoreTitle: "Восстановить прежние значения",
    undoTitle: "Отменить обновления",
    restoreIntro:
      "Новый импорт в «{catalog}» вернёт значения, которые очистила платформа. Ничего не отправится, пока вы не нажмёте «Импортировать».",
    undoIntro:
      "Новый импорт в «{catalog}» вернёт позиции, обновлённые этим импортом, к тем значениям, что были до него, по его журналу; изменения, сделанные в них с тех пор, тоже будут заменены. Ничего не отправится, пока вы не нажмёте «Импортировать».",
    sendCount: {
      one: "Будет отправлена обратно {count} позиция:",
      few: "Будут отправлены обратно {count} позиции:",
      many: "Будут отправлены обратно {count} позиций:",
      other: "Будут отправлены обратно {count} позиции:",
    },
    nothingToSend: "Отправлять обратно нечего.",
    change: "{field}: {now} → {back}",
    empty: "(пусто)",
    more: {
      one: "…и ещё {count}.",
      few: "…и ещё {count}.",
      many: "…и ещё {count}.",
      other: "…и ещё {count}.",
    },
    fieldCode: "код",
    fieldName: "наименование",
    fieldPrice: "цена",
    fieldUnit: "единица",
    fieldCurrency: "валюта",
    notRestorable: {
      one: "{count} позицию нельзя вернуть:",
      few: "{count} позиции нельзя вернуть:",
      many: "{count} позиций нельзя вернуть:",
      other: "{count} позиции нельзя вернуть:",
    },
    reasonGuidUnknown:
      "импорт изменил её код, а Guid, по которому её нашли, знала только панель, которая его отправила",
    reasonCodeUnknown: "журнал не называет её код",
    reasonNoName: "журнал не называет её наименование",
    insertedStay: {
      one: "{count} позиция, добавленная импортом, останется: отмена её не удаляет.",
      few: "{count} позиции, добавленные импортом, останутся: отмена их не удаляет.",
      many: "{count} позиций, добавленных импортом, останутся: отмена их не удаляет.",
      other: "{count} позиции, добавленные импортом, останутся: отмена их не удаляет.",
    },
    deletedGone: {
      one: "{count} позиция, удалённая импортом, не вернётся.",
      few: "{count} позиции, удалённые импортом, не вернутся.",
      many: "{count} позиций, удалённых импортом, не вернутся.",
      other: "{count} позиции, удалённые импортом, не вернутся.",
    },
    send: "Импортировать",
    cancel: "Отмена",
    busy: "Идёт другой импорт: дождитесь его окончания.",
    sheetCleared: "Очищено {stamp}",
    colField: "Поле",
    colValueBefore: "Значение до",
    sumCleared: "Значения, очищенные платформой",
  },
});
