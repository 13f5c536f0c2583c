// The write-back's byte count of a one-cell row (src/workbook/write.ts oneCellRowBytes) is the
// one jsonBytes gives, so the blocks are cut where they were; only faster, without JSON written.
import fc from "fast-check";
import { jsonBytes } from "../../src/workbook/blocks";
import { oneCellRowBytes } from "../../src/workbook/write";

/** Any UTF-16 text, lone surrogate halves and control characters included. */
const anyText = fc
  .array(
    fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.constantFrom(0x22, 0x5c, 0x0a, 0x01, 0xd83d, 0xde00)),
    {
      maxLength: 40,
    },
  )
  .map((codes) => codes.map((c) => String.fromCharCode(c)).join(""));

describe("oneCellRowBytes", () => {
  it("counts what jsonBytes counts for any text", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(oneCellRowBytes(text)).toBe(jsonBytes([text]));
      }),
      { numRuns: 2000 },
    );
  });

  it("counts Guids, escapes, pairs, lone halves, numbers, booleans and empty cells as jsonBytes does", () => {
    for (const cell of [
      "'0f8fad5b-d9cb-469f-a165-70867728950e",
      'say "hi" \\ \n\t\b\f\r \u0000 \u001f',
      "😀 ё 中 \u2028",
      "\ud83d",
      "\ude00x",
      "",
      12.5,
      -0,
      true,
      false,
      null,
    ]) {
      expect(oneCellRowBytes(cell)).toBe(jsonBytes([cell]));
    }
  });
});
