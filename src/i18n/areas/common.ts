// Words shared by every screen and by the functions' error messages.
import { defineMessages } from "../types";

export const common = defineMessages({
  en: {
    productName: "BOQ Bridge",
    cancel: "Cancel",
    close: "Close",
    retry: "Try again",
    reload: "Reload",
    showDetails: "Show details",
    hideDetails: "Hide details",
    copyDetails: "Copy the details",
    detailsCopied: "Copied",
    unexpected:
      "Something went wrong that BOQ Bridge did not expect. Reload the add-in; if it happens again, send the details to your administrator.",
  },
  ru: {
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
  },
});
