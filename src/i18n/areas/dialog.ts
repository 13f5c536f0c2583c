// The sign-in window (the dialog page that runs the platform's sign-in).
import { defineEnglish } from "../types";

export const dialog = defineEnglish({
  en: {
    title: "Signing in to the platform",
    loading: "Loading…",
    opening: "Opening the sign-in page of your platform…",
    completing: "Completing the sign-in…",
    done: "Signed in. This window closes by itself.",
    onlyInWindow:
      "This page belongs to the BOQ Bridge add-in and only works inside its sign-in window. Open BOQ Bridge in Excel and choose Sign in.",
    lostSettings: "The sign-in window lost its settings. Close it and start the sign-in again.",
    notCompleted: "The sign-in was not completed. Close this window and try again.",
    failed: "The sign-in did not work. Close this window and try again.",
  },
});
