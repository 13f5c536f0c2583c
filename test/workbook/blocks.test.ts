import { jsonBytes, planBlocks, utf8Bytes } from "../../src/workbook";

describe("byte accounting", () => {
  it("counts UTF-8 bytes: Cyrillic takes two, emoji four", () => {
    expect(utf8Bytes("abc")).toBe(3);
    expect(utf8Bytes("Цена")).toBe(8);
    expect(utf8Bytes("€")).toBe(3);
    expect(utf8Bytes("😀")).toBe(4);
    expect(utf8Bytes("😀")).toBe(Buffer.byteLength("😀", "utf8"));
    expect(jsonBytes([["Код", 1, true]])).toBe(Buffer.byteLength(JSON.stringify([["Код", 1, true]]), "utf8"));
  });

  it("plans consecutive blocks that stay within the budget and cover every row once", () => {
    const rows = Array.from({ length: 1000 }, (_, i) => 10 + (i % 7) * 5);
    const blocks = planBlocks(rows, 500, 40);
    let next = 0;
    for (const block of blocks) {
      expect(block.start).toBe(next);
      expect(block.bytes).toBeLessThanOrEqual(500);
      next += block.count;
    }
    expect(next).toBe(rows.length);
    expect(blocks[0]?.bytes).toBe(40 + rows.slice(0, blocks[0]?.count).reduce((a, b) => a + b, 0));
  });

  it("gives a row larger than the budget a block of its own", () => {
    expect(planBlocks([10, 900, 10], 100).map((b) => b.count)).toEqual([1, 1, 1]);
  });

  it("plans nothing for no rows", () => {
    expect(planBlocks([], 100)).toEqual([]);
  });
});
