/**
 * The workbook file: what the open workbook was when it was last saved. Tests and the workbench
 * save the workbook, close it without saving and open it again, and see what Excel would: the
 * sheets and document settings of the last save (Office.Settings.saveAsync: "the changes to the
 * document file itself are saved only when the user (or AutoRecover setting) saves the document").
 * Excel on the web and files with AutoSave on save by themselves every few seconds: a test models
 * that by saving the workbook; the emulation never saves on its own.
 *
 * A file is plain JSON (the workbench keeps it in sessionStorage across a page reload).
 */
import type { ProtectionOptions } from "./protection";
import type { Area } from "./address";
import { type Cell, type SheetVisibility, type WorkbookModel, cellKey, keyToCell } from "./model";

export interface SheetFile {
  name: string;
  visibility: SheetVisibility;
  tabColor: string;
  /** [row, column, cell] of every stored cell, with its last value (formulas keep their result). */
  cells: Array<[number, number, Cell]>;
  columnWidths: Array<[number, number]>;
  rowHeights: Array<[number, number]>;
  columnNumberFormats: Array<[number, string]>;
  hiddenRows: number[];
  hiddenColumns: number[];
  rowOutline: Array<[number, number]>;
  columnOutline: Array<[number, number]>;
  frozenRows: number;
  frozenColumns: number;
  isProtected: boolean;
  /** The boxes protect(options) checked (absent in files saved before they were kept). */
  protectionOptions?: ProtectionOptions;
  mergedAreas: Area[];
}

export interface WorkbookFile {
  sheets: SheetFile[];
  activeSheet: string;
  tables: Array<{ name: string; sheet: string; area: Area; style: string; showBandedRows: boolean }>;
  names: Array<{ name: string; sheet: string; area: Area | null; comment: string }>;
  /** Office.context.document.settings as saved: key → JSON text. */
  settings: Record<string, string>;
}

/** The open workbook as a file (a deep copy: later changes do not reach it). */
export function snapshotWorkbook(model: WorkbookModel): WorkbookFile {
  const sheetName = (id: string): string => model.getSheetById(id)?.name ?? "";
  return {
    sheets: model.sheets.map((sheet) => ({
      name: sheet.name,
      visibility: sheet.visibility,
      tabColor: sheet.tabColor,
      cells: [...sheet.cells].map(([key, cell]) => {
        const { row, col } = keyToCell(key);
        return [row, col, copyCell(cell)];
      }),
      columnWidths: [...sheet.columnWidths],
      rowHeights: [...sheet.rowHeights],
      columnNumberFormats: [...sheet.columnNumberFormats],
      hiddenRows: [...sheet.hiddenRows],
      hiddenColumns: [...sheet.hiddenColumns],
      rowOutline: [...sheet.rowOutline],
      columnOutline: [...sheet.columnOutline],
      frozenRows: sheet.frozenRows,
      frozenColumns: sheet.frozenColumns,
      isProtected: sheet.isProtected,
      protectionOptions: { ...sheet.protectionOptions },
      mergedAreas: sheet.mergedAreas.map((a) => ({ ...a })),
    })),
    activeSheet: model.activeSheet?.name ?? "",
    tables: model.tables.map((t) => ({
      name: t.name,
      sheet: sheetName(t.sheetId),
      area: { ...t.area },
      style: t.style,
      showBandedRows: t.showBandedRows,
    })),
    names: model.names.map((n) => ({
      name: n.name,
      sheet: sheetName(n.sheetId),
      area: n.area ? { ...n.area } : null,
      comment: n.comment,
    })),
    settings: Object.fromEntries(model.documentSettings),
  };
}

function copyCell(cell: Cell): Cell {
  const copy: Cell = { ...cell };
  if (cell.spill) copy.spill = { ...cell.spill };
  return copy;
}

/**
 * Fills an empty model from a file, cells as stored (values included; the formula engines are told
 * afterwards, see CustomFunctionEngine.opened).
 */
export function openWorkbookFile(model: WorkbookModel, file: WorkbookFile): void {
  for (const sheetFile of file.sheets) {
    const sheet = model.addSheet(sheetFile.name, { visibility: sheetFile.visibility });
    sheet.tabColor = sheetFile.tabColor;
    for (const [row, col, cell] of sheetFile.cells) sheet.cells.set(cellKey(row, col), copyCell(cell));
    for (const [c, w] of sheetFile.columnWidths) sheet.columnWidths.set(c, w);
    for (const [r, h] of sheetFile.rowHeights) sheet.rowHeights.set(r, h);
    for (const [c, f] of sheetFile.columnNumberFormats) sheet.columnNumberFormats.set(c, f);
    for (const r of sheetFile.hiddenRows) sheet.hiddenRows.add(r);
    for (const c of sheetFile.hiddenColumns) sheet.hiddenColumns.add(c);
    for (const [r, l] of sheetFile.rowOutline) sheet.rowOutline.set(r, l);
    for (const [c, l] of sheetFile.columnOutline) sheet.columnOutline.set(c, l);
    sheet.frozenRows = sheetFile.frozenRows;
    sheet.frozenColumns = sheetFile.frozenColumns;
    sheet.isProtected = sheetFile.isProtected;
    sheet.protectionOptions = { ...sheetFile.protectionOptions };
    sheet.mergedAreas.push(...sheetFile.mergedAreas.map((a) => ({ ...a })));
  }
  const active = model.getSheetByName(file.activeSheet);
  if (active) model.activeSheetId = active.id;
  for (const table of file.tables) {
    const sheet = model.getSheetByName(table.sheet);
    if (sheet) model.restoreTable(sheet, table);
  }
  for (const name of file.names) {
    const sheet = model.getSheetByName(name.sheet);
    if (sheet)
      model.names.push({ name: name.name, sheetId: sheet.id, area: name.area, comment: name.comment });
  }
  for (const [key, json] of Object.entries(file.settings)) model.documentSettings.set(key, json);
}
