// A pipeline over a scripted platform (no server) and an emulated workbook, for the tests of
// following a job and of reopening logs.
import { createEmulatedExcel, type OfficeEmulation } from "../../dev/office-emulation";
import { ApiError } from "../../src/api/errors";
import type { ImportLog, ImportStatus } from "../../src/api/schemas";
import { ImportPipeline, type HistoryEntry, type ImportDeps, type ImportState } from "../../src/import";
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
    endpoint: "the import status",
    status,
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
  });

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
