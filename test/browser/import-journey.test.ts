// The catalog import in the workbench, as an estimator does it: sign in, select the demo
// positions, check, preview, import, follow, and see the result and the Inserted sheet written
// into the workbook. Each screen is checked by axe-core (no serious or critical violation) and
// saved in test-output/import-<screen>.png.
import type { Locator, Page } from "playwright-core";
import { openWorkbench, saveScreenshot, type WorkbenchSession } from "./harness";
import { axeSerious, catalogListLoaded, settled, signIn } from "./steps";
import type {} from "../../dev/workbench/test-api"; // window.__workbench

const BROWSER_TIMEOUT_MS = 240_000;
const SHEET = "Catalog";
const CATALOG = "Materials";
const BROKEN = "Broken catalog";
// The emulator's company has the catalog "Materials"; the masonry codes (10, 11) are new in it.
const BROKEN_CATALOG = CATALOG;

let wb: WorkbenchSession;

beforeAll(async () => {
  wb = await openWorkbench();
}, BROWSER_TIMEOUT_MS);
afterAll(async () => {
  await wb?.close();
}, BROWSER_TIMEOUT_MS);

/** Saves the screen (scrolled to `show` in the pane when given) and runs axe over the pane. */
async function screen(page: Page, name: string, show?: Locator): Promise<void> {
  if (show) await show.evaluate((el) => el.scrollIntoView({ block: "start" }));
  await settled(page);
  await saveScreenshot(page, `import-${name}`);
  expect(await axeSerious(page)).toEqual([]);
}

describe("The catalog import in the workbench", () => {
  it(
    "walks select, check, preview, import and result, and writes the Inserted sheet",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      await signIn(page, wb.emulator);

      // Source: the Import tab is the first; the catalog is typed, the company is the session's.
      await app.getByTestId("import-source").waitFor();
      await catalogListLoaded(page);
      await app.locator('input[name="catalogName"]').fill(CATALOG);
      await screen(page, "source");

      // A single cell grows to the table around it.
      await page.evaluate((sheet) => window.__workbench.select(sheet, "B3"), SHEET);
      await app.locator('button[name="useSelection"]').click();
      await app.getByTestId("import-check").waitFor();
      await expect(app.getByTestId("import-range").textContent()).resolves.toContain(`${SHEET}!A1:G17`);
      await expect(app.getByTestId("import-check-summary").textContent()).resolves.toContain(
        "16 positions, 0 to delete, 0 errors",
      );
      await expect(app.getByTestId("import-mapping").textContent()).resolves.toContain("Code column: B");
      await screen(page, "check");

      // Preview: exactly what will be sent, and the tree by level.
      await app.locator('button[name="toPreview"]').click();
      await app.getByTestId("import-preview").waitFor();
      await expect(app.getByTestId("import-send").textContent()).resolves.toContain("16 positions");
      await expect(app.getByTestId("import-send").textContent()).resolves.toContain(
        `Into catalog “${CATALOG}”`,
      );
      await expect(app.getByTestId("import-levels").textContent()).resolves.toContain("4 at the top level");
      const tree = app.getByRole("tree");
      await expect(tree.getByRole("treeitem").count()).resolves.toBe(4);
      // The keyboard opens a level of the tree (lazy children).
      await tree.getByRole("treeitem").first().focus();
      await page.keyboard.press("ArrowRight");
      await tree.getByRole("treeitem", { name: /1\.1 Concrete B25/ }).waitFor();
      await screen(page, "preview");

      // Import, then the result with the counts and the written sheets.
      await app.locator('button[name="startImport"]').click();
      await app.getByTestId("import-result").waitFor({ timeout: 60_000 });
      await app.locator('button[name="openSummary"]').waitFor({ timeout: 60_000 });
      await expect(app.getByTestId("import-counts").textContent()).resolves.toContain("16 inserted");
      await screen(page, "result");

      const inserted = await page.evaluate(
        () => window.__workbench.sheets().find((s) => s.name.startsWith("Inserted "))?.name ?? null,
      );
      expect(inserted).toMatch(/^Inserted \d{4}-\d\d-\d\d \d\d\.\d\d\.\d\d$/);
      if (!inserted) return;
      const header = await page.evaluate((sheet) => window.__workbench.getValues(sheet, "A1:C1"), inserted);
      expect(header[0]).toContain("Code");

      // The link opens the Inserted sheet in the workbook.
      await app.getByRole("button", { name: new RegExp(`16 inserted.*${inserted}`) }).click();
      await page.waitForFunction(
        (name) => window.__workbench.sheets().find((s) => s.active)?.name === name,
        inserted,
      );
      await saveScreenshot(page, "import-inserted-sheet");

      // The summary sheet: what was imported, where from, by whom.
      await app.locator('button[name="openSummary"]').click();
      const summary = await page.waitForFunction(
        () => window.__workbench.sheets().find((s) => s.active && s.name.startsWith("Import "))?.name ?? null,
      );
      const summaryName = (await summary.jsonValue()) as string;
      const rows = await page.evaluate((sheet) => window.__workbench.getValues(sheet, "A1:B13"), summaryName);
      const item = (label: string) => rows.find((r) => r[0] === label)?.[1];
      expect(item("Catalog")).toBe(CATALOG);
      expect(item("Inserted")).toBe(16);
      expect(String(item("Job id"))).toMatch(/^[0-9a-f]{8,}/);
      expect(item("Source range")).toBe(`${SHEET}!A1:G17`);
      await saveScreenshot(page, "import-summary-sheet");

      // Import again goes back to the source, the range kept.
      await app.locator('button[name="importAgain"]').click();
      await app.getByTestId("import-source").waitFor();
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "lists the broken catalog's problems errors first, lands on a cell, checks again after the fix, skips the rows with errors and imports the rest",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      if ((await page.getByTestId("session-user").count()) === 0) await signIn(page, wb.emulator);
      await app.getByTestId("import-source").waitFor();

      const catalog = app.locator('input[name="catalogName"]');
      await catalogListLoaded(page);
      await catalog.fill(BROKEN_CATALOG);

      await page.evaluate((sheet) => window.__workbench.select(sheet, "B2"), BROKEN);
      await app.locator('button[name="useSelection"]').click();
      await app.getByTestId("import-check").waitFor();
      await expect(app.getByTestId("import-range").textContent()).resolves.toContain(`${BROKEN}!A1:G11`);
      await expect(app.getByTestId("import-check-summary").textContent()).resolves.toContain(
        "5 errors, 3 warnings",
      );
      // Errors first, then warnings; the list renders only what is in view and says how long it is.
      const problems = app.getByTestId("import-problems");
      await expect(problems.locator("li").first().getAttribute("aria-setsize")).resolves.toBe("8");
      const seen = new Map<number, string>();
      const collect = async () => {
        const rendered = await problems
          .locator("li")
          .evaluateAll((lis) =>
            lis.map((li) => [
              Number(li.getAttribute("aria-posinset")),
              li.querySelector(".boq-import-problem-error") ? "error" : "warning",
            ]),
          );
        for (const [at, severity] of rendered) seen.set(Number(at), String(severity));
      };
      await problems.locator('li[aria-posinset="1"]').waitFor();
      await collect();
      await problems.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await problems.locator('li[aria-posinset="8"]').waitFor();
      await collect();
      await expect(problems.locator('button[data-cell="G11"]').getAttribute("class")).resolves.toContain(
        "problem-warning",
      );
      expect([...seen.entries()].sort((x, y) => x[0] - y[0]).map(([, severity]) => severity)).toEqual([
        ...Array<string>(5).fill("error"),
        ...Array<string>(3).fill("warning"),
      ]);
      await problems.evaluate((el) => el.scrollTo({ top: 0 }));
      await problems.locator('li[aria-posinset="1"]').waitFor();
      await screen(page, "check-errors", app.getByTestId("import-check"));

      // Clicking a problem selects its cell in the sheet.
      const price = problems.locator('button[data-cell="D4"]');
      await expect(price.textContent()).resolves.toContain("D4, Price");
      await price.click();
      await page.waitForFunction((sheet) => {
        const s = window.__workbench.getSelection();
        return s?.sheet === sheet && /(^|!)D4$/.test(s.address.replace(/\$/g, ""));
      }, BROKEN);
      await expect(
        page.evaluate(() => window.__workbench.sheets().find((s) => s.active)?.name),
      ).resolves.toBe(BROKEN);

      // The estimator types the price in the formula bar, then checks again: the error is gone.
      await page.locator("#wb-formula").click();
      await page.locator("#wb-formula").fill("40");
      await page.locator("#wb-formula").press("Enter");
      await expect(
        page.evaluate((sheet) => window.__workbench.getValues(sheet, "D4"), BROKEN),
      ).resolves.toEqual([[40]]);
      await app.locator('button[name="checkAgain"]').click();
      await app.getByTestId("import-check-summary").filter({ hasText: "4 errors, 3 warnings" }).waitFor();
      await expect(problems.locator('button[data-cell="D4"]').count()).resolves.toBe(0);

      // Another range selected while the pane is open is noticed and offered, never taken silently.
      // (The estimator clicks in the grid, then comes back to the pane.)
      await page.locator("#wb-sheet").hover();
      await page.evaluate((sheet) => window.__workbench.select(sheet, "B3"), SHEET);
      await app.getByTestId("import-check-summary").hover();
      const changed = app.getByTestId("import-selection-changed");
      await changed.waitFor();
      await expect(changed.textContent()).resolves.toContain(`Selection changed: use ${SHEET}!A1:G17?`);
      await screen(page, "selection-changed", changed);
      await app.locator('button[name="keepRange"]').click();
      await expect(changed.count()).resolves.toBe(0);
      await expect(app.getByTestId("import-range").textContent()).resolves.toContain(`${BROKEN}!A1:G11`);
      await page.evaluate((sheet) => window.__workbench.select(sheet, "B2"), BROKEN);

      // The mapping is editable: a column changed checks again and is remembered for the catalog,
      // with the header row it was chosen for.
      await app.getByTestId("import-mapping-edit").locator("summary").click();
      const unit = app.locator('select[name="mapping-Unit"]');
      await expect(unit.inputValue()).resolves.toBe("E");
      await expect(unit.locator("option:checked").textContent()).resolves.toBe("E: Unit");
      await screen(page, "mapping", app.getByTestId("import-mapping-edit"));
      await unit.selectOption("");
      await app.getByTestId("import-mapping").filter({ hasNotText: "Unit column" }).waitFor();
      const remembered = await page.evaluate(
        (name) =>
          (
            window.__workbench.documentSettings()["boq-bridge.import.mappings.v2"] as Record<
              string,
              Array<{ columns: Record<string, string> }>
            >
          )[name]?.[0]?.columns ?? null,
        BROKEN_CATALOG,
      );
      expect(remembered).toMatchObject({ Code: "B", Name: "C", Price: "D" });
      expect(remembered).not.toHaveProperty("Unit");
      await unit.selectOption("E");
      await app.getByTestId("import-mapping").filter({ hasText: "Unit column" }).waitFor();
      await app.getByTestId("import-mapping-edit").locator("summary").click();

      // Import stays disabled while errors remain; skipping names the rows.
      await expect(app.locator('button[name="toPreview"]').isDisabled()).resolves.toBe(true);
      const skip = app.getByRole("checkbox", { name: /Skip the 4 rows with errors/ });
      await skip.check();
      await expect(app.locator('button[name="toPreview"]').isEnabled()).resolves.toBe(true);
      await screen(page, "check-skip", app.getByTestId("import-problems"));

      await app.locator('button[name="toPreview"]').click();
      await app.getByTestId("import-preview").waitFor();
      const send = app.getByTestId("import-send");
      await expect(send.textContent()).resolves.toContain("6 positions");
      await expect(send.textContent()).resolves.toContain("4 rows with errors are left out");
      await expect(send.textContent()).resolves.toContain(`Into catalog “${BROKEN_CATALOG}”`);
      await screen(page, "preview-skipped");

      await app.locator('button[name="startImport"]').click();
      await app.getByTestId("import-result").waitFor({ timeout: 60_000 });
      await app.locator('button[name="openSummary"]').waitFor({ timeout: 60_000 });
      // The two positions whose parent code is not in the catalog (the orphan warning) are ignored.
      const counts = app.getByTestId("import-counts");
      await expect(counts.textContent()).resolves.toContain("4 inserted");
      await expect(counts.textContent()).resolves.toContain("2 ignored");

      // The summary sheet: job id (the one the history keeps), catalog, counts. The link names it
      // ("Open the summary — <sheet>"); it is read once the workbook shows it (the pane activates it
      // through Excel.run, after the click has returned).
      const openSummary = app.locator('button[name="openSummary"]');
      const named = /— (.+)$/.exec((await openSummary.textContent()) ?? "")?.[1] ?? "";
      expect(named).not.toBe("");
      await openSummary.click();
      await page.waitForFunction(
        (name) => window.__workbench.sheets().find((s) => s.active)?.name === name,
        named,
      );
      const summary = await page.evaluate(
        () => window.__workbench.sheets().find((s) => s.active)?.name ?? "",
      );
      expect(summary).toMatch(/^Import \d{4}-\d\d-\d\d \d\d\.\d\d\.\d\d$/);
      const jobId = await page.evaluate(
        (name) =>
          (
            Object.entries(window.__workbench.documentSettings())
              .filter(([key]) => key.startsWith("boq-bridge.import.job.v2."))
              .map(([, entry]) => entry) as {
              jobId: string;
              catalogName: string;
              startedAt: string;
            }[]
          )
            // The newest import of that catalog (one setting per job, in no particular order).
            .sort((a, b) => b.startedAt.localeCompare(a.startedAt))
            .find((e) => e.catalogName === name)?.jobId ?? null,
        BROKEN_CATALOG,
      );
      expect(jobId).toBeTruthy();
      const rows = await page.evaluate((sheet) => window.__workbench.getValues(sheet), summary);
      const item = (label: string) => rows.find((r) => r[0] === label)?.[1];
      expect(item("Job id")).toBe(jobId);
      expect(item("Catalog")).toBe(BROKEN_CATALOG);
      expect(item("Inserted")).toBe(4);
      expect(item("Ignored")).toBe(2);
      expect(item("Updated")).toBe(0);
      expect(item("Deleted")).toBe(0);
      expect(String(item("Source range"))).toContain("A1:G11");
      await screen(page, "result-broken");
      await saveScreenshot(page, "import-summary-sheet");

      // Importing again offers, in the catalog list, the catalog imported from this workbook.
      await app.locator('button[name="importAgain"]').click();
      await app.getByTestId("import-source").waitFor();
      await catalog.click();
      await catalog.fill("");
      const offered = app.getByRole("option", { name: new RegExp(`^${BROKEN_CATALOG}`) });
      await expect(offered.textContent()).resolves.toContain("imported from this workbook");
      await page.keyboard.press("Escape");
    },
    BROWSER_TIMEOUT_MS,
  );
});
