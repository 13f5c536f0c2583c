// Excel's side of Refresh BOQ (./refresh): find the PLATFORM cells, calculate their sheets. Loaded
// on the first refresh, so the workbook's block reader stays out of the shared runtime's first
// scripts (test/build/production-build.test.ts).
import { calculateSheets, findPlatformFormulas, runExcel, type PlatformFormulaCell } from "../workbook";

export function findCells(): Promise<PlatformFormulaCell[]> {
  return runExcel((context) => findPlatformFormulas(context));
}

export function calculate(sheets: readonly string[]): Promise<void> {
  return runExcel((context) => calculateSheets(context, sheets));
}
