// The words and names of the PLATFORM functions' values: an analysis's status and an import's
// status in the user's language, a scheme name matched ignoring case like the other names.
import { analysisStatusText, importStatusText, pullBoq, type BoqRequest } from "../../src/boqdata";
import { projectSchema } from "../../src/api/schemas";
import { estimate } from "../boq/rows";
import { fakeData, newPlatform, TOWER } from "./fakes";

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
});
