import { SIZE_SAMPLE_ROWS, estimateRowsBytes } from "../../src/workbook/blocks";
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

  it("measures every row of a block of up to the sample's size exactly", () => {
    const values = Array.from({ length: SIZE_SAMPLE_ROWS }, (_, i) => [`r${i}`, i, i % 3 === 0]);
    const formulas = values.map((row) => [`=A${row[1]}`]);
    const exact = values.reduce((sum, row, r) => sum + jsonBytes(row) + jsonBytes(formulas[r]), 0);
    expect(estimateRowsBytes([values, formulas], SIZE_SAMPLE_ROWS)).toBe(exact);
  });

  it("estimates a larger block within 25% even when a long row comes at the sample's stride", () => {
    // 20,480 rows, every tenth one 2,000 characters long: one row in each stretch of ten is
    // measured. Taken at a fixed place in each stretch, the sample would see every long row (ten
    // times the size) or none (a tenth of it); taken at a pseudo-random place, about a tenth.
    const rows = SIZE_SAMPLE_ROWS * 10;
    for (const offset of [0, 3, 9]) {
      const matrix = Array.from({ length: rows }, (_, i) => [
        i % 10 === offset ? "L".repeat(2_000) : `s${i}`,
      ]);
      const exact = matrix.reduce((sum, row) => sum + jsonBytes(row), 0);
      const estimate = estimateRowsBytes([matrix], rows);
      // A random place in each stretch varies by about 7% here (1 long row in 10, 2,048 places:
      // 25% is over three times that); a sample in step with the pattern is off ×10 or ×0.
      expect(estimate).toBeGreaterThan(exact * 0.75);
      expect(estimate).toBeLessThan(exact * 1.25);
    }
  });

  it("estimates a block of two rows per stretch within 25% when every fourth row is long", () => {
    // One row of each pair is measured. A generator's low bits alternate, so a place taken from
    // them would see rows 0, 3, 4, 7, 8, … : all of the long rows at 0 mod 4, or none.
    const rows = SIZE_SAMPLE_ROWS * 2;
    for (const offset of [0, 1, 2, 3]) {
      const matrix = Array.from({ length: rows }, (_, i) => [i % 4 === offset ? "L".repeat(2_000) : `s${i}`]);
      const exact = matrix.reduce((sum, row) => sum + jsonBytes(row), 0);
      const estimate = estimateRowsBytes([matrix], rows);
      // A random place in each stretch varies by about 7% here (1 long row in 10, 2,048 places:
      // 25% is over three times that); a sample in step with the pattern is off ×10 or ×0.
      expect(estimate).toBeGreaterThan(exact * 0.75);
      expect(estimate).toBeLessThan(exact * 1.25);
    }
  });
});
