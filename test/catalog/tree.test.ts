import { buildTree, codeModules, compareNatural, flattenTree, parentCode } from "../../src/catalog";
import type { PreviewRow, TreeItem } from "../../src/catalog";

const items = (codes: string[]): TreeItem[] =>
  codes.map((code, i) => ({ code, name: `name ${code}`, row: i + 2 }));
const shape = (rows: PreviewRow[]): string[] =>
  rows.map(
    (r) => `${"  ".repeat(r.depth)}${r.code}${r.hasChildren ? " +" : ""}${r.orphan ? " (orphan)" : ""}`,
  );

/** A repeatable shuffle (Park–Miller), so a failing order can be reproduced. */
function shuffled<T>(list: readonly T[], seed: number): T[] {
  const out = [...list];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 48271) % 2147483647;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

describe("parentCode", () => {
  it.each([
    ["1.2.3", "1.2"],
    ["1.2", "1"],
    ["1", null],
    ["А.01.12-003", "А.01.12"],
    ["А.01.12", "А.01"],
    ["A-01/2", "A-01"],
    ["Pr_20_93", "Pr_20"],
    ["Pr_20", "Pr"],
    ["03 30 00", "03 30"],
    ["1..2", "1"],
    ["1 - 2", "1"],
    ["Раздел.Подраздел", "Раздел"],
    ["Pr", null],
    ["-1", null],
    ["1.", null],
    ["1.2.", "1"],
    ["5.1 /", "5"],
    ["и\u0306.1", "и\u0306"],
  ])("parent of %p is %p", (code, parent) => {
    expect(parentCode(code)).toBe(parent);
  });

  it("is case-sensitive and keeps the parent's own delimiters", () => {
    expect(parentCode("a.B-c/D")).toBe("a.B-c");
  });
});

describe("codeModules", () => {
  it("splits on any run of non-letter, non-digit characters, Cyrillic counting as letters", () => {
    expect(codeModules("А.01.12-003")).toEqual(["А", "01", "12", "003"]);
    expect(codeModules("Pr_20_93")).toEqual(["Pr", "20", "93"]);
    expect(codeModules("03 30 00")).toEqual(["03", "30", "00"]);
    expect(codeModules("Раздел1.Часть2")).toEqual(["Раздел1", "Часть2"]);
  });
});

describe("compareNatural", () => {
  it("puts numbers in value order", () => {
    expect(["10", "2", "1"].sort(compareNatural)).toEqual(["1", "2", "10"]);
    expect(["1.10", "1.9", "1.1"].sort(compareNatural)).toEqual(["1.1", "1.9", "1.10"]);
  });

  it("orders zero-padded modules by value", () => {
    expect(["A.01.12-010", "A.01.12-002", "A.01.12-001"].sort(compareNatural)).toEqual([
      "A.01.12-001",
      "A.01.12-002",
      "A.01.12-010",
    ]);
  });

  it("never calls two different codes equal, so any input order sorts the same", () => {
    const codes = ["1", "01", "001", "a", "A", "А", "1.2", "1-2", "1.02", "10", "9"];
    for (const a of codes) {
      for (const b of codes) {
        const ab = compareNatural(a, b);
        const ba = compareNatural(b, a);
        expect(Math.sign(ab) + Math.sign(ba)).toBe(0);
        if (a !== b) expect(ab).not.toBe(0);
      }
    }
    expect(shuffled(codes, 7).sort(compareNatural)).toEqual(shuffled(codes, 99).sort(compareNatural));
  });

  it("puts fewer leading zeros first among equal values", () => {
    expect(["001", "01", "1"].sort(compareNatural)).toEqual(["1", "01", "001"]);
  });
});

describe("buildTree", () => {
  it("builds a dotted tree with children in natural order", () => {
    const tree = buildTree(items(["2", "1.10", "1", "1.2", "1.1.1", "1.1", "2.1"]));
    expect(shape(flattenTree(tree))).toEqual([
      "1 +",
      "  1.1 +",
      "    1.1.1",
      "  1.2",
      "  1.10",
      "2 +",
      "  2.1",
    ]);
    expect(tree.levels).toBe(3);
    expect(tree.orphans).toBe(0);
    expect(tree.size).toBe(7);
  });

  it("handles mixed delimiters and Cyrillic codes", () => {
    const tree = buildTree(
      items([
        "А.01.12-003",
        "А",
        "А.01",
        "А.01.12",
        "А.01.12-002",
        "Pr_20_93",
        "Pr",
        "Pr_20",
        "03 30 00",
        "03",
        "03 30",
        "Раздел.Подраздел",
        "Раздел",
      ]),
    );
    expect(shape(flattenTree(tree))).toEqual([
      "03 +",
      "  03 30 +",
      "    03 30 00",
      "Pr +",
      "  Pr_20 +",
      "    Pr_20_93",
      "А +",
      "  А.01 +",
      "    А.01.12 +",
      "      А.01.12-002",
      "      А.01.12-003",
      "Раздел +",
      "  Раздел.Подраздел",
    ]);
    expect(tree.levels).toBe(4);
  });

  it("gives the same tree whatever the order of the list", () => {
    const codes = ["1", "1.1", "1.2", "1.10", "1.1.1", "1.1.2", "2", "2.1", "2.1.5", "2.1.40", "3", "12.20"];
    const reference = shape(flattenTree(buildTree(items(codes))));
    for (const seed of [1, 2, 3, 42, 1234]) {
      expect(shape(flattenTree(buildTree(items(shuffled(codes, seed)))))).toEqual(reference);
    }
  });

  it("flags orphans and keeps their descendants under them", () => {
    const tree = buildTree(items(["1", "12.20", "12.20.1", "1.1"]));
    expect(shape(flattenTree(tree))).toEqual(["1 +", "  1.1", "12.20 + (orphan)", "  12.20.1"]);
    expect(tree.orphans).toBe(1);
    const orphan = tree.roots.find((r) => r.code === "12.20");
    expect(orphan?.orphan).toBe(true);
    expect(orphan?.children[0]?.orphan).toBe(false);
  });

  it("builds a 12-level deep tree", () => {
    const codes: string[] = [];
    let code = "1";
    for (let level = 0; level < 12; level++) {
      codes.push(code);
      code = `${code}.${level + 2}`;
    }
    const tree = buildTree(items(shuffled(codes, 5)));
    const rows = flattenTree(tree);
    expect(tree.levels).toBe(12);
    expect(rows.map((r) => r.depth)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(rows[11]?.code).toBe("1.2.3.4.5.6.7.8.9.10.11.12");
    expect(rows[11]?.hasChildren).toBe(false);
  });

  it("places a repeated code once, at its first row", () => {
    const tree = buildTree([
      { code: "1", name: "first", row: 5 },
      { code: "1", name: "second", row: 9 },
    ]);
    expect(flattenTree(tree)).toEqual([
      { code: "1", name: "first", row: 5, depth: 0, hasChildren: false, orphan: false },
    ]);
  });

  it("sorts many siblings naturally", () => {
    const codes = Array.from({ length: 120 }, (_, i) => `7.${i + 1}`);
    const tree = buildTree(items(["7", ...shuffled(codes, 11)]));
    expect(tree.roots[0]?.children.map((c) => c.code)).toEqual(codes);
  });

  it("gives an empty tree for no codes", () => {
    expect(buildTree([])).toEqual({ roots: [], levels: 0, orphans: 0, size: 0 });
  });
});
