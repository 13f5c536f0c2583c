// Insert BOQ sheet asks for the rows with their parents, the version as text, and writes the plan
// of exactly those rows under a sheet name that says what it is.
import type { BoqQuery, BoqResult } from "../../../src/api/platform";
import type { SheetPlan } from "../../../src/boq/sheetPlan";
import { makeBoqSheet } from "../../../src/taskpane/boq/boqSheetAction";
import { MemoryDocumentSettings } from "../../../src/workbook/documentSettings";
import { estimate } from "../../boq/rows";

it("pulls the BOQ with parents and writes its plan to a sheet named after model and version", async () => {
  const queries: BoqQuery[] = [];
  const api = {
    getBoq: (query: BoqQuery): Promise<BoqResult> => {
      queries.push(query);
      return Promise.resolve({ rows: estimate(), pages: 1 });
    },
  };
  const written: Array<{ plan: SheetPlan; name: string }> = [];
  const settings = new MemoryDocumentSettings();
  const result = await makeBoqSheet(
    api,
    {
      company: "O'Brien & Co",
      project: "Tower",
      model: "Frame",
      scheme: "Default",
      version: "3.10",
      analysis: "10",
    },
    (plan, name) => {
      written.push({ plan, name });
      return Promise.resolve({
        sheetName: name,
        sheetId: "{sheet-7}",
        rowCount: plan.rows.length,
        groupCount: plan.groups.length,
      });
    },
    settings,
  );
  expect(queries).toEqual([
    {
      company: "O'Brien & Co",
      project: "Tower",
      model: "Frame",
      scheme: "Default",
      version: "3.10",
      parents: true,
    },
  ]);
  expect(written[0]?.name).toBe("BOQ Frame 3.10");
  expect(written[0]?.plan.rows.map((r) => r.values[1])).toEqual(["S1", "A", "B", "S2", "C", "D"]);
  expect(written[0]?.plan.headerBlock[1]).toEqual(["Company", "O'Brien & Co"]);
  expect(result.rowCount).toBe(6);
  // What the sheet is, kept by sheet id for a later refresh: names only, saved at once.
  expect(settings.get("boqBridge.boqSheets")).toEqual({
    "{sheet-7}": {
      company: "O'Brien & Co",
      project: "Tower",
      model: "Frame",
      scheme: "Default",
      version: "3.10",
      analysis: "10",
    },
  });
  expect(settings.saves).toBe(1);
});

it("writes nothing when the platform refuses", async () => {
  const api = { getBoq: (): Promise<BoqResult> => Promise.reject(new Error("The scheme was not found.")) };
  const write = jest.fn();
  await expect(
    makeBoqSheet(
      api,
      { company: "c", project: "p", model: "m", scheme: "s", version: "1.1", analysis: "1" },
      write,
      new MemoryDocumentSettings(),
    ),
  ).rejects.toThrow("The scheme was not found.");
  expect(write).not.toHaveBeenCalled();
});
