/**
 * Stands in for office.js when the bench opens the production task pane page in Chromium: it
 * installs the workbench's Office emulation (the same code as dev/workbench) before the add-in's
 * scripts run, and records, relative to navigation start (performance.now()), when the custom
 * functions are registered (the first CustomFunctions.associate call) and when the pane first
 * shows a control a user can operate. It also collects every long main-thread task from the
 * start, and marks the emulation's own work in each sync, for the responsiveness figure.
 * Bench-only: bundled by bench/build.ts, never shipped.
 */
import { installOfficeEmulation, type OfficeEmulation } from "../../dev/office-emulation";

export interface BenchMarks {
  /** When the emulation standing in for office.js was ready (its last statement). */
  officeReady?: number;
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
  /** The emulation's work in each sync (what Excel does in its own process), as intervals. */
  emulationWork: LongTask[];
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
  emulationWork: [],
  // The round trip's pause is made below, where the emulation's work can be marked after it.
  emulation: installOfficeEmulation(globalThis, { sheets: { Sheet1: [] }, yieldToEventLoop: false }),
};
window.__bench = state;

/**
 * A sync with something queued is a round trip to Excel: the add-in's task ends, and the answer
 * comes in a later task. Here the pause comes first, then the emulation's whole work (measuring
 * the request, running it on the workbook, measuring the response) runs and is marked from its
 * start to the moment the sync's promise settles; the add-in's code after `await sync()` runs
 * after the mark ends, in the same task, as it would after Excel's answer. An empty queue sends
 * nothing (office.js answers at once), so it gets no pause, and its marked work is nothing.
 */
interface SyncingContext {
  sync: (this: SyncingContext, passThroughValue?: unknown) => Promise<unknown>;
}
const contextClass = globalThis.OfficeExtension.ClientRequestContext as unknown as {
  prototype: SyncingContext;
};
const sync = contextClass.prototype.sync;
contextClass.prototype.sync = async function (this: SyncingContext, passThroughValue?: unknown) {
  const queue = (this as unknown as { queue?: unknown }).queue;
  if (!Array.isArray(queue)) {
    throw new Error(
      "The emulated request context keeps no `queue`: bench/page/office-shim.ts needs updating.",
    );
  }
  if (queue.length > 0) await new Promise<void>((resolve) => setTimeout(resolve, 0));
  const start = performance.now();
  try {
    return await sync.call(this, passThroughValue);
  } finally {
    state.emulationWork.push({ start, duration: performance.now() - start });
  }
};

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

// office.js's stand-in is ready: what follows on the page is the add-in's.
state.marks.officeReady = performance.now();
