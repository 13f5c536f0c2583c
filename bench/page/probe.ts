/**
 * Loaded into the bench's task pane page after start-up: fills the emulated workbook with a
 * generated catalog and runs, on the pane's main thread, what the Import screen runs from "Use the
 * selection and check" to the POST: src/import's ImportPipeline reads the selected range
 * (src/workbook) and checks it (src/catalog), builds the preview's body, and on Import compares
 * the cells again, writes the new Guids back into the sheet, serializes the body and posts it
 * through src/api's client (its HTTP layer included). The POST's fetch is answered in the page,
 * at once, with a job id, and the job is not followed: the figure ends when the body is handed to
 * fetch. Each stage is timed; the long tasks and the emulation's marked sync work come from
 * office-shim.ts. Bench-only: bundled by bench/build.ts, never shipped.
 */
import { HttpClient, type TokenProvider } from "../../src/api/http";
import { createPlatformApi } from "../../src/api/platform";
import { ImportPipeline, yieldToPage } from "../../src/import";
import { documentSettings } from "../../src/workbook";
import { generateCatalog } from "../generate";

export interface ProbeResult {
  rows: number;
  startedAt: number;
  /** When the POST's body was handed to fetch. */
  postedAt: number;
  checkedAt: number;
  previewedAt: number;
  /** Time inside Excel.run calls (the emulation's syncs, and the add-in's work between them). */
  inExcelMs: number;
  /** Bytes of the body handed to fetch, and what it was (a Blob, a string). */
  bodyBytes: number;
  bodyKind: string;
  newGuids: number;
  syncs: number;
  phase: string;
}

export interface BenchProbe {
  /** Puts `rows` generated positions (9 columns, header in row 1) on a sheet and selects them. */
  fill(rows: number): void;
  checkAndImport(): Promise<ProbeResult>;
}

declare global {
  interface Window {
    __benchProbe: BenchProbe;
  }
}

const SHEET = "Catalog";
const JOB_ID = "0123456789abcdef01234567";
let filledRows = 0;

const tokens: TokenProvider = {
  getAccessToken: () => Promise.resolve("bench-token"),
  renewAfterUnauthorized: () => Promise.reject(new Error("The bench's platform never refuses the token.")),
  signOutAfterRefusal: () => Promise.resolve(),
};

/** Rejects when the signal aborts: the job is not followed ("Stop waiting" right after the POST). */
function untilAborted(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    signal?.addEventListener("abort", () => reject(new Error("The bench stopped waiting.")), { once: true });
  });
}

window.__benchProbe = {
  fill(rows) {
    const { block } = generateCatalog(rows);
    const typed = block.values.map((row, r) =>
      row.map((v, c) => (r > 0 && c === 1 && typeof v === "string" ? `'${v}` : v)),
    );
    const emulation = window.__bench.emulation;
    emulation.setCells(SHEET, "A1", typed);
    emulation.select(SHEET, `A1:I${rows + 1}`);
    filledRows = rows;
  },
  async checkAndImport() {
    const emulation = window.__bench.emulation;
    let inExcelMs = 0;
    let post: { at: number; bytes: number; kind: string } | null = null;
    const http = new HttpClient(
      () => ({
        auth: "https://auth.bench.invalid",
        value: "https://value.bench.invalid",
        platform: "https://platform.bench.invalid",
      }),
      tokens,
      {
        fetch: (_input, init) => {
          if (init?.method !== "POST") return untilAborted(init?.signal ?? undefined);
          const body = init.body;
          post = {
            at: performance.now(),
            bytes: body instanceof Blob ? body.size : typeof body === "string" ? body.length : -1,
            kind: body instanceof Blob ? "Blob" : typeof body,
          };
          const answer = JSON.stringify({ jobId: JOB_ID });
          return Promise.resolve(
            new Response(answer, { status: 200, headers: { "Content-Type": "application/json" } }),
          );
        },
      },
    );
    const platform = createPlatformApi(http);
    const pipeline = new ImportPipeline({
      excel: async (batch) => {
        const started = performance.now();
        try {
          return await Excel.run(batch);
        } finally {
          inExcelMs += performance.now() - started;
        }
      },
      api: {
        startImport: platform.startImport,
        // The job is posted: "Stop waiting" at once, so the job is left unfollowed.
        pollImportStatusByJobId: (_jobId, signal) => {
          setTimeout(() => pipeline.detach(), 0);
          return untilAborted(signal);
        },
        getImportStatusByRoot: (_root, signal) => untilAborted(signal),
        getImportLog: (_jobId, signal) => untilAborted(signal),
      },
      settings: documentSettings(),
      now: Date.now,
      // As src/taskpane/import/runtime.ts: the check, the preview's build and the body in slices.
      pause: yieldToPage,
      sliceClock: () => performance.now(),
      sleep: (_ms, signal) => untilAborted(signal),
      whenSignedIn: () => Promise.resolve(),
    });
    pipeline.setChoices({
      catalogName: "Bench catalog",
      companyId: "bench",
      companyName: "Bench",
      skipErrorRows: true,
      writeBackGuids: true,
    });
    emulation.clearSyncLog();
    // Each step starts from a click of its own (a task of its own), as on the Import screen.
    const click = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
    const startedAt = performance.now();
    await pipeline.readSelection();
    const checkedAt = performance.now();
    await click();
    await pipeline.preview();
    const previewedAt = performance.now();
    const send = pipeline.getState().send.summary;
    await click();
    await pipeline.start();
    const phase = pipeline.getState().phase;
    const sent = post as { at: number; bytes: number; kind: string } | null;
    if (sent === null) throw new Error(`The pipeline posted nothing: it ended in phase "${phase}".`);
    return {
      rows: filledRows,
      startedAt,
      postedAt: sent.at,
      checkedAt,
      previewedAt,
      inExcelMs,
      bodyBytes: sent.bytes,
      bodyKind: sent.kind,
      newGuids: send?.newGuids ?? 0,
      syncs: emulation.getSyncLog().length,
      phase,
    };
  },
};
