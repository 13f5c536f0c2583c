// Writing a log: the log of the job on screen as new sheets (a summary and one table per kind of
// change), the Result column beside the source range if chosen, and the log as a JSON file's text
// when Excel refuses the sheets.

import type { ImportLog } from "../../api/schemas";
import type { CellBlock } from "../../catalog";
import { errorText, t, type Language } from "../../i18n";
import "../../i18n/deferred"; // the import and problems messages load with this module
import {
  markColumn,
  markedColumns,
  toWorkbookError,
  writeColumnBack,
  writeLogTable,
  type ExcelRunner,
} from "../../workbook";
import { said, type Journey } from "./journey";
import {
  buildLogTables,
  RESULT_MARK_PREFIX,
  resultColumnPlace,
  resultColumnValues,
  type LogKind,
} from "../model/logTables";
import { logWords } from "../words/logWords";
import { selectClearOutcomes, selectReasons, selectSent } from "../model/state";
import type { WrittenLog } from "../model/records";
import type { IgnoredReason } from "../model/ignoredReasons";
import type { ClearedPosition } from "../model/cleared";

/** Writes the log tables into new sheets, the summary last; throws what Excel refused. */
export function writeLogSheets(
  excel: ExcelRunner,
  tables: ReturnType<typeof buildLogTables>,
): Promise<WrittenLog> {
  return excel(async (context) => {
    const sheets: Partial<Record<LogKind, string>> = {};
    for (const part of tables.parts) {
      sheets[part.kind] = (await writeLogTable(context, part.table)).sheetName;
    }
    const summary = (await writeLogTable(context, tables.summary)).sheetName;
    return { summary, ...sheets };
  });
}

/** What the log is written from besides the state: the cells checked, the values the platform cleared. */
export interface ResultSource {
  cells(): CellBlock | null;
  /** Values the platform cleared in the job on screen; null when its body is not known here. */
  cleared(): ClearedPosition[] | null;
}

export class LogWriter {
  constructor(
    private readonly journey: Journey,
    private readonly sent: ResultSource,
  ) {}

  /** Writes the log into new sheets (and the Result column if chosen); on failure the log stays with the reason. */
  async writeLog(): Promise<void> {
    const journey = this.journey;
    const state = journey.state;
    const log = state.log.log;
    const jobId = state.job.jobId ?? journey.entry?.jobId;
    if (log === null || jobId === undefined || jobId === null) return;
    const entry = journey.entry;
    const language = journey.language();
    const deps = journey.deps;
    const reasons = selectReasons(state);
    const tables = buildLogTables(
      log,
      {
        jobId,
        catalogName: entry?.catalogName ?? state.check.choices.catalogName,
        companyName: entry?.companyName ?? state.check.choices.companyName,
        user: deps.userName?.() ?? "",
        startedAt: entry ? Date.parse(entry.startedAt) : deps.now(),
        finishedAt: entry?.finishedAt ? Date.parse(entry.finishedAt) : deps.now(),
        status: state.job.progress?.status || "ReportCreated",
        counts: state.log.counts ?? { inserted: 0, updated: 0, deleted: 0, ignored: 0 },
        source: entry?.source ?? state.check.source,
        reasons,
        cleared: this.sent.cleared(),
        blanks: selectClearOutcomes(state),
      },
      logWords(language),
    );
    let written: WrittenLog;
    try {
      written = await writeLogSheets(deps.excel, tables);
    } catch (error) {
      journey.dispatch({
        type: "log-write-failed",
        error: said("import.failedLogWrite", errorText(toWorkbookError(error, { action: "write" }))),
      });
      return;
    }
    journey.dispatch({ type: "log-written", written });
    await journey.saveEntry(jobId, { sheets: written });
    if (journey.state.check.choices.resultColumn) await this.writeResultColumn(log, language, reasons);
  }

  /**
   * The log as a JSON file's text, for "Download the log" when the sheets could not be written; also
   * the record the workbook could not keep (its settings failed to save): the job's id, catalog,
   * company, times and source, or the import sent whose answer was lost. `log` is null until the
   * job is done.
   */
  logJson(): string {
    const entry = this.journey.entry;
    const state = this.journey.state;
    const pending = state.phase === "lost" ? (state.job.lost?.pending ?? null) : null;
    return JSON.stringify(
      {
        jobId: pending ? null : (state.job.jobId ?? entry?.jobId ?? null),
        catalogName: pending?.catalogName ?? entry?.catalogName ?? state.check.choices.catalogName,
        companyId: pending?.companyId ?? entry?.companyId ?? state.check.choices.companyId,
        companyName: pending?.companyName ?? entry?.companyName ?? state.check.choices.companyName,
        startedAt: entry && !pending ? entry.startedAt : null,
        finishedAt: entry && !pending ? (entry.finishedAt ?? null) : null,
        ...(pending ? { sentAt: pending.sentAt, answerLost: true } : {}),
        sent: pending?.sent ?? entry?.sent ?? null,
        source: pending?.source ?? entry?.source ?? state.check.source,
        log: state.log.log,
        // Only for an import sent from this pane: otherwise absent, never guessed.
        ...(state.log.log !== null && this.sent.cleared() !== null ? { cleared: this.sent.cleared() } : {}),
      },
      null,
      2,
    );
  }

  /** Writes "Inserted (id)", "Updated (id)", "Ignored: reason", … beside the source range; a second run replaces the column. */
  private async writeResultColumn(
    log: ImportLog,
    language: Language,
    reasons: readonly IgnoredReason[],
  ): Promise<void> {
    const state = this.journey.state;
    const source = this.journey.entry?.source ?? state.check.source;
    const analysis = state.check.analysis;
    const block = this.sent.cells();
    if (source === null || analysis === null || block === null) return;
    const headerRow = state.check.mapping?.headerRow ?? null;
    // Where it goes does not change its rows: the marks only say whether it replaces the last column.
    const { firstRow, lastRow } = resultColumnPlace(block, headerRow, []);
    const values = resultColumnValues(
      log,
      analysis.positions,
      analysis.deletions,
      selectSent(state)?.skippedRows ?? [],
      headerRow === null ? firstRow : firstRow + 1,
      lastRow,
      logWords(language),
      reasons,
    );
    const cells = headerRow === null ? values : [t("import.resultHeader", {}, language), ...values];
    try {
      await this.journey.deps.excel(async (context) => {
        const marked = await markedColumns(context, source.sheet, RESULT_MARK_PREFIX);
        const { column } = resultColumnPlace(block, headerRow, marked);
        await writeColumnBack(context, source.sheet, column, firstRow, cells);
        // Found again by its mark, not its header, by the next import from this range.
        const mark = { sheet: source.sheet, column, firstRow, lastRow: firstRow + cells.length - 1 };
        await markColumn(context, mark, RESULT_MARK_PREFIX, t("import.resultMarkComment", {}, language));
      });
    } catch (error) {
      this.journey.warn("could not write the Result column", error);
    }
  }
}
