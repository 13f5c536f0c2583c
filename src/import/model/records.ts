// What this workbook's history keeps of its imports (history.ts writes it into the document
// settings, kept.ts outside the workbook): a job's entry, the import being sent without an answer
// yet (pending), the range read and the sheets of a log written. Each record is read back through
// its schema: an entry a newer add-in wrote in a shape this one does not know is left out, not
// lost. Plain data, no store: the state (state/) and the lost import (lostState.ts) hold these
// records too.

import { z } from "zod";
import type { NothingChanged } from "./ignoredReasons";
import { leaseSchema, type Lease } from "./lease";
import type { LogCounts } from "./logCounts";

/** The range read: its sheet, and its address on that sheet. */
export interface SourceInfo {
  sheet: string;
  /** A1 address without the sheet. */
  address: string;
}

/** Sheets of a log written into the workbook. */
export interface WrittenLog {
  summary: string;
  inserted?: string;
  updated?: string;
  deleted?: string;
  ignored?: string;
  /** Values the platform cleared (only for an import sent from this pane). */
  cleared?: string;
}

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
  /** Done but nothing changed though rows were sent: the reason most ignored rows share. */
  nothing?: NothingChanged;
  error?: string;
  sheets?: WrittenLog;
}

/**
 * The rows a job sent (positions and deletions), which its log's size cap follows (src/api);
 * undefined for a job this workbook does not keep.
 */
export function rowsSentBy(entry: Pick<HistoryEntry, "sent"> | null | undefined): number | undefined {
  return entry ? entry.sent.positions + entry.sent.deletions : undefined;
}

/**
 * An import sent without an answer yet: what was sent, where from, and when (this computer's
 * clock); who sends it (lease.ts). The previous version wrote none of `id`, `url` and `lease`.
 */
export interface PendingImport {
  /** A random id: its note outside the workbook is kept under it (store/kept.ts). */
  id?: string | undefined;
  /** The URL of the workbook it was sent from (null: a workbook never saved). */
  url?: string | null | undefined;
  /** The pane sending it, renewed while that pane is open. */
  lease?: Lease | null | undefined;
  catalogName: string;
  companyId: string;
  companyName: string;
  /** ISO time just before the request was sent. */
  sentAt: string;
  sent: { positions: number; deletions: number; skippedRows: number };
  source: SourceInfo | null;
}

/** The id of a pending import kept by the previous version: this prefix and its time of sending. */
export const LEGACY_PENDING_ID = "v1.";

export const pendingSchema = z
  .object({
    id: z.string().min(1).optional().catch(undefined),
    url: z.string().nullable().optional().catch(null),
    lease: leaseSchema.nullable().optional().catch(null),
    catalogName: z.string(),
    companyId: z.string(),
    companyName: z.string().catch(""),
    sentAt: z.string().refine((v) => !Number.isNaN(Date.parse(v))),
    sent: z
      .object({ positions: z.number(), deletions: z.number(), skippedRows: z.number().catch(0) })
      .catch({ positions: 0, deletions: 0, skippedRows: 0 }),
    source: z.object({ sheet: z.string(), address: z.string() }).nullable().catch(null),
  })
  // One kept by the previous version has no id: its time of sending names it, in both stores alike.
  .transform((p) => ({ ...p, id: p.id ?? `${LEGACY_PENDING_ID}${p.sentAt}` }));

const countsSchema = z.object({
  inserted: z.number(),
  updated: z.number(),
  deleted: z.number(),
  ignored: z.number(),
});
export const entrySchema = z.object({
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
  nothing: z
    .object({
      ignored: z.number(),
      kind: z.enum(["platform", "unchanged", "parent-missing", "repeated-code", "unit-unknown", "none"]),
      count: z.number(),
      value: z.string(),
    })
    .optional()
    .catch(undefined),
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

/** A history entry as stored, or null when it is not one (history.ts and kept.ts read the same shape). */
export function parseEntry(value: unknown): HistoryEntry | null {
  const parsed = entrySchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A pending import as stored, or null. */
export function parsePending(value: unknown): PendingImport | null {
  const parsed = pendingSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
