// The import on its way to the platform (issue 40): its size and how long the pane waits for the
// answer, the platform asking to wait (429) before it is sent again, and the platform too busy.
import { defineMessages } from "../types";

export const send = defineMessages({
  en: {
    sizeMegabytes: "{size} MB",
    sizeKilobytes: "{size} KB",
    timeMinutes: "{minutes} min {seconds} s",
    timeSeconds: "{seconds} s",
    posting: "Sending {size} to the platform…",
    postingLimit:
      "The pane waits up to {time} for the platform’s answer: a large import takes a while on a slow connection.",
    throttled:
      "The platform is busy and asked to wait. Nothing has been imported yet: the pane sends the import again in {seconds} s.",
    throttledNow: "The platform is busy and asked to wait. Nothing has been imported yet: sending again…",
    refusedBusy:
      "The platform is busy and did not start the import into “{catalog}”. Nothing was imported: import again in a few minutes.",
  },
  ru: {
    sizeMegabytes: "{size} МБ",
    sizeKilobytes: "{size} КБ",
    timeMinutes: "{minutes} мин {seconds} с",
    timeSeconds: "{seconds} с",
    posting: "Отправляем платформе {size}…",
    postingLimit:
      "Панель ждёт ответа платформы до {time}: большой импорт при медленном подключении отправляется долго.",
    throttled:
      "Платформа перегружена и попросила подождать. Пока ничего не импортировано: панель отправит импорт снова через {seconds} с.",
    throttledNow:
      "Платформа перегружена и попросила подождать. Пока ничего не импортировано: отправляем снова…",
    refusedBusy:
      "Платформа перегружена и не начала импорт в «{catalog}». Ничего не импортировано: повторите импорт через несколько минут.",
  },
});
