// The import pipeline: the one object the pane holds. It ties the jobs of the journey together
// (checking a range: check.ts; sending: send.ts; following a job: follow.ts; writing a log:
// logSheets.ts; earlier jobs: reopen.ts; an import whose answer was lost: lost.ts), all over one Journey (journey.ts) whose effects (Excel,
// network, clock, document settings) are passed in, and reports what happened as events to the
// pure state machine of model/state/. The pane renders `getState()` and calls the methods below; it
// never calls Excel or the network.

import type { ImportRequest } from "../api/schemas";
import { EMPTY_TREE, type ColumnMapping, type Problem } from "../catalog";
import type { WorkbookError } from "../workbook";
import { addMissingParents, type ParentsAdded } from "./jobs/addParents";
import { Baselines } from "./store/baselines";
import { RangeCheck } from "./jobs/check";
import { JobFollower } from "./jobs/follow";
import type { ImportHistory } from "./store/history";
import type { KeptForWorkbook } from "./store/kept";
import { Journey, type ImportDeps, type Listener } from "./jobs/journey";
import { LogWriter } from "./jobs/logSheets";
import { LostAnswer } from "./jobs/lost";
import { PendingLease } from "./jobs/lease";
import { checkLatest, fetchJobLog, reopenLogSheets, showReopenedLog } from "./jobs/reopen";
import { CatalogNames } from "./jobs/catalogNames";
import type { RememberedFit } from "./model/layouts";
import { Sending } from "./jobs/send";
import { runInSlices } from "./jobs/slices";
import type { ClearedPosition } from "./model/cleared";
import { RestoreDesk, type RestoreListener, type RestoreOffer } from "./jobs/restore";
import type { LogCounts } from "./model/logCounts";
import type { HistoryEntry, SourceInfo, WrittenLog } from "./model/records";
import type { Said } from "./model/said";
import type { ImportChoices, ImportState } from "./model/state";

export type { ExcelRunner, ImportDeps, Listener } from "./jobs/journey";

export class ImportPipeline {
  readonly history: ImportHistory;
  private readonly journey: Journey;
  private readonly check: RangeCheck;
  private readonly sending: Sending;
  private readonly follower: JobFollower;
  private readonly logs: LogWriter;
  private readonly lost: LostAnswer;
  private readonly lease: PendingLease;
  private readonly restore: RestoreDesk;
  private readonly baselines: Baselines;
  /** The pane closed (dispose): nothing more is asked, followed or written by this pipeline. */
  private closed = false;
  /** The catalogs the add-in knows of, for the target catalog's list. */
  readonly catalogs: CatalogNames;

  constructor(deps: ImportDeps) {
    this.journey = new Journey(deps);
    this.history = this.journey.history;
    this.check = new RangeCheck(this.journey, () => this.sending.forget());
    this.baselines = new Baselines(this.journey, (steps) =>
      runInSlices(steps, deps.pause, deps.sliceClock ?? deps.now),
    );
    this.sending = new Sending(this.journey, this.check, this.baselines);
    this.follower = new JobFollower(this.journey);
    this.lease = new PendingLease(this.journey);
    this.lost = new LostAnswer(this.journey, this.lease);
    this.catalogs = new CatalogNames(this.journey);
    this.restore = new RestoreDesk(this.journey);
    this.logs = new LogWriter(this.journey, {
      cells: () => this.check.cells,
      cleared: () => this.restore.cleared(),
    });
  }

  getState(): ImportState {
    return this.journey.state;
  }

  subscribe(listener: Listener): () => void {
    return this.journey.subscribe(listener);
  }

  // ---- source and check -------------------------------------------------------------------

  setChoices(choices: Partial<ImportChoices>): void {
    const before = this.journey.state.check.choices.catalogName.trim();
    this.journey.dispatch({ type: "choices", choices });
    // Another catalog may have columns remembered for this sheet's header row.
    if (choices.catalogName !== undefined && choices.catalogName.trim() !== before) {
      void this.check
        .catalogChanged()
        .catch((e: unknown) => this.journey.warn("could not fit the columns", e));
    }
    if ("writeBackGuids" in choices || "resultColumn" in choices) {
      void this.history
        .saveOptions({
          ...(choices.writeBackGuids !== undefined ? { writeBackGuids: choices.writeBackGuids } : {}),
          ...(choices.resultColumn !== undefined ? { resultColumn: choices.resultColumn } : {}),
        })
        .catch((e: unknown) => this.journey.warn("could not remember the import options", e));
    }
  }

  /** Reads the selected range (a single cell grows to its table, whole columns shrink to the used range) and checks it. */
  readSelection(): Promise<void> {
    return this.check.readSelection();
  }

  /** Reads a given range (its sheet and its address on that sheet) and checks it. */
  readRange(source: SourceInfo, mapping: ColumnMapping | null = null): Promise<void> {
    return this.check.readRange(source, mapping);
  }

  /** "Check again": reads the same range again with the same mapping, after the user fixed cells. */
  checkAgain(): Promise<void> {
    return this.check.checkAgain();
  }

  /** A column chosen by hand: the same cells are checked again at once, and the choice remembered per catalog. */
  setMapping(mapping: ColumnMapping): Promise<void> {
    return this.check.setMapping(mapping);
  }

  /** What the catalog's remembered columns mean for the cells read: applied, or offered (differs). */
  rememberedFit(): RememberedFit {
    return this.check.rememberedFit();
  }

  /** "Use the columns chosen before": the remembered choice that differs from the headers, applied. */
  applyRemembered(): Promise<void> {
    return this.check.applyRemembered();
  }

  /** The mapping the user edits (an empty one over the range's first row when none was found). */
  mappingDraft(): ColumnMapping | null {
    return this.check.mappingDraft();
  }

  /** The columns of the range read, each with the text of its header cell, for the mapping's choices. */
  sourceColumns(): { letter: string; header: string }[] {
    return this.check.sourceColumns();
  }

  /** The range the selection would import now, to notice other cells selected; null when unreadable. */
  selectionNow(): Promise<SourceInfo | null> {
    return this.check.selectionNow();
  }

  /** Selects the cell of a problem in the sheet ("click a problem, land on its cell"). */
  selectProblem(problem: Pick<Problem, "sheet" | "cell">): Promise<WorkbookError | null> {
    return this.check.selectProblem(problem);
  }

  // ---- preview and post -------------------------------------------------------------------

  /** Builds exactly what will be sent and shows it; nothing is posted before this. */
  preview(): Promise<void> {
    return this.sending.preview();
  }

  /** The body the preview showed: for the pane's "what is sent" and for tests. */
  previewBody(): ImportRequest | null {
    return this.sending.body;
  }

  back(): void {
    this.journey.dispatch({ type: "back" });
  }

  /**
   * "Add the missing parents as rows": the preview's missing parent codes (with their own missing
   * parents) written below the range with a name to edit; the range grows and is checked again.
   * Cells below that are not empty are never overwritten (`occupied`).
   */
  addMissingParents(): Promise<ParentsAdded> {
    return addMissingParents(this.journey, this.check);
  }

  /**
   * Writes the new Guids back (if chosen), keeps the import as pending, posts the job once (never
   * retried), saves the job id in the workbook's document settings, then follows the job until it
   * ends or the user stops waiting. When the POST's answer is lost, asks the platform about it.
   */
  async start(): Promise<void> {
    const jobId = await this.sending.post();
    // The body is what the log is read against: values the platform cleared, Undo's Guids.
    if (jobId !== null) this.restore.noteSent(jobId, this.sending.body);
    // A pane closed while its request was on its way asks nothing more: the pane opened next (or
    // another window) finds the import from its note.
    if (this.closed) return;
    if (jobId !== null) await this.followToTheEnd(jobId);
    else if (this.journey.state.phase === "lost") await this.lost.check();
  }

  // ---- an import whose answer was lost --------------------------------------------------

  /** "Check again": asks the platform for the catalog's latest import and judges it. */
  checkLost(): Promise<void> {
    return this.lost.check();
  }

  /** "Wait": asks again at intervals until a probable job shows or the user acts. */
  waitForLost(): Promise<void> {
    return this.lost.wait();
  }

  /** Stops the questions "Wait" asks by itself. */
  stopWaitingForLost(): void {
    this.lost.stopWaiting();
  }

  /** The user confirmed the probable job as theirs: kept in the history, followed to its log. */
  async followLost(): Promise<void> {
    const entry = await this.lost.confirm();
    if (entry === null) return;
    this.sending.forget();
    this.journey.dispatch({
      type: "resumed",
      jobId: entry.jobId,
      startedAt: Date.parse(entry.startedAt),
      source: entry.source,
      choices: { catalogName: entry.catalogName, companyId: entry.companyId, companyName: entry.companyName },
    });
    await this.followToTheEnd(entry.jobId);
  }

  /** "Import again" after the user read the risk of a duplicate: back to the range, nothing posted yet. */
  importAgainAfterLost(): Promise<void> {
    return this.lost.importAgain();
  }

  /** "Back to the range" from an import another window or another file has: it is left to them. */
  leaveLost(): Promise<void> {
    return this.lost.leave();
  }

  // ---- follow -----------------------------------------------------------------------------

  /**
   * The pane opened again: an import sent without an answer is shown first, with who has it
   * (jobs/lease.ts): one this pane may act on is asked about (it needs the user's decision), one
   * another window is sending is waited for, one sent from another file is named. Otherwise the
   * newest job still running in this workbook's history is followed.
   */
  async resumePending(): Promise<boolean> {
    // Another author may have saved jobs since this workbook was opened.
    await this.history.reload();
    const outside = await this.keptOutside();
    const sent = await this.lease.toShow(outside);
    if (sent !== null) {
      if (this.journey.state.phase === "posting") return false;
      await this.lost.reopen(sent.pending, sent.owner);
      return true;
    }
    const running = this.history.running()[0] ?? outside?.jobs[0];
    if (!running) return false;
    await this.resume(running);
    return true;
  }

  /**
   * The notes outside the workbook for this workbook (kept.ts): its running jobs put back into its
   * settings where the workbook was closed without saving them (the imports being sent are judged
   * by the lease: jobs/lease.ts); notes of jobs the history shows as ended go.
   */
  private async keptOutside(): Promise<KeptForWorkbook | null> {
    const journey = this.journey;
    if (journey.kept === null) return null;
    let outside: KeptForWorkbook;
    try {
      outside = await journey.kept.find(journey.identity());
    } catch (error) {
      journey.warn("could not read the jobs kept outside the workbook", error);
      return null;
    }
    const jobs: HistoryEntry[] = [];
    for (const job of outside.jobs) {
      const known = this.history.find(job.jobId);
      if (known === undefined) jobs.push(job);
      else if (known.status !== "running") {
        await journey.keepOutside((kept) => kept.forget(job.jobId), { quiet: true });
      }
    }
    if (jobs.length === 0) return outside;
    this.history.adoptWorkbookId(outside.workbookId);
    try {
      for (const job of jobs) await this.history.put(job);
    } catch (error) {
      journey.warn("could not put the job found outside the workbook back into its settings", error);
    }
    return { ...outside, jobs };
  }

  /** "Follow it again" after "Stop waiting": the job on screen, or else the newest running one. */
  async followAgain(): Promise<void> {
    const jobId = this.journey.state.job.jobId;
    const entry = (jobId !== null ? this.history.find(jobId) : undefined) ?? this.history.running()[0];
    if (entry) await this.resume(entry);
  }

  /** Follows a job from the history again (after "Stop waiting", or in a new pane). */
  async resume(entry: HistoryEntry): Promise<void> {
    this.lost.stop();
    this.journey.entry = entry;
    this.sending.forget();
    this.journey.dispatch({
      type: "resumed",
      jobId: entry.jobId,
      startedAt: Date.parse(entry.startedAt),
      source: entry.source,
      choices: { catalogName: entry.catalogName, companyId: entry.companyId, companyName: entry.companyName },
    });
    await this.followToTheEnd(entry.jobId);
  }

  /** "Stop waiting": the job goes on on the server; the history keeps it as running. */
  detach(): void {
    this.follower.detach();
  }

  private async followToTheEnd(jobId: string): Promise<void> {
    // The body posted, known only for a job sent from this pane (not one resumed or reopened).
    const sent = this.sending.body;
    const log = await this.follower.follow(jobId);
    if (log === null) return;
    await this.logs.writeLog();
    // What this import sent and got back: the next preview of the catalog predicts from it.
    if (sent !== null && this.sending.body === sent) await this.baselines.record(sent, log);
    // The log is in the workbook: the note outside it goes. A log Excel refused keeps the note, so
    // the job is found again (and its log fetched) if the pane closes before it is written.
    const state = this.journey.state;
    if (state.job.jobId === jobId && state.log.written !== null) {
      await this.journey.keepOutside((kept) => kept.forget(jobId), { quiet: true });
    }
  }

  // ---- the log ----------------------------------------------------------------------------

  /** Writes the log into new sheets (and the Result column if chosen); on failure the log stays with the reason. */
  writeLog(): Promise<void> {
    return this.logs.writeLog();
  }

  /**
   * The log as a JSON file's text, for "Download the log" when the sheets could not be written or
   * the workbook's settings could not be saved (then with the job's record, or the import sent).
   */
  logJson(): string {
    return this.logs.logJson();
  }

  // ---- putting values back (restore.ts) --------------------------------------------------

  /** The values the platform cleared in the job on screen; null when its body is not known here. */
  cleared(): ClearedPosition[] | null {
    return this.restore.cleared();
  }

  /** The follow-up import shown before it is sent, if any. */
  restoreOffer(): RestoreOffer | null {
    return this.restore.offer;
  }

  subscribeRestore(listener: RestoreListener): () => void {
    return this.restore.subscribe(listener);
  }

  /** "Restore the previous values" of the job on screen: the offer shown, nothing sent. */
  offerRestore(): void {
    this.restore.offerRestore();
  }

  /** "Undo the updates" of a job of the history: its log fetched, the offer shown, nothing sent. */
  offerUndo(jobId: string): Promise<Said | null> {
    return this.restore.offerUndo(jobId);
  }

  /** "Cancel" on the offer: nothing is sent. */
  cancelRestore(): void {
    this.restore.take();
  }

  /**
   * "Import" on the offer: posted and followed like any import (pending kept, job id saved before
   * polling, history, log), with no range behind it.
   */
  async sendRestore(): Promise<void> {
    const phase = this.journey.state.phase;
    if (phase === "posting" || phase === "following" || phase === "lost") return;
    const offer = this.restore.take();
    if (offer === null || offer.plan.body.Data.length === 0) return;
    const plan = offer.plan;
    this.follower.stop();
    this.lost.stop();
    this.sending.prepareBuilt(plan.body);
    this.journey.entry = null;
    this.journey.dispatch({
      type: "restore-previewed",
      send: {
        positions: plan.body.Data.length,
        deletions: 0,
        newGuids: 0,
        skippedRows: 0,
        catalogName: plan.catalogName,
        companyId: plan.companyId,
        companyName: plan.companyName,
        // Positions addressed by Guid or code, shown by the offer as a list: no tree to draw.
        tree: EMPTY_TREE,
      },
    });
    await this.start();
  }

  // ---- history and recovery ---------------------------------------------------------------

  /** Endpoint 3: the latest import of a catalog (after a POST without an answer, or for jobs started elsewhere). */
  checkLatest(catalogName = this.journey.state.check.choices.catalogName): Promise<Said | null> {
    return checkLatest(this.journey, catalogName);
  }

  /** Endpoint 4: the log of any job of the history, written into sheets again as the Import tab's result. */
  async reopenLog(jobId: string): Promise<Said | null> {
    const fetched = await fetchJobLog(this.journey, jobId);
    if ("error" in fetched) return fetched.error;
    // The reopened job is on screen now: a job followed until now must not replace it when it ends.
    this.follower.stop();
    this.lost.stop();
    showReopenedLog(this.journey, jobId, fetched.log);
    await this.logs.writeLog();
    return null;
  }

  /** Endpoint 4 for the History tab: a job's log into new sheets, the Import tab's journey untouched. */
  reopenLogSheets(
    jobId: string,
    fallback: { catalogName?: string; status?: string } = {},
  ): Promise<{ written: WrittenLog; counts: LogCounts } | { error: Said }> {
    return reopenLogSheets(this.journey, jobId, fallback);
  }

  /** "Import again": back to the source with the same range and choices. */
  reset(): void {
    this.follower.stop();
    this.lost.stop();
    this.sending.forget();
    this.journey.dispatch({ type: "reset" });
  }

  /**
   * The pane closes: nothing is asked by itself any more, the lease timer stops, and the import
   * this pane was sending is let go, so another window may offer it at once.
   */
  async dispose(): Promise<void> {
    this.closed = true;
    this.follower.stop();
    this.lost.stop();
    await this.lease.dispose();
  }
}
