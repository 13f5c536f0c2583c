// The work the scale tests run in a worker with JavaScriptCore's argument ceiling (jscStack.ts):
// sheets where tens of thousands of rows have one kind of problem, a mixed sheet, and the Guid
// write-back through the Office emulation. Each task returns a plain summary (counts, problems by
// kind, the first and last problem, the body's sizes) for the test to check in Jest's thread.
import { createEmulatedExcel } from "../../dev/office-emulation";
import {
  analyseCatalogInSteps,
  buildImportBodyInSteps,
  importBodyJsonInSteps,
  runSteps,
  type CatalogAnalysis,
  type CatalogCounts,
  type CellBlock,
  type CellValue,
  type Problem,
} from "../../src/catalog";
import { writeColumnBack } from "../../src/workbook";

export const HEADER = ["Code", "Name", "Price", "Unit", "Delete", "Guid"];

export interface ProblemSummary {
  kind: string;
  cell: string;
  severity: string;
  values: Problem["values"];
}

export interface BodySummary {
  positions: number;
  deletions: number;
  assignedGuids: number;
  /** The JSON written in steps is JSON.stringify of the body, character for character. */
  jsonAsWhole: boolean;
  jsonLength: number;
  firstPosition: unknown;
  lastPosition: unknown;
}

export interface SheetSummary {
  rows: number;
  counts: CatalogCounts;
  kinds: Record<string, number>;
  first: ProblemSummary | null;
  last: ProblemSummary | null;
  missingParents: { count: number; rowsOfFirst: number; positionsOfFirst: number };
  body: BodySummary;
}

export interface WriteBackSummary {
  rows: number;
  written: number;
  address: string;
  /** Cells of the Guid column that hold what was meant: the new Guid, or the one already there. */
  rightCells: number;
  syncs: number;
  largestRequestBytes: number;
}

const guid = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;

function sheet(rows: CellValue[][]): CellBlock {
  const values: CellValue[][] = [HEADER];
  for (const row of rows) values.push(row);
  return { sheet: "Scale", startRow: 1, startColumn: 0, values };
}

/** Every row's price typed as text ("1 234.50"), under one group row. */
function textPrices(n: number): CellBlock {
  const rows: CellValue[][] = [["T", "Prices typed as text", "", "", "", ""]];
  for (let i = 1; i <= n; i++) rows.push([`T.${i}`, `Item ${i}`, "1 234.50", "m", "", ""]);
  return sheet(rows);
}

/** Every row under one parent code the sheet does not list. */
function orphans(n: number): CellBlock {
  const rows: CellValue[][] = [];
  for (let i = 1; i <= n; i++) rows.push([`X.${i}`, `Item ${i}`, 10, "m", "", ""]);
  return sheet(rows);
}

/** One code, then the same code again on every other row. */
function repeatedCode(n: number): CellBlock {
  const rows: CellValue[][] = [
    ["R", "Repeated", "", "", "", ""],
    ["R.1", "First", 1, "m", "", ""],
  ];
  for (let i = 1; i <= n; i++) rows.push(["R.1", `Again ${i}`, 1, "m", "", ""]);
  return sheet(rows);
}

/** Every row without a name, under one group row. */
function missingNames(n: number): CellBlock {
  const rows: CellValue[][] = [["M", "Names missing below", "", "", "", ""]];
  for (let i = 1; i <= n; i++) rows.push([`M.${i}`, "", 5, "m", "", ""]);
  return sheet(rows);
}

/** n rows deleting a code each, and n positions, each below one of the deleted codes. */
function deletions(n: number): CellBlock {
  const rows: CellValue[][] = [];
  for (let i = 1; i <= n; i++) rows.push([`D${i}`, `Deleted ${i}`, "", "", "x", ""]);
  for (let i = 1; i <= n; i++) rows.push([`D${i}.1`, `Below ${i}`, 3, "m", "", ""]);
  return sheet(rows);
}

/**
 * Five kinds in one sheet, a fifth of `n` rows each: prices as text, orphans under 100 missing
 * parents, a code repeated (1,000 distinct codes), names missing, and deletions (half of them
 * deleting a code the first part imports, half by Guid alone).
 */
function mixed(n: number): CellBlock {
  const part = Math.floor(n / 5);
  const rows: CellValue[][] = [
    ["T", "Prices typed as text", "", "", "", ""],
    ["R", "Repeated", "", "", "", ""],
    ["M", "Names missing below", "", "", "", ""],
  ];
  for (let i = 1; i <= part; i++) rows.push([`T.${i}`, `Item ${i}`, "1 234.50", "m", "", ""]);
  for (let i = 1; i <= part; i++) rows.push([`X${i % 100}.${i}`, `Orphan ${i}`, 10, "m", "", ""]);
  for (let i = 1; i <= part; i++) rows.push([`R.${i % 1000}`, `Repeated ${i}`, 1, "m", "", ""]);
  for (let i = 1; i <= part; i++) rows.push([`M.${i}`, "", 5, "m", "", ""]);
  for (let i = 1; i <= part; i++) {
    rows.push(i % 2 === 1 ? [`T.${i}`, "", "", "", "x", ""] : ["", "", "", "", "yes", guid(i)]);
  }
  return sheet(rows);
}

const SHEETS: Record<string, (n: number) => CellBlock> = {
  "text-price": textPrices,
  orphan: orphans,
  "repeated-code": repeatedCode,
  "missing-name": missingNames,
  deletion: deletions,
  mixed,
};

function problemSummary(p: Problem | undefined): ProblemSummary | null {
  return p === undefined ? null : { kind: p.kind, cell: p.cell, severity: p.severity, values: p.values };
}

function summarise(block: CellBlock, analysis: CatalogAnalysis): SheetSummary {
  const kinds: Record<string, number> = {};
  for (const p of analysis.problems) kinds[p.kind] = (kinds[p.kind] ?? 0) + 1;
  // What is sent when the user skips the rows with errors: the engine already left those rows out.
  const warnings = analysis.problems.filter((p) => p.severity !== "error");
  let next = 1_000_000;
  const built = runSteps(
    buildImportBodyInSteps(
      { ...analysis, problems: warnings },
      { CatalogName: "Scale", CompanyId: "company" },
      { assignGuids: true, newGuid: () => guid(next++) },
    ),
  );
  const json = runSteps(importBodyJsonInSteps(built.body)).join("");
  const first = analysis.missingParents[0];
  return {
    rows: block.values.length - 1,
    counts: analysis.counts,
    kinds,
    first: problemSummary(analysis.problems[0]),
    last: problemSummary(analysis.problems[analysis.problems.length - 1]),
    missingParents: {
      count: analysis.missingParents.length,
      rowsOfFirst: first?.rows.length ?? 0,
      positionsOfFirst: first?.positions ?? 0,
    },
    body: {
      positions: built.body.Data.length,
      deletions: built.body.DeletedData.length,
      assignedGuids: built.assignedGuids.length,
      jsonAsWhole: json === JSON.stringify(built.body),
      jsonLength: json.length,
      firstPosition: built.body.Data[0],
      lastPosition: built.body.Data[built.body.Data.length - 1],
    },
  };
}

/** Rows of the write-back sheet that already hold a Guid: the write must leave them as they are. */
const KEPT_GUID_EVERY = 1000;

/**
 * `rows` sheet rows get their Guids written back, as the import writes them: one entry per row
 * from the first new Guid to the last, null where the row keeps the Guid it has. Only the Guid
 * column is on the sheet (the emulation's cost is per cell, and other columns take no part).
 */
async function guidWriteBack(rows: number): Promise<WriteBackSummary> {
  const kept = (i: number): boolean => i % KEPT_GUID_EVERY === 0;
  const cells: CellValue[][] = [["Guid"]];
  for (let i = 1; i <= rows; i++) cells.push(kept(i) ? [guid(i)] : []);
  const excel = createEmulatedExcel({ sheets: { Catalog: cells } });
  const values: Array<string | null> = [];
  for (let i = 1; i <= rows; i++) values.push(kept(i) ? null : guid(rows + i));
  excel.clearSyncLog();
  const written = await excel.run((context) => writeColumnBack(context, "Catalog", "A", 2, values));
  const column = excel.values("Catalog", `A2:A${rows + 1}`);
  let rightCells = 0;
  for (let i = 1; i <= rows; i++) if (column[i - 1]?.[0] === guid(kept(i) ? i : rows + i)) rightCells++;
  let largestRequestBytes = 0;
  const log = excel.getSyncLog();
  for (const entry of log) largestRequestBytes = Math.max(largestRequestBytes, entry.requestBytes);
  return { rows, ...written, rightCells, syncs: log.length, largestRequestBytes };
}

export async function runTask(task: string, rows: number): Promise<SheetSummary | WriteBackSummary> {
  if (task === "guid-write-back") return guidWriteBack(rows);
  const make = SHEETS[task];
  if (make === undefined) throw new Error(`No scale task "${task}".`);
  const block = make(rows);
  return summarise(block, runSteps(analyseCatalogInSteps(block)));
}
