/**
 * Creating an emulation and installing it as the globals Office, Excel, OfficeExtension,
 * OfficeRuntime and CustomFunctions.
 *
 * Types: the Excel namespace is typed by ./surface.ts, the part of @types/office-js the add-in
 * uses, which every emulated class implements (tsc checks each member against Office's
 * declaration; test/workbench/surface.test.ts checks the surface covers what src/ uses). Add-in
 * code typed with Excel.RequestContext runs against it through `run`. Office, OfficeExtension,
 * OfficeRuntime and CustomFunctions are still cast to their @types namespaces here.
 */
import {
  type AutoFilterView,
  type ChartView,
  type ConditionalFormatView,
  type ConditionalStyle,
  autoFilterView,
  chartViews,
  conditionalFormatViews,
  conditionalStyleAt,
  hiddenRowNumbers,
} from "./sheet-objects";
import { parseAddress } from "./address";
// office.js's requirement-set check on the emulated classes (api-sets.ts), put on once.
import "./api-guard";
import { type WorkbookFile, openWorkbookFile, snapshotWorkbook } from "./document-file";
import { EmulatedOfficeError, ErrorCodes } from "./errors";
import { type CustomFunctionResultLimit, type HostKind, type HostProfile, hostProfile } from "./host";
import { type EmulatedExcelNamespace, createExcelNamespace } from "./excel";
import { cellText, displayLocale } from "./format";
import { type Cell, type CellValue, type SyncLogEntry, WorkbookModel } from "./model";
import {
  ActionRegistry,
  AddinVisibility,
  DEFAULT_REQUIREMENTS,
  DialogController,
  type DialogBlocking,
  type DialogOpener,
  DocumentAuthors,
  EmulatedRequirements,
  EmulatedSettings,
  OfficeAppearance,
  type OfficeThemeName,
  createOfficeNamespace,
} from "./office";
import {
  ClientObjectBase,
  EmulatedClientResult,
  EmulatedRequestContext,
  type ExcelEnvironment,
  type OversizeRequestError,
} from "./proxy";
import { EmulatedRuntimeStorage, type KeyValueBackend, memoryBackend } from "./runtime-storage";
import {
  CustomFunctionEngine,
  CustomFunctionRegistry,
  type FunctionsMetadata,
  createCustomFunctionsNamespace,
} from "./custom-functions";

export type SheetRows = ReadonlyArray<ReadonlyArray<CellValue | null>>;

export interface EmulationOptions {
  /** Sheets to create, in order, each filled from A1 (strings go through Excel's input rules). */
  sheets?: Record<string, SheetRows>;
  /** Name of the active sheet (default: the first). */
  activeSheet?: string;
  /** Requirement sets and their highest version; replaces the defaults when given. */
  requirements?: Record<string, string>;
  /**
   * Excel on the web (default) or a desktop Excel: the edges that differ by host follow it (the
   * custom-function result limit; dialog pop-up blocking; OfficeRuntime.storage's error when full;
   * the settingsChanged event). Also sets Office.context.platform unless `platform` is given.
   */
  host?: HostKind;
  /** Overrides the host's custom-function result limit (see host.ts). */
  customFunctionResultLimit?: CustomFunctionResultLimit;
  platform?: string;
  /** Largest request or response one sync may carry (default: the host's; Excel on the web: 5 MB). */
  payloadLimitBytes?: number;
  /**
   * The error a request over `payloadLimitBytes` gets (see proxy.ts, OversizeRequestError):
   * `RequestPayloadSizeLimitExceeded` (default, today's Excel on the web) or `GeneralException`
   * (a variation: older Excel on the web answered an oversize write with an internal error).
   */
  oversizeRequestError?: OversizeRequestError;
  /**
   * The regional format Excel displays numbers and dates in (Range.text, the grid) and reports in
   * Application.cultureInfo: "en-US" (default), "en-GB", "de-DE" or "ru-RU". Values, formulas,
   * number formats and typed input stay en-US, as the API gives them.
   */
  displayLocale?: string;
  /**
   * Excel's own decimal separator (File > Options > Advanced, "Decimal separator"), as
   * Application.decimalSeparator reports it (default: the display locale's). Excel shows numbers
   * with it only when "Use system separators" is off.
   */
  decimalSeparator?: string;
  /**
   * Excel's "Use system separators" (default on, as in Excel: Microsoft support, "Change the
   * character used to separate thousands or decimals"). On, numbers show with the display
   * locale's separators whatever `decimalSeparator` says, and Application.useSystemSeparators is
   * true; off, they show with `decimalSeparator`.
   */
  useSystemSeparators?: boolean;
  /** Let each sync wait for a macrotask (the browser repaints), as a round trip to Excel does. */
  yieldToEventLoop?: boolean;
  /**
   * A variation (default false): a full recalculation of the workbook skips custom-function cells
   * in an error state, as office-js issue 4502 reports (custom-functions.ts).
   */
  fullCalculationSkipsErrors?: boolean;
  /**
   * A variation (default false): a custom function running again keeps its cell's last result with
   * a busy mark (`cell.busy`) instead of #BUSY!, as current Excel does (custom-functions.ts).
   */
  busyKeepsOldValue?: boolean;
  /** Custom-function namespace from the manifest (default PLATFORM). */
  namespace?: string;
  functionsMetadata?: FunctionsMetadata;
  /** Where OfficeRuntime.storage keeps its items (default: a new in-memory Map). */
  storage?: KeyValueBackend;
  /** Settings already saved in the document. */
  documentSettings?: Record<string, unknown>;
  /** Largest document settings saveAsync takes (default 2 MB: an assumption, model.ts). */
  documentSettingsLimitBytes?: number;
  /**
   * Opens this workbook file (from `savedFile()`) instead of building one from `sheets`,
   * `activeSheet` and `documentSettings`.
   */
  file?: WorkbookFile;
  dialogOpener?: DialogOpener;
  /**
   * Office requires HTTPS dialog URLs (12005 at the start, 12003 on the way): true allows
   * http://localhost, for a page served over plain HTTP (the workbench opts in). Default false.
   */
  allowHttpLocalhostDialogs?: boolean;
  /**
   * Where the add-in is, for displayDialogAsync's domain check: a URL on another origin (not a
   * subdomain, not among `appDomains`) fails with 12004. Default: the page's own origin in a
   * browser; none in Node (no check).
   */
  addinOrigin?: string;
  /** The manifest's AppDomains, trusted for dialogs too. */
  appDomains?: readonly string[];
  /** A dialog window refused by the user or the browser (Excel on the web; see DialogBlocking). */
  dialogBlocking?: DialogBlocking;
  /**
   * Excel's AutoCorrect option "Include new rows and columns in table" (default on, as in Excel):
   * a value written just below or right of a table makes the table take its row or column in.
   */
  autoExpandTables?: boolean;
  /** Office.context.displayLanguage (default en-US). */
  displayLanguage?: string;
  /**
   * Office.context.document.url, where the workbook is (default https://localhost/Book1.xlsx). A
   * copy saved under another name is the same file at another URL: `reopen({ documentUrl })`.
   */
  documentUrl?: string;
  /** The Office theme the host starts with (default light). */
  officeTheme?: OfficeThemeName;
}

export interface EmulatedGlobals {
  Office: typeof Office;
  Excel: EmulatedExcelNamespace;
  OfficeExtension: typeof OfficeExtension;
  OfficeRuntime: typeof OfficeRuntime;
  CustomFunctions: typeof CustomFunctions;
}

export interface OfficeEmulation {
  /** The host the emulation stands for, with its limits. */
  host: HostProfile;
  model: WorkbookModel;
  storage: EmulatedRuntimeStorage;
  settings: EmulatedSettings;
  requirements: EmulatedRequirements;
  dialogs: DialogController;
  actions: ActionRegistry;
  addin: AddinVisibility;
  /** Display language and Office theme (setTheme raises OfficeThemeChanged). */
  appearance: OfficeAppearance;
  customFunctions: CustomFunctionRegistry;
  engine: CustomFunctionEngine;
  globals: EmulatedGlobals;
  /** Excel.run against this workbook. */
  run<T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T>;
  getSyncLog(): SyncLogEntry[];
  clearSyncLog(): void;
  sheetNames(): string[];
  /** Values as Range.values gives them ("" for empty). Address without sheet = whole used range. */
  values(sheet: string, address?: string): CellValue[][];
  /** Displayed text of each cell, as the grid shows it. */
  texts(sheet: string, address?: string): string[][];
  /** The stored record of one cell (formula, formats, error message...). */
  cell(sheet: string, address: string): Cell | undefined;
  /** The sheet's charts: type, title, source, series (names, categories, values from the cells), position. */
  charts(sheet: string): ChartView[];
  /** The sheet's conditional formats in priority order (first = priority 0). */
  conditionalFormats(sheet: string): ConditionalFormatView[];
  /** The format conditional formats give one cell (fill, font colour), or null when no rule applies. */
  conditionalStyle(sheet: string, address: string): ConditionalStyle | null;
  /** The sheet's AutoFilter: range and criteria by column index; null when there is none. */
  autoFilter(sheet: string): AutoFilterView | null;
  /** Hidden rows, 1-based (by an AutoFilter, an outline or Range.rowHidden). */
  hiddenRows(sheet: string): number[];
  /** Writes rows from the given top-left cell as typed input; creates the sheet if missing. */
  setCells(sheet: string, topLeft: string, rows: SheetRows): void;
  select(sheet: string, address: string): void;
  recalculate(): void;
  /** Resolves when every pending custom-function promise has settled and its result is written. */
  formulasSettled(): Promise<void>;
  /**
   * Document settings as saved into the open document by `settings.saveAsync` (parsed JSON). They
   * reach the file only when the workbook is saved (`saveWorkbook`).
   */
  documentSettings(): Record<string, unknown>;
  /** As if the user saved the workbook (Ctrl+S, or AutoSave): the file holds the workbook as it is. */
  saveWorkbook(): void;
  /** The file as last saved (as opened, if never saved): a copy, plain JSON. */
  savedFile(): WorkbookFile;
  /** Document settings in the file as last saved (parsed JSON). */
  fileSettings(): Record<string, unknown>;
  /**
   * As if Excel closed without saving and the file was opened again: a new emulation of the last
   * saved file (sheets, tables, names, document settings), with the same OfficeRuntime.storage
   * (it is kept on the computer) and the same options otherwise. The add-in's runtime starts anew:
   * its functions and actions must be registered again.
   */
  reopen(options?: EmulationOptions): OfficeEmulation;
  /**
   * Another author opening the same workbook (co-authoring), with the add-in's settings object of
   * their own (see DocumentAuthors in office.ts for the model of how saves combine).
   */
  coauthor(): Coauthor;
  /** As if the system's regional format changed (EmulationOptions.displayLocale). */
  setDisplayLocale(name: string): void;
}

export interface Coauthor {
  /** The other author's Office.context.document.settings. */
  settings: Office.Settings;
}

function requireSheet(
  model: WorkbookModel,
  name: string,
): ReturnType<WorkbookModel["getSheetByName"]> & object {
  const sheet = model.getSheetByName(name);
  if (!sheet) throw new Error(`The emulated workbook has no sheet named "${name}".`);
  return sheet;
}

export function createEmulatedExcel(options: EmulationOptions = {}): OfficeEmulation {
  const model = new WorkbookModel();
  const registry = new CustomFunctionRegistry(options.namespace);
  if (options.functionsMetadata) registry.metadata = options.functionsMetadata;
  model.autoExpandTables = options.autoExpandTables ?? true;
  if (options.documentSettingsLimitBytes !== undefined)
    model.settingsLimitBytes = options.documentSettingsLimitBytes;
  const host = hostProfile(options.host ?? "web", options.customFunctionResultLimit);
  const requirements = new EmulatedRequirements(options.requirements ?? DEFAULT_REQUIREMENTS);
  const engine = new CustomFunctionEngine(model, registry, host, () =>
    requirements.isSetSupported("CustomFunctionsRuntime", "1.4"),
  );
  model.formulaEngine = engine;
  engine.fullCalculationSkipsErrors = options.fullCalculationSkipsErrors ?? false;
  engine.busyKeepsOldValue = options.busyKeepsOldValue ?? false;
  if (options.file) {
    openWorkbookFile(model, options.file);
    engine.opened();
  } else {
    for (const [name, rows] of Object.entries(options.sheets ?? { Sheet1: [] }))
      model.addSheet(name, { rows });
    if (options.activeSheet) model.activeSheetId = requireSheet(model, options.activeSheet).id;
    for (const [key, value] of Object.entries(options.documentSettings ?? {})) {
      model.documentSettings.set(key, JSON.stringify(value));
    }
  }
  let saved: WorkbookFile = options.file ? structuredClone(options.file) : snapshotWorkbook(model);

  const culture = displayLocale(options.displayLocale);
  const useSystemSeparators = options.useSystemSeparators ?? true;
  // Excel's own separator shows only with "Use system separators" off.
  const shownSeparator = useSystemSeparators ? undefined : options.decimalSeparator;
  model.displayLocale = displayLocale(options.displayLocale, shownSeparator);
  const env: ExcelEnvironment = {
    model,
    payloadLimitBytes: options.payloadLimitBytes ?? host.payloadLimitBytes,
    oversizeRequestError: options.oversizeRequestError ?? ErrorCodes.requestPayloadSizeLimitExceeded,
    decimalSeparator: options.decimalSeparator ?? culture.decimal,
    useSystemSeparators,
    culture,
    yieldToEventLoop: options.yieldToEventLoop ?? false,
    host: host.kind,
    excelApi: (version) => requirements.isSetSupported("ExcelApi", version),
  };
  const storage = new EmulatedRuntimeStorage(
    options.storage ?? memoryBackend(),
    () => model.notifyChanged(),
    host.kind === "web",
  );
  const authors = new DocumentAuthors(model, host.kind === "web");
  const settings = new EmulatedSettings(authors);
  const pageOrigin = (globalThis as { location?: { origin?: string } }).location?.origin;
  const addinOrigin =
    options.addinOrigin ?? (pageOrigin !== undefined && /^https?:/.test(pageOrigin) ? pageOrigin : undefined);
  const dialogs = new DialogController(
    options.dialogOpener,
    options.allowHttpLocalhostDialogs ?? false,
    host.kind === "web",
    addinOrigin === undefined
      ? undefined
      : { origin: addinOrigin, ...(options.appDomains ? { appDomains: options.appDomains } : {}) },
  );
  dialogs.blocking = options.dialogBlocking ?? "none";
  const actions = new ActionRegistry();
  const addin = new AddinVisibility();
  const appearance = new OfficeAppearance(options.displayLanguage, options.officeTheme);

  const excelNamespace = createExcelNamespace(env);
  const globals: EmulatedGlobals = {
    Office: createOfficeNamespace({
      settings,
      requirements,
      dialogs,
      actions,
      addin,
      appearance,
      platform: options.platform ?? host.platform,
      ...(options.documentUrl !== undefined ? { documentUrl: options.documentUrl } : {}),
    }) as unknown as typeof Office,
    Excel: excelNamespace,
    OfficeExtension: {
      Error: EmulatedOfficeError,
      ErrorCodes: { ...ErrorCodes },
      ClientObject: ClientObjectBase,
      ClientRequestContext: EmulatedRequestContext,
      ClientResult: EmulatedClientResult,
      config: { extendedErrorLogging: false },
    } as unknown as typeof OfficeExtension,
    OfficeRuntime: { storage } as unknown as typeof OfficeRuntime,
    CustomFunctions: createCustomFunctionsNamespace(registry) as unknown as typeof CustomFunctions,
  };

  const resolveArea = (sheetName: string, address: string | undefined) => {
    const sheet = requireSheet(model, sheetName);
    if (address === undefined) {
      return { sheet, area: sheet.usedArea(true) ?? { r0: 0, c0: 0, r1: 0, c1: 0 } };
    }
    const parsed = parseAddress(address);
    if (!parsed) throw new Error(`"${address}" is not an address.`);
    return { sheet, area: parsed.area };
  };
  const matrix = <T>(
    sheetName: string,
    address: string | undefined,
    read: (cell: Cell | undefined, columnFormat: string | undefined) => T,
  ): T[][] => {
    const { sheet, area } = resolveArea(sheetName, address);
    const out: T[][] = [];
    for (let r = area.r0; r <= area.r1; r += 1) {
      const row: T[] = [];
      for (let c = area.c0; c <= area.c1; c += 1) {
        row.push(read(sheet.getCell(r, c), sheet.columnNumberFormats.get(c)));
      }
      out.push(row);
    }
    return out;
  };

  return {
    host,
    model,
    storage,
    settings,
    requirements,
    dialogs,
    appearance,
    actions,
    addin,
    customFunctions: registry,
    engine,
    globals,
    run: <T>(batch: (context: Excel.RequestContext) => Promise<T>) => globals.Excel.run(batch),
    getSyncLog: () => [...model.syncLog],
    clearSyncLog: () => void model.syncLog.splice(0),
    sheetNames: () => model.sheets.map((s) => s.name),
    values: (sheet, address) => matrix(sheet, address, (cell) => cell?.value ?? ""),
    texts: (sheet, address) =>
      matrix(sheet, address, (cell, columnFormat) => cellText(cell, columnFormat, model.displayLocale)),
    cell: (sheetName, address) => {
      const { sheet, area } = resolveArea(sheetName, address);
      return sheet.getCell(area.r0, area.c0);
    },
    charts: (sheetName) => chartViews(model, requireSheet(model, sheetName)),
    conditionalFormats: (sheetName) => conditionalFormatViews(requireSheet(model, sheetName)),
    conditionalStyle: (sheetName, address) => {
      const { sheet, area } = resolveArea(sheetName, address);
      return conditionalStyleAt(sheet, area.r0, area.c0) ?? null;
    },
    autoFilter: (sheetName) => autoFilterView(requireSheet(model, sheetName)),
    hiddenRows: (sheetName) => hiddenRowNumbers(requireSheet(model, sheetName)),
    setCells: (sheetName, topLeft, rows) => {
      const sheet = model.getSheetByName(sheetName) ?? model.addSheet(sheetName);
      const start = parseAddress(topLeft);
      if (!start) throw new Error(`"${topLeft}" is not an address.`);
      rows.forEach((row, i) =>
        row.forEach((value, j) => model.writeInput(sheet, start.area.r0 + i, start.area.c0 + j, value)),
      );
    },
    select: (sheetName, address) => {
      const { sheet, area } = resolveArea(sheetName, address);
      model.select(sheet, area);
    },
    recalculate: () => engine.recalculateAll(),
    formulasSettled: () => engine.settled(),
    documentSettings: () =>
      Object.fromEntries([...model.documentSettings].map(([k, v]) => [k, JSON.parse(v) as unknown])),
    saveWorkbook: () => {
      saved = snapshotWorkbook(model);
    },
    savedFile: () => structuredClone(saved),
    fileSettings: () =>
      Object.fromEntries(Object.entries(saved.settings).map(([k, v]) => [k, JSON.parse(v) as unknown])),
    reopen: (overrides) =>
      createEmulatedExcel({
        ...options,
        storage: storage.backend,
        ...overrides,
        file: structuredClone(saved),
      }),
    coauthor: () => ({ settings: new EmulatedSettings(authors) as unknown as Office.Settings }),
    setDisplayLocale: (name) => {
      env.culture = displayLocale(name);
      if (options.decimalSeparator === undefined) env.decimalSeparator = env.culture.decimal;
      model.displayLocale = displayLocale(name, shownSeparator);
      model.notifyChanged();
    },
  };
}

export interface InstalledOfficeEmulation extends OfficeEmulation {
  /** Puts back whatever the globals held before (for test isolation). */
  uninstall(): void;
  /** `reopen`, installed in place of this emulation (this one is uninstalled first). */
  reopen(options?: EmulationOptions): InstalledOfficeEmulation;
}

const GLOBAL_NAMES = ["Office", "Excel", "OfficeExtension", "OfficeRuntime", "CustomFunctions"] as const;

/** Creates an emulation and sets the five globals on `target`, synchronously. */
export function installOfficeEmulation(
  target: typeof globalThis,
  options: EmulationOptions = {},
): InstalledOfficeEmulation {
  const emulation = createEmulatedExcel(options);
  const slots = target as unknown as Record<string, unknown>;
  const previous = new Map<string, { had: boolean; value: unknown }>();
  for (const name of GLOBAL_NAMES) {
    previous.set(name, { had: name in slots, value: slots[name] });
    slots[name] = emulation.globals[name];
  }
  const uninstall = (): void => {
    for (const [name, was] of previous) {
      if (was.had) slots[name] = was.value;
      else delete slots[name];
    }
  };
  return {
    ...emulation,
    uninstall,
    reopen: (overrides) => {
      uninstall();
      return installOfficeEmulation(target, {
        ...options,
        storage: emulation.storage.backend,
        ...overrides,
        file: emulation.savedFile(),
      });
    },
  };
}
