// Every pass of the engine pauses (src/catalog/steps.ts), not only the reading of rows: a pass that
// runs over 300,000 codes, deletions, problems or cells without pausing is a frozen pane. Each test
// compares two sheets of the same rows that differ only in what one pass works on; the pauses the
// first sheet adds must be at least that pass's items divided by STEP_ITEMS.
import {
  analyseCatalogInSteps,
  buildImportBodyInSteps,
  runSteps,
  STEP_ITEMS,
  type CellBlock,
  type CellValue,
} from "../../src/catalog";
import { buildIndexedTreeInSteps } from "../../src/catalog/tree";
import { countPauses } from "./helpers";

const N = STEP_ITEMS * 8;
const SLICES = N / STEP_ITEMS;
const HEADER = ["Code", "Name", "Price", "Delete"];

function sheet(rows: CellValue[][], header: CellValue[] = HEADER): CellBlock {
  return { sheet: "Steps", startRow: 1, startColumn: 0, values: [header, ...rows] };
}

const pauses = (block: CellBlock): number => countPauses(analyseCatalogInSteps(block)).pauses;
const rows = (n: number, row: (i: number) => CellValue[]): CellValue[][] =>
  Array.from({ length: n }, (_, i) => row(i + 1));

describe("the engine's passes pause every STEP_ITEMS items", () => {
  it("comparing codes that may read alike (lower case, Cyrillic)", () => {
    const folded = pauses(sheet(rows(N, (i) => [`a.${i}`, "Item", 1, ""])));
    const plain = pauses(sheet(rows(N, (i) => [`A.${i}`, "Item", 1, ""])));
    expect(folded - plain).toBeGreaterThanOrEqual(SLICES);
  });

  it("checking deletions against the positions and the codes they delete below", () => {
    const positions = rows(N, (i) => [`P${i}.1`, "Item", 1, ""]);
    const withDeletions = pauses(sheet([...positions, ...rows(N, (i) => [`D${i}`, "", "", "x"])]));
    const withBlanks = pauses(sheet([...positions, ...rows(N, () => ["", "", "", ""])]));
    // The deletions once across rows, once indexed by code, and the positions walked up for them.
    expect(withDeletions - withBlanks).toBeGreaterThanOrEqual(3 * SLICES);
  });

  it("finding the parents the sheet does not list, and sorting them", () => {
    const orphans = pauses(sheet(rows(N, (i) => [`X${N - i}.1`, "Item", 1, ""])));
    const roots = pauses(sheet(rows(N, (i) => [`X${N - i}`, "Item", 1, ""])));
    // The orphans' subtrees, the list of parents, and its sort: runs and three merge passes.
    expect(orphans - roots).toBeGreaterThanOrEqual(2 * SLICES + SLICES + 3 * SLICES);
  });

  it("sorting problems and leaving the rows with errors out", () => {
    const missingNames = pauses(sheet(rows(N, (i) => [`M.${i}`, "", 1, ""])));
    const named = pauses(sheet(rows(N, (i) => [`M.${i}`, "Item", 1, ""])));
    // Problems keyed, sorted (runs, merges), put back in order; their rows; the positions kept.
    expect(missingNames - named).toBeGreaterThanOrEqual(
      SLICES + SLICES + 3 * SLICES + SLICES + SLICES + SLICES,
    );
  });

  it("reading columns nobody maps to their last row", () => {
    const header = [...HEADER, "Note", "Remark"];
    const unmapped = pauses(
      sheet(
        rows(N, (i) => [`U.${i}`, "Item", 1, "", "note", "remark"]),
        header,
      ),
    );
    const narrow = pauses(sheet(rows(N, (i) => [`U.${i}`, "Item", 1, ""])));
    expect(unmapped - narrow).toBeGreaterThanOrEqual(2 * SLICES);
    // And not on every cell: each pause gives the pane a turn, which costs time of its own.
    expect(unmapped - narrow).toBeLessThanOrEqual(2 * SLICES + 2);
  });

  it("looking for the first cell with content in a blank selection", () => {
    const blank = sheet(rows(N, () => ["", "", "", ""]));
    blank.values[0] = ["", "", "", ""];
    expect(pauses(blank)).toBeGreaterThanOrEqual(SLICES);
  });

  it("building the tree of many roots, their sort included", () => {
    const codes = Array.from({ length: N }, (_, i) => ({ row: i + 2, Code: `R${N - i}` }));
    const { pauses: treePauses, value } = countPauses(buildIndexedTreeInSteps(codes));
    expect(value.tree.roots[0]?.code).toBe("R1");
    // Items, nodes and the walk down: SLICES each; the roots' sort: runs and three merge passes.
    expect(treePauses).toBeGreaterThanOrEqual(3 * SLICES + SLICES + 3 * SLICES);
  });

  it("building the body's deletions and counting its errors", () => {
    const analysis = runSteps(
      analyseCatalogInSteps(sheet([...rows(N, (i) => [`D${i}`, "", "", "x"]), ["1", "One", 1, ""]])),
    );
    expect(analysis.deletions).toHaveLength(N);
    const settings = { CatalogName: "Steps", CompanyId: "c" };
    const { pauses: bodyPauses, value } = countPauses(buildImportBodyInSteps(analysis, settings));
    expect(value.body.DeletedData).toHaveLength(N);
    expect(bodyPauses).toBeGreaterThanOrEqual(SLICES);
  });
});
