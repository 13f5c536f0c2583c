// Large values kept on this machine for this user, outside the workbook: IndexedDB, whose quota
// is a share of the disk (hundreds of MB) rather than OfficeRuntime.storage's 10 MB shared with
// other add-ins, and which keeps objects by structured clone, so a value of 300,000 entries is
// never turned into one JSON string of tens of MB. The import's baselines (what a workbook sent
// and got back in its last import of a catalog) are kept here.

/** Objects by key: `get` gives back what `put` kept (a structured clone), or null. */
export interface ObjectStore {
  get(key: string): Promise<unknown>;
  put(key: string, value: unknown): Promise<void>;
}

const DB_VERSION = 1;

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error("IndexedDB request failed"));
  });
}

/**
 * An ObjectStore in the database `dbName`, object store `storeName`; null where the page has no
 * IndexedDB (or access to it throws, as it does under some privacy settings). A refusal later
 * (quota, a blocked upgrade) rejects the call: the caller decides what that means.
 */
export function indexedDbStore(dbName: string, storeName: string): ObjectStore | null {
  let factory: IDBFactory | undefined;
  try {
    factory = (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  } catch {
    factory = undefined;
  }
  if (factory === undefined) return null;
  const idb = factory;
  let opened: Promise<IDBDatabase> | null = null;
  const open = (): Promise<IDBDatabase> => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const r = idb.open(dbName, DB_VERSION);
      r.onupgradeneeded = () => {
        if (!r.result.objectStoreNames.contains(storeName)) r.result.createObjectStore(storeName);
      };
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error ?? new Error("IndexedDB could not be opened"));
      r.onblocked = () => reject(new Error("IndexedDB is blocked by another page"));
    }).catch((error: unknown) => {
      // A later call tries again (the user may have freed space or closed the other page).
      opened = null;
      throw error;
    });
    return opened;
  };
  return {
    async get(key) {
      const db = await open();
      const found = db.transaction(storeName, "readonly").objectStore(storeName).get(key);
      const result: unknown = await request<unknown>(found);
      return result ?? null;
    },
    async put(key, value) {
      const db = await open();
      const tx = db.transaction(storeName, "readwrite");
      tx.objectStore(storeName).put(value, key);
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error("IndexedDB write failed"));
        tx.onabort = () => reject(tx.error ?? new Error("IndexedDB write aborted"));
      });
    },
  };
}
