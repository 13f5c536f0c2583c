/**
 * A chart's legend (Chart.legend: visible, position; ExcelApi 1.1), kept on the chart recorded in
 * sheet-objects.ts and drawn by the workbench; a series' fill colour and an axis's number format
 * are in chart-parts.ts. A protected sheet refuses each change.
 */
import { ErrorCodes, officeError } from "./errors";
import { ChartPart } from "./chart-parts";
import type { ChartLegendSurface } from "./surface";

/** Excel.ChartLegendPosition. */
const LEGEND_POSITIONS = new Set(["Invalid", "Top", "Bottom", "Left", "Right", "Corner", "Custom"]);

export class EmulatedChartLegend extends ChartPart implements ChartLegendSurface {
  protected readonly _entity = "ChartLegend";
  protected readonly _scalars = ["visible", "position"] as const;

  protected _read(name: string): unknown {
    const legend = this.chart._chart().legend;
    return name === "visible" ? legend.visible : name === "position" ? legend.position : undefined;
  }

  get visible(): boolean {
    return this._get("visible");
  }
  set visible(value: boolean) {
    this._queueSet("visible", value, () => {
      this.refuseIfProtected("ChartLegend.visible");
      this.chart._chart().legend.visible = Boolean(value);
      this.notify();
    });
  }
  get position(): ChartLegendSurface["position"] {
    return this._get("position");
  }
  set position(value: ChartLegendSurface["position"]) {
    this._queueSet("position", value, () => {
      if (!LEGEND_POSITIONS.has(String(value)))
        throw officeError(ErrorCodes.invalidArgument, "ChartLegend.position", "position");
      this.refuseIfProtected("ChartLegend.position");
      this.chart._chart().legend.position = String(value);
      this.notify();
    });
  }
}
