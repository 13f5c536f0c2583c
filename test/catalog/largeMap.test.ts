// LargeMap and LargeSet: what a Map and a Set of strings do, for the lookups that hold a whole
// sheet's codes, spread over parts small enough that none grows in one long step.
import { generateCatalog } from "../../bench/generate";
import { LargeMap, LargeSet, SHARDS, shardOf } from "../../src/catalog/largeMap";

describe("LargeMap and LargeSet", () => {
  it("answer as a Map and a Set do, with repeated and unusual keys", () => {
    const keys = ["", "1", "1.1", "1.1", "А.01.12-003", "03 30 00", "😀", "x".repeat(5_000), "Pr_20_93_52"];
    for (let i = 0; i < 10_000; i++) keys.push(`${i % 97}.${i}`, `${i % 97}.${i}`);
    const map = new LargeMap<number>();
    const plain = new Map<string, number>();
    const set = new LargeSet();
    const plainSet = new Set<string>();
    keys.forEach((k, i) => {
      map.set(k, i);
      plain.set(k, i);
      set.add(k);
      plainSet.add(k);
    });
    expect(map.size).toBe(plain.size);
    expect(set.size).toBe(plainSet.size);
    for (const k of [...keys, "absent", "1.1 "]) {
      expect(map.get(k)).toBe(plain.get(k));
      expect(map.has(k)).toBe(plain.has(k));
      expect(set.has(k)).toBe(plainSet.has(k));
    }
  });

  it("spreads a large sheet's codes and Guids over its parts, none holding more than twice its share", () => {
    // The point of the parts: at 300k keys, no part nears 262,144 entries, where a Map's growth
    // copies everything in one go. Even spread keeps each growth a few milliseconds.
    const { block } = generateCatalog(300_000);
    const rows = block.values.slice(1);
    for (const column of [0, 1]) {
      const keys = [...new Set(rows.map((r) => String(r[column] ?? "")).filter((k) => k !== ""))];
      const counts = new Array<number>(SHARDS).fill(0);
      for (const k of keys) counts[shardOf(k)] = (counts[shardOf(k)] ?? 0) + 1;
      expect(keys.length).toBeGreaterThan(100_000);
      expect(Math.max(...counts)).toBeLessThan((2 * keys.length) / SHARDS);
    }
  });
});
