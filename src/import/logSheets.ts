// Writing a log: the log of the job on screen as new sheets (a summary and one table per kind of
// change), the Result column beside the source range if chosen, and the log as a JSON file's text
// when Excel refuses the sheets.

import type { ImportLog } from "../api/schemas";
import type { CellBlock } from "../catalog";
import { errorText, LANGUAGES, t, type Language } from "../i18n";
import "../i18n/deferred"; // the import and problems messages load with this module
import { toWorkbookError, writeColumnBack, writeLogTable, type ExcelRunner } from "../workbook";
import { said, type Journey } from "./journey";
import { buildLogTables, resultColumnValues, type LogKind } from "./logTables";
import { reasonsOfState } from "./outcome";
import type { WrittenLog } from "./state";
import type { IgnoredReason } from "./ignoredReasons";
import type { ClearedPosition } from "./cleared";

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

/**
 * Where the Result column goes: right of the range read, from its header row (or first row) to its
 * last row; the range's own last column when it is the Result column of an earlier run (replaced).
 */
export function resultColumnPlace(
  block: CellBlock,
  headerRow: number | null,
): { column: number; firstRow: number; lastRow: number } {
  const width = block.values.reduce((w, r) => Math.max(w, r.length), 0);
  const firstRow = headerRow ?? block.startRow;
  const lastRow = block.startRow + block.values.length - 1;
  const lastHeader =
    headerRow === null ? "" : String(block.values[headerRow - block.startRow]?.[width - 1] ?? "");
  const isOurs = LANGUAGES.some((l) => lastHeader === t("import.resultHeader", {}, l));
  return { column: block.startColumn + (isOurs ? width - 1 : width), firstRow, lastRow };
}

/** What the Result column is written from: the cells checked and the rows left out of what was sent. */
export interface ResultSource {
  cells(): CellBlock | null;
  skippedRows(): readonly number[];
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
    const log = state.log;
    const jobId = state.jobId ?? journey.entry?.jobId;
    if (log === null || jobId === undefined || jobId === null) return;
    const entry = journey.entry;
    const language = journey.language();
    const deps = journey.deps;
    const reasons = reasonsOfState(state);
    const tables = buildLogTables(
      log,
      {
        jobId,
        catalogName: entry?.catalogName ?? state.choices.catalogName,
        companyName: entry?.companyName ?? state.choices.companyName,
        user: deps.userName?.() ?? "",
        startedAt: entry ? Date.parse(entry.startedAt) : deps.now(),
        finishedAt: entry?.finishedAt ? Date.parse(entry.finishedAt) : deps.now(),
        status: state.progress?.status || "ReportCreated",
        counts: state.counts ?? { inserted: 0, updated: 0, deleted: 0, ignored: 0 },
        source: entry?.source ?? state.source,
        reasons,
        cleared: this.sent.cleared(),
      },
      language,
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
    if (journey.state.choices.resultColumn) await this.writeResultColumn(log, language, reasons);
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
    const pending = state.phase === "lost" ? (state.lost?.pending ?? null) : null;
    return JSON.stringify(
      {
        jobId: pending ? null : (state.jobId ?? entry?.jobId ?? null),
        catalogName: pending?.catalogName ?? entry?.catalogName ?? state.choices.catalogName,
        companyId: pending?.companyId ?? entry?.companyId ?? state.choices.companyId,
        companyName: pending?.companyName ?? entry?.companyName ?? state.choices.companyName,
        startedAt: entry && !pending ? entry.startedAt : null,
        finishedAt: entry && !pending ? (entry.finishedAt ?? null) : null,
        ...(pending ? { sentAt: pending.sentAt, answerLost: true } : {}),
        sent: pending?.sent ?? entry?.sent ?? null,
        source: pending?.source ?? entry?.source ?? state.source,
        log: state.log,
        // Only for an import sent from this pane: otherwise absent, never guessed.
        ...(state.log !== null && this.sent.cleared() !== null ? { cleared: this.sent.cleared() } : {}),
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
    const source = this.journey.entry?.source ?? state.source;
    const analysis = state.analysis;
    const block = this.sent.cells();
    if (source === null || analysis === null || block === null) return;
    const headerRow = state.mapping?.headerRow ?? null;
    const { column, firstRow, lastRow } = resultColumnPlace(block, headerRow);
    const values = resultColumnValues(
      log,
      analysis.positions,
      analysis.deletions,
      this.sent.skippedRows(),
      headerRow === null ? firstRow : firstRow + 1,
      lastRow,
      language,
      reasons,
    );
    const cells = headerRow === null ? values : [t("import.resultHeader", {}, language), ...values];
    try {
      await this.journey.deps.excel((context) =>
        writeColumnBack(context, source.sheet, column, firstRow, cells),
      );
    } catch (error) {
      this.journey.warn("could not write the Result column", error);
    }
  }
}
