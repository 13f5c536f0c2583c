/**
 * Stands in for office.js when the bench opens the production task pane page in Chromium: it
 * installs the workbench's Office emulation (the same code as dev/workbench) before the add-in's
 * scripts run, and records, relative to navigation start (performance.now()), when the custom
 * functions are registered (the first CustomFunctions.associate call) and when the pane first
 * shows a control a user can operate. It also collects every long main-thread task from the
 * start, for the responsiveness figure. Bench-only: bundled by bench/build.ts, never shipped.
 */
import { installOfficeEmulation, type OfficeEmulation } from "../../dev/office-emulation";

export interface BenchMarks {
  functionsRegistered?: number;
  paneInteractive?: number;
}

export interface LongTask {
  start: number;
  duration: number;
}

export interface BenchPageState {
  marks: BenchMarks;
  longTasks: LongTask[];
  emulation: OfficeEmulation;
}

declare global {
  interface Window {
    __bench: BenchPageState;
  }
}

const INTERACTIVE = "button:not([disabled]), input:not([disabled]), select:not([disabled]), a[href]";
const state: BenchPageState = {
  marks: {},
  longTasks: [],
  emulation: installOfficeEmulation(globalThis, { sheets: { Sheet1: [] }, yieldToEventLoop: true }),
};
window.__bench = state;

new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    state.longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: "longtask", buffered: true });

type Associate = (...args: unknown[]) => void;
const customFunctions = globalThis.CustomFunctions as unknown as { associate: Associate };
const associate = customFunctions.associate.bind(customFunctions);
customFunctions.associate = (...args: unknown[]) => {
  state.marks.functionsRegistered ??= performance.now();
  associate(...args);
};

const observer = new MutationObserver(() => {
  if (state.marks.paneInteractive !== undefined) return;
  if (document.querySelector(`#app :is(${INTERACTIVE})`) !== null) {
    state.marks.paneInteractive = performance.now();
    observer.disconnect();
  }
});
observer.observe(document, { childList: true, subtree: true });
