/**
 * The workbook's document settings (Office.context.document.settings): plain JSON kept inside the
 * file, so they travel with the workbook to another computer and a later Excel session. Never for
 * secrets (tokens, passwords, client secrets): those stay in src/session's storage.
 */

/** What the import pipeline needs from document settings; the tests pass an in-memory one. */
export interface DocumentSettingsStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  remove(key: string): void;
  /** Writes the settings into the document; rejects with Office's message when it cannot. */
  save(): Promise<void>;
  /**
   * Reads the document's settings again (another author may have saved since the workbook was
   * opened), keeping the changes made here and not yet saved. Absent: nothing to read again.
   */
  refresh?(): Promise<void>;
}

/** Office.Settings as far as this module uses it (the emulation's settings have the same shape). */
export interface OfficeSettingsLike {
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  remove(name: string): void;
  saveAsync(callback?: (result: { status: unknown; error?: { message?: string } | null }) => void): void;
  /** Office.Settings.refreshAsync: the copy in memory replaced by the document's settings. */
  refreshAsync?(callback?: (result: { status: unknown; error?: { message?: string } | null }) => void): void;
}

/** A change made here and not saved yet: the value set, or REMOVED. */
const REMOVED: unique symbol = Symbol("removed");

/** Document settings over Office's settings object: `Office.context.document.settings` by default. */
export function documentSettings(settings?: OfficeSettingsLike): DocumentSettingsStore {
  const target = (): OfficeSettingsLike => {
    if (settings) return settings;
    const office = (globalThis as { Office?: { context?: { document?: { settings?: OfficeSettingsLike } } } })
      .Office;
    const found = office?.context?.document?.settings;
    if (!found)
      throw new Error(
        "This host keeps no document settings: the import history cannot be saved in the workbook.",
      );
    return found;
  };
  // Changes not saved yet: refreshAsync replaces the whole copy in memory with the document's, so
  // they are put back after it (an import being sent must not vanish because another author saved).
  const unsaved = new Map<string, unknown>();
  return {
    get: (key) => {
      const value = target().get(key);
      return value === undefined ? null : value;
    },
    set: (key, value) => {
      target().set(key, value);
      unsaved.set(key, value);
    },
    remove: (key) => {
      target().remove(key);
      unsaved.set(key, REMOVED);
    },
    save: () => {
      const saving = new Map(unsaved);
      return new Promise<void>((resolve, reject) => {
        target().saveAsync((result) => {
          if (result.status === "failed" || (result.status !== "succeeded" && result.error)) {
            // Office's message ends with its own full stop, or not.
            const reason = (result.error?.message ?? "unknown reason").replace(/\.+\s*$/, "");
            reject(new Error(`Excel could not save the workbook settings: ${reason}.`));
            return;
          }
          for (const [key, value] of saving) if (unsaved.get(key) === value) unsaved.delete(key);
          resolve();
        });
      });
    },
    refresh: () =>
      new Promise<void>((resolve) => {
        const office = target();
        if (typeof office.refreshAsync !== "function") return resolve();
        office.refreshAsync(() => {
          // A refresh that failed leaves the copy as it was: nothing to put back, nothing lost.
          for (const [key, value] of unsaved) {
            if (value === REMOVED) office.remove(key);
            else office.set(key, value);
          }
          resolve();
        });
      }),
  };
}

/**
 * The document's URL (Office.context.document.url): where the file is, or null for a workbook
 * never saved (Excel gives an empty string) and outside Office. Names the workbook for the notes
 * the import keeps outside it.
 */
export function documentUrl(): string | null {
  const office = (globalThis as { Office?: { context?: { document?: { url?: unknown } } } }).Office;
  const url = office?.context?.document?.url;
  return typeof url === "string" && url !== "" ? url : null;
}

/** For tests and hosts without document settings. */
export class MemoryDocumentSettings implements DocumentSettingsStore {
  readonly values = new Map<string, string>();
  saves = 0;
  get(key: string): unknown {
    const raw = this.values.get(key);
    return raw === undefined ? null : (JSON.parse(raw) as unknown);
  }
  set(key: string, value: unknown): void {
    this.values.set(key, JSON.stringify(value));
  }
  remove(key: string): void {
    this.values.delete(key);
  }
  save(): Promise<void> {
    this.saves += 1;
    return Promise.resolve();
  }
}

/** Excel.run, or the emulation's run: how code outside this folder asks for a batch. */
export type ExcelRunner = <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T>;

/** The host's Excel.run, for code outside this folder that takes an ExcelRunner (the import pipeline). */
export const runExcel: ExcelRunner = (batch) => Excel.run(batch);
