// The Russian messages of the common area (common.ts): not part of the first screen's scripts, they
// load when the language is Russian (../languages.ts).
import type { OtherLanguage } from "../types";
import type { common } from "./common";

export const commonRu: OtherLanguage<typeof common> = {
  productName: "BOQ Bridge",
  cancel: "Отмена",
  close: "Закрыть",
  retry: "Повторить",
  reload: "Перезагрузить",
  showDetails: "Подробнее",
  hideDetails: "Скрыть подробности",
  copyDetails: "Скопировать подробности",
  detailsCopied: "Скопировано",
  unexpected:
    "Произошла непредвиденная ошибка. Перезагрузите надстройку; если ошибка повторится, передайте подробности администратору.",
};
