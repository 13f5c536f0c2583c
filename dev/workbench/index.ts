/**
 * The workbench page: the add-in's real task pane, custom functions and ribbon commands running
 * beside an in-memory workbook, through the Office emulation. This chunk runs first and installs
 * the globals synchronously; the chunks functions, commands and taskpane load after it.
 */
import { parseAddress } from "../office-emulation/address";
import { createBrowserDialogOpener } from "../office-emulation/dialog-browser";
import { cellEditText } from "../office-emulation/format";
import type { FunctionsMetadata } from "../office-emulation/custom-functions";
import type { WorkbookFile } from "../office-emulation/document-file";
import { installOfficeEmulation } from "../office-emulation/install";
import { DEFAULT_REQUIREMENTS } from "../office-emulation/office";
import { localStorageBackend } from "../office-emulation/runtime-storage";
import { CardView } from "./card";
import { loadBrokenCatalog, loadDemoCatalog } from "./demo";
import { GridView } from "./grid";
import { createTestApi } from "./test-api";

const FUNCTIONS_METADATA_URL = "functions.json";
const MANIFEST_URL = "manifest.xml";
const KB = 1024;
/** Rows of the sync log shown in the inspector. */
const INSPECTOR_SYNC_ROWS = 50;

/** ?theme=dark and ?displayLanguage=ru-RU open the workbench as Office in that theme and language. */
const query = new URLSearchParams(location.search);
/**
 * The workbook file as last saved, kept while `__workbench.reopenWorkbook()` reloads the page: the
 * add-in's runtime starts anew (as when Excel closes without saving and the file is opened again)
 * and finds what the file holds: the sheets and document settings of the last save.
 */
const REOPEN_KEY = "boq-workbench.reopen.file";
function fileKeptForReopen(): WorkbookFile | undefined {
  const kept = sessionStorage.getItem(REOPEN_KEY);
  sessionStorage.removeItem(REOPEN_KEY);
  if (kept === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(kept);
    return typeof parsed === "object" && parsed !== null && "sheets" in parsed
      ? (parsed as WorkbookFile)
      : undefined;
  } catch {
    return undefined;
  }
}
const keptFile = fileKeptForReopen();
/** Where the file kept for reopening is (`openCopyAs`: a copy at another address); null: the demo's. */
const REOPEN_URL_KEY = "boq-workbench.reopen.url";
const keptUrl = keptFile ? sessionStorage.getItem(REOPEN_URL_KEY) : null;
sessionStorage.removeItem(REOPEN_URL_KEY);
/**
 * ?host=desktop emulates desktop Excel instead of Excel on the web; ?locale=ru-RU shows numbers and
 * dates in that regional format; ?dialogs=block-popups (or ignore-prompt) refuses dialog windows
 * as a browser or a user would on the web.
 */
const dialogs = query.get("dialogs");
/**
 * ?dataTypes=on: Excel as Microsoft 365 is now, whose custom functions return data types
 * (CustomFunctionsRuntime 1.4, ExcelApi 1.19: formatted numbers and entity cards,
 * dev/office-emulation/cell-values); without it, the emulation's defaults (CustomFunctionsRuntime
 * 1.3, as perpetual Office), where a function's values are plain.
 */
const dataTypes = query.get("dataTypes") === "on";
/**
 * ?excelApi=1.10: an Excel of that ExcelApi version (default the newest, as Excel on the web is):
 * a member above it is refused with ApiNotFound (dev/office-emulation/api-sets.ts). The browser
 * suite runs at the manifests' minimum with WORKBENCH_EXCEL_API=1.10 (test/browser/harness.ts).
 */
const excelApi = query.get("excelApi");
/**
 * ?variations=fullCalculationSkipsErrors,busyKeepsOldValue: Excel as current versions behave
 * where it is looser than the emulation's default (dev/office-emulation/custom-functions.ts): a
 * full recalculation skips custom-function cells in an error state (office-js 4502), and a
 * function running again keeps the last result with a busy mark (4152, 6930).
 */
const variations = new Set((query.get("variations") ?? "").split(",").map((v) => v.trim()));
const emulation = installOfficeEmulation(globalThis, {
  fullCalculationSkipsErrors: variations.has("fullCalculationSkipsErrors"),
  busyKeepsOldValue: variations.has("busyKeepsOldValue"),
  ...(dataTypes || excelApi !== null
    ? {
        requirements: {
          ...DEFAULT_REQUIREMENTS,
          ...(dataTypes ? { ExcelApi: "1.19", CustomFunctionsRuntime: "1.4" } : {}),
          ...(excelApi !== null ? { ExcelApi: excelApi } : {}),
        },
      }
    : {}),
  ...(keptFile ? { file: keptFile } : { sheets: {} }),
  host: query.get("host") === "desktop" ? "desktop" : "web",
  displayLocale: query.get("locale") ?? "en-US",
  dialogBlocking: dialogs === "block-popups" || dialogs === "ignore-prompt" ? dialogs : "none",
  displayLanguage: query.get("displayLanguage") ?? "en-US",
  officeTheme: query.get("theme") === "dark" ? "dark" : "light",
  yieldToEventLoop: true,
  storage: localStorageBackend(window.localStorage),
  dialogOpener: createBrowserDialogOpener(document, "iframe"),
  // The workbench is served over plain HTTP on localhost, and its sign-in dialog with it: an
  // explicit opt-in (Office itself refuses HTTP dialogs: 12005, 12003).
  allowHttpLocalhostDialogs: location.protocol === "http:" && location.hostname === "localhost",
  ...(keptUrl !== null ? { documentUrl: keptUrl } : {}),
});
if (!keptFile) {
  loadDemoCatalog(emulation);
  loadBrokenCatalog(emulation);
  // The demo workbook is the file the workbench opens: closing without saving comes back to it.
  emulation.saveWorkbook();
}
const model = emulation.model;

function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`workbench.html lacks the element #${id}.`);
  return el as T;
}

const nameBox = byId<HTMLInputElement>("wb-namebox");
const formulaBox = byId<HTMLInputElement>("wb-formula");
const recalcButton = byId<HTMLButtonElement>("wb-recalc");
const saveButton = byId<HTMLButtonElement>("wb-save");
const actionsBar = byId<HTMLDivElement>("wb-actions");
const tabs = byId<HTMLDivElement>("wb-tabs");
const status = byId<HTMLDivElement>("wb-status");
const cellStatus = byId<HTMLDivElement>("wb-cell-status");
const pane = byId<HTMLElement>("wb-pane");
const paneToggle = byId<HTMLButtonElement>("wb-pane-toggle");
const paneClose = byId<HTMLButtonElement>("wb-pane-close");
const inspector = byId<HTMLElement>("wb-inspector");
const inspectorToggle = byId<HTMLButtonElement>("wb-inspector-toggle");
let editing = false;

const card = new CardView(byId("wb-sheet"));
const grid = new GridView(byId("wb-sheet"), model, {
  cardRequested: (position, near) => {
    const entity = model.activeSheet?.getCell(position.row, position.col)?.entity;
    if (entity) card.open(entity, near, model.displayLocale);
  },
  selectionChanged: () => refreshBoxes(),
  editRequested: (initial) => {
    editing = true;
    formulaBox.focus();
    if (initial !== undefined) formulaBox.value = initial;
    else formulaBox.select();
  },
});

function activeCellRecord() {
  const sheet = model.activeSheet;
  const { row, col } = grid.activeCell;
  return sheet?.getCell(row, col);
}

/** The selected cell's error and its message, as Excel shows them beside an error cell. */
function renderCellStatus(): void {
  const cell = activeCellRecord();
  const address = grid.selectionAddress().split("!")[1]?.split(":")[0] ?? "";
  cellStatus.textContent =
    // An entity reads as #VALUE! but is no error to the estimator: Excel shows its text.
    cell?.isError && !cell.entity && typeof cell.value === "string"
      ? `${address}: ${cell.value}${cell.errorMessage ? ` ${cell.errorMessage}` : ""}`
      : "";
}

function refreshBoxes(): void {
  // Not while the user types an address into it: a change the pane makes meanwhile (a setting
  // saved, a sheet written) would otherwise put the old address back before Enter.
  if (document.activeElement !== nameBox) nameBox.value = grid.selectionAddress().split("!")[1] ?? "";
  renderCellStatus();
  if (!editing) {
    // Shown so that Enter without a change leaves the cell as it is (a text code "1.10" shows
    // as '1.10 and stays text instead of becoming the number 1.1).
    formulaBox.value = cellEditText(
      activeCellRecord(),
      model.activeSheet?.columnNumberFormats.get(grid.activeCell.col),
    );
  }
}

function commitFormulaBox(): void {
  const sheet = model.activeSheet;
  if (!sheet) return;
  const { row, col } = grid.activeCell;
  const input = formulaBox.value;
  editing = false;
  model.writeInput(sheet, row, col, input === "" ? null : input);
}

formulaBox.addEventListener("focus", () => {
  editing = true;
});
formulaBox.addEventListener("blur", () => {
  editing = false;
});
formulaBox.addEventListener("keydown", (event) => {
  if (event.key === "Enter" || event.key === "Tab") {
    event.preventDefault();
    commitFormulaBox();
    const { row, col } = grid.activeCell;
    grid.select(event.key === "Enter" ? { row: row + 1, col } : { row, col: col + 1 });
    grid.element.focus();
  } else if (event.key === "Escape") {
    editing = false;
    refreshBoxes();
    grid.element.focus();
  }
});

nameBox.addEventListener("blur", () => refreshBoxes());
nameBox.addEventListener("keydown", (event) => {
  if (event.key !== "Enter") return;
  event.preventDefault();
  const parsed = parseAddress(nameBox.value);
  const sheet = parsed?.sheet ? model.getSheetByName(parsed.sheet) : model.activeSheet;
  if (!parsed || !sheet) {
    nameBox.setCustomValidity("Type a cell or range address, e.g. B2 or A1:G20.");
    nameBox.reportValidity();
    return;
  }
  nameBox.setCustomValidity("");
  if (sheet !== model.activeSheet) model.activate(sheet);
  grid.element.focus();
  grid.selectArea(parsed.area);
});

// Ctrl+Alt+F9 in Excel: every custom function runs again (Calculate Now would not, office-js 1462).
recalcButton.addEventListener("click", () => emulation.engine.calculate("Full"));

function saveWorkbook(): void {
  emulation.saveWorkbook();
  status.textContent = "Saved: the file now holds the sheets and document settings as they are.";
}
saveButton.addEventListener("click", saveWorkbook);
document.addEventListener("keydown", (event) => {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s") {
    event.preventDefault();
    saveWorkbook();
  }
});

function renderTabs(): void {
  const buttons = model.sheets
    .filter((s) => s.visibility === "Visible")
    .map((sheet) => {
      const tab = document.createElement("button");
      tab.type = "button";
      tab.className = "wb-tab";
      tab.setAttribute("role", "tab");
      tab.textContent = sheet.name;
      const active = sheet.id === model.activeSheet?.id;
      tab.setAttribute("aria-selected", String(active));
      if (sheet.tabColor) tab.style.borderBottomColor = sheet.tabColor;
      tab.addEventListener("click", () => {
        model.activate(sheet);
        grid.element.scrollTo(0, 0);
        refreshBoxes();
      });
      return tab;
    });
  const add = document.createElement("button");
  add.type = "button";
  add.className = "wb-tab wb-tab-add";
  add.title = "New sheet";
  add.setAttribute("aria-label", "New sheet");
  add.textContent = "+";
  add.addEventListener("click", () => {
    const sheet = model.addSheet();
    model.activate(sheet);
  });
  tabs.replaceChildren(...buttons, add);
}

/** Labels of the ribbon: the group and each button by its action (manifest.xml, default strings). */
interface RibbonLabels {
  group: string;
  buttons: Map<string, { label: string; tooltip: string }>;
}
let ribbon: RibbonLabels = { group: "", buttons: new Map() };

/** Reads the Home tab group of manifest.xml: its label and each ExecuteFunction button's label. */
async function loadRibbonLabels(): Promise<void> {
  try {
    const response = await fetch(MANIFEST_URL);
    if (!response.ok) return;
    const xml = new DOMParser().parseFromString(await response.text(), "application/xml");
    const strings = new Map<string, string>();
    for (const el of Array.from(xml.getElementsByTagName("bt:String"))) {
      strings.set(el.getAttribute("id") ?? "", el.getAttribute("DefaultValue") ?? "");
    }
    const text = (el: Element | null | undefined) => strings.get(el?.getAttribute("resid") ?? "") ?? "";
    const group = xml.getElementsByTagName("Group")[0];
    const buttons = new Map<string, { label: string; tooltip: string }>();
    for (const control of Array.from(xml.getElementsByTagName("Control"))) {
      const fn = control.getElementsByTagName("FunctionName")[0]?.textContent?.trim();
      if (!fn) continue;
      buttons.set(fn, {
        label: text(control.getElementsByTagName("Label")[0]),
        tooltip: text(control.getElementsByTagName("Description")[0]),
      });
    }
    ribbon = { group: text(group?.getElementsByTagName("Label")[0]), buttons };
    renderActions();
  } catch {
    // Without the manifest the buttons keep their action names.
  }
}

function renderActions(): void {
  const buttons = emulation.actions.names().map((name) => {
    const labels = ribbon.buttons.get(name);
    const label = labels?.label || name;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "wb-button";
    button.textContent = label;
    button.title = labels?.tooltip || `Ribbon command "${name}" (Office.actions.associate)`;
    button.addEventListener("click", () => {
      button.disabled = true;
      button.setAttribute("aria-busy", "true");
      button.textContent = `${label}…`;
      status.textContent = `${label}: running…`;
      emulation.actions
        .invoke(name)
        .then(() => emulation.formulasSettled())
        .then(
          () => {
            status.textContent = `${label}: done.`;
          },
          (error: unknown) => {
            status.textContent = `${label} failed: ${error instanceof Error ? error.message : String(error)}`;
          },
        )
        .finally(() => {
          button.disabled = false;
          button.removeAttribute("aria-busy");
          button.textContent = label;
        });
    });
    return button;
  });
  const groupLabel = document.createElement("span");
  groupLabel.className = "wb-group-label";
  groupLabel.textContent = ribbon.group;
  actionsBar.setAttribute("aria-label", ribbon.group ? `Home tab: ${ribbon.group}` : "Ribbon commands");
  actionsBar.replaceChildren(...buttons, ...(ribbon.group ? [groupLabel] : []));
}

function renderStatus(): void {
  const log = model.syncLog;
  const last = log[log.length - 1];
  const busy = model.sheets.reduce(
    (n, s) => n + [...s.cells.values()].filter((c) => c.isError && c.value === "#BUSY!").length,
    0,
  );
  const parts = [
    `Syncs: ${log.length}`,
    last
      ? `last: ${last.operations} ops, request ${(last.requestBytes / KB).toFixed(1)} KB, response ${(last.responseBytes / KB).toFixed(1)} KB${last.error ? `, ${last.error}` : ""}`
      : "",
    `document settings: ${model.documentSettings.size}`,
    `OfficeRuntime.storage keys: ${Object.keys(emulation.storage.snapshot()).length}`,
    busy > 0 ? `${busy} cell(s) #BUSY!` : "",
  ];
  status.textContent = parts.filter((p) => p !== "").join(" · ");
}

function kilobytes(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

/**
 * Sync sizes, the settings saved in the workbook, and the storage keys kept outside it. Storage
 * values are shown by length only: they hold tokens, which must not end up in screenshots.
 */
function renderInspector(): void {
  if (inspector.hidden) return;
  const rows = model.syncLog
    .slice(-INSPECTOR_SYNC_ROWS)
    .reverse()
    .map((entry) => {
      const tr = document.createElement("tr");
      const cells = [
        String(entry.index),
        String(entry.operations),
        String(entry.writes),
        String(entry.loads),
        kilobytes(entry.requestBytes),
        kilobytes(entry.responseBytes),
        entry.error ?? "",
      ];
      for (const text of cells) {
        const td = document.createElement("td");
        td.textContent = text;
        tr.append(td);
      }
      return tr;
    });
  byId("wb-synclog").replaceChildren(...rows);
  byId("wb-settings").textContent = JSON.stringify(emulation.documentSettings(), null, 2);
  const items = emulation.storage.snapshot();
  byId("wb-storage").replaceChildren(
    ...Object.entries(items).map(([key, value]) => {
      const li = document.createElement("li");
      li.textContent = `${key} (${value.length} characters)`;
      return li;
    }),
  );
}

inspectorToggle.addEventListener("click", () => {
  inspector.hidden = !inspector.hidden;
  inspectorToggle.setAttribute("aria-expanded", String(!inspector.hidden));
  renderInspector();
});

function setPaneVisible(visible: boolean): void {
  pane.hidden = !visible;
  paneToggle.hidden = visible;
  grid.scheduleRender();
}
paneToggle.addEventListener("click", () => emulation.addin.setVisible(true));
paneClose.addEventListener("click", () => emulation.addin.setVisible(false));
void (
  emulation.globals.Office.addin as unknown as {
    onVisibilityModeChanged(h: (a: { visibilityMode: string }) => void): Promise<unknown>;
  }
).onVisibilityModeChanged((args) => setPaneVisible(args.visibilityMode !== "Hidden"));

const outlineBar = byId<HTMLElement>("wb-outline");
let outlineShown = "";

/** Excel's outline buttons 1..n of the active sheet's row outline: n shows levels below n. */
function renderOutlineButtons(): void {
  const sheet = model.activeSheet;
  const depth = sheet ? Math.max(0, ...sheet.rowOutline.values()) : 0;
  const key = `${sheet?.id ?? ""}:${depth}`;
  if (key === outlineShown) return;
  outlineShown = key;
  const buttons = Array.from({ length: depth > 0 ? depth + 1 : 0 }, (_, i) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "wb-button";
    button.textContent = String(i + 1);
    button.setAttribute("aria-label", `Show outline level ${i + 1}`);
    button.title = `Show rows down to outline level ${i + 1}`;
    button.addEventListener("click", () => {
      if (model.activeSheet) model.showOutlineLevels(model.activeSheet, i + 1, 0);
    });
    return button;
  });
  outlineBar.replaceChildren(...buttons);
}

function refreshAll(): void {
  grid.scheduleRender();
  renderOutlineButtons();
  renderTabs();
  refreshBoxes();
  renderStatus();
  renderInspector();
}

model.onChange(refreshAll);
emulation.actions.onChange(renderActions);
refreshAll();

/** functions.json gives the names Excel shows (=PLATFORM.NAME) and parameter types. */
async function loadFunctionsMetadata(): Promise<void> {
  try {
    const response = await fetch(FUNCTIONS_METADATA_URL);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body: unknown = await response.json();
    if (
      typeof body === "object" &&
      body !== null &&
      Array.isArray((body as { functions?: unknown }).functions)
    ) {
      emulation.customFunctions.setMetadata(body as FunctionsMetadata);
    }
  } catch (error) {
    status.textContent = `functions.json could not be read (${error instanceof Error ? error.message : String(error)}); formulas use function ids.`;
  }
}
void loadFunctionsMetadata();
void loadRibbonLabels();

// --- keyboard between the regions, as in Excel -------------------------------------------------
// F6 (Shift+F6 back) moves between the ribbon, the grid and the task pane; Tab inside the task
// pane goes round its controls and does not fall out into the page.
const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusablesIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.offsetParent !== null || el === document.activeElement,
  );
}

function regions(): { name: string; contains(el: Element | null): boolean; focus(): void }[] {
  const list = [
    {
      name: "ribbon",
      contains: (el: Element | null) => Boolean(el && byId("wb-toolbar").contains(el)),
      focus: () => (actionsBar.querySelector<HTMLElement>("button") ?? nameBox).focus(),
    },
    {
      name: "grid",
      contains: (el: Element | null) => Boolean(el && byId("wb-sheet").contains(el)),
      focus: () => grid.element.focus(),
    },
  ];
  if (!pane.hidden) {
    list.push({
      name: "pane",
      contains: (el: Element | null) => Boolean(el && pane.contains(el)),
      focus: () => {
        const app = byId("app");
        (focusablesIn(app)[0] ?? paneClose).focus();
      },
    });
  }
  return list;
}

document.addEventListener(
  "keydown",
  (event) => {
    if (event.key === "F6") {
      event.preventDefault();
      const list = regions();
      const current = list.findIndex((r) => r.contains(document.activeElement));
      const step = event.shiftKey ? -1 : 1;
      const next = list[(current + step + list.length) % list.length] ?? list[0];
      next?.focus();
      return;
    }
    if (event.key === "Tab" && !pane.hidden && pane.contains(document.activeElement)) {
      const items = focusablesIn(pane);
      const first = items[0];
      const last = items[items.length - 1];
      if (!event.shiftKey && document.activeElement === last && first) {
        event.preventDefault();
        first.focus();
      } else if (event.shiftKey && document.activeElement === first && last) {
        event.preventDefault();
        last.focus();
      }
    }
  },
  true,
);

/** Reloads the page with the file as last saved, at `url`. */
function reopenAt(url: string): void {
  sessionStorage.setItem(REOPEN_KEY, JSON.stringify(emulation.savedFile()));
  sessionStorage.setItem(REOPEN_URL_KEY, url);
  location.reload();
}

window.__workbench = createTestApi(emulation, {
  reopenWorkbook: () => reopenAt(emulation.globals.Office.context.document.url),
  openCopyAs: (url) => {
    emulation.saveWorkbook();
    reopenAt(url);
  },
  setPaneWidth: (px) => {
    pane.style.width = `${px}px`;
    grid.scheduleRender();
  },
  selectArea: (sheetName, area) => {
    const sheet = model.getSheetByName(sheetName);
    if (!sheet) throw new Error(`The workbench has no sheet named "${sheetName}".`);
    if (sheet !== model.activeSheet) model.activate(sheet);
    grid.selectArea(area);
  },
});
