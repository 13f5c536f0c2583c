// A pipeline over a scripted platform (no server) and an emulated workbook, for the tests of
// following a job and of reopening logs.
import { createEmulatedExcel, type OfficeEmulation } from "../../dev/office-emulation";
import { ApiError } from "../../src/api/errors";
import type { ImportLog, ImportStatus } from "../../src/api/schemas";
import {
  ImportPipeline,
  NOTE_KEY_PREFIX,
  type HistoryEntry,
  type ImportDeps,
  type ImportState,
  type OutsideStore,
} from "../../src/import";
import { MemoryDocumentSettings } from "../../src/workbook";

export const JOB = "job-1";
export const RUNNING: ImportStatus = { jobId: JOB, status: "Running", progress: 40, error: null };
export const DONE: ImportStatus = { jobId: JOB, status: "ReportCreated", progress: 100, error: null };
export const LOG: ImportLog = {
  insertedTwigs: [{ code: "1", name: "Concrete", price: 10, unit: "m3" }],
  updatedTwigs: [],
  deletedTwigs: [],
  ignoredTwigs: [],
};

type Answer<T> = T | ApiError;

export const httpError = (status: number, retryAfterSeconds?: number) =>
  new ApiError({
    kind: "http",
    endpoint: "import-status",
    status,
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
  });

/** The platform's refusal of a request, with its own JSON error body (not a proxy's page). */
export const refusedByPlatform = (status: number) =>
  new ApiError({ kind: "http", endpoint: "catalog-import", status, serviceBody: true, code: "Refused" });

/** A platform that answers each request with the next scripted answer (the last one repeats). */
function scripted<T>(answers: Answer<T>[]): { next: () => Promise<T>; calls: () => number } {
  let calls = 0;
  return {
    next: () => {
      const answer = answers[Math.min(calls, answers.length - 1)]!;
      calls += 1;
      return answer instanceof ApiError ? Promise.reject(answer) : Promise.resolve(answer);
    },
    calls: () => calls,
  };
}

/** A pipeline whose status and log requests get the scripted answers; pauses are recorded, not waited. */
export function follower(
  statuses: Answer<ImportStatus>[],
  logs: Answer<ImportLog>[] = [LOG],
  deps: Partial<ImportDeps> = {},
  excel: OfficeEmulation = createEmulatedExcel({ sheets: { Catalog: [] } }),
) {
  const status = scripted(statuses);
  const log = scripted(logs);
  const pauses: number[] = [];
  const states: ImportState[] = [];
  const settings = new MemoryDocumentSettings();
  const pipeline = new ImportPipeline({
    excel: (batch) => excel.run(batch),
    api: {
      startImport: () => Promise.reject(new Error("nothing is posted here")),
      pollImportStatusByJobId: () => status.next(),
      getImportStatusByRoot: () => Promise.reject(new Error("not asked")),
      getImportLog: () => log.next(),
    },
    settings,
    now: () => Date.parse("2026-03-01T10:00:00Z"),
    sleep: (ms, signal) => {
      pauses.push(ms);
      return signal.aborted ? Promise.reject(new Error("stopped")) : Promise.resolve();
    },
    whenSignedIn: () => Promise.resolve(),
    language: () => "en",
    ...deps,
  });
  pipeline.subscribe((s) => states.push(s));
  return { pipeline, excel, pauses, states, statusCalls: status.calls, logCalls: log.calls };
}

/** OfficeRuntime.storage of an emulated workbook, as src/session hands it to the pane. */
export function outsideStore(excel: OfficeEmulation): OutsideStore {
  const storage = excel.globals.OfficeRuntime.storage;
  return {
    getItem: async (key) => (await storage.getItem(key)) ?? null,
    setItem: (key, value) => storage.setItem(key, value),
    removeItem: (key) => storage.removeItem(key),
    getKeys: () => storage.getKeys(),
  };
}

/** The notes kept outside the workbook (one storage item each), as written. */
export async function keptNotes(store: OutsideStore): Promise<Array<Record<string, unknown>>> {
  const keys = (await store.getKeys()).filter((k) => k.startsWith(NOTE_KEY_PREFIX));
  return Promise.all(
    keys.map(async (k) => JSON.parse((await store.getItem(k)) ?? "null") as Record<string, unknown>),
  );
}

/** A job of the workbook's history, still running. */
export const ENTRY: HistoryEntry = {
  jobId: JOB,
  catalogName: "Prices",
  companyId: "c1",
  companyName: "Company",
  startedAt: "2026-03-01T09:59:00.000Z",
  status: "running",
  sent: { positions: 1, deletions: 0, skippedRows: 0 },
  source: null,
};

/** A small catalog with Guids: nothing is written back, so only the POST decides what happens. */
export const SMALL_CATALOG = [
  ["Guid", "Code", "Name", "Price", "Unit"],
  ["3f1c2a64-8d1e-4c57-9a0b-1f2e3d4c5b60", "1", "Concrete works", null, ""],
  ["7a2b9c10-4e5f-4a6b-8c7d-9e0f1a2b3c4d", "1.1", "Concrete B25", 7450, "m3"],
];

/** The time the scripted clock starts at; each `now()` moves it one second on. */
export const T0 = Date.parse("2026-03-01T10:00:00Z");

/**
 * A pipeline over a small catalog whose POST, status-by-catalog, status and log requests are
 * answered by the given functions and scripts; the clock moves one second per reading; pauses
 * are recorded and not waited.
 */
export function sender(
  platform: {
    startImport: (at: number) => Promise<{ jobId: string }>;
    /** The answer to the n-th question about the catalog's latest import (from 0); 404 by default. */
    statusByRoot?: (n: number) => Answer<ImportStatus>;
    statuses?: Answer<ImportStatus>[];
    logs?: Answer<ImportLog>[];
  },
  deps: Partial<ImportDeps> = {},
  excel: OfficeEmulation = createEmulatedExcel({ sheets: { Catalog: SMALL_CATALOG } }),
) {
  let clock = T0;
  const now = () => (clock += 1000);
  let byRootCalls = 0;
  const byRoot = () => {
    const answer = platform.statusByRoot?.(byRootCalls) ?? httpError(404);
    byRootCalls += 1;
    return answer instanceof ApiError ? Promise.reject(answer) : Promise.resolve(answer);
  };
  const status = scripted(platform.statuses ?? [DONE]);
  const log = scripted(platform.logs ?? [LOG]);
  const settings = (deps.settings as MemoryDocumentSettings | undefined) ?? new MemoryDocumentSettings();
  const pauses: number[] = [];
  const posts: number[] = [];
  const states: ImportState[] = [];
  const pipeline = new ImportPipeline({
    excel: (batch) => excel.run(batch),
    api: {
      startImport: () => {
        posts.push(clock);
        return platform.startImport(clock);
      },
      pollImportStatusByJobId: () => status.next(),
      getImportStatusByRoot: () => byRoot(),
      getImportLog: () => log.next(),
    },
    settings,
    now,
    sleep: (ms, signal) => {
      pauses.push(ms);
      return signal.aborted ? Promise.reject(new Error("stopped")) : Promise.resolve();
    },
    whenSignedIn: () => Promise.resolve(),
    language: () => "en",
    ...deps,
  });
  pipeline.subscribe((s) => states.push(s));
  /** Checks the catalog, previews it and presses Import. */
  const importIt = async () => {
    pipeline.setChoices({ catalogName: "Prices", companyId: "c1", companyName: "Northwind" });
    await pipeline.readRange({ sheet: "Catalog", address: "A1:E3" });
    await pipeline.preview();
    expect(pipeline.getState().phase).toBe("previewed");
    await pipeline.start();
  };
  return {
    pipeline,
    excel,
    settings,
    pauses,
    posts,
    states,
    importIt,
    byRootCalls: () => byRootCalls,
    statusCalls: status.calls,
    /** The scripted clock's time now (without moving it). */
    time: () => clock,
  };
}

/** The platform's status of a job, as endpoint 3 gives it. */
export function statusOf(
  jobId: string,
  date: string | undefined,
  status = "Running",
  progress = 40,
): ImportStatus {
  return { jobId, status, progress, error: null, ...(date !== undefined ? { date } : {}) };
}

/** The connection broke after the request went out. */
export const networkError = () => new ApiError({ kind: "network", endpoint: "catalog-import" });
