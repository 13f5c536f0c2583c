/**
 * `npm run bench` (full, a few minutes) and `npm run bench -- --quick` (small sizes, under a
 * minute; CI runs it after the tests so the bench cannot rot). Every figure with a budget is the
 * median of at least three runs in a full run (fewer in a quick one, which checks that the bench
 * works rather than judging), reported with its minimum and maximum. Prints a table and writes the JSON
 * report to bench/results/latest.json (quick runs: bench/results/quick.json, not committed).
 *
 * `npm run bench -- --only=bundles,pane` (with or without --quick) runs only the sections whose
 * name contains one of the words (case-insensitive; the build runs when Bundles or Start-up is
 * chosen) and writes bench/results/partial.json, so a focused run never replaces latest.json.
 *
 * Exit code: 0 whatever the budgets say (a slow, shared machine never breaks CI); 1 only when the
 * bench itself broke (a section threw), which is reported in the JSON too. Every section closes
 * what it started (servers, the emulator, Chromium, webpack) whether it succeeds or throws, so the
 * process ends with its report; should anything still be open EXIT_GRACE_MS later, the bench names
 * it and exits anyway (Playwright closes its browsers on exit), so a broken bench never waits for
 * CI's time limit.
 */
import { execFileSync } from "child_process";
import { mkdirSync, writeFileSync } from "fs";
import { loadavg } from "os";
import path from "path";
import { BUDGETS } from "./budgets";
import { buildAll, type Builds } from "./build";
import { browserFigures } from "./browser";
import { bundleFigures } from "./bundles";
import { catalogFigures } from "./catalog";
import { describeMachine, formatTable, notMeasured, type Figure, type Report } from "./report";
import { roundTripFigures } from "./roundtrips";
import { boqFigures } from "./boq";
import { compareFigures } from "./compare";
import { importFigures } from "./import";
import { sectionChosen, sectionFilter } from "./sections";

/** Where the report goes; BOQ_BRIDGE_BENCH_RESULTS names another folder (the bench's own test). */
const RESULTS_DIR = process.env.BOQ_BRIDGE_BENCH_RESULTS ?? path.join(__dirname, "results");
/** How long the process may stay alive after its report before it is ended. */
const EXIT_GRACE_MS = 10_000;

/** The commit the run measures, and whether tracked files differ from it (the report names it). */
function measuredCode(): Report["code"] {
  const git = (...args: string[]): string =>
    execFileSync("git", args, {
      cwd: path.join(__dirname, ".."),
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
  try {
    const commit = git("rev-parse", "HEAD").trim();
    const changed = git("status", "--porcelain", "--untracked-files=no")
      .split("\n")
      .filter((line) => line.trim() !== "" && !line.slice(3).startsWith("bench/results/"));
    return { commit, dirty: changed.length > 0 };
  } catch {
    return null;
  }
}

interface Plan {
  mode: "full" | "quick";
  catalogSizes: number[];
  /** Runs of each catalog task by size: fewer for the big ones, whose runs take seconds. */
  catalogIterations: (size: number) => number;
  roundTripRows: number;
  /** Reads and writes of the round trips, each on a fresh emulated workbook. */
  roundTripRuns: number;
  boqRows: number;
  boqRuns: number;
  /** Runs of each BOQ request count, each with a fresh cache. */
  boqCountRuns: number;
  /** Leaves of each of the two BOQs the comparison figure compares. */
  compareRows: number;
  compareIterations: number;
  startupRuns: number;
  /** The pane's responsiveness is measured at each of these sizes. */
  responsivenessRows: readonly number[];
  /** Runs at each size, each on a freshly opened pane. */
  paneRuns: number;
  importRows: number;
  /** Imports end to end, each into a fresh workbook and a fresh emulator. */
  importRuns: number;
}

const FULL: Plan = {
  mode: "full",
  catalogSizes: [10_000, 100_000, 300_000],
  catalogIterations: (size) => (size <= 10_000 ? 10 : size <= 100_000 ? 5 : 3),
  roundTripRows: 100_000,
  roundTripRuns: 3,
  boqRows: 100_000,
  boqRuns: 3,
  boqCountRuns: 3,
  compareRows: 100_000,
  compareIterations: 5,
  startupRuns: 7,
  responsivenessRows: [100_000, 300_000],
  paneRuns: 3,
  importRows: 100_000,
  importRuns: 3,
};

const QUICK: Plan = {
  mode: "quick",
  catalogSizes: [1_000, 5_000],
  catalogIterations: () => 3,
  roundTripRows: 5_000,
  roundTripRuns: 3,
  boqRows: 5_000,
  boqRuns: 3,
  boqCountRuns: 3,
  compareRows: 5_000,
  compareIterations: 3,
  startupRuns: 3,
  responsivenessRows: [2_000, 5_000],
  paneRuns: 2,
  importRows: 2_000,
  importRuns: 2,
};

function cpuMs(): number {
  const usage = process.cpuUsage();
  return Math.round((usage.user + usage.system) / 1000);
}

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

let chosen: string[] | null = null;

async function section(
  name: string,
  figures: Figure[],
  broken: string[],
  work: () => Promise<Figure[]> | Figure[],
): Promise<void> {
  if (!sectionChosen(name, chosen)) return;
  const started = performance.now();
  log(`bench: ${name}…`);
  try {
    figures.push(...(await work()));
    log(`bench: ${name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    log(`bench: ${name} FAILED: ${message}`);
    broken.push(name);
    figures.push(
      notMeasured(
        `broken.${name}`,
        name,
        `${name} (the bench section threw)`,
        message.split("\n")[0] ?? message,
      ),
    );
  }
}

async function main(): Promise<number> {
  const plan = process.argv.includes("--quick") ? QUICK : FULL;
  chosen = sectionFilter(process.argv);
  const needsBuild =
    chosen === null || sectionChosen("Bundles", chosen) || sectionChosen("Start-up and pane", chosen);
  const startedAt = new Date();
  // Read before anything runs: the code measured is the code at the start.
  const code = measuredCode();
  const started = performance.now();
  const machine = describeMachine(loadavg()[0] ?? 0);
  const figures: Figure[] = [];
  const broken: string[] = [];

  await section("Catalog engine", figures, broken, () =>
    catalogFigures({ sizes: plan.catalogSizes, iterations: plan.catalogIterations }),
  );
  await section("Excel round trips", figures, broken, () =>
    roundTripFigures(plan.roundTripRows, plan.roundTripRuns),
  );
  await section("BOQ", figures, broken, () =>
    boqFigures({
      rows: plan.boqRows,
      runs: plan.boqRuns,
      iterations: plan.boqRuns + 2,
      countRuns: plan.boqCountRuns,
    }),
  );
  await section("BOQ comparison", figures, broken, () =>
    compareFigures(plan.compareRows, plan.compareIterations),
  );
  await section("Import end to end", figures, broken, () => importFigures(plan.importRows, plan.importRuns));
  let builds: Builds | undefined;
  if (needsBuild) {
    chosen = chosen === null ? null : [...chosen, "build"];
  }
  await section("Build", figures, broken, async () => {
    builds = await buildAll();
    log(`bench: production build and bench pages built in ${(builds.buildMs / 1000).toFixed(1)} s`);
    return [];
  });
  if (builds) {
    const built = builds;
    await section("Bundles", figures, broken, () => bundleFigures(built));
    await section("Start-up and pane", figures, broken, () =>
      browserFigures(built, {
        startupRuns: plan.startupRuns,
        responsivenessRows: plan.responsivenessRows,
        paneRuns: plan.paneRuns,
      }),
    );
  } else if (needsBuild) {
    const reason = "the production build failed (see Build)";
    figures.push(
      notMeasured("bundle.all", "Bundles", "bundle sizes", reason),
      notMeasured("startup.all", "Start-up", "start-up", reason),
      ...plan.responsivenessRows.map((rows) =>
        notMeasured(
          `pane.ownLongestTask.${rows / 1000}k`,
          "Pane responsiveness",
          `add-in's longest own task, ${rows / 1000}k rows: check → POST`,
          reason,
          { max: BUDGETS.paneLongestTaskMs, unit: "ms" },
        ),
      ),
    );
  }

  const report: Report = {
    mode: plan.mode,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    cpuMs: cpuMs(),
    machine,
    code,
    failures: figures.filter((f) => f.ok === false).map((f) => f.id),
    unsteady: figures.filter((f) => "unsteady" in f && f.unsteady === true).map((f) => f.id),
    notMeasured: figures.filter((f) => f.ok === null).map((f) => f.id),
    figures,
  };
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(
    RESULTS_DIR,
    chosen !== null ? "partial.json" : plan.mode === "full" ? "latest.json" : "quick.json",
  );
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(
    `${formatTable(report)}\n\nJSON report: ${path.relative(process.cwd(), file)} (${(report.durationMs / 1000).toFixed(0)} s, ${(report.cpuMs / 1000).toFixed(0)} s of CPU in this process)\n`,
  );
  if (broken.length > 0) {
    log(
      `bench: ${broken.length} section(s) broke: ${broken.join(", ")}. Budgets never fail the command; a broken bench does.`,
    );
    return 1;
  }
  return 0;
}

/** Ends the process if something the bench started is still open after the grace period. */
function exitSoon(code: number): void {
  process.exitCode = code;
  setTimeout(() => {
    const open = process.getActiveResourcesInfo().filter((r) => r !== "Timeout");
    log(`bench: still open ${EXIT_GRACE_MS / 1000} s after the report (${open.join(", ")}); exiting.`);
    process.exit(code === 0 ? 1 : code);
  }, EXIT_GRACE_MS).unref();
}

main().then(exitSoon, (error: unknown) => {
  log(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  exitSoon(1);
});
