// What a user reads when something fails that no screen expected: the pane's message bar, the
// sign-in window, and a custom function's cell error.
import { defineEnglish } from "../types";

export const errors = defineEnglish({
  en: {
    paneTitle: "BOQ Bridge stopped working.",
    paneUnexpected:
      "Something went wrong that BOQ Bridge did not expect. Reload the add-in; if it happens again, send the details to your administrator.",
    dialogUnexpected:
      "The sign-in window ran into an unexpected problem. Close it and sign in again from the BOQ Bridge pane.",
    functionUnexpected:
      "{name} failed unexpectedly. Recalculate the cell; if it fails again, send the details to your administrator.",
  },
});
