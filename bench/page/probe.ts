/**
 * Loaded into the bench's task pane page after start-up: fills the emulated workbook with a
 * generated catalog and runs, on the pane's main thread, what the import screens run: src/import's
 * ImportPipeline reads the selected range (src/workbook) and checks it (src/catalog), builds what
 * is sent for the preview, and the preview's tree is flattened for display. Each stage is timed;
 * the long tasks come from the observer office-shim.ts started at navigation. Nothing is posted.
 * Bench-only: bundled by bench/build.ts, never shipped.
 */
import { flattenTree } from "../../src/catalog";
import { ImportPipeline } from "../../src/import";
import { documentSettings } from "../../src/workbook";
import { generateCatalog } from "../generate";

export interface ProbeResult {
  rows: number;
  startedAt: number;
  endedAt: number;
  readMs: number;
  checkMs: number;
  previewMs: number;
  previewRows: number;
  syncs: number;
  phase: string;
}

export interface BenchProbe {
  /** Puts `rows` generated positions (9 columns, header in row 1) on a sheet and selects them. */
  fill(rows: number): void;
  readCheckPreview(): Promise<ProbeResult>;
}

declare global {
  interface Window {
    __benchProbe: BenchProbe;
  }
}

const SHEET = "Catalog";
let filledRows = 0;

function refused(): Promise<never> {
  return Promise.reject(new Error("The bench's responsiveness probe never talks to the platform."));
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
  async readCheckPreview() {
    const emulation = window.__bench.emulation;
    let inExcelMs = 0;
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
        startImport: refused,
        pollImportStatusByJobId: refused,
        getImportStatusByRoot: refused,
        getImportLog: refused,
      },
      settings: documentSettings(),
      now: Date.now,
      // As src/taskpane/import/runtime.ts: the check and the preview's build in slices.
      pause: () => new Promise((resolve) => setTimeout(resolve, 0)),
      sliceClock: () => performance.now(),
      sleep: () => refused(),
      whenSignedIn: () => Promise.resolve(),
    });
    pipeline.setChoices({
      catalogName: "Bench catalog",
      companyId: "bench",
      companyName: "Bench",
      skipErrorRows: true,
    });
    emulation.clearSyncLog();
    const startedAt = performance.now();
    // The read and the check are one step of the pipeline: the read is the time inside Excel.run.
    await pipeline.readSelection();
    const readAndChecked = performance.now();
    await pipeline.preview();
    const state = pipeline.getState();
    const preview = state.analysis ? flattenTree(state.analysis.tree) : [];
    const endedAt = performance.now();
    return {
      rows: filledRows,
      startedAt,
      endedAt,
      readMs: inExcelMs,
      checkMs: readAndChecked - startedAt - inExcelMs,
      previewMs: endedAt - readAndChecked,
      previewRows: preview.length,
      syncs: emulation.getSyncLog().length,
      phase: state.phase,
    };
  },
};
