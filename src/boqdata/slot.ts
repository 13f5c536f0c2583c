// The runtime's one BOQ data path, shared by the custom functions, the ribbon's Refresh BOQ and
// the task pane in the one shared runtime. Kept on globalThis under a registered symbol (like the
// session), so even if the bundler puts a copy of this module in each chunk (functions, commands,
// taskpane), every chunk finds the same instance. This module owns the slot; it imports types
// only, so the ribbon command and the functions' first script can clear the cache without
// loading the data path itself.
import type { BoqData } from "./data";

const DATA_SLOT = Symbol.for("boq-bridge.boq-data");
type Slot = { [DATA_SLOT]?: BoqData };

function slot(): Slot {
  return globalThis as Slot;
}

/** The runtime's data path if anything made it yet (a formula ran, the BOQ tab opened). */
export function installedBoqData(): BoqData | undefined {
  return slot()[DATA_SLOT];
}

/** The runtime's data path, made by `create` on first use. */
export function installBoqData(create: () => BoqData): BoqData {
  const g = slot();
  g[DATA_SLOT] ??= create();
  return g[DATA_SLOT];
}

/** Forgets every kept result (Refresh BOQ); nothing to do before the data path's first use. */
export function forgetBoqResults(): void {
  installedBoqData()?.layer.clear();
}

/** Tests only: use this data path (or drop it). */
export function setBoqDataForTests(data: BoqData | undefined): void {
  const g = slot();
  if (data) g[DATA_SLOT] = data;
  else delete g[DATA_SLOT];
}
