// A job started and the workbook then closed WITHOUT saving (issue 24, item 2): document settings
// reach the file only when it is saved (the workbench's reopenWorkbook() is Excel closing without
// saving), so the job is noted outside the workbook too, in OfficeRuntime.storage; opened again,
// the pane finds it there, follows it to its log, and the note goes. With the storage full (its
// 10 MB shared with other add-ins), the job goes on and the pane says what that means.
// Screenshots in test-output/; every screen is checked by axe-core.
import type { Page } from "playwright-core";
import { TestClock } from "../../emulator/src/clock";
import { openWorkbench, saveScreenshot, type WorkbenchSession } from "./harness";
import { axeSerious, catalogListLoaded, settled, signIn, signInAgain } from "./steps";
import type {} from "../../dev/workbench/test-api"; // window.__workbench

const BROWSER_TIMEOUT_MS = 240_000;
const SHEET = "Catalog";
const CATALOG = "Materials";
const PANE_WIDTH = 320;
/** src/import/store/kept.ts keeps each note in an OfficeRuntime.storage item of its own, so prefixed. */
const NOTE_KEY_PREFIX = "boq-bridge.import.note.v2.";

let wb: WorkbenchSession;
const requests: string[] = [];
/**
 * The emulator's clock, and a job that ends only when the test moves it on: at 0.1 % a second it
 * would take 1000 s of real time, so it is still running however slowly the workbook is closed and
 * opened again; once seen running, the clock moves on by the whole job's time (JOB_REST_MS).
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

function posts(): number {
  return requests.filter((line) => {
    const [, method, path] = line.split(" ");
    return method === "POST" && (path ?? "").startsWith("/api/import/catalog/json/external");
  }).length;
}

async function screen(page: Page, name: string): Promise<void> {
  await settled(page);
  await saveScreenshot(page, name);
  expect(await axeSerious(page)).toEqual([]);
}

async function startImport(page: Page): Promise<void> {
  const app = page.locator("#app");
  await app.getByTestId("import-source").waitFor();
  await catalogListLoaded(page);
  await app.locator('input[name="catalogName"]').fill(CATALOG);
  await page.evaluate((sheet) => window.__workbench.select(sheet, "B3"), SHEET);
  await app.locator('button[name="useSelection"]').click();
  await app.getByTestId("import-check").waitFor();
  await app.locator('button[name="toPreview"]').click();
  await app.getByTestId("import-preview").waitFor();
  await app.locator('button[name="startImport"]').click();
  await app
    .getByTestId("import-status")
    .filter({ hasText: "Importing the positions" })
    .waitFor({ timeout: 30_000 });
}

function keptNotes(page: Page): Promise<Array<{ entry: { jobId: string } | null }>> {
  return page.evaluate(
    (prefix) =>
      Object.entries(window.__workbench.storageItems())
        .filter(([key]) => key.startsWith(prefix))
        .map(([, value]) => JSON.parse(value) as { entry: { jobId: string } | null }),
    NOTE_KEY_PREFIX,
  );
}

describe("A job whose workbook is closed without saving", () => {
  it(
    "is found when the workbook is opened again, followed to its log, and its note outside the workbook goes",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      await page.evaluate((px) => window.__workbench.setPaneWidth(px), PANE_WIDTH);
      await signIn(page, wb.emulator);
      await startImport(page);
      const notes = await keptNotes(page);
      expect(notes).toHaveLength(1);
      const jobId = notes[0]?.entry?.jobId ?? "";
      expect(jobId).toMatch(/\S/);
      const postsBefore = posts();

      // Excel closes without saving: the file never held the job (nor anything of the import).
      await page.locator("#wb-pane-close").click();
      await Promise.all([
        page.waitForEvent("load"),
        page.evaluate(() => window.__workbench.reopenWorkbook()).catch(() => undefined),
      ]);
      expect(await page.evaluate(() => window.__workbench.documentSettings())).toEqual({});
      await page.evaluate((px) => window.__workbench.setPaneWidth(px), PANE_WIDTH);

      await app.locator('input[name="password"]').waitFor({ timeout: 30_000 });
      await signInAgain(page, wb.emulator);
      await app.getByTestId("import-progress").waitFor({ timeout: 30_000 });
      await expect(app.getByRole("heading", { level: 2 }).first().textContent()).resolves.toContain(CATALOG);
      await screen(page, "import-unsaved-resumed");
      clock.advance(JOB_REST_MS);

      await app.locator('button[name="openSummary"]').waitFor({ timeout: 120_000 });
      await expect(app.getByTestId("import-counts").textContent()).resolves.toMatch(/\d+ (inserted|ignored)/);
      const sheets = await page.evaluate(() => window.__workbench.sheets().map((s) => s.name));
      expect(sheets.some((n) => /^Import \d{4}-/.test(n))).toBe(true);
      await screen(page, "import-unsaved-result");
      // The same job, never posted again; back in the workbook's history; the note is gone.
      expect(posts()).toBe(postsBefore);
      const settings = await page.evaluate(() => window.__workbench.documentSettings());
      expect(settings[`boq-bridge.import.job.v2.${jobId}`]).toMatchObject({ jobId, status: "done" });
      expect(await keptNotes(page)).toEqual([]);
      expect(wb.pageErrors).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "goes on when the storage outside the workbook is full, and the pane says it may not be found after closing without saving",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      await page.evaluate(() => window.__workbench.fillStorageAsOtherAddIns(10 * 1024 * 1024));
      const again = app.locator('button[name="importAgain"]');
      if ((await again.count()) > 0) await again.click();
      await startImport(page);
      const warning = app.getByTestId("import-kept-error");
      await warning.waitFor();
      await expect(warning.textContent()).resolves.toContain(
        "This computer's storage for add-ins is full, so the import could not be noted outside the workbook.",
      );
      await expect(warning.textContent()).resolves.toContain("if the workbook is closed without saving");
      await screen(page, "import-kept-full-en");
      clock.advance(JOB_REST_MS);
      // The job ends well; with its log in the workbook the warning goes.
      await app.locator('button[name="openSummary"]').waitFor({ timeout: 120_000 });
      await warning.waitFor({ state: "detached" });
      await page.evaluate(() => window.__workbench.fillStorageAsOtherAddIns(0));
      expect(wb.pageErrors).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );
});
