// The preview's dry run: what the add-in predicts of an import before it is sent (src/import's
// predict.ts and predictView.ts), the blank cells it names, and the question Import asks when
// most rows hang under a parent code that is not in the list.
import { defineMessages } from "../types";

export const prediction = defineMessages({
  en: {
    title: "Predicted outcome (dry run: nothing is sent yet)",
    predicting: "Predicting the outcome…",
    basis:
      "Predicted from what this workbook sent to “{catalog}” in its last import and what the platform answered. Positions changed on the platform since then are not known.",
    noBaseline:
      "Nothing is known of earlier imports from this workbook into “{catalog}”: the catalog may already hold some of these codes, so a new code is inserted or updates the position with that code.",
    storeFailed:
      "The record of earlier imports from this workbook could not be read on this computer, so nothing is known of them: a new code is inserted or updates the position with that code.",
    update: {
      one: "{count} will update a position imported before from this workbook",
      other: "{count} will update positions imported before from this workbook",
    },
    unchanged: {
      one: "{count} has no change since the last import from this workbook",
      other: "{count} have no change since the last import from this workbook",
    },
    updateByCode: {
      one: "{count} will update the position with the same code imported before",
      other: "{count} will update the positions with the same codes imported before",
    },
    insertOrUpdate: {
      one: "{count} new here: inserted, or updating a position with the same code",
      other: "{count} new here: inserted, or updating the positions with the same codes",
    },
    ignoredParent: {
      one: "{count} will be ignored: its parent is not in the list or the catalog",
      other: "{count} will be ignored: their parent is not in the list or the catalog",
    },
    ignoredRepeated: {
      one: "{count} will be ignored: its code or Guid is repeated (the first row wins)",
      other: "{count} will be ignored: their code or Guid is repeated (the first row wins)",
    },
    ignoredCodeTaken: {
      one: "{count} will be ignored: its code belongs to another position of the catalog",
      other: "{count} will be ignored: their codes belong to other positions of the catalog",
    },
    deletions: {
      one: "{count} deletion is asked",
      other: "{count} deletions are asked",
    },
    showRows: "Show the rows",
    hideRows: "Hide the rows",
    row: "Row {row}: {code}",
    rowFields: "Row {row}: {code} (blank: {fields})",
    more: { one: "and {count} more", other: "and {count} more" },
    deletionRow: "Deletion {index}",
    // Blank cells
    blankTitle: "Blank cells and columns not mapped",
    blankPlatform:
      "The platform may keep the current value of a field left out, or clear it (a price to 0, a unit or currency to empty): it does not say which.",
    unmapped: {
      one: "No {fields} column is mapped: all {count} position that may update an existing one leaves it out.",
      other:
        "No {fields} column is mapped: all {count} positions that may update existing ones leave it out.",
    },
    unmappedMany: {
      one: "No column is mapped for {fields}: {count} position that may update an existing one leaves them out.",
      other:
        "No column is mapped for {fields}: all {count} positions that may update existing ones leave them out.",
    },
    blankCells: {
      one: "{count} position that may update an existing one has a blank cell:",
      other: "{count} positions that may update existing ones have blank cells:",
    },
    fieldPrice: "price",
    fieldUnit: "unit",
    fieldCurrencyCharCode: "currency",
    fieldsJoin: ", ",
    // Missing parents
    missingSummaryOne: {
      one: "{count} position hangs under “{parent}”, which is neither in the list nor known to be in the catalog.",
      other:
        "{count} positions hang under “{parent}”, which is neither in the list nor known to be in the catalog.",
    },
    missingSummary: {
      one: "{count} position hangs under a parent code neither in the list nor known to be in the catalog: {parents}.",
      other:
        "{count} positions hang under parent codes neither in the list nor known to be in the catalog: {parents}.",
    },
    askOne:
      "{hanging} of {sent} positions hang under “{parent}”, which is not in the list: if the catalog has no “{parent}”, the platform ignores them all.",
    askMany:
      "{hanging} of {sent} positions hang under {parents}, which are not in the list: if the catalog lacks them, the platform ignores those positions.",
    askMore: { one: "{list} and {count} other code", other: "{list} and {count} other codes" },
    addParents: {
      one: "Add the missing parent as a row",
      other: "Add the {count} missing parents as rows",
    },
    addParentsHint:
      "The codes are added below the range with a name to edit; the range grows to include them and is checked again. Nothing is sent before you see them.",
    importAnyway: "Import anyway",
    cancel: "Cancel",
    parentName: "(name of {code})",
    addedParents: {
      one: "{count} parent row was added below the range: give it its name before importing.",
      other: "{count} parent rows were added below the range: give them their names before importing.",
    },
    addBlocked:
      "The parent rows were not added: cells {address} below the range are not empty. Clear them or move the range, then try again.",
    addFailed: "The parent rows could not be added: {reason}",
  },
  ru: {
    title: "Прогноз результата (пробный расчёт: ещё ничего не отправлено)",
    predicting: "Прогноз результата…",
    basis:
      "Прогноз по тому, что эта книга отправила в «{catalog}» при последнем импорте, и по ответу платформы. Изменения позиций на платформе после этого неизвестны.",
    noBaseline:
      "О прежних импортах из этой книги в «{catalog}» ничего не известно: в каталоге уже могут быть некоторые из этих кодов, поэтому новый код будет добавлен или обновит позицию с тем же кодом.",
    storeFailed:
      "Запись о прежних импортах из этой книги на этом компьютере прочитать не удалось, поэтому о них ничего не известно: новый код будет добавлен или обновит позицию с тем же кодом.",
    update: {
      one: "{count} обновит позицию, импортированную раньше из этой книги",
      few: "{count} обновят позиции, импортированные раньше из этой книги",
      many: "{count} обновят позиции, импортированные раньше из этой книги",
      other: "{count} обновят позиции, импортированные раньше из этой книги",
    },
    unchanged: {
      one: "{count} без изменений с последнего импорта из этой книги",
      few: "{count} без изменений с последнего импорта из этой книги",
      many: "{count} без изменений с последнего импорта из этой книги",
      other: "{count} без изменений с последнего импорта из этой книги",
    },
    updateByCode: {
      one: "{count} обновит позицию с тем же кодом, импортированную раньше",
      few: "{count} обновят позиции с теми же кодами, импортированные раньше",
      many: "{count} обновят позиции с теми же кодами, импортированные раньше",
      other: "{count} обновят позиции с теми же кодами, импортированные раньше",
    },
    insertOrUpdate: {
      one: "{count} новая здесь: будет добавлена или обновит позицию с тем же кодом",
      few: "{count} новые здесь: будут добавлены или обновят позиции с теми же кодами",
      many: "{count} новых здесь: будут добавлены или обновят позиции с теми же кодами",
      other: "{count} новых здесь: будут добавлены или обновят позиции с теми же кодами",
    },
    ignoredParent: {
      one: "{count} будет пропущена: её родителя нет ни в списке, ни в каталоге",
      few: "{count} будут пропущены: их родителя нет ни в списке, ни в каталоге",
      many: "{count} будут пропущены: их родителя нет ни в списке, ни в каталоге",
      other: "{count} будут пропущены: их родителя нет ни в списке, ни в каталоге",
    },
    ignoredRepeated: {
      one: "{count} будет пропущена: её код или Guid повторяется (действует первая строка)",
      few: "{count} будут пропущены: их код или Guid повторяется (действует первая строка)",
      many: "{count} будут пропущены: их код или Guid повторяется (действует первая строка)",
      other: "{count} будут пропущены: их код или Guid повторяется (действует первая строка)",
    },
    ignoredCodeTaken: {
      one: "{count} будет пропущена: её код принадлежит другой позиции каталога",
      few: "{count} будут пропущены: их коды принадлежат другим позициям каталога",
      many: "{count} будут пропущены: их коды принадлежат другим позициям каталога",
      other: "{count} будут пропущены: их коды принадлежат другим позициям каталога",
    },
    deletions: {
      one: "Запрошено удалений: {count}",
      few: "Запрошено удалений: {count}",
      many: "Запрошено удалений: {count}",
      other: "Запрошено удалений: {count}",
    },
    showRows: "Показать строки",
    hideRows: "Скрыть строки",
    row: "Строка {row}: {code}",
    rowFields: "Строка {row}: {code} (пусто: {fields})",
    more: { one: "и ещё {count}", few: "и ещё {count}", many: "и ещё {count}", other: "и ещё {count}" },
    deletionRow: "Удаление {index}",
    blankTitle: "Пустые ячейки и несопоставленные столбцы",
    blankPlatform:
      "Поле, которое не передано, платформа может оставить как есть или очистить (цену — в 0, единицу или валюту — в пустое значение): какое из двух, она не сообщает.",
    unmapped: {
      one: "Не сопоставлен столбец «{fields}»: {count} позиция, которая может обновить существующую, не передаёт это поле.",
      few: "Не сопоставлен столбец «{fields}»: все {count} позиции, которые могут обновить существующие, не передают это поле.",
      many: "Не сопоставлен столбец «{fields}»: все {count} позиций, которые могут обновить существующие, не передают это поле.",
      other:
        "Не сопоставлен столбец «{fields}»: позиции, которые могут обновить существующие ({count}), не передают это поле.",
    },
    unmappedMany: {
      one: "Не сопоставлены столбцы ({fields}): {count} позиция, которая может обновить существующую, не передаёт эти поля.",
      few: "Не сопоставлены столбцы ({fields}): все {count} позиции, которые могут обновить существующие, не передают эти поля.",
      many: "Не сопоставлены столбцы ({fields}): все {count} позиций, которые могут обновить существующие, не передают эти поля.",
      other:
        "Не сопоставлены столбцы ({fields}): позиции, которые могут обновить существующие ({count}), не передают эти поля.",
    },
    blankCells: {
      one: "У {count} позиции, которая может обновить существующую, есть пустая ячейка:",
      few: "У {count} позиций, которые могут обновить существующие, есть пустые ячейки:",
      many: "У {count} позиций, которые могут обновить существующие, есть пустые ячейки:",
      other: "У позиций, которые могут обновить существующие ({count}), есть пустые ячейки:",
    },
    fieldPrice: "цена",
    fieldUnit: "единица",
    fieldCurrencyCharCode: "валюта",
    fieldsJoin: ", ",
    missingSummaryOne: {
      one: "{count} позиция относится к «{parent}», которого нет ни в списке, ни среди известных в каталоге.",
      few: "{count} позиции относятся к «{parent}», которого нет ни в списке, ни среди известных в каталоге.",
      many: "{count} позиций относятся к «{parent}», которого нет ни в списке, ни среди известных в каталоге.",
      other:
        "Позиции ({count}) относятся к «{parent}», которого нет ни в списке, ни среди известных в каталоге.",
    },
    missingSummary: {
      one: "{count} позиция относится к родительскому коду, которого нет ни в списке, ни среди известных в каталоге: {parents}.",
      few: "{count} позиции относятся к родительским кодам, которых нет ни в списке, ни среди известных в каталоге: {parents}.",
      many: "{count} позиций относятся к родительским кодам, которых нет ни в списке, ни среди известных в каталоге: {parents}.",
      other:
        "Позиции ({count}) относятся к родительским кодам, которых нет ни в списке, ни среди известных в каталоге: {parents}.",
    },
    askOne:
      "{hanging} из {sent} позиций относятся к «{parent}», которого нет в списке: если в каталоге нет «{parent}», платформа пропустит их все.",
    askMany:
      "{hanging} из {sent} позиций относятся к {parents}, которых нет в списке: если их нет в каталоге, платформа пропустит эти позиции.",
    askMore: {
      one: "{list} и ещё {count} код",
      few: "{list} и ещё {count} кода",
      many: "{list} и ещё {count} кодов",
      other: "{list} и ещё {count} кода",
    },
    addParents: {
      one: "Добавить недостающего родителя строкой",
      few: "Добавить {count} недостающих родителей строками",
      many: "Добавить {count} недостающих родителей строками",
      other: "Добавить недостающих родителей строками ({count})",
    },
    addParentsHint:
      "Коды добавляются под диапазоном с названием, которое нужно исправить; диапазон расширяется и проверяется заново. Ничего не отправляется, пока вы их не увидите.",
    importAnyway: "Всё равно импортировать",
    cancel: "Отмена",
    parentName: "(название {code})",
    addedParents: {
      one: "Под диапазоном добавлена {count} родительская строка: дайте ей название перед импортом.",
      few: "Под диапазоном добавлены {count} родительские строки: дайте им названия перед импортом.",
      many: "Под диапазоном добавлено {count} родительских строк: дайте им названия перед импортом.",
      other: "Под диапазоном добавлены родительские строки ({count}): дайте им названия перед импортом.",
    },
    addBlocked:
      "Родительские строки не добавлены: ячейки {address} под диапазоном не пусты. Очистите их или перенесите диапазон и повторите.",
    addFailed: "Не удалось добавить родительские строки: {reason}",
  },
});
