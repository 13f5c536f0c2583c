// Merged cells and another table where the import would write (issue 24, item 2), in the
// workbench as an estimator sees them: the Result column beside the range meets merged cells, then
// a table next to it; each time nothing is sent and the pane names the cell and the fix, in
// English and in Russian. Screenshots in test-output/; every screen is checked by axe-core.
// Merged cells are found with Range.getMergedAreasOrNullObject (ExcelApi 1.13): an Excel below it
// (WORKBENCH_EXCEL_API=1.10) cannot tell them, so there only the table is tried, in both languages.
import type { Page } from "playwright-core";
import { excelApiBelow, openWorkbench, saveScreenshot, type WorkbenchSession } from "./harness";
import { axeSerious, catalogListLoaded, settled, signIn, signInAgain } from "./steps";
import type {} from "../../dev/workbench/test-api"; // window.__workbench

const BROWSER_TIMEOUT_MS = 240_000;
const PANE_WIDTH = 320;
const MERGES_SEEN = !excelApiBelow("1.13");

let wb: WorkbenchSession;
const requests: string[] = [];

beforeAll(async () => {
  wb = await openWorkbench({ emulator: { log: (line) => requests.push(line) } });
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

/** Source → check → preview of the demo catalog with the Result column, then Import. */
async function importWithResult(page: Page, catalog: string): Promise<void> {
  const app = page.locator("#app");
  const again = app.locator('button[name="importAgain"]');
  if ((await again.count()) > 0) await again.click();
  await app.getByTestId("import-source").waitFor();
  await catalogListLoaded(page);
  await app.locator('input[name="catalogName"]').fill(catalog);
  // The catalog's own cells, selected as a range (a single cell would grow to take a table beside it in).
  await page.evaluate(() => window.__workbench.select("Catalog", "A1:G17"));
  await app.locator('button[name="useSelection"]').click();
  await app.getByTestId("import-check").waitFor();
  await app.locator('button[name="toPreview"]').click();
  await app.getByTestId("import-preview").waitFor();
  const result = app.locator('input[name="resultColumn"]');
  if (!(await result.isChecked())) await result.click();
  await app.locator('button[name="startImport"]').click();
  await app.getByTestId("import-error").waitFor({ timeout: 30_000 });
}

describe("Merged cells or a table where the Result column goes", () => {
  it(
    "stop the import before anything is sent, naming the cell and the fix",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      await page.evaluate((px) => window.__workbench.setPaneWidth(px), PANE_WIDTH);
      await signIn(page, wb.emulator);
      const used = await page.evaluate(() => window.__workbench.getValues("Catalog"));
      const width = used[0]?.length ?? 0;
      expect(width).toBe(7); // the demo catalog: A:G, so the Result column would be H
      const before = posts();

      if (MERGES_SEEN) {
        await page.evaluate(() => window.__workbench.mergeCells("Catalog", "H5:I5"));
        await importWithResult(page, "Materials");
        await expect(app.getByTestId("import-error").textContent()).resolves.toBe(
          "Nothing was sent: the Result column goes beside your range, and cell Catalog!H5 there is part of the merged cells H5:I5, where Excel keeps only the first cell’s value. Unmerge them (Home > Merge & Center > Unmerge Cells), or untick “Add a Result column beside the range”, then import again.",
        );
        await settled(page);
        await saveScreenshot(page, "import-blocked-merged-en");
        expect(await axeSerious(page)).toEqual([]);
        expect(posts()).toBe(before);
        await page.evaluate(() => window.__workbench.unmergeCells("Catalog", "H5:I5"));
      }

      const table = await page.evaluate(() => window.__workbench.addTable("Catalog", "H1:I4", true));
      await importWithResult(page, "Materials");
      await expect(app.getByTestId("import-error").textContent()).resolves.toContain(
        `cell Catalog!H1 there is in the table “${table}” or right next to it`,
      );
      await settled(page);
      await saveScreenshot(page, "import-blocked-table-en");
      expect(await axeSerious(page)).toEqual([]);
      expect(posts()).toBe(before);

      // In Russian (a new workbench page: the demo workbook again).
      await page.goto(`${wb.origin}/workbench.html?displayLanguage=ru-RU`);
      await page.evaluate((px) => window.__workbench.setPaneWidth(px), PANE_WIDTH);
      await app.locator('input[name="password"]').waitFor({ timeout: 30_000 });
      await signInAgain(page, wb.emulator);
      if (MERGES_SEEN) {
        await page.evaluate(() => window.__workbench.mergeCells("Catalog", "H5:I5"));
        await importWithResult(page, "Materials");
        await expect(app.getByTestId("import-error").textContent()).resolves.toContain(
          "а ячейка Catalog!H5 там входит в объединённые ячейки H5:I5",
        );
      } else {
        await page.evaluate(() => window.__workbench.addTable("Catalog", "H1:I4", true));
        await importWithResult(page, "Materials");
        await expect(app.getByTestId("import-error").textContent()).resolves.toContain("Catalog!H1");
      }
      await settled(page);
      await saveScreenshot(page, `import-blocked-${MERGES_SEEN ? "merged" : "table"}-ru`);
      expect(await axeSerious(page)).toEqual([]);
      expect(posts()).toBe(before);
      expect(wb.pageErrors).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );
});
