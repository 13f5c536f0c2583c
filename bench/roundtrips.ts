/**
 * Excel round trips through the workbench's Excel emulation (dev/office-emulation), which records
 * the request and response bytes of every sync as Office would send them: reading a 100k × 9
 * selection with src/workbook's readRangeBlock, and writing a 100k-row import log (the columns of
 * the platform's inserted positions) with writeTableToNewSheet. The ratio compares the syncs that
 * moved cells with the fewest their bytes allow, ceil(bytes / 4 MB); the few fixed syncs around
 * them (selection, size, separators; sheet names, formatting) are reported apart. The counts do
 * not depend on time, but each is still measured in several runs on a fresh workbook each, and
 * the report says whether the runs agreed.
 */
import { createEmulatedExcel, type OfficeEmulation, type SyncLogEntry } from "../dev/office-emulation";
import { READ_BUDGET_BYTES, WRITE_BUDGET_BYTES, readRangeBlock, readSelection } from "../src/workbook";
import { writeTableToNewSheet, type WritableCell } from "../src/workbook";
import { BUDGETS, EXCEL_SYNC_UNIT_BYTES } from "./budgets";
import { generateCatalog, seededRandom } from "./generate";
import { fromRuns, measured, type Figure } from "./report";

const SECTION = "Excel round trips";
const LOG_HEADERS = ["PlatformId", "ExternalId", "Code", "Name", "Price", "Currency", "Unit"] as const;

interface SyncSummary {
  syncs: number;
  /** Syncs that moved cells (the emulation's own judgement, SyncLogEntry.cellData). */
  dataSyncs: number;
  /** Bytes of those syncs. */
  dataBytes: number;
  largestRequest: number;
  largestResponse: number;
  totalBytes: number;
  failed: number;
}

function summarise(log: readonly SyncLogEntry[]): SyncSummary {
  const data = log.filter((e) => e.cellData);
  return {
    syncs: log.length,
    dataSyncs: data.length,
    dataBytes: data.reduce((sum, e) => sum + e.requestBytes + e.responseBytes, 0),
    largestRequest: Math.max(0, ...log.map((e) => e.requestBytes)),
    largestResponse: Math.max(0, ...log.map((e) => e.responseBytes)),
    totalBytes: log.reduce((sum, e) => sum + e.requestBytes + e.responseBytes, 0),
    failed: log.filter((e) => e.error !== undefined).length,
  };
}

/** Sheet rows for the emulation: codes typed with Excel's text marker so "1.10" stays text. */
function catalogSheet(rows: number): (string | number)[][] {
  const { block } = generateCatalog(rows);
  return block.values.map((row, r) =>
    row.map((v, c) => (r > 0 && c === 1 && typeof v === "string" ? `'${v}` : (v as string | number))),
  );
}

function importLogRows(rows: number): WritableCell[][] {
  const random = seededRandom(1414);
  const out: WritableCell[][] = [];
  for (let i = 0; i < rows; i += 1) {
    const id = `${Math.floor(random() * 0xffffffff)
      .toString(16)
      .padStart(8, "0")}-0000-4000-8000-${String(i).padStart(12, "0")}`;
    out.push([
      id,
      id,
      `${Math.floor(i / 1000) + 1}.${(i % 1000) + 1}`,
      `Concrete B25 W6 position ${i}`,
      (i % 9973) * 1.5,
      "EUR",
      "m3",
    ]);
  }
  return out;
}

function figuresFor(
  kind: "read" | "write",
  title: string,
  runs: readonly { summary: SyncSummary; elapsedMs: number }[],
  budgetNote: string,
): Figure[] {
  const [first] = runs;
  if (first === undefined) throw new Error("The round trips ran no run.");
  const summary = first.summary;
  const largest = runs.map((r) => Math.max(r.summary.largestRequest, r.summary.largestResponse));
  // The ratio is of the syncs that move cells: the fixed ones (the selection, the used range, the
  // culture, sheet names, formatting) carry a few hundred bytes each and are counted apart.
  const minimumOf = (s: SyncSummary) => Math.max(1, Math.ceil(s.dataBytes / EXCEL_SYNC_UNIT_BYTES));
  const ratios = runs.map((r) => r.summary.dataSyncs / minimumOf(r.summary));
  const minimum = minimumOf(summary);
  const fixed = summary.syncs - summary.dataSyncs;
  const elapsed = runs.map((r) => Math.round(r.elapsedMs));
  const same = runs.every((r) => JSON.stringify(r.summary) === JSON.stringify(summary));
  const runsText = `${runs.length} runs on a fresh emulated workbook each, ${same ? "every run's syncs and bytes the same (the emulation's counts do not depend on time)" : "THE RUNS' SYNCS OR BYTES DIFFERED"}`;
  const details = {
    ...summary,
    fixedSyncs: fixed,
    minimumSyncs: minimum,
    emulationMs: elapsed,
    runsAgree: same,
  };
  return [
    measured({
      id: `excel.${kind}.syncs`,
      section: SECTION,
      label: `${title}: syncs`,
      ...fromRuns(runs.map((r) => r.summary.syncs)),
      unit: "count",
      note: `${summary.failed} refused; ${(summary.totalBytes / 1024 / 1024).toFixed(1)} MB moved; ${elapsed.join(", ")} ms in the emulation (not Excel's time, not judged); ${runsText}.`,
      details,
    }),
    measured({
      id: `excel.${kind}.largest`,
      section: SECTION,
      label: `${title}: largest ${kind === "read" ? "response" : "request"}`,
      ...fromRuns(largest),
      unit: "bytes",
      budget: { max: BUDGETS.excelLargestPayloadBytes, unit: "bytes" },
      note: `${runsText}.`,
      details: { largestRequest: summary.largestRequest, largestResponse: summary.largestResponse },
    }),
    measured({
      id: `excel.${kind}.ratio`,
      section: SECTION,
      label: `${title}: cell syncs / ceil(their bytes / 4 MB)`,
      ...fromRuns(ratios),
      unit: "ratio",
      budget: { max: BUDGETS.excelSyncRatio, unit: "ratio" },
      note: `${summary.dataSyncs} syncs moved cells where ${minimum} could carry their ${(summary.dataBytes / 1024 / 1024).toFixed(1)} MB, plus ${fixed} fixed syncs; ${budgetNote} ${runsText}.`,
      details,
    }),
  ];
}

interface RoundTrip {
  read: { summary: SyncSummary; elapsedMs: number };
  write: { summary: SyncSummary; elapsedMs: number };
}

/** One read of the selection and one write of the log, on a fresh emulated workbook. */
async function roundTrip(
  rows: number,
  sheet: (string | number)[][],
  logRows: WritableCell[][],
): Promise<RoundTrip> {
  const excel: OfficeEmulation = createEmulatedExcel({ sheets: { Catalog: sheet } });
  excel.select("Catalog", `A1:I${rows + 1}`);
  excel.clearSyncLog();
  const readStart = performance.now();
  const read = await excel.run(async (context) => {
    const selection = await readSelection(context);
    return readRangeBlock(context, selection.reference);
  });
  const readMs = performance.now() - readStart;
  const readSummary = summarise(excel.getSyncLog());
  if (read.block.values.length !== rows + 1) {
    throw new Error(`The round-trip read returned ${read.block.values.length} rows, not ${rows + 1}.`);
  }

  excel.clearSyncLog();
  const writeStart = performance.now();
  await excel.run((context) =>
    writeTableToNewSheet(context, { name: "Import log", headers: [...LOG_HEADERS], rows: logRows }),
  );
  const writeMs = performance.now() - writeStart;
  return {
    read: { summary: readSummary, elapsedMs: readMs },
    write: { summary: summarise(excel.getSyncLog()), elapsedMs: writeMs },
  };
}

export async function roundTripFigures(rows: number, runs: number): Promise<Figure[]> {
  const sheet = catalogSheet(rows);
  const logRows = importLogRows(rows);
  const done: RoundTrip[] = [];
  for (let run = 0; run < runs; run += 1) done.push(await roundTrip(rows, sheet, logRows));

  const label = `${rows / 1000}k`;
  return [
    ...figuresFor(
      "read",
      `read ${label} × 9 selection`,
      done.map((r) => r.read),
      `read blocks are planned to ${(READ_BUDGET_BYTES / 1024 / 1024).toFixed(1)} MB (READ_BUDGET_FRACTION in src/workbook/limits.ts) from the bytes per row already read, after a 200-row sample; the fixed syncs read the selection, the range's size and the separators.`,
    ),
    ...figuresFor(
      "write",
      `write ${label}-row log`,
      done.map((r) => r.write),
      `write blocks are planned to ${(WRITE_BUDGET_BYTES / 1024 / 1024).toFixed(2)} MB (WRITE_BUDGET_FRACTION); the fixed syncs read the sheet names and set the header format, autofit and freeze.`,
    ),
  ];
}
