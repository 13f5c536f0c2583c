// The checks across rows, with the exact words the task pane shows: a repeated Code or Guid, a
// row deleting what another row imports (by Guid or by Code), codes that only look alike, a
// position under a code the sheet deletes, and parents the sheet does not list (one warning for
// all of them, counted and named). Blocks start at B4, so each cell named depends on both the
// block's first row and its first column.
import { STEP_ITEMS, analyseCatalog, runSteps } from "../../src/catalog";
import type { CellValue, Problem } from "../../src/catalog";
import { checkAcrossRowsInSteps } from "../../src/catalog/checks";
import { buildIndexedTreeInSteps } from "../../src/catalog/tree";
import { countPauses, pricesBlock, worded } from "./helpers";

const GUID_1 = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";
const GUID_2 = "6ba7b810-9dad-11d1-80b4-00c04fd430c8";

const shown = (problem: Problem) => {
  const p = worded(problem);
  return {
    kind: p.kind,
    severity: p.severity,
    cell: p.cell,
    field: p.field,
    message: p.message,
    fix: p.fix,
    values: p.values,
  };
};

function check(header: string[], rows: CellValue[][]) {
  const analysis = analyseCatalog(pricesBlock([header, ...rows]));
  return { ...analysis, shown: analysis.problems.map(shown) };
}

describe("a repeated Code or Guid", () => {
  it("is an error at the later row, naming the first", () => {
    const { shown: problems, counts } = check(
      ["Code", "Name", "Guid"],
      [
        ["1", "Walls", GUID_1],
        ["1", "Floors", ""],
        ["2", "Roofs", GUID_1],
      ],
    );
    expect(problems).toEqual([
      {
        kind: "duplicate-code",
        severity: "error",
        cell: "B6",
        field: "Code",
        message:
          'The Code "1" in B6 repeats the Code in B5; the platform imports the first and ignores row 6.',
        fix: "Give one of the positions in B5 and B6 a different code, or delete the repeated row.",
        values: { code: "1", otherCell: "B5", otherRow: 5 },
      },
      {
        kind: "duplicate-guid",
        severity: "error",
        cell: "D7",
        field: "Guid",
        message:
          "The Guid in D7 repeats the Guid in D5; two positions cannot share one identifier, and the platform would ignore row 7.",
        fix: "Clear the Guid in D7 so a new one is assigned, or correct whichever of D5 and D7 is wrong.",
        values: { guid: GUID_1, otherCell: "D5", otherRow: 5 },
      },
    ]);
    expect(counts).toMatchObject({ positions: 1, errors: 2, warnings: 0 });
  });

  it("is told apart from Guids that share its first digits, and a repeat of each names its own first row", () => {
    // Guids are filed by their first hex digits first (checks.ts): these share them (the last
    // two differ only in bits dropped from that number), and only equal Guids are repeats.
    const a = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";
    const b = "3f2504e0-0000-11d3-9a0c-0305e82c3301";
    const c = "3f2504e1-4f89-11d3-9a0c-0305e82c3301";
    const { shown: problems } = check(
      ["Code", "Name", "Guid"],
      [
        ["1", "One", a],
        ["2", "Two", b],
        ["3", "Three", c],
        ["4", "Four", c.toUpperCase()],
        ["5", "Five", b],
        ["6", "Six", a],
        ["7", "Seven", "{" + b + "}"],
      ],
    );
    expect(problems.map((p) => [p.kind, p.cell, p.values])).toEqual([
      ["duplicate-guid", "D8", { guid: c, otherCell: "D7", otherRow: 7 }],
      ["duplicate-guid", "D9", { guid: b, otherCell: "D6", otherRow: 6 }],
      ["duplicate-guid", "D10", { guid: a, otherCell: "D5", otherRow: 5 }],
      ["duplicate-guid", "D11", { guid: b, otherCell: "D6", otherRow: 6 }],
    ]);
  });

  it("is found however far apart the rows are, and a third time names the first row again", () => {
    const rows: CellValue[][] = Array.from({ length: 600 }, (_, i) => [`${i + 1}`, `P${i + 1}`]);
    rows.push(["1", "Again"], ["1", "Once more"]);
    const { shown: problems } = check(["Code", "Name"], rows);
    expect(problems.map((p) => [p.kind, p.cell, p.values])).toEqual([
      ["duplicate-code", "B605", { code: "1", otherCell: "B5", otherRow: 5 }],
      ["duplicate-code", "B606", { code: "1", otherCell: "B5", otherRow: 5 }],
    ]);
  });
});

describe("a row deleting what another row imports", () => {
  const conflict = (cell: string, key: string, keyKind: "Guid" | "Code", value: string) => ({
    kind: "deleted-and-imported",
    severity: "error",
    cell,
    field: "Delete",
    message: `The deletion mark in ${cell} deletes the position with ${key}, which row 5 (B5) imports in the same sheet; the result would depend on the order the platform applies them.`,
    fix: `Either clear the deletion mark in ${cell} or remove row 5.`,
    values: { key: keyKind, value, otherRow: 5, otherCell: "B5" },
  });

  it("is found by Guid, even under another code", () => {
    const { shown: problems } = check(
      ["Code", "Name", "Guid", "Delete"],
      [
        ["1", "Walls", GUID_1, ""],
        ["9", "Old", GUID_1, "x"],
      ],
    );
    expect(problems).toEqual([conflict("E6", `Guid ${GUID_1}`, "Guid", GUID_1)]);
  });

  it("is found by Code when the deletion's Guid is not imported", () => {
    const { shown: problems } = check(
      ["Code", "Name", "Guid", "Delete"],
      [
        ["1", "Walls", GUID_1, ""],
        ["1", "", GUID_2, "x"],
      ],
    );
    expect(problems).toEqual([conflict("E6", 'Code "1"', "Code", "1")]);
  });

  it("is found by Code in a sheet without Guids", () => {
    const { shown: problems } = check(
      ["Code", "Name", "Delete"],
      [
        ["1", "Walls", ""],
        ["1", "", "x"],
      ],
    );
    expect(problems).toEqual([conflict("D6", 'Code "1"', "Code", "1")]);
  });

  it("is not found when the deletion names a code and a Guid nobody imports", () => {
    const { shown: problems } = check(
      ["Code", "Name", "Guid", "Delete"],
      [
        ["1", "Walls", GUID_1, ""],
        ["2", "", GUID_2, "x"],
      ],
    );
    expect(problems).toEqual([]);
  });
});

describe("codes that only look alike", () => {
  const caseTwin = (cell: string, code: string, otherCode: string) => ({
    kind: "case-twin-codes",
    severity: "warning",
    cell,
    field: "Code",
    message: `The Code "${code}" in ${cell} differs from "${otherCode}" in B6 only in upper and lower case; the platform treats them as two positions.`,
    fix: "If they are one position, write both codes the same way; otherwise nothing needs doing.",
    values: { code, otherCode, otherCell: "B6", otherRow: 6 },
  });
  const lookalike = (cell: string, code: string, otherCode: string) => ({
    kind: "lookalike-codes",
    severity: "warning",
    cell,
    field: "Code",
    message: `The Code "${code}" in ${cell} looks like "${otherCode}" in B6 but is written with different characters that look alike (letters of Latin, Cyrillic, Greek or another script, full-width forms); the platform treats them as two positions.`,
    fix: "Retype the look-alike characters of one of the codes (often on the other keyboard layout) so both read the same, unless they are meant to differ.",
    values: { code, otherCode, otherCell: "B6", otherRow: 6 },
  });
  // Row 5 holds the root "0"; the codes follow from row 6, so the first of them is in B6.
  const warnings = (codes: string[]) =>
    check(
      ["Code", "Name"],
      [["0", "Root"], ...codes.map((code, i): CellValue[] => [code, `Position ${i + 1}`])],
    ).shown.filter((p) => p.kind !== "orphan-code");

  it("are reported at the later row, naming the first spelling, when the lower-case one comes first", () => {
    // Latin a, Cyrillic А, Latin A.
    expect(warnings(["a.1", "А.1", "A.1"])).toEqual([
      lookalike("B7", "А.1", "a.1"),
      caseTwin("B8", "A.1", "a.1"),
    ]);
  });

  it("are reported at the later row when the upper-case spelling comes first", () => {
    // Latin A, Latin a, Cyrillic а.
    expect(warnings(["A.1", "a.1", "а.1"])).toEqual([
      caseTwin("B7", "a.1", "A.1"),
      lookalike("B8", "а.1", "A.1"),
    ]);
  });

  it("name the first spelling for every later one, not the one just before", () => {
    // Latin a, Cyrillic А, Cyrillic а: both later codes are compared with the first.
    expect(warnings(["a.1", "А.1", "а.1"])).toEqual([
      lookalike("B7", "А.1", "a.1"),
      lookalike("B8", "а.1", "a.1"),
    ]);
  });

  it("leave codes of digits and signs alone when they differ in more than leading zeros or a closing mark", () => {
    // "01.1" beside "1.1" is a probable duplicate since issue 25 (near-duplicates.test.ts).
    expect(warnings(["1.1", "1.2", "1.10", "11", "1.1.1", "1-1"])).toEqual([]);
  });
});

describe("a position under a code the sheet deletes", () => {
  it("is warned about at the top of each subtree left without an imported parent", () => {
    const { shown: problems } = check(
      ["Code", "Name", "Delete"],
      [
        ["1", "", "x"],
        ["1.1", "Walls", ""],
        ["1.1.1", "Brick walls", ""],
        ["1.2.1", "Doors", ""],
      ],
    );
    const lost = (cell: string, code: string) => ({
      kind: "deleted-parent",
      severity: "warning",
      cell,
      field: "Code",
      message: `The Code "${code}" in ${cell} lies under "1", which D5 deletes; the platform deletes a position's descendants with it, so this position may be lost.`,
      fix: `Clear the deletion mark in D5, or give the position in ${cell} a code outside "1".`,
      values: { code, deletedCode: "1", otherCell: "D5", otherRow: 5 },
    });
    // 1.1.1 is under 1.1, which is imported and warned about itself; 1.2 is not in the sheet.
    expect(problems.filter((p) => p.kind === "deleted-parent")).toEqual([
      lost("B6", "1.1"),
      lost("B8", "1.2.1"),
    ]);
  });

  it("is not warned about when the deleted code is another branch", () => {
    const { shown: problems } = check(
      ["Code", "Name", "Delete"],
      [
        ["1", "Walls", ""],
        ["2", "", "x"],
        ["1.1", "Brick walls", ""],
        ["1.10", "Glass walls", ""],
      ],
    );
    expect(problems).toEqual([]);
  });
});

describe("parents the sheet does not list", () => {
  const orphans = (rows: CellValue[][]) => {
    const result = check(["Code", "Name"], rows);
    return { problems: result.shown.filter((p) => p.kind === "orphan-code"), missing: result.missingParents };
  };

  it("one parent over some of the positions: those positions would be ignored", () => {
    const { problems, missing } = orphans([
      ["1", "Walls"],
      ["1.1", "Brick walls"],
      ["2.1", "Floors"],
      ["2.1.1", "Screed"],
    ]);
    expect(problems).toEqual([
      {
        kind: "orphan-code",
        severity: "warning",
        cell: "B7",
        field: "Code",
        message:
          'The parent code "2" is not in the list, and 2 of the 4 positions hang under it (the first in B7); the platform ignores those positions unless the parent already exists in the catalog.',
        fix: 'Add a row for "2" (with its name) above the positions, or import only into a catalog that already has that code.',
        values: { parents: ["2"], parentCount: 1, more: 0, positions: 2, total: 4 },
      },
    ]);
    expect(missing).toEqual([{ code: "2", rows: [7], positions: 2 }]);
  });

  it("two parents over all the positions: the whole sheet would be ignored; parents in natural order", () => {
    const { problems, missing } = orphans([
      ["10.1", "Doors"],
      ["9.1", "Windows"],
      ["10.2", "Gates"],
    ]);
    expect(problems).toEqual([
      {
        kind: "orphan-code",
        severity: "warning",
        cell: "B5",
        field: "Code",
        message:
          '2 parent codes "9" and "10" are not in the list, and all 3 of the 3 positions hang under them (the first in B5); the platform ignores the whole sheet unless the parents already exist in the catalog.',
        fix: 'Add rows for "9" and "10" (with their names) above the positions, or import only into a catalog that already has those codes.',
        values: { parents: ["9", "10"], parentCount: 2, more: 0, positions: 3, total: 3 },
      },
    ]);
    expect(missing).toEqual([
      { code: "9", rows: [6], positions: 1 },
      { code: "10", rows: [5, 7], positions: 2 },
    ]);
  });

  it("lists parents in natural order, not in the order of the codes below them", () => {
    const { missing } = orphans([
      ["1.1.5", "Brick walls"],
      ["1.2", "Floors"],
    ]);
    expect(missing.map((m) => m.code)).toEqual(["1", "1.1"]);
  });

  it("ten parents: eight are named and the rest counted; the first row is the earliest of all", () => {
    const { problems } = orphans(Array.from({ length: 10 }, (_, i): CellValue[] => [`${10 - i}.1`, `P${i}`]));
    const list = '"1", "2", "3", "4", "5", "6", "7", "8", and 2 more';
    expect(problems).toEqual([
      expect.objectContaining({
        cell: "B5",
        message: `10 parent codes ${list} are not in the list, and all 10 of the 10 positions hang under them (the first in B5); the platform ignores the whole sheet unless the parents already exist in the catalog.`,
        fix: `Add rows for ${list} (with their names) above the positions, or import only into a catalog that already has those codes.`,
        values: {
          parents: ["1", "2", "3", "4", "5", "6", "7", "8"],
          parentCount: 10,
          more: 2,
          positions: 10,
          total: 10,
        },
      }),
    ]);
  });

  it("counts each orphan's whole subtree, with thousands separated", () => {
    const rows: CellValue[][] = [["1", "Root"]];
    for (let i = 1; i <= 30; i++) {
      rows.push([`7.${i}`, `Group ${i}`]);
      for (let j = 1; j <= 49; j++) rows.push([`7.${i}.${j}`, `Item ${i}.${j}`]);
    }
    const { problems, missing } = orphans(rows);
    expect(problems.map((p) => p.message)).toEqual([
      'The parent code "7" is not in the list, and 1,500 of the 1,501 positions hang under it (the first in B6); the platform ignores those positions unless the parent already exists in the catalog.',
    ]);
    expect(missing).toHaveLength(1);
    expect(missing[0]?.positions).toBe(1500);
    expect(missing[0]?.rows).toHaveLength(30);
  });
});

describe("the checks in steps", () => {
  const positions = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ row: i + 5, Code: `${(i % 300) + 1}` }));
  const pauses = (n: number) => {
    const list = positions(n);
    const indexed = runSteps(buildIndexedTreeInSteps(list));
    const { pauses, value } = countPauses(
      checkAcrossRowsInSteps("Prices", list, [], { Code: 1, Name: 2 }, indexed),
    );
    return { pauses, problems: value.length };
  };

  it.each([
    [STEP_ITEMS - 1, 2],
    [STEP_ITEMS, 3],
    [2 * STEP_ITEMS, 4],
  ])(
    "with %i positions pause %i times (once per slice, then before the deletions and the parents)",
    (n, count) => {
      // Codes repeat after 300 rows: every repeat is reported, paused or not.
      expect(pauses(n)).toEqual({ pauses: count, problems: Math.max(0, n - 300) });
    },
  );
});
