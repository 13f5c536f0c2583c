// The target catalog's list: the catalogs the company's projects' priority schemes name, those
// imported from this workbook and those typed before, merged into one list; what the pane says of
// a name before any check.
import type { Project } from "../../../src/api/schemas";
import { projectSchema } from "../../../src/api/schemas";
import {
  MAX_TYPED,
  catalogStatus,
  mergeCatalogNames,
  platformCatalogNames,
  withTyped,
} from "../../../src/import/model/catalogList";

function project(schemes: unknown[]): Project {
  return projectSchema.parse({ id: "p1", name: "Project", catalogPrioritiesSchemes: schemes });
}

describe("the catalogs of the priority schemes", () => {
  it("are read once each, in the order met, across projects and schemes", () => {
    const a = project([
      { id: "s1", name: "Main", catalogPriorities: [{ name: "Demo catalog" }, { name: "Materials" }] },
      { id: "s2", name: "Suppliers", catalogPriorities: [{ name: "Materials" }, { name: " Prices 2025 " }] },
    ]);
    const b = project([{ id: "s3", name: "Main", catalogPriorities: [{ name: "Demo catalog" }] }]);
    expect(platformCatalogNames([a, b])).toEqual(["Demo catalog", "Materials", "Prices 2025"]);
  });

  it("accept either casing and skip what is not a named priority", () => {
    const p = project([
      { Id: "s1", Name: "Main", CatalogPriorities: [{ Name: "Pascal" }, { name: null }, { priority: 1 }] },
      "not a scheme",
      { id: "s2", catalogPriorities: "nope" },
      { id: "s3", catalogPriorities: [{ name: 42 }, { name: "" }, { name: "camel" }] },
    ]);
    expect(platformCatalogNames([p])).toEqual(["Pascal", "camel"]);
  });
});

describe("the merged list", () => {
  it("holds each name once with where it was seen, sorted by name", () => {
    const list = mergeCatalogNames({
      platform: ["Materials", "Demo catalog"],
      workbook: ["materials 2", "Materials", ""],
      typed: ["Zeta", "Demo catalog", "  "],
    });
    expect(list).toEqual([
      { name: "Demo catalog", sources: ["platform", "typed"] },
      { name: "Materials", sources: ["platform", "workbook"] },
      { name: "materials 2", sources: ["workbook"] },
      { name: "Zeta", sources: ["typed"] },
    ]);
  });

  it("without the platform's list (it failed to load) still offers this workbook's and the typed names", () => {
    expect(mergeCatalogNames({ platform: [], workbook: ["B"], typed: ["A"] }).map((c) => c.name)).toEqual([
      "A",
      "B",
    ]);
  });
});

describe("what the pane knows of a name", () => {
  const list = mergeCatalogNames({ platform: ["Materials"], workbook: ["Old prices"], typed: ["Guess"] });

  it("is the platform's first, then this workbook's, then typed, else unseen", () => {
    expect(catalogStatus("Materials", list)).toBe("platform");
    expect(catalogStatus(" Old prices ", list)).toBe("workbook");
    expect(catalogStatus("Guess", list)).toBe("typed");
    expect(catalogStatus("materials", list)).toBe("unseen");
    expect(catalogStatus("Nowhere", list)).toBe("unseen");
    expect(catalogStatus("  ", list)).toBe("empty");
  });
});

describe("the names typed", () => {
  it("keep the newest first, each once, at most MAX_TYPED", () => {
    expect(withTyped(["A", "B"], " B ")).toEqual(["B", "A"]);
    expect(withTyped(["A"], "")).toEqual(["A"]);
    let typed: string[] = [];
    for (let i = 0; i < MAX_TYPED + 5; i += 1) typed = withTyped(typed, `n${i}`);
    expect(typed).toHaveLength(MAX_TYPED);
    expect(typed[0]).toBe(`n${MAX_TYPED + 4}`);
  });
});
