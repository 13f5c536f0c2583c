// The task pane's frame: header, feature tabs, the page opened outside Excel, language choice.
import { defineEnglish } from "../types";

export const shell = defineEnglish({
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
});
