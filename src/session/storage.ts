// Per-user, per-machine key/value storage outside the workbook. In Office: OfficeRuntime.storage
// (shared by the task pane and the custom functions of the shared runtime, kept on this machine
// for this user and add-in). Outside Office (workbench, plain browser): localStorage. Never
// Office.context.document.settings, custom XML or cells: those travel with the workbook.

export interface KeyValueStore {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/** For tests and for hosts without any storage: forgets everything when the runtime ends. */
export class MemoryStore implements KeyValueStore {
  readonly items = new Map<string, string>();
  getItem(key: string): Promise<string | null> {
    return Promise.resolve(this.items.get(key) ?? null);
  }
  setItem(key: string, value: string): Promise<void> {
    this.items.set(key, value);
    return Promise.resolve();
  }
  removeItem(key: string): Promise<void> {
    this.items.delete(key);
    return Promise.resolve();
  }
}

function officeRuntimeStorage(): KeyValueStore | undefined {
  const rt = (globalThis as { OfficeRuntime?: { storage?: OfficeRuntime.Storage } }).OfficeRuntime;
  const storage = rt?.storage;
  if (!storage) return undefined;
  return {
    getItem: async (key) => (await storage.getItem(key)) ?? null,
    setItem: (key, value) => storage.setItem(key, value),
    removeItem: (key) => storage.removeItem(key),
  };
}

function browserLocalStorage(): KeyValueStore | undefined {
  let ls: Storage | undefined;
  try {
    ls = (globalThis as { localStorage?: Storage }).localStorage;
  } catch {
    // Access can throw (storage disabled by policy); fall through to memory.
    ls = undefined;
  }
  if (!ls) return undefined;
  const store = ls;
  return {
    // Storage throws synchronously (quota, policy); the store reports that as a rejection.
    getItem: (key) => new Promise((resolve) => resolve(store.getItem(key))),
    setItem: (key, value) => new Promise((resolve) => resolve(store.setItem(key, value))),
    removeItem: (key) => new Promise((resolve) => resolve(store.removeItem(key))),
  };
}

/** The best store this host offers. */
export function defaultStore(): KeyValueStore {
  return officeRuntimeStorage() ?? browserLocalStorage() ?? new MemoryStore();
}
