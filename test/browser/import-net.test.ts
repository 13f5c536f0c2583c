// The import's answer when the network between the pane and the platform misbehaves (issue 40,
// acceptance 2), in the workbench as an estimator meets it:
// - the platform makes the job, then a proxy answers 524 (the origin timed out) with its own HTML
//   page: the pane keeps the import, offers the job as probably this import with the 524 one click
//   away under "Show details" and never in its sentence, and follows it once confirmed; one POST
//   (counted at the emulator), in English and in Russian;
// - the platform answers the import 429 with a Retry-After: nothing was done, so the pane shows
//   the size it sends and that it waits, then sends the import once more and follows its job.
// Each screen: axe-core, and a screenshot of the 320 px pane in test-output/import-net-*.png.
import path from "path";
import type { Locator, Page } from "playwright-core";
import { openWorkbench, TEST_OUTPUT_DIR, type WorkbenchSession } from "./harness";
import { axeSerious, catalogListLoaded, settled, signIn, signInAgain } from "./steps";
import type {} from "../../dev/workbench/test-api"; // window.__workbench

const BROWSER_TIMEOUT_MS = 300_000;
const SHEET = "Catalog";
const IMPORT = "/api/import/catalog/json/external";
/** The narrowest task pane Office allows. */
const PANE_WIDTH = 320;
/** The setting that keeps an import whose answer is not known yet (src/import/store). */
const PENDING_KEY = "boq-bridge.import.pending.v1";
/** Long enough that the pane's waiting is on screen while the test looks at it. */
const RETRY_AFTER_SECONDS = 10;

let wb: WorkbenchSession;
/** The emulator's request log ("value METHOD path status…"). */
const requests: string[] = [];

function posts(): number {
  return requests.filter((line) => {
    const [, method, path] = line.split(" ");
    return method === "POST" && path === IMPORT;
  }).length;
}

beforeAll(async () => {
  wb = await openWorkbench({ emulator: { log: (line) => requests.push(line) } });
  // Tall enough that the pane's screenshot holds the whole screen.
  await wb.page.setViewportSize({ width: 1400, height: 1300 });
}, BROWSER_TIMEOUT_MS);
afterAll(async () => {
  await wb?.close();
}, BROWSER_TIMEOUT_MS);
afterEach(() => wb?.emulator.faults.clear());

/** The pane (or `what`) saved as test-output/<name>.png, and axe over the pane: no serious violation. */
async function screen(page: Page, name: string, what?: Locator): Promise<void> {
  await settled(page);
  await (what ?? page.locator("#wb-pane")).screenshot({ path: path.join(TEST_OUTPUT_DIR, `${name}.png`) });
  expect(await axeSerious(page)).toEqual([]);
}

async function narrowPane(page: Page): Promise<void> {
  await page.evaluate((px) => window.__workbench.setPaneWidth(px), PANE_WIDTH);
}

/** A new empty catalog of the demo company on the platform, no import of it yet. */
function newCatalog(name: string): string {
  const company = wb.emulator.demo.companies.find((c) => c.name === "Northwind Construction");
  if (!company) throw new Error("no demo company");
  wb.emulator.catalogs.create(company.id, name);
  return name;
}

/** Source → check → preview of the demo positions into `catalog`, ready to import. */
async function previewDemo(page: Page, catalog: string): Promise<void> {
  const app = page.locator("#app");
  await app.locator('[data-testid^="import-"]').first().waitFor();
  const again = app.locator('button[name="importAgain"]');
  if ((await again.count()) > 0) await again.click();
  await app.getByTestId("import-source").waitFor();
  await catalogListLoaded(page);
  await app.locator('input[name="catalogName"]').fill(catalog);
  await page.evaluate((sheet) => window.__workbench.select(sheet, "B3"), SHEET);
  await app.locator('button[name="useSelection"]').click();
  await app.getByTestId("import-check").waitFor();
  await app.locator('button[name="toPreview"]').click();
  await app.getByTestId("import-preview").waitFor();
}

function settingsOf(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(() => window.__workbench.documentSettings());
}

const WORDS = {
  en: {
    query: "en-US",
    title: "No answer from the platform",
    probable: "Probably this import",
    showDetails: "Show details",
    inserted: /16 inserted/,
  },
  ru: {
    query: "ru-RU",
    title: "Платформа не ответила",
    probable: "Вероятно, это ваш импорт",
    showDetails: "Подробнее",
    inserted: /Добавлено: 16/,
  },
} as const;

describe("The platform made the job, then a proxy answered 524", () => {
  for (const language of ["en", "ru"] as const) {
    const words = WORDS[language];
    it(
      `(${language}) keeps the import, offers the job with the 524 under the details, follows it once confirmed: one POST`,
      async () => {
        const { page } = wb;
        const app = page.locator("#app");
        if (language === "en") {
          await narrowPane(page);
          await signIn(page, wb.emulator);
        } else {
          await page.goto(`${wb.origin}/workbench.html?displayLanguage=${words.query}`);
          await narrowPane(page);
          await app.locator('input[name="password"]').waitFor({ timeout: 30_000 });
          await signInAgain(page, wb.emulator);
        }
        const catalog = newCatalog(language === "en" ? "Gateway timeout" : "Шлюз не дождался");
        await previewDemo(page, catalog);
        const before = posts();
        wb.emulator.faults.processThenStatusNext(`POST ${IMPORT}`, 1, 524, "html");
        await app.locator('button[name="startImport"]').click();

        await app.getByTestId("import-lost-probable").waitFor({ timeout: 60_000 });
        await expect(app.getByRole("heading", { level: 2 }).first().textContent()).resolves.toBe(words.title);
        await expect(app.getByTestId("import-lost-probable").textContent()).resolves.toContain(
          words.probable,
        );
        // Never "refused, import again": the import is kept in the workbook, posted once.
        expect((await settingsOf(page))[PENDING_KEY]).toMatchObject({ catalogName: catalog });
        expect(posts() - before).toBe(1);
        await expect(app.locator('button[name="followLost"]').count()).resolves.toBe(1);
        // The sentence holds no status and none of the proxy's page; the details do.
        const lost = app.getByTestId("import-lost");
        await expect(lost.textContent()).resolves.not.toMatch(/HTTP|524|Ray ID|<html/i);
        const bar = app.locator(".fui-messagebar").filter({ has: page.getByTestId("import-lost-intro") });
        await bar.getByRole("button", { name: words.showDetails }).click();
        await expect(bar.getByTestId("message-details").textContent()).resolves.toContain("HTTP 524");
        await screen(page, `import-net-524-${language}`);

        // Followed once the user confirms: its log written, nothing pending, still one POST.
        await app.locator('button[name="followLost"]').focus();
        await page.keyboard.press("Enter");
        await app.getByTestId("import-result").waitFor({ timeout: 120_000 });
        await app.locator('button[name="openSummary"]').waitFor({ timeout: 120_000 });
        await expect(app.getByTestId("import-counts").textContent()).resolves.toMatch(words.inserted);
        expect((await settingsOf(page))[PENDING_KEY] ?? null).toBeNull();
        expect(posts() - before).toBe(1);
      },
      BROWSER_TIMEOUT_MS,
    );
  }
});

describe("The platform answered the import 429 with a Retry-After", () => {
  it(
    "shows the size sent and the waiting, sends the import once more after it, and follows its job",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      await page.goto(`${wb.origin}/workbench.html?displayLanguage=en-US`);
      await narrowPane(page);
      await app.locator('input[name="password"]').waitFor({ timeout: 30_000 });
      await signInAgain(page, wb.emulator);
      const catalog = newCatalog("Platform busy");
      await previewDemo(page, catalog);
      const before = posts();
      wb.emulator.faults.throttleNext(`POST ${IMPORT}`, 1, RETRY_AFTER_SECONDS);
      await app.locator('button[name="startImport"]').click();

      // Refused before anything was done: the pane waits as asked, and says so with the size.
      const throttled = app.getByTestId("import-throttled");
      await throttled.waitFor({ timeout: 60_000 });
      await expect(throttled.textContent()).resolves.toMatch(
        /The platform is busy and asked to wait\. Nothing has been imported yet: (the pane sends the import again in \d+ s|sending again…)/,
      );
      // Counted down from what the platform asked for, never more.
      const seconds = Number(/again in (\d+) s/.exec((await throttled.textContent()) ?? "")?.[1] ?? 0);
      expect(seconds).toBeLessThanOrEqual(RETRY_AFTER_SECONDS);
      expect(posts() - before).toBe(1);
      await expect(app.textContent()).resolves.toMatch(/Sending \d+(\.\d)? (KB|MB) to the platform…/);
      await expect(app.getByTestId("import-posting-limit").textContent()).resolves.toMatch(
        /The pane waits up to \d+ s for the platform’s answer/,
      );
      await expect(app.textContent()).resolves.not.toMatch(/HTTP|429|Retry-After/);
      await screen(page, "import-net-429-en");

      // Sent once more after the pause: the job is followed to its log, one job in the history.
      await app.getByTestId("import-result").waitFor({ timeout: 120_000 });
      await app.locator('button[name="openSummary"]').waitFor({ timeout: 120_000 });
      await expect(app.getByTestId("import-counts").textContent()).resolves.toMatch(/16 inserted/);
      expect(posts() - before).toBe(2);
      // The first was answered 429, the second made the job.
      const statuses = requests.filter((line) => line.split(" ")[2] === IMPORT).map((l) => l.split(" ")[3]);
      expect(statuses.slice(-2)).toEqual(["429", "200"]);
      expect((await settingsOf(page))[PENDING_KEY] ?? null).toBeNull();
      expect(wb.pageErrors.filter((e) => !/^Failed to load resource/.test(e))).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );
});
