// Hostile sheets, class 1 (issue 43): floating-point noise in prices. A price is sent rounded to
// 15 significant digits, Excel's precision (src/catalog/README.md, "Cell rules", says why not to
// the cell's number format); a number of 10^15 and more (1e21) and a subnormal (5e-324, which Excel
// cannot hold) are refused; a price typed as text is named in its warning as the number sent.
import { analyseCatalog, buildImportBody, type CellValue } from "../../src/catalog";
import { MIN_PRICE, roundPrice } from "../../src/catalog/rowFields";
import { pricesBlock, worded } from "./helpers";

const settings = { CatalogName: "Main", CompanyId: "9b2f7c1e-0d6a-4c1b-8f3e-2a5d7e9c4b10" };

function priceOf(price: CellValue, decimalSeparator = ".") {
  const analysis = analyseCatalog(
    pricesBlock([
      ["Code", "Name", "Price"],
      ["1", "Walls", price],
    ]),
    {
      decimalSeparator,
    },
  );
  return { analysis, problems: analysis.problems.map(worded) };
}

describe("a price holding float noise", () => {
  it.each<[number, number]>([
    [0.1 + 0.2, 0.3],
    [0.30000000000000004, 0.3],
    [1.1 * 3, 3.3],
    [12.345000000000001, 12.345],
    [1234.5600000000002, 1234.56],
    [0.7 + 0.1, 0.8],
    [100 / 3, 33.3333333333333],
    [1e-7 + 2e-23, 1e-7],
  ])("%p is sent as %p, with no problem", (value, sent) => {
    const { analysis, problems } = priceOf(value);
    expect(problems).toEqual([]);
    expect(analysis.positions[0]?.Price).toBe(sent);
    expect(buildImportBody(analysis, settings).body.Data[0]?.Price).toBe(sent);
  });

  it("keeps a price that has no noise exactly as it is, to its 15th digit", () => {
    for (const price of [0, 5, 0.01, 19.99, 123456789012.345, 999999999999999, 1e-300]) {
      expect(priceOf(price).analysis.positions[0]?.Price).toBe(price);
    }
  });

  it("rounds to what Excel keeps, never more: 15 significant digits", () => {
    for (const value of [Math.PI, Math.E * 1000, 1 / 7, 2 / 3, 123.456789 + 1.2345678e-8]) {
      const sent = roundPrice(value);
      expect(sent).toBe(Number(value.toPrecision(15)));
      expect(
        String(sent)
          .replace(/[.-]|e.*$/g, "")
          .replace(/^0+/, "").length,
      ).toBeLessThanOrEqual(15);
    }
  });
});

describe("a price no catalog holds", () => {
  it.each<[CellValue, string]>([
    [1e21, "1e+21"],
    [1e15, "1000000000000000"],
    [Number.MAX_VALUE, "1.7976931348623157e+308"],
  ])("%p is refused as too large", (value, shown) => {
    const { analysis, problems } = priceOf(value);
    expect(problems).toEqual([
      expect.objectContaining({
        kind: "price-too-large",
        severity: "error",
        cell: "D5",
        values: { value: shown },
      }),
    ]);
    expect(analysis.positions).toEqual([]);
  });

  it.each<[CellValue]>([[5e-324], [Number.MIN_VALUE * 3], [2.225073858507201e-308]])(
    "the subnormal %p is refused, as Excel holds no such number",
    (value) => {
      const { analysis, problems } = priceOf(value);
      expect(problems).toEqual([
        expect.objectContaining({
          kind: "price-not-number",
          reason: "too-small",
          severity: "error",
          cell: "D5",
          message: expect.stringContaining("smaller than any number Excel keeps") as unknown,
        }),
      ]);
      expect(analysis.positions).toEqual([]);
    },
  );

  it("accepts a number a little above the smallest normal one; a negative subnormal is negative", () => {
    expect(priceOf(1e-307).problems).toEqual([]);
    expect(priceOf(1e-307).analysis.positions[0]?.Price).toBe(1e-307);
    expect(priceOf(-5e-324).problems.map((p) => p.kind)).toEqual(["price-negative"]);
  });

  it("refuses the smallest normal number too, as its 15 digits are a subnormal", () => {
    expect(roundPrice(MIN_PRICE)).toBeLessThan(MIN_PRICE);
    expect(priceOf(MIN_PRICE).problems.map((p) => [p.kind, p.reason])).toEqual([
      ["price-not-number", "too-small"],
    ]);
  });

  it.each<[string, string, string]>([
    ["1e21", "1e21", "not-a-number"],
    ["1E+21", "1E+21", "not-a-number"],
    ["5e-324", "5e-324", "not-a-number"],
    ["Infinity", "Infinity", "not-a-number"],
    ["5 after 330 zeros (0 once parsed)", `0.${"0".repeat(330)}5`, "too-small"],
    ["5 after 320 zeros (a subnormal once parsed)", `0.${"0".repeat(320)}5`, "too-small"],
    ["1 and 400 zeros", `1${"0".repeat(400)}`, "not-finite"],
  ])("typed as text, %s is refused", (_label, text, reason) => {
    const { analysis, problems } = priceOf(text);
    expect(problems).toEqual([
      expect.objectContaining({ kind: "price-not-number", reason, severity: "error" }),
    ]);
    expect(analysis.positions).toEqual([]);
  });

  it("typed as text with more digits than Excel keeps, is named in its warning as the number sent", () => {
    const { analysis, problems } = priceOf("0.30000000000000004");
    expect(problems).toEqual([
      expect.objectContaining({ kind: "price-text", values: { text: "0.30000000000000004", value: 0.3 } }),
    ]);
    expect(problems[0]?.message).toContain("read as the number 0.3.");
    expect(analysis.positions[0]?.Price).toBe(0.3);
    const comma = priceOf("1 234,567890123456789", ",");
    expect(comma.problems[0]?.values).toEqual({ text: "1 234,567890123456789", value: 1234.56789012346 });
    expect(comma.analysis.positions[0]?.Price).toBe(1234.56789012346);
  });
});
