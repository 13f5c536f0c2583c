// The task pane's frame: header, feature tabs, the page opened outside Excel, language choice.
import { defineMessages } from "../types";

export const shell = defineMessages({
  en: {
    tagline: "Price catalogs to the platform, bills of quantities into cells.",
    featuresLabel: "Features",
    tabImport: "Import",
    tabHistory: "History",
    tabBoq: "BOQ",
    outsideTitle: "Open BOQ Bridge in Excel",
    outsideOffice:
      "BOQ Bridge is an Excel add-in: open a workbook in Excel and choose Home > BOQ Bridge to use it.",
    outsideOfficeDev: "While developing, you can also try it in the workbench: ",
    checkingSignIn: "Checking your sign-in…",
    loading: "Loading…",
    screenLoading: "Opening the tab…",
    screenLoadFailedTitle: "This tab did not open",
    screenLoadFailed:
      "Part of BOQ Bridge could not be downloaded. Check your internet connection and try again.",
    importIntro:
      "Select the rows of a price catalog in the sheet to import them into a catalog on the platform.",
    boqIntro: "Bills of quantities come into cells with PLATFORM functions, for example:",
    boqExample: "=PLATFORM.VERSIONTAG(3, 2) gives the version 3.2 of a bill of quantities.",
    boqRefresh: "Refresh BOQ on the Home tab fetches every PLATFORM formula again.",
  },
  ru: {
    tagline: "Прайс-каталоги на платформу, ведомости объёмов работ в ячейки.",
    featuresLabel: "Разделы",
    tabImport: "Импорт",
    tabHistory: "Журнал",
    tabBoq: "Ведомость",
    outsideTitle: "Откройте BOQ Bridge в Excel",
    outsideOffice:
      "BOQ Bridge — надстройка для Excel: откройте книгу в Excel и выберите Главная > BOQ Bridge.",
    outsideOfficeDev: "Во время разработки её можно попробовать и в рабочем стенде: ",
    checkingSignIn: "Проверяем вход…",
    loading: "Загрузка…",
    screenLoading: "Открываем вкладку…",
    screenLoadFailedTitle: "Вкладка не открылась",
    screenLoadFailed:
      "Не удалось загрузить часть BOQ Bridge. Проверьте подключение к интернету и повторите попытку.",
    importIntro: "Выделите на листе строки прайс-каталога, чтобы импортировать их в каталог на платформе.",
    boqIntro: "Ведомости объёмов работ попадают в ячейки через функции PLATFORM, например:",
    boqExample: "=PLATFORM.VERSIONTAG(3, 2) даёт версию 3.2 ведомости.",
    boqRefresh: "Кнопка «Обновить ВОР» на вкладке «Главная» заново загружает все формулы PLATFORM.",
  },
});
