// The bad-input corpus: every JSON file in test/fixtures/catalog is one case, a small grid and
// the exact set of problems (kind, cell, severity, field) it must produce. See the README there.

import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { PROBLEM_KINDS, analyseCatalog } from "../../src/catalog";
import type { CatalogField, CellBlock, ColumnMapping, ProblemKind, Severity } from "../../src/catalog";
import { worded } from "./helpers";

const FIXTURES = join(__dirname, "..", "fixtures", "catalog");
const DEFAULT_SHEET = "Catalog";

interface ExpectedProblem {
  kind: ProblemKind;
  cell: string;
  severity: Severity;
  field: CatalogField | null;
}

interface CorpusCase {
  description: string;
  sheet?: string;
  decimalSeparator?: string;
  mapping?: ColumnMapping;
  grid: Omit<CellBlock, "sheet">;
  expected: ExpectedProblem[];
}

const files = readdirSync(FIXTURES)
  .filter((f) => f.endsWith(".json"))
  .sort();
const cases = files.map(
  (file) => [file, JSON.parse(readFileSync(join(FIXTURES, file), "utf8")) as CorpusCase] as const,
);

const key = (p: ExpectedProblem): string => `${p.cell} ${p.kind} ${p.severity} ${p.field ?? "-"}`;

describe("catalog bad-input corpus", () => {
  it("holds at least 40 cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases)("%s", (_file, c) => {
    const sheet = c.sheet ?? DEFAULT_SHEET;
    const analysis = analyseCatalog(
      { ...c.grid, sheet },
      { decimalSeparator: c.decimalSeparator, mapping: c.mapping },
    );
    const found = analysis.problems.map(key).sort();
    expect(found).toEqual(c.expected.map(key).sort());
    for (const p of analysis.problems.map(worded)) {
      expect(p.sheet).toBe(sheet);
      expect(p.cell).toBe(`${p.column}${p.row}`);
      // Every message names the cell it is about, so the user can find it without the grid.
      // (Problems about the whole selection or the mapping name the sheet or the field instead.)
      const aboutTheBlock = [
        "no-header",
        "missing-column",
        "invalid-mapping",
        "empty-selection",
        "block-outside-sheet",
      ];
      if (!aboutTheBlock.includes(p.kind)) {
        expect(p.message).toContain(p.cell);
      }
      expect(p.fix.length).toBeGreaterThan(0);
    }
  });

  it("has a case for every kind of problem", () => {
    // The expected lists are checked against the engine above, so their kinds are what it finds.
    const kinds = new Set(cases.flatMap(([, c]) => c.expected.map((p) => p.kind)));
    expect([...kinds].sort()).toEqual([...PROBLEM_KINDS].sort());
  });
});
