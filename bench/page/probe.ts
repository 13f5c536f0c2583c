/**
 * Loaded into the bench's task pane page after start-up: fills the emulated workbook with a
 * generated catalog and runs what the import screens will run on the pane's main thread (read
 * the selection with src/workbook, check it with src/catalog, flatten the tree for the preview),
 * timing each stage. The long tasks come from the observer office-shim.ts started at navigation.
 * Bench-only: bundled by bench/build.ts, never shipped.
 */
import { analyseCatalog, flattenTree } from "../../src/catalog";
import { readRangeBlock, readSelection } from "../../src/workbook";
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
    emulation.clearSyncLog();
    const startedAt = performance.now();
    const { block, decimalSeparator } = await Excel.run(async (context) => {
      const selection = await readSelection(context);
      return readRangeBlock(context, selection.reference);
    });
    const read = performance.now();
    const analysis = analyseCatalog(block, { decimalSeparator });
    const checked = performance.now();
    const preview = flattenTree(analysis.tree);
    const endedAt = performance.now();
    return {
      rows: filledRows,
      startedAt,
      endedAt,
      readMs: read - startedAt,
      checkMs: checked - read,
      previewMs: endedAt - checked,
      previewRows: preview.length,
      syncs: emulation.getSyncLog().length,
    };
  },
};
