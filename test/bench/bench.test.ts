// The bench's own logic that a reader of its report relies on: a budget not met is a failure in
// the report, a figure without a subject stays "not measured", the generated catalog has the
// problems it claims, and the bundle figures read the pages and source maps correctly.
import { analyseCatalog } from "../../src/catalog";
import { bytesBySource, pageScripts } from "../../bench/bundles";
import { generateCatalog, PROBLEM_SHARE } from "../../bench/generate";
import { ownParts } from "../../bench/import";
import type { ImportRun } from "../../bench/importRun";
import { longestOwn, splitTasks } from "../../bench/paneTasks";
import { formatTable, fromRuns, measured, median, notMeasured, type Report } from "../../bench/report";
import { ratiosOf, timeRounds } from "../../bench/timing";
import { sectionChosen, sectionFilter } from "../../bench/sections";

function reportOf(figures: Report["figures"]): Report {
  return {
    mode: "quick",
    startedAt: "2026-01-01T00:00:00.000Z",
    durationMs: 1,
    cpuMs: 1,
    machine: {
      cpuModel: "Test CPU",
      cores: 2,
      memoryBytes: 1,
      node: "v20",
      platform: "linux x64",
      loadAverageAtStart: 0,
    },
    code: { commit: "0123456789abcdef0123456789abcdef01234567", dirty: true },
    failures: figures.filter((f) => f.ok === false).map((f) => f.id),
    unsteady: figures.filter((f) => "unsteady" in f && f.unsteady === true).map((f) => f.id),
    notMeasured: figures.filter((f) => f.ok === null).map((f) => f.id),
    figures,
  };
}

describe("bench report", () => {
  it("marks a figure over its budget as not ok and prints it as a failure with figure and budget", () => {
    const over = measured({
      id: "x.ratio",
      section: "S",
      label: "ratio",
      value: 3.5,
      unit: "ratio",
      budget: { max: 3, unit: "ratio" },
    });
    const within = measured({
      id: "y.ratio",
      section: "S",
      label: "other",
      value: 2,
      unit: "ratio",
      budget: { max: 3, unit: "ratio" },
    });

    expect(over).toMatchObject({ ok: false, value: 3.5, budget: { max: 3 } });
    expect(within.ok).toBe(true);
    const table = formatTable(reportOf([over, within]));
    expect(table).toMatch(/ratio\s+×3\.50\s+≤ ×3\.00\s+FAIL/);
    expect(table).toMatch(/other\s+×2\.00\s+≤ ×3\.00\s+ok/);
    expect(table).toContain("Budgets not met (1): x.ratio");
  });

  it("judges the median of the runs and prints the minimum and maximum beside it", () => {
    const runs = fromRuns([2.5, 1.5, 1.6, 9, 1.7]);
    expect(runs).toEqual({
      value: 1.7,
      median: 1.7,
      min: 1.5,
      max: 9,
      runs: 5,
      runValues: [2.5, 1.5, 1.6, 9, 1.7],
    });
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();

    // One slow run of five does not fail a figure whose median meets the budget.
    const figure = measured({
      id: "r",
      section: "S",
      label: "ratio",
      ...runs,
      unit: "ratio",
      budget: { max: 2, unit: "ratio" },
    });
    expect(figure).toMatchObject({ ok: true, value: 1.7, min: 1.5, max: 9, runs: 5 });
    expect(formatTable(reportOf([figure]))).toMatch(/ratio\s+×1\.70\s+×1\.50 – ×9\.00 \(5\)\s+≤ ×2\.00\s+ok/);
  });

  it("marks a figure unsteady when its spread is wider than its distance to the budget, steady otherwise", () => {
    const budget = { max: 100, unit: "ms" as const };
    // Median 90, 10 from the budget; spread 95 - 80 = 15: another run could land over.
    const near = measured({
      id: "near",
      section: "S",
      label: "near",
      ...fromRuns([80, 90, 95]),
      unit: "ms",
      budget,
    });
    // Median 50, 50 from the budget; spread 20.
    const far = measured({
      id: "far",
      section: "S",
      label: "far",
      ...fromRuns([40, 50, 60]),
      unit: "ms",
      budget,
    });
    // Over the budget by 5 with a spread of 20: unsteady and failing.
    const over = measured({
      id: "over",
      section: "S",
      label: "over",
      ...fromRuns([95, 105, 115]),
      unit: "ms",
      budget,
    });
    // No budget: never judged, so never unsteady.
    const free = measured({ id: "free", section: "S", label: "free", ...fromRuns([1, 50, 99]), unit: "ms" });

    expect([near.unsteady, far.unsteady, over.unsteady, free.unsteady]).toEqual([
      true,
      false,
      true,
      undefined,
    ]);
    expect(over.ok).toBe(false);
    const table = formatTable(reportOf([near, far, over, free]));
    expect(table).toMatch(/near\s+90\.0 ms\s+80\.0 ms – 95\.0 ms \(3\)\s+≤ 100 ms\s+ok, unsteady/);
    expect(table).toMatch(/far\s+50\.0 ms\s+40\.0 ms – 60\.0 ms \(3\)\s+≤ 100 ms\s+ok$/m);
    expect(table).toMatch(/over\s+105 ms\s+95\.0 ms – 115 ms \(3\)\s+≤ 100 ms\s+FAIL, unsteady/);
    expect(table).toContain("Unsteady (2): near, over");
  });

  it("names the commit it measured, and says when the files differed from it", () => {
    const table = formatTable(reportOf([]));
    expect(table.split("\n")[0]).toContain("commit 0123456 with uncommitted changes");
    const clean = {
      ...reportOf([]),
      code: { commit: "fedcba9876543210fedcba9876543210fedcba98", dirty: false },
    };
    expect(formatTable(clean).split("\n")[0]).toMatch(/commit fedcba9$/);
  });

  it("keeps a figure whose subject is missing as not measured, with its reason and no value", () => {
    const missing = notMeasured("boq.total", "BOQ", "BOQ total", "not on main yet", {
      max: 1,
      unit: "count",
    });

    expect(missing).toEqual({
      id: "boq.total",
      section: "BOQ",
      label: "BOQ total",
      notMeasured: "not on main yet",
      ok: null,
      budget: { max: 1, unit: "count" },
    });
    expect("value" in missing).toBe(false);
    expect(formatTable(reportOf([missing]))).toContain("boq.total: not measured: not on main yet");
  });
});

describe("generated catalog", () => {
  it("has the requested rows, about 1% of them with problems the engine reports", () => {
    const { block, rows, problemRows } = generateCatalog(20_000);
    const analysis = analyseCatalog(block);

    expect(rows).toBe(20_000);
    expect(block.values).toHaveLength(20_001);
    expect(problemRows / rows).toBeGreaterThan(PROBLEM_SHARE * 0.7);
    expect(problemRows / rows).toBeLessThan(PROBLEM_SHARE * 1.3);
    const problemRowsFound = new Set(analysis.problems.map((p) => p.row)).size;
    expect(problemRowsFound).toBeGreaterThan(problemRows * 0.8);
    // And no more: rows the generator meant to be clean are clean (a rule the generated cells
    // break by chance, such as a binding named twice, would make the bench measure a 3% sheet).
    expect(problemRowsFound).toBeLessThan(problemRows * 1.2);
    expect(analysis.counts.orphans).toBe(0);
    expect(analysis.counts.levels).toBeGreaterThanOrEqual(3);
  });

  it("uses several code styles and is the same every run", () => {
    const codes = generateCatalog(20_000)
      .block.values.slice(1)
      .map((r) => String(r[1]));

    expect(codes.some((c) => /^\d+\.\d+\.\d+$/.test(c))).toBe(true);
    expect(codes.some((c) => /^[А-Я]\.\d\d\.\d\d-\d{3}$/.test(c))).toBe(true);
    expect(codes.some((c) => /^[A-Z][a-zA-Z]_\d\d_\d\d$/.test(c))).toBe(true);
    expect(codes.some((c) => /^\d\d \d\d \d\d$/.test(c))).toBe(true);
    expect(generateCatalog(500).block.values).toEqual(generateCatalog(500).block.values);
  });
});

describe("bundle figures", () => {
  it("lists a page's scripts in order without office.js", () => {
    const html =
      '<script src=https://appsforoffice.microsoft.com/lib/1/hosted/office.js></script><script defer src=runtime.1.js></script><script defer="defer" src="functions.js"></script>';

    expect(pageScripts(html)).toEqual(["runtime.1.js", "functions.js"]);
  });

  it("attributes each minified character to the source the map names", () => {
    // Line 0: columns 0-4 from a.ts, 5-9 from b.ts; line 1: all from a.ts.
    // Segments: "AAAA" = col 0, source 0; "KCAA" = col +5, source +1; "ADAA" = col 0, source -1.
    const code = "aaaaabbbbb\naaa";
    const counts = bytesBySource(code, { sources: ["a.ts", "b.ts"], mappings: "AAAA,KCAA;ADAA" });

    expect(Object.fromEntries(counts)).toEqual({ "a.ts": 8, "b.ts": 5 });
  });
});

describe("timing in rounds", () => {
  it("runs each task once unmeasured, then once per round in order, and divides within each round", () => {
    const calls: string[] = [];
    const rounds = timeRounds(
      [
        { name: "a", fn: () => calls.push("a") },
        { name: "b", fn: () => calls.push("b") },
      ],
      3,
    );
    expect(calls).toEqual(["a", "b", "a", "b", "a", "b", "a", "b"]);
    expect(rounds.get("a")).toHaveLength(3);
    const fixed = new Map([
      ["a", [4, 9, 6]],
      ["b", [2, 3, 3]],
    ]);
    expect(ratiosOf(fixed, "a", "b")).toEqual([2, 3, 2]);
    expect(() => timeRounds([], 0)).toThrow();
  });
});

describe("section filter (--only=)", () => {
  it("runs every section without --only and only the named ones with it", () => {
    expect(sectionFilter(["node", "run.ts", "--quick"])).toBeNull();
    const filter = sectionFilter(["node", "run.ts", "--only=Bundles, pane"]);
    expect(filter).toEqual(["bundles", "pane"]);
    expect(sectionChosen("Bundles", filter)).toBe(true);
    expect(sectionChosen("Start-up and pane", filter)).toBe(true);
    expect(sectionChosen("Catalog engine", filter)).toBe(false);
    expect(sectionChosen("Catalog engine", null)).toBe(true);
    expect(sectionFilter(["--only="])).toBeNull();
  });
});

describe("the pane's long tasks split into the add-in's work and the emulation's", () => {
  it("subtracts the emulation's marked sync work inside each task, and finds the longest own task", () => {
    const tasks = [
      { start: 0, duration: 300 }, // 250 ms of it the emulation's: 50 ms own
      { start: 400, duration: 120 }, // a mark that begins inside and runs past the end: 20 ms
      { start: 600, duration: 90 }, // no mark: all own
    ];
    const marks = [
      { start: 500, duration: 50 },
      { start: 10, duration: 200 },
      { start: 240, duration: 50 },
      { start: 700, duration: 10 }, // after every task
    ];
    const splits = splitTasks(tasks, marks);
    expect(splits.map((t) => [t.emulationMs, t.ownMs])).toEqual([
      [250, 50],
      [20, 100],
      [0, 90],
    ]);
    expect(longestOwn(splits)).toMatchObject({ start: 400, ownMs: 100 });
    expect(longestOwn([])).toBeNull();
  });
});

describe("the import's own share", () => {
  it("splits the own time by stage and platform call, largest first, the parts adding up to it", () => {
    const stages = { readAndCheck: 0, preview: 0, start: 0 };
    const calls = { post: 0, status: 0, log: 0, pauses: 0 };
    const run: ImportRun = {
      rows: 10,
      generatedProblemRows: 0,
      skippedRows: 0,
      logSheets: ["Inserted"],
      syncs: 3,
      stageMs: stages,
      totalMs: 1000,
      waitingMs: calls,
      calls,
      busyMs: 900,
      emulationMs: 300,
      emulationByStageMs: stages,
      ownMs: 600,
      ownByStageMs: { readAndCheck: 200, preview: 50, start: 350 },
      // Inside the start: 120 ms sending the POST, 30 + 40 ms on the replies, 5 ms around a pause.
      busyInCallsMs: { post: 120, status: 30, log: 40, pauses: 5 },
      floor: { parseCellsMs: 1, stringifyBodyMs: 1, stringifyLogMs: 1, totalMs: 3 },
      bytes: { cells: 1, body: 1, log: 1 },
      afterPost: { longestOwnMs: 0, longestMs: 0, emulationMs: 0, during: "", stretches: 0 },
    };
    const parts = ownParts(run);

    expect(parts.map((p) => Math.round(p.ms))).toEqual([200, 160, 120, 70, 50]);
    expect(parts[1]?.part).toMatch(/^the rest of the start/);
    expect(parts.reduce((sum, p) => sum + p.ms, 0)).toBe(run.ownMs);
  });
});
