// Words shared by every screen and by the functions' error messages.
import { defineEnglish } from "../types";

export const common = defineEnglish({
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
});
