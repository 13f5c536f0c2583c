// The bench's own logic that a reader of its report relies on: a budget not met is a failure in
// the report, a figure without a subject stays "not measured", the generated catalog has the
// problems it claims, and the bundle figures read the pages and source maps correctly.
import { analyseCatalog } from "../../src/catalog";
import { bytesBySource, pageScripts } from "../../bench/bundles";
import { generateCatalog, PROBLEM_SHARE } from "../../bench/generate";
import { longestOwn, splitTasks } from "../../bench/paneTasks";
import { formatTable, measured, notMeasured, type Report } from "../../bench/report";
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
