/**
 * Figures taken in headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core as
 * the browser tests do) on the production task pane page, served over localhost, with the
 * workbench's Office emulation (bench/page/office-shim.ts) answering in place of office.js.
 *
 * - Start-up: navigation → custom functions registered, and → first interactive pane screen,
 *   each beside the load of a blank page from the same server in the same run (median of runs,
 *   pages alternating, nothing cached).
 * - Pane responsiveness: the add-in's longest own main-thread task (PerformanceObserver
 *   "longtask", less the Office emulation's marked sync work) from "Use the selection and check"
 *   to the POST, at 100k and 300k rows, each run on a freshly opened page.
 *
 * Each figure is the median of its runs (fresh page loads), with their minimum and maximum; a
 * ratio to the blank page is taken within each run (the pane's load and the blank page's load
 * before it), then its median.
 */
import { readFileSync } from "fs";
import path from "path";
import type { BrowserContext, Page } from "playwright-core";
import { launchChromium, serveDirectory, type StaticServer } from "../test/browser/harness";
import type { BenchMarks, LongTask } from "./page/office-shim";
import type { ProbeResult } from "./page/probe";
import { BUDGETS } from "./budgets";
import { BLANK_PAGE, type Builds } from "./build";
import { longestOwn, splitTasks, type TaskSplit } from "./paneTasks";
import { fromRuns, measured, median, type Figure } from "./report";

const OFFICE_JS_CDN = "https://appsforoffice.microsoft.com/**";
const MARK_TIMEOUT_MS = 30_000;

async function loadEnd(page: Page): Promise<number> {
  return page.evaluate(() => {
    const [nav] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    return nav?.loadEventEnd ?? Number.NaN;
  });
}

async function blankLoad(context: BrowserContext, server: StaticServer): Promise<number> {
  const page = await context.newPage();
  try {
    await page.goto(`${server.origin}/${BLANK_PAGE}`, { waitUntil: "load" });
    return await loadEnd(page);
  } finally {
    await page.close();
  }
}

interface PaneStart {
  page: Page;
  marks: Required<BenchMarks>;
  loadEnd: number;
  /**
   * From the page's request for office.js to its stand-in being ready (download and start): the
   * time the page's other scripts wait for it, which is office.js's and not the add-in's. Here it
   * includes playwright's routing of the request to the stand-in (a round trip through the
   * driving process, slow on a loaded machine), which a real office.js never pays.
   */
  officeMs: number;
}

async function openPane(context: BrowserContext, server: StaticServer): Promise<PaneStart> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${server.origin}/taskpane.html`, { waitUntil: "load" });
  try {
    await page.waitForFunction(
      () =>
        window.__bench.marks.functionsRegistered !== undefined &&
        window.__bench.marks.paneInteractive !== undefined,
      undefined,
      { timeout: MARK_TIMEOUT_MS },
    );
  } catch (error) {
    await page.close();
    throw new Error(
      `The task pane page did not register its functions and show a control within ${MARK_TIMEOUT_MS / 1000} s${errors.length > 0 ? ` (page errors: ${errors.join("; ")})` : ""}.`,
      { cause: error },
    );
  }
  const marks = await page.evaluate(() => window.__bench.marks);
  const officeRequested = await page.evaluate(
    () =>
      performance
        .getEntriesByType("resource")
        .find((entry) => entry.name.startsWith("https://appsforoffice.microsoft.com/"))?.startTime,
  );
  if (officeRequested === undefined || marks.officeReady === undefined) {
    await page.close();
    throw new Error("The task pane page loaded no office.js, or its stand-in did not say when it was ready.");
  }
  return {
    officeMs: marks.officeReady - officeRequested,
    page,
    marks: {
      officeReady: marks.officeReady ?? 0,
      functionsRegistered: marks.functionsRegistered ?? 0,
      paneInteractive: marks.paneInteractive ?? 0,
    },
    loadEnd: await loadEnd(page),
  };
}

/** office.js answered by the bench's emulation of it (bench/page/office-shim.ts). */
export async function routeOfficeShim(context: BrowserContext, builds: Builds): Promise<void> {
  const shim = readFileSync(path.join(builds.pagesDir, "office-shim.js"), "utf8");
  await context.route(OFFICE_JS_CDN, (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript; charset=utf-8", body: shim }),
  );
}

/** A freshly opened pane with the bench's probe loaded and `rows` catalog rows selected in its workbook. */
export async function openFilledPane(
  context: BrowserContext,
  server: StaticServer,
  builds: Builds,
  rows: number,
): Promise<Page> {
  const { page } = await openPane(context, server);
  try {
    // From the page's own origin: the production page's policy refuses inline scripts.
    const probeUrl = `${server.origin}/bench-probe.js`;
    await page.route(probeUrl, (route) =>
      route.fulfill({
        contentType: "text/javascript; charset=utf-8",
        path: path.join(builds.pagesDir, "probe.js"),
      }),
    );
    await page.addScriptTag({ url: probeUrl });
    await page.evaluate((n) => window.__benchProbe.fill(n), rows);
    return page;
  } catch (error) {
    await page.close();
    throw error;
  }
}

export interface BrowserOptions {
  startupRuns: number;
  /** Sizes of the responsiveness figure, each run on a freshly opened pane. */
  responsivenessRows: readonly number[];
  /** Runs of the responsiveness figure at each size. */
  paneRuns: number;
}

export async function browserFigures(builds: Builds, options: BrowserOptions): Promise<Figure[]> {
  const server = await serveDirectory(builds.addinDir);
  // Whatever fails from here on, the server (and the browser, once launched) is closed: an open
  // one would keep the bench's process alive after its report.
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  try {
    browser = await launchChromium({ routes: false });
    await routeOfficeShim(browser.context, builds);
    await browser.context.route(
      (url) => url.hostname !== "localhost" && url.hostname !== "appsforoffice.microsoft.com",
      (route) => route.abort("blockedbyclient"),
    );
    // One unmeasured round first: Chromium's own first-page costs are not the add-in's.
    await blankLoad(browser.context, server);
    await (await openPane(browser.context, server)).page.close();

    const blank: number[] = [];
    const registered: number[] = [];
    const interactive: number[] = [];
    const paneLoad: number[] = [];
    const office: number[] = [];
    for (let run = 0; run < options.startupRuns; run += 1) {
      blank.push(await blankLoad(browser.context, server));
      const pane = await openPane(browser.context, server);
      // The add-in's start-up: navigation to the mark, less office.js's own download and start.
      registered.push(pane.marks.functionsRegistered - pane.officeMs);
      interactive.push(pane.marks.paneInteractive - pane.officeMs);
      office.push(pane.officeMs);
      paneLoad.push(pane.loadEnd);
      await pane.page.close();
    }
    const blankMs = median(blank);
    const figures: Figure[] = [];
    const floor = {
      label: "blank page load (median), same server and run",
      value: blankMs,
      unit: "ms" as const,
    };
    const startupNote = `median of ${options.startupRuns} cold loads (no-store), each a fresh page after a fresh blank page (a ratio's runs are each load over the blank load just before it); office.js is replaced by the emulation, and the time from the page's request for it to the emulation being ready (median ${Math.round(median(office))} ms, playwright's routing of the request included) is left out, as office.js's own download and start in Office are not the add-in's.`;
    figures.push(
      measured({
        id: "startup.functionsRegistered",
        section: "Start-up",
        label: "navigation → custom functions registered (office.js excluded)",
        ...fromRuns(registered),
        unit: "ms",
        floor,
        note: startupNote,
        details: {
          runsMs: registered.map(Math.round),
          blankRunsMs: blank.map(Math.round),
          officeMs: office.map(Math.round),
        },
      }),
      measured({
        id: "startup.functionsRegistered.ratio",
        section: "Start-up",
        label: "functions registered / blank page load",
        ...fromRuns(registered.map((r, i) => r / (blank[i] ?? Number.NaN))),
        unit: "ratio",
        budget: { max: BUDGETS.startupFunctionsRatioToBlankPage, unit: "ratio" },
      }),
      measured({
        id: "startup.paneInteractive",
        section: "Start-up",
        label: "navigation → first interactive pane screen (office.js excluded)",
        ...fromRuns(interactive),
        unit: "ms",
        floor,
        note: `the first enabled button, input or link in #app; ${startupNote}`,
        details: { runsMs: interactive.map(Math.round), loadEventEndMs: paneLoad.map(Math.round) },
      }),
      measured({
        id: "startup.paneInteractive.ratio",
        section: "Start-up",
        label: "pane interactive / blank page load",
        ...fromRuns(interactive.map((r, i) => r / (blank[i] ?? Number.NaN))),
        unit: "ratio",
        budget: { max: BUDGETS.startupPaneRatioToBlankPage, unit: "ratio" },
      }),
    );
    for (const rows of options.responsivenessRows) {
      const runs: PaneRun[] = [];
      for (let run = 0; run < options.paneRuns; run += 1)
        runs.push(await paneRun(browser.context, server, builds, rows));
      figures.push(...responsiveness(rows, runs));
    }
    return figures;
  } finally {
    await browser?.close();
    await server.close();
  }
}

interface PaneRun {
  result: ProbeResult;
  tasks: LongTask[];
  marks: LongTask[];
  splits: TaskSplit[];
  own: TaskSplit | null;
  whole: TaskSplit | null;
}

/** One run of the responsiveness figure on a freshly opened pane. */
async function paneRun(
  context: BrowserContext,
  server: StaticServer,
  builds: Builds,
  rows: number,
): Promise<PaneRun> {
  const page = await openFilledPane(context, server, builds, rows);
  try {
    const result: ProbeResult = await page.evaluate(() => window.__benchProbe.checkAndImport());
    // Long tasks are reported after they end; give the observer a frame to deliver the last one.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    const { longTasks, emulationWork } = await page.evaluate(() => ({
      longTasks: window.__bench.longTasks,
      emulationWork: window.__bench.emulationWork,
    }));
    const during = (t: LongTask) => t.start + t.duration > result.startedAt && t.start < result.postedAt;
    const tasks = longTasks.filter(during);
    const marks = emulationWork.filter(during);
    const splits = splitTasks(tasks, marks);
    const whole = splits.reduce<TaskSplit | null>(
      (a, b) => (a === null || b.duration > a.duration ? b : a),
      null,
    );
    return { result, tasks, marks, splits, own: longestOwn(splits), whole };
  } finally {
    await page.close();
  }
}

/** The run whose value is nearest the median: the one the notes describe. */
function medianRun(runs: readonly PaneRun[], valueOf: (run: PaneRun) => number): PaneRun {
  const m = median(runs.map(valueOf));
  const [first, ...rest] = runs;
  if (first === undefined) throw new Error("The pane figure ran no run.");
  return rest.reduce((a, b) => (Math.abs(valueOf(b) - m) < Math.abs(valueOf(a) - m) ? b : a), first);
}

function responsiveness(rows: number, runs: readonly PaneRun[]): Figure[] {
  const ownOf = (run: PaneRun) => run.own?.ownMs ?? 0;
  const wholeOf = (run: PaneRun) => run.whole?.duration ?? 0;
  const { result, tasks, marks, splits, own, whole } = medianRun(runs, ownOf);
  const runsText = `median of ${runs.length} runs, each on a freshly opened page; the stages and tasks below are of the run nearest the median`;
  const emulationMs = marks.reduce((sum, m) => sum + m.duration, 0);
  const longestSync = marks.reduce((max, m) => Math.max(max, m.duration), 0);
  const label = `${rows / 1000}k rows`;
  const stages =
    `read and check ${ms(result.checkedAt - result.startedAt)}, preview ${ms(result.previewedAt - result.checkedAt)}, ` +
    `Import to the POST ${ms(result.postedAt - result.previewedAt)} (cells compared again, ${result.newGuids} Guids written back, ` +
    `the body serialized: ${(result.bodyBytes / 1024 / 1024).toFixed(1)} MB handed to fetch as a ${result.bodyKind})`;
  const method =
    "The emulation of Excel runs in the page: each sync's own work (measuring the request, running it on the in-memory workbook, measuring the response: what Excel does in its own process) " +
    "is marked from its start to the moment the sync settles (bench/page/office-shim.ts), after the pause a round trip makes; a long task's own time is its duration less the marked time inside it (bench/paneTasks.ts). " +
    "The add-in's own time includes office.js-like work done by the add-in's code and the browser's garbage collection.";
  const details = {
    rows,
    startToPostMs: Math.round(result.postedAt - result.startedAt),
    readAndCheckMs: Math.round(result.checkedAt - result.startedAt),
    previewMs: Math.round(result.previewedAt - result.checkedAt),
    importToPostMs: Math.round(result.postedAt - result.previewedAt),
    inExcelRunMs: Math.round(result.inExcelMs),
    syncs: result.syncs,
    newGuids: result.newGuids,
    bodyBytes: result.bodyBytes,
    bodyKind: result.bodyKind,
    longTasks: tasks.length,
    ownMsOfLongTasks: splits.map((t) => Math.round(t.ownMs)),
    emulationMsOfLongTasks: splits.map((t) => Math.round(t.emulationMs)),
    emulationSyncWorkMs: Math.round(emulationMs),
    longestSyncWorkMs: Math.round(longestSync),
  };
  return [
    measured({
      id: `pane.ownLongestTask.${rows / 1000}k`,
      section: "Pane responsiveness",
      label: `add-in's longest own task, ${label}: check → POST`,
      ...fromRuns(runs.map(ownOf)),
      unit: "ms",
      budget: { max: BUDGETS.paneLongestTaskMs, unit: "ms" },
      note:
        `${runsText}. src/import's ImportPipeline driven on the pane page as the Import screen drives it (not by clicking through the screen) from "Use the selection and check" to the POST, ` +
        `through src/api's client with its fetch answered in the page: ${stages}; the phase after the POST was "${result.phase}". ` +
        `${method} ` +
        (own === null
          ? "No task of 50 ms or more."
          : `The longest own task: ${ms(own.ownMs)} of a ${ms(own.duration)} task (${ms(own.emulationMs)} of it the emulation's).`),
      details,
    }),
    measured({
      id: `pane.longestTask.${rows / 1000}k`,
      section: "Pane responsiveness",
      label: `longest task with the emulation's sync work, ${label}`,
      ...fromRuns(runs.map(wholeOf)),
      unit: "ms",
      note:
        `Not judged: the emulation's part is Excel's work, done here in the page. Median of ${runs.length} runs, each on a freshly opened page; the split below is of the run nearest the median of the own task. ` +
        (whole === null
          ? "No task of 50 ms or more."
          : `${ms(whole.emulationMs)} of it the emulation's, ${ms(whole.ownMs)} the add-in's. `) +
        `The emulation's sync work in all: ${ms(emulationMs)} in ${marks.length} syncs, the longest ${ms(longestSync)}; ${tasks.length} long tasks.`,
      details: {
        rows,
        emulationSyncWorkMs: Math.round(emulationMs),
        longestSyncWorkMs: Math.round(longestSync),
      },
    }),
  ];
}

function ms(value: number): string {
  return `${Math.round(value)} ms`;
}
