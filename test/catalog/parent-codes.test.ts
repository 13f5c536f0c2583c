// One reading of a code's parent on both sides of the wire: the catalog engine builds the tree
// the user previews, the platform emulator builds the tree the import makes. Both are tested
// with the same table of tricky codes (test/fixtures/parent-codes.json): line breaks, combining
// marks, trailing and doubled delimiters, Cyrillic. The emulator is a separate program; only
// this test imports both.

import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parentCode } from "../../src/catalog";
import { applyImport } from "../../emulator/src/importer";
import type { Catalog, ImportPosition } from "../../emulator/src/model";

interface ParentCase {
  code: string;
  parent: string | null;
  note: string;
}

const table = JSON.parse(readFileSync(join(__dirname, "..", "fixtures", "parent-codes.json"), "utf8")) as {
  cases: ParentCase[];
};
const cases = table.cases.map((c) => [JSON.stringify(c.code), c] as const);

function position(code: string): ImportPosition {
  return {
    guid: null,
    code,
    name: `Name of ${code}`,
    price: null,
    unit: null,
    currency: null,
    binding: null,
    controlPoints: null,
  };
}

describe("the parent of a tricky code", () => {
  it("covers line breaks, combining marks, doubled and trailing delimiters and Cyrillic", () => {
    const codes = table.cases.map((c) => c.code);
    expect(codes.some((c) => c.includes("\n"))).toBe(true);
    expect(codes.some((c) => /\p{M}/u.test(c))).toBe(true);
    expect(codes.some((c) => /[^\p{L}\p{N}\p{M}]{2}/u.test(c))).toBe(true);
    expect(codes.some((c) => /[^\p{L}\p{N}\p{M}]$/u.test(c))).toBe(true);
    expect(codes.some((c) => /\p{Script=Cyrillic}/u.test(c))).toBe(true);
  });

  it.each(cases)("%s: the engine reads it as the table says", (_shown, c) => {
    expect(parentCode(c.code)).toBe(c.parent);
  });

  it.each(cases)("%s: the emulator's import puts it where the table says", (_shown, c) => {
    // The parent is already in the catalog (as a root), so only the child's reading is tested.
    const existing =
      c.parent === null
        ? []
        : [
            {
              platformId: "parent-id",
              externalId: "00000000-0000-0000-0000-000000000000",
              code: c.parent,
              name: "Parent",
              price: 0,
              unit: "",
              currency: "",
              binding: "",
              controlPoints: [],
              parentId: null,
            },
          ];
    const catalog: Catalog = { id: "c", companyId: "co", name: "Tricky", positions: existing };
    const { positions, log } = applyImport(
      catalog,
      { catalogName: "Tricky", companyId: null, data: [position(c.code)], deleted: [] },
      new Set<string>(),
      () => "00000000-0000-4000-8000-000000000001",
    );
    expect(log.IgnoredTwigs).toEqual([]);
    // The platform trims a code before it stores it, as the engine does before it sends one.
    const child = positions.find((p) => p.code === c.code.trim());
    expect(child).toBeDefined();
    expect(child?.parentId ?? null).toBe(c.parent === null ? null : "parent-id");
  });
});

describe("the engine's parent scan", () => {
  // The reading written as the pattern the emulator uses (with the s flag): the engine scans
  // from the end instead, for speed, and must give the same parent for any text.
  const PATTERN = /^(.*[\p{L}\p{N}\p{M}])[^\p{L}\p{N}\p{M}]+[\p{L}\p{N}\p{M}]+[^\p{L}\p{N}\p{M}]*$/su;
  const pieces = fc.constantFrom(
    "1",
    "a",
    "Ж",
    "\u0306",
    "é",
    ".",
    "-",
    "_",
    " ",
    "\n",
    "\t",
    "😀",
    "𝐀",
    "١",
    "\u00ad",
    "/",
  );

  it("equals the pattern on generated codes of tricky characters", () => {
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 10 }), (parts) => {
        const code = parts.join("");
        expect(parentCode(code)).toBe(PATTERN.exec(code)?.[1] ?? null);
      }),
      // 200 in the mutation run (STRYKER_MUTATOR_WORKER: Stryker's worker processes), which runs this
      // test again for every mutant it covers.
      { numRuns: process.env.STRYKER_MUTATOR_WORKER === undefined ? 2000 : 200 },
    );
  });
});
