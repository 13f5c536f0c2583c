// Maps and sets keyed by strings that may hold a whole sheet's codes or Guids (300,000 and more),
// split over SHARDS smaller ones. A JavaScript Map grows by doubling and copies every entry when it
// does, in one go: past 262,144 entries that one `set` took 70 to 120 ms (in Node, on this project's
// 2-core machine under load), a long task in the pane however finely the loop around it is sliced.
// Split by a hash of the key's last characters, each part holds about a 64th, and its growth
// costs a few milliseconds. Only what the engine's large lookups use is offered: no iteration, so
// no order to keep.

/** Parts of a LargeMap or LargeSet (a power of two). */
export const SHARDS = 64;

/**
 * The part a key goes to: a hash of its length and last eight characters, where codes of one
 * sheet differ most ("1.2.145", "1.2.146"; a Guid's last hex digits). Keys alike at their end all
 * land in one part, which is then a plain Map: no slower than one.
 */
export function shardOf(key: string): number {
  let h = key.length;
  const stop = Math.max(0, key.length - 8);
  for (let i = key.length - 1; i >= stop; i--) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
  return (h ^ (h >>> 7) ^ (h >>> 13)) & (SHARDS - 1);
}

function parts<T>(make: () => T): T[] {
  const list: T[] = new Array<T>(SHARDS);
  for (let i = 0; i < SHARDS; i++) list[i] = make();
  return list;
}

/** A Map from strings for up to millions of keys, grown in small parts (see the file's head). */
export class LargeMap<V> {
  private readonly parts = parts(() => new Map<string, V>());
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(key: string): V | undefined {
    return (this.parts[shardOf(key)] as Map<string, V>).get(key);
  }

  has(key: string): boolean {
    return (this.parts[shardOf(key)] as Map<string, V>).has(key);
  }

  set(key: string, value: V): this {
    const part = this.parts[shardOf(key)] as Map<string, V>;
    const before = part.size;
    part.set(key, value);
    this.count += part.size - before;
    return this;
  }
}

/** A Set of strings for up to millions of keys, grown in small parts (see the file's head). */
export class LargeSet {
  private readonly parts = parts(() => new Set<string>());
  private count = 0;

  get size(): number {
    return this.count;
  }

  has(key: string): boolean {
    return (this.parts[shardOf(key)] as Set<string>).has(key);
  }

  add(key: string): this {
    const part = this.parts[shardOf(key)] as Set<string>;
    const before = part.size;
    part.add(key);
    this.count += part.size - before;
    return this;
  }
}
