// This workbook's imports, kept in its document settings (they travel with the file): the job id
// is saved before polling starts, with catalog, company, time, row counts and the source address,
// so a closed pane, a closed Excel or another computer can pick the job up again. Before the POST,
// the import being sent is kept as pending (there is no job id yet): if its answer is lost, or the
// pane closes meanwhile, the pane knows what it sent and when. Also the columns the user chose per
// catalog and sheet layout (layouts.ts), the catalog names typed, and the remembered options.
// Nothing secret is ever stored here.
//
// One setting per job (JOB_KEY_PREFIX + job id) and a list of the job ids (JOBS_KEY), because
// co-authors each save their own copy of a setting whole: with the history as one array, the last
// author to save overwrote the other's entries. Every write reads the document's settings again
// first (refresh), and the list is the union of the document's and the ids this pane wrote, so an
// id another author's save dropped is put back by the next write. Office.Settings cannot list its
// keys, hence the list. The history of the previous version (HISTORY_KEY, one array) is read
// as well and moved to per-job settings by the first write.

import { z } from "zod";
import { withTyped } from "../model/catalogList";
import { parseRemembered, withChoice, type RememberedColumns } from "../model/layouts";
import type { DocumentSettingsStore } from "../../workbook";
import { entrySchema, pendingSchema, type HistoryEntry, type PendingImport } from "../model/records";
import type { Lease } from "../model/lease";

/** The previous version's history: one array of entries (read, and moved to per-job settings on the first write). */
export const HISTORY_KEY = "boq-bridge.import.history.v1";
/** The ids of the jobs kept one per setting, newest first. */
export const JOBS_KEY = "boq-bridge.import.jobs.v2";
/** One setting per job: this prefix and the job id. */
export const JOB_KEY_PREFIX = "boq-bridge.import.job.v2.";
/** The previous version's one mapping per catalog, without its header row: read, never applied by itself. */
export const MAPPINGS_KEY = "boq-bridge.import.mappings.v1";
/** The columns the user chose, per catalog, one per sheet layout (layouts.ts). */
export const LAYOUTS_KEY = "boq-bridge.import.mappings.v2";
/** Catalog names the user typed and checked with, newest first. */
export const TYPED_KEY = "boq-bridge.import.catalogs.v1";
export const OPTIONS_KEY = "boq-bridge.import.options.v1";
export const PENDING_KEY = "boq-bridge.import.pending.v1";
/**
 * A random id of this workbook, written with its first import: the job kept outside the workbook
 * (kept.ts) is found by it once the workbook was saved with it, whatever its name or place.
 */
export const WORKBOOK_ID_KEY = "boq-bridge.import.workbook.v1";
/** The setting of one job. */
export function jobKey(jobId: string): string {
  return JOB_KEY_PREFIX + jobId;
}

/** Entries kept; the oldest finished ones go first (a running job is never dropped). */
export const MAX_HISTORY = 100;
/**
 * Bytes the entries may take in the document settings (UTF-8 JSON), beyond which the oldest
 * finished ones go too. Office's document settings have a size limit Microsoft does not state
 * ("Persist add-in state and settings" names "the size limits of the document Settings" without a
 * figure); the workbench assumes 2 MB (dev/office-emulation, WorkbookModel.settingsLimitBytes).
 * A quarter of that leaves room for the BOQ sheets' records, the kept notes and the layouts.
 */
export const HISTORY_BUDGET_BYTES = 512 * 1024;

const utf8 = new TextEncoder();
function settingBytes(value: unknown): number {
  return utf8.encode(JSON.stringify(value) ?? "").length;
}

const optionsSchema = z.object({
  writeBackGuids: z.boolean().catch(true),
  resultColumn: z.boolean().catch(false),
  lastCatalog: z.string().catch(""),
});
export type RememberedOptions = z.infer<typeof optionsSchema>;

/**
 * Reads and writes the import records of one workbook. Every change reads the document's settings
 * again, then is saved into the document at once.
 */
export class ImportHistory {
  private readonly listeners = new Set<() => void>();
  /** Jobs this pane wrote, put back into the list if another author's save left them out. */
  private readonly written = new Set<string>();
  /** Jobs this pane dropped (beyond MAX_HISTORY): not put back. */
  private readonly dropped = new Set<string>();
  /** The write under way (write() runs them one after another). */
  private writing: Promise<void> = Promise.resolve();
  /** The id of the import this pane is sending (recordPending): its own to settle. */
  private sending: string | null = null;

  constructor(private readonly settings: DocumentSettingsStore) {}

  /** Called after every change of the list (the History tab re-reads it); returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Reads the document's settings again (another author may have saved since); tells the listeners. */
  async reload(): Promise<void> {
    await this.settings.refresh?.();
    for (const l of [...this.listeners]) l();
  }

  /** Newest first; entries a newer add-in wrote in a shape this one does not know are left out, not lost. */
  list(): HistoryEntry[] {
    return [...this.entries().values()].sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  }

  find(jobId: string): HistoryEntry | undefined {
    return this.entries().get(jobId);
  }

  /** The jobs still running when last seen, newest first: picked up again when the pane opens. */
  running(): HistoryEntry[] {
    return this.list().filter((e) => e.status === "running");
  }

  /** Catalog names used in this workbook, most recent first. */
  catalogNames(): string[] {
    const names: string[] = [];
    for (const e of this.list()) if (!names.includes(e.catalogName)) names.push(e.catalogName);
    for (const key of [LAYOUTS_KEY, MAPPINGS_KEY]) {
      const mapped = this.settings.get(key);
      if (isRecord(mapped))
        for (const name of Object.keys(mapped)) if (!names.includes(name)) names.push(name);
    }
    return names;
  }

  /** Catalog names typed and checked with in this workbook, newest first. */
  typedCatalogs(): string[] {
    const raw = this.settings.get(TYPED_KEY);
    return Array.isArray(raw) ? raw.filter((n): n is string => typeof n === "string" && n.trim() !== "") : [];
  }

  /** Keeps a typed catalog name (first in the list); nothing is saved when it is already first. */
  async saveTyped(name: string): Promise<void> {
    if (name.trim() === "" || this.typedCatalogs()[0] === name.trim()) return;
    await this.write(() => this.settings.set(TYPED_KEY, withTyped(this.typedCatalogs(), name)), {
      atOnce: true,
    });
  }

  /** The import sent whose answer never came (null when none is waiting). */
  pending(): PendingImport | null {
    const parsed = pendingSchema.safeParse(this.settings.get(PENDING_KEY));
    return parsed.success ? parsed.data : null;
  }

  /** This workbook's id (WORKBOOK_ID_KEY), or null before its first import. */
  workbookId(): string | null {
    const id = this.settings.get(WORKBOOK_ID_KEY);
    return typeof id === "string" && id !== "" ? id : null;
  }

  /** Gives the workbook the id a note outside it named it by (saved with the next change). */
  adoptWorkbookId(id: string | null): void {
    if (id !== null && id !== "" && this.workbookId() === null) this.settings.set(WORKBOOK_ID_KEY, id);
  }

  /**
   * Keeps the import about to be sent in the workbook, before the request goes out; a workbook
   * without an id gets `newId` in the same save.
   */
  async recordPending(pending: PendingImport, newId?: () => string): Promise<void> {
    this.sending = pending.id ?? null;
    await this.write(() => {
      if (newId && this.workbookId() === null) this.settings.set(WORKBOOK_ID_KEY, newId());
      this.settings.set(PENDING_KEY, pending);
    });
  }

  /**
   * The pending import is settled without a job to keep (the platform refused it, or the user chose
   * to send it again): the one with id `id` (by default the one this pane is sending), never
   * another window's that replaced it in the settings since.
   */
  async clearPending(id: string | null = this.sending): Promise<void> {
    if (this.settings.get(PENDING_KEY) === null) return;
    await this.write(() => this.settlePending(id));
  }

  /**
   * The lease on the import being sent, written again (lease.ts), so a co-author's pane sees that it
   * is being sent; nothing when the pending import is settled or is another one now.
   */
  async renewLease(id: string, lease: Lease): Promise<void> {
    if (this.pending()?.id !== id) return;
    await this.write(() => {
      const pending = this.pending();
      if (pending?.id === id) this.settings.set(PENDING_KEY, { ...pending, lease });
    });
  }

  /**
   * Adds or replaces the entry of a job and saves the document settings. `settlesPending`: the
   * job is the pending import's (its answer came, or the user recognised it), which goes in the
   * same save: `true` for the one this pane is sending, or the pending import's id.
   */
  async put(entry: HistoryEntry, options: { settlesPending?: boolean | string } = {}): Promise<void> {
    const settles = options.settlesPending;
    try {
      await this.write(() => {
        if (settles !== undefined && settles !== false)
          this.settlePending(settles === true ? this.sending : settles);
        const ids = this.migrateLegacy(this.jobIds());
        this.settings.set(jobKey(entry.jobId), entry);
        this.written.add(entry.jobId);
        this.dropped.delete(entry.jobId);
        this.settings.set(JOBS_KEY, this.capped([entry.jobId, ...ids.filter((id) => id !== entry.jobId)]));
      });
    } finally {
      // The list in memory changed even when saving into the file failed: show it.
      for (const l of [...this.listeners]) l();
    }
  }

  async update(jobId: string, change: Partial<HistoryEntry>): Promise<HistoryEntry | undefined> {
    // Another author may have changed the job meanwhile (it followed it to the end too): read again.
    await this.settings.refresh?.();
    const current = this.find(jobId);
    if (!current) return undefined;
    const next = { ...current, ...change };
    await this.put(next);
    return next;
  }

  /**
   * The columns the user chose for a catalog, newest first, one per sheet layout; the previous
   * version's one mapping comes as a `legacy` choice (offered, never applied by itself).
   */
  remembered(catalogName: string): RememberedColumns[] {
    if (catalogName === "") return [];
    const all = this.settings.get(LAYOUTS_KEY);
    const old = this.settings.get(MAPPINGS_KEY);
    return parseRemembered(
      isRecord(all) ? all[catalogName] : undefined,
      isRecord(old) ? old[catalogName] : undefined,
    );
  }

  /** Keeps a choice of columns the user made, for its layout (replacing the one for the same header row). */
  async saveChoice(catalogName: string, choice: RememberedColumns): Promise<void> {
    await this.write(
      () => {
        const all = this.settings.get(LAYOUTS_KEY);
        const next: Record<string, unknown> = isRecord(all) ? { ...all } : {};
        next[catalogName] = withChoice(this.remembered(catalogName), choice);
        this.settings.set(LAYOUTS_KEY, next);
      },
      { atOnce: true },
    );
  }

  options(): RememberedOptions {
    const parsed = optionsSchema.safeParse(this.settings.get(OPTIONS_KEY) ?? {});
    return parsed.success ? parsed.data : { writeBackGuids: true, resultColumn: false, lastCatalog: "" };
  }

  async saveOptions(change: Partial<RememberedOptions>): Promise<void> {
    await this.write(() => this.settings.set(OPTIONS_KEY, { ...this.options(), ...change }), {
      atOnce: true,
    });
  }

  /**
   * Reads the document's settings again, makes the change over them, saves. `atOnce`: the change is
   * also made before the document is read again, so what this pane reads meanwhile already has it
   * (the mapping or options a screen just set); only for settings this pane owns whole, since the
   * refresh keeps changes not saved yet as they are (the list of jobs is merged instead).
   */
  private write(change: () => void, options: { atOnce?: boolean } = {}): Promise<void> {
    if (options.atOnce) change();
    // One write at a time, in the order asked: a later change is never read over by an earlier one.
    const next = this.writing.then(async () => {
      await this.settings.refresh?.();
      change();
      await this.settings.save();
    });
    this.writing = next.catch(() => undefined);
    return next;
  }

  /** Removes the pending import if it is the one with this id (any, when no id is known; one unreadable too). */
  private settlePending(id: string | null): void {
    const pending = this.pending();
    if (pending !== null && id !== null && pending.id !== id) return;
    this.settings.remove(PENDING_KEY);
    if (pending === null || pending.id === this.sending) this.sending = null;
  }

  /** Every entry by job id: the previous version's array, then the per-job settings (which win). */
  private entries(): Map<string, HistoryEntry> {
    const byId = new Map<string, HistoryEntry>();
    for (const item of this.legacy()) {
      const parsed = entrySchema.safeParse(item);
      if (parsed.success) byId.set(parsed.data.jobId, parsed.data);
    }
    for (const id of this.jobIds()) {
      const parsed = entrySchema.safeParse(this.settings.get(jobKey(id)));
      if (parsed.success && parsed.data.jobId === id) byId.set(id, parsed.data);
    }
    return byId;
  }

  /** The document's list of job ids, with the jobs this pane wrote that another author's save left out. */
  private jobIds(): string[] {
    const raw = this.settings.get(JOBS_KEY);
    const ids = Array.isArray(raw)
      ? raw.filter((id): id is string => typeof id === "string" && id !== "")
      : [];
    for (const id of this.written) if (!ids.includes(id) && !this.dropped.has(id)) ids.push(id);
    return ids;
  }

  private legacy(): unknown[] {
    const raw = this.settings.get(HISTORY_KEY);
    return Array.isArray(raw) ? (raw as unknown[]) : [];
  }

  /** Moves the previous version's entries to per-job settings (within the caller's save); returns the ids. */
  private migrateLegacy(ids: string[]): string[] {
    const legacy = this.legacy();
    if (legacy.length === 0) return ids;
    const next = [...ids];
    for (const item of legacy) {
      const parsed = entrySchema.safeParse(item);
      if (!parsed.success || next.includes(parsed.data.jobId)) continue;
      this.settings.set(jobKey(parsed.data.jobId), item);
      next.push(parsed.data.jobId);
    }
    this.settings.remove(HISTORY_KEY);
    return next;
  }

  /**
   * At most MAX_HISTORY ids and HISTORY_BUDGET_BYTES of entries: the oldest finished jobs are
   * dropped with their settings; running ones never.
   */
  private capped(ids: string[]): string[] {
    const entries = ids.map((id) => {
      const raw = this.settings.get(jobKey(id));
      return { id, bytes: settingBytes(raw), entry: entrySchema.safeParse(raw) };
    });
    let bytes = entries.reduce((sum, e) => sum + e.bytes, 0);
    if (ids.length <= MAX_HISTORY && bytes <= HISTORY_BUDGET_BYTES) return ids;
    const finished = entries
      .filter((e) => !(e.entry.success && e.entry.data.status === "running"))
      .sort((a, b) =>
        (a.entry.success ? a.entry.data.startedAt : "").localeCompare(
          b.entry.success ? b.entry.data.startedAt : "",
        ),
      );
    const drop = new Set<string>();
    for (const e of finished) {
      if (ids.length - drop.size <= MAX_HISTORY && bytes <= HISTORY_BUDGET_BYTES) break;
      drop.add(e.id);
      bytes -= e.bytes;
    }
    for (const id of drop) {
      this.settings.remove(jobKey(id));
      this.dropped.add(id);
      this.written.delete(id);
    }
    return ids.filter((id) => !drop.has(id));
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
