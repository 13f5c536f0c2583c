// The import's target catalog (the list and what is known of a name), the columns remembered per
// sheet layout, and why Preview waits: the words of the Import tab's source and check screens
// that src/import returns as codes.
import { defineMessages } from "../types";

export const catalogPicker = defineMessages({
  en: {
    noMatch: "No catalog of the list matches; the name typed is used as it is.",
    fromPlatform: "in your company’s projects",
    fromWorkbook: "imported from this workbook",
    fromTyped: "typed before",
    // What is known of the name, said before any check
    statusPlatform: "“{name}” is a catalog of your company: a priority scheme of its projects names it.",
    statusWorkbook: "This workbook has imported into “{name}” before.",
    statusTyped:
      "“{name}” was typed before, and the add-in has not seen it on the platform: it may still exist; an import into a catalog that does not exist is refused, and catalogs are created on the platform’s website.",
    statusUnseen:
      "The add-in has not seen a catalog “{name}”: it may still exist; an import into a catalog that does not exist is refused, and catalogs are created on the platform’s website.",
    loading: "Loading the catalogs of your company’s projects…",
    loadFailed:
      "The catalogs of your company’s projects could not be loaded; the list offers those of this workbook.",
    loadAgain: "Load them again",
    // Columns remembered per sheet layout
    rememberedApplies:
      "The columns you chose before for “{catalog}” are used: this sheet has the same header row.",
    rememberedNoHeaderAsHeader:
      "No header row was found, so the columns you chose before for “{catalog}” are used, with row {row} as the header, as when you chose them. Change them below if row {row} is a position.",
    rememberedNoHeaderAsPosition:
      "No header row was found, so the columns you chose before for “{catalog}” are used. Row {row} has a number in the {field} column, so it is read as a position, not a header. Change the columns below if that is wrong.",
    rememberedNoHeaderAsData:
      "No header row was found, so the columns you chose before for “{catalog}” are used, and every row is read as a position. Change the columns below if that is wrong.",
    rememberedDiffers:
      "You chose other columns for “{catalog}” before, for a sheet with other headers. The columns here come from this sheet’s headers.",
    rememberedDiffersNoHeader:
      "You chose columns for “{catalog}” before, on a sheet without a header row. The columns here come from this sheet’s headers.",
    rememberedLegacy:
      "Columns were remembered for “{catalog}” by an earlier version, without the header row they were chosen for, so they are not used by themselves. The columns here come from this sheet.",
    rememberedApply: "Use the columns chosen before",
    // Why Preview is disabled
    previewNeedsCatalog: "Preview needs the catalog to import into: choose it above.",
    previewNeedsCompany: "Preview needs a company: choose it above.",
    previewNothing: "Preview has nothing to show: no position and no deletion is left to send.",
  },
  ru: {
    noMatch: "В списке нет подходящего каталога; введённое название используется как есть.",
    fromPlatform: "в проектах вашей компании",
    fromWorkbook: "импортирован из этой книги",
    fromTyped: "введён раньше",
    statusPlatform:
      "«{name}» — каталог вашей компании: его называет схема приоритетов одного из её проектов.",
    statusWorkbook: "В «{name}» уже импортировали из этой книги.",
    statusTyped:
      "«{name}» вводили раньше, но надстройка не видела его на платформе: он может существовать; импорт в несуществующий каталог будет отклонён, а каталоги создаются на сайте платформы.",
    statusUnseen:
      "Надстройка не видела каталога «{name}»: он может существовать; импорт в несуществующий каталог будет отклонён, а каталоги создаются на сайте платформы.",
    loading: "Загружаются каталоги проектов вашей компании…",
    loadFailed: "Не удалось загрузить каталоги проектов вашей компании; в списке — каталоги этой книги.",
    loadAgain: "Загрузить снова",
    rememberedApplies:
      "Используются столбцы, выбранные раньше для «{catalog}»: у этого листа та же строка заголовков.",
    rememberedNoHeaderAsHeader:
      "Строка заголовков не найдена, поэтому используются столбцы, выбранные раньше для «{catalog}», и строка {row} считается заголовком, как при выборе. Если строка {row} — позиция, измените столбцы ниже.",
    rememberedNoHeaderAsPosition:
      "Строка заголовков не найдена, поэтому используются столбцы, выбранные раньше для «{catalog}». В строке {row} в столбце «{field}» стоит число, поэтому она читается как позиция, а не заголовок. Если это не так, измените столбцы ниже.",
    rememberedNoHeaderAsData:
      "Строка заголовков не найдена, поэтому используются столбцы, выбранные раньше для «{catalog}», и каждая строка читается как позиция. Если это не так, измените столбцы ниже.",
    rememberedDiffers:
      "Раньше для «{catalog}» были выбраны другие столбцы — для листа с другими заголовками. Здесь столбцы взяты из заголовков этого листа.",
    rememberedDiffersNoHeader:
      "Раньше для «{catalog}» столбцы выбирались на листе без строки заголовков. Здесь столбцы взяты из заголовков этого листа.",
    rememberedLegacy:
      "Прежняя версия запомнила столбцы для «{catalog}» без строки заголовков, для которой они выбраны, поэтому сами они не применяются. Здесь столбцы взяты из этого листа.",
    rememberedApply: "Взять столбцы, выбранные раньше",
    previewNeedsCatalog: "Для предпросмотра нужен каталог, в который выполняется импорт: выберите его выше.",
    previewNeedsCompany: "Для предпросмотра нужна компания: выберите её выше.",
    previewNothing: "Предпросматривать нечего: не осталось ни позиций, ни удалений для отправки.",
  },
});
