/**
 * The sample catalog the workbench opens with, so the add-in can be tried at once. Units are
 * among those the local platform emulator knows; codes are text (Excel would turn "1.1" into a
 * number), as a catalog sheet prepared for import has them.
 */
import type { OfficeEmulation } from "../office-emulation";

export const DEMO_SHEET = "Catalog";
export const DEMO_HEADERS = ["Guid", "Code", "Name", "Price", "Unit", "Currency", "Delete"] as const;

type Row = [guid: string, code: string, name: string, price: number | null, unit: string, currency: string];

const DEMO_ROWS: readonly Row[] = [
  ["3f1c2a64-8d1e-4c57-9a0b-1f2e3d4c5b60", "1", "Concrete works", null, "", ""],
  ["7a2b9c10-4e5f-4a6b-8c7d-9e0f1a2b3c4d", "1.1", "Concrete B25 W6 foundation slab", 7450, "m3", "EUR"],
  ["b8c7d6e5-f4a3-4b2c-9d1e-0f9a8b7c6d5e", "1.2", "Concrete B7.5 blinding layer", 5200, "m3", "EUR"],
  ["c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f", "1.3", "Concrete B30 columns", 8150, "m3", "EUR"],
  ["d4e5f6a7-b8c9-4d0e-9f1a-2b3c4d5e6f70", "1.4", "Concrete B25 floor slabs", 7700, "m3", "EUR"],
  ["e7f8a9b0-c1d2-4e3f-8a4b-5c6d7e8f9a0b", "2", "Reinforcement", null, "", ""],
  ["f0a1b2c3-d4e5-4f6a-9b7c-8d9e0f1a2b3c", "2.1", "Rebar A500C d12, cutting and bending", 1120, "t", "EUR"],
  ["0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d", "2.2", "Rebar A500C d16, cutting and bending", 1085, "t", "EUR"],
  ["1b2c3d4e-5f6a-4b7c-9d8e-9f0a1b2c3d4e", "2.3", "Tie wire 1.2 mm", 3.4, "kg", "EUR"],
  ["2c3d4e5f-6a7b-4c8d-8e9f-0a1b2c3d4e5f", "2.4", "Plastic rebar spacers 30 mm", 0.12, "pcs", "EUR"],
  ["3d4e5f6a-7b8c-4d9e-9f0a-1b2c3d4e5f6a", "3", "Formwork", null, "", ""],
  [
    "4e5f6a7b-8c9d-4e0f-8a1b-2c3d4e5f6a7b",
    "3.1",
    "Panel formwork for walls, install and strip",
    18.5,
    "m2",
    "EUR",
  ],
  ["5f6a7b8c-9d0e-4f1a-9b2c-3d4e5f6a7b8c", "3.2", "Slab formwork on props", 16.2, "m2", "EUR"],
  ["6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d", "4", "Earthworks", null, "", ""],
  ["7b8c9d0e-1f2a-4b3c-9d4e-5f6a7b8c9d0e", "4.1", "Pit excavation by excavator", 4.2, "m3", "EUR"],
  ["8c9d0e1f-2a3b-4c4d-8e5f-6a7b8c9d0e1f", "4.2", "Sand backfill with compaction", 9.8, "m3", "EUR"],
];

export const BROKEN_SHEET = "Broken catalog";

/**
 * A second catalog with the mistakes an estimator's sheet really has, so the check screen can be
 * tried at once: errors (a code given twice, a price that is not a number, a position without a
 * name, a currency that does not exist, a Guid cut short) and warnings that do not block (a price
 * typed as text, positions whose parent code is not in the sheet, an unclear Delete mark). No
 * Guids on new rows: the import writes them back.
 */
const BROKEN_ROWS: readonly (readonly (string | number | null)[])[] = [
  ["", "10", "Masonry works", null, "", "", ""],
  ["", "10.1", "Brick wall 250 mm, M100 mortar", 68.4, "m2", "EUR", ""],
  ["", "10.2", "Brick wall 120 mm, M100 mortar", "about 40", "m2", "EUR", ""],
  ["", "10.2", "Aerated concrete blocks D500, 300 mm", 54.9, "m2", "EUR", ""],
  ["", "10.3", "", 12.5, "m2", "EUR", ""],
  ["", "10.4", "Lintels, precast", "1 250.00", "pcs", "EUR", ""],
  ["", "10.5", "Masonry mesh 4 mm", 2.1, "m2", "EUE", ""],
  ["9c0d1e2f-3a4b-4c5d", "10.6", "Damp-proof course", 3.75, "m", "EUR", ""],
  ["", "11.3.1", "Parapet coping, steel", 41, "m", "EUR", ""],
  ["", "11.3.2", "Parapet flashing", 18.6, "m", "EUR", "maybe"],
];

/** Fills the broken catalog sheet, laid out like the demo catalog. */
export function loadBrokenCatalog(emulation: OfficeEmulation): void {
  const model = emulation.model;
  const sheet = model.getSheetByName(BROKEN_SHEET) ?? model.addSheet(BROKEN_SHEET);
  for (let r = 0; r <= BROKEN_ROWS.length; r += 1) {
    sheet.ensureCell(r, 0).numberFormat = "@";
    sheet.ensureCell(r, 1).numberFormat = "@";
    if (r > 0) sheet.ensureCell(r, 3).numberFormat = "#,##0.00";
  }
  DEMO_HEADERS.forEach((header, c) => {
    model.writeInput(sheet, 0, c, header);
    const cell = sheet.ensureCell(0, c);
    cell.bold = true;
    cell.fill = "#E7EEF0";
  });
  BROKEN_ROWS.forEach((row, i) => {
    row.forEach((value, c) => {
      if (value !== "") model.writeInput(sheet, i + 1, c, value);
    });
    if (row[3] === null) sheet.ensureCell(i + 1, 2).bold = true;
  });
  const widths = [150, 52, 300, 80, 52, 84, 64];
  widths.forEach((w, c) => sheet.columnWidths.set(c, w * 0.75));
  sheet.frozenRows = 1;
}

/** Fills the demo catalog sheet: text codes, headers in bold, prices with two decimals. */
export function loadDemoCatalog(emulation: OfficeEmulation): void {
  const model = emulation.model;
  const sheet = model.getSheetByName(DEMO_SHEET) ?? model.addSheet(DEMO_SHEET);
  const lastRow = DEMO_ROWS.length;
  for (let r = 0; r <= lastRow; r += 1) {
    sheet.ensureCell(r, 0).numberFormat = "@";
    sheet.ensureCell(r, 1).numberFormat = "@";
    if (r > 0) sheet.ensureCell(r, 3).numberFormat = "#,##0.00";
  }
  DEMO_HEADERS.forEach((header, c) => {
    model.writeInput(sheet, 0, c, header);
    const cell = sheet.ensureCell(0, c);
    cell.bold = true;
    cell.fill = "#E7EEF0";
  });
  DEMO_ROWS.forEach((row, i) => {
    row.forEach((value, c) => model.writeInput(sheet, i + 1, c, value));
    if (row[3] === null) sheet.ensureCell(i + 1, 2).bold = true;
  });
  // Pixels: a Guid shows its start (Excel clips long text at the next filled cell), the headers
  // "Currency" and "Delete" fit in bold, the name column takes the room.
  const widths = [150, 52, 300, 80, 52, 84, 64];
  widths.forEach((w, c) => sheet.columnWidths.set(c, w * 0.75));
  sheet.frozenRows = 1;
  model.activate(sheet);
  model.select(sheet, { r0: 1, c0: 1, r1: 1, c1: 1 });
}
