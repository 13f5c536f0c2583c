// The dry run of an import: each position of the body that will be posted sorted into what the
// add-in can know from the workbook's last import of the catalog (the baseline), and the baseline
// built from a body and the log the platform answered with.
import type { ImportLog } from "../../../src/api/schemas";
import type { ImportBody, WirePosition, WireDeletion } from "../../../src/catalog";
import {
  buildBaseline,
  emptyBaseline,
  predictImport,
  readBaseline,
  type ImportBaseline,
  type PredictedOutcome,
} from "../../../src/import";

const SETTINGS = { CatalogName: "Prices", CompanyId: "company-1" };
const G1 = "00000000-0000-4000-8000-000000000001";
const G2 = "00000000-0000-4000-8000-000000000002";
const G3 = "00000000-0000-4000-8000-000000000003";

function body(data: WirePosition[], deleted: WireDeletion[] = []): ImportBody {
  return { Settings: SETTINGS, Data: data, DeletedData: deleted };
}

function log(part: Partial<ImportLog>): ImportLog {
  return { insertedTwigs: [], updatedTwigs: [], deletedTwigs: [], ignoredTwigs: [], ...part };
}

/** A baseline of one import in which every position was inserted, as the platform logs it. */
function insertedBaseline(sent: ImportBody): ImportBaseline {
  const twigs = sent.Data.map((p, i) => ({
    code: p.Code,
    name: p.Name,
    platformId: `p-${i}`,
    externalId: p.Guid,
  }));
  return buildBaseline(sent, log({ insertedTwigs: twigs }), null);
}

function only(prediction: ReturnType<typeof predictImport>): Partial<Record<PredictedOutcome, number[]>> {
  const out: Partial<Record<PredictedOutcome, number[]>> = {};
  for (const [k, rows] of Object.entries(prediction.rows))
    if (rows.length > 0) out[k as PredictedOutcome] = rows;
  return out;
}

const FIRST = body([
  { Guid: G1, Code: "1", Name: "Walls", Price: 10, Unit: "m2", CurrencyCharCode: "EUR" },
  { Code: "1.1", Name: "Brick", Price: 5, Unit: "m2", CurrencyCharCode: "EUR" },
]);

describe("predictImport", () => {
  test("without a baseline every position is unknown: added, updating its code's position, or ignored", () => {
    const p = predictImport(FIRST, null);
    expect(p.hasBaseline).toBe(false);
    expect(only(p)).toEqual({ unknown: [0, 1] });
    expect(p.counts.unknown).toBe(2);
  });

  test("with a baseline, a code it does not hold is new here (inserted, or updating that code)", () => {
    const p = predictImport(body([{ Code: "2", Name: "Floors" }]), insertedBaseline(FIRST));
    expect(only(p)).toEqual({ insertOrUpdate: [0] });
  });

  test("a position sent again with the same values: no change since the last import", () => {
    const p = predictImport(FIRST, insertedBaseline(FIRST));
    expect(p.hasBaseline).toBe(true);
    expect(only(p)).toEqual({ unchanged: [0, 1] });
    expect(p.blankFields).toEqual([]);
  });

  test("a changed price, name or code (matched by Guid) will update; matched by code too", () => {
    const next = body([
      { Guid: G1, Code: "1", Name: "Walls", Price: 12, Unit: "m2", CurrencyCharCode: "EUR" },
      { Code: "1.1", Name: "Bricks", Price: 5, Unit: "m2", CurrencyCharCode: "EUR" },
    ]);
    expect(only(predictImport(next, insertedBaseline(FIRST)))).toEqual({ update: [0, 1] });
    const renamed = body([
      { Guid: G1, Code: "2", Name: "Walls", Price: 10, Unit: "m2", CurrencyCharCode: "EUR" },
    ]);
    expect(only(predictImport(renamed, insertedBaseline(FIRST)))).toEqual({ update: [0] });
  });

  test("a blank is never 'no change': a field left out that had a value in the last import may clear it", () => {
    const next = body([{ Guid: G1, Code: "1", Name: "Walls", Price: 10, Unit: "m2" }]);
    const p = predictImport(next, insertedBaseline(FIRST));
    expect(only(p)).toEqual({ mayClear: [0] });
    expect(p.clears).toEqual([{ index: 0, field: "CurrencyCharCode", was: "EUR" }]);
    expect(p.blankFields).toEqual([0]);
  });

  test("a blank beside a change: the row updates and may clear the value (was 8,150)", () => {
    const first = body([{ Guid: G1, Code: "1", Name: "Columns", Price: 8150, Unit: "m3" }]);
    const next = body([{ Guid: G1, Code: "1", Name: "Concrete columns" }]);
    const p = predictImport(next, insertedBaseline(first));
    expect(only(p)).toEqual({ update: [0] });
    expect(p.clears).toEqual([
      { index: 0, field: "Price", was: 8150 },
      { index: 0, field: "Unit", was: "m3" },
    ]);
  });

  test("a binding or control points sent before and left out now may be cleared too (the log does not show them)", () => {
    const point = { Binding: "cp-1", VariableName: "Volume" };
    const first = body([
      { Guid: G1, Code: "1", Name: "Walls", Binding: "B-12", ControlPoints: [point, point] },
    ]);
    const p = predictImport(body([{ Guid: G1, Code: "1", Name: "Walls" }]), insertedBaseline(first));
    expect(only(p)).toEqual({ mayClear: [0] });
    expect(p.clears).toEqual([
      { index: 0, field: "Binding", was: "B-12" },
      { index: 0, field: "ControlPoints", was: 2 },
    ]);
  });

  test("a baseline read back keeps bindings and control points only when they fit its entries", () => {
    const kept = insertedBaseline(body([{ Guid: G1, Code: "1", Name: "Walls", Binding: "B-12" }]));
    expect(readBaseline(JSON.parse(JSON.stringify(kept)))?.bindings).toEqual(["B-12"]);
    const { bindings: _b, controlPoints: _c, ...old } = kept;
    expect(readBaseline(old)).toEqual(old);
    expect(readBaseline({ ...kept, controlPoints: [1, 2] })?.controlPoints).toBeUndefined();
  });

  test("a baseline kept before bindings were recorded says nothing of them", () => {
    const first = body([{ Guid: G1, Code: "1", Name: "Walls", Binding: "B-12" }]);
    const { bindings: _b, controlPoints: _c, ...old } = insertedBaseline(first);
    const p = predictImport(body([{ Guid: G1, Code: "1", Name: "Walls" }]), old);
    expect(only(p)).toEqual({ unchanged: [0] });
  });

  test("a field left out that had no value (or 0, or empty) in the last import: no change", () => {
    const first = body([{ Guid: G1, Code: "1", Name: "Walls", Price: 0, Unit: "" }]);
    const p = predictImport(body([{ Guid: G1, Code: "1", Name: "Walls" }]), insertedBaseline(first));
    expect(only(p)).toEqual({ unchanged: [0] });
    expect(p.clears).toEqual([]);
  });

  test("a code the baseline holds under a Guid, sent without one, updates that position by code", () => {
    const next = body([
      { Code: "1", Name: "Walls and floors", Price: 10, Unit: "m2", CurrencyCharCode: "EUR" },
    ]);
    expect(only(predictImport(next, insertedBaseline(FIRST)))).toEqual({ updateByCode: [0] });
  });

  test("a new Guid on a code the baseline holds under another Guid is ignored", () => {
    const next = body([
      { Guid: G2, Code: "1", Name: "Walls", Price: 10, Unit: "m2", CurrencyCharCode: "EUR" },
    ]);
    expect(only(predictImport(next, insertedBaseline(FIRST)))).toEqual({ ignoredCodeTaken: [0] });
  });

  test("a code repeated in the request: the first one counts, the others are ignored", () => {
    const next = body([
      { Code: "1", Name: "Walls" },
      { Code: "1", Name: "Walls again" },
      { Guid: G3, Code: "2", Name: "Floors" },
      { Guid: G3, Code: "3", Name: "Roofs" },
    ]);
    const p = predictImport(next, null);
    expect(only(p)).toEqual({ unknown: [0, 2], ignoredRepeated: [1, 3] });
    expect(p.counts.ignoredRepeated).toBe(2);
  });

  test("a missing parent: the rows below it and their subtree are unknown, never 'will be ignored'", () => {
    const next = body([
      { Code: "Ss_15", Name: "Fabric" },
      { Code: "Ss_15_10", Name: "Walls" },
      { Code: "Ss_15_10_20", Name: "Brick walls" },
      { Code: "Pr", Name: "Products" },
    ]);
    const p = predictImport(next, null);
    expect(only(p)).toEqual({ unknownParent: [0, 1, 2], unknown: [3] });
    expect(p.missingParents).toEqual([{ code: "Ss", rows: [0] }]);
  });

  test("a parent the baseline knows to be in the catalog is not missing", () => {
    const first = body([{ Code: "Ss", Name: "Systems" }]);
    const next = body([
      { Code: "Ss_15", Name: "Fabric" },
      { Code: "Ss_15_10", Name: "Walls" },
    ]);
    const p = predictImport(next, insertedBaseline(first));
    expect(only(p)).toEqual({ insertOrUpdate: [0, 1] });
    expect(p.missingParents).toEqual([]);
  });

  test("a parent whose ancestor the same request deletes is missing (deletion takes descendants)", () => {
    const first = body([
      { Code: "Ss", Name: "Systems" },
      { Code: "Ss_15", Name: "Fabric" },
    ]);
    const next = body([{ Code: "Ss_15_10", Name: "Walls" }], [{ Code: "Ss" }]);
    const p = predictImport(next, insertedBaseline(first));
    expect(only(p)).toEqual({ unknownParent: [0] });
    expect(p.missingParents).toEqual([{ code: "Ss_15", rows: [0] }]);
    expect(p.deletions).toEqual([0]);
  });

  test("every deletion sent is listed", () => {
    const p = predictImport(body([], [{ Guid: G1 }, { Code: "1.1" }]), insertedBaseline(FIRST));
    expect(p.deletions).toEqual([0, 1]);
    expect(only(p)).toEqual({});
  });

  test("a baseline of another catalog is not used", () => {
    const other: ImportBaseline = { ...insertedBaseline(FIRST), catalogName: "Other" };
    const p = predictImport(FIRST, other);
    expect(p.hasBaseline).toBe(false);
    expect(only(p)).toEqual({ unknown: [0, 1] });
  });

  test("100k rows under a missing root and 100k known ones finish with the right counts", () => {
    const n = 100_000;
    const known: WirePosition[] = [{ Code: "A", Name: "Root" }];
    for (let i = 0; i < n; i++) known.push({ Code: `A.${i}`, Name: `Known ${i}`, Price: i });
    const baseline = insertedBaseline(body(known));
    const data: WirePosition[] = [];
    for (let i = 0; i < n; i++)
      data.push({ Code: `A.${i}`, Name: `Known ${i}`, Price: i % 2 === 0 ? i : i + 1 });
    for (let i = 0; i < n; i++) data.push({ Code: `Ss.${i}`, Name: `Orphan ${i}` });
    data.push({ Code: "A.0", Name: "Repeated" });
    const p = predictImport(body(data), baseline);
    expect(p.counts.unchanged).toBe(n / 2);
    expect(p.counts.update).toBe(n / 2);
    expect(p.counts.unknownParent).toBe(n);
    expect(p.counts.ignoredRepeated).toBe(1);
    expect(p.missingParents).toHaveLength(1);
    expect(p.missingParents[0]?.rows).toHaveLength(n);
  });
});

describe("buildBaseline", () => {
  test("holds what was sent for positions the log reports as held, and nothing else", () => {
    const sent = body([
      { Guid: G1, Code: "1", Name: "Walls", Price: 10 },
      { Code: "1.1", Name: "Brick" },
      { Code: "9.9", Name: "Orphan" },
    ]);
    const b = buildBaseline(
      sent,
      log({
        insertedTwigs: [
          { code: "1", name: "Walls", price: 10, platformId: "p-1", externalId: G1.toUpperCase() },
        ],
        updatedTwigs: [
          {
            sourceCode: "1.1",
            updatedCode: "1.1",
            updatedName: "Brick",
            updatedUnit: "m2",
            platformId: "p-2",
          },
        ],
        ignoredTwigs: [{ code: "9.9", name: "Orphan", reason: "The parent code is missing" }],
      }),
      null,
    );
    expect(b.codes).toEqual(["1", "1.1"]);
    expect(b.guids).toEqual([G1, null]);
    expect(b.units).toEqual([null, "m2"]);
    expect(b.platformIds).toEqual(["p-1", "p-2"]);
    expect(b.externalIds).toEqual([null, null]);
  });

  test("an unchanged position (ignored with its PlatformId) stays known; earlier entries stay unless deleted", () => {
    const previous = insertedBaseline(
      body([
        { Code: "1", Name: "Walls" },
        { Code: "2", Name: "Floors" },
        { Code: "3", Name: "Roofs" },
      ]),
    );
    const sent = body([{ Code: "1", Name: "Walls" }], [{ Code: "3" }]);
    const b = buildBaseline(
      sent,
      log({
        ignoredTwigs: [{ code: "1", name: "Walls", platformId: "p-0", reason: "unchanged" }],
        deletedTwigs: [{ code: "3", platformId: "p-2" }],
      }),
      previous,
    );
    expect(b.codes).toEqual(["1", "2"]);
    expect(predictImport(body([{ Code: "1", Name: "Walls" }]), b).counts.unchanged).toBe(1);
  });

  test("a baseline starts empty for a catalog never imported", () => {
    expect(emptyBaseline("Prices", "c").codes).toEqual([]);
  });
});
