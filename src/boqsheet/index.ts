// The BOQ sheet journey: Insert BOQ sheet and Refresh this BOQ sheet (./journey), the navigator's
// Insert formula (./formula), the sheet's words (./labels). Effects come in as BoqSheetDeps (the
// Excel runner, the BOQ data path, the document settings, the clock). See README.md.
export { insertBoqSheet, refreshActiveBoqSheet, NotABoqSheetError } from "./journey";
export type { BoqSheetDeps, BoqSheetChoice, RefreshedBoqSheet } from "./journey";
export { insertBoqFormula } from "./formula";
export { sheetLabels } from "./labels";
export type { WrittenBoqSheet } from "../workbook";
