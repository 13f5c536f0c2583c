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

      // Import again goes back to the source, the range kept.
      await app.locator('button[name="importAgain"]').click();
      await app.getByTestId("import-source").waitFor();
    },
    BROWSER_TIMEOUT_MS,
  );
});
