// Values the platform cleared, found after the job (a field the body left out that went to 0 or ""),
// and the follow-up imports that put values back: Restore (the cleared fields) and Undo (every
// updated position), each position addressed as the import addressed it, never guessed.
import type { ImportLog, ImportRequest, UpdatedTwig } from "../../../src/api/schemas";
import {
  buildLogTables,
  clearedPositions,
  logWords,
  restorePlan,
  undoPlan,
  type RestoreTarget,
} from "../../../src/import";
import { importRequestSchema } from "../../../src/catalog";

const NIL = "00000000-0000-0000-0000-000000000000";
const G1 = "5f0c3b55-9c1e-4c55-9a4d-3e0b7a1d2c11";
const G2 = "7a2b9c10-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const TARGET: RestoreTarget = {
  jobId: "job-1",
  catalogName: "Prices",
  companyId: "c-1",
  companyName: "Acme",
};

const logOf = (updated: UpdatedTwig[], more: Partial<ImportLog> = {}): ImportLog => ({
  insertedTwigs: [],
  updatedTwigs: updated,
  deletedTwigs: [],
  ignoredTwigs: [],
  ...more,
});

/** An updated position: before and after equal unless `after` says otherwise. */
function updated(
  code: string,
  before: { name?: string; price?: number; unit?: string; currency?: string },
  after: Partial<UpdatedTwig> = {},
): UpdatedTwig {
  const b = { name: `Name ${code}`, price: 100, unit: "m", currency: "EUR", ...before };
  return {
    platformId: `p-${code}`,
    sourceCode: code,
    updatedCode: code,
    sourceName: b.name,
    updatedName: b.name,
    sourcePrice: b.price,
    updatedPrice: b.price,
    sourceUnit: b.unit,
    updatedUnit: b.unit,
    sourceCurrencyCharCode: b.currency,
    updatedCurrencyCharCode: b.currency,
    ...after,
  };
}

const body = (data: ImportRequest["Data"]): ImportRequest => ({
  Settings: { CatalogName: "Prices", CompanyId: "c-1" },
  Data: data,
  DeletedData: [],
});

describe("values cleared by the platform", () => {
  it("lists a price gone to 0 and a unit and currency gone to empty where the body gave none", () => {
    const sent = body([
      { Code: "1.1", Name: "Renamed" }, // no price, unit or currency
      { Code: "1.2", Name: "Name 1.2", Price: 50 }, // no currency
    ]);
    const log = logOf([
      updated(
        "1.1",
        {},
        { updatedName: "Renamed", updatedPrice: 0, updatedUnit: "", updatedCurrencyCharCode: "" },
      ),
      updated("1.2", {}, { updatedPrice: 50, updatedCurrencyCharCode: "" }),
    ]);
    expect(clearedPositions(sent, log)).toEqual([
      {
        index: 0,
        code: "1.1",
        name: "Renamed",
        values: [
          { field: "price", before: 100 },
          { field: "unit", before: "m" },
          { field: "currency", before: "EUR" },
        ],
      },
      { index: 1, code: "1.2", name: "Name 1.2", values: [{ field: "currency", before: "EUR" }] },
    ]);
  });

  it("lists nothing where the platform kept the values, the sheet gave the 0 or the value was already empty", () => {
    const sent = body([
      { Code: "1", Name: "Kept" }, // left out, platform kept them
      { Code: "2", Name: "Zero on purpose", Price: 0, Unit: "", CurrencyCharCode: "" },
      { Code: "3", Name: "Was empty" },
    ]);
    const log = logOf([
      updated("1", { name: "Old" }, { updatedName: "Kept" }),
      updated(
        "2",
        {},
        { updatedName: "Zero on purpose", updatedPrice: 0, updatedUnit: "", updatedCurrencyCharCode: "" },
      ),
      updated(
        "3",
        { name: "Old", price: 0, unit: "", currency: "" },
        { updatedName: "Was empty", updatedPrice: 0, updatedUnit: "", updatedCurrencyCharCode: "" },
      ),
    ]);
    expect(clearedPositions(sent, log)).toEqual([]);
  });

  it("finds the row sent by its new code (a code changed by Guid) and by the log's Guid", () => {
    const sent = body([
      { Guid: G1, Code: "9.9", Name: "Moved" },
      { Guid: G2, Code: "5", Name: "By guid" },
    ]);
    const log = logOf([
      updated("1.1", {}, { updatedCode: "9.9", updatedName: "Moved", updatedPrice: 0 }),
      updated("5", {}, { externalId: G2.toUpperCase(), updatedName: "By guid", updatedUnit: "" }),
    ]);
    expect(clearedPositions(sent, log).map((c) => [c.code, c.values])).toEqual([
      ["9.9", [{ field: "price", before: 100 }]],
      ["5", [{ field: "unit", before: "m" }]],
    ]);
  });

  it("says nothing of a position it cannot find in the body", () => {
    const log = logOf([updated("7", {}, { updatedPrice: 0 })]);
    expect(clearedPositions(body([{ Code: "8", Name: "Other" }]), log)).toEqual([]);
  });
});

describe("the log of cleared values", () => {
  const facts = {
    jobId: "job-1",
    catalogName: "Prices",
    companyName: "Acme",
    user: "",
    startedAt: Date.UTC(2026, 0, 2, 3, 4, 5),
    finishedAt: Date.UTC(2026, 0, 2, 3, 4, 9),
    status: "ReportCreated",
    counts: { inserted: 0, updated: 1, deleted: 0, ignored: 0 },
    source: null,
  };
  const sent = body([{ Code: "1.1", Name: "Renamed" }]);
  const log = logOf([updated("1.1", {}, { updatedName: "Renamed", updatedPrice: 0, updatedUnit: "" })]);

  it("has a Cleared sheet, one row per value with the value before, and a line of the summary", () => {
    const tables = buildLogTables(log, { ...facts, cleared: clearedPositions(sent, log) }, logWords("en"));
    const part = tables.parts.find((p) => p.kind === "cleared");
    expect(part?.table.name).toMatch(/^Cleared 2026-01-0\d /);
    expect(part?.table.headers).toEqual(["Code", "Name", "Field", "Value before"]);
    expect(part?.table.rows).toEqual([
      ["1.1", "Renamed", "Price", 100],
      ["1.1", "Renamed", "Unit", "m"],
    ]);
    expect(tables.summary.rows).toContainEqual(["Values cleared by the platform", 1]);
    const ru = buildLogTables(log, { ...facts, cleared: clearedPositions(sent, log) }, logWords("ru"));
    expect(ru.summary.rows).toContainEqual(["Значения, очищенные платформой", 1]);
  });

  it("says nothing of cleared values when the body sent is not known", () => {
    const tables = buildLogTables(log, { ...facts, cleared: null }, logWords("en"));
    expect(tables.parts.map((p) => p.kind)).toEqual(["updated"]);
    expect(tables.summary.rows.map((r) => r[0])).not.toContain("Values cleared by the platform");
  });
});

describe("Restore the previous values", () => {
  it("sends the cleared fields back and every other field as it is now, addressed as the import did", () => {
    const sent = body([
      { Code: "1", Name: "By code" },
      { Guid: G1, Code: "2.1", Name: "Moved by guid", Price: 7 },
    ]);
    const log = logOf([
      updated("1", {}, { updatedName: "By code", updatedPrice: 0, updatedCurrencyCharCode: "" }),
      updated(
        "2",
        { currency: "USD" },
        { updatedCode: "2.1", updatedName: "Moved by guid", updatedPrice: 7, updatedCurrencyCharCode: "" },
      ),
    ]);
    const cleared = clearedPositions(sent, log);
    const plan = restorePlan(TARGET, log, sent, cleared);
    expect(plan.kind).toBe("restore");
    expect(plan.notRestorable).toEqual([]);
    expect(plan.body).toEqual({
      Settings: { CatalogName: "Prices", CompanyId: "c-1" },
      Data: [
        { Code: "1", Name: "By code", Price: 100, Unit: "m", CurrencyCharCode: "EUR" },
        // The code it has now: Restore puts back the cleared values, not the code.
        { Guid: G1, Code: "2.1", Name: "Moved by guid", Price: 7, Unit: "m", CurrencyCharCode: "USD" },
      ],
      DeletedData: [],
    });
    expect(importRequestSchema.safeParse(plan.body).success).toBe(true);
    expect(plan.items).toEqual([
      {
        code: "1",
        name: "By code",
        by: "code",
        changes: [
          { field: "price", now: 0, back: 100 },
          { field: "currency", now: "", back: "EUR" },
        ],
      },
      {
        code: "2.1",
        name: "Moved by guid",
        by: "guid",
        changes: [{ field: "currency", now: "", back: "USD" }],
      },
    ]);
  });

  it("leaves out an empty value that changes nothing", () => {
    const sent = body([{ Code: "1", Name: "N" }]);
    const log = logOf([updated("1", { unit: "", currency: "" }, { updatedName: "N", updatedPrice: 0 })]);
    const plan = restorePlan(TARGET, log, sent, clearedPositions(sent, log));
    expect(plan.body.Data).toEqual([{ Code: "1", Name: "N", Price: 100 }]);
  });
});

describe("Undo the updates", () => {
  it("addresses by the Guid the body sent, by the log's Guid, else by the unchanged code", () => {
    const sent = body([
      { Guid: G1, Code: "1.9", Name: "New name" },
      { Code: "2", Name: "Price changed", Price: 5 },
    ]);
    const log = logOf(
      [
        updated("1.1", { name: "Old name" }, { updatedCode: "1.9", updatedName: "New name" }),
        updated("2", { name: "Price changed" }, { updatedPrice: 5 }),
        updated("3", { name: "Third" }, { externalId: G2, updatedUnit: "kg" }),
      ],
      {
        insertedTwigs: [{ code: "4", name: "Added", externalId: NIL, platformId: "p-4" }],
        deletedTwigs: [
          { code: "5", name: "Gone", externalId: NIL, platformId: "p-5" },
          { code: "5.1", name: "Gone too", externalId: NIL, platformId: "p-51" },
        ],
      },
    );
    const plan = undoPlan(TARGET, log, sent);
    expect(plan.inserted).toBe(1);
    expect(plan.deleted).toBe(2);
    expect(plan.notRestorable).toEqual([]);
    expect(plan.body.Data).toEqual([
      { Guid: G1, Code: "1.1", Name: "Old name", Price: 100, Unit: "m", CurrencyCharCode: "EUR" },
      { Code: "2", Name: "Price changed", Price: 100, Unit: "m", CurrencyCharCode: "EUR" },
      { Guid: G2, Code: "3", Name: "Third", Price: 100, Unit: "m", CurrencyCharCode: "EUR" },
    ]);
    expect(importRequestSchema.safeParse(plan.body).success).toBe(true);
    expect(plan.items.map((i) => [i.code, i.by, i.changes])).toEqual([
      [
        "1.9",
        "guid",
        [
          { field: "code", now: "1.9", back: "1.1" },
          { field: "name", now: "New name", back: "Old name" },
        ],
      ],
      ["2", "code", [{ field: "price", now: 5, back: 100 }]],
      ["3", "guid", [{ field: "unit", now: "kg", back: "m" }]],
    ]);
  });

  it("without the body, a code the import changed cannot be addressed: listed, not guessed", () => {
    const log = logOf([
      updated("1.1", {}, { updatedCode: "1.9" }),
      updated("2", {}, { updatedPrice: 5 }),
      updated("3", {}, { sourceCode: null, updatedPrice: 5 }),
      updated("4", { name: "" }, { updatedName: "", updatedPrice: 5 }),
    ]);
    const plan = undoPlan(TARGET, log, null);
    expect(plan.body.Data).toEqual([
      { Code: "2", Name: "Name 2", Price: 100, Unit: "m", CurrencyCharCode: "EUR" },
    ]);
    expect(plan.notRestorable).toEqual([
      { code: "1.9", name: "Name 1.1", reason: "guid-unknown" },
      { code: "3", name: "Name 3", reason: "code-unknown" },
      { code: "4", name: "", reason: "no-name" },
    ]);
  });

  it("sends an empty unit back when the import gave one", () => {
    const log = logOf([updated("1", { unit: "" }, { updatedUnit: "m" })]);
    expect(undoPlan(TARGET, log, null).body.Data).toEqual([
      { Code: "1", Name: "Name 1", Price: 100, Unit: "", CurrencyCharCode: "EUR" },
    ]);
  });
});
