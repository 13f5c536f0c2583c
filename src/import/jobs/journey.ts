// What every job of the import shares: the effects passed in (ImportDeps), the journey's state
// with its listeners, the history of this workbook and the history entry of the job on screen.
// Each job (checking a range, sending, following a job, writing a log) gets the one Journey;
// ImportPipeline (pipeline.ts) ties them together for the pane.

import type { PlatformApi } from "../../api/platform";
import { errorDetails, errorText, getLanguage, type Language } from "../../i18n";
import type { DocumentSettingsStore, ExcelRunner } from "../../workbook";
import { ImportHistory } from "../store/history";
import type { HistoryEntry } from "../model/records";
import { leaseFor, type Lease } from "../model/lease";
import type { Said } from "../model/said";
import type { BaselineStore } from "../store/baselines";
import { KeptJobs, type OutsideStore, type WorkbookIdentity } from "../store/kept";
import { initialState, transition, type ImportEvent, type ImportState } from "../model/state";

export type { ExcelRunner };

export interface ImportDeps {
  /** Excel.run, or the emulation's run in tests. */
  excel: ExcelRunner;
  api: Pick<
    PlatformApi,
    "startImport" | "pollImportStatusByJobId" | "getImportStatusByRoot" | "getImportLog"
  >;
  /**
   * Endpoint 7, the company's projects, for the catalogs their priority schemes name (the target
   * catalog's list). Absent: the list holds only the names this workbook knows.
   */
  listProjects?: PlatformApi["listProjects"];
  /** The workbook's document settings: history, mappings, remembered options. */
  settings: DocumentSettingsStore;
  /**
   * The user's storage outside the workbook (OfficeRuntime.storage): the running job is noted there
   * too, so a workbook closed without saving finds it again (kept.ts). Absent: not kept outside.
   */
  keep?: OutsideStore;
  /**
   * Where what each import sent and got back is kept for the next preview's prediction (IndexedDB
   * in the pane: baselines.ts says why). Absent: the preview says nothing is known of earlier
   * imports.
   */
  baselines?: BaselineStore;
  /** The document's URL (Office.context.document.url): empty or null for a workbook never saved. */
  documentUrl?: () => string | null;
  now: () => number;
  /**
   * Lets the page respond (a new task) during a long check or preview build, which then run in
   * slices of SLICE_MS measured by `sliceClock` (or `now`). Absent (tests), they run at once.
   */
  pause?: () => Promise<void>;
  /** A fine clock for the slices (performance.now in the pane). */
  sliceClock?: () => number;
  /**
   * Calls `tick` every `ms` until the function it returns is called (setInterval in the pane; a
   * test calls it at will and may await what it does): the lease on an import being sent is
   * renewed with it (lease.ts). Absent: setInterval, which never keeps Node running by itself.
   */
  every?: (ms: number, tick: () => Promise<void>) => () => void;
  /** Waits, or rejects when the signal aborts. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Resolves once the user is signed in again (the sign-in ended mid-job). */
  whenSignedIn: (signal: AbortSignal) => Promise<void>;
  /** The signed-in user's name, for the summary sheet. */
  userName?: () => string;
  newGuid?: () => string;
  language?: () => Language;
  /** Where a failure is logged (a saved setting that failed, say; that one is also shown). */
  onError?: (message: string, error: unknown) => void;
}

export type Listener = (state: ImportState) => void;

/** A message key with the platform's or Excel's own words, if any. */
export function said(key: Said["key"], detail?: string): Said {
  return detail === undefined || detail === "" ? { key } : { key, detail };
}

/**
 * The detail of a failure for "Details", under the pane's own sentence: for the platform, the
 * request, its status and code and the platform's words (never in the main text); Excel's reason
 * or the error's message otherwise.
 */
export function detailOf(error: unknown): string {
  return errorDetails(error) ?? errorText(error);
}

/** The document settings, telling `onSaved` how each save ended (null: it worked). */
function watchSaves(
  settings: DocumentSettingsStore,
  onSaved: (error: unknown) => void,
): DocumentSettingsStore {
  return {
    get: (key) => settings.get(key),
    set: (key, value) => settings.set(key, value),
    remove: (key) => settings.remove(key),
    refresh: async () => {
      // Best effort: a copy that could not be read again is the one written, as before.
      try {
        await settings.refresh?.();
      } catch {
        // nothing to do: the write goes on over the copy in memory
      }
    },
    save: async () => {
      try {
        await settings.save();
      } catch (error) {
        onSaved(error ?? new Error("unknown reason"));
        throw error;
      }
      onSaved(null);
    },
  };
}

export class Journey {
  readonly history: ImportHistory;
  /** The notes outside the workbook; null where the host gives no storage. */
  readonly kept: KeptJobs | null;
  /** The history entry of the job on screen (posted, resumed or reopened). */
  entry: HistoryEntry | null = null;
  /** This pane's random id, which holds the leases on the imports it sends (lease.ts). */
  readonly pane: string = globalThis.crypto.randomUUID();
  /** Told the id of each import this pane is about to send, to keep its lease (lease.ts). */
  holding: ((id: string) => void) | null = null;
  private current: ImportState;
  private readonly listeners = new Set<Listener>();
  /** Counts checks and preview builds started: a slower earlier one never overwrites a later one. */
  private started = 0;

  constructor(readonly deps: ImportDeps) {
    this.history = new ImportHistory(watchSaves(deps.settings, (error) => this.saved(error)));
    this.kept = deps.keep ? new KeptJobs(deps.keep, deps.now) : null;
    const remembered = this.history.options();
    this.current = initialState({
      writeBackGuids: remembered.writeBackGuids,
      resultColumn: remembered.resultColumn,
      catalogName: remembered.lastCatalog,
    });
  }

  get state(): ImportState {
    return this.current;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  dispatch(event: ImportEvent): void {
    const next = transition(this.current, event);
    if (next === this.current) return;
    this.current = next;
    for (const l of [...this.listeners]) l(next);
  }

  language(): Language {
    return this.deps.language?.() ?? getLanguage();
  }

  /** Starts a check or a preview build; `isLatest` of its number says whether none started since. */
  begin(): number {
    return ++this.started;
  }

  isLatest(started: number): boolean {
    return started === this.started;
  }

  /**
   * Every save of the document settings ends here. Each save writes all of them, so a failure is
   * shown until a later save works: what the pane keeps (the running job, the import being sent)
   * may meanwhile be missing from the file.
   */
  private saved(error: unknown): void {
    if (error === null) this.dispatch({ type: "settings-saved" });
    else this.dispatch({ type: "settings-failed", error: said("import.settingsNotSaved", detailOf(error)) });
  }

  /** Records a change of a job in the history; a failure to save is logged (and shown through the state). */
  async saveEntry(jobId: string, change: Partial<HistoryEntry>): Promise<void> {
    try {
      const next = await this.history.update(jobId, change);
      if (next) this.entry = next;
    } catch (error) {
      this.warn("could not update the job in the workbook settings", error);
    }
  }

  /** This workbook as the notes outside it name it: its id (once it has one) and its URL. */
  identity(): WorkbookIdentity {
    const url = this.deps.documentUrl?.() ?? null;
    return { workbookId: this.history.workbookId(), url: url === "" ? null : url };
  }

  /**
   * Names an import about to be sent: a random id, the workbook's URL, and this pane's lease on it,
   * kept renewed from now on while the pane is open (lease.ts).
   */
  claim(): { id: string; url: string | null; lease: Lease } {
    const id = globalThis.crypto.randomUUID();
    this.holding?.(id);
    return { id, url: this.identity().url, lease: leaseFor(this.pane, this.deps.now()) };
  }

  /**
   * Changes the notes outside the workbook. A refusal (the storage is full: its 10 MB are shared
   * with other add-ins) never stops the job: it is followed while the pane is open, and the user is
   * told it may not be found after closing without saving, until a later note is kept. `quiet`:
   * removing a note, whose failure is only logged.
   */
  async keepOutside(
    change: (kept: KeptJobs, identity: WorkbookIdentity) => Promise<void>,
    options: { quiet?: boolean } = {},
  ): Promise<void> {
    if (this.kept === null) return;
    try {
      await change(this.kept, this.identity());
    } catch (error) {
      this.warn("could not keep the job outside the workbook", error);
      // A note that could not be removed is dropped later (MAX_KEPT, KEPT_DAYS): nothing to tell.
      if (options.quiet) return;
      // The browser's DOMException (web) may come from another realm: its name and words, not its class.
      const { name, message } = (typeof error === "object" && error !== null ? error : {}) as {
        name?: unknown;
        message?: unknown;
      };
      const full = name === "QuotaExceededError" || (typeof message === "string" && /quota/i.test(message));
      this.dispatch({
        type: "keep-outside-failed",
        error: said(full ? "import.notKeptOutsideFull" : "import.notKeptOutside"),
      });
      return;
    }
    this.dispatch({ type: "kept-outside" });
  }

  warn(message: string, error: unknown): void {
    this.deps.onError?.(message, error);
  }
}
