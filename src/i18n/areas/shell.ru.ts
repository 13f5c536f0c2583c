// The Russian messages of the shell area (shell.ts): not part of the first screen's scripts, they
// load when the language is Russian (../languages.ts).
import type { OtherLanguage } from "../types";
import type { shell } from "./shell";

export const shellRu: OtherLanguage<typeof shell> = {
  tagline: "Прайс-каталоги на платформу, ведомости объёмов работ в ячейки.",
  featuresLabel: "Разделы",
  tabImport: "Импорт",
  tabHistory: "Журнал",
  tabBoq: "Ведомость",
  outsideTitle: "Откройте BOQ Bridge в Excel",
  outsideOffice: "BOQ Bridge — надстройка для Excel: откройте книгу в Excel и выберите Главная > BOQ Bridge.",
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
};
