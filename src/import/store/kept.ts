// The running job, and the import being sent, kept outside the workbook as well: in the user's
// storage on this computer (OfficeRuntime.storage, passed in as `ImportDeps.keep`). Document
// settings reach the file only when the workbook is saved, so a job started and then "closed
// without saving" is gone from the file; this note finds it again. Each note names the workbook
// by its id (WORKBOOK_ID_KEY, found once the workbook was saved with it) and by its URL
// (Office.context.document.url, empty for a workbook never saved); the pane looks for either.
// A note goes once the job's log is written or the job failed; at most MAX_KEPT notes, none
// older than KEPT_DAYS. Nothing secret: the job id, catalog, company, times and source range,
// as in the document settings.
//
// One storage item per note (NOTE_KEY_PREFIX and the note's id): the import's random id while it is
// being sent, kept by its job's note when the answer comes. A pane writes only the notes of its own
// imports (and drops stale ones), so two workbooks, or two windows, sending at the same moment each
// keep their note: the storage has no transactions, and one item read, changed and written back by
// two panes at once kept only the last one's. The previous version's one item holding every note
// (KEPT_KEY) is read too, and moved to one item per note by the next write.

import { z } from "zod";
import {
  LEGACY_PENDING_ID,
  parseEntry,
  parsePending,
  type HistoryEntry,
  type PendingImport,
} from "../model/records";
import type { Lease } from "../model/lease";

/** The user's storage outside the workbook, as src/session gives it (getItem gives null when absent). */
export interface OutsideStore {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
  /** Every key of the add-in's storage (OfficeRuntime.storage.getKeys). */
  getKeys(): Promise<string[]>;
}

/** The previous version's one item holding every note: read, and moved to one item per note by the next write. */
export const KEPT_KEY = "boq-bridge.import.kept.v1";
/** One item per note: this prefix and the note's id. */
export const NOTE_KEY_PREFIX = "boq-bridge.import.note.v2.";
/** Notes kept at most: the oldest go first. */
export const MAX_KEPT = 20;
/** A note older than this is dropped: its job ended long ago or its workbook is gone. */
export const KEPT_DAYS = 30;
const DAY_MS = 86_400_000;
/** The note of a job found without the import that sent it (resumed, or kept by the previous version). */
const JOB_NOTE = "job.";

export function noteKey(id: string): string {
  return NOTE_KEY_PREFIX + id;
}

/** Which workbook a note belongs to. */
export interface WorkbookIdentity {
  workbookId: string | null;
  url: string | null;
}

interface Note extends WorkbookIdentity {
  id: string;
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
  /** Imports being sent, each with the URL of the workbook it was sent from, newest first. */
  pendings: PendingImport[];
  /** Jobs still running when last kept, newest first. */
  jobs: HistoryEntry[];
}

function belongs(note: WorkbookIdentity, to: WorkbookIdentity): boolean {
  return (
    (to.workbookId !== null && note.workbookId === to.workbookId) || (to.url !== null && note.url === to.url)
  );
}

/** A note as read from its item (or from the previous version's list), or null when it is not one. */
function readNote(id: string | null, value: unknown): Note | null {
  const parsed = noteSchema.safeParse(value);
  if (!parsed.success) return null;
  const { entry, pending } = parsed.data;
  if (entry === null && pending === null) return null;
  // The previous version's notes had no id: the import's time of sending, or the job's id, names them.
  const named =
    id ??
    (pending !== null
      ? (pending.id ?? `${LEGACY_PENDING_ID}${pending.sentAt}`)
      : `${JOB_NOTE}${entry?.jobId ?? ""}`);
  return { ...parsed.data, id: named };
}

function parseJson(raw: string | null): unknown {
  if (raw === null || raw === "") return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null; // not ours to read: written over or dropped by a later note
  }
}

export class KeptJobs {
  /** The note of the import this pane is sending (keepPending), which its job's note replaces. */
  private sending: string | null = null;
  /** This pane's writes, one after another: a renewal never writes back a note just removed. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: OutsideStore,
    private readonly now: () => number,
  ) {}

  /** The import being sent from this workbook, in a note of its own (this pane's earlier one goes). */
  keepPending(identity: WorkbookIdentity, pending: PendingImport): Promise<void> {
    const id = pending.id ?? `${LEGACY_PENDING_ID}${pending.sentAt}`;
    return this.write(async () => {
      if (this.sending !== null && this.sending !== id) await this.store.removeItem(noteKey(this.sending));
      this.sending = id;
      await this.put(this.note(id, identity, null, { ...pending, id }));
    });
  }

  /**
   * A job of this workbook (its answer came): replaces the note of the import that sent it (`noteId`,
   * by default the one this pane is sending), and any other note of the same job.
   */
  keepJob(identity: WorkbookIdentity, entry: HistoryEntry, noteId?: string): Promise<void> {
    return this.write(async () => {
      const id = noteId ?? this.sending ?? `${JOB_NOTE}${entry.jobId}`;
      if (id === this.sending) this.sending = null;
      await this.put(this.note(id, identity, entry, null));
      for (const n of await this.all()) {
        if (n.id !== id && n.entry?.jobId === entry.jobId) await this.store.removeItem(noteKey(n.id));
      }
    });
  }

  /**
   * The import being sent is settled without a job (refused, or the user imports again): its note
   * goes (`noteId`, by default the one this pane is sending; its id alone names it, whichever
   * workbook it came from).
   */
  forgetPending(_identity: WorkbookIdentity, noteId?: string): Promise<void> {
    return this.write(async () => {
      const id = noteId ?? this.sending;
      if (id === null) return;
      if (id === this.sending) this.sending = null;
      if ((await this.pending(id)) !== null) await this.store.removeItem(noteKey(id));
    });
  }

  /** The job's log is written, or the job failed: its note goes. */
  forget(jobId: string): Promise<void> {
    return this.write(async () => {
      for (const n of await this.all()) {
        if (n.entry?.jobId === jobId) await this.store.removeItem(noteKey(n.id));
      }
    });
  }

  /** The lease of an import being sent, written again; nothing when its note is gone or holds its job now. */
  renew(noteId: string, lease: Lease): Promise<void> {
    return this.write(async () => {
      const note = readNote(noteId, parseJson(await this.store.getItem(noteKey(noteId))));
      if (note?.pending)
        await this.put({ ...note, keptAt: this.time(), pending: { ...note.pending, lease } });
    }, false);
  }

  /** The import being sent that a note keeps (with the URL it was sent from), or null when it holds none. */
  async pending(noteId: string): Promise<PendingImport | null> {
    const note = readNote(noteId, parseJson(await this.store.getItem(noteKey(noteId))));
    return note === null ? null : pendingOf(note);
  }

  /** What is kept for this workbook (by its id or its URL). */
  async find(identity: WorkbookIdentity): Promise<KeptForWorkbook> {
    const mine = (await this.all()).filter((n) => belongs(n, identity));
    const pendings = mine.flatMap((n) => pendingOf(n) ?? []).sort((a, b) => b.sentAt.localeCompare(a.sentAt));
    const jobs = mine
      .map((n) => n.entry)
      .filter((e): e is HistoryEntry => e !== null && e.status === "running")
      .sort((a, b) => b.startedAt.localeCompare(a.startedAt));
    const workbookId = mine.find((n) => n.workbookId !== null)?.workbookId ?? null;
    return { workbookId, pendings, jobs };
  }

  private note(
    id: string,
    identity: WorkbookIdentity,
    entry: HistoryEntry | null,
    pending: PendingImport | null,
  ): Note {
    return { id, ...identity, keptAt: this.time(), entry, pending };
  }

  private time(): string {
    return new Date(this.now()).toISOString();
  }

  private put(note: Note): Promise<void> {
    const { id, ...kept } = note;
    return this.store.setItem(noteKey(id), JSON.stringify(kept));
  }

  /** Every note: one item each, and those of the previous version's list not moved yet. */
  private async all(): Promise<Note[]> {
    const notes = new Map<string, Note>();
    const legacy = parseJson(await this.store.getItem(KEPT_KEY));
    for (const item of Array.isArray(legacy) ? (legacy as unknown[]) : []) {
      const note = readNote(null, item);
      if (note) notes.set(note.id, note);
    }
    for (const key of await this.store.getKeys()) {
      if (!key.startsWith(NOTE_KEY_PREFIX)) continue;
      const id = key.slice(NOTE_KEY_PREFIX.length);
      const note = readNote(id, parseJson(await this.store.getItem(key)));
      if (note) notes.set(id, note);
    }
    return [...notes.values()];
  }

  /**
   * Runs a change after this pane's earlier ones, the previous version's list moved to one item per
   * note first. `tidy`: stale notes go after (too old, or beyond MAX_KEPT: the oldest, never an
   * import a pane is sending under a live lease); a renewal does not look at the others.
   */
  private write(change: () => Promise<void>, tidy = true): Promise<void> {
    const next = this.writing.then(async () => {
      await this.moveLegacy();
      await change();
      if (tidy) await this.dropStale();
    });
    this.writing = next.catch(() => undefined);
    return next;
  }

  private async moveLegacy(): Promise<void> {
    const legacy = parseJson(await this.store.getItem(KEPT_KEY));
    if (legacy === null) return;
    for (const item of Array.isArray(legacy) ? (legacy as unknown[]) : []) {
      const note = readNote(null, item);
      // A note another pane wrote in the meantime under the same id is newer: it stays.
      if (note && (await this.store.getItem(noteKey(note.id))) === null) await this.put(note);
    }
    await this.store.removeItem(KEPT_KEY);
  }

  private async dropStale(): Promise<void> {
    const now = this.now();
    const oldest = now - KEPT_DAYS * DAY_MS;
    const notes = (await this.all()).sort((a, b) => a.keptAt.localeCompare(b.keptAt));
    let left = notes.length;
    for (const n of notes) {
      const stale = !(Date.parse(n.keptAt) >= oldest);
      const surplus = left > MAX_KEPT && !((n.pending?.lease?.until ?? 0) > now);
      if (stale || surplus) {
        await this.store.removeItem(noteKey(n.id));
        left -= 1;
      }
    }
  }
}

/** A note's import being sent, with the note's URL where the previous version left it out. */
function pendingOf(note: Note): PendingImport | null {
  return note.pending === null ? null : { ...note.pending, url: note.pending.url ?? note.url };
}
