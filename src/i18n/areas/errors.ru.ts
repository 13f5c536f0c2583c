// The Russian messages of the errors area (errors.ts): not part of the first screen's scripts, they
// load when the language is Russian (../languages.ts).
import type { OtherLanguage } from "../types";
import type { errors } from "./errors";

export const errorsRu: OtherLanguage<typeof errors> = {
  paneTitle: "BOQ Bridge перестала работать.",
  paneUnexpected:
    "Произошла непредвиденная ошибка. Перезагрузите надстройку; если ошибка повторится, передайте подробности администратору.",
  dialogUnexpected:
    "В окне входа произошла непредвиденная ошибка. Закройте его и войдите снова из панели BOQ Bridge.",
  functionUnexpected:
    "Функция {name} завершилась непредвиденной ошибкой. Пересчитайте ячейку; если ошибка повторится, передайте подробности администратору.",
};
