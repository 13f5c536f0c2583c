// Insert BOQ sheet through the BOQ data path and the injected Excel runner (the Office emulation):
// it asks for the rows with their parents and the version as text, writes the plan of exactly
// those rows under a sheet name that says what it is, keeps what the sheet is in the document,
// and asks nothing more of the platform when the same BOQ is already kept.
import { boqSpill, pullBoq } from "../../src/boqdata";
import { insertBoqSheet, type BoqSheetChoice } from "../../src/boqsheet";
import { estimate } from "../boq/rows";
import { COMPANY, fakeData, journey, newPlatform, project, TOWER } from "./fakes";

const CHOICE: BoqSheetChoice = {
  company: "Northwind",
  project: "Tower",
  model: "Frame",
  scheme: "Default",
  version: "3.10",
  analysis: "10",
};

it("pulls the BOQ with parents and writes its plan to a sheet named after model and version", async () => {
  const platform = newPlatform(estimate());
  const { excel, settings, deps } = journey(fakeData(platform).data);
  const written = await insertBoqSheet(deps, CHOICE);
  expect(platform.queries).toEqual([
    {
      company: "Northwind",
      project: "Tower",
      model: "Frame",
      scheme: "Default",
      version: "3.10",
      parents: true,
    },
  ]);
  expect(written).toMatchObject({ sheetName: "BOQ Frame 3.10", rowCount: 6 });
  expect(excel.sheetNames()).toEqual(["Sheet1", "Notes", "BOQ Frame 3.10"]);
  expect(excel.values("BOQ Frame 3.10", "A1:A2")).toEqual([["Bill of quantities"], ["Company: Northwind"]]);
  // Each section's total on the row after its children; the grand total last.
  expect(excel.values("BOQ Frame 3.10", "B13:C22")).toEqual([
    ["S1", "Item s1"],
    ["A", "Item a"],
    ["B", "Item b"],
    ["S1", "Total Item s1"],
    ["S2", "Item s2"],
    ["C", "Item c"],
    ["D", "Item d"],
    ["C", "Total Item c"],
    ["S2", "Total Item s2"],
    ["", "Total"],
  ]);
  // The totals, live: A 2×10, B 3×10, D 1×7; sections 50 and 7; 57 in all.
  expect(excel.values("BOQ Frame 3.10", "I13:I22").map((r) => r[0])).toEqual([
    "",
    20,
    30,
    50,
    "",
    "",
    7,
    7,
    7,
    57,
  ]);
  // The outline: each section from its heading to its last child; its +/- falls on its total.
  const outline = excel.model.getSheetByName("BOQ Frame 3.10")?.rowOutline;
  expect([12, 13, 14, 15, 16, 17, 18, 19, 20, 21].map((r) => outline?.get(r) ?? 0)).toEqual([
    1, 1, 1, 0, 1, 2, 2, 1, 0, 0,
  ]);
  // The estimator's columns are empty and theirs; the row id and record columns are hidden.
  expect(excel.values("BOQ Frame 3.10", "F12:H12")).toEqual([
    ["Adjusted quantity", "Unit cost", "Adjusted unit cost"],
  ]);
  expect(excel.values("BOQ Frame 3.10", "A8")).toEqual([["Currency: not stated by the platform"]]);
  // What the sheet is, kept by sheet id for a later refresh: names only, saved at once.
  expect(settings.get("boqBridge.boqSheets")).toEqual({
    [written.sheetId]: {
      company: "Northwind",
      project: "Tower",
      model: "Frame",
      scheme: "Default",
      version: "3.10",
      analysis: "10",
      layout: 2,
    },
  });
  expect(settings.saves).toBe(1);
});

it("writes nothing when the platform refuses", async () => {
  const platform = newPlatform(estimate());
  platform.refuse = new Error("The scheme was not found.");
  const { excel, settings, deps } = journey(fakeData(platform).data);
  await expect(insertBoqSheet(deps, CHOICE)).rejects.toThrow("The scheme was not found.");
  expect(excel.sheetNames()).toEqual(["Sheet1", "Notes"]);
  expect(settings.get("boqBridge.boqSheets")).toBeNull();
  expect(settings.saves).toBe(0);
});

it("writes nothing, and says what was not found, when a name matches nothing on the platform", async () => {
  const platform = newPlatform(estimate());
  const { excel, deps } = journey(fakeData(platform).data);
  await expect(insertBoqSheet(deps, { ...CHOICE, project: "Towers" })).rejects.toMatchObject({
    code: "notAvailable",
    key: "boq.notFoundAmong",
  });
  expect(platform.queries).toEqual([]);
  expect(excel.sheetNames()).toEqual(["Sheet1", "Notes"]);
});

it("asks the platform nothing when a formula with the same arguments already pulled the BOQ", async () => {
  const platform = newPlatform(estimate());
  const { data } = fakeData(platform);
  const request = {
    company: { kind: "name", name: "northwind" },
    project: { kind: "name", name: "Tower" },
    model: { kind: "name", name: "Frame" },
    scheme: "Default",
    version: "3.10",
    parents: true,
  } as const;
  await boqSpill(data, request, ["Code", "Value"]);
  const asked = platform.calls.length;
  const { excel, deps } = journey(data);
  const written = await insertBoqSheet(deps, CHOICE);
  expect(platform.calls.length).toBe(asked);
  expect(excel.values(written.sheetName, "B13:B19").map((r) => r[0])).toEqual([
    "S1",
    "A",
    "B",
    "S1",
    "S2",
    "C",
    "D",
  ]);
  // Another version of the same model is another BOQ: asked once.
  await insertBoqSheet(deps, { ...CHOICE, version: "3.11" });
  expect(platform.calls.slice(asked)).toEqual(['boq Frame "3.11"']);
});

it("finds what the navigator chose by id, where two projects share a name", async () => {
  const platform = newPlatform(estimate());
  const twin = project("p0000000-0000-4000-8000-000000000002", "Tower", [
    { id: "m0000000-0000-4000-8000-000000000002", name: "Frame 2" },
  ]);
  platform.projects = [TOWER, twin];
  const { deps } = journey(fakeData(platform).data);
  await expect(insertBoqSheet(deps, CHOICE)).rejects.toMatchObject({ key: "boq.ambiguous" });
  const ids = { company: COMPANY.id, project: twin.id, model: "M0000000-0000-4000-8000-000000000002" };
  const written = await insertBoqSheet(deps, { ...CHOICE, model: "Frame 2", ids });
  expect(platform.queries.at(-1)).toMatchObject({ project: "Tower", model: "Frame 2" });
  expect(written.sheetName).toBe("BOQ Frame 2 3.10");
});

it("says in the sheet when the platform sent the rows, not when the sheet was made", async () => {
  const platform = newPlatform(estimate());
  let now = Date.UTC(2026, 10, 22, 9, 0);
  const { data } = fakeData(platform, { now: () => now });
  await pullBoq(data, {
    company: { kind: "name", name: "Northwind" },
    project: { kind: "name", name: "Tower" },
    model: { kind: "name", name: "Frame" },
    scheme: "Default",
    version: "3.10",
    parents: true,
  });
  now += 4 * 60_000;
  const { excel, deps } = journey(data, () => now);
  const written = await insertBoqSheet(deps, CHOICE);
  const pulled = String(excel.values(written.sheetName, "A9")[0]?.[0]);
  const sent = new Date(Date.UTC(2026, 10, 22, 9, 0)).toLocaleString("en-US");
  expect(pulled).toBe(`Pulled: ${sent}`);
});
