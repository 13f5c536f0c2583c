// Reading one row at a time (readRows): which rows are blank, skipped, deletions or positions,
// how a code is read from what the cell holds and shows, and the exact problem each row reports.
// The sheet is the one of rows-fixture.ts (a block at B4).
import { NIL_GUID } from "../../src/catalog";
import type { Problem, ProblemReasonOf, ProblemValues } from "../../src/catalog";
import { worded } from "./helpers";
import { COLUMNS, problem, read } from "./rows-fixture";

const GUID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";

/** Extra matrices (text, number formats, formulas) for the Code cell of the first data row. */
const codeCell = <T>(value: T): T[][] => [[], [value]];

describe("blank rows and data nobody reads", () => {
  it("counts a row whose only filled cell is an unset deletion mark as empty", () => {
    const result = read([{ Delete: "FALSE" }]);
    expect(result).toMatchObject({ emptyRows: 1, contentRows: 0, skippedRows: 0, problems: [] });
  });

  it('reads a row with only "no" in the Name column as content, not as an unset mark', () => {
    const result = read([{ Name: "no" }]);
    expect(result).toMatchObject({ emptyRows: 0, contentRows: 1, positions: [] });
    expect(result.problems.map((p) => [p.kind, p.cell])).toEqual([["missing-code", "B5"]]);
  });

  it.each([
    ["an empty string", ""],
    ["spaces and a non-breaking space", "  \u00a0 "],
    ["a zero-width space", "\u200b"],
  ])("counts a row with %s in an unread column as empty", (_, notes) => {
    const result = read([{ Notes: notes }]);
    expect(result).toMatchObject({ emptyRows: 1, skippedRows: 0, problems: [] });
  });

  it("reports a number in an unread column once, naming the cell, and skips the row", () => {
    const result = read([{ Notes: 0 }]);
    expect(result).toMatchObject({ emptyRows: 0, contentRows: 0, skippedRows: 1, positions: [] });
    expect(result.problems.map(worded)).toEqual([
      problem(
        "K5",
        null,
        "unmapped-data",
        "warning",
        'Row 5 has data only in columns that are not read (K5 holds "0"), so it is not imported.',
        "If row 5 is a position, fill its Code and Name, or choose the column of K5 under Columns; otherwise nothing needs doing.",
        { text: "0" },
      ),
    ]);
  });
});

describe("repeated header rows", () => {
  it("skips a row that repeats the Code header and says where", () => {
    const result = read([
      { Code: "Code", Name: "Name" },
      { Code: "1", Name: "Root" },
    ]);
    expect(result.skippedRows).toBe(1);
    expect(result.positions).toEqual([{ row: 6, Code: "1", Name: "Root" }]);
    expect(result.problems.map(worded)).toEqual([
      problem(
        "B5",
        "Code",
        "header-row-in-data",
        "warning",
        'Row 5 repeats the header (B5 reads "Code"), so it is not imported.',
        "Nothing needs doing if row 5 is a repeated header; if it is a position, give it a real code in B5.",
        { text: "Code" },
      ),
    ]);
  });
});

describe("deletion marks", () => {
  it("imports the row when its deletion mark shows an Excel error, and reports the error", () => {
    const result = read([{ Code: "1", Name: "Root", Delete: "#N/A" }]);
    expect(result.deletions).toEqual([]);
    expect(result.positions).toEqual([{ row: 5, Code: "1", Name: "Root" }]);
    expect(result.problems.map(worded)).toEqual([
      problem(
        "J5",
        "Delete",
        "excel-error",
        "error",
        "Cell J5 (Delete) shows the Excel error #N/A: a lookup found no value.",
        "Correct the formula or value in J5 so the cell no longer shows an error.",
        { text: "#N/A" },
      ),
    ]);
  });

  it("imports the row when its deletion mark is not one, and says which marks work", () => {
    const result = read([{ Code: "1", Name: "Root", Delete: "maybe" }]);
    expect(result.positions).toEqual([{ row: 5, Code: "1", Name: "Root" }]);
    expect(result.problems.map(worded)).toEqual([
      problem(
        "J5",
        "Delete",
        "unrecognised-deletion-mark",
        "warning",
        'Cell J5 (Delete) holds "maybe", which is not a deletion mark, so the row is imported, not deleted.',
        "To delete the row's position, enter x, yes, TRUE or 1 (or да, удалить); otherwise clear the cell.",
        { text: "maybe" },
      ),
    ]);
  });
});

describe("deletions", () => {
  it("deletes by Guid alone, keeping the name and no Code key", () => {
    const result = read([{ Guid: GUID, Name: "Old", Delete: "x" }]);
    expect(result.problems).toEqual([]);
    expect(result.deletions).toStrictEqual([{ row: 5, Guid: GUID, Name: "Old" }]);
  });

  it("deletes by Code alone, with no Guid or Name keys", () => {
    const result = read([{ Code: "1.2", Delete: "x" }]);
    expect(result.deletions).toStrictEqual([{ row: 5, Code: "1.2" }]);
  });

  it("deletes nothing when the only key is a malformed Guid, and says how to fix it for a deletion", () => {
    const result = read([{ Guid: "abc", Name: "Old", Delete: "x" }]);
    expect(result.deletions).toEqual([]);
    expect(result.problems.map(worded)).toEqual([
      problem(
        "G5",
        "Guid",
        "malformed-guid",
        "error",
        'The Guid in G5 ("abc") is not a GUID.',
        "Enter a GUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301 in G5, or clear the cell (a new position then gets one from the add-in, a deletion goes by its Code).",
        { text: "abc" },
      ),
    ]);
  });

  it("asks for a GUID or a blank cell when a position's Guid is malformed", () => {
    const result = read([{ Code: "1", Name: "Root", Guid: "abc" }]);
    expect(result.positions).toEqual([{ row: 5, Code: "1", Name: "Root" }]);
    expect(result.problems.map((p) => worded(p).fix)).toEqual([
      "Enter a GUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301 in G5, or clear the cell (a new position then gets one from the add-in, a deletion goes by its Code).",
    ]);
  });

  it("deletes by Code when the Guid is the nil GUID, and says so", () => {
    const result = read([{ Code: "1", Guid: NIL_GUID, Delete: "x" }]);
    expect(result.deletions).toStrictEqual([{ row: 5, Code: "1" }]);
    expect(result.problems.map(worded)).toEqual([
      problem(
        "G5",
        "Guid",
        "nil-guid",
        "warning",
        'The Guid in G5 is the nil GUID (all zeros), which the platform reads as "no Guid"; it is left out, and the row is matched by its Code.',
        "Clear G5, or enter the position's real Guid.",
        { text: NIL_GUID },
      ),
    ]);
  });

  it("matches a position by Code when its Guid is the nil GUID, and says a new one is assigned", () => {
    const result = read([{ Code: "1", Name: "Root", Guid: NIL_GUID }]);
    expect(result.positions).toStrictEqual([{ row: 5, Code: "1", Name: "Root" }]);
    expect(result.problems.map(worded)).toEqual([
      problem(
        "G5",
        "Guid",
        "nil-guid",
        "warning",
        'The Guid in G5 is the nil GUID (all zeros), which the platform reads as "no Guid"; it is left out, and the row is matched by its Code.',
        "Clear G5, or enter the position's real Guid.",
        { text: NIL_GUID },
      ),
    ]);
  });

  it.each([
    ["—", "placeholder", "has no letter or digit, so it names no position"],
    ["Итого", "section", "is a section heading or total, not a position"],
  ] as const)("refuses to delete by the code %p (%s) and deletes nothing", (code, reason, why) => {
    const result = read([{ Code: code, Delete: "x" }]);
    expect(result.deletions).toEqual([]);
    expect(result.skippedRows).toBe(0);
    expect(result.problems.map(worded)).toEqual([
      problem(
        "B5",
        "Code",
        "invalid-code",
        "error",
        `The Code in B5 ("${code}") ${why}.`,
        "Enter the code of the position to delete in B5, or clear the deletion mark.",
        { text: code },
        reason,
      ),
    ]);
  });

  it("makes a formula code of a deletion an error: a changed result deletes another branch", () => {
    const result = read([{ Code: "1.1", Delete: "x" }], { formulas: codeCell("=A1") });
    expect(result.deletions).toStrictEqual([{ row: 5, Code: "1.1" }]);
    expect(result.problems.map(worded)).toEqual([
      problem(
        "B5",
        "Code",
        "formula-code",
        "error",
        'The Code in B5 ("1.1") that this row deletes is the result of a formula; if it changes, a different position and everything below it is deleted.',
        "Copy the Code column and paste it as values (Paste Special > Values) before importing.",
        { text: "1.1" },
      ),
    ]);
  });
});

describe("rows that are not positions", () => {
  it("skips a code with no letter or digit as a placeholder", () => {
    const result = read([{ Code: "—", Name: "Something" }]);
    expect(result).toMatchObject({ contentRows: 1, skippedRows: 1, positions: [] });
    expect(result.problems.map(worded)).toEqual([
      problem(
        "B5",
        "Code",
        "not-a-position",
        "warning",
        'Row 5 has "—" in B5 instead of a code (no letter or digit), so it is not imported.',
        "Nothing needs doing if row 5 is not a position; if it is one, enter its code in the Code column.",
        { text: "—" },
        "placeholder",
      ),
    ]);
  });

  it("skips a code that reads as a total", () => {
    const result = read([{ Code: "Total", Price: 100 }]);
    expect(result).toMatchObject({ contentRows: 1, skippedRows: 1, positions: [] });
    expect(result.problems.map(worded)).toEqual([
      problem(
        "B5",
        "Code",
        "not-a-position",
        "warning",
        'Row 5 reads "Total" in B5, a section heading or total rather than a position, so it is not imported.',
        "Nothing needs doing if row 5 is not a position; if it is one, enter its code in the Code column.",
        { text: "Total" },
        "section",
      ),
    ]);
  });

  it("skips a row with no code whose name is a section heading, pointing at the name", () => {
    const result = read([{ Name: " Раздел 2 " }]);
    expect(result).toMatchObject({ contentRows: 1, skippedRows: 1, positions: [] });
    expect(result.problems.map(worded)).toEqual([
      problem(
        "C5",
        "Name",
        "not-a-position",
        "warning",
        'Row 5 reads "Раздел 2" in C5, a section heading or total rather than a position, so it is not imported.',
        "Nothing needs doing if row 5 is not a position; if it is one, enter its code in the Code column.",
        { text: "Раздел 2" },
        "section",
      ),
    ]);
  });

  it("reports no missing code when the block has no Code column", () => {
    const { Code: _omitted, ...withoutCode } = COLUMNS;
    const result = read([{ Name: "Root" }], {}, {}, withoutCode);
    expect(result).toMatchObject({ contentRows: 1, positions: [], problems: [] });
  });
});

describe("codes typed as text", () => {
  it.each([
    [true, "TRUE"],
    [false, "FALSE"],
  ])("refuses the boolean %p as a code", (value, shown) => {
    const result = read([{ Code: value, Name: "Root" }]);
    expect(result.positions).toEqual([]);
    expect(result.problems.map(worded)).toEqual([
      problem(
        "B5",
        "Code",
        "invalid-code",
        "error",
        `The Code in B5 ("${shown}") is a TRUE/FALSE value, not a code.`,
        "Enter the position's code in B5 as text.",
        { text: shown },
        "boolean",
      ),
    ]);
  });

  it("refuses a code with a line break, showing the break", () => {
    const result = read([{ Code: "1.1\n2", Name: "Root" }]);
    expect(result.positions).toEqual([]);
    expect(result.problems.map(worded)).toEqual([
      problem(
        "B5",
        "Code",
        "invalid-code",
        "error",
        'The Code in B5 ("1.1↵2") contains a line break or tab, which would make a different code from the one shown.',
        "Remove the line break or tab from the code in B5.",
        { text: "1.1↵2" },
        "line-break",
      ),
    ]);
  });

  it("reads a code without its invisible characters and names them", () => {
    const result = read([{ Code: " 1.1\u00ad ", Name: "Root" }]);
    expect(result.positions).toEqual([{ row: 5, Code: "1.1", Name: "Root" }]);
    expect(result.problems.map(worded)).toEqual([
      problem(
        "B5",
        "Code",
        "code-cleaned",
        "warning",
        'The Code in B5 held invisible or decomposed characters ("1.1<U+00AD>"); it is read as "1.1".',
        'Retype the code in B5 so the sheet holds exactly "1.1".',
        { text: "1.1<U+00AD>", code: "1.1" },
      ),
    ]);
  });

  it.each([
    ["1\u00ad2", "1<U+00AD>2"],
    ["1\u061c2", "1<U+061C>2"],
    ["1\u180e2", "1<U+180E>2"],
    ["1\u200b2\u200f3", "1<U+200B>2<U+200F>3"],
    ["1\u202a2\u202e3", "1<U+202A>2<U+202E>3"],
    ["1\u20602\u20643", "1<U+2060>2<U+2064>3"],
    ["1\u20662\u20693", "1<U+2066>2<U+2069>3"],
    ["1\ufeff2", "1<U+FEFF>2"],
    ["1\u00a02", "1<U+00A0>2"],
    ["1\u20002\u200a3", "1<U+2000>2<U+200A>3"],
    ["1\u202f2\u30003", "1<U+202F>2<U+3000>3"],
    ["e\u0300", "e<U+0300>"],
    ["A\u00ad\u036f", "A<U+00AD><U+036F>"],
    ["€1\u200b№", "€1<U+200B>№"],
  ])("names the hidden characters of the code %j as %s", (typed, described) => {
    const result = read([{ Code: typed, Name: "Root" }]);
    const cleaned = result.problems.filter((p) => p.kind === "code-cleaned");
    expect(cleaned.map((p) => p.values.text)).toEqual([described]);
  });

  it("warns that a code mixing Latin and Cyrillic letters may not match", () => {
    // "С" is Cyrillic, "A" is Latin.
    const result = read([{ Code: "\u0421A-1", Name: "Root" }]);
    expect(result.positions).toEqual([{ row: 5, Code: "\u0421A-1", Name: "Root" }]);
    expect(result.problems.map(worded)).toEqual([
      problem(
        "B5",
        "Code",
        "code-mixed-script",
        "warning",
        'The Code "\u0421A-1" in B5 mixes Latin and Cyrillic letters, which look alike (A and А, C and С); it may not match the code the catalog has.',
        "Retype the letters of the code in B5 on one keyboard layout.",
        { text: "\u0421A-1" },
      ),
    ]);
  });

  it("warns that a position's code is a formula result", () => {
    const result = read([{ Code: "1.1", Name: "Root" }], { formulas: codeCell("=A1") });
    expect(result.positions).toEqual([{ row: 5, Code: "1.1", Name: "Root" }]);
    expect(result.problems.map(worded)).toEqual([
      problem(
        "B5",
        "Code",
        "formula-code",
        "warning",
        'The Code in B5 ("1.1") is the result of a formula; it changes when the cells it depends on change, which moves the position in the tree or makes it a new one.',
        "Copy the Code column and paste it as values (Paste Special > Values) before importing.",
        { text: "1.1" },
      ),
    ]);
  });

  it("does not take a constant for a formula when its formula text only restates the value", () => {
    const result = read([{ Code: "1.1", Name: "Root" }], { formulas: codeCell("1.10") });
    expect(result.problems).toEqual([]);
  });
});

describe("codes stored as numbers", () => {
  const numberProblem = (
    message: string,
    values: ProblemValues,
    reason: ProblemReasonOf<"numeric-code">,
    severity: Problem["severity"] = "warning",
  ) =>
    problem(
      "B5",
      "Code",
      "numeric-code",
      severity,
      message,
      "Format the Code column as Text and retype the codes as they should read (with their zeros).",
      values,
      reason,
    );

  it("reads a zero-padded number as shown, even with a colour in its format", () => {
    const result = read([{ Code: 33000, Name: "Root" }], {
      text: codeCell("033000"),
      numberFormats: codeCell("[Red]000000"),
    });
    expect(result.positions).toEqual([{ row: 5, Code: "033000", Name: "Root" }]);
    expect(result.problems.map(worded)).toEqual([
      numberProblem(
        'The Code in B5 is stored as the number 33000 and shown as "033000"; it is read as "033000", as shown.',
        { text: "033000", value: "33000" },
        "shown",
      ),
    ]);
  });

  it.each([
    [33000, "033000", "033000"],
    [1.1, "1.10", "1.10"],
    [0.12, "12%", "0.12"],
    [12.5, "$12.50", "12.5"],
    [12345, "###", "12345"],
    [0.00033, "3.3E-04", "0.00033"],
    [33000, "", "33000"],
  ])("reads the number %p shown as %p as the code %p", (value, shown, code) => {
    const result = read([{ Code: value, Name: "Root" }], { text: codeCell(shown) });
    expect(result.positions).toEqual([{ row: 5, Code: code, Name: "Root" }]);
  });

  it("reads the stored number when no shown text was read for the row", () => {
    const result = read([{ Code: 7, Name: "Root" }], { text: [], numberFormats: [] });
    expect(result.positions).toEqual([{ row: 5, Code: "7", Name: "Root" }]);
  });

  it("reads zero as the code 0 and warns about lost leading zeros", () => {
    const result = read([{ Code: 0, Name: "Root" }]);
    expect(result.positions).toEqual([{ row: 5, Code: "0", Name: "Root" }]);
    expect(result.problems.map(worded)).toEqual([
      numberProblem(
        "The Code in B5 is stored as the number 0; Excel drops leading zeros of numbers, so a code typed as 00 arrives as 0.",
        { text: "0", value: "0" },
        "leading-zeros",
      ),
    ]);
  });

  it("warns that a fractional code loses trailing zeros", () => {
    const result = read([{ Code: 1.1, Name: "Root" }]);
    expect(result.positions).toEqual([{ row: 5, Code: "1.1", Name: "Root" }]);
    expect(result.problems.map(worded)).toEqual([
      numberProblem(
        "The Code in B5 is stored as the number 1.1; Excel drops trailing zeros of numbers, so a code typed as 1.10 arrives as 1.1.",
        { text: "1.1", value: "1.1" },
        "trailing-zeros",
      ),
    ]);
  });

  it("makes a fractional code of a deletion an error: it may delete another branch", () => {
    const result = read([{ Code: 1.1, Delete: "x" }]);
    expect(result.deletions).toStrictEqual([{ row: 5, Code: "1.1" }]);
    expect(result.problems.map(worded)).toEqual([
      numberProblem(
        "The Code in B5 is stored as the number 1.1; Excel drops trailing zeros of numbers, so a code typed as 1.10 arrives as 1.1, and the row may delete a different position and everything below it.",
        { text: "1.1", value: "1.1" },
        "trailing-zeros",
        "error",
      ),
    ]);
  });

  it("keeps a fractional deletion code shown with its zeros a warning", () => {
    const result = read([{ Code: 1.1, Delete: "x" }], { text: codeCell("1.10") });
    expect(result.deletions).toStrictEqual([{ row: 5, Code: "1.10" }]);
    expect(result.problems.map((p) => [p.kind, p.severity])).toEqual([["numeric-code", "warning"]]);
  });

  const invalid = (shown: string, reason: ProblemReasonOf<"invalid-code">, why: string, fix: string) =>
    problem(
      "B5",
      "Code",
      "invalid-code",
      "error",
      `The Code in B5 ("${shown}") ${why}.`,
      fix,
      { text: shown },
      reason,
    );
  const DATE_WHY = "is a date (Excel stores dates as numbers), not a code";
  const RETYPE = "Format the Code column as Text and retype the code in B5.";
  const NEGATIVE_WHY = "is a negative number, not a code";
  const NEGATIVE_FIX =
    'Format the Code column as Text and retype the code in B5 (a leading "-" makes Excel read a number).';
  const LONG_WHY =
    "is a number too long for Excel to keep exactly (it keeps 15 digits), so its last digits are lost";

  it.each([
    // By its ISO date, not as shown: the shown date's order and separators follow the display locale.
    [
      "a date, by its ISO date",
      45000,
      "15.03.2023",
      "dd.mm.yyyy",
      invalid("2023-03-15", "date", DATE_WHY, RETYPE),
    ],
    ["a date with no shown text", 45000, "", "dd.mm.yyyy", invalid("2023-03-15", "date", DATE_WHY, RETYPE)],
    [
      "a negative number, as shown",
      -5,
      "(5)",
      "0;(0)",
      invalid("(5)", "negative", NEGATIVE_WHY, NEGATIVE_FIX),
    ],
    [
      "a negative number with no shown text",
      -5,
      "",
      "General",
      invalid("-5", "negative", NEGATIVE_WHY, NEGATIVE_FIX),
    ],
    [
      "a 16-digit number, as shown",
      1e15,
      "1E+15",
      "General",
      invalid("1E+15", "too-many-digits", LONG_WHY, RETYPE),
    ],
    [
      "a 16-digit number with no shown text",
      1e15,
      "",
      "General",
      invalid("1000000000000000", "too-many-digits", LONG_WHY, RETYPE),
    ],
  ])("refuses %s", (_, value, shown, format, expected) => {
    const result = read([{ Code: value, Name: "Root" }], {
      text: codeCell(shown),
      numberFormats: codeCell(format),
    });
    expect(result.positions).toEqual([]);
    expect(result.problems.map(worded)).toEqual([expected]);
  });

  it("reads the largest 15-digit number as a code", () => {
    const result = read([{ Code: 999_999_999_999_999, Name: "Root" }]);
    expect(result.positions).toEqual([{ row: 5, Code: "999999999999999", Name: "Root" }]);
  });
});
