/**
 * Byte accounting for blocks of rows: the serialized (UTF-8 JSON) size of what one sync sends or
 * receives, which Excel on the web caps at 5 MB. Pure functions, no Office calls.
 */

/** Bytes of `text` in UTF-8 (what goes over the wire), without allocating an encoded copy. */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    // Each half of a surrogate pair counts 2: together the 4 bytes of the code point.
    else if (code >= 0xd800 && code <= 0xdfff) bytes += 2;
    else bytes += 3;
  }
  return bytes;
}

/** Serialized size of one value as it appears in a request or response body. */
export function jsonBytes(value: unknown): number {
  const text = JSON.stringify(value);
  return text === undefined ? 0 : utf8Bytes(text);
}

/**
 * Rows measured, at most, by estimateRowsBytes. Serializing every row of a large block read took
 * most of the pane's longest task while a big selection was read; a sample gives the average row
 * about as well, and a read block the estimate undersizes is refused and read again in halves.
 */
export const SIZE_SAMPLE_ROWS = 2048;

/**
 * Serialized size of the first `rows` rows of the given matrices together (rows of the same index
 * travel in one response). Up to SIZE_SAMPLE_ROWS rows are measured; more are estimated from one
 * row in each of SIZE_SAMPLE_ROWS equal stretches, taken at a pseudo-random place in its stretch
 * (the same for the same row count): a fixed stride can fall in step with a sheet's pattern, a
 * long note every tenth row, and see all of it or none.
 */
export function estimateRowsBytes(matrices: ReadonlyArray<readonly unknown[][]>, rows: number): number {
  const rowBytes = (r: number): number => {
    let bytes = 0;
    for (const matrix of matrices) bytes += jsonBytes(matrix[r]);
    return bytes;
  };
  let bytes = 0;
  if (rows <= SIZE_SAMPLE_ROWS) {
    for (let r = 0; r < rows; r += 1) bytes += rowBytes(r);
    return bytes;
  }
  let seed = rows | 1;
  for (let k = 0; k < SIZE_SAMPLE_ROWS; k += 1) {
    const start = Math.floor((k * rows) / SIZE_SAMPLE_ROWS);
    const end = Math.floor(((k + 1) * rows) / SIZE_SAMPLE_ROWS);
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    // The place from the generator's high bits: its low bits repeat with short periods (the lowest
    // alternates), which would put the sample back in step with a pattern of 4 rows.
    bytes += rowBytes(start + Math.floor((seed / 0x100000000) * (end - start)));
  }
  return (bytes * rows) / SIZE_SAMPLE_ROWS;
}

export interface RowBlock {
  /** Index of the block's first row in the rows given to `planBlocks`. */
  start: number;
  count: number;
  bytes: number;
}

/**
 * Splits rows into consecutive blocks whose bytes stay within `budget`. `firstBlockExtraBytes`
 * is already spent in the first block (e.g. the header row written in the same sync). A row
 * larger than the budget on its own gets a block of its own: Excel decides whether it passes.
 */
export function planBlocks(
  rowBytes: readonly number[],
  budget: number,
  firstBlockExtraBytes = 0,
): RowBlock[] {
  const blocks: RowBlock[] = [];
  let current: RowBlock = { start: 0, count: 0, bytes: firstBlockExtraBytes };
  rowBytes.forEach((bytes, index) => {
    if (current.count > 0 && current.bytes + bytes > budget) {
      blocks.push(current);
      current = { start: index, count: 0, bytes: 0 };
    }
    current.count += 1;
    current.bytes += bytes;
  });
  if (current.count > 0) blocks.push(current);
  return blocks;
}
