// The BOQ tab's effects, wired once outside the components (like ../import/runtime.ts): the
// runtime's BOQ data path (the one the PLATFORM functions use, so the tab and the formulas share
// kept answers), Excel.run and the workbook's document settings, given to the BOQ journeys
// (src/boqsheet boqActions). The screens get the actions as props.
import { boqActions, type BoqActions } from "../../boqsheet";
import { sharedBoqData } from "../../boqdata";
import { documentSettings, runExcel } from "../../workbook";

export type { BoqActions } from "../../boqsheet";

let actions: BoqActions | undefined;

export function getBoqActions(): BoqActions {
  actions ??= boqActions({
    excel: runExcel,
    data: sharedBoqData(),
    settings: documentSettings(),
    now: Date.now,
  });
  return actions;
}
