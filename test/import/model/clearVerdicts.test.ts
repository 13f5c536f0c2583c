// Issue 43, item 4: after the job, each value the preview said a blank may clear gets the
// platform's verdict from the log: kept (the row ignored as it stood, or updated with the value
// unchanged), cleared (0 or empty after), or changed; a field the log does not carry (Binding,
// control points) and a row the log does not name get none.
import type { ImportLog } from "../../../src/api/schemas";
import type { CatalogPosition } from "../../../src/catalog";
import { clearOutcomes } from "../../../src/import/model/clearVerdicts";
import type { MayClear } from "../../../src/import";

const G1 = "00000000-0000-4000-8000-000000000001";
const PID = "5f0c3b55-9c1e-4c55-9a4d-3e0b7a1d2c11";
const log = (part: Partial<ImportLog>): ImportLog => ({
  insertedTwigs: [],
  updatedTwigs: [],
  deletedTwigs: [],
  ignoredTwigs: [],
  ...part,
});
const positions: CatalogPosition[] = [
  { row: 2, Code: "1.1", Guid: G1, Name: "Columns" },
  { row: 3, Code: "1.2", Name: "Slabs" },
  { row: 4, Code: "1.3", Name: "Walls" },
];
const clears: MayClear[] = [
  { index: 0, field: "Price", was: 8150 },
  { index: 0, field: "Binding", was: "B-12" },
  { index: 1, field: "Unit", was: "m3" },
  { index: 2, field: "CurrencyCharCode", was: "EUR" },
];

describe("what the platform did with a value a blank may clear", () => {
  it("cleared and changed from the updated positions (found by Guid, else by code); not named: nothing", () => {
    const outcomes = clearOutcomes(
      positions,
      clears,
      log({
        updatedTwigs: [
          { externalId: G1, sourceCode: "1.1", updatedCode: "1.1", sourcePrice: 8150, updatedPrice: 0 },
          { sourceCode: "1.2", updatedCode: "1.2", sourceUnit: "m3", updatedUnit: "m2" },
        ],
      }),
    );
    expect(outcomes).toEqual([
      { index: 0, code: "1.1", field: "Price", was: 8150, verdict: "cleared", now: 0 },
      { index: 1, code: "1.2", field: "Unit", was: "m3", verdict: "changed", now: "m2" },
    ]);
  });

  it("kept: the row ignored as it stood (with its position), or updated with the value as it was", () => {
    const outcomes = clearOutcomes(
      positions,
      clears,
      log({
        updatedTwigs: [{ externalId: G1, updatedCode: "1.1", updatedPrice: 8150 }],
        ignoredTwigs: [{ code: "1.3", platformId: PID, currencyCharCode: "EUR" }],
      }),
    );
    expect(outcomes.map((o) => [o.code, o.field, o.verdict])).toEqual([
      ["1.1", "Price", "kept"],
      ["1.3", "CurrencyCharCode", "kept"],
    ]);
  });

  it("a row ignored without its position (not applied for some other reason) gives no verdict", () => {
    expect(clearOutcomes(positions, clears, log({ ignoredTwigs: [{ code: "1.3" }] }))).toEqual([]);
  });
});
