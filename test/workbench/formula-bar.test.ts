// What the workbench's formula bar shows for a cell: entering that text again (Enter in the
// formula box) must give back the same cell, as in Excel, where text that would read as a
// number, a boolean, an error or a formula is shown with its leading apostrophe.
import { cellEditText, parseCellInput, type Cell } from "../../dev/office-emulation";

function cell(fields: Partial<Cell>): Cell {
  return { value: null, ...fields };
}

function reentered(shown: string, numberFormat?: string): Partial<Cell> {
  const parsed = parseCellInput(shown === "" ? null : shown, numberFormat);
  return { value: parsed.value, ...(parsed.formula !== undefined ? { formula: parsed.formula } : {}) };
}

describe("formula bar text", () => {
  it.each([
    ["a code kept as text", "1.10", "'1.10"],
    ["text that reads as a boolean", "TRUE", "'TRUE"],
    ["text that reads as an error", "#N/A", "'#N/A"],
    ["text that starts like a formula", "=1+2", "'=1+2"],
    ["text that starts with an apostrophe", "'quoted", "''quoted"],
  ])("shows %s with an apostrophe, so entering it again keeps it text", (_label, text, shown) => {
    expect(cellEditText(cell({ value: text }))).toBe(shown);
    expect(reentered(shown).value).toBe(text);
  });

  it("shows text in a cell formatted as text (@) as it is: the format keeps it text", () => {
    expect(cellEditText(cell({ value: "1.10", numberFormat: "@" }))).toBe("1.10");
    expect(cellEditText(cell({ value: "1.10" }), "@")).toBe("1.10");
    expect(reentered("1.10", "@").value).toBe("1.10");
  });

  it("shows plain text, numbers, booleans, errors and formulas as they are entered", () => {
    expect(cellEditText(cell({ value: "Concrete works" }))).toBe("Concrete works");
    expect(cellEditText(cell({ value: 1.1 }))).toBe("1.1");
    expect(cellEditText(cell({ value: false }))).toBe("FALSE");
    expect(cellEditText(cell({ value: "#N/A", isError: true }))).toBe("#N/A");
    expect(cellEditText(cell({ value: "3.2", formula: "=PLATFORM.VERSIONTAG(3, 2)" }))).toBe(
      "=PLATFORM.VERSIONTAG(3, 2)",
    );
    expect(cellEditText(undefined)).toBe("");
    expect(cellEditText(cell({ value: null }))).toBe("");
  });
});
