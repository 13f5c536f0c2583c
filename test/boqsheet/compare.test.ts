// Insert comparison sheet through the data path and the injected Excel runner (the Office
// emulation): both sides asked with their parents, the sheet named after model and both versions,
// and nothing written when the platform refuses.
import { insertComparisonSheet, type BoqSheetChoice, type ComparisonSheetChoice } from "../../src/boqsheet";
import { estimate } from "../boq/rows";
import { fakeData, journey, newPlatform } from "./fakes";

const side = (version: string): BoqSheetChoice => ({
  company: "Northwind",
  project: "Tower",
  model: "Frame",
  scheme: "Default",
  version,
  analysis: `Analysis ${version}`,
});
const CHOICE: ComparisonSheetChoice = { a: side("1.1"), b: side("3.10") };

it("asks for both versions with their parents and names the sheet after model and versions", async () => {
  const platform = newPlatform(estimate());
  const { excel, deps } = journey(fakeData(platform).data);
  const written = await insertComparisonSheet(deps, CHOICE);
  expect(platform.queries.map((q) => [q.version, q.parents])).toEqual([
    ["1.1", true],
    ["3.10", true],
  ]);
  expect(written).toMatchObject({ sheetName: "Compare Frame 1.1-3.10", rowCount: 0 });
  expect(excel.sheetNames()).toEqual(["Sheet1", "Notes", "Compare Frame 1.1-3.10"]);
  // The same rows on both sides: nothing changed, and the sheet says so in its counts and totals.
  expect(excel.values(written.sheetName, "A9")).toEqual([
    ["Added: 0, removed: 0, changed: 0, moved: 0, unchanged: 6"],
  ]);
  expect(excel.values(written.sheetName, "H13:J13")).toEqual([[57, 57, 0]]);
  expect(excel.autoFilter(written.sheetName)).toBeNull();
  // Kept rows are compared again without asking: a second sheet of the same two versions.
  const again = await insertComparisonSheet(deps, { ...CHOICE, showUnchanged: true });
  expect(platform.queries).toHaveLength(2);
  expect(again.sheetName).toBe("Compare Frame 1.1-3.10 (2)");
  expect(again.rowCount).toBe(6);
  expect(excel.hiddenRows(again.sheetName)).toHaveLength(9);
});

it("writes nothing when the platform refuses either side", async () => {
  const platform = newPlatform(estimate());
  platform.refuse = new Error("refused");
  const { excel, deps } = journey(fakeData(platform).data);
  await expect(insertComparisonSheet(deps, CHOICE)).rejects.toThrow("refused");
  expect(excel.sheetNames()).toEqual(["Sheet1", "Notes"]);
});
