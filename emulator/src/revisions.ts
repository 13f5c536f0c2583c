import type { BoqRow, DemoAnalysis, DemoScheme } from "./demo";
import { Prng, round2, ZERO_UUID } from "./util";

/**
 * The "Pavilion" model's BOQ, written out by hand for the comparison of two versions (issue 28):
 * model version 1 is version A, model version 2 is version B, and the rows differ in every way the
 * comparison distinguishes (the table in README.md, "Comparison demo"). Each line's quantity and
 * unit price are round numbers, so the expected comparison (test/fixtures/boqdiff-demo.json) can
 * be worked out by hand from this file alone. Not drawn from a generator: a change to another
 * model's data never moves these numbers.
 */
export interface RevisionLine {
  code: string;
  name: string;
  /** Empty for a section or a work type. */
  unit: string;
  /** The line's PlatformId; null: the all-zero id (a position typed in, not from a catalog). */
  platformId: string | null;
  /** Code of the parent line in the same version; null at the top level. */
  parent: string | null;
  /** Leaves only. */
  quantity?: number;
  price?: number;
}

/** A fixed id per position, the same in both versions (so the comparison matches them by id). */
const pid = (n: number): string => `7a1e0000-0000-4000-8000-${n.toString().padStart(12, "0")}`;

const section = (code: string, name: string, id: number | null): RevisionLine => ({
  code,
  name,
  unit: "",
  platformId: id === null ? null : pid(id),
  parent: null,
});
const work = (code: string, name: string, parent: string, id: number | null): RevisionLine => ({
  code,
  name,
  unit: "",
  platformId: id === null ? null : pid(id),
  parent,
});
const line = (
  code: string,
  name: string,
  unit: string,
  parent: string,
  id: number | null,
  quantity: number,
  price: number,
): RevisionLine => ({ code, name, unit, platformId: id === null ? null : pid(id), parent, quantity, price });

/** Version A: model version 1 (both its analyses). */
export const PAVILION_A: readonly RevisionLine[] = [
  section("1", "Substructure", 1),
  work("1.1", "Excavation", "1", 11),
  line("1.1.1", "Pit excavation by excavator", "m³", "1.1", 111, 100, 400),
  line("1.1.2", "Manual trimming of pit bottom", "m³", "1.1", 112, 50, 1000),
  work("1.2", "Concrete works", "1", 12),
  line("1.2.1", "Concrete B25 foundation slab", "m³", "1.2", 121, 20, 7000),
  line("1.2.2", "Concrete B7.5 blinding layer", "m³", "1.2", 122, 10, 5000),
  line("1.2.3", "Thermal insulation of slab", "m²", "1.2", 123, 200, 900),
  line("1.2.4", "Waterproofing membrane", "m²", "1.2", 124, 100, 600),
  section("2", "Superstructure", 2),
  work("2.1", "Columns", "2", 21),
  line("2.1.1", "Concrete B30 columns", "m³", "2.1", 211, 30, 8000),
  line("2.1.2", "Column formwork", "m²", "2.1", 212, 150, 800),
  work("2.2", "Slabs", "2", 22),
  line("2.2.1", "Concrete B25 floor slabs", "m³", "2.2", 221, 40, 7500),
  section("3", "Finishes", null),
  work("3.1", "Wall finishes", "3", null),
  line("3.1.1", "Gypsum plaster 15 mm", "m²", "3.1", null, 300, 700),
  line("3.1.2", "Water-based paint 2 coats", "m²", "3.1", null, 300, 400),
  section("4", "Roofing", 4),
  work("4.1", "Roof layers", "4", 41),
  line("4.1.1", "PVC roofing membrane", "m²", "4.1", 411, 500, 1100),
];

/** Version B: model version 2 (both its analyses). */
export const PAVILION_B: readonly RevisionLine[] = [
  section("1", "Substructure", 1),
  work("1.1", "Excavation", "1", 11),
  // Quantity changed.
  line("1.1.1", "Pit excavation by excavator", "m³", "1.1", 111, 120, 400),
  line("1.1.2", "Manual trimming of pit bottom", "m³", "1.1", 112, 50, 1000),
  work("1.2", "Concrete works", "1", 12),
  // Price changed.
  line("1.2.1", "Concrete B25 foundation slab", "m³", "1.2", 121, 20, 7500),
  // 1.2.2 removed. Unit changed (m² → m³), and with it quantity and price.
  line("1.2.3", "Thermal insulation of slab", "m³", "1.2", 123, 25, 8000),
  // 1.2.4 moved to Roofing (below, as 4.1.2).
  section("2", "Superstructure", 2),
  work("2.1", "Columns", "2", 21),
  line("2.1.1", "Concrete B30 columns", "m³", "2.1", 211, 30, 8000),
  // Code changed (2.1.2 → 2.1.3), same PlatformId, nothing else.
  line("2.1.3", "Column formwork", "m²", "2.1", 212, 150, 800),
  work("2.2", "Slabs", "2", 22),
  line("2.2.1", "Concrete B25 floor slabs", "m³", "2.2", 221, 40, 7500),
  // All-zero PlatformIds: matched by code.
  section("3", "Finishes", null),
  work("3.1", "Wall finishes", "3", null),
  line("3.1.1", "Gypsum plaster 15 mm", "m²", "3.1", null, 320, 700),
  line("3.1.2", "Water-based paint 2 coats", "m²", "3.1", null, 300, 400),
  line("3.1.3", "Ceramic wall tiles", "m²", "3.1", null, 50, 2400),
  section("4", "Roofing", 4),
  work("4.1", "Roof layers", "4", 41),
  line("4.1.1", "PVC roofing membrane", "m²", "4.1", 411, 500, 1100),
  line("4.1.2", "Waterproofing membrane", "m²", "4.1", 124, 100, 600),
  // A section added with its work type and item.
  section("5", "External works", 5),
  work("5.1", "Paving", "5", 51),
  line("5.1.1", "Asphalt paving", "m²", "5.1", 511, 400, 1500),
];

export interface RevisionContext {
  company: string;
  project: string;
  model: string;
}

/**
 * The export's rows of one analysis of the model: tree Ids drawn per analysis and scheme (as for
 * the generated BOQs), costs quantity × price × the scheme's price factor, parents carrying the
 * sum of their leaves in FullTotalCost and 0 elsewhere (as the generated BOQs do).
 */
export function revisionBoq(analysis: DemoAnalysis, sch: DemoScheme, ctx: RevisionContext): BoqRow[] {
  const lines = analysis.modelVersionIndex === 1 ? PAVILION_A : PAVILION_B;
  const prng = new Prng(`${analysis.id}/${sch.id}`);
  const byCode = new Map<string, BoqRow>();
  const rows: BoqRow[] = [];
  for (const l of lines) {
    const parent = l.parent === null ? undefined : byCode.get(l.parent);
    const leaf = l.quantity !== undefined;
    const price = leaf ? round2((l.price ?? 0) * sch.priceFactor) : 0;
    const total = leaf ? round2((l.quantity ?? 0) * price) : 0;
    const row: BoqRow = {
      CatalogName: sch.catalogNames[0] ?? "",
      Code: l.code,
      Name: l.name,
      Unit: l.unit,
      Value: l.quantity ?? 0,
      Id: prng.uuid(),
      ExternalId: l.platformId === null ? ZERO_UUID : prng.uuid(),
      PlatformId: l.platformId ?? ZERO_UUID,
      Company: ctx.company,
      Project: ctx.project,
      Model: ctx.model,
      Tree: sch.originalName,
      ValueCost: price,
      TotalCost: total,
      FullTotalCost: total,
      Version: analysis.version,
      ParentId: parent?.Id ?? ZERO_UUID,
      ParentExternalId: parent?.ExternalId ?? ZERO_UUID,
      ParentPlatformId: parent?.PlatformId ?? ZERO_UUID,
      LocalVars: leaf ? [{ Name: "Zone", Value: "A" }] : [],
    };
    byCode.set(l.code, row);
    rows.push(row);
  }
  // Parents carry the sum of their subtree in FullTotalCost: leaves up, in reverse tree order.
  for (let i = rows.length - 1; i >= 0; i--) {
    const l = lines[i] as RevisionLine;
    const parent = l.parent === null ? undefined : byCode.get(l.parent);
    const row = rows[i] as BoqRow;
    if (parent) parent.FullTotalCost = round2(parent.FullTotalCost + row.FullTotalCost);
  }
  return rows;
}
