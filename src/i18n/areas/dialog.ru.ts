// The Russian messages of the dialog area (dialog.ts): not part of the first screen's scripts, they
// load when the language is Russian (../languages.ts).
import type { OtherLanguage } from "../types";
import type { dialog } from "./dialog";

export const dialogRu: OtherLanguage<typeof dialog> = {
  title: "Вход на платформу",
  loading: "Загрузка…",
  opening: "Открываем страницу входа вашей платформы…",
  completing: "Завершаем вход…",
  done: "Вход выполнен. Окно закроется само.",
  onlyInWindow:
    "Эта страница — часть надстройки BOQ Bridge и работает только в её окне входа. Откройте BOQ Bridge в Excel и нажмите «Войти».",
  lostSettings: "Окно входа потеряло настройки. Закройте его и начните вход заново.",
  notCompleted: "Вход не завершён. Закройте это окно и попробуйте снова.",
  failed: "Войти не удалось. Закройте это окно и попробуйте снова.",
};
