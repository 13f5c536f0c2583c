// The engine in steps (src/catalog/steps.ts): a big check pauses between slices so the pane can
// respond, and gives exactly what the one-go functions give.
import {
  analyseCatalog,
  analyseCatalogInSteps,
  buildImportBody,
  buildImportBodyInSteps,
  runSteps,
  STEP_ITEMS,
} from "../../src/catalog";
import { generateCatalog } from "../../bench/generate";
import { countPauses } from "./helpers";

describe("the catalog engine in steps", () => {
  // A few slices' worth of rows and a part slice: enough to see every pass pause, small enough to
  // run for each mutant of the engine in the mutation run (npm run mutate).
  const ROWS = STEP_ITEMS * 6 + 37;
  const { block } = generateCatalog(ROWS);

  it("pauses at least once every STEP_ITEMS rows and finds what analyseCatalog finds", () => {
    const { pauses, value } = countPauses(analyseCatalogInSteps(block));
    // Rows are read, then indexed in the tree, then checked across: each pass pauses.
    expect(pauses).toBeGreaterThanOrEqual(Math.floor(ROWS / STEP_ITEMS) * 3);
    expect(value).toEqual(analyseCatalog(block));
    expect(value.counts.positions).toBeGreaterThan(ROWS * 0.9);
  });

  it("builds the same body in steps as at once, and refuses an analysis with errors the same way", () => {
    const analysis = analyseCatalog(block);
    const settings = { CatalogName: "Steps", CompanyId: "c1" };
    expect(() => runSteps(buildImportBodyInSteps(analysis, settings))).toThrow(/errors?; correct/);
    const clean = { ...analysis, problems: analysis.problems.filter((p) => p.severity !== "error") };
    let n = 0;
    const newGuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`;
    const inSteps = countPauses(buildImportBodyInSteps(clean, settings, { assignGuids: true, newGuid }));
    n = 0;
    expect(inSteps.value).toEqual(buildImportBody(clean, settings, { assignGuids: true, newGuid }));
    expect(inSteps.pauses).toBeGreaterThanOrEqual(Math.floor(clean.positions.length / STEP_ITEMS));
    expect(inSteps.value.assignedGuids.length).toBeGreaterThan(0);
  });
});
