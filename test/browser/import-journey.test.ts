// The catalog import in the workbench, as an estimator does it: sign in, select the demo
// positions, check, preview, import, follow, and see the result and the Inserted sheet written
// into the workbook. Each screen is checked by axe-core (no serious or critical violation) and
// saved in test-output/import-<screen>.png.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { openWorkbench, saveScreenshot, type WorkbenchSession } from "./harness";
import type {} from "../../dev/workbench/test-api"; // window.__workbench

const BROWSER_TIMEOUT_MS = 240_000;
const SHEET = "Catalog";
const CATALOG = "Materials";
const BROKEN = "Broken catalog";

let wb: WorkbenchSession;

beforeAll(async () => {
  wb = await openWorkbench();
}, BROWSER_TIMEOUT_MS);
afterAll(async () => {
  await wb?.close();
}, BROWSER_TIMEOUT_MS);

async function signIn(page: Page): Promise<void> {
  const app = page.locator("#app");
  await app.getByRole("button", { name: "Change server" }).click();
  await app.locator('input[name="preset"][value="custom"]').check();
  await app.locator('input[name="authUrl"]').fill(wb.emulator.authUrl);
  await app.locator('input[name="valueUrl"]').fill(wb.emulator.baseUrl);
  await app.locator('input[name="platformUrl"]').fill(wb.emulator.platformUrl);
  await app.locator('input[name="interactiveClientId"]').fill(wb.emulator.demo.publicClient.clientId);
  await app.locator('button[name="saveSettings"]').click();
  await app.getByTestId("signin-auth-url").filter({ hasText: wb.emulator.authUrl }).waitFor();
  const user = wb.emulator.demo.users[0];
  if (!user) throw new Error("no demo user");
  await app.locator('input[name="clientId"]').fill(wb.emulator.demo.passwordClient.clientId);
  await app.locator('input[name="clientSecret"]').fill(wb.emulator.demo.passwordClient.clientSecret);
  await app.locator('input[name="username"]').fill(user.username);
  await app.locator('input[name="password"]').fill(user.password);
  await app.locator('button[name="signInPassword"]').click();
  await page.getByTestId("session-user").filter({ hasText: user.name }).waitFor();
}

/** The serious and critical axe violations inside the pane. */
async function axeSerious(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .include("#app")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

async function screen(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(100);
  await saveScreenshot(page, `import-${name}`);
  expect(await axeSerious(page)).toEqual([]);
}

describe("The catalog import in the workbench", () => {
  it(
    "walks select, check, preview, import and result, and writes the Inserted sheet",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      await signIn(page);

      // Source: the Import tab is the first; the catalog is typed, the company is the session's.
      await app.getByTestId("import-source").waitFor();
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
      await expect(app.getByTestId("import-levels").textContent()).resolves.toContain(
        "4 top-level positions",
      );
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
    "lists the broken catalog's problems, lands on a problem's cell, checks again after the fix and skips the rest only when asked",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      if ((await app.locator('button[name="useSelection"]').count()) === 0) await signIn(page);
      await app.locator('input[name="catalogName"]').fill(CATALOG);

      await page.evaluate((sheet) => window.__workbench.select(sheet, "B3"), BROKEN);
      await app.locator('button[name="useSelection"]').click();
      await app.getByTestId("import-problems").waitFor();
      await expect(app.getByTestId("import-range").textContent()).resolves.toContain(`${BROKEN}!A1:G11`);
      const problems = app.getByTestId("import-problems").getByRole("button");
      // Errors first, each naming its cell and field, with the fix.
      await expect(problems.first().textContent()).resolves.toMatch(/^Error: D4/);
      await expect(problems.first().textContent()).resolves.toContain("Price");
      await expect(problems.last().textContent()).resolves.toMatch(/^Warning/);
      await expect(app.locator('button[name="toPreview"]').isDisabled()).resolves.toBe(true);
      await app.getByTestId("import-problems").scrollIntoViewIfNeeded();
      await screen(page, "check-problems");

      // Clicking the problem selects its cell in the sheet.
      await problems.first().click();
      await page.waitForFunction((sheet) => {
        const s = window.__workbench.getSelection();
        return s?.sheet === sheet && s.address.endsWith("!D4");
      }, BROKEN);

      // The estimator types the price, then checks again: that problem is gone.
      await page.evaluate((sheet) => window.__workbench.setCells(sheet, "D4", [[40.2]]), BROKEN);
      await app.locator('button[name="checkAgain"]').click();
      await page.waitForFunction(
        () =>
          !/^Error: D4/.test(
            document.querySelector('[data-testid="import-problems"] button')?.textContent ?? "",
          ),
      );
      await expect(app.getByTestId("import-problems").textContent()).resolves.not.toContain("D4");

      // Four rows still have errors: the import stays blocked until skipping them is chosen.
      const skip = app.locator('input[name="skipErrorRows"]');
      await expect(app.getByText("Skip the 4 rows with errors").count()).resolves.toBe(1);
      await expect(app.locator('button[name="toPreview"]').isDisabled()).resolves.toBe(true);
      await skip.check();
      await app.locator('button[name="toPreview"]').click();
      await app.getByTestId("import-preview").waitFor();
      await expect(app.getByTestId("import-send").textContent()).resolves.toContain("6 positions");
      await screen(page, "preview-skipped");
      await app.locator('button[name="back"]').click();
      await app.getByTestId("import-check").waitFor();
    },
    BROWSER_TIMEOUT_MS,
  );
});
