// Codes that probably mean the same position: "Ss_15" and "SS_15", "А.01" (Cyrillic) and "A.01",
// "01.02" and "1.02", "1.2." and "1.2", "01–02" and "01-02". A code's near key is how it reads;
// two codes with one near key are named (checks.ts). Keys are compared through a table of their
// hashes first, so a sheet of 100,000 padded codes ("S3.41-007") builds a key string only for
// the few whose hash another code shares.

import { CONFUSABLE_GROUPS } from "./confusables";
import type { ProblemReasonOf } from "./types";

/** Characters outside ASCII and the ASCII text each reads as (Unicode's confusables, confusables.ts). */
let confusables: Map<number, string> | null = null;
function confusableTable(): Map<number, string> {
  if (confusables === null) {
    confusables = new Map();
    for (const [ascii, sources] of CONFUSABLE_GROUPS)
      for (const ch of sources) confusables.set(ch.codePointAt(0) as number, ascii);
  }
  return confusables;
}

const NON_ASCII = /[\u0080-\uffff]/;
/** Lower-case Latin letters or any non-ASCII character: only such codes can read like another. */
const MAY_FOLD = /[a-z\u0080-\uffff]/;
/** Punctuation closing a code ("1.2.", "Ss_15_"): the tree reads no level of its own from it. */
const TRAILING_MARK = /[^\p{L}\p{N}]+$/u;

/** Each character outside ASCII as the ASCII it reads as, where Unicode's confusables say one. */
function mapConfusables(text: string): string {
  const table = confusableTable();
  let out = "";
  for (const ch of text) {
    const c = ch.codePointAt(0) as number;
    out += c < 0x80 ? ch : (table.get(c) ?? ch);
  }
  return out;
}

/**
 * How a code reads to the eye, whatever the case: its UTS #39 skeleton, taken for characters
 * outside ASCII only (decomposed, each character as the ASCII it reads as, composed again), in
 * upper case, and once more after the upper case ("м" reads as no Latin letter but "М" does, and
 * the two are case twins). ASCII characters stay as they are: 0 and O, 1, l and I are different
 * characters in a code, typed on purpose (confusables.txt has them read alike).
 */
function lookalikeKey(code: string): string {
  if (!MAY_FOLD.test(code)) return code;
  const upper = code.toUpperCase();
  if (!NON_ASCII.test(upper)) return upper;
  const once = mapConfusables(code.normalize("NFD")).toUpperCase();
  return NON_ASCII.test(once) ? mapConfusables(once).toUpperCase().normalize("NFC") : once.normalize("NFC");
}

/** Dashes that look like a hyphen (‐ ‑ ‒ – — ―, the minus sign, small and full-width hyphens). */
const DASHES = /[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g;

/** The code with every dash written as a hyphen ("01–02" as "01-02": Word types the en dash). */
function withHyphens(code: string): string {
  return NON_ASCII.test(code) ? code.replace(DASHES, "-") : code;
}

/** The code with the leading zeros of its numbers dropped ("01.002" → "1.2"; "0" and "1.0" kept). */
function withoutLeadingZeros(code: string): string {
  let out: string | null = null;
  let copied = 0;
  const end = code.length - 1;
  for (let i = 0; i < end; i++) {
    if (code.charCodeAt(i) !== ZERO || (i > 0 && isDigit(code.charCodeAt(i - 1)))) continue;
    // A zero that starts a number: drop it and the zeros after it while a digit follows.
    let j = i;
    while (j < end && code.charCodeAt(j) === ZERO && isDigit(code.charCodeAt(j + 1))) j++;
    if (j === i) continue;
    out = (out ?? "") + code.slice(copied, i);
    copied = j;
    i = j;
  }
  return out === null ? code : out + code.slice(copied);
}

const ZERO = 48;
const isDigit = (c: number): boolean => c >= ZERO && c <= 57;

function withoutTrailingMark(code: string): string {
  const last = code.charCodeAt(code.length - 1);
  // Most codes end in an ASCII letter or digit: no regular expression runs for them.
  const asciiWord = (last >= 48 && last <= 57) || (last >= 65 && last <= 90) || (last >= 97 && last <= 122);
  return asciiWord ? code : code.replace(TRAILING_MARK, "");
}

/** A run of one punctuation mark or space, doubled or more ("1..2", "03  30"). */
const DOUBLED_MARK = /([^\p{L}\p{N}\p{M}])\1+/gu;

/** The code with each doubled mark written once ("1..2" as "1.2", "Pr__20" as "Pr_20"). */
function withoutDoubledMarks(code: string): string {
  for (let i = 1; i < code.length; i++) {
    const c = code.charCodeAt(i);
    if (c === code.charCodeAt(i - 1) && (c >= 0x80 || !isAsciiWord(c)))
      return code.replace(DOUBLED_MARK, "$1");
  }
  return code;
}

/**
 * What a code probably means: as it reads to the eye (lookalikeKey, dashes as hyphens), numbers
 * without their leading zeros ("01.02" as "1.2") and without punctuation at its end ("1.2." as
 * "1.2"). A code that is its own key is found among all codes; only the others are keyed in
 * checkLookalikes.
 */
export function nearKey(code: string): string {
  const key = withoutLeadingZeros(withoutDoubledMarks(withoutTrailingMark(withHyphens(lookalikeKey(code)))));
  // "1." has no key but itself: a code of punctuation alone is not a position anyway.
  return key === "" ? code : key;
}

/** How two codes with one nearKey differ, as the kind (and reason) of the warning naming them. */
export function nearness(
  a: string,
  b: string,
):
  | { kind: "case-twin-codes" | "lookalike-codes" }
  | { kind: "near-duplicate-codes"; reason: ProblemReasonOf<"near-duplicate-codes"> } {
  if (a.toUpperCase() === b.toUpperCase()) return { kind: "case-twin-codes" };
  const ka = lookalikeKey(a);
  const kb = lookalikeKey(b);
  if (ka === kb) return { kind: "lookalike-codes" };
  if (withHyphens(ka) === withHyphens(kb)) return { kind: "near-duplicate-codes", reason: "dashes" };
  if (withoutTrailingMark(ka) === withoutTrailingMark(kb))
    return { kind: "near-duplicate-codes", reason: "trailing-mark" };
  if (withoutDoubledMarks(ka) === withoutDoubledMarks(kb))
    return { kind: "near-duplicate-codes", reason: "doubled-mark" };
  if (withoutLeadingZeros(ka) === withoutLeadingZeros(kb))
    return { kind: "near-duplicate-codes", reason: "leading-zeros" };
  return { kind: "near-duplicate-codes", reason: "zeros-and-mark" };
}

/** FNV-1a over UTF-16 code units: the hash of a near key, whichever way it is computed. */
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

export function hashText(text: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h >>> 0;
}

const isAsciiWord = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * Whether a code may have a near key other than itself: lower-case or non-ASCII letters, a
 * number with a leading zero, or punctuation at its end. One scan, no allocation.
 */
export function mayFold(code: string): boolean {
  const n = code.length;
  if (n === 0) return false;
  if (!isAsciiWord(code.charCodeAt(n - 1))) return true;
  for (let i = 0; i < n; i++) {
    const c = code.charCodeAt(i);
    if (c >= 97 && c <= 122) return true;
    if (c >= 0x80) return true;
    // A doubled mark ("1..2"): its key writes it once.
    if (i > 0 && c === code.charCodeAt(i - 1) && !isAsciiWord(c)) return true;
    if (
      c === ZERO &&
      i + 1 < n &&
      isDigit(code.charCodeAt(i + 1)) &&
      (i === 0 || !isDigit(code.charCodeAt(i - 1)))
    )
      return true;
  }
  return false;
}

/**
 * hashText(nearKey(code)), without building the key for a code of ASCII characters and basic
 * Cyrillic letters (Ѐ to џ): upper case, look-alikes, leading zeros and closing punctuation
 * are taken character by character as the scan goes. A code of other characters is keyed as a
 * string (dashes, other scripts and combining marks need the full rules of nearKey).
 */
export function nearHash(code: string): number {
  for (let i = 0; i < code.length; i++) if (nearUnit(code.charCodeAt(i)) < 0) return hashText(nearKey(code));
  let end = code.length;
  while (end > 0 && !isWordUnit(nearUnit(code.charCodeAt(end - 1)))) end--;
  if (end === 0) return hashText(code);
  let h = FNV_OFFSET;
  for (let i = 0; i < end; i++) {
    let c = nearUnit(code.charCodeAt(i));
    // A doubled mark is keyed once (the units here are ASCII or Cyrillic letters, marks are ASCII).
    if (i > 0 && c < 0x80 && !isAsciiWord(c) && c === nearUnit(code.charCodeAt(i - 1))) continue;
    if (
      c === ZERO &&
      i + 1 < end &&
      isDigit(nearUnit(code.charCodeAt(i + 1))) &&
      (i === 0 || !isDigit(nearUnit(code.charCodeAt(i - 1))))
    ) {
      // A leading zero: skip it and the zeros after it while a digit follows.
      while (
        i + 1 < end &&
        nearUnit(code.charCodeAt(i)) === ZERO &&
        isDigit(nearUnit(code.charCodeAt(i + 1)))
      )
        i++;
      c = nearUnit(code.charCodeAt(i));
    }
    h = Math.imul(h ^ c, FNV_PRIME);
  }
  return h >>> 0;
}

const CYRILLIC_FIRST = 0x400;
const CYRILLIC_LAST = 0x45f;
/**
 * The letters Ѐ to џ as lookalikeKey writes them, each alone: the code unit of its key, or -1
 * where the key is more than one unit (Ы reads as "BL"). A key built a character at a time is the
 * key of the whole code for these letters and ASCII: each one's decomposition starts with a
 * letter, so nothing composes across two of them.
 */
let cyrillicKeyed: Int32Array | null = null;
function cyrillicUnit(c: number): number {
  if (cyrillicKeyed === null) {
    cyrillicKeyed = new Int32Array(CYRILLIC_LAST - CYRILLIC_FIRST + 1);
    for (let i = 0; i < cyrillicKeyed.length; i++) {
      const key = lookalikeKey(String.fromCharCode(CYRILLIC_FIRST + i));
      cyrillicKeyed[i] = key.length === 1 ? key.charCodeAt(0) : -1;
    }
  }
  return cyrillicKeyed[c - CYRILLIC_FIRST] as number;
}

/**
 * The code unit of a near key for one of a code (how it reads, in upper case), for ASCII and the
 * basic Cyrillic letters; -1 for any other, which nearHash leaves to nearKey.
 */
function nearUnit(c: number): number {
  if (c < 0x80) return c >= 97 && c <= 122 ? c - 32 : c;
  if (c >= CYRILLIC_FIRST && c <= CYRILLIC_LAST) return cyrillicUnit(c);
  return -1;
}

/** A letter or digit among the keyed units nearHash reads (a Cyrillic letter read as no ASCII one). */
function isWordUnit(unit: number): boolean {
  return unit < 0x80 ? isAsciiWord(unit) : true;
}

const OWN = 0x80;
const COUNT = 0x7f;
/** Table slots per code: about one code in eight shares a slot with another by chance. */
const SLOTS_PER_CODE = 8;

/**
 * Which codes may have a twin, from the hashes of their near keys: a code that is its own near
 * key marks its slot; the others count in theirs. A code whose slot holds no other code has no
 * twin (equal keys have equal hashes); one that shares it is compared by its key string.
 */
export class NearTable {
  private readonly slots: Uint8Array;
  private readonly mask: number;

  constructor(codes: number) {
    let size = 64;
    while (size < codes * SLOTS_PER_CODE) size *= 2;
    this.slots = new Uint8Array(size);
    this.mask = size - 1;
  }

  /** A code that is its own near key: the others find it in the index of codes. */
  addOwn(hash: number): void {
    const slot = hash & this.mask;
    this.slots[slot] = (this.slots[slot] as number) | OWN;
  }

  addFolded(hash: number): void {
    const slot = hash & this.mask;
    const value = this.slots[slot] as number;
    if ((value & COUNT) < 2) this.slots[slot] = value + 1;
  }

  /** Whether a folded code shares its slot with another code (its twin, or a chance one). */
  mayHaveTwin(hash: number): boolean {
    const value = this.slots[hash & this.mask] as number;
    return (value & OWN) !== 0 || (value & COUNT) >= 2;
  }
}
