// The navigator's lists through the data path: asked fresh each time the user opens one, kept for
// the formulas that follow, in the order the navigator shows them.
import { analysisChoices, projectChoices, resolvePath } from "../../src/boqdata";
import { projectSchema } from "../../src/api/schemas";
import { analysis, COMPANY, fakeData, model, newPlatform, TOWER } from "./fakes";

const FRAME = model("m0000000-0000-4000-8000-000000000001", "Frame", [
  { id: "v1", versionIndex: 1 },
  { id: "v2", versionIndex: 2 },
]);

it("lists a company's projects fresh each time, and keeps them for a formula that names one", async () => {
  const platform = newPlatform([]);
  const { data } = fakeData(platform);
  expect((await projectChoices(data, COMPANY.id)).map((p) => p.name)).toEqual(["Tower"]);
  await projectChoices(data, COMPANY.id);
  expect(platform.calls).toEqual([`projects ${COMPANY.id}`, `projects ${COMPANY.id}`]);
  await resolvePath(data, {
    company: { kind: "id", id: COMPANY.id },
    project: { kind: "name", name: "Tower" },
    model: { kind: "name", name: "Frame" },
  });
  expect(platform.calls).toEqual([`projects ${COMPANY.id}`, `projects ${COMPANY.id}`, "companies"]);
});

it("lists a model's analyses newest version first, each with its version tag and schemes", async () => {
  const platform = newPlatform([]);
  platform.models = [FRAME];
  platform.analyses = {
    v1: [analysis(1, ["Main"]), analysis(2, ["Main", "Supplier"])],
    v2: [analysis(1, ["Main"]), analysis(10, ["Main"])],
  };
  const { data } = fakeData(platform);
  const frame = { id: FRAME.id, name: "Frame", kind: "model" as const, folder: "" };
  const choices = await analysisChoices(data, TOWER, frame);
  expect(choices.map((c) => c.version)).toEqual(["2.10", "2.1", "1.2", "1.1"]);
  expect(choices[2]).toEqual({
    version: "1.2",
    date: "2026-03-01T10:00:00Z",
    status: undefined,
    totalCost: undefined,
    description: "",
    schemes: [{ name: "Main" }, { name: "Supplier" }],
  });
  // The kept lists keep the platform's order: the ANALYSES function orders them its own way.
  expect(platform.analyses["v2"]?.map((a) => a.version)).toEqual([1, 10]);
  await analysisChoices(data, TOWER, frame);
  expect(platform.calls.filter((c) => c.startsWith("model"))).toHaveLength(2);
});

it("lists a union model's analyses from the union endpoint", async () => {
  const platform = newPlatform([]);
  platform.analyses = { union: [analysis(3, ["Main"], { metaModelVersionIndex: 2 })] };
  const { data } = fakeData(platform);
  const union = { id: "u1", name: "Union", kind: "union" as const, folder: "" };
  expect(await analysisChoices(data, TOWER, union)).toEqual([
    {
      version: "2.3",
      date: "2026-03-01T10:00:00Z",
      status: undefined,
      totalCost: undefined,
      description: "",
      schemes: [{ name: "Main" }],
    },
  ]);
  expect(platform.calls).toEqual(["union analyses u1"]);
});

it("gives each analysis its status, total and description, and a renamed scheme's current name beside the listed one", async () => {
  const platform = newPlatform([]);
  platform.analyses = {
    union: [
      analysis(1, ["Main", "Supplier prices"], {
        metaModelVersionIndex: 1,
        status: 1,
        totalCost: 1234.5,
        desc: "Tender",
      }),
    ],
  };
  const { data } = fakeData(platform);
  // The project knows scheme s1 by its new name; the analysis lists the name it had when it ran.
  const tower = projectSchema.parse({
    ...TOWER,
    catalogPrioritiesSchemes: [
      { id: "s0", name: "Main" },
      { id: "S1", name: "Supplier prices 2025" },
    ],
  });
  const union = { id: "u1", name: "Union", kind: "union" as const, folder: "" };
  const [choice] = await analysisChoices(data, tower, union);
  expect(choice).toMatchObject({ status: 1, totalCost: 1234.5, description: "Tender" });
  expect(choice?.schemes).toEqual([
    { name: "Main" },
    { name: "Supplier prices", currentName: "Supplier prices 2025" },
  ]);
});
