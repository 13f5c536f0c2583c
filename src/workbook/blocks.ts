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
