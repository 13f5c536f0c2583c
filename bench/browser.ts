/**
 * Figures taken in headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core as
 * the browser tests do) on the production task pane page, served over localhost, with the
 * workbench's Office emulation (bench/page/office-shim.ts) answering in place of office.js.
 *
 * - Start-up: navigation → custom functions registered, and → first interactive pane screen,
 *   each beside the load of a blank page from the same server in the same run (median of runs,
 *   pages alternating, nothing cached).
 * - Pane responsiveness: the longest main-thread task (PerformanceObserver "longtask") while
 *   100k rows are read, checked and previewed on that page.
 */
import { readFileSync } from "fs";
import path from "path";
import type { BrowserContext, Page } from "playwright-core";
import { launchChromium, serveDirectory, type StaticServer } from "../test/browser/harness";
import type { BenchMarks, LongTask } from "./page/office-shim";
import type { ProbeResult } from "./page/probe";
import { BUDGETS } from "./budgets";
import { BLANK_PAGE, type Builds } from "./build";
import { measured, type Figure } from "./report";

const OFFICE_JS_CDN = "https://appsforoffice.microsoft.com/**";
const LONG_TASK_MS = 50;
const MARK_TIMEOUT_MS = 30_000;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

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
  return {
    page,
    marks: {
      functionsRegistered: marks.functionsRegistered ?? 0,
      paneInteractive: marks.paneInteractive ?? 0,
    },
    loadEnd: await loadEnd(page),
  };
}

export interface BrowserOptions {
  startupRuns: number;
  responsivenessRows: number;
}

export async function browserFigures(builds: Builds, options: BrowserOptions): Promise<Figure[]> {
  const server = await serveDirectory(builds.addinDir);
  const browser = await launchChromium({ routes: false });
  try {
    const shim = readFileSync(path.join(builds.pagesDir, "office-shim.js"), "utf8");
    await browser.context.route(OFFICE_JS_CDN, (route) =>
      route.fulfill({ status: 200, contentType: "text/javascript; charset=utf-8", body: shim }),
    );
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
    for (let run = 0; run < options.startupRuns; run += 1) {
      blank.push(await blankLoad(browser.context, server));
      const pane = await openPane(browser.context, server);
      registered.push(pane.marks.functionsRegistered);
      interactive.push(pane.marks.paneInteractive);
      paneLoad.push(pane.loadEnd);
      await pane.page.close();
    }
    const blankMs = median(blank);
    const figures: Figure[] = [];
    const floor = { label: "blank page load, same server and run", value: blankMs, unit: "ms" as const };
    const startupNote = `median of ${options.startupRuns} cold loads (no-store), office.js replaced by the emulation (its own download and start in Office are not included).`;
    figures.push(
      measured({
        id: "startup.functionsRegistered",
        section: "Start-up",
        label: "navigation → custom functions registered",
        value: median(registered),
        unit: "ms",
        floor,
        note: startupNote,
        details: { runsMs: registered.map(Math.round), blankRunsMs: blank.map(Math.round) },
      }),
      measured({
        id: "startup.functionsRegistered.ratio",
        section: "Start-up",
        label: "functions registered / blank page load",
        value: median(registered) / blankMs,
        unit: "ratio",
      }),
      measured({
        id: "startup.paneInteractive",
        section: "Start-up",
        label: "navigation → first interactive pane screen",
        value: median(interactive),
        unit: "ms",
        floor,
        note: `the first enabled button, input or link in #app; ${startupNote}`,
        details: { runsMs: interactive.map(Math.round), loadEventEndMs: paneLoad.map(Math.round) },
      }),
      measured({
        id: "startup.paneInteractive.ratio",
        section: "Start-up",
        label: "pane interactive / blank page load",
        value: median(interactive) / blankMs,
        unit: "ratio",
      }),
    );
    figures.push(await responsiveness(browser.context, server, builds, options.responsivenessRows));
    return figures;
  } finally {
    await browser.close();
    await server.close();
  }
}

async function responsiveness(
  context: BrowserContext,
  server: StaticServer,
  builds: Builds,
  rows: number,
): Promise<Figure> {
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
    const result: ProbeResult = await page.evaluate(() => window.__benchProbe.readCheckPreview());
    if (result.phase !== "previewed") {
      throw new Error(`The pane's import pipeline ended in phase "${result.phase}", not at its preview.`);
    }
    // Long tasks are reported after they end; give the observer a frame to deliver the last one.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    const all: LongTask[] = await page.evaluate(() => window.__bench.longTasks);
    const during = all.filter((t) => t.start + t.duration > result.startedAt && t.start < result.endedAt);
    const longest = Math.max(0, ...during.map((t) => t.duration));
    const blocked = during.reduce((sum, t) => sum + Math.max(0, t.duration - LONG_TASK_MS), 0);
    const label = `${rows / 1000}k`;
    return measured({
      id: "pane.longestTask",
      section: "Pane responsiveness",
      label: `longest main-thread task, ${label} rows read → checked → preview`,
      value: longest,
      unit: "ms",
      budget: { max: BUDGETS.paneLongestTaskMs, unit: "ms" },
      note:
        `The probe drives src/import's ImportPipeline on the pane page as the Import screen does (not by clicking through the screen), with the pane's slices (the check and the preview's build pause every 30 ms) ` +
        `(readSelection: the selection read through src/workbook and checked by src/catalog; preview: the body built; flattenTree for the preview's rows, which the screen does not do: it opens the tree lazily) and every long task meanwhile is watched. ` +
        `The read's tasks are mostly the emulation's (it serializes and measures each 2.5 MB block in the page's thread, where Excel answers asynchronously), but they include src/workbook's own per-block byte count. ` +
        `The pipeline ended in phase "${result.phase}". ` +
        `Read ${Math.round(result.readMs)} ms in ${result.syncs} syncs, check ${Math.round(result.checkMs)} ms, preview ${Math.round(result.previewMs)} ms; ` +
        `${during.length} long tasks, ${Math.round(blocked)} ms blocked over 50 ms.` +
        (longest > BUDGETS.paneLongestTaskMs
          ? ` Dominated by ${result.checkMs >= result.readMs ? "the check (analyseCatalog runs in one task; a worker or slices would split it)" : "the read (each emulated sync serializes a block in one task)"}.`
          : ""),
      details: {
        rows,
        readMs: Math.round(result.readMs),
        checkMs: Math.round(result.checkMs),
        previewMs: Math.round(result.previewMs),
        previewRows: result.previewRows,
        syncs: result.syncs,
        longTasks: during.length,
        blockedMs: Math.round(blocked),
        longTasksMs: during.map((t) => Math.round(t.duration)),
      },
    });
  } finally {
    await page.close();
  }
}
