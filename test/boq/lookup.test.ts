import { projectSchema } from "../../src/api/schemas";
import { BoqError, words } from "../../src/boq/errors";
import { findOne, projectModels } from "../../src/boq/lookup";
import { boqFailure, said } from "./said";

const where = { kind: "boq.kindProject", where: words("boq.whereCompany", { name: "Northwind" }) } as const;
const items = [
  { id: "11111111-1111-4111-8111-111111111111", name: "O'Brien Tower" },
  { id: "22222222-2222-4222-8222-222222222222", name: "Склад «Север»" },
  { id: "33333333-3333-4333-8333-333333333333", name: "Twin" },
  { id: "44444444-4444-4444-8444-444444444444", name: "twin" },
];

describe("finding by name or id", () => {
  it("finds by name ignoring case and by id", () => {
    expect(findOne(items, { kind: "name", name: "o'brien TOWER" }, where).id).toBe(items[0]?.id);
    expect(findOne(items, { kind: "name", name: "СКЛАД «СЕВЕР»" }, where).id).toBe(items[1]?.id);
    expect(findOne(items, { kind: "id", id: items[1]?.id ?? "" }, where).name).toBe("Склад «Север»");
  });

  it("prefers the exact spelling when two names differ only in case", () => {
    expect(findOne(items, { kind: "name", name: "twin" }, where).id).toBe(items[3]?.id);
  });

  it("reports an ambiguity, asking for the id", () => {
    const error = boqFailure(() => findOne(items, { kind: "name", name: "TWIN" }, where));
    expect(said(error)).toBe("2 projects are named TWIN in company Northwind: use the id.");
  });

  it("reports a name not found, where it looked and what is there", () => {
    let error: unknown;
    try {
      findOne(items, { kind: "name", name: "Tower" }, where);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BoqError);
    expect((error as BoqError).code).toBe("notAvailable");
    expect(said(error as BoqError)).toBe(
      "No project named Tower was found in company Northwind. Available: O'Brien Tower, Склад «Север», Twin, twin.",
    );
  });
});

describe("the models of a project", () => {
  it("lists models from nested folders with their path, and union models", () => {
    const project = projectSchema.parse({
      id: "p",
      name: "P",
      unionModels: [{ id: "u", name: "Union" }],
      folders: [
        {
          name: "Architecture",
          models: [{ id: "m1", name: "Tower AR" }],
          folders: [{ name: "Structure", models: [{ id: "m2", name: "Корпус 1" }], folders: [] }],
        },
      ],
    });
    expect(projectModels(project)).toEqual([
      { id: "u", name: "Union", kind: "union", folder: "" },
      { id: "m1", name: "Tower AR", kind: "model", folder: "Architecture" },
      { id: "m2", name: "Корпус 1", kind: "model", folder: "Architecture / Structure" },
    ]);
  });
});
