// One rule for a section's total (docs/interface.md 2.9, src/boq/totals.ts): the sum of its
// children's totals, with the platform's FullTotalCost beside it only where it is not 0 and
// differs. PLATFORM.BOQ's spill, the navigator's preview, the BOQ sheet (written into the Office
// emulation and calculated), the comparison and a position's card (PLATFORM.BOQ's cards) must say
// the same of the same rows.
import { createEmulatedExcel } from "../../dev/office-emulation";
import type { BoqRow } from "../../src/api/schemas";
import type { EntityValue, ValueSupport } from "../../src/boq/cellValues";
import { compareBoqs } from "../../src/boq/compare";
import { boqMatrix } from "../../src/boq/matrix";
import { buildSheetPlan } from "../../src/boq/sheetPlan";
import { summarizeBoq } from "../../src/boq/summary";
import { platformFullTotal, positionTotal, rowTotals } from "../../src/boq/totals";
import { treeOrder } from "../../src/boq/tree";
import { sheetLabels } from "../../src/boqsheet/labels";
import { writeBoqSheet } from "../../src/workbook/boqSheet";
import { row } from "./rows";

/** "1 Earthworks" > (1.1: 20, 1.2 > 1.2.1: 30), "2 Concrete" > 2.1: 7; the sections' figures given. */
function boq(section: Partial<BoqRow>, subSection: Partial<BoqRow> = {}): BoqRow[] {
  return [
    row("s1", null, { Code: "1", Name: "Earthworks", ...section }),
    row("a", "s1", { Code: "1.1", Value: 2, ValueCost: 10, TotalCost: 20, FullTotalCost: 20 }),
    row("c", "s1", { Code: "1.2", ...subSection }),
    row("d", "c", { Code: "1.2.1", Value: 3, ValueCost: 10, TotalCost: 30, FullTotalCost: 30 }),
    row("s2", null, { Code: "2", Name: "Concrete", FullTotalCost: 7 }),
    row("e", "s2", { Code: "2.1", Value: 1, ValueCost: 7, TotalCost: 7, FullTotalCost: 7 }),
  ];
}

/** Every surface's figures for the section coded "1": [its total, the platform's figure beside it]. */
async function surfaces(rows: BoqRow[]) {
  // PLATFORM.BOQ: the Total column, and FullTotalCost where the formula asks for it.
  const spill = boqMatrix(rows, ["Code", "TotalCost", "FullTotalCost"]);
  const spillRow = spill.find((r) => r[0] === "1");
  // The preview: the section among the first rows.
  const preview = summarizeBoq(rows, 10);
  const previewRow = preview.firstRows.find((r) => r.code === "1");
  // The BOQ sheet, written and calculated: Total (I) and Platform total (J) on the section's total row.
  const excel = createEmulatedExcel({ sheets: { Sheet1: [] } });
  const plan = buildSheetPlan(rows, { ...INFO }, sheetLabels("en"));
  const written = await excel.run((context) => writeBoqSheet(context, plan, "BOQ"));
  const planned = plan.rows.findIndex((r) => r.kind === "sectionTotal" && r.values.code === "1");
  const at = (plan.rows[planned]?.sheetRow ?? 0) + 1;
  const [sheetTotal, sheetPlatform] = excel.values(written.sheetName, `I${at}:J${at}`)[0] ?? [];
  // The comparison of the BOQ with itself: the section's total on both sides.
  const comparison = compareBoqs(rows, rows, { showUnchanged: true });
  const compared = comparison.rows.find((r) => r.code === "1");
  // The section's card (a host that takes entities): Total and Full total.
  const cards = boqMatrix(rows, ["Code", "Name"], undefined, undefined, ENTITIES, true);
  const card = cards.find((r) => r[0] === "1")?.[1] as EntityValue;
  return {
    card: [card.properties["TotalCost"]?.basicValue, card.properties["FullTotalCost"]?.basicValue],
    spill: [spillRow?.[1], spillRow?.[2]],
    preview: [previewRow?.total, previewRow?.platformTotal],
    sheet: [sheetTotal, sheetPlatform],
    comparison: [compared?.totalA, compared?.totalB, comparison.sections[0]?.totalB],
  };
}

const ENTITIES: ValueSupport = { numbers: "double", entities: true };

const INFO = {
  company: "Demo company",
  project: "Tower",
  model: "Frame",
  version: "1.1",
  analysis: "1",
  scheme: "Main scheme",
  pulledAt: "",
  currency: "EUR",
};

describe("a section's total", () => {
  it("is its rows' sum everywhere when the platform sends TotalCost 0 and FullTotalCost 0 on it", async () => {
    const rows = boq({ TotalCost: 0, FullTotalCost: 0 }, { TotalCost: 0, FullTotalCost: 0 });
    expect(await surfaces(rows)).toEqual({
      // Nothing beside it: a FullTotalCost of 0 says nothing.
      card: [50, undefined],
      spill: [50, ""],
      preview: [50, undefined],
      // The sheet's Platform total is the same sum, so Differs stays quiet.
      sheet: [50, 50],
      comparison: [50, 50, 50],
    });
  });

  it("is its rows' sum everywhere, with the platform's differing FullTotalCost beside it", async () => {
    const rows = boq({ TotalCost: 0, FullTotalCost: 60 }, { FullTotalCost: 30 });
    expect(await surfaces(rows)).toEqual({
      card: [50, 60],
      spill: [50, 60],
      preview: [50, 60],
      // Beside the sheet's Total, under Platform total, where Differs marks the row.
      sheet: [50, 60],
      comparison: [50, 50, 50],
    });
    const preview = summarizeBoq(rows);
    expect(preview).toMatchObject({ totalCost: 57, platformTotalCost: 67 });
  });

  it("shows a FullTotalCost that agrees with the sum (to the cent) nowhere beside it", async () => {
    const rows = boq({ FullTotalCost: 50.004 }, { FullTotalCost: 30 });
    const found = await surfaces(rows);
    expect(found.spill).toEqual([50, ""]);
    expect(found.preview).toEqual([50, undefined]);
    expect(summarizeBoq(rows).platformTotalCost).toBeUndefined();
  });
});

describe("the rule's parts", () => {
  it("totals a position by its TotalCost, else its FullTotalCost, else 0", () => {
    expect(positionTotal(row("x", null, { TotalCost: 5, FullTotalCost: 9 }))).toBe(5);
    expect(positionTotal(row("x", null, { TotalCost: null, FullTotalCost: 9 }))).toBe(9);
    expect(positionTotal(row("x", null, { TotalCost: undefined, FullTotalCost: undefined }))).toBe(0);
  });

  it("never puts a platform figure beside a position's total", () => {
    expect(platformFullTotal(row("x", null, { FullTotalCost: 9 }), false, 5)).toBeUndefined();
    expect(platformFullTotal(row("x", null, { FullTotalCost: 9 }), true, 5)).toBe(9);
  });

  it("sums a deep tree in tree order, each section from its own rows", () => {
    const rows = boq({}, {});
    expect(rowTotals(treeOrder(rows)).map((t) => t.total)).toEqual([50, 20, 30, 30, 7, 7]);
  });
});
