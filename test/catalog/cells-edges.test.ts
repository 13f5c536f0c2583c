// Cell values at their edges: prices typed as text in either decimal convention (grouped,
// ambiguous, wrong separator, too large), lengths of text with characters outside the Basic
// Multilingual Plane, blank-looking text, column letters and indexes at the worksheet's ends,
// the type of a cell from Excel's valueTypes or from its value, numbers as Excel shows them,
// GUIDs as people write them, and deletion marks.
import {
  cellType,
  characterCount,
  columnIndex,
  columnLetter,
  normaliseGuid,
  parseDeletionMark,
  parsePriceText,
  valueText,
} from "../../src/catalog";
import type { CellValue, CellValueType, PriceResult } from "../../src/catalog";
import { isBlankText } from "../../src/catalog/cells";

const text = (value: number): PriceResult => ({ kind: "text", value });
const ambiguous = (grouped: number, decimal: number): PriceResult => ({
  kind: "ambiguous",
  grouped,
  decimal,
});
const invalid = (reason: "blank" | "wrong-separator" | "not-a-number" | "not-finite"): PriceResult => ({
  kind: "invalid",
  reason,
});

describe("a price typed as text", () => {
  it.each<[string, string, PriceResult]>([
    // Grouping the other separator can only mean.
    ["1,234,567", ".", text(1234567)],
    ["1,234,567.25", ".", text(1234567.25)],
    ["1,234.5", ".", text(1234.5)],
    ["1.234.567,5", ",", text(1234567.5)],
    ["1.234,5", ",", text(1234.5)],
    // Spaces and apostrophes group digits.
    ["1 234.5", ".", text(1234.5)],
    ["1'234.50", ".", text(1234.5)],
    ["1’234", ".", text(1234)],
    // The decimal separator at either end.
    [".5", ".", text(0.5)],
    ["5.", ".", text(5)],
    ["1,500", ",", text(1.5)],
    // One group of three after the other separator: thousands or decimals?
    ["1,500", ".", ambiguous(1500, 1.5)],
    ["-1,500", ".", ambiguous(-1500, -1.5)],
    ["+1,500", ".", ambiguous(1500, 1.5)],
    ["10,000", ".", ambiguous(10000, 10)],
    ["1.500", ",", ambiguous(1500, 1.5)],
    // Only decimals can be meant: the wrong separator.
    ["0,125", ".", invalid("wrong-separator")],
    ["00,125", ".", invalid("wrong-separator")],
    ["1000,125", ".", invalid("wrong-separator")],
    [",125", ".", invalid("wrong-separator")],
    ["-,125", ".", invalid("wrong-separator")],
    ["12,5", ".", invalid("wrong-separator")],
    ["1,5000", ".", invalid("wrong-separator")],
    // Not numbers at all; a separator is a character, not a pattern matching any character.
    ["abc", ".", invalid("not-a-number")],
    ["1.2.3", ".", invalid("not-a-number")],
    ["12,345,6", ".", invalid("not-a-number")],
    ["1x5", ".", invalid("not-a-number")],
    ["1x5", ",", invalid("not-a-number")],
    ["1x234x567", ",", invalid("not-a-number")],
    // Nothing left once grouping is taken out.
    ["", ".", invalid("blank")],
    ["  ", ".", invalid("blank")],
    ["'", ".", invalid("blank")],
    ["9".repeat(400), ".", invalid("not-finite")],
  ])("%p with %p as the decimal separator", (typed, separator, expected) => {
    expect(parsePriceText(typed, separator)).toEqual(expected);
  });
});

describe("the length of a text as a person counts it", () => {
  it.each<[string, string, number]>([
    ["empty", "", 0],
    ["an emoji between letters", "a😀b", 3],
    ["the first pair of code units", "\uD800\uDC00", 1],
    ["the last pair of code units", "\uDBFF\uDFFF", 1],
    ["a high half at the end", "a\uD83D", 2],
    ["a high half before a letter", "\uD83Da", 2],
    ["a high half before a character just past the low halves", "\uDBFF\uE000", 2],
    ["a character just below the high halves before a low half", "\uD7FF\uDC00", 2],
    ["a lone low half", "\uDE00", 1],
    ["two low halves", "\uDC00\uDC00", 2],
    ["two high halves", "\uD800\uDBFF", 2],
  ])("%s: %p counts %i", (_case, value, count) => {
    expect(characterCount(value)).toBe(count);
  });
});

describe("blank-looking text", () => {
  it.each([
    ["", true],
    [" ", true],
    ["\u00a0", true],
    ["\u200b", true],
    [" a", false],
    ["!", false],
    ["~", false],
    ["a", false],
    // A control character is not a space: the cell is not blank.
    ["\u001f", false],
  ])("%p is blank: %p", (value, blank) => {
    expect(isBlankText(value)).toBe(blank);
  });
});

describe("column letters and indexes", () => {
  it.each<[string, number | null]>([
    ["XFD", 16_383],
    [" ab ", 27],
    ["XFE", null],
    ["ZZZ", null],
    ["AAAA", null],
    ["1A", null],
    ["A1", null],
    ["", null],
  ])("%p is column index %p", (letters, index) => {
    expect(columnIndex(letters)).toBe(index);
  });

  it.each([16_384, -1, 1.5])("no letter is given for index %p, and the message says the range", (index) => {
    expect(() => columnLetter(index)).toThrow(
      new RangeError(`Column index ${index} is outside the worksheet (0..16383).`),
    );
  });
});

describe("the type of a cell", () => {
  it.each<[CellValue | undefined, CellValueType | undefined, CellValueType]>([
    [5, "Unknown", "Double"],
    ["x", "Error", "Error"],
    ["#N/A", undefined, "Error"],
    // Excel says the cell holds the text "#N/A", typed by hand: it is text.
    ["#N/A", "String", "String"],
    ["#N/A", "Unknown", "String"],
    ["", undefined, "Empty"],
    ["", "Unknown", "Empty"],
    [undefined, undefined, "Empty"],
    [true, undefined, "Boolean"],
    // Names every object has are not error values.
    ["toString", undefined, "String"],
    ["constructor", undefined, "String"],
  ])("%p with valueType %p is %p", (value, given, type) => {
    expect(cellType(value, given)).toBe(type);
  });
});

describe("a value as Excel shows it", () => {
  it.each<[CellValue, string]>([
    [0.1 + 0.2, "0.3"],
    [-0.000001234, "-0.000001234"],
    [true, "TRUE"],
    [false, "FALSE"],
    ["  x ", "x"],
  ])("%p reads %p", (value, shown) => {
    expect(valueText(value)).toBe(shown);
  });
});

describe("a GUID as people write it", () => {
  const GUID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";

  it.each([
    `{${GUID}}`,
    `(${GUID})`,
    `urn:uuid:${GUID}`,
    `urn:uuid:{${GUID}}`,
    GUID.toUpperCase(),
    GUID.replace(/-/g, ""),
    ` ${GUID} `,
  ])("%p is the GUID", (written) => {
    expect(normaliseGuid(written)).toBe(GUID);
  });

  it.each([
    `{${GUID})`,
    `${GUID}}`,
    // Brackets that do not pair up.
    `[${GUID}}`,
    `(${GUID}]`,
    `{urn:uuid:${GUID}}`,
    `${GUID.slice(0, 8)}${GUID.slice(9)}`,
    `${GUID}-`,
    `-${GUID}`,
  ])("%p is not a GUID", (written) => {
    expect(normaliseGuid(written)).toBeNull();
  });
});

describe("a deletion mark", () => {
  it.each<[CellValue, boolean | null]>([
    [1, true],
    [0, false],
    [2, null],
    [-1, null],
    ["  X ", true],
    ["Х", true],
    ["✓", true],
    ["Нет", false],
    ["", false],
    ["maybe", null],
  ])("%p reads %p", (value, mark) => {
    expect(parseDeletionMark(value)).toBe(mark);
  });
});
