/**
 * OfficeRuntime.storage: per-user, per-machine key-value storage that lives outside the document
 * (in the browser, localStorage under a prefix; in Node, a Map), so tests can check that secrets
 * land here and never in the workbook.
 */

import { EmulatedOfficeError, ErrorCodes } from "./errors";

export const BROWSER_STORAGE_PREFIX = "office-emulation:runtime-storage:";
/** OfficeRuntime.storage holds at most 10 MB per domain, shared by its add-ins. */
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
    // As thrown: in Jest, DOMException comes from another realm and is not `instanceof Error`.
    if (error instanceof Error || error instanceof DOMException) return Promise.reject(error);
    return Promise.reject(new Error(String(error)));
  }
}

function requireString(value: unknown, what: string): string {
  if (typeof value !== "string") throw new TypeError(`OfficeRuntime.storage: ${what} must be a string.`);
  return value;
}

/**
 * office.js on the web keeps OfficeRuntime.storage in the add-in domain's localStorage under this
 * prefix (excel-web-16.00.debug.js, officeruntime storage web), so the prefix counts toward it.
 */
export const WEB_KEY_PREFIX = "_OfficeRuntime_Storage_";
/** Where the emulation notes how much other add-ins of the domain hold (never one of the add-in's keys). */
const OTHER_ADD_INS_KEY = "\u0000other-add-ins";

/**
 * OfficeRuntime.storage with its quota: "Storage limit is 10 MB per domain, which may be shared by
 * multiple add-ins" (OfficeRuntime.Storage). Sizes are counted as the browser counts localStorage,
 * two bytes per UTF-16 code unit of every key and value (Chromium's 10 MiB per origin), so the
 * quota holds 5,242,880 characters. What other add-ins of the same domain keep there counts too
 * (`fillAsOtherAddIns`).
 *
 * Past the quota, on the web (localStorage underneath): `setItem` rejects with the browser's
 * DOMException "QuotaExceededError"; `setItems` writes what fits, item by item, and rejects with
 * `Error("Unknown error.")` (office.js performMultiAction). Desktop keeps the items in a native
 * store whose error when full is not documented: the emulation rejects with its generic error
 * (OfficeExtension.Error GenericException "Unknown error.", office.js excel-win32 storage), and
 * `setItems` writes nothing.
 */
export class EmulatedRuntimeStorage {
  constructor(
    readonly backend: KeyValueBackend,
    /** Lets the workbench refresh its panels; storage is not part of the workbook. */
    private readonly changed: () => void = () => undefined,
    private readonly web = true,
  ) {}

  private keyBytes(key: string, value: string): number {
    return ((this.web ? WEB_KEY_PREFIX.length : 0) + key.length + value.length) * 2;
  }

  /** Bytes in use: the add-in's items and what other add-ins of the domain hold. */
  usedBytes(exceptKey?: string): number {
    let total = this.otherAddInsBytes();
    for (const key of this.ownKeys()) {
      if (key === exceptKey) continue;
      total += this.keyBytes(key, this.backend.get(key) ?? "");
    }
    return total;
  }

  /** Bytes other add-ins of the same domain keep in the shared storage. */
  otherAddInsBytes(): number {
    const kept = Number(this.backend.get(OTHER_ADD_INS_KEY) ?? "0");
    return Number.isFinite(kept) && kept > 0 ? kept : 0;
  }

  /** Tests: as if other add-ins of the domain had filled this many bytes of the shared quota. */
  fillAsOtherAddIns(bytes: number): void {
    if (bytes <= 0) this.backend.remove(OTHER_ADD_INS_KEY);
    else this.backend.set(OTHER_ADD_INS_KEY, String(Math.floor(bytes)));
    this.changed();
  }

  private ownKeys(): string[] {
    return this.backend.keys().filter((key) => key !== OTHER_ADD_INS_KEY);
  }

  private fits(key: string, value: string, pending = 0): boolean {
    return this.usedBytes(key) + pending + this.keyBytes(key, value) <= STORAGE_LIMIT_BYTES;
  }

  private full(key: string): Error {
    if (this.web) {
      return new DOMException(
        `Failed to execute 'setItem' on 'Storage': Setting the value of '${WEB_KEY_PREFIX}${key}' exceeded the quota.`,
        "QuotaExceededError",
      );
    }
    return new EmulatedOfficeError({ code: ErrorCodes.generalException, message: "Unknown error." });
  }

  getItem(key: string): Promise<string | null> {
    return settle(() => this.backend.get(requireString(key, "key")));
  }

  setItem(key: string, value: string): Promise<void> {
    return settle(() => {
      requireString(key, "key");
      requireString(value, "value");
      if (!this.fits(key, value)) throw this.full(key);
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
      for (const key of keys) {
        const value = this.backend.get(requireString(key, "key"));
        // office.js on the web answers `value || null`: an empty string comes back as null.
        out[key] = this.web ? value || null : value;
      }
      return out;
    });
  }

  setItems(items: Record<string, string>): Promise<void> {
    return settle(() => {
      const entries = Object.entries(items);
      for (const [key, value] of entries) {
        requireString(key, "key");
        requireString(value, "value");
      }
      if (!this.web) {
        let pending = 0;
        for (const [key, value] of entries) {
          if (!this.fits(key, value, pending)) throw this.full(key);
          pending += this.keyBytes(key, value);
        }
      }
      let failed = false;
      for (const [key, value] of entries) {
        if (this.fits(key, value)) this.backend.set(key, value);
        else failed = true;
      }
      this.changed();
      if (failed) throw new Error("Unknown error.");
    });
  }

  removeItems(keys: string[]): Promise<void> {
    return settle(() => {
      for (const key of keys) this.backend.remove(requireString(key, "key"));
      this.changed();
    });
  }

  getKeys(): Promise<string[]> {
    return settle(() => this.ownKeys());
  }

  /** Synchronous view for tests and the workbench panel (the add-in's items only). */
  snapshot(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const key of this.ownKeys()) out[key] = this.backend.get(key) ?? "";
    return out;
  }
}
