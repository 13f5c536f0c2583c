// Codes with characters outside the Basic Multilingual Plane (stored by Excel as two UTF-16 code
// units), broken characters pasted from elsewhere, and delimiters at the ends of a code: the
// parent of each code must still be the code cut before its last delimiter run.
import { STEP_ITEMS, buildTree, codeModules, parentCode, runSteps } from "../../src/catalog";
import type { CatalogPosition } from "../../src/catalog";
import { buildIndexedTreeInSteps } from "../../src/catalog/tree";
import { countPauses } from "./helpers";

describe("parentCode with characters written as two code units", () => {
  it.each([
    // U+1D400 MATHEMATICAL BOLD CAPITAL A: a letter, one module character.
    ["1.\u{1D400}", "1"],
    ["\u{1D400}.1", "\u{1D400}"],
    ["\u{1D400}1.2", "\u{1D400}1"],
    // U+10000 LINEAR B SYLLABLE B008 A: the first such letter (high code unit D800).
    ["1.\u{10000}", "1"],
    ["\u{10000}.2", "\u{10000}"],
    // U+1D7FF MATHEMATICAL MONOSPACE DIGIT NINE: a digit whose low code unit is DFFF, the last.
    ["1.\u{1D7FF}", "1"],
    ["\u{1D7FF}.2", "\u{1D7FF}"],
    // An emoji is neither letter nor digit: it separates modules like a dot.
    ["1\u{1F600}2", "1"],
    ["1.2\u{1F600}", "1"],
  ])("the parent of %p is %p", (code, parent) => {
    expect(parentCode(code)).toBe(parent);
  });

  it.each([
    // A lone half of a pair is a delimiter of its own and does not swallow the letter next to it.
    ["1.\uD800Я", "1"],
    ["1.Я\uDC00", "1"],
    ["1.\uD835Я", "1"],
  ])("a broken character in %p leaves the parent %p", (code, parent) => {
    expect(parentCode(code)).toBe(parent);
  });
});

describe("codeModules at the ends of a code", () => {
  it("does not count delimiters at the start or the end as empty modules", () => {
    expect(codeModules(".1.2.")).toEqual(["1", "2"]);
    expect(codeModules("-А.01- ")).toEqual(["А", "01"]);
    expect(codeModules("...")).toEqual([]);
  });

  it("keeps a letter written as two code units in its module", () => {
    expect(codeModules("\u{1D400}1.2")).toEqual(["\u{1D400}1", "2"]);
  });
});

describe("the tree of read positions", () => {
  const positions: CatalogPosition[] = [
    { row: 2, Code: "1", Name: "Root" },
    { row: 3, Code: "1.2", Name: "Second" },
    { row: 4, Code: "1.10", Name: "Tenth" },
    { row: 5, Code: "7.1", Name: "Orphan" },
  ];

  it("is the tree of their codes and names, with each code indexed at its row", () => {
    const expected = buildTree(positions.map((p) => ({ code: p.Code, name: p.Name, row: p.row })));
    const { tree, byCode } = runSteps(buildIndexedTreeInSteps(positions));
    expect(tree).toEqual(expected);
    expect(byCode.size).toBe(4);
    for (const p of positions) expect(byCode.get(p.Code)).toMatchObject({ code: p.Code, row: p.row });
    expect(byCode.get("1.10")).toMatchObject({ row: 4, depth: 1, orphan: false });
    expect(tree).toMatchObject({ levels: 2, orphans: 1, size: 4 });
  });
});

describe("the tree built in steps", () => {
  /** Pauses while building the tree of the given codes, and the size of the tree built. */
  const pauses = (codes: string[]) => {
    const { pauses, value } = countPauses(
      buildIndexedTreeInSteps(codes.map((Code, i) => ({ row: i + 2, Code }))),
    );
    return { pauses, size: value.tree.size };
  };
  const distinct = (n: number) => Array.from({ length: n }, (_, i) => `${Math.floor(i / 10) + 1}.${i % 10}`);

  // Three passes over the codes (read, link to parents, order): one pause per STEP_ITEMS steps.
  it.each([
    [Math.floor(STEP_ITEMS / 3), 0],
    [Math.floor(STEP_ITEMS / 3) + 1, 1],
    [STEP_ITEMS, 3],
  ])("pauses after every STEP_ITEMS steps: %i codes, %i pauses", (n, count) => {
    expect(pauses(distinct(n))).toEqual({ pauses: count, size: n });
  });

  it("reads each row once but links and orders each code once", () => {
    // 200 rows holding 100 codes: 200 + 100 + 100 steps.
    const codes = distinct(100);
    expect(pauses([...codes, ...codes])).toEqual({ pauses: Math.floor(400 / STEP_ITEMS), size: 100 });
  });
});
