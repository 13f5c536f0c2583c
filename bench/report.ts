/**
 * The figures of a bench run, the table printed for a reader and the JSON written to
 * bench/results/latest.json. A figure is either measured (value, unit, optional budget and
 * floor) or not measured, with the reason; nothing is ever filled in for a subject that does not
 * exist yet. A figure measured in several runs has the median as its value, with the minimum,
 * the maximum and every run beside it; one with a budget whose spread (max − min) is wider than
 * its distance to the budget is marked unsteady: one more run could move it across.
 */
import { cpus, totalmem } from "os";

export type Unit = "ms" | "bytes" | "ratio" | "count" | "MB";

export interface Budget {
  /** The figure must be at most this. */
  max: number;
  unit: Unit;
}

export interface Floor {
  /** What the floor is, e.g. "JSON.stringify + JSON.parse of the body". */
  label: string;
  value: number;
  unit: Unit;
}

export interface MeasuredFigure {
  id: string;
  section: string;
  label: string;
  value: number;
  unit: Unit;
  budget?: Budget;
  /** True when there is no budget or it is met; false when it is not. */
  ok: boolean;
  /** Of a figure measured in several runs: `value` is their median, kept here too. */
  median?: number;
  min?: number;
  max?: number;
  /** How many runs the figure was measured in. */
  runs?: number;
  /** The value of each run, in the order run. */
  runValues?: number[];
  /**
   * Of a figure with a budget and runs: its spread (max − min) is wider than its distance to the
   * budget (|budget − median|), so the verdict could go either way on another run.
   */
  unsteady?: boolean;
  floor?: Floor;
  /** How to read the figure, or what dominates it when a budget is missed. */
  note?: string;
  details?: Record<string, number | string | boolean | null | readonly (string | number)[]>;
}

export interface NotMeasuredFigure {
  id: string;
  section: string;
  label: string;
  notMeasured: string;
  budget?: Budget;
  ok: null;
}

export type Figure = MeasuredFigure | NotMeasuredFigure;

/** The median of the values (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("The median of no values.");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export interface Spread {
  value: number;
  median: number;
  min: number;
  max: number;
  runs: number;
  runValues: number[];
}

/** A figure's value from its runs: the median, with the minimum, the maximum and every run. */
export function fromRuns(values: readonly number[]): Spread {
  const m = median(values);
  return {
    value: m,
    median: m,
    min: Math.min(...values),
    max: Math.max(...values),
    runs: values.length,
    runValues: [...values],
  };
}

/** Whether a spread is wider than the median's distance to the budget (see MeasuredFigure.unsteady). */
export function isUnsteady(spread: { median: number; min: number; max: number }, budget: number): boolean {
  return spread.max - spread.min > Math.abs(budget - spread.median);
}

export function measured(figure: Omit<MeasuredFigure, "ok"> & { ok?: boolean }): MeasuredFigure {
  const ok = figure.budget === undefined ? true : figure.value <= figure.budget.max;
  const { median: m, min, max, budget } = figure;
  if (budget !== undefined && m !== undefined && min !== undefined && max !== undefined) {
    return { ...figure, ok, unsteady: isUnsteady({ median: m, min, max }, budget.max) };
  }
  return { ...figure, ok };
}

export function notMeasured(
  id: string,
  section: string,
  label: string,
  reason: string,
  budget?: Budget,
): NotMeasuredFigure {
  return { id, section, label, notMeasured: reason, ok: null, ...(budget ? { budget } : {}) };
}

export interface Machine {
  cpuModel: string;
  cores: number;
  memoryBytes: number;
  node: string;
  platform: string;
  /** Load average over one minute when the run started: the machine is shared. */
  loadAverageAtStart: number;
}

export function describeMachine(loadAverage: number): Machine {
  const list = cpus();
  return {
    cpuModel: list[0]?.model.trim() ?? "unknown",
    cores: list.length,
    memoryBytes: totalmem(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverageAtStart: Math.round(loadAverage * 100) / 100,
  };
}

export interface Report {
  mode: "full" | "quick";
  startedAt: string;
  durationMs: number;
  /** CPU time of the bench's own Node process (user + system); Chromium's is not counted. */
  cpuMs: number;
  machine: Machine;
  /**
   * The commit measured (`git rev-parse HEAD`), with `dirty` when files tracked by git differed from
   * it (bench/results/ aside); null outside a git clone.
   */
  code: { commit: string; dirty: boolean } | null;
  /** Budgets not met, by figure id. Informative: the command exits 0 whatever they say. */
  failures: string[];
  /** Figures with a budget whose spread over their runs is wider than their distance to it. */
  unsteady: string[];
  notMeasured: string[];
  figures: Figure[];
}

// --- printing ------------------------------------------------------------------------------

export function formatValue(value: number, unit: Unit): string {
  switch (unit) {
    case "ms":
      return value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`;
    case "bytes":
      if (value >= 1024 * 1024) return `${(value / 1024 / 1024).toFixed(2)} MB`;
      if (value >= 1024) return `${(value / 1024).toFixed(1)} KB`;
      return `${value} B`;
    case "MB":
      return `${value.toFixed(1)} MB`;
    case "ratio":
      return `×${value.toFixed(2)}`;
    case "count":
      return String(value);
  }
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + " ".repeat(width - text.length);
}

function codeText(code: Report["code"]): string {
  if (code === null) return "commit unknown";
  return `commit ${code.commit.slice(0, 7)}${code.dirty ? " with uncommitted changes" : ""}`;
}

/** "min–max (n runs)" of a figure measured in several runs, "" otherwise. */
function spreadText(f: MeasuredFigure): string {
  if (f.min === undefined || f.max === undefined || f.runs === undefined) return "";
  return `${formatValue(f.min, f.unit)} – ${formatValue(f.max, f.unit)} (${f.runs})`;
}

/** The table a reader sees: figure, value (the median), min–max, floor, budget, verdict; then the notes. */
export function formatTable(report: Report): string {
  const lines: string[] = [];
  const m = report.machine;
  lines.push(
    `BOQ Bridge bench (${report.mode}) on ${m.cpuModel}, ${m.cores} cores, Node ${m.node}, load ${m.loadAverageAtStart} at start, ${codeText(report.code)}`,
  );
  let section = "";
  const rows: string[][] = [];
  const notes: string[] = [];
  for (const f of report.figures) {
    if (f.section !== section) {
      section = f.section;
      rows.push([`[${section}]`, "", "", "", "", ""]);
    }
    const budget = f.budget ? `≤ ${formatValue(f.budget.max, f.budget.unit)}` : "";
    if ("notMeasured" in f) {
      rows.push([`  ${f.label}`, "not measured", "", "", budget, "—"]);
      notes.push(`${f.id}: not measured: ${f.notMeasured}`);
      continue;
    }
    const floor = f.floor ? `${formatValue(f.floor.value, f.floor.unit)} (${f.floor.label})` : "";
    const verdict =
      f.budget === undefined ? "" : `${f.ok ? "ok" : "FAIL"}${f.unsteady === true ? ", unsteady" : ""}`;
    rows.push([`  ${f.label}`, formatValue(f.value, f.unit), spreadText(f), floor, budget, verdict]);
    if (f.note && (!f.ok || f.unsteady === true || f.budget === undefined || f.floor !== undefined))
      notes.push(`${f.id}: ${f.note}`);
  }
  const headers = ["Figure", "Value (median)", "Min – max (runs)", "Floor (same run)", "Budget", "Verdict"];
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const render = (cells: readonly string[]) =>
    cells
      .map((c, i) => pad(c, widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  lines.push(render(headers));
  lines.push(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) lines.push(render(r));
  lines.push("");
  if (report.failures.length > 0) {
    lines.push(`Budgets not met (${report.failures.length}): ${report.failures.join(", ")}`);
  } else {
    lines.push("Every measured figure with a budget met it.");
  }
  if (report.unsteady.length > 0) {
    lines.push(
      `Unsteady (${report.unsteady.length}): ${report.unsteady.join(", ")}: the spread of their runs is wider than their distance to the budget, so another run could change the verdict; measure again on a quieter machine.`,
    );
  }
  if (notes.length > 0) {
    lines.push("", "Notes:");
    for (const n of notes) lines.push(`  ${n}`);
  }
  return lines.join("\n");
}
