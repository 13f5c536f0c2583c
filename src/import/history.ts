// This workbook's imports, kept in its document settings (they travel with the file): the job id
// is saved before polling starts, with catalog, company, time, row counts and the source address,
// so a closed pane, a closed Excel or another computer can pick the job up again. Before the POST,
// the import being sent is kept as pending (there is no job id yet): if its answer is lost, or the
// pane closes meanwhile, the pane knows what it sent and when. Also the column mapping per catalog
// and the remembered options. Nothing secret is ever stored here.

import { z } from "zod";
import type { ColumnMapping } from "../catalog";
import type { DocumentSettingsStore } from "../workbook";
import type { LogCounts, SourceInfo, WrittenLog } from "./state";

export const HISTORY_KEY = "boq-bridge.import.history.v1";
export const MAPPINGS_KEY = "boq-bridge.import.mappings.v1";
export const OPTIONS_KEY = "boq-bridge.import.options.v1";
export const PENDING_KEY = "boq-bridge.import.pending.v1";
/** Entries kept; the oldest finished ones go first (a running job is never dropped). */
export const MAX_HISTORY = 100;

export type HistoryStatus = "running" | "done" | "failed";

export interface HistoryEntry {
  jobId: string;
  catalogName: string;
  companyId: string;
  companyName: string;
  /** ISO time the job was posted. */
  startedAt: string;
  finishedAt?: string;
  status: HistoryStatus;
  /** Positions and deletions sent. */
  sent: { positions: number; deletions: number; skippedRows: number };
  source: SourceInfo | null;
  counts?: LogCounts;
  error?: string;
  sheets?: WrittenLog;
}

/** An import sent without an answer yet: what was sent, where from, and when (this computer's clock). */
export interface PendingImport {
  catalogName: string;
  companyId: string;
  companyName: string;
  /** ISO time just before the request was sent. */
  sentAt: string;
  sent: { positions: number; deletions: number; skippedRows: number };
  source: SourceInfo | null;
}

const pendingSchema = z.object({
  catalogName: z.string(),
  companyId: z.string(),
  companyName: z.string().catch(""),
  sentAt: z.string().refine((v) => !Number.isNaN(Date.parse(v))),
  sent: z
    .object({ positions: z.number(), deletions: z.number(), skippedRows: z.number().catch(0) })
    .catch({ positions: 0, deletions: 0, skippedRows: 0 }),
  source: z.object({ sheet: z.string(), address: z.string() }).nullable().catch(null),
});

const countsSchema = z.object({
  inserted: z.number(),
  updated: z.number(),
  deleted: z.number(),
  ignored: z.number(),
});
const entrySchema = z.object({
  jobId: z.string().min(1),
  catalogName: z.string(),
  companyId: z.string(),
  companyName: z.string().catch(""),
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  status: z.enum(["running", "done", "failed"]).catch("running"),
  sent: z
    .object({ positions: z.number(), deletions: z.number(), skippedRows: z.number().catch(0) })
    .catch({ positions: 0, deletions: 0, skippedRows: 0 }),
  source: z.object({ sheet: z.string(), address: z.string() }).nullable().catch(null),
  counts: countsSchema.optional().catch(undefined),
  error: z.string().optional().catch(undefined),
  sheets: z
    .object({
      summary: z.string(),
      inserted: z.string().optional(),
      updated: z.string().optional(),
      deleted: z.string().optional(),
      ignored: z.string().optional(),
    })
    .optional()
    .catch(undefined),
});

const mappingSchema = z.object({
  headerRow: z.number().int().positive().nullable(),
  columns: z.record(z.string(), z.string()),
});

const optionsSchema = z.object({
  writeBackGuids: z.boolean().catch(true),
  resultColumn: z.boolean().catch(false),
  lastCatalog: z.string().catch(""),
});
export type RememberedOptions = z.infer<typeof optionsSchema>;

/** Reads and writes the import records of one workbook. Every change is saved into the document at once. */
export class ImportHistory {
  private readonly listeners = new Set<() => void>();

  constructor(private readonly settings: DocumentSettingsStore) {}

  /** Called after every change of the list (the History tab re-reads it); returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Newest first; entries a newer add-in wrote in a shape this one does not know are left out, not lost. */
  list(): HistoryEntry[] {
    const raw = this.settings.get(HISTORY_KEY);
    if (!Array.isArray(raw)) return [];
    const entries: HistoryEntry[] = [];
    for (const item of raw) {
      const parsed = entrySchema.safeParse(item);
      if (parsed.success) entries.push(parsed.data);
    }
    return entries.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  }

  find(jobId: string): HistoryEntry | undefined {
    return this.list().find((e) => e.jobId === jobId);
  }

  /** The jobs still running when last seen, newest first: picked up again when the pane opens. */
  running(): HistoryEntry[] {
    return this.list().filter((e) => e.status === "running");
  }

  /** Catalog names used in this workbook, most recent first. */
  catalogNames(): string[] {
    const names: string[] = [];
    for (const e of this.list()) if (!names.includes(e.catalogName)) names.push(e.catalogName);
    const mapped = this.settings.get(MAPPINGS_KEY);
    if (mapped && typeof mapped === "object") {
      for (const name of Object.keys(mapped)) if (!names.includes(name)) names.push(name);
    }
    return names;
  }

  /** The import sent whose answer never came (null when none is waiting). */
  pending(): PendingImport | null {
    const parsed = pendingSchema.safeParse(this.settings.get(PENDING_KEY));
    return parsed.success ? parsed.data : null;
  }

  /** Keeps the import about to be sent in the workbook, before the request goes out. */
  async recordPending(pending: PendingImport): Promise<void> {
    this.settings.set(PENDING_KEY, pending);
    await this.settings.save();
  }

  /** The pending import is settled without a job to keep (the platform refused it, or the user chose to send it again). */
  async clearPending(): Promise<void> {
    if (this.settings.get(PENDING_KEY) === null) return;
    this.settings.remove(PENDING_KEY);
    await this.settings.save();
  }

  /**
   * Adds or replaces the entry of a job and saves the document settings. `settlesPending`: the
   * job is the pending import's (its answer came, or the user recognised it), which goes in the
   * same save.
   */
  async put(entry: HistoryEntry, options: { settlesPending?: boolean } = {}): Promise<void> {
    if (options.settlesPending) this.settings.remove(PENDING_KEY);
    const others = this.rawList().filter((e) => !(isRecord(e) && e["jobId"] === entry.jobId));
    const next = [entry as unknown, ...others];
    // Keep every running job; drop the oldest finished ones beyond the limit.
    while (next.length > MAX_HISTORY) {
      let oldest = -1;
      for (let i = next.length - 1; i >= 0; i--) {
        const e = next[i];
        if (!(isRecord(e) && e["status"] === "running")) {
          oldest = i;
          break;
        }
      }
      if (oldest < 0) break;
      next.splice(oldest, 1);
    }
    this.settings.set(HISTORY_KEY, next);
    try {
      await this.settings.save();
    } finally {
      // The list in memory changed even when saving into the file failed: show it.
      for (const l of [...this.listeners]) l();
    }
  }

  async update(jobId: string, change: Partial<HistoryEntry>): Promise<HistoryEntry | undefined> {
    const current = this.find(jobId);
    if (!current) return undefined;
    const next = { ...current, ...change };
    await this.put(next);
    return next;
  }

  mappingFor(catalogName: string): ColumnMapping | null {
    const all = this.settings.get(MAPPINGS_KEY);
    if (!isRecord(all)) return null;
    const parsed = mappingSchema.safeParse(all[catalogName]);
    return parsed.success ? parsed.data : null;
  }

  async saveMapping(catalogName: string, mapping: ColumnMapping): Promise<void> {
    const all = this.settings.get(MAPPINGS_KEY);
    const next: Record<string, unknown> = isRecord(all) ? { ...all } : {};
    next[catalogName] = mapping;
    this.settings.set(MAPPINGS_KEY, next);
    await this.settings.save();
  }

  options(): RememberedOptions {
    const parsed = optionsSchema.safeParse(this.settings.get(OPTIONS_KEY) ?? {});
    return parsed.success ? parsed.data : { writeBackGuids: true, resultColumn: false, lastCatalog: "" };
  }

  async saveOptions(change: Partial<RememberedOptions>): Promise<void> {
    this.settings.set(OPTIONS_KEY, { ...this.options(), ...change });
    await this.settings.save();
  }

  private rawList(): unknown[] {
    const raw = this.settings.get(HISTORY_KEY);
    return Array.isArray(raw) ? (raw as unknown[]) : [];
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
