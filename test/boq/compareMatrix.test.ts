// PLATFORM.BOQDIFF's matrix (src/boq/compareMatrix.ts) from a comparison worked out by hand: the
// header in the caller's words, parents with Δ total only, a changed unit
// shown and never subtracted, Δ % in percent and empty on a zero base, the change and its details
// (an unchanged parent with a change below says so), the column list, and the size limit pointing
// to the comparison sheet.
import type { BoqRow } from "../../src/api/schemas";
import { compareBoqs, type ComparedRow } from "../../src/boq/compare";
import {
  DIFF_COLUMNS,
  diffColumns,
  compareMatrix,
  DEFAULT_DIFF_COLUMNS,
  type DiffColumn,
  type DiffWords,
} from "../../src/boq/compareMatrix";
import { WEB_RESULT_LIMIT } from "../../src/boq/matrix";
import { row } from "./rows";
import { boqFailure, said } from "./said";
import "../../src/i18n/deferredBoq"; // PLATFORM.BOQDIFF's messages, as src/functions/boqdiff.ts loads them

const pid = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function leaf(
  id: string,
  parent: string,
  n: number,
  value: number,
  unitCost: number,
  fields: Partial<BoqRow> = {},
) {
  return row(id, parent, {
    Value: value,
    ValueCost: unitCost,
    TotalCost: value * unitCost,
    PlatformId: pid(n),
    ...fields,
  });
}

// A: s > (a 2×10, b 3×10 m3, z 0×0)       B: s > (a 4×10, b 6×10 m2, z 1×5, n 1×5)
const A = [
  row("s", null, { PlatformId: pid(1) }),
  leaf("a", "s", 2, 2, 10),
  leaf("b", "s", 3, 3, 10),
  leaf("z", "s", 4, 0, 0),
];
const B = [
  row("s", null, { PlatformId: pid(1) }),
  leaf("a", "s", 2, 4, 10),
  leaf("b", "s", 3, 6, 10, { Unit: "m2" }),
  leaf("z", "s", 4, 1, 5),
  leaf("n", "s", 5, 1, 5),
];

const WORDS: DiffWords = {
  headers: Object.fromEntries(DIFF_COLUMNS.map((c) => [c, `<${c}>`])) as Record<DiffColumn, string>,
  change: (kind) => `<${kind}>`,
  details: (r: ComparedRow) => (r.unitChanged ? "unit" : ""),
  pair: (a, b) => `${a}|${b}`,
};

describe("PLATFORM.BOQDIFF's matrix", () => {
  const comparison = compareBoqs(A, B);
  const m = compareMatrix(comparison, DEFAULT_DIFF_COLUMNS, WORDS);

  it("has the caller's header words for Code … Change, every column but Level by default", () => {
    expect(m[0]).toEqual(DEFAULT_DIFF_COLUMNS.map((c) => `<${c}>`));
    expect(DEFAULT_DIFF_COLUMNS).toEqual([
      "Code",
      "Name",
      "Unit",
      "QuantityA",
      "QuantityB",
      "DeltaQuantity",
      "TotalA",
      "TotalB",
      "DeltaTotal",
      "DeltaPercent",
      "Change",
      "Details",
    ]);
  });

  it("gives a parent its Δ total only, its quantity, total and Δ % cells empty", () => {
    // s: A 20 + 30 + 0 = 50, B 40 + 60 + 5 + 5 = 110.
    expect(m[1]).toEqual(["S", "Item s", "m3", "", "", "", "", "", 60, "", "<changed>", ""]);
  });

  it("gives a leaf its quantities, totals, Δ and Δ % in percent", () => {
    expect(m[2]).toEqual(["A", "Item a", "m3", 2, 4, 2, 20, 40, 20, 100, "<changed>", ""]);
  });

  it("shows a changed unit as both units, with no Δ quantity (never subtracted across units)", () => {
    expect(m[3]).toEqual(["B", "Item b", "m3|m2", 3, 6, "", 30, 60, 30, 100, "<changed>", "unit"]);
  });

  it("leaves Δ % empty where total A is 0, and an added row's A cells empty", () => {
    expect(m[4]).toEqual(["Z", "Item z", "m3", 0, 1, 1, 0, 5, 5, "", "<changed>", ""]);
    expect(m[5]).toEqual(["N", "Item n", "m3", "", 1, 1, "", 5, 5, "", "<added>", ""]);
  });

  it("says of an unchanged parent that something below it changed, and of one with nothing below that it is unchanged", () => {
    // A and B: s > (a 2×10), t > (c 1×7); only a changes (4×10). s's total changes; t's does not.
    const a = [
      row("s", null, { PlatformId: pid(1) }),
      leaf("a", "s", 2, 2, 10),
      row("t", null, { PlatformId: pid(6) }),
      leaf("c", "t", 7, 1, 7),
    ];
    const b = [
      row("s", null, { PlatformId: pid(1) }),
      leaf("a", "s", 2, 4, 10),
      row("t", null, { PlatformId: pid(6) }),
      leaf("c", "t", 7, 1, 7),
    ];
    // Recoded: a parent whose own fields and total are the same, over a child that changed code only.
    const recodedA = [row("u", null, { PlatformId: pid(8) }), leaf("x", "u", 9, 1, 1, { Code: "X1" })];
    const recodedB = [row("u", null, { PlatformId: pid(8) }), leaf("x", "u", 9, 1, 1, { Code: "X2" })];
    const all = compareBoqs([...a, ...recodedA], [...b, ...recodedB], { showUnchanged: true });
    const m = compareMatrix(all, ["Code", "Change"], WORDS);
    expect(m.slice(1)).toEqual([
      ["S", "<changed>"],
      ["A", "<changed>"],
      ["T", "<unchanged>"],
      ["C", "<unchanged>"],
      ["U", "<unchangedWithin>"],
      ["X2", "<changed>"],
    ]);
  });

  it("takes the columns asked for, by name in any case or by the caller's header words, Level included", () => {
    const aliases = new Map<string, DiffColumn>([["δ total", "DeltaTotal"]]);
    const cols = diffColumns(["code", "Level", " Δ total "], aliases);
    expect(cols).toEqual(["Code", "Level", "DeltaTotal"]);
    expect(compareMatrix(comparison, cols, WORDS).slice(0, 3)).toEqual([
      ["<Code>", "<Level>", "<DeltaTotal>"],
      ["S", 1, 60],
      ["A", 2, 20],
    ]);
  });

  it("refuses an unknown column with #VALUE! listing the comparison's columns", () => {
    const error = boqFailure(() => diffColumns(["Code", "Colour"]));
    expect(error.code).toBe("invalidValue");
    expect(said(error)).toBe(
      "The column Colour is not a column of the comparison. Columns: Level, Code, Name, Unit, QuantityA, QuantityB, DeltaQuantity, TotalA, TotalB, DeltaTotal, DeltaPercent, Change, Details.",
    );
  });

  it("past the host's limit says so with the counts and points to the comparison sheet", () => {
    const many: BoqRow[] = [];
    for (let i = 0; i < 10_000; i++)
      many.push(row(`r${i}`, null, { Value: i, TotalCost: i, PlatformId: pid(10 + i) }));
    const big = compareBoqs([], many);
    const error = boqFailure(() => compareMatrix(big, DEFAULT_DIFF_COLUMNS, WORDS, WEB_RESULT_LIMIT));
    expect(error.code).toBe("notAvailable");
    expect(said(error)).toMatch(
      /^The comparison has 10,000 rows and 12 columns \(120,012 cells\), more than Excel on the web takes .*Compare with… → Insert comparison sheet/,
    );
    // Under the limit on the desktop, where only the bytes count.
    expect(compareMatrix(big, DEFAULT_DIFF_COLUMNS, WORDS)).toHaveLength(10_001);
  });
});
