/**
 * Import end to end against the in-process platform emulator: 100k generated positions on a sheet
 * of the emulated workbook, through src/import's ImportPipeline, the steps the import screens take
 * (read the range and check it, preview, start: Guids written back, the job posted, followed and
 * its log written into new sheets), with a signed-in session. Every call to the platform and
 * every pause between status polls is timed as waiting on the service (the emulator runs in this
 * Node process, so its own work on the job, and the client's serializing of the request and
 * parsing of the replies, are inside that share); the rest is client work.
 */
import { createEmulatedExcel } from "../dev/office-emulation";
import { ImportPipeline, type ImportDeps } from "../src/import";
import { setLogSink } from "../src/log/logger";
import { documentSettings } from "../src/workbook";
import { sessionFor, signIn, startEnv, type Env } from "../test/integration/api/setup";
import { generateCatalog } from "./generate";
import { measured, type Figure } from "./report";

const SECTION = "Import end to end";
const SHEET = "Catalog";
/** A catalog of the emulator's demo company (the platform imports only into an existing catalog). */
const CATALOG = "Demo catalog";

export async function importFigures(rows: number): Promise<Figure[]> {
  setLogSink(() => undefined);
  let env: Env | undefined;
  try {
    env = await startEnv({ jobSpeed: "instant" });
    const { session } = await sessionFor(env);
    await signIn(env, session);
    const state = session.getState();
    if (state.status !== "signed-in" || !state.company)
      throw new Error("The bench's session has no company.");
    const company = state.company;

    const { block, problemRows } = generateCatalog(rows);
    const sheetRows = block.values.map((row, r) =>
      row.map((v, c) => (r > 0 && c === 1 && typeof v === "string" ? `'${v}` : v)),
    );
    const excel = createEmulatedExcel({ sheets: { [SHEET]: sheetRows } });

    const waiting: Record<string, number> = {};
    const calls: Record<string, number> = {};
    const timedCall = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      try {
        return await work();
      } finally {
        waiting[name] = (waiting[name] ?? 0) + performance.now() - started;
        calls[name] = (calls[name] ?? 0) + 1;
      }
    };
    const api = session.api;
    const deps: ImportDeps = {
      excel: (batch) => excel.run(batch),
      api: {
        startImport: (body, signal) => timedCall("post", () => api.startImport(body, signal)),
        pollImportStatusByJobId: (jobId, signal) =>
          timedCall("status", () => api.pollImportStatusByJobId(jobId, signal)),
        getImportStatusByRoot: (root, signal) =>
          timedCall("status", () => api.getImportStatusByRoot(root, signal)),
        getImportLog: (jobId, signal) => timedCall("log", () => api.getImportLog(jobId, signal)),
      },
      settings: documentSettings(excel.globals.Office.context.document.settings),
      now: Date.now,
      sleep: (ms, signal) =>
        timedCall(
          "pauses",
          () =>
            new Promise<void>((resolve, reject) => {
              const timer = setTimeout(resolve, ms);
              signal.addEventListener(
                "abort",
                () => {
                  clearTimeout(timer);
                  reject(
                    signal.reason instanceof Error ? signal.reason : new Error("The import was stopped."),
                  );
                },
                { once: true },
              );
            }),
        ),
      whenSignedIn: () => Promise.resolve(),
      userName: () => "Bench estimator",
      language: () => "en",
    };
    const pipeline = new ImportPipeline(deps);
    pipeline.setChoices({
      catalogName: CATALOG,
      companyId: company.id,
      companyName: company.name,
      skipErrorRows: true,
    });

    const t0 = performance.now();
    await pipeline.readRange({ sheet: SHEET, address: `A1:I${rows + 1}` });
    const t1 = performance.now();
    await pipeline.preview();
    const t2 = performance.now();
    if (pipeline.getState().phase !== "previewed") {
      throw new Error(`The import did not reach its preview (phase "${pipeline.getState().phase}").`);
    }
    const skippedRows = pipeline.getState().send.summary?.skippedRows ?? 0;
    await pipeline.start();
    const t3 = performance.now();
    const final = pipeline.getState();
    if (final.phase !== "done") {
      throw new Error(
        `The import ended in phase "${final.phase}", not done: ${JSON.stringify((final as { error?: unknown }).error)}`,
      );
    }
    const logSheets = excel.model.sheets.map((s) => s.name).filter((name) => name !== SHEET);
    if (logSheets.length === 0) throw new Error("The import finished but wrote no log sheet.");

    const total = t3 - t0;
    const wait = Object.values(waiting).reduce((sum, ms) => sum + ms, 0);
    const client = total - wait;
    const label = `${rows / 1000}k`;
    const details = {
      rows,
      generatedProblemRows: problemRows,
      skippedRows,
      readAndCheckMs: Math.round(t1 - t0),
      previewMs: Math.round(t2 - t1),
      startToLogWrittenMs: Math.round(t3 - t2),
      waitingByCallMs: Object.entries(waiting).map(
        ([k, v]) => `${k} ${Math.round(v)} ms in ${calls[k] ?? 0}`,
      ),
      logSheets,
      syncs: excel.getSyncLog().length,
    };
    return [
      measured({
        id: "import.total",
        section: SECTION,
        label: `${label} positions: read → log written`,
        value: total,
        unit: "ms",
        note: `read and check ${Math.round(t1 - t0)} ms, preview (body) ${Math.round(t2 - t1)} ms, Guids written back + post + follow + log written ${Math.round(t3 - t2)} ms; ${skippedRows} rows with errors skipped (the user's choice); log sheets: ${logSheets.join(", ")}. Absolute: not judged.`,
        details,
      }),
      measured({
        id: "import.client",
        section: SECTION,
        label: "client work (read, check, body, Guids, log written)",
        value: client,
        unit: "ms",
        note: `${((client / total) * 100).toFixed(0)}% of the total; Excel work is the workbench emulation's, not Excel's.`,
      }),
      measured({
        id: "import.waiting",
        section: SECTION,
        label: "waiting on the service (post, status, log, pauses)",
        value: wait,
        unit: "ms",
        note: `${((wait / total) * 100).toFixed(0)}% of the total: ${details.waitingByCallMs.join("; ")} (job speed "instant"; the emulator runs in this process, so its work on the job, and the client's own serializing of the request and zod parsing of the replies, are inside this share).`,
      }),
    ];
  } finally {
    setLogSink(null);
    await env?.emu.stop();
  }
}
