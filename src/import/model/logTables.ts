// The import log as tables for the workbook (pure: its words are passed in, LogWords, which
// logWords.ts gives from src/i18n): a summary, and one table per non-empty log array. Prices are numbers with a number format, GUIDs are text, an empty unit is an empty cell,
// and every text from the service goes through src/workbook's writer, which writes it as a value
// (never a formula). Sheet names carry the import's time so repeated imports never collide. Also
// the Result column: where it goes beside the range read, and its text per source row.

import type { ImportLog, UpdatedTwig } from "../../api/schemas";
import type { MessageKey, MessageValues } from "../../i18n";
import type { LogTableToWrite } from "../../workbook";
import type { LogCounts } from "./logCounts";
import type { SourceInfo } from "./records";
import type { CatalogPosition, CatalogDeletion, CellBlock } from "../../catalog";
import { isNilId, type IgnoredReason } from "./ignoredReasons";
import type { ClearedPosition } from "./cleared";
import type { ClearOutcome } from "./clearVerdicts";

export const PRICE_FORMAT = "#,##0.00";
/** Counts in the summary: Excel groups the digits in the workbook's own way ("2,415", "2 415"). */
export const COUNT_FORMAT = "#,##0";
export const TEXT_FORMAT = "@";

export interface SummaryFacts {
  jobId: string;
  catalogName: string;
  companyName: string;
  user: string;
  /** Epoch ms. */
  startedAt: number;
  finishedAt: number;
  status: string;
  counts: LogCounts;
  source: SourceInfo | null;
  /** The reason of each ignored row, in the log's order (ignoredReasons.ts). */
  reasons?: readonly IgnoredReason[];
  /** Values the platform cleared (cleared.ts); absent when the body sent is not known here. */
  cleared?: readonly ClearedPosition[] | null;
  /** Values the preview said a blank may clear, with what the platform did (clearVerdicts.ts). */
  blanks?: readonly ClearOutcome[];
}

/** Blank cells whose verdict the summary names one by one; the rest are counted. */
export const BLANKS_LISTED = 50;

const BLANK_FIELD: Record<ClearOutcome["field"], MessageKey> = {
  Price: "prediction.fieldPrice",
  Unit: "prediction.fieldUnit",
  CurrencyCharCode: "prediction.fieldCurrencyCharCode",
};

/** One summary line per value a blank may have cleared: "1.3, price (was 8,150)" | "kept". */
function blankRows(blanks: readonly ClearOutcome[], w: Words): Array<[string, string | number | null]> {
  const rows: Array<[string, string | number | null]> = [];
  for (const b of blanks.slice(0, BLANKS_LISTED)) {
    const what = w("prediction.logBlank", { code: b.code, field: w(BLANK_FIELD[b.field]), value: b.was });
    const verdict =
      b.verdict === "kept"
        ? w("prediction.verdictKept")
        : b.verdict === "cleared"
          ? w("prediction.verdictCleared")
          : w("prediction.verdictChanged", { value: b.now });
    rows.push([what, verdict]);
  }
  if (blanks.length > BLANKS_LISTED) rows.push([w("prediction.logBlankMore"), blanks.length - BLANKS_LISTED]);
  return rows;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** "2026-11-22 21.05.03": the local time in a sheet name (a colon is not allowed there). */
export function sheetStamp(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}.${pad(d.getMinutes())}.${pad(d.getSeconds())}`;
}

/** "2026-11-22 21:05:03", local time, for cells. */
export function cellTime(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

const blank = (v: string | null | undefined): string | null =>
  v === undefined || v === null || v === "" ? null : v;
/** An id for a cell: the all-zero GUID the platform writes for "none" is no id, an empty cell. */
const id = (v: string | null | undefined): string | null => (isNilId(v) ? null : (v ?? null));
const num = (v: number | null | undefined): number | null =>
  typeof v === "number" && Number.isFinite(v) ? v : null;

/** The words of the log's tables in one language (logWords.ts gives them from src/i18n). */
export interface LogWords {
  /** A message of src/i18n, in the tables' language. */
  say(key: MessageKey, values?: MessageValues): string;
  /** An ignored row's reason (reasonWords.ts). */
  reason(reason: IgnoredReason): string;
}

type Words = LogWords["say"];

export type LogKind = "inserted" | "updated" | "deleted" | "ignored" | "cleared";

export interface LogTables {
  summary: LogTableToWrite;
  parts: Array<{ kind: LogKind; table: LogTableToWrite }>;
}

/** The tables of one log, named with the time of the import, headers in the user's language. */
export function buildLogTables(log: ImportLog, facts: SummaryFacts, words: LogWords): LogTables {
  const w: Words = (key, values) => words.say(key, values);
  const stamp = sheetStamp(facts.startedAt);
  const parts: LogTables["parts"] = [];

  const positionHeaders = [
    w("import.colCode"),
    w("import.colName"),
    w("import.colPrice"),
    w("import.colUnit"),
    w("import.colCurrency"),
    w("import.colGuid"),
    w("import.colPlatformId"),
  ];
  const positionFormats = [TEXT_FORMAT, null, PRICE_FORMAT, null, null, TEXT_FORMAT, TEXT_FORMAT];

  if (log.insertedTwigs.length > 0) {
    parts.push({
      kind: "inserted",
      table: {
        name: w("import.sheetInserted", { stamp }),
        headers: positionHeaders,
        columnFormats: positionFormats,
        rows: log.insertedTwigs.map((r) => [
          r.code,
          blank(r.name),
          num(r.price),
          blank(r.unit),
          blank(r.currencyCharCode),
          id(r.externalId),
          id(r.platformId),
        ]),
      },
    });
  }
  if (log.updatedTwigs.length > 0)
    parts.push({ kind: "updated", table: updatedTable(log.updatedTwigs, stamp, w) });
  if (log.deletedTwigs.length > 0) {
    parts.push({
      kind: "deleted",
      table: {
        name: w("import.sheetDeleted", { stamp }),
        headers: [w("import.colCode"), w("import.colName"), w("import.colGuid"), w("import.colPlatformId")],
        columnFormats: [TEXT_FORMAT, null, TEXT_FORMAT, TEXT_FORMAT],
        rows: log.deletedTwigs.map((r) => [blank(r.code), blank(r.name), id(r.externalId), id(r.platformId)]),
      },
    });
  }
  if (log.ignoredTwigs.length > 0) {
    parts.push({
      kind: "ignored",
      table: {
        name: w("import.sheetIgnored", { stamp }),
        headers: [...positionHeaders, w("import.colReason")],
        columnFormats: [...positionFormats, null],
        rows: log.ignoredTwigs.map((r, i) => {
          const reason = facts.reasons?.[i];
          return [
            blank(r.code),
            blank(r.name),
            num(r.price),
            blank(r.unit),
            blank(r.currencyCharCode),
            id(r.externalId),
            id(r.platformId),
            reason ? words.reason(reason) : blank(r.reason),
          ];
        }),
      },
    });
  }

  if (facts.cleared && facts.cleared.length > 0) {
    parts.push({ kind: "cleared", table: clearedTable(facts.cleared, stamp, w) });
  }

  const source = facts.source ? `${facts.source.sheet}!${facts.source.address}` : null;
  const summaryRows: Array<[string, string | number | null]> = [
    [w("import.sumJobId"), facts.jobId],
    [w("import.sumCatalog"), facts.catalogName],
    [w("import.sumCompany"), blank(facts.companyName)],
    [w("import.sumUser"), blank(facts.user)],
    [w("import.sumStarted"), cellTime(facts.startedAt)],
    [w("import.sumFinished"), cellTime(facts.finishedAt)],
    // A log exists only for a finished job: said in the estimator's words, the platform's status beside.
    [
      w("import.sumStatus"),
      facts.status === "" ? w("import.statusDone") : `${w("import.statusDone")} (${facts.status})`,
    ],
    [w("import.sumInserted"), facts.counts.inserted],
    [w("import.sumUpdated"), facts.counts.updated],
    [w("import.sumDeleted"), facts.counts.deleted],
    [w("import.sumIgnored"), facts.counts.ignored],
    [w("import.sumSource"), source],
    ...(facts.cleared ? [[w("restore.sumCleared"), facts.cleared.length] as [string, number]] : []),
    ...blankRows(facts.blanks ?? [], w),
  ];
  return {
    summary: {
      name: w("import.sheetSummary", { stamp }),
      headers: [w("import.colItem"), w("import.colValue")],
      rows: summaryRows,
      // Only the counts are numbers; the texts beside them are written as text whatever the format.
      columnFormats: [null, COUNT_FORMAT],
      asTable: false,
      activate: true,
    },
    parts,
  };
}

function updatedTable(rows: readonly UpdatedTwig[], stamp: string, w: Words): LogTableToWrite {
  // Each field's source and updated value side by side; the updated one is highlighted when it changed.
  const pairs: Array<{
    label: string;
    source: keyof UpdatedTwig;
    updated: keyof UpdatedTwig;
    price?: boolean;
  }> = [
    { label: w("import.colCode"), source: "sourceCode", updated: "updatedCode" },
    { label: w("import.colName"), source: "sourceName", updated: "updatedName" },
    { label: w("import.colPrice"), source: "sourcePrice", updated: "updatedPrice", price: true },
    { label: w("import.colUnit"), source: "sourceUnit", updated: "updatedUnit" },
    { label: w("import.colCurrency"), source: "sourceCurrencyCharCode", updated: "updatedCurrencyCharCode" },
  ];
  const headers: string[] = [];
  const formats: Array<string | null> = [];
  for (const p of pairs) {
    headers.push(w("import.colBefore", { field: p.label }), w("import.colAfter", { field: p.label }));
    const format = p.price ? PRICE_FORMAT : p.label === w("import.colCode") ? TEXT_FORMAT : null;
    formats.push(format, format);
  }
  headers.push(w("import.colGuid"), w("import.colPlatformId"));
  formats.push(TEXT_FORMAT, TEXT_FORMAT);
  const highlight: Array<[number, number]> = [];
  const out = rows.map((r, i) => {
    const cells: Array<string | number | null> = [];
    pairs.forEach((p, k) => {
      const before = r[p.source];
      const after = r[p.updated];
      const b = p.price
        ? num(before as number | null | undefined)
        : blank(before as string | null | undefined);
      const a = p.price ? num(after as number | null | undefined) : blank(after as string | null | undefined);
      cells.push(b, a);
      if (a !== b) highlight.push([i, k * 2 + 1]);
    });
    cells.push(id(r.externalId), id(r.platformId));
    return cells;
  });
  return { name: w("import.sheetUpdated", { stamp }), headers, columnFormats: formats, rows: out, highlight };
}

/** One row per value the platform cleared: the position, the field and the value it had before. */
function clearedTable(cleared: readonly ClearedPosition[], stamp: string, w: Words): LogTableToWrite {
  const field = { price: w("import.colPrice"), unit: w("import.colUnit"), currency: w("import.colCurrency") };
  const rows: Array<Array<string | number | null>> = [];
  // One column holds prices and texts: a column format would apply to both, so none.
  for (const c of cleared) {
    for (const v of c.values) rows.push([c.code, blank(c.name), field[v.field], v.before]);
  }
  return {
    name: w("restore.sheetCleared", { stamp }),
    headers: [w("import.colCode"), w("import.colName"), w("restore.colField"), w("restore.colValueBefore")],
    columnFormats: [TEXT_FORMAT, null, null, null],
    rows,
  };
}

/**
 * What marks a Result column the import wrote: a workbook name starting with this, referring to its
 * cells (src/workbook's column marks), so the next import finds it whatever its header says.
 */
export const RESULT_MARK_PREFIX = "BOQBridge_Result_";

/**
 * The headers Result columns were written under before they were marked (English, Russian): a
 * column under one of them, and no mark, is the Result column of such an earlier run. A record of
 * what those versions wrote, never compared with the messages of today.
 */
export const UNMARKED_RESULT_HEADERS: readonly string[] = ["Import result", "Результат импорта"];

/**
 * Where the Result column goes: right of the range read, from its header row (or first row) to its
 * last row; the range's own last column when it is the Result column of an earlier run (replaced):
 * one of `markedColumns` (the sheet's columns marked with RESULT_MARK_PREFIX), or, for a run from
 * before the marks, under one of UNMARKED_RESULT_HEADERS.
 */
export function resultColumnPlace(
  block: CellBlock,
  headerRow: number | null,
  markedColumns: readonly number[],
): { column: number; firstRow: number; lastRow: number } {
  const width = block.values.reduce((w, r) => Math.max(w, r.length), 0);
  const firstRow = headerRow ?? block.startRow;
  const lastRow = block.startRow + block.values.length - 1;
  const last = block.startColumn + width - 1;
  const lastHeader =
    headerRow === null ? "" : String(block.values[headerRow - block.startRow]?.[width - 1] ?? "");
  const isOurs =
    width > 0 && (markedColumns.includes(last) || UNMARKED_RESULT_HEADERS.includes(lastHeader.trim()));
  return { column: isOurs ? last : last + 1, firstRow, lastRow };
}

/** What happened to one source row, for the Result column. */
export function resultColumnValues(
  log: ImportLog,
  positions: readonly CatalogPosition[],
  deletions: readonly CatalogDeletion[],
  skippedRows: readonly number[],
  firstRow: number,
  lastRow: number,
  words: LogWords,
  reasons: readonly IgnoredReason[] = [],
): Array<string | null> {
  const w: Words = (key, values) => words.say(key, values);
  const byGuid = new Map<string, string>();
  const byCode = new Map<string, string>();
  const add = (
    label: string,
    guid: string | null | undefined,
    code: string | null | undefined,
    id: string | null | undefined,
  ) => {
    const text = isNilId(id) ? label : `${label} (${id})`;
    if (guid) byGuid.set(guid.toLowerCase(), text);
    if (code && !byCode.has(code)) byCode.set(code, text);
  };
  for (const r of log.insertedTwigs) add(w("import.resultInserted"), r.externalId, r.code, r.platformId);
  for (const r of log.updatedTwigs)
    add(w("import.resultUpdated"), r.externalId, r.updatedCode ?? r.sourceCode, r.platformId);
  for (const r of log.deletedTwigs) add(w("import.resultDeleted"), r.externalId, r.code, r.platformId);
  // An ignored row says why rather than an id (the platform writes the all-zero id for "none").
  log.ignoredTwigs.forEach((r, i) => {
    const reason = reasons[i];
    const label = reason
      ? w("import.resultIgnoredBecause", { reason: words.reason(reason) })
      : r.reason
        ? w("import.resultIgnoredBecause", { reason: r.reason })
        : w("import.resultIgnored");
    add(label, r.externalId, r.code, null);
  });
  const values: Array<string | null> = new Array<string | null>(lastRow - firstRow + 1).fill(null);
  const put = (row: number, text: string) => {
    if (row >= firstRow && row <= lastRow) values[row - firstRow] = text;
  };
  for (const p of positions) {
    const found = (p.Guid ? byGuid.get(p.Guid.toLowerCase()) : undefined) ?? byCode.get(p.Code);
    put(p.row, found ?? w("import.resultUnknown"));
  }
  for (const d of deletions) {
    const found =
      (d.Guid ? byGuid.get(d.Guid.toLowerCase()) : undefined) ?? (d.Code ? byCode.get(d.Code) : undefined);
    put(d.row, found ?? w("import.resultUnknown"));
  }
  for (const row of skippedRows) put(row, w("import.resultNotSent"));
  return values;
}
