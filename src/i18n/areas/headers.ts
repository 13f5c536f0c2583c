// Header words of the PLATFORM functions' results (issue 27): what an estimator calls each field of
// a bill of quantities. They are shown in the workbook's header language (a document setting, the
// same for every co-author), not in the language of whoever recalculates; src/functions picks the
// language and passes it to t().
import { defineMessages } from "../types";

export const headers = defineMessages({
  en: {
    level: "Level",
    catalogName: "Catalog",
    code: "Code",
    name: "Name",
    unit: "Unit",
    value: "Quantity",
    valueCost: "Unit cost",
    totalCost: "Total",
    fullTotalCost: "Full total",
    id: "Id",
    externalId: "External id",
    platformId: "Platform id",
    parentId: "Parent id",
    parentExternalId: "Parent external id",
    parentPlatformId: "Parent platform id",
    company: "Company",
    project: "Project",
    model: "Model",
    tree: "Priority scheme",
    version: "Version",
    section: "Section",
    languageName: "English",
    chosen:
      "Headers of PLATFORM formulas in this workbook are in {language} (Quantity, Unit cost, Total…), for everyone who opens it. Change it in Settings.",
    settingLabel: "Headers of PLATFORM formulas in this workbook",
    settingHint:
      "Kept in the workbook: every co-author's formulas show the same headers. Until one is chosen, each person's Office language.",
    settingNotChosen: "Not chosen yet",
  },
  ru: {
    level: "Уровень",
    catalogName: "Каталог",
    code: "Шифр",
    name: "Наименование",
    unit: "Ед. изм.",
    value: "Количество",
    valueCost: "Цена за ед.",
    totalCost: "Стоимость",
    fullTotalCost: "Полная стоимость",
    id: "Идентификатор",
    externalId: "Внешний идентификатор",
    platformId: "Идентификатор на платформе",
    parentId: "Идентификатор родителя",
    parentExternalId: "Внешний идентификатор родителя",
    parentPlatformId: "Идентификатор родителя на платформе",
    company: "Компания",
    project: "Проект",
    model: "Модель",
    tree: "Схема приоритетов",
    version: "Версия",
    section: "Раздел",
    languageName: "русский",
    chosen:
      "Заголовки формул PLATFORM в этой книге — на языке: {language} (Количество, Цена за ед., Стоимость…), для всех, кто её открывает. Изменить можно в настройках.",
    settingLabel: "Заголовки формул PLATFORM в этой книге",
    settingHint:
      "Хранится в книге: у всех соавторов формулы показывают одни и те же заголовки. Пока язык не выбран — язык Office каждого пользователя.",
    settingNotChosen: "Ещё не выбран",
  },
});
