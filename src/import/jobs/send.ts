// Sending: the preview builds exactly the body that will be posted (nothing is posted before it),
// then the import writes the new Guids back, keeps the import as pending in the workbook, posts the
// job once and saves its id in the workbook (settling the pending import). A POST whose answer is
// lost leaves the pending import for lost.ts: it is never sent again by itself.

import { isApiError } from "../../api/errors";
import { importTimeoutMs } from "../../api/platform";
import { buildImportBodyInSteps, type BuiltBody, type CatalogAnalysis } from "../../catalog";
import { writeColumnBack } from "../../workbook";
import { analysisToSendInSteps } from "../model/analysisToSend";
import type { Baselines } from "../store/baselines";
import type { RangeCheck } from "./check";
import type { HistoryEntry, PendingImport } from "../model/records";
import { detailOf, said, type Journey } from "./journey";
import { answerLost } from "./lost";
import { importBodyBlobInSteps, runInSlices } from "./slices";
import { blockedWrites } from "./blockers";
import { predictionOf } from "../model/predictView";
import type { Said } from "../model/said";
import type { SentRecord } from "../model/state";

export class Sending {
  private built: BuiltBody | null = null;
  /** What the body built holds, as the check read it: the state keeps it once the body goes out. */
  private toSend: SentRecord | null = null;

  constructor(
    private readonly journey: Journey,
    private readonly check: RangeCheck,
    private readonly baselines: Baselines,
  ) {}

  /** The body the preview showed: for the pane's "what is sent" and for tests. */
  get body(): BuiltBody["body"] | null {
    return this.built?.body ?? null;
  }

  /** What was built no longer stands: the cells were checked again, or another job is on screen. */
  forget(): void {
    this.built = null;
    this.toSend = null;
  }

  /**
   * A follow-up import built elsewhere (restore.ts) and shown there: posted as built, with no range
   * behind it (no Guids written back, no Result column).
   */
  prepareBuilt(body: BuiltBody["body"]): void {
    this.built = { body, assignedGuids: [] };
    this.toSend = null;
  }

  /** Builds exactly what will be sent and shows it; nothing is posted before this. */
  async preview(): Promise<void> {
    const state = this.journey.state;
    const choices = state.check.choices;
    if (state.check.analysis === null) return;
    const guidColumn = state.check.mapping?.columns.Guid;
    const deps = this.journey.deps;
    const started = this.journey.begin();
    let built: BuiltBody;
    let analysis: CatalogAnalysis | null;
    try {
      analysis = await runInSlices(
        analysisToSendInSteps(state.check),
        deps.pause,
        deps.sliceClock ?? deps.now,
      );
      if (analysis === null) return;
      built = await runInSlices(
        buildImportBodyInSteps(
          analysis,
          { CatalogName: choices.catalogName.trim(), CompanyId: choices.companyId },
          {
            assignGuids: choices.writeBackGuids && guidColumn !== undefined,
            ...(deps.newGuid ? { newGuid: deps.newGuid } : {}),
          },
        ),
        deps.pause,
        deps.sliceClock ?? deps.now,
      );
    } catch {
      return; // errors remain: canPreview keeps the state on the check screen
    }
    // A check or another preview started meanwhile: what it shows wins.
    if (!this.journey.isLatest(started)) return;
    this.built = built;
    const skippedRows = choices.skipErrorRows ? [...state.check.errorRows] : [];
    this.toSend = { positions: analysis.positions, deletions: analysis.deletions.length, skippedRows };
    // Offered in the catalog list next time ("typed before"), whatever the import's outcome.
    void this.journey.history
      .saveTyped(choices.catalogName)
      .catch((e: unknown) => this.journey.warn("could not remember the catalog name", e));
    this.journey.dispatch({
      type: "previewed",
      send: {
        positions: built.body.Data.length,
        deletions: built.body.DeletedData.length,
        newGuids: built.assignedGuids.length,
        skippedRows: skippedRows.length,
        catalogName: choices.catalogName.trim(),
        companyId: choices.companyId,
        companyName: choices.companyName,
        tree: analysis.tree,
      },
    });
    try {
      await this.predict(started, built, analysis);
    } catch (error) {
      // A failure of the dry run (a bug: it is pure) must not fail the preview's promise: logged.
      this.journey.warn("could not predict the import's outcome", error);
    }
  }

  /** The dry run of the body on screen, from this workbook's last import of the catalog. */
  private async predict(started: number, built: BuiltBody, sent: CatalogAnalysis): Promise<void> {
    const journey = this.journey;
    const settings = built.body.Settings;
    const loaded = await this.baselines.load(settings.CompanyId, settings.CatalogName);
    if (!journey.isLatest(started) || this.built !== built) return;
    const deps = journey.deps;
    const prediction = await runInSlices(
      predictionOf(built.body, sent.positions, journey.state.check.mapping, loaded),
      deps.pause,
      deps.sliceClock ?? deps.now,
    );
    if (!journey.isLatest(started) || this.built !== built) return;
    journey.dispatch({ type: "predicted", prediction });
  }

  /**
   * Writes the new Guids back (if chosen), keeps the import as pending, posts the job once (never
   * retried) and saves the job id in the workbook's document settings. Returns the job id to
   * follow, or null when there is none (the cells changed since the check, a refusal, or a POST
   * whose answer was lost: the state is then "lost").
   */
  async post(): Promise<string | null> {
    const journey = this.journey;
    const built = this.built;
    const send = journey.state.send.summary;
    const source = journey.state.check.source;
    if (journey.state.phase !== "previewed" || built === null || send === null) return null;
    if (source !== null && !(await this.check.sameCellsAsChecked(source))) return null;
    if (journey.state.phase !== "previewed" || this.built !== built) return null;
    journey.dispatch({ type: "posting", sent: this.toSend });

    // Merged cells or another table where the Guids or the Result column go: named, nothing sent.
    if (source !== null) {
      let blocked: Said | null;
      try {
        blocked = await blockedWrites(journey, source, this.check.cells, built);
      } catch (error) {
        blocked = said("import.failedRead", detailOf(error));
      }
      if (blocked !== null) {
        journey.dispatch({ type: "post-failed", error: blocked });
        return null;
      }
    }

    const guidColumn = journey.state.check.mapping?.columns.Guid;
    if (built.assignedGuids.length > 0 && guidColumn !== undefined && source !== null) {
      try {
        await this.writeGuids(source.sheet, guidColumn, built);
      } catch (error) {
        journey.dispatch({
          type: "post-failed",
          error: said("import.failedGuids", detailOf(error)),
        });
        return null;
      }
    }

    // Serialized in slices, not by JSON.stringify in one task: 300k positions are 55 MB of JSON.
    // Before the time of sending is taken, since at that size it takes seconds.
    const deps = journey.deps;
    const json = await runInSlices(
      importBodyBlobInSteps(built.body),
      deps.pause,
      deps.sliceClock ?? deps.now,
    );

    // What is sent and when, in the workbook before the request goes out: if the answer is lost,
    // or the pane closes meanwhile, the pane can ask the platform about it instead of sending again.
    const pending: PendingImport = {
      ...journey.claim(),
      catalogName: send.catalogName,
      companyId: send.companyId,
      companyName: send.companyName,
      sentAt: new Date(journey.deps.now()).toISOString(),
      sent: { positions: send.positions, deletions: send.deletions, skippedRows: send.skippedRows },
      source,
    };
    try {
      await journey.history.recordPending(pending, () => globalThis.crypto.randomUUID());
    } catch (error) {
      journey.warn("could not keep the import being sent in the workbook settings", error);
    }
    // Outside the workbook too: a workbook closed without saving loses its settings.
    await journey.keepOutside((kept, workbook) => kept.keepPending(workbook, pending));

    journey.dispatch({ type: "sending", bytes: json.size, limitMs: importTimeoutMs(json.size) });
    let jobId: string;
    try {
      const waiting = (ms: number) => journey.dispatch({ type: "send-throttled", resendAt: deps.now() + ms });
      jobId = (await deps.api.startImport({ body: built.body, json }, undefined, { onWaiting: waiting }))
        .jobId;
    } catch (error) {
      if (answerLost(error)) {
        journey.dispatch({ type: "answer-lost", pending, detail: detailOf(error) });
        return null;
      }
      // The platform answered with a refusal: nothing started, nothing is pending.
      try {
        await journey.history.clearPending();
      } catch (e) {
        journey.warn("could not clear the pending import in the workbook settings", e);
      }
      await journey.keepOutside((kept, workbook) => kept.forgetPending(workbook), { quiet: true });
      journey.dispatch({ type: "post-failed", error: refusal(error, send) });
      return null;
    }

    const at = journey.deps.now();
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
    journey.entry = entry;
    // The job id is in the workbook before the first status request; the pending import is settled.
    try {
      await journey.history.put(entry, { settlesPending: true });
      // Only columns the user chose are remembered, with the header row they were chosen for.
      await this.check.rememberChoice();
      await journey.history.saveOptions({ lastCatalog: send.catalogName });
    } catch (error) {
      journey.warn("could not save the job in the workbook settings", error);
    }
    await journey.keepOutside((kept, workbook) => kept.keepJob(workbook, entry));
    journey.dispatch({ type: "posted", jobId, at });
    return jobId;
  }

  private async writeGuids(sheet: string, column: string, built: BuiltBody): Promise<void> {
    // A loop, not Math.min(...rows): a spread of 100k+ arguments can overflow the call stack.
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const a of built.assignedGuids) {
      first = Math.min(first, a.row);
      last = Math.max(last, a.row);
    }
    const values: Array<string | null> = new Array<string | null>(last - first + 1).fill(null);
    for (const a of built.assignedGuids) values[a.row - first] = a.guid;
    await this.journey.deps.excel((context) => writeColumnBack(context, sheet, column, first, values));
  }
}

/**
 * A refusal of the import in words naming the catalog and the fix; the platform's status and own
 * words go to the Details. A 404 names the catalog: the platform's notes say an import into a
 * name that is not a catalog of the company is refused, and nothing else of the request is looked
 * up by name or id.
 */
function refusal(error: unknown, send: { catalogName: string; companyName: string }): Said {
  const values = { catalog: send.catalogName, company: send.companyName };
  const detail = detailOf(error);
  if (!isApiError(error)) return { key: "import.failedPostRefused", values, detail };
  if (error.needsSignIn) return said("import.failedNotSignedIn", detail);
  if (error.status === 404) return { key: "import.refusedCatalog", values, detail };
  if (error.status === 403) return { key: "import.refusedRights", values, detail };
  if (error.status === 429) return { key: "send.refusedBusy", values, detail };
  return { key: "import.failedPostRefused", values, detail };
}
