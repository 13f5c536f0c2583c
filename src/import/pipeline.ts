// The import pipeline: runs the effects of the journey (Excel, network, clock, document settings,
// all passed in) and reports what happened as events to the pure state machine of state.ts.
// The pane renders `getState()` and calls the methods below; it never calls Excel or the network.

import { isApiError } from "../api/errors";
import { faultOf, keepPolling, pollDelay } from "../api/faults";
import { jobState } from "../api/jobState";
import type { PlatformApi } from "../api/platform";
import type { ImportLog, ImportRequest } from "../api/schemas";
import {
  analyseCatalogInSteps,
  columnLetter,
  buildImportBodyInSteps,
  countAnalysis,
  runSteps,
  type Steps,
  type BuiltBody,
  type CatalogAnalysis,
  type CellBlock,
  type ColumnMapping,
  type Problem,
} from "../catalog";
import { LANGUAGES, getLanguage, t, type Language } from "../i18n";
import "../i18n/deferred"; // the import and problems messages load with this module
import {
  importSourceFromSelection,
  readRangeBlock,
  selectCell,
  writeColumnBack,
  writeLogTable,
  type DocumentSettingsStore,
  type ExcelRunner,
} from "../workbook";
import { WorkbookError, toWorkbookError } from "../workbook/errors";
import { ImportHistory, type HistoryEntry } from "./history";
import { buildLogTables, resultColumnValues, type LogKind } from "./logTables";
import {
  countLog,
  initialState,
  transition,
  type ImportChoices,
  type ImportEvent,
  type ImportState,
  type LogCounts,
  type Said,
  type SourceInfo,
  type WrittenLog,
} from "./state";

export type { ExcelRunner };

/** Longest stretch of the check or the preview's build between two pauses, when pauses are given. */
export const SLICE_MS = 30;

/**
 * Runs the catalog engine's steps, pausing (`pause`: the pane lets the page respond) whenever a
 * slice has taken SLICE_MS by `now`; without `pause`, at once.
 */
export async function runInSlices<T>(
  steps: Steps<T>,
  pause: (() => Promise<void>) | undefined,
  now: () => number,
): Promise<T> {
  if (pause === undefined) return runSteps(steps);
  let sliceStarted = now();
  let next = steps.next();
  while (next.done !== true) {
    if (now() - sliceStarted >= SLICE_MS) {
      await pause();
      sliceStarted = now();
    }
    next = steps.next();
  }
  return next.value;
}

export interface ImportDeps {
  /** Excel.run, or the emulation's run in tests. */
  excel: ExcelRunner;
  api: Pick<
    PlatformApi,
    "startImport" | "pollImportStatusByJobId" | "getImportStatusByRoot" | "getImportLog"
  >;
  /** The workbook's document settings: history, mappings, remembered options. */
  settings: DocumentSettingsStore;
  now: () => number;
  /**
   * Lets the page respond (a new task) during a long check or preview build, which then run in
   * slices of SLICE_MS measured by `sliceClock` (or `now`). Absent (tests), they run at once.
   */
  pause?: () => Promise<void>;
  /** A fine clock for the slices (performance.now in the pane). */
  sliceClock?: () => number;
  /** Waits, or rejects when the signal aborts. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Resolves once the user is signed in again (the sign-in ended mid-job). */
  whenSignedIn: (signal: AbortSignal) => Promise<void>;
  /** The signed-in user's name, for the summary sheet. */
  userName?: () => string;
  newGuid?: () => string;
  language?: () => Language;
  /** Where a failure the user does not need to act on is reported (a saved setting that failed, say). */
  onError?: (message: string, error: unknown) => void;
}

export type Listener = (state: ImportState) => void;

function said(key: Said["key"], detail?: string): Said {
  return detail === undefined || detail === "" ? { key } : { key, detail };
}

function detailOf(error: unknown): string {
  if (isApiError(error)) return error.userMessage;
  if (error instanceof WorkbookError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

export class ImportPipeline {
  readonly history: ImportHistory;
  private state: ImportState;
  private readonly listeners = new Set<Listener>();
  private block: CellBlock | null = null;
  private decimalSeparator: string | undefined;
  private built: BuiltBody | null = null;
  private skippedRows: number[] = [];
  private following: AbortController | null = null;
  private entry: HistoryEntry | null = null;
  /** Counts checks and preview builds started: a slower earlier one never overwrites a later one. */
  private generation = 0;

  constructor(private readonly deps: ImportDeps) {
    this.history = new ImportHistory(deps.settings);
    const remembered = this.history.options();
    this.state = initialState({
      writeBackGuids: remembered.writeBackGuids,
      resultColumn: remembered.resultColumn,
      catalogName: remembered.lastCatalog,
    });
  }

  getState(): ImportState {
    return this.state;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private dispatch(event: ImportEvent): void {
    const next = transition(this.state, event);
    if (next === this.state) return;
    this.state = next;
    for (const l of [...this.listeners]) l(next);
  }

  private language(): Language {
    return this.deps.language?.() ?? getLanguage();
  }

  // ---- source and check -------------------------------------------------------------------

  setChoices(choices: Partial<ImportChoices>): void {
    this.dispatch({ type: "choices", choices });
    if ("writeBackGuids" in choices || "resultColumn" in choices) {
      void this.history
        .saveOptions({
          ...(choices.writeBackGuids !== undefined ? { writeBackGuids: choices.writeBackGuids } : {}),
          ...(choices.resultColumn !== undefined ? { resultColumn: choices.resultColumn } : {}),
        })
        .catch((e: unknown) => this.deps.onError?.("could not remember the import options", e));
    }
  }

  /** Reads the selected range (a single cell grows to its table, whole columns shrink to the used range) and checks it. */
  async readSelection(): Promise<void> {
    let source: SourceInfo;
    try {
      source = await this.deps.excel((context) => importSourceFromSelection(context));
    } catch (error) {
      this.dispatch({ type: "read-failed", error: said("import.failedRead", detailOf(error)) });
      return;
    }
    await this.read(source, this.history.mappingFor(this.state.choices.catalogName.trim()));
  }

  /** Reads a given range (its sheet and its address on that sheet) and checks it. */
  async readRange(source: SourceInfo, mapping: ColumnMapping | null = null): Promise<void> {
    await this.read(source, mapping ?? this.history.mappingFor(this.state.choices.catalogName.trim()));
  }

  /** "Check again": reads the same range again with the same mapping, after the user fixed cells. */
  async checkAgain(): Promise<void> {
    const source = this.state.source;
    if (source === null) return this.readSelection();
    await this.read(source, this.state.mapping);
  }

  /**
   * A column chosen by hand: the same cells are checked again with the new mapping (no new read).
   * The mapping is remembered for the catalog in this workbook (a mapping is not secret).
   */
  async setMapping(mapping: ColumnMapping): Promise<void> {
    if (this.block === null || this.state.source === null) return;
    const analysed = this.analyse(this.state.source, mapping);
    const catalog = this.state.choices.catalogName.trim();
    if (catalog !== "") {
      void this.history
        .saveMapping(catalog, mapping)
        .catch((e: unknown) => this.deps.onError?.("could not remember the column mapping", e));
    }
    await analysed;
  }

  /**
   * The mapping the user edits: the one in use, or, when no header row naming a Code column was
   * found, an empty one with the range's first row as its header, so the user can say which
   * column is which instead of being stuck.
   */
  mappingDraft(): ColumnMapping | null {
    if (this.state.mapping !== null) return this.state.mapping;
    if (this.block === null) return null;
    return { headerRow: this.block.startRow, columns: {} };
  }

  /**
   * The columns of the range read, each with the text of its header cell ("" without a header
   * row), for the mapping's choices.
   */
  sourceColumns(): { letter: string; header: string }[] {
    const block = this.block;
    if (block === null) return [];
    const width = block.values.reduce((w, row) => Math.max(w, row.length), 0);
    const headerRow = this.mappingDraft()?.headerRow ?? null;
    const headerCells = headerRow === null ? [] : (block.values[headerRow - block.startRow] ?? []);
    return Array.from({ length: width }, (_, i) => {
      const cell = headerCells[i];
      return {
        letter: columnLetter(block.startColumn + i),
        header: typeof cell === "string" || typeof cell === "number" ? String(cell).trim() : "",
      };
    });
  }

  /**
   * The range the selection would import now (a single cell grows to its table), to notice that
   * the user selected other cells while the pane was open. null when it cannot be read.
   */
  async selectionNow(): Promise<SourceInfo | null> {
    try {
      return await this.deps.excel((context) => importSourceFromSelection(context));
    } catch {
      return null;
    }
  }

  private slices<T>(steps: Steps<T>): Promise<T> {
    return runInSlices(steps, this.deps.pause, this.deps.sliceClock ?? this.deps.now);
  }

  private async read(source: SourceInfo, mapping: ColumnMapping | null): Promise<void> {
    try {
      const result = await this.deps.excel((context) =>
        readRangeBlock(context, { sheet: source.sheet, address: source.address }),
      );
      this.block = result.block;
      this.decimalSeparator = result.decimalSeparator;
      const address = result.address === "" ? source.address : result.address;
      await this.analyse({ sheet: result.block.sheet, address }, mapping);
    } catch (error) {
      this.dispatch({ type: "read-failed", error: said("import.failedRead", detailOf(error)) });
    }
  }

  private async analyse(source: SourceInfo, mapping: ColumnMapping | null, notice?: Said): Promise<void> {
    if (this.block === null) return;
    const generation = ++this.generation;
    const analysis = await this.slices(
      analyseCatalogInSteps(this.block, {
        ...(this.decimalSeparator !== undefined ? { decimalSeparator: this.decimalSeparator } : {}),
        mapping,
      }),
    );
    if (generation !== this.generation) return;
    this.built = null;
    this.dispatch({ type: "analysed", source, analysis, ...(notice ? { notice } : {}) });
  }

  /**
   * Before anything is written or posted, the checked range is read again: if its cells changed
   * since the check (the user edited the sheet with the pane open), they are checked again and
   * the user sees the new check and preview instead of an import of what the sheet no longer
   * says. Returns true when the import may go on.
   */
  private async sameCellsAsChecked(source: SourceInfo): Promise<boolean> {
    const checked = this.block;
    if (checked === null) return true;
    let fresh: CellBlock;
    try {
      fresh = (
        await this.deps.excel((context) =>
          readRangeBlock(context, { sheet: source.sheet, address: source.address }),
        )
      ).block;
    } catch (error) {
      this.dispatch({ type: "read-failed", error: said("import.failedRead", detailOf(error)) });
      return false;
    }
    if (sameBlock(checked, fresh)) return true;
    this.block = fresh;
    await this.analyse(source, this.state.mapping, said("import.cellsChanged"));
    return false;
  }

  /** Selects the cell of a problem in the sheet ("click a problem, land on its cell"). */
  async selectProblem(problem: Pick<Problem, "sheet" | "cell">): Promise<WorkbookError | null> {
    try {
      await this.deps.excel((context) => selectCell(context, problem.sheet, problem.cell));
      return null;
    } catch (error) {
      return toWorkbookError(error, { action: "read", sheet: problem.sheet });
    }
  }

  // ---- preview ----------------------------------------------------------------------------

  /** The analysis that is sent: without the rows with errors when the user chose to skip them. */
  private sentAnalysis(): CatalogAnalysis | null {
    const analysis = this.state.analysis;
    if (analysis === null) return null;
    if (!this.state.choices.skipErrorRows) return analysis;
    const skipped = new Set(this.state.errorRows);
    const positions = analysis.positions.filter((p) => !skipped.has(p.row));
    const deletions = analysis.deletions.filter((d) => !skipped.has(d.row));
    const problems = analysis.problems.filter((p) => !(p.severity === "error" && skipped.has(p.row)));
    return {
      ...analysis,
      positions,
      deletions,
      problems,
      counts: countAnalysis(
        positions,
        deletions,
        problems,
        analysis.tree,
        analysis.counts.emptyRows,
        analysis.counts.skippedRows + skipped.size,
      ),
    };
  }

  /** Builds exactly what will be sent and shows it; nothing is posted before this. */
  async preview(): Promise<void> {
    const analysis = this.sentAnalysis();
    const choices = this.state.choices;
    if (analysis === null) return;
    const guidColumn = this.state.mapping?.columns.Guid;
    const generation = ++this.generation;
    let built: BuiltBody;
    try {
      built = await this.slices(
        buildImportBodyInSteps(
          analysis,
          { CatalogName: choices.catalogName.trim(), CompanyId: choices.companyId },
          {
            assignGuids: choices.writeBackGuids && guidColumn !== undefined,
            ...(this.deps.newGuid ? { newGuid: this.deps.newGuid } : {}),
          },
        ),
      );
    } catch {
      return; // errors remain: canPreview keeps the state on the check screen
    }
    // A check or another preview started meanwhile: what it shows wins.
    if (generation !== this.generation) return;
    this.built = built;
    this.skippedRows = choices.skipErrorRows ? [...this.state.errorRows] : [];
    this.dispatch({
      type: "previewed",
      send: {
        positions: built.body.Data.length,
        deletions: built.body.DeletedData.length,
        newGuids: built.assignedGuids.length,
        skippedRows: this.skippedRows.length,
        catalogName: choices.catalogName.trim(),
        companyId: choices.companyId,
        companyName: choices.companyName,
      },
    });
  }

  /** The body the preview showed: for the pane's "what is sent" and for tests. */
  previewBody(): ImportRequest | null {
    return this.built?.body ?? null;
  }

  back(): void {
    this.dispatch({ type: "back" });
  }

  // ---- post and follow --------------------------------------------------------------------

  /**
   * Writes the new Guids back (if chosen), posts the job once (never retried), saves the job id in
   * the workbook's document settings, then follows the job until it ends or the user stops waiting.
   */
  async start(): Promise<void> {
    const built = this.built;
    const send = this.state.send;
    const source = this.state.source;
    if (this.state.phase !== "previewed" || built === null || send === null) return;
    if (source !== null && !(await this.sameCellsAsChecked(source))) return;
    if (this.state.phase !== "previewed" || this.built !== built) return;
    this.dispatch({ type: "posting" });

    const guidColumn = this.state.mapping?.columns.Guid;
    if (built.assignedGuids.length > 0 && guidColumn !== undefined && source !== null) {
      try {
        await this.writeGuids(source.sheet, guidColumn, built);
      } catch (error) {
        this.dispatch({
          type: "post-failed",
          error: said("import.failedGuids", detailOf(error)),
          uncertain: false,
        });
        return;
      }
    }

    let jobId: string;
    try {
      jobId = (await this.deps.api.startImport(built.body)).jobId;
    } catch (error) {
      const uncertain = isApiError(error) && (error.kind === "network" || error.kind === "timeout");
      const key = uncertain
        ? "import.failedPostUncertain"
        : isApiError(error) && error.needsSignIn
          ? "import.failedNotSignedIn"
          : "import.failedPostRefused";
      this.dispatch({
        type: "post-failed",
        error: said(key, uncertain ? undefined : detailOf(error)),
        uncertain,
      });
      return;
    }

    const at = this.deps.now();
    const entry: HistoryEntry = {
      jobId,
      catalogName: send.catalogName,
      companyId: send.companyId,
      companyName: send.companyName,
      startedAt: new Date(at).toISOString(),
      status: "running",
      sent: { positions: send.positions, deletions: send.deletions, skippedRows: send.skippedRows },
      source,
    };
    this.entry = entry;
    // The job id is in the workbook before the first status request.
    try {
      await this.history.put(entry);
      if (this.state.mapping) await this.history.saveMapping(send.catalogName, this.state.mapping);
      await this.history.saveOptions({ lastCatalog: send.catalogName });
    } catch (error) {
      this.deps.onError?.("could not save the job in the workbook settings", error);
    }
    this.dispatch({ type: "posted", jobId, at });
    await this.follow(jobId);
  }

  private async writeGuids(sheet: string, column: string, built: BuiltBody): Promise<void> {
    const rows = built.assignedGuids.map((a) => a.row);
    const first = Math.min(...rows);
    const last = Math.max(...rows);
    const values: Array<string | null> = new Array<string | null>(last - first + 1).fill(null);
    for (const a of built.assignedGuids) values[a.row - first] = a.guid;
    await this.deps.excel((context) => writeColumnBack(context, sheet, column, first, values));
  }

  /** Picks up the newest job still running in this workbook's history (the pane opened again). */
  async resumePending(): Promise<boolean> {
    const pending = this.history.running()[0];
    if (!pending) return false;
    await this.resume(pending);
    return true;
  }

  /** Follows a job from the history again (after "Stop waiting", or in a new pane). */
  async resume(entry: HistoryEntry): Promise<void> {
    this.entry = entry;
    this.built = null;
    this.skippedRows = [];
    this.dispatch({
      type: "resumed",
      jobId: entry.jobId,
      startedAt: Date.parse(entry.startedAt),
      source: entry.source,
      choices: { catalogName: entry.catalogName, companyId: entry.companyId, companyName: entry.companyName },
    });
    await this.follow(entry.jobId);
  }

  /** "Stop waiting": the job goes on on the server; the history keeps it as running. */
  detach(): void {
    if (this.state.phase !== "following") return;
    this.following?.abort();
    this.following = null;
    this.dispatch({ type: "detached" });
  }

  private async follow(jobId: string): Promise<void> {
    this.following?.abort();
    const controller = new AbortController();
    this.following = controller;
    const signal = controller.signal;
    let attempt = 0;
    const pause = async (ms: number): Promise<boolean> => {
      try {
        await this.deps.sleep(ms, signal);
        return true;
      } catch {
        return false;
      }
    };
    while (!signal.aborted) {
      let status;
      try {
        status = await this.deps.api.pollImportStatusByJobId(jobId, signal);
      } catch (error) {
        if (signal.aborted) return;
        const fault = faultOf(error);
        const decision = fault === null ? null : keepPolling(fault, attempt);
        if (decision?.again === true) {
          attempt++;
          this.dispatch({ type: "reconnecting" });
          if (!(await pause(decision.delayMs))) return;
          continue;
        }
        if (isApiError(error) && error.needsSignIn) {
          this.dispatch({ type: "sign-in-needed" });
          try {
            await this.deps.whenSignedIn(signal);
          } catch {
            return;
          }
          this.dispatch({ type: "signed-in" });
          continue;
        }
        await this.endFailed(jobId, said("import.failedFollow", detailOf(error)));
        return;
      }
      const state = jobState(status);
      if (state.state === "running") {
        this.dispatch({
          type: "status",
          percent: state.progress,
          status: status.status,
          at: this.deps.now(),
        });
        if (!(await pause(pollDelay(attempt++)))) return;
        continue;
      }
      if (state.state === "failed") {
        await this.endFailed(jobId, said("import.failedJob", state.message));
        return;
      }
      this.dispatch({ type: "status", percent: 100, status: status.status, at: this.deps.now() });
      await this.finish(jobId, signal);
      return;
    }
  }

  private async endFailed(jobId: string, error: Said): Promise<void> {
    this.following = null;
    this.dispatch({ type: "job-failed", error });
    await this.saveEntry(jobId, {
      status: "failed",
      finishedAt: new Date(this.deps.now()).toISOString(),
      error: error.detail ?? "",
    });
  }

  private async saveEntry(jobId: string, change: Partial<HistoryEntry>): Promise<void> {
    try {
      const next = await this.history.update(jobId, change);
      if (next) this.entry = next;
    } catch (error) {
      this.deps.onError?.("could not update the job in the workbook settings", error);
    }
  }

  /** Fetches the log (retrying passing faults), records the job as done, writes the log sheets. */
  private async finish(jobId: string, signal: AbortSignal): Promise<void> {
    let log: ImportLog | null = null;
    for (let attempt = 0; log === null; attempt++) {
      try {
        log = await this.deps.api.getImportLog(jobId, signal);
      } catch (error) {
        if (signal.aborted) return;
        const fault = faultOf(error);
        const decision = fault === null ? null : keepPolling(fault, attempt);
        if (decision?.again === true) {
          this.dispatch({ type: "reconnecting" });
          try {
            await this.deps.sleep(decision.delayMs, signal);
          } catch {
            return;
          }
          continue;
        }
        if (isApiError(error) && error.needsSignIn) {
          this.dispatch({ type: "sign-in-needed" });
          try {
            await this.deps.whenSignedIn(signal);
          } catch {
            return;
          }
          this.dispatch({ type: "signed-in" });
          continue;
        }
        await this.endFailed(jobId, said("import.failedFollow", detailOf(error)));
        return;
      }
    }
    this.following = null;
    this.dispatch({ type: "log", log });
    const counts = this.state.counts ?? undefined;
    await this.saveEntry(jobId, {
      status: "done",
      finishedAt: new Date(this.deps.now()).toISOString(),
      ...(counts ? { counts } : {}),
    });
    await this.writeLog();
  }

  // ---- the log ----------------------------------------------------------------------------

  /** Writes the log into new sheets (and the Result column if chosen); on failure the log stays with the reason. */
  async writeLog(): Promise<void> {
    const log = this.state.log;
    const jobId = this.state.jobId ?? this.entry?.jobId;
    if (log === null || jobId === undefined || jobId === null) return;
    const entry = this.entry;
    const language = this.language();
    const counts = this.state.counts ?? { inserted: 0, updated: 0, deleted: 0, ignored: 0 };
    const tables = buildLogTables(
      log,
      {
        jobId,
        catalogName: entry?.catalogName ?? this.state.choices.catalogName,
        companyName: entry?.companyName ?? this.state.choices.companyName,
        user: this.deps.userName?.() ?? "",
        startedAt: entry ? Date.parse(entry.startedAt) : this.deps.now(),
        finishedAt: entry?.finishedAt ? Date.parse(entry.finishedAt) : this.deps.now(),
        status: this.state.progress?.status || "ReportCreated",
        counts,
        source: entry?.source ?? this.state.source,
      },
      language,
    );
    let written: WrittenLog;
    try {
      written = await this.writeTables(tables);
    } catch (error) {
      this.dispatch({
        type: "log-write-failed",
        error: said("import.failedLogWrite", toWorkbookError(error, { action: "write" }).message),
      });
      return;
    }
    this.dispatch({ type: "log-written", written });
    await this.saveEntry(jobId, { sheets: written });
    if (this.state.choices.resultColumn) await this.writeResultColumn(log, language);
  }

  /** Writes the log tables into new sheets, the summary last; throws what Excel refused. */
  private async writeTables(tables: ReturnType<typeof buildLogTables>): Promise<WrittenLog> {
    return this.deps.excel(async (context) => {
      const sheets: Partial<Record<LogKind, string>> = {};
      for (const part of tables.parts) {
        sheets[part.kind] = (await writeLogTable(context, part.table)).sheetName;
      }
      const summary = (await writeLogTable(context, tables.summary)).sheetName;
      return { summary, ...sheets };
    });
  }

  /** The log as a JSON file's text, for "Download the log" when the sheets could not be written. */
  logJson(): string {
    const entry = this.entry;
    return JSON.stringify(
      {
        jobId: this.state.jobId ?? entry?.jobId ?? null,
        catalogName: entry?.catalogName ?? this.state.choices.catalogName,
        companyId: entry?.companyId ?? this.state.choices.companyId,
        startedAt: entry?.startedAt ?? null,
        finishedAt: entry?.finishedAt ?? null,
        source: entry?.source ?? this.state.source,
        log: this.state.log,
      },
      null,
      2,
    );
  }

  /** Writes "Inserted (id)", "Updated", … beside the source range; a second run replaces the column. */
  private async writeResultColumn(log: ImportLog, language: Language): Promise<void> {
    const source = this.entry?.source ?? this.state.source;
    const analysis = this.state.analysis;
    const block = this.block;
    if (source === null || analysis === null || block === null) return;
    const width = block.values.reduce((w, r) => Math.max(w, r.length), 0);
    const headerRow = this.state.mapping?.headerRow ?? null;
    const firstRow = headerRow ?? block.startRow;
    const lastRow = block.startRow + block.values.length - 1;
    // The Result column of an earlier run may be the range's last column: replace it.
    const lastHeader =
      headerRow === null ? "" : String(block.values[headerRow - block.startRow]?.[width - 1] ?? "");
    const isOurs = LANGUAGES.some((l) => lastHeader === t("import.resultHeader", {}, l));
    const column = block.startColumn + (isOurs ? width - 1 : width);
    const values = resultColumnValues(
      log,
      analysis.positions,
      analysis.deletions,
      this.skippedRows,
      headerRow === null ? firstRow : firstRow + 1,
      lastRow,
      language,
    );
    const cells = headerRow === null ? values : [t("import.resultHeader", {}, language), ...values];
    try {
      await this.deps.excel((context) => writeColumnBack(context, source.sheet, column, firstRow, cells));
    } catch (error) {
      this.deps.onError?.("could not write the Result column", error);
    }
  }

  // ---- history and recovery ---------------------------------------------------------------

  /** Endpoint 3: the latest import of a catalog (after a POST without an answer, or for jobs started elsewhere). */
  async checkLatest(catalogName = this.state.choices.catalogName): Promise<Said | null> {
    try {
      const name = catalogName.trim();
      const s = await this.deps.api.getImportStatusByRoot(name);
      this.dispatch({
        type: "latest",
        latest: {
          catalogName: name,
          jobId: s.jobId,
          status: s.status,
          progress: s.progress,
          ...(s.date ? { date: s.date } : {}),
        },
      });
      return null;
    } catch (error) {
      if (isApiError(error) && error.kind === "http" && error.status === 404) {
        // An answer, not a failure: no import of this catalog reached the platform.
        this.dispatch({
          type: "latest",
          latest: { catalogName: catalogName.trim(), jobId: null, status: "", progress: 0 },
        });
        return null;
      }
      return said("import.failedFollow", detailOf(error));
    }
  }

  /** Endpoint 4: the log of any job of the history, written into sheets again. */
  async reopenLog(jobId: string): Promise<Said | null> {
    try {
      const log = await this.deps.api.getImportLog(jobId);
      this.entry = this.history.find(jobId) ?? null;
      this.dispatch({
        type: "resumed",
        jobId,
        startedAt: this.deps.now(),
        source: this.entry?.source ?? null,
        choices: {},
      });
      this.following = null;
      this.dispatch({ type: "log", log });
      await this.writeLog();
      return null;
    } catch (error) {
      return said("import.failedFollow", detailOf(error));
    }
  }

  /**
   * Endpoint 4 for the History tab: the log of any job (of this workbook's history, or found by
   * "Latest import of a catalog") written into new sheets again, without touching the journey on
   * the Import tab. The history entry keeps the new sheet names and the counts. A job still
   * running has no log yet: the platform's answer is returned as the reason.
   */
  async reopenLogSheets(
    jobId: string,
    fallback: { catalogName?: string; status?: string } = {},
  ): Promise<{ written: WrittenLog; counts: LogCounts } | { error: Said }> {
    let log: ImportLog;
    try {
      log = await this.deps.api.getImportLog(jobId);
    } catch (error) {
      return { error: said("import.failedFollow", detailOf(error)) };
    }
    const entry = this.history.find(jobId);
    const counts = countLog(log);
    const now = this.deps.now();
    const language = this.language();
    const tables = buildLogTables(
      log,
      {
        jobId,
        catalogName: entry?.catalogName ?? fallback.catalogName ?? "",
        companyName: entry?.companyName ?? "",
        user: this.deps.userName?.() ?? "",
        startedAt: entry ? Date.parse(entry.startedAt) : now,
        finishedAt: entry?.finishedAt ? Date.parse(entry.finishedAt) : now,
        status: fallback.status ?? (entry?.status === "failed" ? "Failed" : "ReportCreated"),
        counts,
        source: entry?.source ?? null,
      },
      language,
    );
    let written: WrittenLog;
    try {
      written = await this.writeTables(tables);
    } catch (error) {
      return { error: said("import.failedLogWrite", toWorkbookError(error, { action: "write" }).message) };
    }
    if (entry) {
      try {
        await this.history.update(jobId, { sheets: written, counts });
      } catch (e) {
        this.deps.onError?.("could not update the job in the workbook settings", e);
      }
    }
    return { written, counts };
  }

  /** "Import again": back to the source with the same range and choices. */
  reset(): void {
    this.following?.abort();
    this.following = null;
    this.built = null;
    this.dispatch({ type: "reset" });
  }
}

/** The same cells, value for value (what a check reads from them). */
function sameBlock(a: CellBlock, b: CellBlock): boolean {
  if (a.sheet !== b.sheet || a.startRow !== b.startRow || a.startColumn !== b.startColumn) return false;
  if (a.values.length !== b.values.length) return false;
  for (let r = 0; r < a.values.length; r += 1) {
    const x = a.values[r] ?? [];
    const y = b.values[r] ?? [];
    if (x.length !== y.length) return false;
    for (let c = 0; c < x.length; c += 1) if (x[c] !== y[c]) return false;
    const tx = a.text?.[r];
    const ty = b.text?.[r];
    if (tx !== undefined && ty !== undefined) {
      for (let c = 0; c < tx.length; c += 1) if (tx[c] !== ty[c]) return false;
    }
  }
  return true;
}
