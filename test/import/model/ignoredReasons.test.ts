// Every ignored row with a reason: the platform's own kept, else the add-in's inference only where
// its evidence establishes it (the words name the evidence), otherwise "no reason" with the possible
// causes as possibilities (issue 43), in the Ignored sheet and the Result column; a job that
// changed nothing said as such.
import type { ImportLog, IgnoredTwig } from "../../../src/api/schemas";
import type { CatalogPosition } from "../../../src/catalog";
import {
  buildLogTables,
  ignoredReasons,
  logWords,
  nothingChanged,
  nothingText,
  reasonText,
  selectReasons,
  resultColumnValues,
  initialState,
  type ImportState,
  type PreviewPrediction,
  type SendSummary,
} from "../../../src/import";

const NIL = "00000000-0000-0000-0000-000000000000";
const ID = "5f0c3b55-9c1e-4c55-9a4d-3e0b7a1d2c11";

const log = (ignored: IgnoredTwig[], more: Partial<ImportLog> = {}): ImportLog => ({
  insertedTwigs: [],
  updatedTwigs: [],
  deletedTwigs: [],
  ignoredTwigs: ignored,
  ...more,
});
const twig = (code: string, more: Partial<IgnoredTwig> = {}): IgnoredTwig => ({
  code,
  name: `Name ${code}`,
  price: 10,
  unit: "m",
  currencyCharCode: "EUR",
  externalId: NIL,
  platformId: NIL,
  ...more,
});
const pos = (row: number, code: string, more: Partial<CatalogPosition> = {}): CatalogPosition => ({
  row,
  Code: code,
  Name: `Name ${code}`,
  Price: 10,
  Unit: "m",
  CurrencyCharCode: "EUR",
  ...more,
});

describe("the reason of each ignored row", () => {
  it("keeps the platform's own Reason as the platform wrote it, whatever the add-in would infer", () => {
    const reasons = ignoredReasons(log([twig("1.1", { reason: "The unit 'm' is not configured." })]), [
      pos(2, "1.1"),
    ]);
    expect(reasons).toEqual([{ kind: "platform", text: "The unit 'm' is not configured." }]);
    expect(reasonText(reasons[0]!, "en")).toBe("The unit 'm' is not configured.");
  });

  it("infers unchanged when the platform matched the row and its values equal what was sent", () => {
    const reasons = ignoredReasons(log([twig("1.1", { platformId: ID })]), [pos(2, "1.1")]);
    expect(reasons).toEqual([{ kind: "unchanged", inferred: true }]);
    expect(reasonText(reasons[0]!, "en")).toMatch(
      /^Unchanged: .*\(the add-in's reading: the platform found the position and the log shows the values sent\)$/,
    );
  });

  it("does not call a row unchanged when the platform's values differ from what was sent", () => {
    const reasons = ignoredReasons(log([twig("1", { platformId: ID, price: 12, unit: "" })]), [pos(2, "1")]);
    expect(reasons[0]!.kind).toBe("none");
  });

  it("a parent neither in the request nor known in the catalog is a possible cause, never a fact", () => {
    const sent = [pos(2, "Ss_15"), pos(3, "Ss_15_10")];
    const reasons = ignoredReasons(log([twig("Ss_15"), twig("Ss_15_10")]), sent);
    // No row of the job was accepted with the unit m either: that is a possibility too.
    const possible = [
      { cause: "parent-missing", parent: "Ss" },
      { cause: "unit-unknown", unit: "m" },
    ];
    expect(reasons[0]).toEqual({ kind: "none", inferred: true, possible });
    // Its parent Ss_15 was sent but ignored itself: the catalog may lack Ss, above it.
    expect(reasons[1]).toEqual({ kind: "none", inferred: true, possible });
    expect(reasonText(reasons[0]!, "en")).toMatch(
      /^The platform gave no reason\. Possible causes: its parent Ss may not be in the catalog \(it is not in the list\); the unit m may not be/,
    );
    expect(reasonText(reasons[0]!, "ru")).toContain("Ss");
  });

  it("a Guid the platform matched to nothing: its code may be another position's, among the causes", () => {
    const sent = [pos(2, "1.1", { Guid: ID, Unit: "furlong" })];
    const reasons = ignoredReasons(log([twig("1.1", { externalId: ID, unit: "furlong" })]), sent, {
      codes: new Set(["1"]),
    });
    expect(reasons[0]).toEqual({
      kind: "none",
      inferred: true,
      possible: [{ cause: "unit-unknown", unit: "furlong" }, { cause: "code-taken" }],
    });
    expect(reasonText(reasons[0]!, "en")).toBe(
      "The platform gave no reason. Possible causes: the unit furlong may not be configured on the platform (no position of this import or the last one was accepted with it); its code may belong to another position of the catalog",
    );
  });

  it("does not infer parent missing when the parent was sent and placed", () => {
    const theLog = log([twig("Ss_15_10", { unit: "furlong" })], {
      insertedTwigs: [{ code: "Ss_15", unit: "m" }],
    });
    const reasons = ignoredReasons(theLog, [pos(2, "Ss_15"), pos(3, "Ss_15_10", { Unit: "furlong" })]);
    expect(reasons[0]).toEqual({
      kind: "none",
      inferred: true,
      possible: [{ cause: "unit-unknown", unit: "furlong" }],
    });
  });

  it("does not infer parent missing when an earlier log showed the parent in the catalog", () => {
    const reasons = ignoredReasons(log([twig("Ss_15")]), [pos(2, "Ss_15")], {
      codes: new Set(["Ss"]),
      units: new Set(["m"]),
    });
    expect(reasons[0]).toEqual({ kind: "none", inferred: true, possible: [] });
  });

  it("infers a repeated code when the request holds the code more than once", () => {
    const reasons = ignoredReasons(log([twig("2")], { insertedTwigs: [{ code: "2", unit: "m" }] }), [
      pos(2, "2"),
      pos(3, "2", { Name: "Other" }),
    ]);
    expect(reasons).toEqual([{ kind: "repeated-code", inferred: true, code: "2" }]);
    expect(reasonText(reasons[0]!, "en")).toBe(
      "The code 2 is in the list more than once; the first row counts (the add-in's reading of the list sent)",
    );
  });

  it("an unknown unit is a possible cause only when no accepted row has that unit", () => {
    const accepted = { insertedTwigs: [{ code: "3", unit: "m" }] };
    const reasons = ignoredReasons(
      log([twig("4", { unit: "furlong" }), twig("5", { unit: "m" })], accepted),
      [pos(2, "3"), pos(3, "4", { Unit: "furlong" }), pos(4, "5", { Price: 11 })],
    );
    expect(reasons[0]).toEqual({
      kind: "none",
      inferred: true,
      possible: [{ cause: "unit-unknown", unit: "furlong" }],
    });
    expect(reasons[1]).toEqual({ kind: "none", inferred: true, possible: [] });
    expect(reasonText(reasons[1]!, "en")).toBe("The platform gave no reason");
  });

  it("without the request (a job reopened elsewhere) gives only the platform's reasons", () => {
    const reasons = ignoredReasons(log([twig("Ss_15"), twig("Ss_20", { reason: "Orphan." })]), null);
    expect(reasons).toEqual([
      { kind: "none", inferred: true, possible: [] },
      { kind: "platform", text: "Orphan." },
    ]);
  });
});

describe("the log's Ignored sheet and Result column", () => {
  const facts = {
    jobId: "j1",
    catalogName: "C",
    companyName: "",
    user: "",
    startedAt: Date.UTC(2026, 10, 26),
    finishedAt: Date.UTC(2026, 10, 26),
    status: "ReportCreated",
    counts: { inserted: 0, updated: 0, deleted: 0, ignored: 1 },
    source: null,
  };

  it("has a Reason column and writes no all-zero id as an id", () => {
    const theLog = log([twig("Ss_15")]);
    const reasons = ignoredReasons(theLog, [pos(2, "Ss_15")]);
    const tables = buildLogTables(theLog, { ...facts, reasons }, logWords("en"));
    const ignored = tables.parts.find((p) => p.kind === "ignored")!.table;
    expect(ignored.headers.at(-1)).toBe("Reason");
    const row = ignored.rows[0]!;
    expect(row).not.toContain(NIL);
    expect(String(row.at(-1))).toContain("Possible causes: its parent Ss may not be in the catalog");
  });

  it("gives the summary's counts a number format, so Excel groups their digits as the workbook does", () => {
    const theLog = log([twig("Ss_15")]);
    const summary = buildLogTables(theLog, facts, logWords("en")).summary;
    const counts = summary.rows.filter((r) => typeof r[1] === "number");
    expect(counts.length).toBeGreaterThanOrEqual(4);
    expect(summary.columnFormats).toEqual([null, "#,##0"]);
  });

  it("says why beside the source instead of an all-zero id", () => {
    const theLog = log([twig("Ss_15")], {
      insertedTwigs: [{ code: "A", externalId: NIL, platformId: ID }],
    });
    const sent = [pos(2, "Ss_15"), pos(3, "A")];
    const reasons = ignoredReasons(theLog, sent);
    const values = resultColumnValues(theLog, sent, [], [], 2, 3, logWords("en"), reasons);
    expect(values[0]).toMatch(/^Ignored: The platform gave no reason\. Possible causes: its parent Ss/);
    expect(values[1]).toBe(`Inserted (${ID})`);
    expect(values.join(" ")).not.toContain("00000000");
  });
});

describe("a job that changed nothing", () => {
  const counts = { inserted: 0, updated: 0, deleted: 0, ignored: 2415 };
  const reasons = Array.from({ length: 2415 }, () => ({
    kind: "none" as const,
    inferred: true as const,
    possible: [{ cause: "parent-missing" as const, parent: "Ss" }],
  }));

  it("is said in one sentence with the reason and the fix, counts in the pane's language", () => {
    const nothing = nothingChanged(counts, 2415, reasons)!;
    expect(nothing).toEqual({ ignored: 2415, kind: "parent-missing", count: 2415, value: "Ss" });
    expect(nothingText(nothing, "en")).toBe(
      "Nothing was added: the 2,415 positions were ignored and the platform gave no reason. Possibly their parent Ss is not in the catalog: if so, add a row for Ss to the list, then import again.",
    );
    expect(nothingText(nothing, "ru")).toContain("2\u00a0415");
  });

  it("is not a warning when something changed or nothing was sent", () => {
    expect(nothingChanged({ ...counts, updated: 1 }, 2416, reasons)).toBeNull();
    expect(nothingChanged({ inserted: 0, updated: 0, deleted: 0, ignored: 0 }, 0, [])).toBeNull();
  });

  it("names the rows with other reasons", () => {
    const mixed = [...reasons.slice(0, 3), { kind: "none" as const, inferred: true as const, possible: [] }];
    const nothing = nothingChanged({ ...counts, ignored: 4 }, 4, mixed)!;
    expect(nothingText(nothing, "en")).toMatch(/the 3 positions .* 1 more was ignored for another reason/);
  });
});

describe("the reasons of the job on screen", () => {
  // The state after a job sent from this pane: its request, its log, and the preview's dry run.
  const stateAfter = (known: { codes: string[]; units: (string | null)[] } | null): ImportState => {
    const sent = [pos(2, "Ss_15", { Unit: "furlong" })];
    const prediction = known === null ? null : ({ known } as unknown as PreviewPrediction);
    const base = initialState();
    return {
      ...base,
      phase: "done",
      send: {
        summary: { positions: 1, deletions: 0 } as SendSummary,
        prediction,
        sent: { positions: sent, deletions: 0, skippedRows: [] },
        outgoing: null,
      },
      log: { ...base.log, log: log([twig("Ss_15", { unit: "furlong" })]) },
    };
  };

  it("reads what the last import from this workbook left in the catalog: a parent there, a unit it accepted", () => {
    expect(selectReasons(stateAfter(null))).toEqual([
      {
        kind: "none",
        inferred: true,
        possible: [
          { cause: "parent-missing", parent: "Ss" },
          { cause: "unit-unknown", unit: "furlong" },
        ],
      },
    ]);
    // Ss is in the catalog and furlong was accepted before: neither is even a possibility.
    expect(selectReasons(stateAfter({ codes: ["Ss"], units: ["furlong", null] }))).toEqual([
      { kind: "none", inferred: true, possible: [] },
    ]);
    // Ss is there, furlong was never accepted: the unit is a possible cause.
    expect(selectReasons(stateAfter({ codes: ["Ss"], units: ["m"] }))).toEqual([
      { kind: "none", inferred: true, possible: [{ cause: "unit-unknown", unit: "furlong" }] },
    ]);
  });
});
