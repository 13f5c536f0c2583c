/**
 * What the grid draws over and into cells besides their own content: the fill and font colour of
 * conditional formats, the filter buttons on an AutoFilter's header row, and charts, each as a
 * simple SVG column chart (title, categories, one bar per series and category, negative bars below
 * the zero line) placed where the chart is on the sheet. A picture for a person, not Excel's
 * rendering: every chart type is drawn as columns, clustered, or stacked for a stacked type; in
 * each series' colour where one was set, with the legend where it is shown and the value axis's
 * numbers in its number format.
 */
import { conditionalStyleAt, resolveSeries, sheetObjects } from "../office-emulation/sheet-objects";
import type { SheetModel, WorkbookModel } from "../office-emulation/model";
import { formatNumber } from "../office-emulation/format";

const SVG = "http://www.w3.org/2000/svg";
/** Excel's default series colours (Office theme accents 1-6). */
const PALETTE = ["#4472C4", "#ED7D31", "#A5A5A5", "#FFC000", "#5B9BD5", "#70AD47"];

/** Conditional formats over the cell's own format, and the AutoFilter's button on its header row. */
export function decorateCell(div: HTMLDivElement, sheet: SheetModel, row: number, col: number): void {
  const style = conditionalStyleAt(sheet, row, col);
  if (style) {
    if (style.fill) div.style.background = style.fill;
    if (style.fontColor) div.style.color = style.fontColor;
    if (style.bold) div.style.fontWeight = "600";
    if (style.italic) div.style.fontStyle = "italic";
    div.dataset["conditional"] = "true";
  }
  const filter = sheetObjects(sheet).autoFilter;
  if (filter && row === filter.area.r0 && col >= filter.area.c0 && col <= filter.area.c1) {
    const button = document.createElement("span");
    const filtered = filter.criteria.has(col - filter.area.c0);
    button.className = "wb-filter-button" + (filtered ? " wb-filtered" : "");
    button.textContent = filtered ? "▼" : "▾";
    button.setAttribute("aria-label", filtered ? "Filtered column" : "Filter");
    button.style.cssText =
      "position:absolute;right:1px;top:1px;bottom:1px;width:14px;display:flex;align-items:center;" +
      "justify-content:center;font-size:10px;border:1px solid #8a8a8a;border-radius:2px;" +
      `background:${filtered ? "#DDEBF7" : "#F3F3F3"};color:#333;pointer-events:none`;
    div.style.paddingRight = "18px";
    div.append(button);
  }
}

function el<K extends keyof SVGElementTagNameMap>(
  name: K,
  attributes: Record<string, string | number>,
  text?: string,
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

function shortNumber(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e6) return `${(value / 1e6).toFixed(1)}M`;
  if (abs >= 1e4) return `${(value / 1e3).toFixed(0)}k`;
  return String(Math.round(value * 100) / 100);
}

/**
 * The sheet's charts as absolutely placed SVG elements. `toPx` turns the chart's points from the
 * sheet's corner into the grid canvas's pixels.
 */
export function drawCharts(
  model: WorkbookModel,
  sheet: SheetModel,
  toPx: (points: number) => number,
  origin: { x: number; y: number },
): SVGSVGElement[] {
  return sheetObjects(sheet).charts.map((chart) => {
    const width = Math.max(60, toPx(chart.width));
    const height = Math.max(60, toPx(chart.height));
    const svg = el("svg", { width, height, viewBox: `0 0 ${width} ${height}`, role: "img" });
    svg.classList.add("wb-chart");
    svg.setAttribute("aria-label", `${chart.name}: ${chart.title || chart.chartType}`);
    svg.dataset["chart"] = chart.name;
    svg.style.cssText =
      `position:absolute;left:${origin.x + toPx(chart.left)}px;top:${origin.y + toPx(chart.top)}px;` +
      "background:#fff;border:1px solid #bfbfbf;box-shadow:0 1px 3px rgba(0,0,0,.2);z-index:2;pointer-events:none";
    const series = chart.series.map((s, i) => resolveSeries(model, s, i));
    const colour = (k: number): string => series[k]?.fill ?? PALETTE[k % PALETTE.length] ?? "#4472C4";
    const stacked = /Stacked/.test(chart.chartType);
    const axisFormat = chart.valueAxis.numberFormat;
    const tickText = (value: number): string =>
      axisFormat && axisFormat !== "General"
        ? formatNumber(value, axisFormat, model.displayLocale)
        : shortNumber(value);
    const categories = series[0]?.categories ?? [];
    const numbers = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
    const top = chart.title && chart.titleVisible ? 30 : 12;
    const legend = chart.legend.visible && series.length > 0 ? 18 : 0;
    const labelWidth = Math.max(
      40,
      ...[Math.max(0, ...numbers), Math.min(0, ...numbers)].map((v) => tickText(v).length * 6 + 8),
    );
    const plot = { x: labelWidth, y: top, w: width - labelWidth - 12, h: height - top - 34 - legend };
    if (chart.title && chart.titleVisible)
      svg.append(
        el(
          "text",
          { x: width / 2, y: 20, "text-anchor": "middle", "font-size": 14, fill: "#404040" },
          chart.title,
        ),
      );
    const max = Math.max(0, ...numbers);
    const min = Math.min(0, ...numbers);
    const span = max - min || 1;
    const y = (v: number): number => plot.y + ((max - v) / span) * plot.h;
    for (const tick of [max, min, (max + min) / 2]) {
      svg.append(
        el("line", { x1: plot.x, x2: plot.x + plot.w, y1: y(tick), y2: y(tick), stroke: "#e6e6e6" }),
      );
      svg.append(
        el(
          "text",
          { x: plot.x - 4, y: y(tick) + 4, "text-anchor": "end", "font-size": 10, fill: "#595959" },
          tickText(tick),
        ),
      );
    }
    const slot = plot.w / Math.max(1, categories.length);
    const barWidth = (slot * 0.7) / (stacked ? 1 : Math.max(1, series.length));
    categories.forEach((category, i) => {
      series.forEach((s, k) => {
        const value = s.values[i];
        if (value === null || value === undefined) return;
        const x = plot.x + i * slot + slot * 0.15 + (stacked ? 0 : k * barWidth);
        const y0 = y(Math.max(0, value));
        const bar = el("rect", {
          x,
          y: y0,
          width: Math.max(1, barWidth - 1),
          height: Math.max(1, Math.abs(y(value) - y(0))),
          fill: colour(k),
        });
        bar.append(el("title", {}, `${s.name}, ${category}: ${value}`));
        svg.append(bar);
      });
      const label = category.length > 14 ? `${category.slice(0, 13)}…` : category;
      svg.append(
        el(
          "text",
          {
            x: plot.x + i * slot + slot / 2,
            y: plot.y + plot.h + 14,
            "text-anchor": "middle",
            "font-size": 10,
            fill: "#595959",
          },
          label,
        ),
      );
    });
    svg.append(el("line", { x1: plot.x, x2: plot.x + plot.w, y1: y(0), y2: y(0), stroke: "#8c8c8c" }));
    if (chart.valueAxis.titleVisible && chart.valueAxis.title)
      svg.append(
        el("text", { x: 10, y: plot.y + 8, "font-size": 10, fill: "#595959" }, chart.valueAxis.title),
      );
    series.forEach((s, k) => {
      if (legend === 0) return;
      const x = plot.x + k * 110;
      const ly = height - 10;
      svg.append(el("rect", { x, y: ly - 8, width: 8, height: 8, fill: colour(k) }));
      svg.append(el("text", { x: x + 12, y: ly, "font-size": 10, fill: "#404040" }, s.name));
    });
    return svg;
  });
}
