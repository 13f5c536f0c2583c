/**
 * One run of the import end to end (bench/import.ts): generated positions on a sheet of a fresh
 * emulated workbook go through src/import's ImportPipeline, the steps the import screens take
 * (read the range and check it, preview, start: Guids written back, the job posted, followed and
 * its log written into new sheets), with a session signed in to a fresh platform emulator.
 *
 * The add-in's own time is split from the rest as the pane figure splits its long tasks:
 * - The emulator runs in a child process (bench/emulatorProcess.ts), so its work on the requests
 *   and on the job never occupies this process's thread: while it works, this thread is idle.
 * - The Excel emulation runs in this thread, as it runs in the pane's page: each sync's work is
 *   marked from its start to the moment its promise settles (as bench/page/office-shim.ts does),
 *   and subtracted.
 * - Node's event-loop utilization says how long the thread was busy (not waiting in the event
 *   loop for I/O or a timer): the add-in's own time is that busy time less the marked syncs. It
 *   includes Node's own HTTP client (undici: in a browser fetch is native) and garbage collection.
 * The floor is measured after the import on the same data: JSON.parse of the cells read, and
 * JSON.stringify of the body posted and of the log rows written.
 */
import { fork } from "child_process";
import path from "path";
import { performance as nodePerformance, type EventLoopUtilization } from "perf_hooks";
import { createEmulatedExcel, type OfficeEmulation } from "../dev/office-emulation";
import { ImportPipeline, type ImportDeps } from "../src/import";
import { createSession, type Session } from "../src/session/index";
import { SETTINGS_KEY } from "../src/session/settings";
import { MemoryStore } from "../src/session/storage";
import { documentSettings } from "../src/workbook";
import type { EmulatorAddresses } from "./emulatorProcess";
import { generateCatalog } from "./generate";
import { longestOwn, splitTasks, type Interval } from "./paneTasks";

const SHEET = "Catalog";
/** A catalog of the emulator's demo company (the platform imports only into an existing catalog). */
const CATALOG = "Demo catalog";
const EMULATOR_START_TIMEOUT_MS = 60_000;
const EMULATOR_STOP_TIMEOUT_MS = 10_000;

/** The platform calls, as the waiting share names them. */
export type CallName = "post" | "status" | "log" | "pauses";

export interface ImportRun {
  rows: number;
  generatedProblemRows: number;
  skippedRows: number;
  logSheets: string[];
  syncs: number;
  /** Wall-clock times of the stages: read and check, preview, start → log written. */
  stageMs: { readAndCheck: number; preview: number; start: number };
  totalMs: number;
  /** Wall-clock time inside each kind of platform call (and the pauses between status polls). */
  waitingMs: Record<CallName, number>;
  calls: Record<CallName, number>;
  /** This thread busy (event-loop utilization) over the whole import, and by stage. */
  busyMs: number;
  /** The Excel emulation's marked sync work, over the whole import and by stage. */
  emulationMs: number;
  emulationByStageMs: { readAndCheck: number; preview: number; start: number };
  /** The add-in's own time: busy less the emulation's work, over the whole import and by stage. */
  ownMs: number;
  ownByStageMs: { readAndCheck: number; preview: number; start: number };
  /** This thread busy inside each kind of platform call: the client's side of the HTTP exchange. */
  busyInCallsMs: Record<CallName, number>;
  floor: { parseCellsMs: number; stringifyBodyMs: number; stringifyLogMs: number; totalMs: number };
  bytes: { cells: number; body: number; log: number };
  /**
   * The longest stretch this thread was held without a turn of its event loop from the POST's
   * answer to the log written (following the job, the replies parsed, the log built and written),
   * less the emulation's marked sync work inside it: the pane's "longest own task" of that phase,
   * as Node sees it. With where it started: the platform call or stage it fell in.
   */
  /** `stretches`: how many were longer than LONG_STRETCH_MS, the emulation's work included. */
  afterPost: {
    longestOwnMs: number;
    longestMs: number;
    emulationMs: number;
    during: string;
    stretches: number;
  };
}

/**
 * A stretch of at least this long without a turn of the event loop is recorded: more than the
 * timer's own 1 ms between turns of an idle loop.
 */
export const HELD_STRETCH_MS = 2;
/** Stretches of more than this are counted as long tasks are (a browser's 50 ms). */
export const LONG_STRETCH_MS = 50;

/**
 * Records when the thread went HELD_STRETCH_MS or more without a turn of its event loop: a timer asks for
 * a turn every millisecond, and a gap between two turns is a stretch the thread was held (one
 * task and its microtasks, as a browser's long task). The timer costs a few microseconds a turn.
 */
function watchHeld(): () => Interval[] {
  const held: Interval[] = [];
  let last = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const tick = (): void => {
    const now = performance.now();
    if (now - last >= HELD_STRETCH_MS) held.push({ start: last, duration: now - last });
    last = now;
    timer = setTimeout(tick, 1);
  };
  timer = setTimeout(tick, 1);
  return () => {
    clearTimeout(timer);
    return held;
  };
}

/** Starts the emulator in a child process; resolves with its addresses and a stop function. */
async function startEmulatorProcess(): Promise<{ addresses: EmulatorAddresses; stop: () => Promise<void> }> {
  const child = fork(path.join(__dirname, "emulatorProcess.ts"), [], {
    execArgv: ["-r", path.join(__dirname, "register.cjs")],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (child.connected) child.disconnect();
    const timer = setTimeout(() => child.kill("SIGKILL"), EMULATOR_STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  try {
    const addresses = await new Promise<EmulatorAddresses>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`The emulator's process did not start within ${EMULATOR_START_TIMEOUT_MS / 1000} s.`),
          ),
        EMULATOR_START_TIMEOUT_MS,
      );
      child.once("message", (message) => {
        clearTimeout(timer);
        resolve(message as EmulatorAddresses);
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`The emulator's process ended (code ${code}) before it listened.`));
      });
      child.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    return { addresses, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function signedInSession(addresses: EmulatorAddresses): Promise<Session> {
  const store = new MemoryStore();
  await store.setItem(
    SETTINGS_KEY,
    JSON.stringify({
      preset: "custom",
      emulatorScheme: "http",
      authUrl: addresses.authUrl,
      valueUrl: addresses.baseUrl,
      platformUrl: addresses.platformUrl,
      interactiveClientId: addresses.publicClientId,
    }),
  );
  const session = createSession({ store });
  await session.init();
  await session.signInWithPassword({
    clientId: addresses.passwordClient.clientId,
    clientSecret: addresses.passwordClient.clientSecret,
    username: addresses.user.username,
    password: addresses.user.password,
    keepSignedIn: false,
  });
  return session;
}

interface SyncingContext {
  sync: (this: SyncingContext, passThroughValue?: unknown) => Promise<unknown>;
}

/** Marks each sync's work from its start to the moment it settles; returns the undo. */
function markSyncs(excel: OfficeEmulation, marks: Interval[]): () => void {
  const contextClass = excel.globals.OfficeExtension.ClientRequestContext as unknown as {
    prototype: SyncingContext;
  };
  const sync = contextClass.prototype.sync;
  contextClass.prototype.sync = async function (this: SyncingContext, passThroughValue?: unknown) {
    const start = performance.now();
    try {
      return await sync.call(this, passThroughValue);
    } finally {
      marks.push({ start, duration: performance.now() - start });
    }
  };
  return () => {
    contextClass.prototype.sync = sync;
  };
}

function elapsed(work: () => unknown): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

export async function importRun(rows: number): Promise<ImportRun> {
  const emulator = await startEmulatorProcess();
  const marks: Interval[] = [];
  let unmark = (): void => undefined;
  try {
    const session = await signedInSession(emulator.addresses);
    const state = session.getState();
    if (state.status !== "signed-in" || !state.company)
      throw new Error("The bench's session has no company.");
    const company = state.company;

    const { block, problemRows } = generateCatalog(rows);
    const sheetRows = block.values.map((row, r) =>
      row.map((v, c) => (r > 0 && c === 1 && typeof v === "string" ? `'${v}` : v)),
    );
    const excel = createEmulatedExcel({ sheets: { [SHEET]: sheetRows } });
    const address = `A1:I${rows + 1}`;
    const cellsText = JSON.stringify(excel.values(SHEET, address));
    unmark = markSyncs(excel, marks);

    const waitingMs: Record<CallName, number> = { post: 0, status: 0, log: 0, pauses: 0 };
    const busyInCallsMs: Record<CallName, number> = { post: 0, status: 0, log: 0, pauses: 0 };
    const calls: Record<CallName, number> = { post: 0, status: 0, log: 0, pauses: 0 };
    let body: unknown = null;
    /** Each platform call and pause, from its start to its settling, by name. */
    const callSpans: Array<Interval & { name: CallName }> = [];
    let postAnsweredAt = Number.POSITIVE_INFINITY;
    const timedCall = async <T>(name: CallName, work: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      const elu = nodePerformance.eventLoopUtilization();
      try {
        return await work();
      } finally {
        const ended = performance.now();
        callSpans.push({ name, start: started, duration: ended - started });
        if (name === "post") postAnsweredAt = ended;
        waitingMs[name] += performance.now() - started;
        busyInCallsMs[name] += nodePerformance.eventLoopUtilization(elu).active;
        calls[name] += 1;
      }
    };
    const api = session.api;
    const deps: ImportDeps = {
      excel: (batch) => excel.run(batch),
      api: {
        startImport: (request, signal, options) => {
          body = "json" in request ? request.body : request;
          return timedCall("post", () => api.startImport(request, signal, options));
        },
        pollImportStatusByJobId: (jobId, signal) =>
          timedCall("status", () => api.pollImportStatusByJobId(jobId, signal)),
        getImportStatusByRoot: (root, signal) =>
          timedCall("status", () => api.getImportStatusByRoot(root, signal)),
        getImportLog: (jobId, signal) => timedCall("log", () => api.getImportLog(jobId, signal)),
      },
      settings: documentSettings(excel.globals.Office.context.document.settings),
      now: Date.now,
      // In slices with a turn of the event loop between them, as the pane runs them.
      pause: () => new Promise<void>((resolve) => setImmediate(resolve)),
      sliceClock: () => performance.now(),
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

    const elu0: EventLoopUtilization = nodePerformance.eventLoopUtilization();
    const t0 = performance.now();
    await pipeline.readRange({ sheet: SHEET, address });
    const elu1 = nodePerformance.eventLoopUtilization();
    const t1 = performance.now();
    await pipeline.preview();
    const elu2 = nodePerformance.eventLoopUtilization();
    const t2 = performance.now();
    if (pipeline.getState().phase !== "previewed") {
      throw new Error(`The import did not reach its preview (phase "${pipeline.getState().phase}").`);
    }
    const skippedRows = pipeline.getState().send.summary?.skippedRows ?? 0;
    const stopWatching = watchHeld();
    await pipeline.start();
    const elu3 = nodePerformance.eventLoopUtilization();
    const t3 = performance.now();
    const held = stopWatching().filter((h) => h.start >= postAnsweredAt);
    unmark();
    const final = pipeline.getState();
    if (final.phase !== "done") {
      throw new Error(
        `The import ended in phase "${final.phase}", not done: ${JSON.stringify((final as { error?: unknown }).error)}`,
      );
    }
    const logSheets = excel.sheetNames().filter((name) => name !== SHEET);
    if (logSheets.length === 0) throw new Error("The import finished but wrote no log sheet.");
    if (body === null) throw new Error("The import finished but posted no body.");

    const busy = (from: EventLoopUtilization, to: EventLoopUtilization) =>
      nodePerformance.eventLoopUtilization(to, from).active;
    const marked = (from: number, to: number) =>
      marks.filter((m) => m.start >= from && m.start < to).reduce((sum, m) => sum + m.duration, 0);
    const emulationByStageMs = {
      readAndCheck: marked(t0, t1),
      preview: marked(t1, t2),
      start: marked(t2, t3),
    };
    const ownByStageMs = {
      readAndCheck: busy(elu0, elu1) - emulationByStageMs.readAndCheck,
      preview: busy(elu1, elu2) - emulationByStageMs.preview,
      start: busy(elu2, elu3) - emulationByStageMs.start,
    };
    const busyMs = busy(elu0, elu3);
    const emulationMs = marked(t0, t3);

    // Each stretch split as the pane figure splits its long tasks (bench/paneTasks.ts).
    const longest = longestOwn(splitTasks(held, marks));
    const call = longest
      ? callSpans.find((c) => longest.start >= c.start && longest.start < c.start + c.duration)
      : undefined;
    const afterPost = {
      longestOwnMs: longest?.ownMs ?? 0,
      longestMs: longest?.duration ?? 0,
      emulationMs: longest?.emulationMs ?? 0,
      during:
        longest === null
          ? "none recorded"
          : call
            ? `inside the ${call.name} call`
            : "between platform calls (the log built or written)",
      stretches: held.filter((h) => h.duration > LONG_STRETCH_MS).length,
    };

    // The floor, on the same data: what any import of these cells pays in JSON alone.
    const logValues = logSheets.map((name) => excel.values(name));
    let bodyText = "";
    let logText = "";
    const parseCellsMs = elapsed(() => JSON.parse(cellsText));
    const stringifyBodyMs = elapsed(() => (bodyText = JSON.stringify(body)));
    const stringifyLogMs = elapsed(() => (logText = JSON.stringify(logValues)));

    return {
      rows,
      generatedProblemRows: problemRows,
      skippedRows,
      logSheets,
      syncs: excel.getSyncLog().length,
      stageMs: { readAndCheck: t1 - t0, preview: t2 - t1, start: t3 - t2 },
      totalMs: t3 - t0,
      waitingMs,
      calls,
      busyMs,
      emulationMs,
      emulationByStageMs,
      ownMs: busyMs - emulationMs,
      ownByStageMs,
      busyInCallsMs,
      floor: {
        parseCellsMs,
        stringifyBodyMs,
        stringifyLogMs,
        totalMs: parseCellsMs + stringifyBodyMs + stringifyLogMs,
      },
      bytes: {
        cells: Buffer.byteLength(cellsText),
        body: Buffer.byteLength(bodyText),
        log: Buffer.byteLength(logText),
      },
      afterPost,
    };
  } finally {
    unmark();
    await emulator.stop();
  }
}
