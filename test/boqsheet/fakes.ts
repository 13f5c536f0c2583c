// The BOQ sheet journey's effects for its tests: the fake platform's data path
// (test/boqdata/fakes.ts), the Office emulation's Excel runner, in-memory document settings and a
// fixed clock.
import { createEmulatedExcel, type OfficeEmulation } from "../../dev/office-emulation";
import type { BoqData } from "../../src/boqdata";
import type { BoqSheetChoice, BoqSheetDeps } from "../../src/boqsheet";
import { MemoryDocumentSettings } from "../../src/workbook/documentSettings";

export { COMPANY, fakeData, newPlatform, project, TOWER, type FakePlatform } from "../boqdata/fakes";

export interface Journey {
  excel: OfficeEmulation;
  settings: MemoryDocumentSettings;
  deps: BoqSheetDeps;
}

/** The journey's effects: an emulated workbook (sheets Sheet1 and Notes), settings, a fixed clock. */
export function journey(data: BoqData, now = () => Date.UTC(2026, 10, 22, 21, 40)): Journey {
  const excel = createEmulatedExcel({ sheets: { Sheet1: [], Notes: [] } });
  const settings = new MemoryDocumentSettings();
  return { excel, settings, deps: { excel: (batch) => excel.run(batch), data, settings, now } };
}

/** The BOQ the sheet tests insert and refresh (Frame 3.10 of Tower), and the sheet it becomes. */
export const CHOICE: BoqSheetChoice = {
  company: "Northwind",
  project: "Tower",
  model: "Frame",
  scheme: "Main",
  version: "3.10",
  analysis: "Version 3.10",
};
export const SHEET = "BOQ Frame 3.10";
