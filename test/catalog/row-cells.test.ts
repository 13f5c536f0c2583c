// One unusual cell in a row, as estimators paste them: what the check makes of it (the position,
// the deletion or nothing), how it counts the row, and the exact problem the pane shows (kind,
// cell, field, wording, fix and the values the Russian wording is built from). Boundaries are
// taken on both sides: 15 and 16 digits, 1,000 and 1,001 characters, prices just under 10^15.
import { analyseCatalog } from "../../src/catalog";
import type { CatalogAnalysis, CellValue, CellValueType } from "../../src/catalog";
import { worded } from "./helpers";

// Guid in B, Code in C, Name in D, Price in E, Unit in F, Delete in G; the header is row 1.
const HEADER = ["Guid", "Code", "Name", "Price", "Unit", "Delete"];

interface Extra {
  type?: CellValueType[];
  text?: string[];
  fmt?: string[];
  formula?: CellValue[];
}

function analyseRow(row: CellValue[], extra: Extra): CatalogAnalysis {
  return analyseCatalog({
    sheet: "S",
    startRow: 1,
    startColumn: 1,
    values: [HEADER, row],
    ...(extra.type ? { valueTypes: [HEADER.map((): CellValueType => "String"), extra.type] } : {}),
    ...(extra.text ? { text: [HEADER, extra.text] } : {}),
    ...(extra.fmt ? { numberFormats: [HEADER.map(() => "General"), extra.fmt] } : {}),
    ...(extra.formula ? { formulas: [HEADER, extra.formula] } : {}),
  });
}

/** What the user sees of one row; a missing parent of a lone code is not this test's concern. */
function outcome(a: CatalogAnalysis) {
  const { positions, deletions, emptyRows, skippedRows, errors, warnings } = a.counts;
  return {
    positions: a.positions.map((p) => [p.Code, p.Price ?? null]),
    deletions: a.deletions,
    counts: { positions, deletions, emptyRows, skippedRows, errors, warnings },
    problems: a.problems
      .filter((p) => p.kind !== "orphan-code")
      .map(worded)
      .map((p) => ({
        kind: p.kind,
        cell: p.cell,
        severity: p.severity,
        field: p.field,
        ...(p.reason === undefined ? {} : { reason: p.reason }),
        message: p.message,
        fix: p.fix,
        values: p.values,
      })),
  };
}

/** The fix of every code stored as a number. */
const NUMERIC_CODE_FIX =
  "Format the Code column as Text and retype the codes as they should read (with their zeros).";

type Case = [string, CellValue[], Extra, ReturnType<typeof outcome>];

describe("a row with one unusual cell", () => {
  it.each<Case>([
    [
      "a TRUE in the Code column is not a code",
      ["", true, "N", 1, "m", ""],
      {},
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 1, warnings: 0 },
        problems: [
          {
            kind: "invalid-code",
            cell: "C2",
            severity: "error",
            field: "Code",
            message: 'The Code in C2 ("TRUE") is a TRUE/FALSE value, not a code.',
            fix: "Enter the position's code in C2 as text.",
            reason: "boolean",
            values: { text: "TRUE" },
          },
        ],
      },
    ],
    [
      "a negative number in the Code column is not a code, in the words Excel shows it",
      ["", -5, "N", 1, "m", ""],
      { text: ["", "-5", "", "", "", ""] },
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 1, warnings: 0 },
        problems: [
          {
            kind: "invalid-code",
            cell: "C2",
            severity: "error",
            field: "Code",
            message: 'The Code in C2 ("-5") is a negative number, not a code.',
            fix: 'Format the Code column as Text and retype the code in C2 (a leading "-" makes Excel read a number).',
            reason: "negative",
            values: { text: "-5" },
          },
        ],
      },
    ],
    [
      "a negative number in the Code column without its shown text is worded from its value",
      ["", -5, "N", 1, "m", ""],
      {},
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 1, warnings: 0 },
        problems: [
          {
            kind: "invalid-code",
            cell: "C2",
            severity: "error",
            field: "Code",
            message: 'The Code in C2 ("-5") is a negative number, not a code.',
            fix: 'Format the Code column as Text and retype the code in C2 (a leading "-" makes Excel read a number).',
            reason: "negative",
            values: { text: "-5" },
          },
        ],
      },
    ],
    [
      "a date in the Code column is not a code, whatever locale tag its format carries",
      ["", 45000, "N", 1, "m", ""],
      { text: ["", "15.03.2023", "", "", "", ""], fmt: ["", "[$-409]dd.mm.yyyy", "", "", "", ""] },
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 1, warnings: 0 },
        problems: [
          {
            kind: "invalid-code",
            cell: "C2",
            severity: "error",
            field: "Code",
            message: 'The Code in C2 ("2023-03-15") is a date (Excel stores dates as numbers), not a code.',
            fix: "Format the Code column as Text and retype the code in C2.",
            reason: "date",
            values: { text: "2023-03-15" },
          },
        ],
      },
    ],
    [
      "a date in the Code column without its shown text is worded by its ISO date, as with one",
      ["", 45000, "N", 1, "m", ""],
      { fmt: ["", "[Red]yyyy-mm-dd", "", "", "", ""] },
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 1, warnings: 0 },
        problems: [
          {
            kind: "invalid-code",
            cell: "C2",
            severity: "error",
            field: "Code",
            message: 'The Code in C2 ("2023-03-15") is a date (Excel stores dates as numbers), not a code.',
            fix: "Format the Code column as Text and retype the code in C2.",
            reason: "date",
            values: { text: "2023-03-15" },
          },
        ],
      },
    ],
    [
      "a number of 16 digits in the Code column has lost its last digits",
      ["", 1e15, "N", 1, "m", ""],
      { text: ["", "1E+15", "", "", "", ""] },
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 1, warnings: 0 },
        problems: [
          {
            kind: "invalid-code",
            cell: "C2",
            severity: "error",
            field: "Code",
            message:
              'The Code in C2 ("1E+15") is a number too long for Excel to keep exactly (it keeps 15 digits), so its last digits are lost.',
            fix: "Format the Code column as Text and retype the code in C2.",
            reason: "too-many-digits",
            values: { text: "1E+15" },
          },
        ],
      },
    ],
    [
      "a number of 15 digits in the Code column is read as shown",
      ["", 999999999999999, "N", 1, "m", ""],
      { text: ["", "999999999999999", "", "", "", ""] },
      {
        positions: [["999999999999999", 1]],
        deletions: [],
        counts: { positions: 1, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 0, warnings: 1 },
        problems: [
          {
            kind: "numeric-code",
            cell: "C2",
            severity: "warning",
            field: "Code",
            reason: "leading-zeros",
            message:
              "The Code in C2 is stored as the number 999999999999999; Excel drops leading zeros of numbers, so a code typed as 0999999999999999 arrives as 999999999999999.",
            fix: NUMERIC_CODE_FIX,
            values: { text: "999999999999999", value: "999999999999999" },
          },
        ],
      },
    ],
    [
      "a decimal code keeps the trailing zero Excel shows",
      ["", 1.1, "N", 1, "m", ""],
      { text: ["", "1.10", "", "", "", ""] },
      {
        positions: [["1.10", 1]],
        deletions: [],
        counts: { positions: 1, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 0, warnings: 2 },
        problems: [
          {
            kind: "numeric-code",
            cell: "C2",
            severity: "warning",
            field: "Code",
            reason: "shown",
            message:
              'The Code in C2 is stored as the number 1.1 and shown as "1.10"; it is read as "1.10", as shown.',
            fix: NUMERIC_CODE_FIX,
            values: { text: "1.10", value: "1.1" },
          },
        ],
      },
    ],
    [
      "a code shown in scientific notation is read from its value",
      ["", 33000, "N", 1, "m", ""],
      { text: ["", "3.3E+04", "", "", "", ""] },
      {
        positions: [["33000", 1]],
        deletions: [],
        counts: { positions: 1, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 0, warnings: 1 },
        problems: [
          {
            kind: "numeric-code",
            cell: "C2",
            severity: "warning",
            field: "Code",
            reason: "leading-zeros",
            message:
              "The Code in C2 is stored as the number 33000; Excel drops leading zeros of numbers, so a code typed as 033000 arrives as 33000.",
            fix: NUMERIC_CODE_FIX,
            values: { text: "33000", value: "33000" },
          },
        ],
      },
    ],
    [
      "a code shown as ### in a narrow column is read from its value",
      ["", 33000, "N", 1, "m", ""],
      { text: ["", "###", "", "", "", ""] },
      {
        positions: [["33000", 1]],
        deletions: [],
        counts: { positions: 1, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 0, warnings: 1 },
        problems: [
          {
            kind: "numeric-code",
            cell: "C2",
            severity: "warning",
            field: "Code",
            reason: "leading-zeros",
            message:
              "The Code in C2 is stored as the number 33000; Excel drops leading zeros of numbers, so a code typed as 033000 arrives as 33000.",
            fix: NUMERIC_CODE_FIX,
            values: { text: "33000", value: "33000" },
          },
        ],
      },
    ],
    [
      "a zero-padded number format gives the code with its zeros",
      ["", 33000, "N", 1, "m", ""],
      { text: ["", "033000", "", "", "", ""], fmt: ["", "000000", "", "", "", ""] },
      {
        positions: [["033000", 1]],
        deletions: [],
        counts: { positions: 1, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 0, warnings: 1 },
        problems: [
          {
            kind: "numeric-code",
            cell: "C2",
            severity: "warning",
            field: "Code",
            reason: "shown",
            message:
              'The Code in C2 is stored as the number 33000 and shown as "033000"; it is read as "033000", as shown.',
            fix: NUMERIC_CODE_FIX,
            values: { text: "033000", value: "33000" },
          },
        ],
      },
    ],
    [
      "the number 0 as a code is read as 0, with the leading-zero warning",
      ["", 0, "N", 1, "m", ""],
      {},
      {
        positions: [["0", 1]],
        deletions: [],
        counts: { positions: 1, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 0, warnings: 1 },
        problems: [
          {
            kind: "numeric-code",
            cell: "C2",
            severity: "warning",
            field: "Code",
            reason: "leading-zeros",
            message:
              "The Code in C2 is stored as the number 0; Excel drops leading zeros of numbers, so a code typed as 00 arrives as 0.",
            fix: NUMERIC_CODE_FIX,
            values: { text: "0", value: "0" },
          },
        ],
      },
    ],
    [
      "a row with dashes for a code is skipped, not imported",
      ["", "---", "N", 1, "m", ""],
      {},
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 0, skippedRows: 1, errors: 0, warnings: 1 },
        problems: [
          {
            kind: "not-a-position",
            cell: "C2",
            severity: "warning",
            field: "Code",
            message: 'Row 2 has "---" in C2 instead of a code (no letter or digit), so it is not imported.',
            fix: "Nothing needs doing if row 2 is not a position; if it is one, enter its code in the Code column.",
            reason: "placeholder",
            values: { text: "---" },
          },
        ],
      },
    ],
    [
      "a Total row is skipped as a section heading",
      ["", "Total", "N", 1, "m", ""],
      {},
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 0, skippedRows: 1, errors: 0, warnings: 1 },
        problems: [
          {
            kind: "not-a-position",
            cell: "C2",
            severity: "warning",
            field: "Code",
            message:
              'Row 2 reads "Total" in C2, a section heading or total rather than a position, so it is not imported.',
            fix: "Nothing needs doing if row 2 is not a position; if it is one, enter its code in the Code column.",
            reason: "section",
            values: { text: "Total" },
          },
        ],
      },
    ],
    [
      "a deletion by a dash code is refused, since it names no position",
      ["", "---", "N", "", "", "x"],
      {},
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 1, warnings: 0 },
        problems: [
          {
            kind: "invalid-code",
            cell: "C2",
            severity: "error",
            field: "Code",
            message: 'The Code in C2 ("---") has no letter or digit, so it names no position.',
            fix: "Enter the code of the position to delete in C2, or clear the deletion mark.",
            reason: "placeholder",
            values: { text: "---" },
          },
        ],
      },
    ],
    [
      "a deletion by a section heading is refused",
      ["", "Итого", "", "", "", "x"],
      {},
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 1, warnings: 0 },
        problems: [
          {
            kind: "invalid-code",
            cell: "C2",
            severity: "error",
            field: "Code",
            message: 'The Code in C2 ("Итого") is a section heading or total, not a position.',
            fix: "Enter the code of the position to delete in C2, or clear the deletion mark.",
            reason: "section",
            values: { text: "Итого" },
          },
        ],
      },
    ],
    [
      "a deletion by a FALSE code is refused",
      ["", false, "", "", "", "x"],
      {},
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 1, warnings: 0 },
        problems: [
          {
            kind: "invalid-code",
            cell: "C2",
            severity: "error",
            field: "Code",
            message: 'The Code in C2 ("FALSE") is a TRUE/FALSE value, not a code.',
            fix: "Enter the position's code in C2 as text.",
            reason: "boolean",
            values: { text: "FALSE" },
          },
        ],
      },
    ],
    [
      "a deletion by a code computed by a formula is refused",
      ["", "1", "", "", "", "x"],
      { formula: ["", "=A1", "", "", "", ""] },
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 1, warnings: 0 },
        problems: [
          {
            kind: "formula-code",
            cell: "C2",
            severity: "error",
            field: "Code",
            message:
              'The Code in C2 ("1") that this row deletes is the result of a formula; if it changes, a different position and everything below it is deleted.',
            fix: "Copy the Code column and paste it as values (Paste Special > Values) before importing.",
            values: { text: "1" },
          },
        ],
      },
    ],
    [
      "a code computed by a formula is imported with a warning",
      ["", "1", "N", 1, "m", ""],
      { formula: ["", "=A1", "", "", "", ""] },
      {
        positions: [["1", 1]],
        deletions: [],
        counts: { positions: 1, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 0, warnings: 1 },
        problems: [
          {
            kind: "formula-code",
            cell: "C2",
            severity: "warning",
            field: "Code",
            message:
              'The Code in C2 ("1") is the result of a formula; it changes when the cells it depends on change, which moves the position in the tree or makes it a new one.',
            fix: "Copy the Code column and paste it as values (Paste Special > Values) before importing.",
            values: { text: "1" },
          },
        ],
      },
    ],
    [
      "a nil GUID is left out and the position matched by its code",
      ["00000000-0000-0000-0000-000000000000", "1", "N", 1, "m", ""],
      {},
      {
        positions: [["1", 1]],
        deletions: [],
        counts: { positions: 1, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 0, warnings: 1 },
        problems: [
          {
            kind: "nil-guid",
            cell: "B2",
            severity: "warning",
            field: "Guid",
            message:
              'The Guid in B2 is the nil GUID (all zeros), which the platform reads as "no Guid"; it is left out, and the row is matched by its Code.',
            fix: "Clear B2, or enter the position's real Guid.",
            values: { text: "00000000-0000-0000-0000-000000000000" },
          },
        ],
      },
    ],
    [
      "a deletion with a nil GUID deletes by its code",
      ["00000000-0000-0000-0000-000000000000", "1", "", "", "", "x"],
      {},
      {
        positions: [],
        deletions: [{ row: 2, Code: "1" }],
        counts: { positions: 0, deletions: 1, emptyRows: 0, skippedRows: 0, errors: 0, warnings: 1 },
        problems: [
          {
            kind: "nil-guid",
            cell: "B2",
            severity: "warning",
            field: "Guid",
            message:
              'The Guid in B2 is the nil GUID (all zeros), which the platform reads as "no Guid"; it is left out, and the row is matched by its Code.',
            fix: "Clear B2, or enter the position's real Guid.",
            values: { text: "00000000-0000-0000-0000-000000000000" },
          },
        ],
      },
    ],
    [
      "a GUID that is not one is refused",
      ["1234", "1", "N", 1, "m", ""],
      {},
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 1, warnings: 0 },
        problems: [
          {
            kind: "malformed-guid",
            cell: "B2",
            severity: "error",
            field: "Guid",
            message: 'The Guid in B2 ("1234") is not a GUID.',
            fix: "Enter a GUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301 in B2, or clear the cell (a new position then gets one from the add-in, a deletion goes by its Code).",
            values: { text: "1234" },
          },
        ],
      },
    ],
    [
      "a name of exactly 1,000 characters is accepted",
      ["", "1", "a".repeat(1000), 1, "m", ""],
      {},
      {
        positions: [["1", 1]],
        deletions: [],
        counts: { positions: 1, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 0, warnings: 0 },
        problems: [],
      },
    ],
    [
      "a name of 1,001 characters is sent with a warning (the platform states no limit)",
      ["", "1", "a".repeat(1001), 1, "m", ""],
      {},
      {
        positions: [["1", 1]],
        deletions: [],
        counts: { positions: 1, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 0, warnings: 1 },
        problems: [
          {
            kind: "long-text",
            cell: "D2",
            severity: "warning",
            field: "Name",
            message:
              "The Name in D2 is 1,001 characters long. The platform does not say how long a text it keeps: it may keep it whole, shorten it or leave the row out.",
            fix: "It is sent as it is. After the import, check on the platform that the position from D2 kept its text whole, or shorten the text before importing.",
            values: { length: 1001 },
          },
        ],
      },
    ],
    [
      "a TRUE price is refused",
      ["", "1", "N", true, "m", ""],
      {},
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 1, warnings: 0 },
        problems: [
          {
            kind: "price-not-number",
            cell: "E2",
            severity: "error",
            field: "Price",
            message: 'The Price in E2 ("TRUE") cannot be read as a number: it is a TRUE/FALSE value.',
            fix: 'Enter the price as a plain number in E2, without currency signs or units, using "." for decimals.',
            reason: "boolean",
            values: { text: "TRUE", separator: "." },
          },
        ],
      },
    ],
    [
      "a price typed as text is read, with a warning",
      ["", "1", "N", "12.5", "m", ""],
      {},
      {
        positions: [["1", 12.5]],
        deletions: [],
        counts: { positions: 1, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 0, warnings: 1 },
        problems: [
          {
            kind: "price-text",
            cell: "E2",
            severity: "warning",
            field: "Price",
            message: 'The Price in E2 is text ("12.5"); it is read as the number 12.5.',
            fix: "Check that 12.5 is the intended price, and convert the column to numbers to silence this warning.",
            values: { text: "12.5", value: 12.5 },
          },
        ],
      },
    ],
    [
      "a price of letters is refused",
      ["", "1", "N", "abc", "m", ""],
      {},
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 1, warnings: 0 },
        problems: [
          {
            kind: "price-not-number",
            cell: "E2",
            severity: "error",
            field: "Price",
            message:
              'The Price in E2 ("abc") cannot be read as a number: it holds characters that are not part of a number.',
            fix: 'Enter the price as a plain number in E2, without currency signs or units, using "." for decimals.',
            reason: "not-a-number",
            values: { text: "abc", separator: "." },
          },
        ],
      },
    ],
    [
      "a price with the other decimal separator is refused",
      ["", "1", "N", "12,5", "m", ""],
      {},
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 1, warnings: 0 },
        problems: [
          {
            kind: "price-not-number",
            cell: "E2",
            severity: "error",
            field: "Price",
            message:
              'The Price in E2 ("12,5") cannot be read as a number: it uses "," as a decimal point but this workbook uses ".".',
            fix: 'Enter the price as a plain number in E2, without currency signs or units, using "." for decimals.',
            reason: "wrong-separator",
            values: { text: "12,5", separator: "." },
          },
        ],
      },
    ],
    [
      "a price that could be grouped or decimal is not guessed",
      ["", "1", "N", "1,250", "m", ""],
      {},
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 1, warnings: 0 },
        problems: [
          {
            kind: "price-ambiguous",
            cell: "E2",
            severity: "error",
            field: "Price",
            message:
              'The Price in E2 is text ("1,250") that could mean 1,250 or 1.25; this workbook uses "." for decimals, so it is not guessed.',
            fix: 'Enter the price in E2 as a number (for 1.25 type it with "."), or convert the column to numbers.',
            values: { text: "1,250", grouped: 1250, decimal: 1.25, separator: "." },
          },
        ],
      },
    ],
    [
      "an infinite price is refused",
      ["", "1", "N", Infinity, "m", ""],
      {},
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 1, warnings: 0 },
        problems: [
          {
            kind: "price-not-number",
            cell: "E2",
            severity: "error",
            field: "Price",
            message: 'The Price in E2 ("Infinity") cannot be read as a number: it is not a finite number.',
            fix: 'Enter the price as a plain number in E2, without currency signs or units, using "." for decimals.',
            reason: "not-finite",
            values: { text: "Infinity", separator: "." },
          },
        ],
      },
    ],
    [
      "a negative price is refused",
      ["", "1", "N", -1, "m", ""],
      {},
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 1, warnings: 0 },
        problems: [
          {
            kind: "price-negative",
            cell: "E2",
            severity: "error",
            field: "Price",
            message: "The Price in E2 is negative (-1); a catalog price cannot be below zero.",
            fix: "Enter a price of zero or more in E2.",
            values: { value: -1 },
          },
        ],
      },
    ],
    [
      "a price of 10^15 is too large",
      ["", "1", "N", 1e15, "m", ""],
      {},
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 1, warnings: 0 },
        problems: [
          {
            kind: "price-too-large",
            cell: "E2",
            severity: "error",
            field: "Price",
            message:
              "The Price in E2 (1000000000000000) is too large to be a catalog price; it cannot be held to the cent.",
            fix: "Check the price in E2: it may be a code, a total or a value pasted into the wrong column.",
            values: { value: "1000000000000000" },
          },
        ],
      },
    ],
    [
      "a price just under 10^15 is accepted",
      ["", "1", "N", 999999999999999, "m", ""],
      {},
      {
        positions: [["1", 999999999999999]],
        deletions: [],
        counts: { positions: 1, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 0, warnings: 0 },
        problems: [],
      },
    ],
    [
      "float noise in a price is rounded to what Excel shows",
      ["", "1", "N", 0.1 + 0.2, "m", ""],
      {},
      {
        positions: [["1", 0.3]],
        deletions: [],
        counts: { positions: 1, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 0, warnings: 0 },
        problems: [],
      },
    ],
    [
      "a price with cents is sent exactly",
      ["", "1", "N", 12.34, "m", ""],
      {},
      {
        positions: [["1", 12.34]],
        deletions: [],
        counts: { positions: 1, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 0, warnings: 0 },
        problems: [],
      },
    ],
    [
      "a price beyond 15 digits is sent as Excel shows it",
      ["", "1", "N", 12345678901234.56, "m", ""],
      {},
      {
        positions: [["1", 12345678901234.6]],
        deletions: [],
        counts: { positions: 1, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 0, warnings: 0 },
        problems: [],
      },
    ],
    [
      "a price of spaces is no price",
      ["", "1", "N", "  ", "m", ""],
      {},
      {
        positions: [["1", null]],
        deletions: [],
        counts: { positions: 1, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 0, warnings: 0 },
        problems: [],
      },
    ],
    [
      "an Excel error in the Code column names the error and what causes it",
      ["", "#DIV/0!", "N", 1, "m", ""],
      { type: ["Empty", "Error", "String", "Double", "String", "Empty"] },
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 1, warnings: 0 },
        problems: [
          {
            kind: "excel-error",
            cell: "C2",
            severity: "error",
            field: "Code",
            message: "Cell C2 (Code) shows the Excel error #DIV/0!: a formula divides by zero.",
            fix: "Correct the formula or value in C2 so the cell no longer shows an error.",
            values: { text: "#DIV/0!" },
          },
        ],
      },
    ],
    [
      "an Excel error in the Price column names the error",
      ["", "1", "N", "#N/A", "m", ""],
      { type: ["Empty", "String", "String", "Error", "String", "Empty"] },
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 1, warnings: 0 },
        problems: [
          {
            kind: "excel-error",
            cell: "E2",
            severity: "error",
            field: "Price",
            message: "Cell E2 (Price) shows the Excel error #N/A: a lookup found no value.",
            fix: "Correct the formula or value in E2 so the cell no longer shows an error.",
            values: { text: "#N/A" },
          },
        ],
      },
    ],
    [
      "an Excel error the add-in does not know is still named",
      ["", "1", "N", "#WHAT", "m", ""],
      { type: ["Empty", "String", "String", "Error", "String", "Empty"] },
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 1, warnings: 0 },
        problems: [
          {
            kind: "excel-error",
            cell: "E2",
            severity: "error",
            field: "Price",
            message: "Cell E2 (Price) shows the Excel error #WHAT: Excel could not compute the value.",
            fix: "Correct the formula or value in E2 so the cell no longer shows an error.",
            values: { text: "#WHAT" },
          },
        ],
      },
    ],
    [
      "a position without a name is refused",
      ["", "1", "", 1, "m", ""],
      {},
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 1, warnings: 0 },
        problems: [
          {
            kind: "missing-name",
            cell: "D2",
            severity: "error",
            field: "Name",
            message: "Row 2 has no Name in D2; the platform ignores positions without a name.",
            fix: "Enter a name in D2, or clear the row if it is not a position.",
            values: {},
          },
        ],
      },
    ],
    [
      "a row of spaces and non-breaking spaces is an empty row",
      ["", " ", "\u00a0", "", "", ""],
      {},
      {
        positions: [],
        deletions: [],
        counts: { positions: 0, deletions: 0, emptyRows: 1, skippedRows: 0, errors: 1, warnings: 0 },
        problems: [
          {
            kind: "no-data-rows",
            cell: "B1",
            severity: "error",
            field: null,
            message:
              "The header in row 1 (B1) has no rows with data below it in the selected range, so there is nothing to import.",
            fix: "Select the header row together with the rows of positions below it.",
            values: { sheet: "S", headerRow: 1 },
          },
        ],
      },
    ],
    [
      "a code with a soft hyphen is read without it, and the warning names the hidden character",
      ["", "1\u00AD2", "N", 1, "m", ""],
      {},
      {
        positions: [["12", 1]],
        deletions: [],
        counts: { positions: 1, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 0, warnings: 1 },
        problems: [
          {
            kind: "code-cleaned",
            cell: "C2",
            severity: "warning",
            field: "Code",
            message:
              'The Code in C2 held invisible or decomposed characters ("1<U+00AD>2"); it is read as "12".',
            fix: 'Retype the code in C2 so the sheet holds exactly "12".',
            values: { text: "1<U+00AD>2", code: "12" },
          },
        ],
      },
    ],
    [
      "a code that mixes a Latin A and a Cyrillic В is imported with a warning",
      ["", "A\u04121", "N", 1, "m", ""],
      {},
      {
        positions: [["A\u04121", 1]],
        deletions: [],
        counts: { positions: 1, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 0, warnings: 1 },
        problems: [
          {
            kind: "code-mixed-script",
            cell: "C2",
            severity: "warning",
            field: "Code",
            message:
              'The Code "A\u04121" in C2 mixes Latin and Cyrillic letters, which look alike (A and \u0410, C and \u0421); it may not match the code the catalog has.',
            fix: "Retype the letters of the code in C2 on one keyboard layout.",
            values: { text: "A\u04121" },
          },
        ],
      },
    ],
    [
      "a code with spaces around it is read trimmed, with nothing to report",
      ["", " 12 ", "N", 1, "m", ""],
      {},
      {
        positions: [["12", 1]],
        deletions: [],
        counts: { positions: 1, deletions: 0, emptyRows: 0, skippedRows: 0, errors: 0, warnings: 0 },
        problems: [],
      },
    ],
  ])("%s", (_label, row, extra, expected) => {
    expect(outcome(analyseRow(row, extra))).toEqual(expected);
  });
});

describe("the hidden characters a cleaned code names", () => {
  // Each case holds the hidden characters at both ends of a range the check names, and visible
  // neighbours just outside it, which are shown as they are.
  it.each([
    ["soft hyphen", "1\u00AC\u00AD\u00AE.2", "1\u00AC<U+00AD>\u00AE.2"],
    ["Arabic letter mark", "1\u061B\u061C\u061D.2", "1\u061B<U+061C>\u061D.2"],
    ["Mongolian vowel separator", "1\u180D\u180E\u180F.2", "1\u180D<U+180E>\u180F.2"],
    ["zero-width space to right-to-left mark", "1\u200B\u200F\u2010.2", "1<U+200B><U+200F>\u2010.2"],
    ["bidirectional embeddings", "1\u202A\u202E\u4E2D.2", "1<U+202A><U+202E>\u4E2D.2"],
    ["word joiner to invisible plus", "1\u205F\u2060\u2064\u2065.2", "1\u205F<U+2060><U+2064>\u2065.2"],
    ["bidirectional isolates", "1\u2065\u2066\u2069\u206A.2", "1\u2065<U+2066><U+2069>\u206A.2"],
    ["byte order mark", "1\uFEFE\uFEFF.2", "1\uFEFE<U+FEFF>.2"],
    ["no-break space", "1\u00A0\u00A1.2", "1<U+00A0>\u00A1.2"],
    ["typographic spaces", "1\u1FFF\u2000\u200A.2", "1\u1FFF<U+2000><U+200A>.2"],
    ["narrow no-break space", "1\u202F\u2030.2", "1<U+202F>\u2030.2"],
    ["ideographic space", "1\u2FFF\u3000\u3001.2", "1\u2FFF<U+3000>\u3001.2"],
    ["combining marks", "1\u00AD\u02FF\u0300\u036F\u0370.2", "1<U+00AD>\u02FF<U+0300><U+036F>\u0370.2"],
  ])("%s", (_label, typed, named) => {
    const problems = analyseRow(["", typed, "N", 1, "m", ""], {}).problems.filter(
      (p) => p.kind === "code-cleaned",
    );
    expect(problems.map((p) => [p.cell, p.values.text])).toEqual([["C2", named]]);
  });
});
