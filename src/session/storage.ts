// Per-user, per-machine key/value storage outside the workbook. In Office: OfficeRuntime.storage
// (shared by the task pane and the custom functions of the shared runtime, kept on this machine
// for this user and add-in). Never Office.context.document.settings, custom XML or cells: those
// travel with the workbook.
//
// Credentials (refresh token, client secret) are kept only in OfficeRuntime.storage. A host without
// it keeps them in memory for the life of the runtime and "keep me signed in" is unavailable: no
// silent fallback to the page's localStorage, which any script of the origin can read. Settings
// (addresses, the chosen company, the form's client id and user name) are not secret and fall back
// to localStorage. The workbench supplies OfficeRuntime.storage through its Office emulation.

export interface KeyValueStore {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/** A store that also lists its keys (the import finds its notes, one item each, by their prefix). */
export interface ListedStore extends KeyValueStore {
  getKeys(): Promise<string[]>;
}

/** For tests and for hosts without any storage: forgets everything when the runtime ends. */
export class MemoryStore implements ListedStore {
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
  getKeys(): Promise<string[]> {
    return Promise.resolve([...this.items.keys()]);
  }
}

function officeRuntimeStorage(): ListedStore | undefined {
  const rt = (globalThis as { OfficeRuntime?: { storage?: OfficeRuntime.Storage } }).OfficeRuntime;
  const storage = rt?.storage;
  if (!storage) return undefined;
  return {
    getItem: async (key) => (await storage.getItem(key)) ?? null,
    setItem: (key, value) => storage.setItem(key, value),
    removeItem: (key) => storage.removeItem(key),
    getKeys: () => storage.getKeys(),
  };
}

function browserLocalStorage(): ListedStore | undefined {
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
    getKeys: () =>
      new Promise((resolve) =>
        resolve(Array.from({ length: store.length }, (_, i) => store.key(i)).filter((k) => k !== null)),
      ),
  };
}

/** Where this host keeps the sign-in and the settings. */
export interface HostStores {
  /** Kept sign-ins: OfficeRuntime.storage, else memory only. */
  credentials: KeyValueStore;
  /** Service addresses, chosen company, form defaults, the import's notes (nothing secret). */
  settings: ListedStore;
  /** Whether a sign-in can outlive the runtime ("keep me signed in"). */
  keepsSignIn: boolean;
}

/** The stores this host offers (see the top of the file for why credentials never use localStorage). */
export function hostStores(): HostStores {
  const office = officeRuntimeStorage();
  if (office) return { credentials: office, settings: office, keepsSignIn: true };
  return {
    credentials: new MemoryStore(),
    settings: browserLocalStorage() ?? new MemoryStore(),
    keepsSignIn: false,
  };
}
