// The journeys that matter, written once, run inside the add-in's own runtime: in Excel desktop
// (npm run test:excel on Windows or macOS) and in the workbench against the Office emulation
// (test/browser/excel-journeys.test.ts, part of npm test). They drive the runtime's real objects:
// the session the pane signs in with, the PLATFORM functions through a formula in a cell, the BOQ
// tab's and the Import tab's own actions, and read the result back through the Excel API, so
// whatever Excel does with them (recalculation, spills, sheets) is what is checked.
import { fetchDemoAccount } from "../../src/api/demo";
import { getSession } from "../../src/session";
import { getBoqActions } from "../../src/taskpane/boq/runtime";
import { getImportPipeline } from "../../src/taskpane/import/runtime";

/** Where the platform emulator answers, as the test server tells the add-in. */
export interface JourneyConfig {
  authUrl: string;
  valueUrl: string;
  platformUrl: string;
}

/** One journey's outcome, in the shape Microsoft's test server expects (resultName, resultValue, expectedValue). */
export interface JourneyResult {
  resultName: string;
  resultValue: string;
  expectedValue: string;
  ok: boolean;
  ms: number;
  /** What went wrong, for the report a user sends back. */
  detail?: string;
}

const SPILL_TIMEOUT_MS = 60_000;
const POLL_MS = 250;
const COMPANY = "Northwind Construction";
const PROJECT = "O'Brien Tower";
const MODEL = "Tower AR";
const SCHEME = "Main scheme";
const VERSION = "3.2";
const CATALOG = "Demo catalog";
const BOQ_SHEET = "Excel test BOQ formula";
const CATALOG_SHEET = "Excel test catalog";
/** Three positions under a code no earlier run used, so the platform inserts them (its units are Russian). */
function catalogRows(): (string | number)[][] {
  const root = `XT${Date.now() % 1_000_000}`;
  return [
    ["Code", "Name", "Price", "Unit", "Currency"],
    [root, "Excel test works", "", "", ""],
    [`${root}.1`, "Excel test concrete", 101.5, "м3", "EUR"],
    [`${root}.2`, "Excel test rebar", 1200, "т", "EUR"],
  ];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** A new sheet with this name (a leftover of an earlier run is deleted first). */
async function freshSheet(name: string, rows?: (string | number)[][]): Promise<void> {
  await Excel.run(async (context) => {
    const leftover = context.workbook.worksheets.getItemOrNullObject(name);
    await context.sync();
    if (!leftover.isNullObject) leftover.delete();
    const sheet = context.workbook.worksheets.add(name);
    if (rows) {
      const last = String.fromCharCode(64 + (rows[0]?.length ?? 1));
      sheet.getRange(`A1:${last}${rows.length}`).values = rows;
    }
    sheet.activate();
    await context.sync();
  });
}

async function worksheetNames(): Promise<string[]> {
  return Excel.run(async (context) => {
    const sheets = context.workbook.worksheets.load("items/name");
    await context.sync();
    return sheets.items.map((sheet) => sheet.name);
  });
}

async function usedRows(sheetName: string): Promise<{ rows: number; values: unknown[][] }> {
  return Excel.run(async (context) => {
    const used = context.workbook.worksheets.getItem(sheetName).getUsedRange().load(["rowCount", "values"]);
    await context.sync();
    return { rows: used.rowCount, values: used.values };
  });
}

/** Signs in with the test platform's demo account, as "Use the demo account" in the pane does. */
async function signIn(config: JourneyConfig): Promise<string> {
  const session = getSession();
  await session.init();
  const errors = await session.saveSettings({
    ...session.settings.get(),
    preset: "custom",
    authUrl: config.authUrl,
    valueUrl: config.valueUrl,
    platformUrl: config.platformUrl,
    interactiveClientId: session.settings.get().interactiveClientId || "boq-bridge-spa",
  });
  check(Object.keys(errors).length === 0, `The emulator's addresses were refused: ${JSON.stringify(errors)}`);
  const demo = await fetchDemoAccount(config.authUrl);
  check(demo !== null, `The test platform at ${config.authUrl} offers no demo account (is it running?).`);
  const state = await session.signInWithPassword({ ...demo, keepSignedIn: false });
  check(state.status === "signed-in", "The sign-in did not end signed in.");
  return `signed in as ${state.user.displayName}`;
}

/** =PLATFORM.BOQ(...) in a cell: waits for Excel to calculate it and checks the spill. */
async function boqSpills(): Promise<string> {
  await freshSheet(BOQ_SHEET);
  await Excel.run(async (context) => {
    const formula = `=PLATFORM.BOQ("${COMPANY}", "${PROJECT.replace(/"/g, '""')}", "${MODEL}", "${SCHEME}", "${VERSION}")`;
    context.workbook.worksheets.getItem(BOQ_SHEET).getRange("A1").formulas = [[formula]];
    await context.sync();
  });
  const started = Date.now();
  for (;;) {
    const { rows, values } = await usedRows(BOQ_SHEET);
    const cell = values[0]?.[0];
    const first = typeof cell === "string" || typeof cell === "number" ? String(cell) : "";
    if (first === "Level") {
      check(rows > 2, `The BOQ spilled only ${rows} rows.`);
      return `${rows} rows, header ${values[0]?.slice(0, 3).join(", ")}`;
    }
    check(!first.startsWith("#") || first === "#BUSY!", `The cell shows ${first}.`);
    check(
      Date.now() - started < SPILL_TIMEOUT_MS,
      `No spill after ${SPILL_TIMEOUT_MS / 1000} s (A1: ${first}).`,
    );
    await pause(POLL_MS);
  }
}

/** Insert BOQ sheet, as the BOQ tab does it. */
async function insertsBoqSheet(): Promise<string> {
  const written = await getBoqActions().insertSheet({
    company: COMPANY,
    project: PROJECT,
    model: MODEL,
    scheme: SCHEME,
    version: VERSION,
    analysis: VERSION,
  });
  check(written.rowCount > 0, "Insert BOQ sheet wrote no rows.");
  const { rows } = await usedRows(written.sheetName);
  check(
    rows > written.rowCount,
    `The sheet ${written.sheetName} has ${rows} rows for ${written.rowCount} positions.`,
  );
  return `${written.sheetName}: ${written.rowCount} positions`;
}

/** A small catalog from cells to the platform, as the Import tab does it, with its log sheets. */
async function importsCatalog(): Promise<string> {
  const session = getSession();
  const state = session.getState();
  const company = state.status === "signed-in" ? state.company : null;
  check(company !== null && company !== undefined, "No company to import into.");
  const rows = catalogRows();
  await freshSheet(CATALOG_SHEET, rows);
  const before = new Set(await worksheetNames());
  const pipeline = getImportPipeline();
  pipeline.setChoices({
    catalogName: CATALOG,
    companyId: company.id,
    companyName: company.name,
    skipErrorRows: false,
  });
  await pipeline.readRange({ sheet: CATALOG_SHEET, address: `A1:E${rows.length}` });
  await pipeline.preview();
  check(pipeline.getState().phase === "previewed", `The check stopped at "${pipeline.getState().phase}".`);
  await pipeline.start();
  const final = pipeline.getState();
  check(final.phase === "done", `The import ended in "${final.phase}".`);
  const counts = final.log.counts;
  check(
    counts?.inserted === rows.length - 1,
    `The platform inserted ${counts?.inserted ?? 0} of ${rows.length - 1} positions.`,
  );
  const logSheets = (await worksheetNames()).filter((name) => !before.has(name));
  check(logSheets.length >= 2, `The import wrote ${logSheets.length} log sheets.`);
  return `${counts.inserted} inserted; log sheets: ${logSheets.join(", ")}`;
}

export const JOURNEYS: readonly { name: string; run: (config: JourneyConfig) => Promise<string> }[] = [
  { name: "sign-in-demo-account", run: signIn },
  { name: "platform-boq-spills", run: () => boqSpills() },
  { name: "insert-boq-sheet", run: () => insertsBoqSheet() },
  { name: "catalog-import-log-sheets", run: () => importsCatalog() },
];

/** Runs every journey in order; a journey that fails is reported and the next one still runs. */
export async function runJourneys(config: JourneyConfig): Promise<JourneyResult[]> {
  const results: JourneyResult[] = [];
  for (const journey of JOURNEYS) {
    const started = Date.now();
    try {
      const value = await journey.run(config);
      results.push({
        resultName: journey.name,
        resultValue: "passed",
        expectedValue: "passed",
        ok: true,
        ms: Date.now() - started,
        detail: value,
      });
    } catch (error) {
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      results.push({
        resultName: journey.name,
        resultValue: "failed",
        expectedValue: "passed",
        ok: false,
        ms: Date.now() - started,
        detail,
      });
    }
  }
  return results;
}
