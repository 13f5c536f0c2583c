// Excel-native values of the PLATFORM functions: a platform timestamp as an Excel date serial, a
// parent's quantity and unit cost empty (the platform sends zeros there).
import { boqMatrix } from "../../src/boq/matrix";
import { excelSerial } from "../../src/boq/values";
import { estimate } from "./rows";

describe("dates as Excel serials", () => {
  it("gives the day count since 1899-12-30 with the time as a fraction, read as UTC", () => {
    expect(excelSerial("1970-01-01T00:00:00Z")).toBe(25_569);
    // Excel's DATE(2025, 3, 26) is 45742; 09:30 is 0.395833… of a day.
    expect(excelSerial("2025-03-26T09:30:00Z")).toBeCloseTo(45_742 + 9.5 / 24, 9);
    expect(excelSerial("2025-03-26")).toBe(45_742);
  });

  it("reads .NET's seven-digit fractions without a zone as UTC, and honours a stated offset", () => {
    expect(excelSerial("2025-03-26T09:30:00.0000000")).toBeCloseTo(45_742 + 9.5 / 24, 9);
    expect(excelSerial("2025-03-26T12:30:00+03:00")).toBeCloseTo(45_742 + 9.5 / 24, 9);
    expect(excelSerial("2025-03-26T04:30:00-0500")).toBeCloseTo(45_742 + 9.5 / 24, 9);
  });

  it("leaves what is not a timestamp to its caller", () => {
    for (const text of ["", "yesterday", "2025-13-01", "26.03.2025", null, undefined])
      expect(excelSerial(text)).toBeUndefined();
  });
});

describe("a parent's quantity and unit cost", () => {
  it("are empty cells, while its total is its rows' sum and every leaf's figures stay numbers", () => {
    const m = boqMatrix(estimate(), ["Code", "Value", "ValueCost", "TotalCost", "FullTotalCost"]);
    const byCode = new Map(m.slice(1).map((r) => [r[0], r.slice(1)]));
    // S1 and S2 are sections, C a sub-section; A, B and D are end positions. A section's total is
    // the sum of its children's (the platform sends 0 there), its FullTotalCost, which agrees, empty.
    expect(byCode.get("S1")).toEqual(["", "", 50, ""]);
    expect(byCode.get("C")).toEqual(["", "", 7, ""]);
    expect(byCode.get("A")).toEqual([2, 10, 20, 0]);
    expect(byCode.get("D")).toEqual([1, 7, 7, 0]);
  });

  it("are the platform's figures when parents are left out: every row is then an end position", () => {
    const leaves = estimate().filter((r) => ["a", "b", "d"].includes(r.Id ?? ""));
    const m = boqMatrix(leaves, ["Code", "Value"]);
    expect(m.slice(1).map((r) => r[1])).toEqual([2, 3, 1]);
  });
});
