// Issue 43, acceptance 1: the README's demo path, as a new user takes it. A fresh workbench, sign
// in, pick a catalog the list offers, select Catalog!A2, check, Preview, Import; then the same
// again. For each catalog the demo offers, the result in the log sheets matches the prediction row
// by row: first every row "unknown" (this workbook never imported there) and none ignored; then
// every row "no change" or "may clear" a value it had, all ignored as unchanged, and the blanks'
// verdict "kept". Screens in test-output/import-demo-<catalog>-<screen>.png, each checked by axe.
import type { Locator, Page } from "playwright-core";
import { openWorkbench, saveScreenshot, type WorkbenchSession } from "./harness";
import { axeSerious, catalogListLoaded, settled, signIn } from "./steps";
import type {} from "../../dev/workbench/test-api"; // window.__workbench

const BROWSER_TIMEOUT_MS = 300_000;
const OFFERED = ["Demo catalog", "Materials"] as const;

/** The codes of a prediction count's rows ("Row 2: 1", "Row 3: 1.1: may clear …"), opened. */
async function predictedCodes(app: Locator, id: string): Promise<string[]> {
  const item = app.getByTestId(`prediction-${id}`);
  if ((await item.count()) === 0) return [];
  await app.getByTestId(`prediction-${id}-toggle`).click();
  const rows = await app.getByTestId(`prediction-${id}-rows`).locator("li").allTextContents();
  return rows.map((r) => /^Row \d+: ([^:]+)/.exec(r)?.[1]?.trim() ?? `?${r}`);
}

/** The sheets' names now: a later import's log sheets are the ones not among them. */
async function sheetNames(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__workbench.sheets().map((s) => s.name));
}

/** The Code column of the log sheet starting with `prefix` not among `before`; [] when none. */
async function loggedCodes(page: Page, prefix: string, before: readonly string[] = []): Promise<string[]> {
  return page.evaluate(
    ([start, old]) => {
      const sheets = window.__workbench
        .sheets()
        .filter((s) => s.name.startsWith(start) && !old.includes(s.name));
      const sheet = sheets[sheets.length - 1];
      if (!sheet) return [];
      const values = window.__workbench.getValues(sheet.name);
      const code = (values[0] ?? []).findIndex((h) => h === "Code" || h === "Code after");
      return values.slice(1).map((r) => String(r[code] ?? ""));
    },
    [prefix, before] as const,
  );
}

describe.each(OFFERED)("The README's demo into %s", (catalog) => {
  let wb: WorkbenchSession;
  beforeAll(async () => {
    wb = await openWorkbench();
  }, BROWSER_TIMEOUT_MS);
  afterAll(async () => {
    await wb?.close();
  }, BROWSER_TIMEOUT_MS);

  const slug = catalog.toLowerCase().replace(/\s+/g, "-");
  async function screen(page: Page, name: string, show?: Locator): Promise<void> {
    if (show) await show.evaluate((el) => el.scrollIntoView({ block: "start" }));
    await settled(page);
    await saveScreenshot(page, `import-demo-${slug}-${name}`);
    expect(await axeSerious(page)).toEqual([]);
  }

  async function previewSample(page: Page): Promise<void> {
    const app = page.locator("#app");
    await page.evaluate(() => window.__workbench.select("Catalog", "A2"));
    await app.locator('button[name="useSelection"]').click();
    await app.getByTestId("import-check").waitFor();
    await expect(app.getByTestId("import-range").textContent()).resolves.toContain("Catalog!A1:G17");
    await app.locator('button[name="toPreview"]').click();
    await app.getByTestId("import-prediction").waitFor();
    await app.getByTestId("prediction-basis").waitFor();
  }

  async function importAndWait(page: Page): Promise<void> {
    const app = page.locator("#app");
    await app.locator('button[name="startImport"]').click();
    await app.getByTestId("import-result").waitFor({ timeout: 60_000 });
    await app.locator('button[name="openSummary"]').waitFor({ timeout: 60_000 });
  }

  it(
    "takes every row as predicted, then again changes nothing, as predicted",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      await signIn(page, wb.emulator);
      await app.getByTestId("import-source").waitFor();
      await catalogListLoaded(page);

      // The catalog from the list the demo offers.
      const field = app.locator('input[name="catalogName"]');
      await field.click();
      await field.fill("");
      for (const name of OFFERED) await app.getByRole("option", { name: new RegExp(`^${name}`) }).waitFor();
      await app.getByRole("option", { name: new RegExp(`^${catalog}`) }).click();
      await expect(field.inputValue()).resolves.toBe(catalog);

      // First import: nothing is known of the catalog's content, so every row is unknown.
      await previewSample(page);
      const prediction = app.getByTestId("import-prediction");
      await expect(app.getByTestId("prediction-unknown").textContent()).resolves.toMatch(/^16 unknown/);
      await expect(prediction.textContent()).resolves.not.toMatch(/will be ignored/);
      const unknown = await predictedCodes(app, "unknown");
      expect(unknown).toHaveLength(16);
      await screen(page, "preview", prediction);

      await importAndWait(page);
      await screen(page, "result", app.getByTestId("import-result"));
      const taken = [...(await loggedCodes(page, "Inserted ")), ...(await loggedCodes(page, "Updated "))];
      // Row by row: each unknown row was taken (inserted or updated), none ignored.
      expect(taken.sort()).toEqual([...unknown].sort());
      expect(await loggedCodes(page, "Ignored ")).toEqual([]);

      // Again: the workbook's last import is known now.
      await app.locator('button[name="importAgain"]').click();
      await app.getByTestId("import-source").waitFor();
      await previewSample(page);
      const unchanged = await predictedCodes(app, "unchanged");
      const mayClear = await predictedCodes(app, "mayClear");
      expect([...unchanged, ...mayClear].sort()).toEqual([...unknown].sort());
      // In Demo catalog the section rows (no currency in the sheet) kept the RUB they had there.
      expect(mayClear.sort()).toEqual(catalog === "Demo catalog" ? ["1", "2", "3", "4"] : []);
      await screen(page, "preview-again", prediction);

      const firstSheets = await sheetNames(page);
      await importAndWait(page);
      const ignored = await loggedCodes(page, "Ignored ", firstSheets);
      expect(ignored.sort()).toEqual([...unknown].sort());
      expect(await loggedCodes(page, "Updated ", firstSheets)).toEqual([]);
      expect(await loggedCodes(page, "Inserted ", firstSheets)).toEqual([]);
      // The verdict of each value a blank may have cleared: kept, as the platform did.
      if (mayClear.length > 0) {
        const verdicts = await app.getByTestId("import-blanks").locator("li").allTextContents();
        expect(verdicts).toHaveLength(mayClear.length);
        for (const v of verdicts) expect(v).toMatch(/^\d: currency \(was RUB\): kept$/);
      } else {
        await expect(app.getByTestId("import-blanks").count()).resolves.toBe(0);
      }
      await screen(page, "result-again", app.getByTestId("import-result"));
    },
    BROWSER_TIMEOUT_MS,
  );
});
