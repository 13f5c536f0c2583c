// Stands in for office.js when the production-pages test opens the production task pane: the
// workbench's Office emulation, installed before the add-in's scripts run (the page loads office.js
// first). Bundled by the test (test/browser/production-pages.test.ts), never shipped.
import { installOfficeEmulation } from "../../../dev/office-emulation";

installOfficeEmulation(globalThis, { sheets: { Sheet1: [] } });
