// PLATFORM.BOQ typed in the workbench's formula bar, as an estimator would: signed out it says to
// sign in from the task pane; signed in it spills the bill of quantities into the grid, and
// #SPILL! when a cell is in the way. Screenshots in test-output/. The BOQ sheet at work across a
// refresh is test/browser/boq-sheet.test.ts.
import { openWorkbench, saveScreenshot, type WorkbenchSession } from "./harness";
import { signIn, typeFormula } from "./steps";
import type {} from "../../dev/workbench/test-api"; // window.__workbench

const BROWSER_TIMEOUT_MS = 180_000;
const SHEET = "Catalog";
const FORMULA =
  '=PLATFORM.BOQ("Northwind Construction", "O\'Brien Tower", "Tower AR", "Main scheme", "3.2", TRUE, "Level, Code, Name, Unit, Value, TotalCost")';

let wb: WorkbenchSession;

beforeAll(async () => {
  wb = await openWorkbench();
}, BROWSER_TIMEOUT_MS);
afterAll(async () => {
  await wb?.close();
}, BROWSER_TIMEOUT_MS);

describe("PLATFORM.BOQ in the workbench", () => {
  it(
    "signed out, shows #N/A saying to sign in from the task pane",
    async () => {
      const { page } = wb;
      await typeFormula(page, "A20", FORMULA);
      const cell = await page.evaluate((sheet) => window.__workbench.getCell(sheet, "A20"), SHEET);
      expect(cell.text).toBe("#N/A");
      expect(cell.errorMessage).toBe("Sign in from the BOQ Bridge task pane.");
      await saveScreenshot(page, "boq-function-signed-out");
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "signed in, spills the bill of quantities under the formula, and #SPILL! when a cell is in the way",
    async () => {
      const { page } = wb;
      await signIn(page, wb.emulator);
      // Refresh: the formula typed while signed out asks again.
      await page.evaluate(() => window.__workbench.recalculate());
      await page.evaluate(() => window.__workbench.formulasSettled());
      const header = await page.evaluate((sheet) => window.__workbench.getValues(sheet, "A20:F20"), SHEET);
      expect(header).toEqual([["Level", "Code", "Name", "Unit", "Quantity", "Total"]]);
      const body = await page.evaluate((sheet) => window.__workbench.getValues(sheet, "A21:F24"), SHEET);
      expect(body[0]?.[0]).toBe(1);
      const levels = body.map((r) => Number(r[0]));
      levels.forEach((level, k) => {
        if (k > 0) expect(level).toBeLessThanOrEqual((levels[k - 1] ?? 0) + 1);
      });
      expect(typeof body[2]?.[4]).toBe("number");
      const spilled = await page.evaluate((sheet) => window.__workbench.getCell(sheet, "B21"), SHEET);
      expect(spilled.spilledFrom).toMatch(/A20/);
      await saveScreenshot(page, "boq-function-spill");

      await typeFormula(
        page,
        "I2",
        '=PLATFORM.BOQ("Northwind Construction", "O\'Brien Tower", "Tower AR", "Main scheme", "3.2")',
      );
      await typeFormula(page, "I5", "in the way");
      const blocked = await page.evaluate((sheet) => window.__workbench.getCell(sheet, "I2"), SHEET);
      expect(blocked.text).toBe("#SPILL!");
      expect(wb.pageErrors).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "Refresh BOQ in the pane asks the platform again and shows the changed quantity",
    async () => {
      const { page } = wb;
      const rows = await page.evaluate((sheet) => window.__workbench.getValues(sheet, "A21:F60"), SHEET);
      const index = rows.findIndex((r) => r[0] === 3);
      const leaf = rows[index];
      if (!leaf) throw new Error("no leaf row in the spill");
      const address = `E${21 + index}`;
      const newValue = Number(leaf[4]) + 100;
      wb.emulator.boq.setQuantity({
        project: "O'Brien Tower",
        model: "Tower AR",
        scheme: "Main scheme",
        version: "3.2",
        code: String(leaf[1]),
        value: newValue,
      });
      // A recalculation inside the cache window still shows the kept value.
      await page.evaluate(() => window.__workbench.recalculate());
      await page.evaluate(() => window.__workbench.formulasSettled());
      expect(
        (await page.evaluate(([sheet, a]) => window.__workbench.getCell(sheet, a), [SHEET, address] as const))
          .value,
      ).toBe(leaf[4]);
      await page.locator("#app").getByRole("tab", { name: "BOQ" }).click();
      await page.locator("#app").getByRole("button", { name: "Refresh BOQ formulas" }).click();
      await page.getByTestId("refresh-outcome").waitFor();
      await page.evaluate(() => window.__workbench.formulasSettled());
      const cell = await page.evaluate(([sheet, a]) => window.__workbench.getCell(sheet, a), [
        SHEET,
        address,
      ] as const);
      expect(cell.value).toBe(newValue);
      expect(await page.getByTestId("refresh-count").textContent()).toMatch(
        /^All \d+ PLATFORM cells were refreshed/,
      );
      await saveScreenshot(page, "boq-function-refreshed");
      expect(wb.pageErrors).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "the navigator finds an analysis by typing and inserts its BOQ formula at the selected cell",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      await app.getByRole("tab", { name: "BOQ" }).click();
      const choose = async (label: string, typed: string, option: string) => {
        const box = app.getByRole("combobox", { name: label });
        await box.fill(typed);
        await app.getByRole("option", { name: option }).first().click();
      };
      await choose("Project", "brien", "O'Brien Tower");
      // The model in its folder tree: open the folders, then pick it.
      const tree = app.getByRole("tree", { name: "Model" });
      for (const name of ["Architecture", "Structure", "Blocks", "Block #2 / North"])
        await tree.getByText(name, { exact: true }).click();
      await choose("Version and analysis", "2.1", "Version 2.1");
      await page.fill("#wb-namebox", "K20");
      await page.press("#wb-namebox", "Enter");
      await app.getByRole("button", { name: "Insert formula" }).click();
      await app.getByTestId("nav-notice").filter({ hasText: "K20 shows the bill of quantities" }).waitFor();
      await page.evaluate(() => window.__workbench.formulasSettled());
      const cell = await page.evaluate((sheet) => window.__workbench.getCell(sheet, "K20"), SHEET);
      expect(cell.formula).toBe(
        '=PLATFORM.BOQ("Northwind Construction", "O\'Brien Tower", "Block #2 / North", "Main scheme", "2.1")',
      );
      expect(cell.value).toBe("Level");
      await saveScreenshot(page, "boq-navigator-inserted");
      expect(wb.pageErrors).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "the navigator inserts a BOQ sheet with an outline by level, formulas for totals and a frozen header",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      // The choices of the previous test are still made.
      await app.getByRole("button", { name: "Insert BOQ sheet" }).click();
      const notice = app.getByTestId("nav-notice").filter({ hasText: "rows of the bill of quantities" });
      await notice.waitFor();
      const sheet = (await page.evaluate(() => window.__workbench.sheets())).find((s) => s.active);
      if (!sheet) throw new Error("no active sheet");
      expect(sheet.name).toMatch(/^BOQ Block #2/);
      expect(await notice.textContent()).toContain(sheet.name);
      const header = await page.evaluate((name) => window.__workbench.getValues(name, "A12:N12"), sheet.name);
      expect(header[0]?.slice(0, 6)).toEqual([
        "Level",
        "Code",
        "Name",
        "Unit",
        "Quantity",
        "Adjusted quantity",
      ]);
      const rows = await page.evaluate(
        (name) => window.__workbench.getFormulas(name, "A13:M300"),
        sheet.name,
      );
      const data = rows.filter((r) => r[0] !== "");
      expect(data.length).toBeGreaterThan(2);
      // An item's total: the adjusted values where given, else the platform's.
      const firstItem = data.findIndex((r) => String(r[8]).startsWith("=IF("));
      const n = 13 + firstItem;
      expect(data[firstItem]?.[8]).toBe(`=IF(F${n}="",E${n},F${n})*IF(H${n}="",G${n},H${n})`);
      // Each section's total on the row after its items, where Excel puts the group's button:
      // the group spans the heading and the items, one level deeper than the total row.
      const firstTotal = data.findIndex((r) => String(r[12]).startsWith("end:"));
      const heading = data.findIndex((r) => r[12] === String(data[firstTotal]?.[12]).slice(4));
      expect(heading).toBeGreaterThanOrEqual(0);
      expect(data[firstTotal]?.[8]).toBe(`=SUBTOTAL(9,I${13 + heading + 1}:I${13 + firstTotal - 1})`);
      const outline = await page.evaluate((name) => window.__workbench.outline(name), sheet.name);
      const levelOf = (i: number): number => outline.rows[12 + i] ?? 0;
      expect(levelOf(heading)).toBeGreaterThan(0);
      expect(levelOf(firstTotal - 1)).toBe(levelOf(heading));
      expect(levelOf(firstTotal)).toBe(levelOf(heading) - 1);
      expect(await page.evaluate((name) => window.__workbench.frozen(name), sheet.name)).toEqual({
        rows: 12,
        columns: 0,
      });
      await saveScreenshot(page, "boq-sheet-inserted");
      expect(wb.pageErrors).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );
});
