/**
 * OfficeRuntime.storage: per-user, per-machine key-value storage that lives outside the document
 * (in the browser, localStorage under a prefix; in Node, a Map), so tests can check that secrets
 * land here and never in the workbook.
 */

export const BROWSER_STORAGE_PREFIX = "office-emulation:runtime-storage:";
/** OfficeRuntime.storage holds at most 10 MB per domain. */
export const STORAGE_LIMIT_BYTES = 10 * 1024 * 1024;

export interface KeyValueBackend {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  keys(): string[];
}

export function memoryBackend(initial?: Record<string, string>): KeyValueBackend {
  const map = new Map<string, string>(Object.entries(initial ?? {}));
  return {
    get: (key) => map.get(key) ?? null,
    set: (key, value) => void map.set(key, value),
    remove: (key) => void map.delete(key),
    keys: () => [...map.keys()],
  };
}

export function localStorageBackend(storage: Storage, prefix = BROWSER_STORAGE_PREFIX): KeyValueBackend {
  return {
    get: (key) => storage.getItem(prefix + key),
    set: (key, value) => storage.setItem(prefix + key, value),
    remove: (key) => storage.removeItem(prefix + key),
    keys: () => {
      const out: string[] = [];
      for (let i = 0; i < storage.length; i += 1) {
        const k = storage.key(i);
        if (k?.startsWith(prefix)) out.push(k.slice(prefix.length));
      }
      return out;
    },
  };
}

/** Runs a synchronous body as the real API would: its failure becomes a rejection, not a throw. */
function settle<T>(body: () => T): Promise<T> {
  try {
    return Promise.resolve(body());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

function requireString(value: unknown, what: string): string {
  if (typeof value !== "string") throw new TypeError(`OfficeRuntime.storage: ${what} must be a string.`);
  return value;
}

export class EmulatedRuntimeStorage {
  constructor(
    readonly backend: KeyValueBackend,
    /** Lets the workbench refresh its panels; storage is not part of the workbook. */
    private readonly changed: () => void = () => undefined,
  ) {}

  private usedBytes(exceptKey?: string): number {
    let total = 0;
    for (const key of this.backend.keys()) {
      if (key === exceptKey) continue;
      total += (key.length + (this.backend.get(key)?.length ?? 0)) * 2;
    }
    return total;
  }

  getItem(key: string): Promise<string | null> {
    return settle(() => this.backend.get(requireString(key, "key")));
  }

  setItem(key: string, value: string): Promise<void> {
    return settle(() => {
      requireString(key, "key");
      requireString(value, "value");
      if (this.usedBytes(key) + (key.length + value.length) * 2 > STORAGE_LIMIT_BYTES) {
        throw new Error("OfficeRuntime.storage: the 10 MB storage limit was reached.");
      }
      this.backend.set(key, value);
      this.changed();
    });
  }

  removeItem(key: string): Promise<void> {
    return settle(() => {
      this.backend.remove(requireString(key, "key"));
      this.changed();
    });
  }

  getItems(keys: string[]): Promise<Record<string, string | null>> {
    return settle(() => {
      const out: Record<string, string | null> = {};
      for (const key of keys) out[key] = this.backend.get(requireString(key, "key"));
      return out;
    });
  }

  async setItems(items: Record<string, string>): Promise<void> {
    for (const [key, value] of Object.entries(items)) await this.setItem(key, value);
  }

  removeItems(keys: string[]): Promise<void> {
    return settle(() => {
      for (const key of keys) this.backend.remove(requireString(key, "key"));
      this.changed();
    });
  }

  getKeys(): Promise<string[]> {
    return settle(() => this.backend.keys());
  }

  /** Synchronous view for tests and the workbench panel. */
  snapshot(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const key of this.backend.keys()) out[key] = this.backend.get(key) ?? "";
    return out;
  }
}
