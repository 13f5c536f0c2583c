// How many characters a person sees in a text: user-perceived characters (extended grapheme
// clusters, Unicode UAX #29), so a flag (two regional indicators), a family emoji (people joined by
// ZWJ), an emoji with a skin tone or a letter with combining accents is one. Intl.Segmenter says
// it where the webview has it (Edge WebView2 and Chromium browsers, Safari 14.1+, Firefox 125+);
// where it is missing (the EdgeHTML webview of older Office on Windows, older Safari and Firefox)
// the rules below count the same clusters for every script a catalog holds, with two
// simplifications: no Prepend characters and no Indic conjuncts (a consonant, virama, consonant
// run counts as two), so there the count can only be higher, never lower, than a person's.

/** Text in which every UTF-16 unit is a character of its own: printable ASCII, Latin, Cyrillic. */
const ONE_UNIT_EACH = /^[\x20-\x7e\u00a0-\u02ff\u0370-\u0482\u048a-\u0590]*$/;

interface Segmenter {
  segment(text: string): Iterable<unknown>;
}
let segmenter: Segmenter | null | undefined;

function systemSegmenter(): Segmenter | null {
  if (segmenter === undefined) {
    const Ctor = (Intl as { Segmenter?: new (locale?: string, options?: object) => Segmenter }).Segmenter;
    segmenter = typeof Ctor === "function" ? new Ctor(undefined, { granularity: "grapheme" }) : null;
  }
  return segmenter;
}

/** The number of characters a person sees in the text (grapheme clusters). */
export function graphemeCount(text: string): number {
  if (ONE_UNIT_EACH.test(text)) return text.length;
  const system = systemSegmenter();
  if (system === null) return fallbackGraphemeCount(text);
  let n = 0;
  for (const _ of system.segment(text)) n++;
  return n;
}

const MARK = /^\p{M}$/u;
/** Characters that never start a cluster of their own: marks, ZWNJ and ZWJ, skin tones, tags. */
function isExtend(c: number, ch: string): boolean {
  if (c === 0x200c || c === ZWJ || (c >= 0x1f3fb && c <= 0x1f3ff) || (c >= 0xe0020 && c <= 0xe007f))
    return true;
  return c >= 0x300 && MARK.test(ch);
}
const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;
const ZWJ = 0x200d;
const isRegionalIndicator = (c: number): boolean => c >= 0x1f1e6 && c <= 0x1f1ff;
const isControl = (c: number): boolean => c < 0x20 || (c >= 0x7f && c < 0xa0) || c === 0x2028 || c === 0x2029;

type Hangul = "L" | "V" | "T" | "LV" | "LVT" | null;
function hangul(c: number): Hangul {
  if ((c >= 0x1100 && c <= 0x115f) || (c >= 0xa960 && c <= 0xa97c)) return "L";
  if ((c >= 0x1160 && c <= 0x11a7) || (c >= 0xd7b0 && c <= 0xd7c6)) return "V";
  if ((c >= 0x11a8 && c <= 0x11ff) || (c >= 0xd7cb && c <= 0xd7fb)) return "T";
  if (c >= 0xac00 && c <= 0xd7a3) return (c - 0xac00) % 28 === 0 ? "LV" : "LVT";
  return null;
}

/** Whether Hangul `b` continues the syllable ending in `a` (UAX #29, GB6 to GB8). */
function joinsHangul(a: Hangul, b: Hangul): boolean {
  if (a === "L") return b === "L" || b === "V" || b === "LV" || b === "LVT";
  if (a === "LV" || a === "V") return b === "V" || b === "T";
  if (a === "LVT" || a === "T") return b === "T";
  return false;
}

/**
 * Grapheme clusters counted without Intl.Segmenter: UAX #29's rules for CR LF and controls
 * (GB3-GB5), Hangul syllables (GB6-GB8), extending characters (GB9, GB9a), emoji joined by ZWJ
 * (GB11) and regional indicator pairs (GB12, GB13).
 */
export function fallbackGraphemeCount(text: string): number {
  let n = 0;
  let prev = -1;
  let prevHangul: Hangul = null;
  /** The cluster so far ends in an emoji and its extending characters (no ZWJ among them). */
  let pictographic = false;
  /** The last character is the one ZWJ after such an emoji: the next emoji joins (GB11). */
  let joinerAfterEmoji = false;
  let regionalRun = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0) as number;
    const h = hangul(c);
    let joins: boolean;
    if (prev < 0) joins = false;
    else if (prev === 0x0d && c === 0x0a) joins = true;
    else if (isControl(prev) || isControl(c)) joins = false;
    else if (joinsHangul(prevHangul, h)) joins = true;
    else if (isExtend(c, ch)) joins = true;
    else if (joinerAfterEmoji && PICTOGRAPHIC.test(ch)) joins = true;
    else joins = isRegionalIndicator(prev) && isRegionalIndicator(c) && regionalRun % 2 === 1;
    const emojiBefore = pictographic;
    if (!joins) {
      n++;
      pictographic = PICTOGRAPHIC.test(ch);
      regionalRun = 0;
    } else if (c === ZWJ) {
      // ExtPict Extend* ZWJ × ExtPict: a second ZWJ, or one after a mark that is not Extend, ends it.
      pictographic = false;
    } else if (!isExtend(c, ch)) {
      pictographic = PICTOGRAPHIC.test(ch);
    }
    joinerAfterEmoji = joins && c === ZWJ && emojiBefore;
    regionalRun = isRegionalIndicator(c) ? regionalRun + 1 : 0;
    prev = c;
    prevHangul = h;
  }
  return n;
}

/**
 * The first `units` UTF-16 units of a text, one fewer where the cut would split a character in two
 * halves (an emoji's surrogate pair): a problem quoting the head of a long cell shows no broken
 * character.
 */
export function headOf(text: string, units: number): string {
  if (text.length <= units) return text;
  const last = text.charCodeAt(units - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? units - 1 : units);
}

/** For tests: count as a webview without Intl.Segmenter does (true), or as this one does (false). */
export function withoutSegmenter(off: boolean): void {
  segmenter = off ? null : undefined;
}
