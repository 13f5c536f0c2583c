// Hostile sheets, class 4 (issue 43): near-duplicate codes that differ by a doubled delimiter
// ("1..2" beside "1.2") or a trailing one ("1.2." beside "1.2"). The tree reads both as one
// level below the same parent, so the platform takes them for two positions where one was meant.
import fc from "fast-check";
import { analyseCatalog } from "../../src/catalog";
import { hashText, mayFold, nearHash, nearKey, nearness } from "../../src/catalog/nearCodes";
import { pricesBlock, worded } from "./helpers";

function nearOf(codes: string[]) {
  const rows = codes.map((code, i) => [code, `Position ${i + 1}`]);
  return analyseCatalog(pricesBlock([["Code", "Name"], ...rows]))
    .problems.filter((p) => p.kind === "near-duplicate-codes" || p.kind === "lookalike-codes")
    .map(worded);
}

describe("codes differing by a doubled delimiter", () => {
  it.each<[string, string]>([
    ["1..2", "1.2"],
    ["1.2..3", "1.2.3"],
    ["Pr__20_93", "Pr_20_93"],
    ["03  30 00", "03 30 00"],
    ["A--01", "A-01"],
    ["А.01..12", "А.01.12"],
    ["1//2", "1/2"],
  ])("%p beside %p are named as a doubled delimiter", (code, other) => {
    const found = nearOf([other, code]);
    expect(found).toEqual([
      expect.objectContaining({
        kind: "near-duplicate-codes",
        reason: "doubled-mark",
        cell: "B6",
        values: { code, otherCode: other, otherCell: "B5", otherRow: 5 },
      }),
    ]);
    expect(found[0]?.message).toContain("but for a delimiter written twice");
  });

  it.each<[string, string, string]>([
    ["1.2.", "1.2", "trailing-mark"],
    ["1.2..", "1.2", "trailing-mark"],
    ["01..2", "1.2", "zeros-and-mark"],
    ["1..02.", "1.2", "zeros-and-mark"],
  ])("%p beside %p: %s", (code, other, reason) => {
    expect(nearOf([other, code])).toEqual([
      expect.objectContaining({ kind: "near-duplicate-codes", reason }),
    ]);
  });

  it("names the words of a mix of zeros and marks as both", () => {
    expect(nearOf(["1.2", "01..2"])[0]?.message).toContain(
      "but for leading zeros and punctuation (a mark doubled or at the end)",
    );
  });

  it.each<[string, string]>([
    ["1.2", "1.-2"],
    ["1.2", "12"],
    ["11.2", "1.2"],
    ["AA.1", "A.1"],
    ["1.22", "1.2"],
  ])("%p and %p are not near duplicates by a doubled mark", (a, b) => {
    expect(nearOf([a, b])).toEqual([]);
    expect(nearKey(a)).not.toBe(nearKey(b));
  });

  it("is told apart from the other kinds of nearness", () => {
    expect(nearness("1..2", "1.2")).toEqual({ kind: "near-duplicate-codes", reason: "doubled-mark" });
    expect(nearness("1–2", "1-2")).toEqual({ kind: "near-duplicate-codes", reason: "dashes" });
    expect(nearness("1.2.", "1.2")).toEqual({ kind: "near-duplicate-codes", reason: "trailing-mark" });
  });

  it("marks a code with a doubled delimiter as one that folds, and hashes it as its key", () => {
    for (const code of ["1..2", "A__1", "03  30", "Р..1"]) {
      expect(mayFold(code)).toBe(true);
      expect(nearHash(code)).toBe(hashText(nearKey(code)));
    }
    expect(mayFold("1.2.3")).toBe(false);
    const code = fc.string({
      unit: fc.constantFrom("0", "1", "2", ".", "_", " ", "-", "A", "а", "…"),
      maxLength: 10,
    });
    fc.assert(
      fc.property(code, (c) => {
        expect(nearHash(c)).toBe(hashText(nearKey(c)));
        if (!mayFold(c)) expect(nearKey(c)).toBe(c);
      }),
      { numRuns: 3000 },
    );
  });
});
