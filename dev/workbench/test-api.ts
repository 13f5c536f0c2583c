/**
 * window.__workbench: what browser tests read and drive in the workbench page. Import the type
 * in a test with `import type { WorkbenchTestApi } from "../../dev/workbench/test-api"` and call
 * it through page.evaluate, e.g.
 *   await page.evaluate(() => window.__workbench.getValues("Catalog", "A1:G3"))
 * Dev-only: the workbench chunk never enters the production build.
 */
import type { Area } from "../office-emulation/address";
import { entityField } from "../office-emulation/cell-values";
import { MAX_COLUMNS, formatAddress, formatArea, parseAddress } from "../office-emulation/address";
import { cellText, cellValueType, type ValueType } from "../office-emulation/format";
import type { OfficeEmulation, SheetRows } from "../office-emulation/install";
import type { CellValue, SyncLogEntry } from "../office-emulation/model";
import { DIALOG_SHIM_SCRIPT } from "../office-emulation/dialog-browser";
import {
  type AutoFilterView,
  type ChartView,
  type ConditionalFormatView,
  autoFilterView,
  chartViews,
  conditionalFormatViews,
  conditionalStyleAt,
  hiddenRowNumbers,
} from "../office-emulation/sheet-objects";

export interface WorkbenchCellInfo {
  value: CellValue;
  text: string;
  valueType: ValueType;
  formula: string | null;
  errorMessage: string | null;
  numberFormat: string;
  bold: boolean;
  fontColor: string | null;
  fill: string | null;
  /** The fill and font colour conditional formats give the cell (null where no rule sets one). */
  conditionalFill: string | null;
  conditionalFontColor: string | null;
  /** Address of the formula cell whose array result fills this cell, if any. */
  spilledFrom: string | null;
  /** The number format a function's formatted value carries (null: none). */
  valueFormat: string | null;
  /** An entity value's fields by name, as `=cell.Field` reads them (null: no entity). */
  entityFields: Record<string, CellValue> | null;
}

export interface WorkbenchSheetInfo {
  name: string;
  position: number;
  visibility: string;
  active: boolean;
}

export interface WorkbenchTestApi {
  sheets(): WorkbenchSheetInfo[];
  /** Values as Range.values returns them ("" for empty); default address: the used range. */
  getValues(sheet: string, address?: string): CellValue[][];
  /** Displayed text (number formats applied). */
  getTexts(sheet: string, address?: string): string[][];
  /** Formulas where there are, else values, as Range.formulas returns them. */
  getFormulas(sheet: string, address?: string): CellValue[][];
  getCell(sheet: string, address: string): WorkbenchCellInfo;
  /** Types rows of values or formulas from the given top-left cell; creates the sheet if missing. */
  setCells(sheet: string, topLeft: string, rows: SheetRows): void;
  /** Activates the sheet and selects the range, as a click or drag in the grid does. */
  select(sheet: string, address: string): void;
  getSelection(): { sheet: string; address: string } | null;
  activate(sheet: string): void;
  /** Types into the formula box of the given cell and presses Enter. */
  enterFormula(sheet: string, address: string, input: string): void;
  /**
   * A test helper, not an Excel operation: reruns every formula. Excel's own calculations are
   * `calculate`: Calculate Now ("Recalculate") does not run non-volatile custom functions again
   * (office-js issue 1462); "Full" (Ctrl+Alt+F9) does.
   */
  recalculate(): void;
  /** As if the user asked Excel to calculate: F9 ("Recalculate"), Ctrl+Alt+F9 ("Full"), "FullRebuild". */
  calculate(type: "Recalculate" | "Full" | "FullRebuild"): void;
  /** "web" (Excel on the web, default) or "desktop": workbench.html?host=desktop. */
  host(): "web" | "desktop";
  /** Resolves when every pending custom-function promise has settled and its result is written. */
  formulasSettled(): Promise<void>;
  /** Cells currently showing #BUSY! (custom functions still running, or a result too large). */
  busyCells(): string[];
  /**
   * Cells whose custom-function result was too large to reach Excel on this host: they stay
   * #BUSY! for ever, with no error (office-js issues 2222, 2786, 6841; 4654).
   */
  undeliveredResults(): string[];
  /**
   * Document settings as saved in the open workbook (Office.context.document.settings.saveAsync).
   * They reach the file only when the workbook is saved (`saveWorkbook`).
   */
  documentSettings(): Record<string, unknown>;
  /** As if the user saved the workbook (Ctrl+S, the Save button, or AutoSave). */
  saveWorkbook(): void;
  /** Document settings in the file as last saved. */
  fileSettings(): Record<string, unknown>;
  /**
   * A second author with the workbook open (a model of co-authoring, see DocumentAuthors in
   * dev/office-emulation/office.ts): their add-in sets a setting and saves it (saveAsync).
   */
  coauthorSaveSetting(key: string, value: unknown): Promise<void>;
  /** The second author's add-in removes a setting and saves. */
  coauthorRemoveSetting(key: string): Promise<void>;
  /** The second author's add-in reads its copy of a setting (null when it has none). */
  coauthorSetting(key: string): unknown;
  /** The second author's add-in reads the document's settings again (refreshAsync). */
  coauthorRefresh(): Promise<void>;
  /** As if the system's regional format changed: displayed text and cultureInfo follow it. */
  setDisplayLocale(name: string): void;
  /**
   * What the browser and the user do with a dialog window in Excel on the web: "ignore-prompt"
   * (12009), "block-popups" (12011) or "none" (see DialogBlocking).
   */
  setDialogBlocking(mode: "none" | "ignore-prompt" | "block-popups"): void;
  /** As if other add-ins of the domain held this many bytes of OfficeRuntime.storage's 10 MB. */
  fillStorageAsOtherAddIns(bytes: number): void;
  /** Bytes of OfficeRuntime.storage's quota in use (the add-in's items and other add-ins'). */
  storageUsedBytes(): number;
  /** Merges the range (Range.merge; `across`: each row on its own). */
  mergeCells(sheet: string, address: string, across?: boolean): void;
  unmergeCells(sheet: string, address: string): void;
  /** The merged areas of a sheet, as addresses ("B2:D2"). */
  mergedAreas(sheet: string): string[];
  /** Creates a table over the range, as a user would (Insert > Table); returns its name. */
  addTable(sheet: string, address: string, hasHeaders: boolean): string;
  /** Every table: name, sheet and address (header row included). */
  tables(): Array<{ name: string; sheet: string; address: string }>;
  /**
   * The sheet's charts: name, type, title, source address, series (name, categories, values read
   * from the source cells), position in points, axis titles.
   */
  charts(sheet: string): ChartView[];
  /** The sheet's conditional formats, first = priority 0: range, type, rule, format (fill, fontColor). */
  conditionalFormats(sheet: string): ConditionalFormatView[];
  /** The sheet's AutoFilter: range and criteria by column index inside it; null when there is none. */
  autoFilter(sheet: string): AutoFilterView | null;
  /** Hidden rows, 1-based (filtered out, collapsed in an outline, or hidden by Range.rowHidden). */
  hiddenRows(sheet: string): number[];
  /** While a message is set, settings.saveAsync fails with it (null: saves work again). */
  refuseSettingsSaves(message: string | null): void;
  /** OfficeRuntime.storage, kept outside the workbook. */
  storageKeys(): string[];
  storageItems(): Record<string, string>;
  syncLog(): SyncLogEntry[];
  clearSyncLog(): void;
  outline(sheet: string): {
    rows: Record<number, number>;
    columns: Record<number, number>;
    hiddenRows: number[];
  };
  columnWidths(sheet: string): Record<number, number>;
  frozen(sheet: string): { rows: number; columns: number };
  /** The dialog opened by displayDialogAsync, if one is open. */
  dialog(): { url: string } | null;
  /** As if the dialog page called Office.context.ui.messageParent(message). */
  dialogMessageParent(message: string): void;
  /** As if the user closed the dialog with its X (DialogEventReceived 12006). */
  closeDialogByUser(): void;
  /** Ribbon actions registered with Office.actions.associate. */
  actions(): string[];
  invokeAction(name: string): Promise<void>;
  setRequirementSet(name: string, version: string | null): void;
  /** Script text standing in for office.js in a dialog page (see dialog-browser.ts). */
  dialogShimScript: string;
  /** As if the user picked another Office theme (raises OfficeThemeChanged). */
  setOfficeTheme(theme: "light" | "dark"): void;
  /** Width of the task pane in CSS pixels (Office lets the user drag it from 320 px). */
  setPaneWidth(px: number): void;
  /**
   * As if Excel closed without saving and the file was opened again: the page reloads, so the
   * add-in's runtime (pane, custom functions, timers, a job being followed) starts anew, and the
   * workbook is the file as last saved (`saveWorkbook`; the demo workbook if it never was): its
   * sheets and document settings. What the add-in saved with settings.saveAsync after the last
   * save is lost, as in Excel. OfficeRuntime.storage is kept, as on a computer.
   */
  reopenWorkbook(): void;
  /**
   * As if the user saved the workbook under another name (File > Save As) and opened that copy,
   * in a new window: the workbook is saved, then the page reloads (the add-in starts anew) with it
   * at `url` (Office.context.document.url), its sheets and document settings those of the file.
   * OfficeRuntime.storage is kept, as on a computer.
   */
  openCopyAs(url: string): void;
  /** Office.context.document.url: where the open workbook is. */
  documentUrl(): string;
}

function areaOf(emulation: OfficeEmulation, sheetName: string, address: string | undefined): Area {
  const sheet = emulation.model.getSheetByName(sheetName);
  if (!sheet) throw new Error(`The workbench has no sheet named "${sheetName}".`);
  if (address === undefined) return sheet.usedArea(true) ?? { r0: 0, c0: 0, r1: 0, c1: 0 };
  const parsed = parseAddress(address);
  if (!parsed) throw new Error(`"${address}" is not an address.`);
  return parsed.area;
}

export interface WorkbenchControls {
  selectArea(sheet: string, area: Area): void;
  setPaneWidth(px: number): void;
  reopenWorkbook(): void;
  openCopyAs(url: string): void;
}

export function createTestApi(emulation: OfficeEmulation, controls: WorkbenchControls): WorkbenchTestApi {
  const model = emulation.model;
  let secondAuthor: Office.Settings | undefined;
  const coauthor = (): Office.Settings => {
    secondAuthor ??= emulation.coauthor().settings;
    return secondAuthor;
  };
  const saved = (settings: Office.Settings): Promise<void> =>
    new Promise((resolve, reject) =>
      settings.saveAsync((result) =>
        result.status === emulation.globals.Office.AsyncResultStatus.Succeeded
          ? resolve()
          : reject(new Error(result.error.message)),
      ),
    );
  const sheetOf = (name: string) => {
    const sheet = model.getSheetByName(name);
    if (!sheet) throw new Error(`The workbench has no sheet named "${name}".`);
    return sheet;
  };
  return {
    sheets: () =>
      model.sheets.map((s, i) => ({
        name: s.name,
        position: i,
        visibility: s.visibility,
        active: s.id === model.activeSheet?.id,
      })),
    getValues: (sheet, address) => emulation.values(sheet, address ?? formatAddressLocal(emulation, sheet)),
    getTexts: (sheet, address) => emulation.texts(sheet, address ?? formatAddressLocal(emulation, sheet)),
    getFormulas: (sheetName, address) => {
      const sheet = sheetOf(sheetName);
      const area = areaOf(emulation, sheetName, address);
      const out: CellValue[][] = [];
      for (let r = area.r0; r <= area.r1; r += 1) {
        const row: CellValue[] = [];
        for (let c = area.c0; c <= area.c1; c += 1) {
          const cell = sheet.getCell(r, c);
          row.push(cell?.formula ?? cell?.value ?? "");
        }
        out.push(row);
      }
      return out;
    },
    getCell: (sheetName, address) => {
      const sheet = sheetOf(sheetName);
      const area = areaOf(emulation, sheetName, address);
      const cell = sheet.getCell(area.r0, area.c0);
      const owner = cell?.spillOwner;
      const conditional = conditionalStyleAt(sheet, area.r0, area.c0);
      return {
        value: cell?.value ?? "",
        text: cellText(cell, sheet.columnNumberFormats.get(area.c0), model.displayLocale),
        valueType: cellValueType(cell),
        formula: cell?.formula ?? null,
        errorMessage: cell?.errorMessage ?? null,
        numberFormat: sheet.numberFormatAt(area.r0, area.c0),
        bold: cell?.bold ?? false,
        fontColor: cell?.fontColor ?? null,
        fill: cell?.fill ?? null,
        conditionalFill: conditional?.fill ?? null,
        conditionalFontColor: conditional?.fontColor ?? null,
        valueFormat: cell?.valueFormat ?? null,
        entityFields: cell?.entity
          ? Object.fromEntries(
              Object.keys(cell.entity.properties ?? {}).map((k) => [k, entityField(cell.entity!, k) ?? ""]),
            )
          : null,
        spilledFrom:
          owner === undefined
            ? null
            : formatAddress(sheet.name, {
                r0: Math.floor(owner / MAX_COLUMNS),
                c0: owner % MAX_COLUMNS,
                r1: Math.floor(owner / MAX_COLUMNS),
                c1: owner % MAX_COLUMNS,
              }),
      };
    },
    setCells: (sheet, topLeft, rows) => emulation.setCells(sheet, topLeft, rows),
    select: (sheet, address) => controls.selectArea(sheet, areaOf(emulation, sheet, address)),
    getSelection: () => {
      const sel = model.currentSelection();
      return sel ? { sheet: sel.sheet.name, address: formatAddress(sel.sheet.name, sel.area) } : null;
    },
    activate: (sheet) => model.activate(sheetOf(sheet)),
    enterFormula: (sheetName, address, input) => {
      const sheet = sheetOf(sheetName);
      const area = areaOf(emulation, sheetName, address);
      controls.selectArea(sheetName, { r0: area.r0, c0: area.c0, r1: area.r0, c1: area.c0 });
      model.writeInput(sheet, area.r0, area.c0, input === "" ? null : input);
    },
    recalculate: () => emulation.recalculate(),
    calculate: (type) => emulation.engine.calculate(type),
    host: () => emulation.host.kind,
    formulasSettled: () => emulation.formulasSettled(),
    busyCells: () => {
      const out: string[] = [];
      for (const sheet of model.sheets) {
        for (const [key, cell] of sheet.cells) {
          if (cell.isError && cell.value === "#BUSY!") {
            const r = Math.floor(key / MAX_COLUMNS);
            const c = key % MAX_COLUMNS;
            out.push(formatAddress(sheet.name, { r0: r, c0: c, r1: r, c1: c }));
          }
        }
      }
      return out;
    },
    undeliveredResults: () =>
      emulation.engine
        .undeliveredResults()
        .map(({ sheet, row, col }) => formatAddress(sheet.name, { r0: row, c0: col, r1: row, c1: col })),
    documentSettings: () => emulation.documentSettings(),
    saveWorkbook: () => emulation.saveWorkbook(),
    fileSettings: () => emulation.fileSettings(),
    coauthorSaveSetting: (key, value) => {
      coauthor().set(key, value);
      return saved(coauthor());
    },
    coauthorRemoveSetting: (key) => {
      coauthor().remove(key);
      return saved(coauthor());
    },
    coauthorSetting: (key) => coauthor().get(key) as unknown,
    coauthorRefresh: () => new Promise((resolve) => coauthor().refreshAsync(() => resolve())),
    setDisplayLocale: (name) => emulation.setDisplayLocale(name),
    setDialogBlocking: (mode) => {
      emulation.dialogs.blocking = mode;
    },
    fillStorageAsOtherAddIns: (bytes) => emulation.storage.fillAsOtherAddIns(bytes),
    storageUsedBytes: () => emulation.storage.usedBytes(),
    mergeCells: (sheetName, address, across) =>
      model.merge(sheetOf(sheetName), areaOf(emulation, sheetName, address), across === true),
    unmergeCells: (sheetName, address) =>
      model.unmerge(sheetOf(sheetName), areaOf(emulation, sheetName, address)),
    charts: (sheetName) => chartViews(model, sheetOf(sheetName)),
    conditionalFormats: (sheetName) => conditionalFormatViews(sheetOf(sheetName)),
    autoFilter: (sheetName) => autoFilterView(sheetOf(sheetName)),
    hiddenRows: (sheetName) => hiddenRowNumbers(sheetOf(sheetName)),
    mergedAreas: (sheetName) => sheetOf(sheetName).mergedAreas.map((area) => formatArea(area)),
    addTable: (sheetName, address, hasHeaders) =>
      model.addTable(sheetOf(sheetName), areaOf(emulation, sheetName, address), hasHeaders).name,
    tables: () =>
      model.tables.map((t) => {
        const name = model.getSheetById(t.sheetId)?.name ?? "";
        return { name: t.name, sheet: name, address: formatArea(t.area) };
      }),
    refuseSettingsSaves: (message) => {
      model.settingsSaveRefusal = message;
    },
    storageKeys: () => Object.keys(emulation.storage.snapshot()),
    storageItems: () => emulation.storage.snapshot(),
    syncLog: () => emulation.getSyncLog(),
    clearSyncLog: () => emulation.clearSyncLog(),
    outline: (sheetName) => {
      const sheet = sheetOf(sheetName);
      return {
        rows: Object.fromEntries(sheet.rowOutline),
        columns: Object.fromEntries(sheet.columnOutline),
        hiddenRows: [...sheet.hiddenRows].sort((a, b) => a - b),
      };
    },
    columnWidths: (sheetName) => Object.fromEntries(sheetOf(sheetName).columnWidths),
    frozen: (sheetName) => {
      const sheet = sheetOf(sheetName);
      return { rows: sheet.frozenRows, columns: sheet.frozenColumns };
    },
    dialog: () => (emulation.dialogs.current ? { url: emulation.dialogs.current.url } : null),
    dialogMessageParent: (message) => emulation.dialogs.current?.messageParent(message),
    closeDialogByUser: () => emulation.dialogs.current?.closeByUser(),
    actions: () => emulation.actions.names(),
    invokeAction: (name) => emulation.actions.invoke(name),
    setRequirementSet: (name, version) => emulation.requirements.set(name, version ?? undefined),
    dialogShimScript: DIALOG_SHIM_SCRIPT,
    setOfficeTheme: (theme) => emulation.appearance.setTheme(theme),
    setPaneWidth: (px) => controls.setPaneWidth(px),
    reopenWorkbook: () => controls.reopenWorkbook(),
    openCopyAs: (url) => controls.openCopyAs(url),
    documentUrl: () => emulation.globals.Office.context.document.url,
  };
}

function formatAddressLocal(emulation: OfficeEmulation, sheetName: string): string {
  const sheet = emulation.model.getSheetByName(sheetName);
  const area = sheet?.usedArea(true) ?? { r0: 0, c0: 0, r1: 0, c1: 0 };
  return formatAddress(sheetName, area).split("!")[1] ?? "A1";
}

declare global {
  interface Window {
    __workbench: WorkbenchTestApi;
  }
}
