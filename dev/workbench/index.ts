/**
 * The workbench page: the add-in's real task pane, custom functions and ribbon commands running
 * beside an in-memory workbook, through the Office emulation. This chunk runs first and installs
 * the globals synchronously; the chunks functions, commands and taskpane load after it.
 */
import { parseAddress } from "../office-emulation/address";
import { createBrowserDialogOpener } from "../office-emulation/dialog-browser";
import { cellEditText } from "../office-emulation/format";
import type { FunctionsMetadata } from "../office-emulation/custom-functions";
import { installOfficeEmulation } from "../office-emulation/install";
import { localStorageBackend } from "../office-emulation/runtime-storage";
import { loadDemoCatalog } from "./demo";
import { GridView } from "./grid";
import { createTestApi } from "./test-api";

const FUNCTIONS_METADATA_URL = "functions.json";
const KB = 1024;
/** Rows of the sync log shown in the inspector. */
const INSPECTOR_SYNC_ROWS = 50;

const emulation = installOfficeEmulation(globalThis, {
  yieldToEventLoop: true,
  storage: localStorageBackend(window.localStorage),
  dialogOpener: createBrowserDialogOpener(document, "iframe"),
  sheets: {},
});
loadDemoCatalog(emulation);
const model = emulation.model;

function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`workbench.html lacks the element #${id}.`);
  return el as T;
}

const nameBox = byId<HTMLInputElement>("wb-namebox");
const formulaBox = byId<HTMLInputElement>("wb-formula");
const recalcButton = byId<HTMLButtonElement>("wb-recalc");
const actionsBar = byId<HTMLDivElement>("wb-actions");
const tabs = byId<HTMLDivElement>("wb-tabs");
const status = byId<HTMLDivElement>("wb-status");
const pane = byId<HTMLElement>("wb-pane");
const paneToggle = byId<HTMLButtonElement>("wb-pane-toggle");
const paneClose = byId<HTMLButtonElement>("wb-pane-close");
const inspector = byId<HTMLElement>("wb-inspector");
const inspectorToggle = byId<HTMLButtonElement>("wb-inspector-toggle");
let editing = false;

const grid = new GridView(byId("wb-sheet"), model, {
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

function refreshBoxes(): void {
  nameBox.value = grid.selectionAddress().split("!")[1] ?? "";
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
  grid.selectArea(parsed.area);
  grid.element.focus();
});

recalcButton.addEventListener("click", () => emulation.recalculate());

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

function renderActions(): void {
  const buttons = emulation.actions.names().map((name) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "wb-button";
    button.textContent = name;
    button.title = `Ribbon command "${name}" (Office.actions.associate)`;
    button.addEventListener("click", () => {
      button.disabled = true;
      emulation.actions
        .invoke(name)
        .catch((error: unknown) => {
          status.textContent = `Command ${name} failed: ${error instanceof Error ? error.message : String(error)}`;
        })
        .finally(() => {
          button.disabled = false;
        });
    });
    return button;
  });
  actionsBar.replaceChildren(...buttons);
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
    `OfficeRuntime.storage keys: ${emulation.storage.backend.keys().length}`,
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
}
paneToggle.addEventListener("click", () => emulation.addin.setVisible(true));
paneClose.addEventListener("click", () => emulation.addin.setVisible(false));
void (
  emulation.globals.Office.addin as unknown as {
    onVisibilityModeChanged(h: (a: { visibilityMode: string }) => void): Promise<unknown>;
  }
).onVisibilityModeChanged((args) => setPaneVisible(args.visibilityMode !== "Hidden"));

function refreshAll(): void {
  grid.scheduleRender();
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

window.__workbench = createTestApi(emulation, {
  selectArea: (sheetName, area) => {
    const sheet = model.getSheetByName(sheetName);
    if (!sheet) throw new Error(`The workbench has no sheet named "${sheetName}".`);
    if (sheet !== model.activeSheet) model.activate(sheet);
    grid.selectArea(area);
  },
});
