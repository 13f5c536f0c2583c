// cleanText reads most cells with one test of their characters (PLAIN_TEXT) and keeps the
// regular expressions and NFC for the rest: the scan must give exactly what the full clean-up
// gives, or two cells that look alike would become different codes.
import { cleanText } from "../../src/catalog";
import { PLAIN_TEXT } from "../../src/catalog/cells";

const SPACE_LIKE = /[\u00A0\u2007\u202F\u2000-\u200A\u3000]/;
const INVISIBLE = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

/** The full clean-up, as cleanText does it for text with other characters. */
const fullClean = (text: string): string =>
  text
    .replace(new RegExp(INVISIBLE.source, "g"), "")
    .replace(new RegExp(SPACE_LIKE.source, "g"), " ")
    .trim()
    .normalize("NFC");

const plain: string[] = [];
for (let c = 0; c <= 0xffff; c++)
  if (PLAIN_TEXT.test(String.fromCharCode(c))) plain.push(String.fromCharCode(c));

describe("the characters cleanText keeps without the full clean-up", () => {
  it("are many (ASCII, Latin-1, Cyrillic, punctuation, №) but no combining mark", () => {
    expect(plain.length).toBeGreaterThan(900);
    for (const ch of ["A", "z", "0", "-", "é", "Я", "ё", "Ӱ", "—", "«", "№", "²"])
      expect(plain).toContain(ch);
    expect(plain.filter((ch) => /\p{M}/u.test(ch))).toEqual([]);
  });

  it("are neither space-like, invisible, white space other than the space, nor changed by NFC", () => {
    const wrong = plain.filter(
      (ch) =>
        SPACE_LIKE.test(ch) ||
        INVISIBLE.test(ch) ||
        (ch !== " " && ch.trim() === "") ||
        ch.normalize("NFC") !== ch,
    );
    expect(wrong).toEqual([]);
  });

  it("stay as they are in NFC next to each other", () => {
    // NFC composes a character with the one before it: every pair is checked.
    const changed: string[] = [];
    for (const a of plain) {
      for (const b of plain) {
        const pair = a + b;
        if (pair.normalize("NFC") !== pair) changed.push(pair);
      }
    }
    expect(changed).toEqual([]);
  });
});

describe("cleanText", () => {
  it.each([
    ["  1.2.3 ", "1.2.3"],
    ["Бетон В25 W6 — плита", "Бетон В25 W6 — плита"],
    [" Арматура А500С ", "Арматура А500С"],
    ["1.2\u00AD", "1.2"],
    ["\u00A0Кладка\u2007стен ", "Кладка стен"],
    ["и\u0306", "й"],
    ["\u200B", ""],
    ["\t1.2\n", "1.2"],
    ["", ""],
    ["   ", ""],
  ])("cleans %p to %p", (text, cleaned) => {
    expect(cleanText(text)).toBe(cleaned);
    expect(cleanText(text)).toBe(fullClean(text));
  });

  it("gives what the full clean-up gives for text mixing plain and other characters", () => {
    const others = [" ", "\u00A0", "\u00AD", "\u0306", "\u200B", "\u3000", "\t", "\u0301", "\u2028", "е"];
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let k = 0; k < 2000; k++) {
      let text = "";
      const length = random(12);
      for (let i = 0; i < length; i++) {
        text += random(3) === 0 ? others[random(others.length)] : plain[random(plain.length)];
      }
      expect(cleanText(text)).toBe(fullClean(text));
    }
  });
});
