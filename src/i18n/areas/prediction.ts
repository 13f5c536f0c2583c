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
      "This workbook has not imported into “{catalog}” before, so what the catalog holds is not known: each position may be added, may update the position with its code, or may be ignored (when that code is another position's).",
    storeFailed:
      "The record of earlier imports from this workbook could not be read on this computer, so what the catalog holds is not known: each position may be added, may update the position with its code, or may be ignored.",
    update: {
      one: "{count} will update a position imported before from this workbook",
      other: "{count} will update positions imported before from this workbook",
    },
    unchanged: {
      one: "{count} has no change since the last import from this workbook",
      other: "{count} have no change since the last import from this workbook",
    },
    mayClear: {
      one: "{count} may clear a value it had in the last import (its cell is blank now); nothing else changed",
      other:
        "{count} may clear values they had in the last import (their cells are blank now); nothing else changed",
    },
    updateByCode: {
      one: "{count} will update the position with the same code imported before",
      other: "{count} will update the positions with the same codes imported before",
    },
    insertOrUpdate: {
      one: "{count} new here: inserted, or updating a position with the same code",
      other: "{count} new here: inserted, or updating the positions with the same codes",
    },
    unknown: {
      one: "{count} unknown: may be added, may update the position with its code, or may be ignored",
      other: "{count} unknown: may be added, may update the positions with their codes, or may be ignored",
    },
    unknownParent: {
      one: "{count} unknown: its parent is neither in the list nor known to be in the catalog (imported if the catalog holds the parent, ignored if not)",
      other:
        "{count} unknown: their parent is neither in the list nor known to be in the catalog (imported if the catalog holds the parent, ignored if not)",
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
    rowClears: "Row {row}: {code}: may clear {clears}",
    clearWas: "{field} (was {value})",
    clearWasUnlogged: "{field} (was {value}; the log does not show it)",
    clearPointsUnlogged: {
      one: "control points (was {count}; the log does not show it)",
      other: "control points (were {count}; the log does not show it)",
    },
    fieldBinding: "binding",
    more: { one: "and {count} more", other: "and {count} more" },
    deletionRow: "Deletion {index}",
    // Blank cells
    blankTitle: "Blank cells and columns not mapped",
    blankPlatform:
      "The platform may keep the current value of a field left out, or clear it (a price to 0, a unit or currency to empty): it does not say which.",
    fieldUnmapped: {
      one: "{field}: no column is mapped, so the {count} position that may update an existing one leaves it out",
      other:
        "{field}: no column is mapped, so all {count} positions that may update existing ones leave it out",
    },
    fieldBlank: {
      one: "{field}: blank in {count} position that may update an existing one",
      other: "{field}: blank in {count} positions that may update existing ones",
    },
    clearing: {
      one: "{count} position had a value in the last import that its cell no longer gives: the platform may keep it or clear it",
      other:
        "{count} positions had values in the last import that their cells no longer give: the platform may keep them or clear them",
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
    // After the job: what the platform did with each value a blank may have cleared
    blanksTitle: "Blank cells where the last import had a value: what the platform did",
    blankVerdict: "{code}: {field} (was {value}): {verdict}",
    logBlank: "Blank cell: {code}, {field} (was {value})",
    logBlankMore: "Further blank cells with a value before, not listed",
    verdictKept: "kept",
    verdictCleared: "cleared",
    verdictChanged: "changed to {value}",
  },
  ru: {
    title: "Прогноз результата (пробный расчёт: ещё ничего не отправлено)",
    predicting: "Прогноз результата…",
    basis:
      "Прогноз по тому, что эта книга отправила в «{catalog}» при последнем импорте, и по ответу платформы. Изменения позиций на платформе после этого неизвестны.",
    noBaseline:
      "Из этой книги в «{catalog}» ещё не импортировали, поэтому содержимое каталога неизвестно: каждая позиция может быть добавлена, может обновить позицию со своим кодом или может быть пропущена (если этот код принадлежит другой позиции).",
    storeFailed:
      "Запись о прежних импортах из этой книги на этом компьютере прочитать не удалось, поэтому содержимое каталога неизвестно: каждая позиция может быть добавлена, может обновить позицию со своим кодом или может быть пропущена.",
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
    mayClear: {
      one: "{count} может очистить значение, которое было при последнем импорте (ячейка теперь пустая); остальное без изменений",
      few: "{count} могут очистить значения, которые были при последнем импорте (ячейки теперь пустые); остальное без изменений",
      many: "{count} могут очистить значения, которые были при последнем импорте (ячейки теперь пустые); остальное без изменений",
      other:
        "{count} могут очистить значения, которые были при последнем импорте (ячейки теперь пустые); остальное без изменений",
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
    unknown: {
      one: "{count} — неизвестно: может быть добавлена, может обновить позицию со своим кодом или может быть пропущена",
      few: "{count} — неизвестно: могут быть добавлены, могут обновить позиции со своими кодами или могут быть пропущены",
      many: "{count} — неизвестно: могут быть добавлены, могут обновить позиции со своими кодами или могут быть пропущены",
      other:
        "{count} — неизвестно: могут быть добавлены, могут обновить позиции со своими кодами или могут быть пропущены",
    },
    unknownParent: {
      one: "{count} — неизвестно: её родителя нет в списке и неизвестно, есть ли он в каталоге (будет импортирована, если есть, и пропущена, если нет)",
      few: "{count} — неизвестно: их родителя нет в списке и неизвестно, есть ли он в каталоге (будут импортированы, если есть, и пропущены, если нет)",
      many: "{count} — неизвестно: их родителя нет в списке и неизвестно, есть ли он в каталоге (будут импортированы, если есть, и пропущены, если нет)",
      other:
        "{count} — неизвестно: их родителя нет в списке и неизвестно, есть ли он в каталоге (будут импортированы, если есть, и пропущены, если нет)",
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
    rowClears: "Строка {row}: {code}: может очистить {clears}",
    clearWas: "{field} (было {value})",
    clearWasUnlogged: "{field} (было {value}; журнал этого не показывает)",
    clearPointsUnlogged: {
      one: "контрольные точки (была {count}; журнал этого не показывает)",
      few: "контрольные точки (было {count}; журнал этого не показывает)",
      many: "контрольные точки (было {count}; журнал этого не показывает)",
      other: "контрольные точки (было {count}; журнал этого не показывает)",
    },
    fieldBinding: "привязка",
    more: { one: "и ещё {count}", few: "и ещё {count}", many: "и ещё {count}", other: "и ещё {count}" },
    deletionRow: "Удаление {index}",
    blankTitle: "Пустые ячейки и несопоставленные столбцы",
    blankPlatform:
      "Поле, которое не передано, платформа может оставить как есть или очистить (цену — в 0, единицу или валюту — в пустое значение): какое из двух, она не сообщает.",
    fieldUnmapped: {
      one: "{field}: столбец не сопоставлен, поэтому {count} позиция, которая может обновить существующую, не передаёт это поле",
      few: "{field}: столбец не сопоставлен, поэтому все {count} позиции, которые могут обновить существующие, не передают это поле",
      many: "{field}: столбец не сопоставлен, поэтому все {count} позиций, которые могут обновить существующие, не передают это поле",
      other:
        "{field}: столбец не сопоставлен, поэтому позиции, которые могут обновить существующие ({count}), не передают это поле",
    },
    fieldBlank: {
      one: "{field}: пусто у {count} позиции, которая может обновить существующую",
      few: "{field}: пусто у {count} позиций, которые могут обновить существующие",
      many: "{field}: пусто у {count} позиций, которые могут обновить существующие",
      other: "{field}: пусто у позиций, которые могут обновить существующие ({count})",
    },
    clearing: {
      one: "У {count} позиции было значение при последнем импорте, которого ячейка больше не даёт: платформа может его оставить или очистить",
      few: "У {count} позиций были значения при последнем импорте, которых ячейки больше не дают: платформа может их оставить или очистить",
      many: "У {count} позиций были значения при последнем импорте, которых ячейки больше не дают: платформа может их оставить или очистить",
      other:
        "У позиций ({count}) были значения при последнем импорте, которых ячейки больше не дают: платформа может их оставить или очистить",
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
    blanksTitle: "Пустые ячейки, где при последнем импорте было значение: что сделала платформа",
    blankVerdict: "{code}: {field} (было {value}): {verdict}",
    logBlank: "Пустая ячейка: {code}, {field} (было {value})",
    logBlankMore: "Ещё пустые ячейки, где было значение (не перечислены)",
    verdictKept: "оставлено",
    verdictCleared: "очищено",
    verdictChanged: "изменено на {value}",
  },
});
