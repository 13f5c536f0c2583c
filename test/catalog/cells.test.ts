import {
  cellType,
  cleanText,
  columnIndex,
  columnLetter,
  normaliseGuid,
  parseDeletionMark,
  parsePriceText,
  valueText,
} from "../../src/catalog";

describe("column letters", () => {
  it.each([
    [0, "A"],
    [25, "Z"],
    [26, "AA"],
    [51, "AZ"],
    [52, "BA"],
    [701, "ZZ"],
    [702, "AAA"],
    [16383, "XFD"],
  ])("index %i is column %s and back", (index, letters) => {
    expect(columnLetter(index)).toBe(letters);
    expect(columnIndex(letters)).toBe(index);
    expect(columnIndex(letters.toLowerCase())).toBe(index);
  });

  it("refuses what is not a worksheet column", () => {
    expect(() => columnLetter(-1)).toThrow(RangeError);
    expect(() => columnLetter(16384)).toThrow(RangeError);
    expect(columnIndex("XFE")).toBeNull();
    expect(columnIndex("A1")).toBeNull();
    expect(columnIndex("")).toBeNull();
  });
});

describe("cleanText", () => {
  it("trims and folds non-breaking and other space-like characters", () => {
    expect(cleanText("\u00a0 03\u00a030\u202f00 \u2007")).toBe("03 30 00");
  });
  it("drops zero-width characters that would make equal-looking codes differ", () => {
    expect(cleanText("1.\u200b2\ufeff")).toBe("1.2");
  });
});

describe("valueText", () => {
  it("writes numbers as Excel shows them, without float noise", () => {
    expect(valueText(0.1 + 0.2)).toBe("0.3");
    expect(valueText(12)).toBe("12");
    expect(valueText(1.25)).toBe("1.25");
  });
  it("writes booleans as Excel does", () => {
    expect(valueText(true)).toBe("TRUE");
    expect(valueText(false)).toBe("FALSE");
  });
});

describe("cellType", () => {
  it("takes Excel's type when given", () => {
    expect(cellType("#N/A", "String")).toBe("String");
    expect(cellType("#N/A", "Error")).toBe("Error");
  });
  it("infers the type from the value otherwise", () => {
    expect(cellType("", undefined)).toBe("Empty");
    expect(cellType(3, undefined)).toBe("Double");
    expect(cellType(false, undefined)).toBe("Boolean");
    expect(cellType("#DIV/0!", undefined)).toBe("Error");
    expect(cellType("text", undefined)).toBe("String");
  });
});

describe("normaliseGuid", () => {
  const canonical = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";
  it.each([
    canonical,
    canonical.toUpperCase(),
    `{${canonical}}`,
    `{${canonical.toUpperCase()}}`,
    `(${canonical})`,
    canonical.replace(/-/g, ""),
    canonical.replace(/-/g, "").toUpperCase(),
    `urn:uuid:${canonical}`,
    ` ${canonical}\u00a0`,
  ])("reads %s", (spelling) => {
    expect(normaliseGuid(spelling)).toBe(canonical);
  });

  it.each([
    "",
    "3f2504e0-4f89-11d3-9a0c",
    "3f2504e0-4f89-11d3-9a0c-0305e82c330",
    "3f2504e0-4f89-11d3-9a0c-0305e82c3301-",
    "zf2504e0-4f89-11d3-9a0c-0305e82c3301",
    "3f2504e04f89-11d3-9a0c-0305e82c3301",
    "{3f2504e0-4f89-11d3-9a0c-0305e82c3301",
  ])("refuses %p", (text) => {
    expect(normaliseGuid(text)).toBeNull();
  });
});

describe("parseDeletionMark", () => {
  it.each([
    true,
    "x",
    "X",
    "х",
    "yes",
    "Yes",
    "да",
    "ДА",
    "1",
    1,
    "delete",
    "Delete",
    "удалить",
    "TRUE",
    " + ",
  ])("%p marks a row for deletion", (value) => {
    expect(parseDeletionMark(value)).toBe(true);
  });
  it.each([false, "", "  ", "no", "нет", "0", 0, "FALSE"])("%p does not", (value) => {
    expect(parseDeletionMark(value)).toBe(false);
  });
  it.each(["maybe", "later", 2, "xx"])("%p is not recognised", (value) => {
    expect(parseDeletionMark(value)).toBeNull();
  });
});

describe("parsePriceText", () => {
  it.each([
    ["12", ".", 12],
    ["12.5", ".", 12.5],
    [".5", ".", 0.5],
    ["1,234.5", ".", 1234.5],
    ["1,234,567", ".", 1234567],
    ["12,5", ",", 12.5],
    ["1 234,50", ",", 1234.5],
    ["1\u00a0234,50", ",", 1234.5],
    ["1.234,5", ",", 1234.5],
    ["1'234.5", ".", 1234.5],
    ["-3", ".", -3],
    ["+3", ".", 3],
  ])("reads %p with %p as %p", (text, separator, value) => {
    expect(parsePriceText(text, separator)).toEqual({ kind: "text", value });
  });

  it.each([
    ["12 руб", "."],
    ["$12", "."],
    ["12.5", ","],
    ["1,2,3", "."],
    ["abc", "."],
    ["", "."],
    ["1e5", "."],
  ])("refuses %p with %p", (text, separator) => {
    expect(parsePriceText(text, separator).kind).toBe("invalid");
  });

  it("explains a dot used where the workbook expects a comma", () => {
    const result = parsePriceText("12.5", ",");
    expect(result).toEqual({ kind: "invalid", reason: "wrong-separator" });
  });
});
