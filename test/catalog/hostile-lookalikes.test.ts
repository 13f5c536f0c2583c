// Hostile sheets, class 3 (issue 43): look-alike codes from another script, beyond the pairs of a
// hand-made table (Cyrillic Р beside Latin P, lower case, Greek). The near key of a code reads
// characters outside ASCII by Unicode's confusables (UTS #39), generated into
// src/catalog/confusables.ts from the unhomoglyph package's data by scripts/confusables.js.
import fc from "fast-check";
import { readFileSync } from "fs";
import { analyseCatalog } from "../../src/catalog";
import { CONFUSABLE_GROUPS } from "../../src/catalog/confusables";
import { hashText, mayFold, nearHash, nearKey, nearness } from "../../src/catalog/nearCodes";
import { pricesBlock, worded } from "./helpers";

const data = JSON.parse(readFileSync(require.resolve("unhomoglyph/data.json"), "utf8")) as Record<
  string,
  string
>;

function twinsOf(codes: string[]) {
  const rows = codes.map((code, i) => [code, `Position ${i + 1}`]);
  return analyseCatalog(pricesBlock([["Code", "Name"], ...rows]))
    .problems.filter(
      (p) =>
        p.kind === "lookalike-codes" || p.kind === "near-duplicate-codes" || p.kind === "case-twin-codes",
    )
    .map(worded);
}

describe("the look-alike table", () => {
  const table = new Map<string, string>();
  for (const [ascii, sources] of CONFUSABLE_GROUPS) for (const ch of sources) table.set(ch, ascii);

  it("is Unicode's confusables: every character it reads as ASCII has that prototype there", () => {
    expect(table.size).toBeGreaterThan(1000);
    for (const [ch, ascii] of table) {
      if (data[ch] === undefined) continue; // added from NFKC, below
      const skeleton = [...ascii].map((c) => data[c] ?? c).join("");
      expect([ch, data[ch]]).toEqual([ch, skeleton]);
    }
  });

  it("leaves out no letter or digit outside ASCII whose prototype is ASCII", () => {
    const missing = Object.entries(data).filter(
      ([ch, prototype]) =>
        ch.charCodeAt(0) >= 0x80 &&
        /^[\p{L}\p{N}]$/u.test(ch) &&
        /^[\x21-\x7e]+$/.test(prototype) &&
        !table.has(ch),
    );
    expect(missing).toEqual([]);
  });

  it("adds the full-width and mathematical forms confusables.txt leaves out, as their compatibility form", () => {
    const added = [...table].filter(([ch]) => data[ch] === undefined);
    expect(added.length).toBeGreaterThan(0);
    for (const [ch, ascii] of added) {
      const c = ch.codePointAt(0) as number;
      expect((c >= 0xff01 && c <= 0xff5e) || (c >= 0x1d400 && c <= 0x1d7ff)).toBe(true);
      expect(ch.normalize("NFKC")).toBe(ascii);
    }
  });

  it("leaves the dashes to their own rule and reads no ASCII character as another", () => {
    for (const dash of ["\u2010", "\u2011", "\u2012", "\u2013", "\u2014", "\u2212", "\uff0d"])
      expect(table.has(dash)).toBe(false);
    for (const [ch] of table) expect(ch.charCodeAt(0)).toBeGreaterThanOrEqual(0x80);
  });

  it("reads a compatibility form as the ASCII character it is where the prototype is shared", () => {
    expect(table.get("𝟏")).toBe("1"); // prototype l, the prototype of 1, I and l
    expect(table.get("Ⅰ")).toBe("I");
    expect(table.get("０")).toBe("0");
    expect(table.get("Ｏ")).toBe("O");
    expect(table.get("Ӏ")).toBe("l"); // the palochka has no compatibility form: its prototype
  });
});

describe("look-alike codes", () => {
  it.each<[string, string, string]>([
    ["Cyrillic Р beside Latin P", "Р.1", "P.1"],
    ["lower-case Cyrillic р beside Latin P", "р.1", "P.1"],
    ["Greek Ρ beside Latin P", "Ρ.1", "P.1"],
    ["Greek capitals", "ΑΒ.01", "AB.01"],
    ["lower-case Greek ο and ν", "Pr_οv", "Pr_ov"],
    ["Cyrillic і and ј", "іј.2", "ij.2"],
    ["Cherokee Ꭺ", "Ꭺ.10", "A.10"],
    ["Armenian Օ", "Օ.5", "O.5"],
    ["full-width letters and digits", "Ａ．０１", "A.01"],
    ["mathematical bold", "𝐏𝐫_𝟐𝟎", "Pr_20"],
    ["a one dot leader for a full stop", "1\u20242", "1.2"],
    ["Cyrillic Ё beside Latin Ë", "Ё.1", "Ë.1"],
  ])("%s are named", (_case, code, other) => {
    const found = twinsOf([other, code]);
    expect(found).toEqual([
      expect.objectContaining({
        kind: "lookalike-codes",
        cell: "B6",
        values: { code, otherCode: other, otherCell: "B5", otherRow: 5 },
      }),
    ]);
    expect(found[0]?.message).toContain("look alike");
  });

  it.each<[string, string, string]>([
    ["Ж is no X", "Ж.1", "X.1"],
    ["П is no N", "П.1", "N.1"],
    ["Ё is no E (its dots show)", "Ё.1", "E.1"],
    ["Greek omicron is no zero", "1.ο", "1.0"],
    ["1 and l are different ASCII characters", "A.1", "A.l"],
    ["0 and O are different ASCII characters", "A.0", "A.O"],
    ["an accent shows", "é.1", "e.1"],
  ])("%s: not named", (_case, code, other) => {
    expect(twinsOf([other, code])).toEqual([]);
  });

  it("still tells case twins, dashes and leading zeros apart from look-alikes", () => {
    expect(nearness("Ss_15", "SS_15")).toEqual({ kind: "case-twin-codes" });
    expect(nearness("Р.01", "P.01")).toEqual({ kind: "lookalike-codes" });
    expect(nearness("01–02", "01-02")).toEqual({ kind: "near-duplicate-codes", reason: "dashes" });
    expect(nearness("Р.01", "P.1")).toEqual({ kind: "near-duplicate-codes", reason: "leading-zeros" });
  });

  it("keys an ASCII code without reading the table, as before", () => {
    for (const code of ["A.01", "Pr_20_93", "03 30 00", "1.2.3"]) {
      expect(mayFold(code) || nearKey(code) === code.toUpperCase()).toBe(true);
    }
    expect(nearKey("SS_15_10_30")).toBe("SS_15_10_30");
    expect(mayFold("SS_15_10_30")).toBe(false);
  });

  it("hashes as its key, however the hash is computed, for codes of every script (3,000 generated)", () => {
    const unit = fc.constantFrom(
      "0",
      "1",
      "3",
      "a",
      "P",
      "o",
      "l",
      "I",
      ".",
      "_",
      "-",
      " ",
      "Р",
      "р",
      "О",
      "З",
      "з",
      "б",
      "Ё",
      "ё",
      "Ы",
      "Ӏ",
      "Ѐ",
      "џ",
      "ѕ",
      "Ρ",
      "ο",
      "Ａ",
      "０",
      "𝟏",
      "\u2024",
      "\u0301",
      "–",
      "Ж",
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 8 }), (code) => {
        expect(nearHash(code)).toBe(hashText(nearKey(code)));
      }),
      { numRuns: 3000 },
    );
  });
});
