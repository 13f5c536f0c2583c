// The near key of a code (src/catalog/nearCodes.ts) and the shortcuts that spare building it: its
// hash computed in one scan must be the hash of the key itself, and a code said not to fold must
// be its own key, or probable duplicates would go unnamed on a sheet of padded codes.
import fc from "fast-check";
import { NearTable, hashText, mayFold, nearHash, nearKey } from "../../src/catalog/nearCodes";

const code = fc.string({
  unit: fc.constantFrom("0", "1", "2", "9", "a", "s", "S", "Z", ".", "_", "-", " ", "/", "А", "а", "–", "Ж"),
  maxLength: 9,
});

describe("a code's near key", () => {
  it.each([
    ["01.02", "1.2"],
    ["1.2.", "1.2"],
    ["Ss_15_10_030.", "SS_15_10_30"],
    ["А.01", "A.1"],
    ["01–01–003", "1-1-3"],
    ["1.0", "1.0"],
    ["0", "0"],
    ["100.00", "100.0"],
    ["...", "..."],
  ])("of %p is %p", (c, key) => {
    expect(nearKey(c)).toBe(key);
  });

  it("has the hash of its key, however the hash is computed (2,000 generated codes)", () => {
    fc.assert(
      fc.property(code, (c) => {
        expect(nearHash(c)).toBe(hashText(nearKey(c)));
      }),
      { numRuns: 2000 },
    );
  });

  it("hashes as its key string for codes of ASCII and Cyrillic letters of every case", () => {
    const cyrillic = fc.string({
      unit: fc.constantFrom(
        "0",
        "1",
        "7",
        "a",
        "Z",
        ".",
        "-",
        " ",
        "А",
        "а",
        "Ё",
        "ё",
        "Я",
        "я",
        "Р",
        "р",
        "Ж",
        "Ѕ",
        "é",
        "—",
      ),
      maxLength: 9,
    });
    fc.assert(
      fc.property(cyrillic, (c) => {
        expect(nearHash(c)).toBe(hashText(nearKey(c)));
      }),
      { numRuns: 3000 },
    );
    for (let u = 0x400; u < 0x460; u++) {
      const c = `${String.fromCharCode(u)}.01`;
      expect(nearHash(c)).toBe(hashText(nearKey(c)));
    }
  });

  it("is the code itself when the code is said not to fold", () => {
    fc.assert(
      fc.property(code, (c) => {
        if (!mayFold(c)) expect(nearKey(c)).toBe(c);
      }),
      { numRuns: 2000 },
    );
  });

  it("never hides a twin: two codes with one key always share a slot of the table", () => {
    fc.assert(
      fc.property(code, code, fc.integer({ min: 1, max: 5000 }), (a, b, size) => {
        if (nearKey(a) !== nearKey(b) || nearKey(a) === a) return;
        const table = new NearTable(size);
        if (!mayFold(b)) table.addOwn(hashText(b));
        else table.addFolded(nearHash(b));
        table.addFolded(nearHash(a));
        expect(table.mayHaveTwin(nearHash(a))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
