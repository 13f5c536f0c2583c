// The words and names of the PLATFORM functions' values: an analysis's status and an import's
// status in the user's language, a scheme name matched ignoring case like the other names (a renamed
// scheme's original name too, where the analyses list it).
import { analysisStatusText, importStatusText, pullBoq, type BoqRequest } from "../../src/boqdata";
import { projectSchema } from "../../src/api/schemas";
import { estimate } from "../boq/rows";
import { analysis, fakeData, model, newPlatform, TOWER, type FakePlatform } from "./fakes";

describe("statuses in words", () => {
  it("says an analysis's status 1 as Calculated and an unknown code as 'status 7', in both languages", () => {
    expect(analysisStatusText(1, "en")).toBe("Calculated");
    expect(analysisStatusText(7, "en")).toBe("status 7");
    expect(analysisStatusText(1, "ru")).toBe("Рассчитан");
    expect(analysisStatusText(7, "ru")).toBe("состояние 7");
    expect(analysisStatusText(undefined)).toBe("");
  });

  it("says an import's status in words whatever its casing, and one it does not know as it came", () => {
    expect(importStatusText("ReportCreated", "en")).toBe("Done");
    expect(importStatusText("inProgress", "en")).toBe("Running");
    expect(importStatusText("Queued", "ru")).toBe("В очереди");
    expect(importStatusText("Failed", "ru")).toBe("Ошибка");
    expect(importStatusText("Archived", "en")).toBe("Archived");
  });
});

describe("the scheme name", () => {
  const request = (scheme: string): BoqRequest => ({
    company: { kind: "name", name: "Northwind" },
    project: { kind: "name", name: "Tower" },
    model: { kind: "name", name: "Frame" },
    scheme,
    version: "1.1",
    parents: true,
  });

  it("is matched ignoring case against the project's schemes and sent as the platform spells it", async () => {
    const platform = newPlatform(estimate());
    platform.projects = [
      projectSchema.parse({
        ...TOWER,
        catalogPrioritiesSchemes: [
          { id: "s1", name: "Main scheme" },
          { id: "s2", name: "Supplier prices 2025" },
        ],
      }),
    ];
    const { data } = fakeData(platform);
    await pullBoq(data, request("  main SCHEME"));
    await pullBoq(data, request("Main scheme"));
    // One request: both spellings name the same kept BOQ.
    expect(platform.queries.map((q) => q.scheme)).toEqual(["Main scheme"]);
    // A name the project does not list (a renamed scheme's original name) is sent as typed.
    await pullBoq(data, request("Supplier prices"));
    expect(platform.queries.map((q) => q.scheme)).toEqual(["Main scheme", "Supplier prices"]);
  });

  /** Tower's schemes now ("Supplier prices" renamed), Frame's version 1 with analysis 1 listing `listed`. */
  function renamed(listed: string[]): FakePlatform {
    const platform = newPlatform(estimate());
    platform.projects = [
      projectSchema.parse({
        ...TOWER,
        catalogPrioritiesSchemes: [
          { id: "s0", name: "Main scheme" },
          { id: "s1", name: "Supplier prices 2025" },
        ],
      }),
    ];
    const frame = TOWER.models[0];
    if (!frame) throw new Error("Tower has a model");
    platform.models = [model(frame.id, frame.name, [{ id: "v1", versionIndex: 1 }])];
    platform.analyses = { v1: [analysis(2, ["Main scheme"]), analysis(1, listed)] };
    return platform;
  }

  it("finds a renamed scheme's original name in any case where the analysis lists it, asking its lists once", async () => {
    const platform = renamed(["Main scheme", "Supplier prices"]);
    const { data } = fakeData(platform);
    await pullBoq(data, request("supplier PRICES "));
    expect(platform.queries.map((q) => q.scheme)).toEqual(["Supplier prices"]);
    // The same BOQ however it is spelt, and the lists kept: a recalculation asks nothing more.
    const before = platform.calls.length;
    await pullBoq(data, request("SUPPLIER prices"));
    await pullBoq(data, request("Supplier prices"));
    expect(platform.calls.slice(before)).toEqual([]);
    expect(platform.calls.filter((c) => c.startsWith("model") || c.startsWith("analyses"))).toEqual([
      `model ${TOWER.models[0]?.id ?? ""}`,
      "analyses v1",
    ]);
  });

  it("sends a name as typed where the analyses list schemes by their current names", async () => {
    const platform = renamed(["Main scheme", "Supplier prices 2025"]);
    const { data } = fakeData(platform);
    await pullBoq(data, request("supplier prices"));
    expect(platform.queries.map((q) => q.scheme)).toEqual(["supplier prices"]);
  });
});
