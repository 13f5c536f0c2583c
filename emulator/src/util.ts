import { createHash, randomBytes, randomUUID } from "node:crypto";

export const ZERO_UUID = "00000000-0000-0000-0000-000000000000";
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Mulberry32: tiny, fast and deterministic, so demo data is identical on every start. */
export class Prng {
  private state: number;

  constructor(seed: number | string) {
    this.state = typeof seed === "number" ? seed >>> 0 : hashSeed(seed);
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("Prng.pick called with an empty list");
    return item;
  }

  uuid(): string {
    const hex: string[] = [];
    for (let i = 0; i < 32; i++) hex.push(Math.floor(this.next() * 16).toString(16));
    // Version 4 and RFC 4122 variant bits, so the ids look like real UUIDs.
    hex[12] = "4";
    hex[16] = ((parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
    const s = hex.join("");
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }

  hex(length: number): string {
    let out = "";
    for (let i = 0; i < length; i++) out += Math.floor(this.next() * 16).toString(16);
    return out;
  }
}

export function hashSeed(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}

export function newUuid(): string {
  return randomUUID();
}

/** Job ids look like the 24-character hexadecimal ids of the interface document. */
export function newJobId(): string {
  return randomBytes(12).toString("hex");
}

export function newSecret(): string {
  return randomBytes(24).toString("base64url");
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

const codeCollator = new Intl.Collator("en", { numeric: true, sensitivity: "variant" });

/** Natural order of codes: "1.2" < "1.10", as catalogs are ordered by their codes. */
export function compareCodes(a: string, b: string): number {
  return codeCollator.compare(a, b);
}

// A code's parent is the code cut before its last run of delimiters that is followed by a module.
// Letters, digits and combining marks of any script are module characters (a decomposed "Й" is
// "И" plus a combining breve, and the breve must not split a module); everything else delimits,
// line breaks included ("s": the dot matches them, so "1.2\n3.4" has the parent "1.2\n3", as the
// add-in reads it). test/fixtures/parent-codes.json is the table both sides are tested with.
const PARENT_PATTERN = /^(.*[\p{L}\p{N}\p{M}])[^\p{L}\p{N}\p{M}]+[\p{L}\p{N}\p{M}]+[^\p{L}\p{N}\p{M}]*$/su;

export function parentCode(code: string): string | null {
  const match = PARENT_PATTERN.exec(code);
  return match?.[1] ?? null;
}
