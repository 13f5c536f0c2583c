// What readRows tells the user about a row's other cells: prices, currencies, text lengths,
// control points and Excel errors, each with the exact message, fix and values the pane shows.
// The sheet is the one of rows-fixture.ts: Code B, Name C, Price D, Unit E, Currency F, Guid G,
// Binding H, Control points I, Delete J.
import type {
  CatalogField,
  CellValue,
  CellValueType,
  ProblemReasonOf,
  ReadRowsOptions,
} from "../../src/catalog";
import { worded } from "./helpers";
import { line, problem, read } from "./rows-fixture";

/** Reads one data row (Code "1", Name "Root" unless given), with optional cell types for it. */
function readOne(
  cells: Partial<Record<CatalogField, CellValue>>,
  options: Partial<ReadRowsOptions> = {},
  types?: Partial<Record<CatalogField, CellValueType>>,
) {
  const extra = types ? { valueTypes: [[], line<CellValueType>(types, "Unknown")] } : {};
  return read([{ Code: "1", Name: "Root", ...cells }], extra, options);
}

const ROOT = { row: 5, Code: "1", Name: "Root" };

describe("prices that cannot be read", () => {
  const notANumber = (
    shown: string,
    why: string,
    reason: ProblemReasonOf<"price-not-number">,
    ds: string,
    text = shown,
  ) =>
    problem(
      "D5",
      "Price",
      "price-not-number",
      "error",
      // A blank price has nothing to quote.
      reason === "blank"
        ? `The Price in D5 cannot be read as a number: ${why}.`
        : `The Price in D5 ("${shown}") cannot be read as a number: ${why}.`,
      `Enter the price as a plain number in D5, without currency signs or units, using "${ds}" for decimals.`,
      { text, separator: ds },
      reason,
    );
  const nines = "9".repeat(400);

  it.each([
    ["TRUE", true, ".", notANumber("TRUE", "it is a TRUE/FALSE value", "boolean", ".")],
    ["an apostrophe alone", "'", ".", notANumber("'", "it is blank", "blank", ".")],
    [
      "12.5 where the workbook uses a comma",
      "12.5",
      ",",
      notANumber("12.5", 'it uses "." as a decimal point but this workbook uses ","', "wrong-separator", ","),
    ],
    [
      "12,5 where the workbook uses a point",
      "12,5",
      ".",
      notANumber("12,5", 'it uses "," as a decimal point but this workbook uses "."', "wrong-separator", "."),
    ],
    [
      "a price with a unit",
      "12 USD",
      ".",
      notANumber("12 USD", "it holds characters that are not part of a number", "not-a-number", "."),
    ],
    [
      "400 nines as text",
      nines,
      ".",
      notANumber(`${"9".repeat(60)}…`, "it is not a finite number", "not-finite", ".", nines),
    ],
    [
      "an infinite number",
      Infinity,
      ".",
      notANumber("Infinity", "it is not a finite number", "not-finite", "."),
    ],
  ])("refuses %s, saying why", (_, price, ds, expected) => {
    const result = readOne({ Price: price }, { decimalSeparator: ds });
    expect(result.positions).toStrictEqual([ROOT]);
    expect(result.problems.map(worded)).toEqual([expected]);
  });

  it("leaves out a price cell holding only spaces, without a problem", () => {
    const result = readOne({ Price: "   " });
    expect(result.positions).toStrictEqual([ROOT]);
    expect(result.problems).toEqual([]);
  });

  it("does not guess a price text that could be thousands or decimals", () => {
    const result = readOne({ Price: "1.500" }, { decimalSeparator: "," });
    expect(result.positions).toStrictEqual([ROOT]);
    expect(result.problems.map(worded)).toEqual([
      problem(
        "D5",
        "Price",
        "price-ambiguous",
        "error",
        'The Price in D5 is text ("1.500") that could mean 1,500 or 1.5; this workbook uses "," for decimals, so it is not guessed.',
        'Enter the price in D5 as a number (for 1.5 type it with ","), or convert the column to numbers.',
        { text: "1.500", grouped: 1500, decimal: 1.5, separator: "," },
      ),
    ]);
  });

  it("reads a price text with the workbook's separator, saying which number it read", () => {
    const result = readOne({ Price: "12,5" }, { decimalSeparator: "," });
    expect(result.positions).toStrictEqual([{ ...ROOT, Price: 12.5 }]);
    expect(result.problems.map(worded)).toEqual([
      problem(
        "D5",
        "Price",
        "price-text",
        "warning",
        'The Price in D5 is text ("12,5"); it is read as the number 12.5.',
        "Check that 12.5 is the intended price, and convert the column to numbers to silence this warning.",
        { text: "12,5", value: 12.5 },
      ),
    ]);
  });

  it("refuses a negative price", () => {
    const result = readOne({ Price: -1 });
    expect(result.positions).toStrictEqual([ROOT]);
    expect(result.problems.map(worded)).toEqual([
      problem(
        "D5",
        "Price",
        "price-negative",
        "error",
        "The Price in D5 is negative (-1); a catalog price cannot be below zero.",
        "Enter a price of zero or more in D5.",
        { value: -1 },
      ),
    ]);
  });

  it("refuses a price of 10^15, which cannot be held to the cent", () => {
    const result = readOne({ Price: 1e15 });
    expect(result.positions).toStrictEqual([ROOT]);
    expect(result.problems.map(worded)).toEqual([
      problem(
        "D5",
        "Price",
        "price-too-large",
        "error",
        "The Price in D5 (1000000000000000) is too large to be a catalog price; it cannot be held to the cent.",
        "Check the price in D5: it may be a code, a total or a value pasted into the wrong column.",
        { value: "1000000000000000" },
      ),
    ]);
  });

  it.each([
    [999_999_999_999_999, 999_999_999_999_999],
    [0.1 + 0.2, 0.3],
    [12.34, 12.34],
  ])("keeps the price %p as %p", (price, expected) => {
    const result = readOne({ Price: price });
    expect(result.problems).toEqual([]);
    expect(result.positions[0]?.Price).toBe(expected);
  });
});

describe("currencies", () => {
  const malformed = (shown: string, suffix: string, fix: string, suggestion: string) =>
    problem(
      "F5",
      "CurrencyCharCode",
      "malformed-currency",
      "error",
      `The Currency in F5 ("${shown}") is not a three-letter currency code${suffix}`,
      fix,
      { text: shown, suggestion },
    );
  const LATIN_FIX = "Enter the ISO 4217 code in Latin letters, such as USD, EUR or RUB, in F5.";

  it.each([
    ["a number", 840, malformed("840", ".", LATIN_FIX, "")],
    ["a word", "доллар", malformed("доллар", ".", LATIN_FIX, "")],
    ["a dollar sign", "$", malformed("$", "; did you mean USD?", "Enter USD in F5.", "USD")],
    ["the rouble abbreviation", "руб.", malformed("руб.", "; did you mean RUB?", "Enter RUB in F5.", "RUB")],
  ])("refuses %s as a currency code", (_, currency, expected) => {
    const result = readOne({ CurrencyCharCode: currency });
    expect(result.positions).toStrictEqual([ROOT]);
    expect(result.problems.map(worded)).toEqual([expected]);
  });

  it("refuses a withdrawn currency and names the one that replaced it", () => {
    const result = readOne({ CurrencyCharCode: "rur" });
    expect(result.positions).toStrictEqual([ROOT]);
    expect(result.problems.map(worded)).toEqual([
      problem(
        "F5",
        "CurrencyCharCode",
        "unknown-currency",
        "error",
        'The Currency in F5 ("RUR") is not a currency in use; it was replaced by RUB.',
        "Enter RUB in F5.",
        { text: "RUR", suggestion: "RUB" },
      ),
    ]);
  });

  it("refuses three letters that are no currency", () => {
    const result = readOne({ CurrencyCharCode: "ABC" });
    expect(result.problems.map(worded)).toEqual([
      problem(
        "F5",
        "CurrencyCharCode",
        "unknown-currency",
        "error",
        'The Currency in F5 ("ABC") is not a currency in use.',
        "Enter the ISO 4217 code of the price's currency, such as USD, EUR or RUB, in F5.",
        { text: "ABC", suggestion: "" },
      ),
    ]);
  });

  it("reads a currency code in any case as upper case", () => {
    const result = readOne({ CurrencyCharCode: " eur " });
    expect(result.problems).toEqual([]);
    expect(result.positions).toStrictEqual([{ ...ROOT, CurrencyCharCode: "EUR" }]);
  });
});

describe("text longer than 1,000 characters (the platform states no limit)", () => {
  const SAID =
    "characters long. The platform does not say how long a text it keeps: it may keep it whole, shorten it or leave the row out.";
  const long = (cell: string, field: CatalogField, what: string, count: number) =>
    problem(
      cell,
      field,
      "long-text",
      "warning",
      field === "ControlPoints"
        ? `A binding or variable name of the control points in ${cell} is ${count.toLocaleString("en-US")} ${SAID}`
        : `The ${what} in ${cell} is ${count.toLocaleString("en-US")} ${SAID}`,
      `It is sent as it is. After the import, check on the platform that the position from ${cell} kept its text whole, or shorten the text before importing.`,
      { length: count },
    );

  it("keeps a name of exactly 1,000 characters as a person counts them, saying nothing", () => {
    // 999 letters and one emoji: 1,001 UTF-16 units, 1,000 characters.
    const name = `${"a".repeat(999)}😀`;
    const result = readOne({ Name: name });
    expect(result.problems).toEqual([]);
    expect(result.positions).toStrictEqual([{ ...ROOT, Name: name }]);
  });

  it.each([
    ["Name", "C5", "Name", `${"a".repeat(1000)}😀`, 1001],
    ["Unit", "E5", "Unit", "m".repeat(2500), 2500],
  ] as const)(
    "sends a %s longer than 1,000 characters whole and names it",
    (field, cell, what, text, count) => {
      const result = readOne({ [field]: text });
      expect(result.problems.map(worded)).toEqual([long(cell, field, what, count)]);
      expect(result.positions).toStrictEqual([{ ...ROOT, [field]: text }]);
    },
  );

  it.each([
    ["Guid", "malformed-guid"],
    ["CurrencyCharCode", "malformed-currency"],
  ] as const)("refuses a %s of 1,001 characters by its shape, not its length", (field, kind) => {
    const result = readOne({ [field]: "a".repeat(1001) });
    expect(result.problems.map((p) => p.kind)).toEqual([kind]);
  });

  it("sends the control points with a long binding and names the cell once", () => {
    const binding = "b".repeat(1001);
    const result = readOne({ ControlPoints: `${binding}=V; Area=${"s".repeat(1200)}` });
    expect(result.positions).toStrictEqual([
      {
        ...ROOT,
        ControlPoints: [
          { Binding: binding, VariableName: "V" },
          { Binding: "Area", VariableName: "s".repeat(1200) },
        ],
      },
    ]);
    expect(result.problems.map(worded)).toEqual([long("I5", "ControlPoints", "Control points", 1200)]);
  });
});

describe("control points", () => {
  it("leaves out a control points cell holding only spaces", () => {
    const result = readOne({ ControlPoints: "  " });
    expect(result.problems).toEqual([]);
    expect(result.positions).toStrictEqual([ROOT]);
  });

  it("quotes at most 200 characters of unreadable control points in the values", () => {
    const text = "x".repeat(300);
    const result = readOne({ ControlPoints: text });
    expect(result.positions).toStrictEqual([ROOT]);
    expect(result.problems.map(worded)).toEqual([
      problem(
        "I5",
        "ControlPoints",
        "malformed-control-points",
        "error",
        `The Control points in I5 cannot be read: item 1 ("${"x".repeat(60)}…") has no "=" between the binding and the variable name.`,
        'Write them as Binding=Variable; Binding2=Variable2 (or as a JSON array of {"Binding","VariableName"}) in I5.',
        { text: "x".repeat(200), item: 1, binding: "x".repeat(200) },
        "item-no-equals",
      ),
    ]);
  });
});

describe("Excel errors in a row's cells", () => {
  const excelError = (cell: string, field: CatalogField, label: string, shown: string, cause: string) =>
    problem(
      cell,
      field,
      "excel-error",
      "error",
      `Cell ${cell} (${label}) shows the Excel error ${shown}: ${cause}.`,
      `Correct the formula or value in ${cell} so the cell no longer shows an error.`,
      { text: shown },
    );

  it("reports an error in the control points and leaves them out", () => {
    const result = readOne({ ControlPoints: "#N/A" });
    expect(result.positions).toStrictEqual([ROOT]);
    expect(result.problems.map(worded)).toEqual([
      excelError("I5", "ControlPoints", "Control points", "#N/A", "a lookup found no value"),
    ]);
  });

  it("reports an error in the price and leaves it out", () => {
    const result = readOne({ Price: "#DIV/0!" });
    expect(result.positions).toStrictEqual([ROOT]);
    expect(result.problems.map(worded)).toEqual([
      excelError("D5", "Price", "Price", "#DIV/0!", "a formula divides by zero"),
    ]);
  });

  it("explains an error this add-in does not know in general terms", () => {
    const result = readOne({ Name: " #EXTERNAL! " }, {}, { Name: "Error" });
    expect(result.positions).toStrictEqual([{ row: 5, Code: "1" }]);
    expect(result.problems.map(worded)).toEqual([
      excelError("C5", "Name", "Name", "#EXTERNAL!", "Excel could not compute the value"),
    ]);
  });
});
