// The one source of both add-in manifests: deploy/manifests.cjs writes the XML add-in manifest
// (manifest.xml) and the unified manifest for Microsoft 365 (manifest.json with its localization
// file manifest.ru.json) from this object, so the id, version, pages, names, labels and
// permissions cannot differ between them (test/manifest/agreement.test.ts compares the two).
// Paths are relative to the address the add-in is served from (ADDIN_BASE_URL in a production
// build, https://localhost:3000/ in development).
const { version } = require("../package.json");

module.exports = {
  id: "9cb9451b-2909-4c6e-ae6d-e43dc381a847",
  /** package.json's version: semver in the unified manifest, with a fourth part 0 in the XML one. */
  version,
  provider: "BOQ Bridge",
  /** Teal of the icon tile and the pane's header. */
  accentColor: "#0B5563",
  host: { xml: "Workbook", unified: "workbook" },
  /**
   * The shared runtime (pane, functions and commands in one page) needs SharedRuntime 1.1. The
   * Excel API calls made without a check of their own need ExcelApi 1.10: the BOQ sheet's outline
   * (Range.group/ungroup, Worksheet.showOutlineLevels); every other unchecked call is 1.9 or older,
   * and the newer ones are asked for first (decimal separators 1.11, merged cells 1.13, data
   * types 1.16/1.19). test/manifest/requirements.test.ts checks the add-in's calls against it.
   * Every Excel with SharedRuntime 1.1 (Microsoft 365 from 2002, Excel 2021, the web) has it.
   */
  requirements: [
    { name: "SharedRuntime", minVersion: "1.1" },
    { name: "ExcelApi", minVersion: "1.10" },
  ],
  /** ReadWriteDocument in the XML manifest is Document.ReadWrite.User in the unified one. */
  permission: { xml: "ReadWriteDocument", unified: "Document.ReadWrite.User" },
  pages: {
    runtime: "taskpane.html",
    functionsScript: "functions.js",
    functionsMetadata: "functions.json",
    learnMore: "taskpane.html",
  },
  icons: {
    16: "assets/icon-16.png",
    32: "assets/icon-32.png",
    64: "assets/icon-64.png",
    80: "assets/icon-80.png",
    /** The unified manifest's app icons travel inside its app package, by relative path. */
    color: "assets/icon-192.png",
    outline: "assets/icon-outline-32.png",
  },
  namespace: "PLATFORM",
  ids: {
    runtime: "BoqBridge.Runtime",
    group: "BoqBridge.Group",
    taskpaneButton: "BoqBridge.TaskpaneButton",
    taskpane: "BoqBridge.Taskpane",
    refreshButton: "BoqBridge.RefreshButton",
    /** The action src/commands registers (REFRESH_BOQ_ACTION). */
    refreshAction: "refreshBoq",
    homeTab: "TabHome",
  },
  /** The sign-in dialog's authorization server in development: the local emulator. */
  developmentAppDomains: ["https://localhost:4001", "http://localhost:4001"],
  defaultLocale: "en-US",
  /** Every text a user reads in Office's lists and on the ribbon, per locale (the pane's own languages). */
  text: {
    "en-US": {
      displayName: "BOQ Bridge",
      fullName: "BOQ Bridge for estimating platforms",
      shortDescription: "Price catalogs to the platform, bills of quantities into cells.",
      description:
        "Import price catalogs from a worksheet into your estimating platform and pull bills of quantities into cells with PLATFORM functions.",
      groupLabel: "BOQ Bridge",
      taskpaneButton: "BOQ Bridge",
      taskpaneTooltip: "Open the BOQ Bridge task pane to sign in and import price catalogs.",
      refreshButton: "Refresh BOQ",
      refreshTooltip:
        "Recalculate the workbook so every PLATFORM formula fetches its bill of quantities again.",
      getStartedTitle: "BOQ Bridge is ready",
      getStartedDescription:
        "Open BOQ Bridge from the Home tab to sign in, import a price catalog from a worksheet range, or type =PLATFORM. in a cell to pull a bill of quantities.",
    },
    "ru-RU": {
      // The product's name is a brand and stays as it is; it is still given per locale on purpose.
      displayName: "BOQ Bridge",
      fullName: "BOQ Bridge для платформы сметных расчётов",
      shortDescription: "Прайс-каталоги на платформу, ведомости объёмов работ в ячейки.",
      description:
        "Импорт прайс-каталогов с листа на платформу сметных расчётов и ведомости объёмов работ в ячейках через функции PLATFORM.",
      groupLabel: "BOQ Bridge",
      taskpaneButton: "BOQ Bridge",
      taskpaneTooltip: "Открыть область BOQ Bridge, чтобы войти и импортировать прайс-каталоги.",
      refreshButton: "Обновить ВОР",
      refreshTooltip:
        "Пересчитать книгу, чтобы все формулы PLATFORM заново загрузили ведомости объёмов работ.",
      getStartedTitle: "BOQ Bridge готова к работе",
      getStartedDescription:
        "Откройте BOQ Bridge на вкладке «Главная», чтобы войти, импортировать прайс-каталог с листа или ввести в ячейке =PLATFORM. и получить ведомость объёмов работ.",
    },
  },
};
