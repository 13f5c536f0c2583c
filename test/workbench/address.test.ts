// The emulation writes its own column letters (dev/office-emulation/address.ts) so that it can be
// an independent check of the add-in's: here the two are compared over every column of a sheet,
// against the letters Excel shows at the edges of each band.
import { columnIndex, columnLetter, WORKSHEET_COLUMNS, WORKSHEET_ROWS } from "../../src/catalog";
import {
  columnToLetters,
  formatArea,
  MAX_COLUMNS,
  MAX_ROWS,
  parseAddress,
} from "../../dev/office-emulation/address";

describe("the emulation's column letters", () => {
  it.each([
    [0, "A"],
    [25, "Z"],
    [26, "AA"],
    [51, "AZ"],
    [52, "BA"],
    [701, "ZZ"],
    [702, "AAA"],
    [16_383, "XFD"],
  ])("column %i is %s, as Excel shows it", (column, letters) => {
    expect(columnToLetters(column)).toBe(letters);
    expect(parseAddress(`${letters}1`)?.area).toEqual({ r0: 0, r1: 0, c0: column, c1: column });
  });

  it("agree with the add-in's for every column of a sheet, both ways", () => {
    const disagreements: string[] = [];
    for (let column = 0; column < MAX_COLUMNS; column++) {
      const letters = columnToLetters(column);
      if (letters !== columnLetter(column) || columnIndex(letters) !== column) {
        disagreements.push(`${column}: ${letters} / ${columnLetter(column)}`);
      }
      if (parseAddress(`${letters}7`)?.area.c0 !== column) disagreements.push(`${letters}7 parsed`);
    }
    expect(disagreements).toEqual([]);
  });

  it("have the size of Excel's sheet, the add-in's too", () => {
    expect([MAX_ROWS, MAX_COLUMNS]).toEqual([WORKSHEET_ROWS, WORKSHEET_COLUMNS]);
    expect(() => columnToLetters(MAX_COLUMNS)).toThrow(RangeError);
    expect(() => columnToLetters(-1)).toThrow(RangeError);
    expect(parseAddress("XFE1")).toBeUndefined();
    expect(parseAddress("A1048577")).toBeUndefined();
    expect(formatArea({ r0: 0, r1: MAX_ROWS - 1, c0: 0, c1: 2 })).toBe("A:C");
  });
});
