// The feature tabs' screens and what only they use (the import pipeline, the catalog engine, the
// workbook's read and write, the virtual list, the import and problems messages). features.tsx
// loads this module with import() once the shell and the session area have painted, so the pane's
// first screen does not wait for it. Keep it the only way into these screens from the pane.
// Every message area of these screens, before any of them renders.
import "../i18n/deferred";
import { BoqTab } from "./boq/BoqTab";
import { HistoryTab } from "./import/HistoryTab";
import { ImportTab, pickUpRunningImport } from "./import/ImportTab";
import { closePopoversOnSelectionChange } from "./selectionWatch";

export { BoqTab, HistoryTab, ImportTab, pickUpRunningImport, closePopoversOnSelectionChange };
