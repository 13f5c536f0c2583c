/**
 * Catalog engine figures: generated catalogs through columns → positions → problems → tree
 * (analyseCatalog) → import body (buildImportBody, as the import builds it), timed beside a floor measured in the same run
 * on the same data: JSON.stringify of the body plus JSON.parse of that text, the least any
 * pipeline that hands the body to fetch must do. Heap growth is measured for the largest size.
 */
import {
  analyseCatalog,
  buildImportBody,
  type CatalogAnalysis,
  type CellBlock,
  type ImportBody,
} from "../src/catalog";
import { BUDGETS } from "./budgets";
import { generateCatalog } from "./generate";
import { fromRuns, measured, median, notMeasured, type Figure } from "./report";
import { ratiosOf, roundsOf, timeRounds } from "./timing";

const SECTION = "Catalog engine";
const SETTINGS = { CatalogName: "Bench catalog", CompanyId: "3fa85f64-5717-4562-b3fc-2c963f66afa6" };
const MB = 1024 * 1024;

export interface CatalogOptions {
  sizes: readonly number[];
  iterations: (size: number) => number;
}

/**
 * The body of the positions as they are, built as the import builds it: the 1% of rows with errors
 * would block buildImportBody, and the figure is about the work, which is the same once they are fixed.
 */
function bodyOf(analysis: CatalogAnalysis): ImportBody {
  return buildImportBody(
    { positions: analysis.positions, deletions: analysis.deletions, problems: [] },
    SETTINGS,
  ).body;
}

function engine(block: CellBlock): ImportBody {
  return bodyOf(analyseCatalog(block));
}

function label(size: number): string {
  return size >= 1000 ? `${size / 1000}k` : String(size);
}

export function catalogFigures(options: CatalogOptions): Figure[] {
  const figures: Figure[] = [];
  for (const size of options.sizes) {
    const iterations = options.iterations(size);
    const { block, problemRows } = generateCatalog(size);
    // One run split in its two parts, for the note on what dominates.
    const t0 = performance.now();
    const analysis = analyseCatalog(block);
    const t1 = performance.now();
    const body = bodyOf(analysis);
    const t2 = performance.now();
    const split = `in one run analyseCatalog took ${Math.round(t1 - t0)} ms and buildImportBody ${Math.round(t2 - t1)} ms`;
    const text = JSON.stringify(body);
    const rounds = timeRounds(
      [
        { name: "engine", fn: () => engine(block) },
        { name: "floor", fn: () => JSON.parse(JSON.stringify(body)) as unknown },
      ],
      iterations,
    );
    // Each round times the engine and then the floor: the ratio is taken within a round, where
    // both met the same state of a shared machine, and the figure is the median of the rounds.
    const engineRuns = roundsOf(rounds, "engine");
    const floorRuns = roundsOf(rounds, "floor");
    const ratios = fromRuns(ratiosOf(rounds, "engine", "floor"));
    const floorMs = median(floorRuns);
    const best = Math.min(...engineRuns) / Math.min(...floorRuns);
    const runsText = `median of ${iterations} rounds, each the engine then the floor, after one unmeasured run of each (best of each ×${best.toFixed(2)})`;
    figures.push(
      measured({
        id: `catalog.engine.${label(size)}`,
        section: SECTION,
        label: `${label(size)} positions: engine time`,
        ...fromRuns(engineRuns),
        unit: "ms",
        floor: { label: "JSON.stringify + JSON.parse of the body (median)", value: floorMs, unit: "ms" },
        details: {
          rows: size,
          problemRows,
          bodyBytes: Buffer.byteLength(text),
          iterations,
          floorRunsMs: floorRuns,
        },
      }),
      measured({
        id: `catalog.ratio.${label(size)}`,
        section: SECTION,
        label: `${label(size)} positions: engine / JSON floor`,
        ...ratios,
        unit: "ratio",
        budget: { max: BUDGETS.catalogRatioToJsonFloor, unit: "ratio" },
        note:
          ratios.value > BUDGETS.catalogRatioToJsonFloor
            ? `analyseCatalog + buildImportBody take ${ratios.value.toFixed(1)}× a JSON round trip of the body they build (${runsText}); ${split}.`
            : `${runsText}; the floor is what any pipeline sending this body pays anyway; ${split}.`,
      }),
    );
  }
  figures.push(heapFigure(options.sizes[options.sizes.length - 1] ?? 0));
  return figures;
}

/** Heap kept by the analysis and body of the largest catalog, beside the heap of its cells. */
function heapFigure(size: number): Figure {
  const id = `catalog.heap.${label(size)}`;
  const title = `${label(size)} positions: heap kept by analysis + body`;
  const gc = globalThis.gc;
  if (typeof gc !== "function") {
    return notMeasured(id, SECTION, title, "Node was started without --expose-gc (npm run bench passes it).");
  }
  gc();
  const before = process.memoryUsage().heapUsed;
  const { block } = generateCatalog(size);
  gc();
  const withBlock = process.memoryUsage().heapUsed;
  const analysis = analyseCatalog(block);
  const body = bodyOf(analysis);
  const peakish = process.memoryUsage().heapUsed;
  gc();
  const after = process.memoryUsage().heapUsed;
  const kept = after - withBlock;
  const cells = withBlock - before;
  // Keep both alive until measured.
  const alive = analysis.positions.length + body.Data.length + block.values.length;
  return measured({
    id,
    section: SECTION,
    label: title,
    value: kept / MB,
    unit: "MB",
    floor: { label: "heap of the cells themselves", value: cells / MB, unit: "MB" },
    note: `retained after a full GC, ${(kept / cells).toFixed(2)}× the cells read from Excel; the heap reached ${((peakish - withBlock) / MB).toFixed(0)} MB above the cells before collection.`,
    details: {
      keptBytes: kept,
      cellsBytes: cells,
      uncollectedGrowthBytes: peakish - withBlock,
      keptToCells: kept / cells,
      objects: alive,
    },
  });
}
