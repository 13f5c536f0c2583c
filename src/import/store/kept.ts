// The running job, and the import being sent, kept outside the workbook as well: in the user's
// storage on this computer (OfficeRuntime.storage, passed in as `ImportDeps.keep`). Document
// settings reach the file only when the workbook is saved, so a job started and then "closed
// without saving" is gone from the file; this note finds it again. Each note names the workbook
// by its id (WORKBOOK_ID_KEY, found once the workbook was saved with it) and by its URL
// (Office.context.document.url, empty for a workbook never saved); the pane looks for either.
// A note goes once the job's log is written or the job failed; at most MAX_KEPT notes, none
// older than KEPT_DAYS. Nothing secret: the job id, catalog, company, times and source range,
// as in the document settings.

import { z } from "zod";
import { parseEntry, parsePending, type HistoryEntry, type PendingImport } from "../model/records";

/** The user's storage outside the workbook, as src/session gives it (getItem gives null when absent). */
export interface OutsideStore {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/** The one storage item holding the notes (a few hundred bytes each). */
export const KEPT_KEY = "boq-bridge.import.kept.v1";
/** Notes kept at most: the oldest go first. */
export const MAX_KEPT = 20;
/** A note older than this is dropped: its job ended long ago or its workbook is gone. */
export const KEPT_DAYS = 30;
const DAY_MS = 86_400_000;

/** Which workbook a note belongs to. */
export interface WorkbookIdentity {
  workbookId: string | null;
  url: string | null;
}

interface Note extends WorkbookIdentity {
  /** ISO time the note was written. */
  keptAt: string;
  entry: HistoryEntry | null;
  pending: PendingImport | null;
}

const noteSchema = z.object({
  workbookId: z.string().nullable().catch(null),
  url: z.string().nullable().catch(null),
  keptAt: z.string(),
  entry: z.unknown().transform(parseEntry),
  pending: z.unknown().transform(parsePending),
});

/** What the notes say about one workbook. */
export interface KeptForWorkbook {
  /** The workbook's id the notes name (its file may never have been saved with it). */
  workbookId: string | null;
  pending: PendingImport | null;
  /** Jobs still running when last kept, newest first. */
  jobs: HistoryEntry[];
}

function belongs(note: WorkbookIdentity, to: WorkbookIdentity): boolean {
  return (
    (to.workbookId !== null && note.workbookId === to.workbookId) || (to.url !== null && note.url === to.url)
  );
}

export class KeptJobs {
  constructor(
    private readonly store: OutsideStore,
    private readonly now: () => number,
  ) {}

  /** The import being sent from this workbook, replacing any earlier one of it. */
  keepPending(identity: WorkbookIdentity, pending: PendingImport): Promise<void> {
    return this.change((notes) => [
      ...notes.filter((n) => !(n.pending !== null && belongs(n, identity))),
      this.note(identity, null, pending),
    ]);
  }

  /** A job of this workbook (its answer came): replaces the import being sent and its earlier note. */
  keepJob(identity: WorkbookIdentity, entry: HistoryEntry): Promise<void> {
    return this.change((notes) => [
      ...notes.filter((n) => n.entry?.jobId !== entry.jobId && !(n.pending !== null && belongs(n, identity))),
      this.note(identity, entry, null),
    ]);
  }

  /** The import being sent is settled without a job (refused, or the user imports again). */
  forgetPending(identity: WorkbookIdentity): Promise<void> {
    return this.change((notes) => notes.filter((n) => !(n.pending !== null && belongs(n, identity))));
  }

  /** The job's log is written, or the job failed: its note goes. */
  forget(jobId: string): Promise<void> {
    return this.change((notes) => notes.filter((n) => n.entry?.jobId !== jobId));
  }

  /** What is kept for this workbook (by its id or its URL). */
  async find(identity: WorkbookIdentity): Promise<KeptForWorkbook> {
    const mine = (await this.read()).filter((n) => belongs(n, identity));
    const pending = mine.find((n) => n.pending !== null)?.pending ?? null;
    const jobs = mine
      .map((n) => n.entry)
      .filter((e): e is HistoryEntry => e !== null && e.status === "running")
      .sort((a, b) => b.startedAt.localeCompare(a.startedAt));
    const workbookId = mine.find((n) => n.workbookId !== null)?.workbookId ?? null;
    return { workbookId, pending, jobs };
  }

  private note(identity: WorkbookIdentity, entry: HistoryEntry | null, pending: PendingImport | null): Note {
    return { ...identity, keptAt: new Date(this.now()).toISOString(), entry, pending };
  }

  private async read(): Promise<Note[]> {
    const raw = await this.store.getItem(KEPT_KEY);
    if (raw === null || raw === "") return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return []; // not ours to read: written over by the next note
    }
    if (!Array.isArray(parsed)) return [];
    const notes: Note[] = [];
    for (const item of parsed) {
      const note = noteSchema.safeParse(item);
      if (note.success && (note.data.entry !== null || note.data.pending !== null)) notes.push(note.data);
    }
    return notes;
  }

  /** Reads the notes, changes them, drops the stale and the surplus, writes them (or removes the item). */
  private async change(edit: (notes: Note[]) => Note[]): Promise<void> {
    const oldest = this.now() - KEPT_DAYS * DAY_MS;
    const notes = edit(await this.read())
      .filter((n) => Date.parse(n.keptAt) >= oldest)
      .slice(-MAX_KEPT);
    if (notes.length === 0) await this.store.removeItem(KEPT_KEY);
    else await this.store.setItem(KEPT_KEY, JSON.stringify(notes));
  }
}
