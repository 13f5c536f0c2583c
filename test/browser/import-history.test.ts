// The History tab and an import that meets trouble, in the workbench as an estimator sees them
// (issue 12, acceptance 3 and 4): 503s and a 429 with Retry-After on the job status while polling
// (the pane says "Reconnecting…" and the import ends well), and a job whose pane and workbook are
// closed mid-job: opened again, it is picked up from the workbook's history and finishes with its
// log sheets. Faults come from the emulator's own fault rules (real responses with CORS headers),
// not from playwright routes. Every screen is checked by axe-core and saved in test-output/.
import type { Page } from "playwright-core";
import { TestClock } from "../../emulator/src/clock";
import { openWorkbench, saveScreenshot, type WorkbenchSession } from "./harness";
import { axeSerious, catalogListLoaded, settled, signIn, signInAgain } from "./steps";
import type {} from "../../dev/workbench/test-api"; // window.__workbench

const BROWSER_TIMEOUT_MS = 240_000;
const SHEET = "Catalog";
const CATALOG = "Materials";
const STATUS = "GET /api/import/catalog/json/external/statusbyjobid";
/** The narrowest task pane Office allows. */
const PANE_WIDTH = 320;

let wb: WorkbenchSession;
/** The emulator's request log ("<time> METHOD path status…"). */
const requests: string[] = [];

function posts(): number {
  return requests.filter((line) => {
    const [, method, path] = line.split(" ");
    return method === "POST" && (path ?? "").startsWith("/api/import/catalog/json/external");
  }).length;
}

/**
 * The emulator's clock, and a job that ends only when the test moves it on. At 0.1 % per second a
 * job would take 1000 s of real time, far beyond a test's limit, so it is still running however long
 * the machine takes to stop waiting, follow again, close the pane and the workbook and sign in
 * again. Once a test has seen what it came for, it moves the clock on by JOB_REST_MS (the whole
 * job's time), and the job ends at the emulator's next tick.
 */
const clock = new TestClock();
const JOB_SPEED = 0.1;
const JOB_REST_MS = 1_000_000;

beforeAll(async () => {
  wb = await openWorkbench({
    emulator: { jobSpeed: JOB_SPEED, clock, log: (line) => requests.push(line) },
  });
}, BROWSER_TIMEOUT_MS);
afterAll(async () => {
  await wb?.close();
}, BROWSER_TIMEOUT_MS);
afterEach(() => wb?.emulator.faults.clear());

async function screen(page: Page, name: string): Promise<void> {
  await settled(page);
  await saveScreenshot(page, name);
  expect(await axeSerious(page)).toEqual([]);
}

async function openTab(page: Page, name: "Import" | "History"): Promise<void> {
  await page.locator("#app").getByRole("tab", { name }).click();
  await page
    .locator("#app")
    .getByTestId(name === "History" ? "history" : /^import-/)
    .first()
    .waitFor();
}

/** Source → check → preview of the demo positions, ready to import. */
async function previewDemo(page: Page): Promise<void> {
  const app = page.locator("#app");
  await app.getByTestId("import-source").waitFor();
  await catalogListLoaded(page);
  await app.locator('input[name="catalogName"]').fill(CATALOG);
  await page.evaluate((sheet) => window.__workbench.select(sheet, "B3"), SHEET);
  await app.locator('button[name="useSelection"]').click();
  await app.getByTestId("import-check").waitFor();
  await app.locator('button[name="toPreview"]').click();
  await app.getByTestId("import-preview").waitFor();
}

function logSheets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    window.__workbench
      .sheets()
      .map((s) => s.name)
      .filter((n) => /^(Import|Inserted|Updated|Deleted|Ignored) \d{4}-/.test(n)),
  );
}

/** The jobs the workbook's document settings record as running. */
function runningInSettings(page: Page): Promise<{ jobId: string; status: string }[]> {
  return page.evaluate(() => {
    // One setting per job (src/import/store/history.ts).
    const history = Object.entries(window.__workbench.documentSettings())
      .filter(([key]) => key.startsWith("boq-bridge.import.job.v2."))
      .map(([, entry]) => entry) as { jobId: string; status: string }[];
    return history.filter((e) => e.status === "running");
  });
}

describe("The History tab and an import that meets trouble", () => {
  it(
    "shows an empty history, says Reconnecting… through 503s and a 429 while polling, ends well and lists the import",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      await page.evaluate((px) => window.__workbench.setPaneWidth(px), PANE_WIDTH);
      await signIn(page, wb.emulator);

      // History before any import: worded for an estimator.
      await openTab(page, "History");
      await app.getByTestId("history-empty").waitFor();
      await expect(app.getByTestId("history-empty").textContent()).resolves.toContain(
        "No price catalog has been imported from this workbook yet",
      );
      await screen(page, "history-empty");

      await openTab(page, "Import");
      await previewDemo(page);
      // The status endpoint fails twice with 503, then asks to wait 1 s (429 with Retry-After).
      wb.emulator.faults.failNext(STATUS, 2, 503);
      wb.emulator.faults.throttleNext(STATUS, 1, 1);
      await app.locator('button[name="startImport"]').click();
      await app.getByTestId("import-reconnecting").filter({ hasText: "Reconnecting…" }).waitFor();
      // A passing fault is no error: the progress screen stays, nothing says "failed".
      await expect(app.getByTestId("import-progress").count()).resolves.toBe(1);
      await screen(page, "import-progress-reconnecting");
      clock.advance(JOB_REST_MS);

      await app.getByTestId("import-result").waitFor({ timeout: 120_000 });
      await app.locator('button[name="openSummary"]').waitFor({ timeout: 120_000 });
      await expect(app.getByTestId("import-counts").textContent()).resolves.toContain("16 inserted");
      await expect(app.getByTestId("import-error").count()).resolves.toBe(0);
      // Every injected fault was used up by the polling.
      expect(wb.emulator.faults.list().rules.every((r) => r.remaining === 0)).toBe(true);

      // The History tab lists the import as done, with its counts and job id.
      await openTab(page, "History");
      const entry = app.getByTestId("history-entry");
      await expect(entry.count()).resolves.toBe(1);
      await expect(entry.getAttribute("data-status")).resolves.toBe("done");
      await expect(entry.getByTestId("history-status").textContent()).resolves.toBe("Done");
      await expect(entry.getByTestId("history-counts").textContent()).resolves.toContain("16 inserted");
      const jobId = await entry.getAttribute("data-job");
      expect(jobId).toBeTruthy();
      await expect(entry.textContent()).resolves.toContain(`Job ${jobId}`);
      await screen(page, "history-entries");

      // The log written into sheets again by job id, from the keyboard.
      const before = await logSheets(page);
      await entry.locator('button[name="historyReopen"]').focus();
      await page.keyboard.press("Enter");
      await entry.getByTestId("history-reopened").waitFor({ timeout: 30_000 });
      const after = await logSheets(page);
      expect(after.length).toBe(before.length + 2); // Inserted and the summary, named apart
      await screen(page, "history-log-written-again");

      // The latest import of the catalog, asked by name.
      await app.locator('input[name="latestCatalog"]').fill(CATALOG);
      await app.locator('button[name="latestAsk"]').click();
      await app.getByTestId("history-latest-result").waitFor();
      await expect(app.getByTestId("history-latest-result").textContent()).resolves.toContain(
        `Latest import of “${CATALOG}”: Done.`,
      );
      await expect(app.getByTestId("history-latest-result").textContent()).resolves.toContain(`Job ${jobId}`);
      await app.getByTestId("history-latest").evaluate((el) => el.scrollIntoView({ block: "center" }));
      await screen(page, "history-latest");
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "picks a job up again when the pane and the workbook were closed mid-job, and finishes it with its log",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      await openTab(page, "Import");
      const again = app.locator('button[name="importAgain"]');
      if ((await again.count()) > 0) await again.click();
      await previewDemo(page);
      await app.locator('button[name="startImport"]').click();
      // The job runs: its id is in the workbook's settings before the first status request.
      await app
        .getByTestId("import-status")
        .filter({ hasText: "Importing the positions" })
        .waitFor({ timeout: 30_000 });
      const running = await runningInSettings(page);
      expect(running).toHaveLength(1);
      const jobId = running[0]?.jobId ?? "";
      const postsBefore = posts();

      // "Stop waiting": the History tab shows the job running, nobody following it, with Follow.
      await app.locator('button[name="stopWaiting"]').click();
      await app.getByTestId("import-result").waitFor();
      await openTab(page, "History");
      const entry = app.locator(`[data-testid="history-entry"][data-job="${jobId}"]`);
      await expect(entry.getAttribute("data-status")).resolves.toBe("running");
      await expect(entry.getByTestId("history-status").textContent()).resolves.toBe("Running");
      await expect(entry.textContent()).resolves.toContain("Still running on the platform");
      await screen(page, "history-detached");
      // Follow (from the keyboard): the entry shows the job's progress again.
      await entry.locator('button[name="historyFollow"]').focus();
      await page.keyboard.press("Space");
      await entry.getByTestId("history-progress").waitFor();
      await expect(entry.locator('button[name="historyFollow"]').count()).resolves.toBe(0);
      await screen(page, "history-following");

      // The user closes the task pane, saves the workbook and closes Excel while the job runs (the
      // workbook says so); later the workbook is opened again.
      await page.locator("#wb-pane-close").click();
      expect((await runningInSettings(page)).map((e) => e.jobId)).toEqual([jobId]);
      await expect(page.locator("#wb-pane").isHidden()).resolves.toBe(true);
      // Before saving, the user deletes the first import's summary sheets (the one first written and
      // the one written again); its history entry stays.
      const firstSummaries = (await logSheets(page)).filter((n) => n.startsWith("Import "));
      expect(firstSummaries.length).toBe(2);
      await page.evaluate(
        (names) =>
          Excel.run(async (context) => {
            for (const name of names) context.workbook.worksheets.getItem(name).delete();
            await context.sync();
          }),
        firstSummaries,
      );
      await page.evaluate(() => window.__workbench.saveWorkbook());
      await Promise.all([
        page.waitForEvent("load"),
        page.evaluate(() => window.__workbench.reopenWorkbook()).catch(() => undefined),
      ]);
      await page.evaluate((px) => window.__workbench.setPaneWidth(px), PANE_WIDTH);

      // The pane opens; the user did not ask to stay signed in, so signs in again (the server is
      // remembered). Then the Import tab picks the job up from the workbook's history.
      await app.locator('input[name="password"]').waitFor({ timeout: 30_000 });
      await signInAgain(page, wb.emulator);
      await app.getByTestId("import-progress").waitFor({ timeout: 30_000 });
      await expect(app.getByRole("heading", { level: 2 }).first().textContent()).resolves.toContain(CATALOG);
      await screen(page, "import-resumed");
      // The History tab shows the job running, followed by the pane, with its progress.
      await openTab(page, "History");
      const resumedEntry = app.locator(`[data-testid="history-entry"][data-job="${jobId}"]`);
      await expect(resumedEntry.getAttribute("data-status")).resolves.toBe("running");
      await resumedEntry.getByTestId("history-progress").waitFor();
      await screen(page, "history-running");
      await openTab(page, "Import");
      clock.advance(JOB_REST_MS);

      await app.getByTestId("import-result").waitFor({ timeout: 120_000 });
      await app.locator('button[name="openSummary"]').waitFor({ timeout: 120_000 });
      await expect(app.getByTestId("import-counts").textContent()).resolves.toContain("16 ignored");
      const sheets = await logSheets(page);
      expect(sheets.some((n) => n.startsWith("Ignored "))).toBe(true);
      expect(sheets.some((n) => n.startsWith("Import "))).toBe(true);
      await screen(page, "import-resumed-result");
      // The same job was followed: nothing was posted again.
      expect(posts()).toBe(postsBefore);

      // The history shows the job ended, newest first, above the first import. The same 16 rows
      // were imported before, so the platform ignored them all: a job that changed nothing is a
      // warning, not a green Done (issue 26).
      await openTab(page, "History");
      const entries = app.getByTestId("history-entry");
      await expect(entries.count()).resolves.toBe(2);
      await expect(entries.first().getAttribute("data-job")).resolves.toBe(jobId);
      await expect(entries.first().getAttribute("data-status")).resolves.toBe("warning");
      await expect(entries.first().getByTestId("history-counts").textContent()).resolves.toContain(
        "16 ignored",
      );
      await screen(page, "history-resumed-nothing-changed");
      // The first import's summary sheets were deleted before the save: opening it says why.
      await entries.nth(1).locator('button[name="historyOpenSummary"]').click();
      await entries.nth(1).getByRole("alert").waitFor();
      await expect(entries.nth(1).getByRole("alert").textContent()).resolves.toMatch(/Import \d{4}-/);
      // The warning is brought into view in the pane, not left below the fold. The pane scrolls in
      // an effect, after the frame that showed the warning: read once that has run and been painted.
      await settled(page);
      const inView = await entries
        .nth(1)
        .getByRole("alert")
        .evaluate((el) => {
          // The pane's scrolling area in the workbench (#app), as the window is in Excel.
          const r = el.getBoundingClientRect();
          const pane = document.getElementById("app");
          const box = pane ? pane.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
          return r.top >= box.top && r.bottom <= box.bottom;
        });
      expect(inView).toBe(true);
      await screen(page, "history-sheet-missing");
      // The browser logs each injected 503 and 429 itself; nothing else went wrong in the page.
      const injected = /^Failed to load resource: the server responded with a status of (503|429)\b/;
      expect(wb.pageErrors.filter((e) => !injected.test(e))).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );
});
