/**
 * The grid of the active sheet: column letters, row numbers, virtualized cells (only the rows and
 * columns in view are in the DOM, so sheets of many thousand rows scroll smoothly), the selection
 * (click, shift-click, drag, keyboard) and outline/frozen-pane marks.
 */
import { columnToLetters, formatAddress, MAX_COLUMNS, MAX_ROWS } from "../office-emulation/address";
import { cellText, cellValueType } from "../office-emulation/format";
import type { Area } from "../office-emulation/address";
import type { SheetModel, WorkbookModel } from "../office-emulation/model";
import { decorateCell, drawCharts } from "./grid-objects";

const HEADER_HEIGHT_PX = 22;
const ROW_HEADER_WIDTH_PX = 48;
const POINTS_TO_PX = 4 / 3;
/** Rows and columns shown beyond the used range, so there is room to type. */
const EXTRA_ROWS = 100;
const EXTRA_COLUMNS = 6;
const MIN_ROWS = 200;
const MIN_COLUMNS = 26;
const OVERSCAN = 4;
const OUTLINE_BAR_PX = 4;
/** Excel indents by about the width of one character per level. */
const INDENT_PX = 9;
/** Colours of Excel's default table style (TableStyleMedium2). */
const TABLE_HEADER_FILL = "#4472C4";
const TABLE_BAND_FILL = "#D9E1F2";

/** Room an entity's icon takes before its text. */
const ENTITY_ICON_PX = 22;

export interface CellPosition {
  row: number;
  col: number;
}

interface Axis {
  count: number;
  /** offsets[i] = start of index i in px; offsets[count] = total size. */
  offsets: Float64Array;
}

function buildAxis(count: number, size: (i: number) => number): Axis {
  const offsets = new Float64Array(count + 1);
  for (let i = 0; i < count; i += 1) offsets[i + 1] = (offsets[i] ?? 0) + size(i);
  return { count, offsets };
}

/** First index whose span contains position px (binary search on the offsets). */
function indexAt(axis: Axis, px: number): number {
  let lo = 0;
  let hi = axis.count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((axis.offsets[mid] ?? 0) <= px) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}

function start(axis: Axis, i: number): number {
  return axis.offsets[Math.min(i, axis.count)] ?? 0;
}

export interface GridCallbacks {
  /** The selection changed (click, keys): refresh the name box and formula box. */
  selectionChanged(): void;
  /** The user wants to type into the active cell (a key was pressed, or a double click). */
  editRequested(initialText?: string): void;
  /** The user opened the card of an entity value (its icon, or Ctrl+Shift+F5 on the cell). */
  cardRequested(position: CellPosition, near: DOMRect): void;
}

export class GridView {
  readonly element: HTMLDivElement;
  private readonly canvas: HTMLDivElement;
  private anchor: CellPosition = { row: 0, col: 0 };
  private rows: Axis = buildAxis(0, () => 0);
  private columns: Axis = buildAxis(0, () => 0);
  private renderQueued = false;
  private dragging = false;
  private renderedSheetId = "";

  constructor(
    container: HTMLElement,
    private readonly model: WorkbookModel,
    private readonly callbacks: GridCallbacks,
  ) {
    this.element = document.createElement("div");
    this.element.className = "wb-grid";
    this.element.setAttribute("role", "grid");
    this.element.setAttribute("aria-label", "Worksheet");
    this.element.tabIndex = 0;
    this.canvas = document.createElement("div");
    this.canvas.className = "wb-canvas";
    this.element.append(this.canvas);
    container.prepend(this.element);
    this.element.addEventListener("scroll", () => this.scheduleRender());
    window.addEventListener("resize", () => this.scheduleRender());
    // The grid's own size changes without a window resize (the task pane closes or opens): draw
    // the columns that came into view at once, not at the next scroll.
    if (typeof ResizeObserver !== "undefined")
      new ResizeObserver(() => this.scheduleRender()).observe(this.element);
    this.element.addEventListener("mousedown", (e) => this.onMouseDown(e));
    window.addEventListener("mousemove", (e) => this.onMouseMove(e));
    window.addEventListener("mouseup", () => {
      this.dragging = false;
    });
    this.element.addEventListener("dblclick", () => this.callbacks.editRequested());
    this.element.addEventListener("keydown", (e) => this.onKeyDown(e));
    this.element.addEventListener("paste", (e) => this.onPaste(e));
    this.element.addEventListener("copy", (e) => this.onCopy(e));
  }

  /** Pastes tab-separated text (what Excel and other spreadsheets put on the clipboard). */
  private onPaste(event: ClipboardEvent): void {
    const text = event.clipboardData?.getData("text/plain");
    const sheet = this.sheet;
    if (!text || !sheet) return;
    event.preventDefault();
    const rows = text
      .replace(/\r\n?/g, "\n")
      .replace(/\n$/, "")
      .split("\n")
      .map((line) => line.split("\t"));
    const { row, col } = this.activeCell;
    this.model.batch(() =>
      rows.forEach((values, i) =>
        values.forEach((value, j) => {
          if (row + i < MAX_ROWS && col + j < MAX_COLUMNS)
            this.model.writeInput(sheet, row + i, col + j, value === "" ? null : value);
        }),
      ),
    );
    const width = Math.max(...rows.map((r) => r.length));
    this.select({ row, col }, { row: row + rows.length - 1, col: col + width - 1 });
  }

  /** Copies the selection as tab-separated displayed text. */
  private onCopy(event: ClipboardEvent): void {
    const sel = this.model.currentSelection();
    if (!sel || !event.clipboardData) return;
    event.preventDefault();
    const area = sel.area;
    const used = sel.sheet.usedArea(true);
    const r1 = Math.min(area.r1, used?.r1 ?? area.r0);
    const c1 = Math.min(area.c1, used?.c1 ?? area.c0);
    const lines: string[] = [];
    for (let r = area.r0; r <= r1; r += 1) {
      const cells: string[] = [];
      for (let c = area.c0; c <= c1; c += 1)
        cells.push(
          cellText(sel.sheet.getCell(r, c), sel.sheet.columnNumberFormats.get(c), this.model.displayLocale),
        );
      lines.push(cells.join("\t"));
    }
    event.clipboardData.setData("text/plain", lines.join("\n"));
  }

  get sheet(): SheetModel | undefined {
    return this.model.activeSheet;
  }

  get activeCell(): CellPosition {
    const sel = this.model.currentSelection();
    const a = this.anchor;
    if (sel && a.row >= sel.area.r0 && a.row <= sel.area.r1 && a.col >= sel.area.c0 && a.col <= sel.area.c1)
      return a;
    return sel ? { row: sel.area.r0, col: sel.area.c0 } : { row: 0, col: 0 };
  }

  selectionAddress(): string {
    const sel = this.model.currentSelection();
    return sel ? formatAddress(sel.sheet.name, sel.area) : "";
  }

  /** Selects from the anchor to `focus` (a single cell when focus is omitted). */
  select(anchor: CellPosition, focus: CellPosition = anchor): void {
    const sheet = this.sheet;
    if (!sheet) return;
    this.anchor = anchor;
    const area: Area = {
      r0: Math.min(anchor.row, focus.row),
      c0: Math.min(anchor.col, focus.col),
      r1: Math.max(anchor.row, focus.row),
      c1: Math.max(anchor.col, focus.col),
    };
    this.model.select(sheet, area);
    this.scrollIntoView(focus);
    this.callbacks.selectionChanged();
  }

  /** Selects an area given by the name box or the test API, keeping its top-left as active cell. */
  selectArea(area: Area): void {
    const sheet = this.sheet;
    if (!sheet) return;
    this.anchor = { row: area.r0, col: area.c0 };
    this.model.select(sheet, area);
    this.callbacks.selectionChanged();
  }

  scheduleRender(): void {
    if (this.renderQueued) return;
    this.renderQueued = true;
    requestAnimationFrame(() => {
      this.renderQueued = false;
      this.render();
    });
  }

  private layout(sheet: SheetModel): void {
    const used = sheet.usedArea(false);
    const rowCount = Math.min(MAX_ROWS, Math.max(MIN_ROWS, (used?.r1 ?? 0) + EXTRA_ROWS));
    const colCount = Math.min(MAX_COLUMNS, Math.max(MIN_COLUMNS, (used?.c1 ?? 0) + EXTRA_COLUMNS));
    this.rows = buildAxis(rowCount, (r) =>
      sheet.hiddenRows.has(r) ? 0 : (sheet.rowHeights.get(r) ?? 15) * POINTS_TO_PX,
    );
    this.columns = buildAxis(colCount, (c) =>
      sheet.hiddenColumns.has(c) ? 0 : sheet.columnWidth(c) * POINTS_TO_PX,
    );
  }

  private scrollIntoView(pos: CellPosition): void {
    const top = start(this.rows, pos.row);
    const bottom = start(this.rows, pos.row + 1);
    const left = start(this.columns, pos.col);
    const right = start(this.columns, pos.col + 1);
    const el = this.element;
    const viewH = el.clientHeight - HEADER_HEIGHT_PX;
    const viewW = el.clientWidth - ROW_HEADER_WIDTH_PX;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (bottom > el.scrollTop + viewH) el.scrollTop = bottom - viewH;
    if (left < el.scrollLeft) el.scrollLeft = left;
    else if (right > el.scrollLeft + viewW) el.scrollLeft = right - viewW;
  }

  render(): void {
    const sheet = this.sheet;
    this.canvas.replaceChildren();
    if (!sheet) return;
    if (sheet.id !== this.renderedSheetId) {
      // Another sheet: start at its top-left, as Excel shows a sheet first activated.
      this.renderedSheetId = sheet.id;
      this.element.scrollTo(0, 0);
    }
    this.layout(sheet);
    const el = this.element;
    const totalW = start(this.columns, this.columns.count) + ROW_HEADER_WIDTH_PX;
    const totalH = start(this.rows, this.rows.count) + HEADER_HEIGHT_PX;
    this.canvas.style.width = `${totalW}px`;
    this.canvas.style.height = `${totalH}px`;
    const scrollTop = el.scrollTop;
    const scrollLeft = el.scrollLeft;
    const firstRow = Math.max(0, indexAt(this.rows, scrollTop) - OVERSCAN);
    const lastRow = Math.min(this.rows.count - 1, indexAt(this.rows, scrollTop + el.clientHeight) + OVERSCAN);
    const firstCol = Math.max(0, indexAt(this.columns, scrollLeft) - 1);
    const lastCol = Math.min(this.columns.count - 1, indexAt(this.columns, scrollLeft + el.clientWidth) + 1);
    const fragment = document.createDocumentFragment();
    const selection = this.model.currentSelection();
    const area = selection?.area;

    for (let r = firstRow; r <= lastRow; r += 1) {
      if (sheet.hiddenRows.has(r)) continue;
      const rowEl = document.createElement("div");
      rowEl.className = "wb-row";
      rowEl.setAttribute("role", "row");
      rowEl.setAttribute("aria-rowindex", String(r + 1));
      const y = start(this.rows, r) + HEADER_HEIGHT_PX;
      const h = start(this.rows, r + 1) - start(this.rows, r);
      for (let c = firstCol; c <= lastCol; c += 1) {
        if (sheet.hiddenColumns.has(c)) continue;
        rowEl.append(this.renderCell(sheet, r, c, y, h, lastCol));
      }
      const header = document.createElement("div");
      const level = sheet.rowOutline.get(r) ?? 0;
      header.className = "wb-rowhead" + (area && r >= area.r0 && r <= area.r1 ? " wb-head-active" : "");
      header.setAttribute("role", "rowheader");
      header.textContent = String(r + 1);
      header.style.cssText = `top:${y}px;left:${scrollLeft}px;height:${h}px;width:${ROW_HEADER_WIDTH_PX}px`;
      if (level > 0) {
        header.style.boxShadow = `inset ${level * OUTLINE_BAR_PX}px 0 0 #9fb8c0`;
        header.title = `Outline level ${level}`;
      }
      rowEl.append(header);
      fragment.append(rowEl);
    }

    const headRow = document.createElement("div");
    headRow.className = "wb-row wb-headrow";
    headRow.setAttribute("role", "row");
    for (let c = firstCol; c <= lastCol; c += 1) {
      if (sheet.hiddenColumns.has(c)) continue;
      const head = document.createElement("div");
      const level = sheet.columnOutline.get(c) ?? 0;
      head.className = "wb-colhead" + (area && c >= area.c0 && c <= area.c1 ? " wb-head-active" : "");
      head.setAttribute("role", "columnheader");
      head.textContent = columnToLetters(c);
      const x = start(this.columns, c) + ROW_HEADER_WIDTH_PX;
      head.style.cssText = `left:${x}px;top:${scrollTop}px;width:${start(this.columns, c + 1) - start(this.columns, c)}px;height:${HEADER_HEIGHT_PX}px`;
      if (level > 0) head.style.boxShadow = `inset 0 ${level * OUTLINE_BAR_PX}px 0 #9fb8c0`;
      headRow.append(head);
    }
    const corner = document.createElement("div");
    corner.className = "wb-corner";
    corner.style.cssText = `left:${scrollLeft}px;top:${scrollTop}px;width:${ROW_HEADER_WIDTH_PX}px;height:${HEADER_HEIGHT_PX}px`;
    headRow.append(corner);
    fragment.append(headRow);

    if (sheet.frozenRows > 0) {
      const line = document.createElement("div");
      line.className = "wb-frozen-h";
      line.style.cssText = `top:${start(this.rows, sheet.frozenRows) + HEADER_HEIGHT_PX - 1}px;left:0;width:${totalW}px`;
      fragment.append(line);
    }
    if (sheet.frozenColumns > 0) {
      const line = document.createElement("div");
      line.className = "wb-frozen-v";
      line.style.cssText = `left:${start(this.columns, sheet.frozenColumns) + ROW_HEADER_WIDTH_PX - 1}px;top:0;height:${totalH}px`;
      fragment.append(line);
    }
    if (area) {
      const box = document.createElement("div");
      box.className = "wb-selection";
      const x0 = start(this.columns, area.c0) + ROW_HEADER_WIDTH_PX;
      const y0 = start(this.rows, area.r0) + HEADER_HEIGHT_PX;
      const x1 = start(this.columns, Math.min(area.c1 + 1, this.columns.count)) + ROW_HEADER_WIDTH_PX;
      const y1 = start(this.rows, Math.min(area.r1 + 1, this.rows.count)) + HEADER_HEIGHT_PX;
      box.style.cssText = `left:${x0}px;top:${y0}px;width:${x1 - x0}px;height:${y1 - y0}px`;
      fragment.append(box);
    }
    const origin = { x: ROW_HEADER_WIDTH_PX, y: HEADER_HEIGHT_PX };
    fragment.append(...drawCharts(this.model, sheet, (points) => points * POINTS_TO_PX, origin));
    this.canvas.append(fragment);
  }

  private renderCell(
    sheet: SheetModel,
    r: number,
    c: number,
    y: number,
    h: number,
    lastCol: number,
  ): HTMLDivElement {
    const cell = sheet.getCell(r, c);
    const div = document.createElement("div");
    div.className = "wb-cell";
    div.setAttribute("role", "gridcell");
    div.dataset["row"] = String(r);
    div.dataset["col"] = String(c);
    const x = start(this.columns, c) + ROW_HEADER_WIDTH_PX;
    const w = start(this.columns, c + 1) - start(this.columns, c);
    const text = cellText(cell, sheet.columnNumberFormats.get(c), this.model.displayLocale);
    // An entity reads as #VALUE! (Range.valueTypes "Error") but shows as its text, with the icon
    // that opens its card (./card.ts).
    const type = cell?.entity ? "String" : cellValueType(cell);
    if (cell?.entity) {
      div.classList.add("wb-entity");
      const icon = document.createElement("span");
      icon.className = "wb-entity-icon";
      icon.setAttribute("role", "button");
      icon.setAttribute("aria-label", `Show card: ${text}`);
      icon.textContent = "▤";
      div.append(icon);
    }
    if (text !== "") {
      // Text runs on over empty neighbours, as in Excel: a span wider than the cell, above the
      // neighbours but transparent to clicks, so they stay selectable.
      let overflowWidth = w;
      if (type === "String" && !cell?.wrapText && (cell?.horizontalAlignment ?? "General") === "General") {
        let next = c + 1;
        while (next <= lastCol && !sheet.hasContent(r, next)) {
          overflowWidth += start(this.columns, next + 1) - start(this.columns, next);
          next += 1;
        }
      }
      if (overflowWidth > w) {
        const span = document.createElement("span");
        span.className = "wb-overflow";
        span.textContent = text;
        span.style.width = `${overflowWidth}px`;
        if (cell?.indentLevel) span.style.paddingLeft = `${4 + cell.indentLevel * INDENT_PX}px`;
        if (cell?.entity) span.style.paddingLeft = `${ENTITY_ICON_PX}px`;
        div.append(span);
        div.classList.add("wb-runs-on");
        div.setAttribute("aria-label", text);
      } else {
        div.append(text);
      }
    }
    div.style.cssText = `left:${x}px;top:${y}px;width:${w}px;height:${h}px`;
    if (type === "Double") div.classList.add("wb-num");
    if (type === "Boolean" || type === "Error") div.classList.add("wb-center");
    if (type === "Error") {
      div.classList.add("wb-error");
      div.title = cell?.errorMessage ? `${text}: ${cell.errorMessage}` : text;
    } else if (cell?.formula) {
      div.title = cell.formula;
    }
    if (cell?.spillOwner !== undefined || cell?.spill) div.classList.add("wb-spill");
    // The last result kept while the function runs again (busyKeepsOldValue): Excel's busy mark.
    if (cell?.busy) {
      div.classList.add("wb-busy");
      div.title = `${div.title ? `${div.title}\n` : ""}Calculating…`;
    }
    const table = this.model.tables.find(
      (t) => t.sheetId === sheet.id && r >= t.area.r0 && r <= t.area.r1 && c >= t.area.c0 && c <= t.area.c1,
    );
    if (table && r === table.area.r0) {
      div.style.background = TABLE_HEADER_FILL;
      div.style.color = "#fff";
      div.style.fontWeight = "600";
      div.title = `${table.name}[${text}]`;
    } else if (table && table.showBandedRows && (r - table.area.r0) % 2 === 1) {
      div.style.background = TABLE_BAND_FILL;
    }
    if (cell?.bold) div.style.fontWeight = "600";
    if (cell?.italic) div.style.fontStyle = "italic";
    if (cell?.fontColor) div.style.color = cell.fontColor;
    if (cell?.fill) div.style.background = cell.fill;
    const align = cell?.horizontalAlignment;
    if (align === "Center") div.style.textAlign = "center";
    else if (align === "Right") div.style.textAlign = "right";
    else if (align === "Left") div.style.textAlign = "left";
    if (cell?.wrapText) div.classList.add("wb-wrap");
    if (cell?.indentLevel) div.style.paddingLeft = `${4 + cell.indentLevel * INDENT_PX}px`;
    if (cell?.fontSize) div.style.fontSize = `${cell.fontSize * POINTS_TO_PX}px`;
    decorateCell(div, sheet, r, c);
    return div;
  }

  /** The cell (or header) under a mouse event; row -1 = column header, col -1 = row header. */
  private hit(event: MouseEvent): CellPosition {
    const rect = this.element.getBoundingClientRect();
    const xView = event.clientX - rect.left;
    const yView = event.clientY - rect.top;
    const row =
      yView < HEADER_HEIGHT_PX ? -1 : indexAt(this.rows, yView - HEADER_HEIGHT_PX + this.element.scrollTop);
    const col =
      xView < ROW_HEADER_WIDTH_PX
        ? -1
        : indexAt(this.columns, xView - ROW_HEADER_WIDTH_PX + this.element.scrollLeft);
    return { row, col };
  }

  private onMouseDown(event: MouseEvent): void {
    if (event.button !== 0) return;
    const rect = this.element.getBoundingClientRect();
    // Clicks on the scroll bars are not selections.
    if (
      event.clientX - rect.left > this.element.clientWidth ||
      event.clientY - rect.top > this.element.clientHeight
    ) {
      return;
    }
    const pos = this.hit(event);
    this.element.focus();
    event.preventDefault();
    const icon = event.target instanceof Element ? event.target.closest(".wb-entity-icon") : null;
    if (icon && pos.row >= 0 && pos.col >= 0) {
      this.select(pos);
      this.callbacks.cardRequested(pos, icon.getBoundingClientRect());
      return;
    }
    if (pos.row === -1 && pos.col === -1) {
      this.selectArea({ r0: 0, c0: 0, r1: MAX_ROWS - 1, c1: MAX_COLUMNS - 1 });
      return;
    }
    if (pos.row === -1) {
      this.selectArea({ r0: 0, c0: pos.col, r1: MAX_ROWS - 1, c1: pos.col });
      return;
    }
    if (pos.col === -1) {
      this.selectArea({ r0: pos.row, c0: 0, r1: pos.row, c1: MAX_COLUMNS - 1 });
      return;
    }
    if (event.shiftKey) this.select(this.activeCell, pos);
    else this.select(pos);
    this.dragging = true;
  }

  private onMouseMove(event: MouseEvent): void {
    if (!this.dragging) return;
    const pos = this.hit(event);
    this.select(this.anchor, { row: Math.max(0, pos.row), col: Math.max(0, pos.col) });
  }

  private onKeyDown(event: KeyboardEvent): void {
    const sel = this.model.currentSelection();
    if (!sel) return;
    const active = this.activeCell;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
      Enter: [1, 0],
      Tab: [0, 1],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      const [dr, dc] = event.key === "Tab" && event.shiftKey ? [0, -1] : move;
      if (event.shiftKey && event.key.startsWith("Arrow")) {
        const focus = {
          row: active.row === sel.area.r0 ? sel.area.r1 : sel.area.r0,
          col: active.col === sel.area.c0 ? sel.area.c1 : sel.area.c0,
        };
        this.select(active, {
          row: Math.min(MAX_ROWS - 1, Math.max(0, focus.row + dr)),
          col: Math.min(MAX_COLUMNS - 1, Math.max(0, focus.col + dc)),
        });
      } else {
        this.select({
          row: Math.min(MAX_ROWS - 1, Math.max(0, active.row + dr)),
          col: Math.min(MAX_COLUMNS - 1, Math.max(0, active.col + dc)),
        });
      }
      return;
    }
    if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      this.model.clearArea(sel.sheet, sel.area, "Contents");
      this.callbacks.selectionChanged();
      return;
    }
    if (event.key === "F5" && event.ctrlKey && event.shiftKey) {
      event.preventDefault();
      const cell = this.element.querySelector(`.wb-cell[data-row="${active.row}"][data-col="${active.col}"]`);
      if (sel.sheet.getCell(active.row, active.col)?.entity && cell)
        this.callbacks.cardRequested(active, cell.getBoundingClientRect());
      return;
    }
    if (event.key === "F2") {
      event.preventDefault();
      this.callbacks.editRequested();
      return;
    }
    if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      this.callbacks.editRequested(event.key);
    }
  }
}
