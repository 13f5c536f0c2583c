// PLATFORM.BOQ typed in the workbench's formula bar, as an estimator would: signed out it says to
// sign in from the task pane; signed in it spills the bill of quantities into the grid, and
// #SPILL! when a cell is in the way. Screenshots in test-output/.
import type { Page } from "playwright-core";
import { openWorkbench, saveScreenshot, type WorkbenchSession } from "./harness";
import { signIn } from "./steps";
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

async function typeFormula(page: Page, address: string, formula: string): Promise<void> {
  await page.fill("#wb-namebox", address);
  await page.press("#wb-namebox", "Enter");
  await page.fill("#wb-formula", formula);
  await page.press("#wb-formula", "Enter");
  await page.evaluate(() => window.__workbench.formulasSettled());
}

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
      expect(header).toEqual([["Level", "Code", "Name", "Unit", "Value", "TotalCost"]]);
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
      expect(await page.getByTestId("refresh-outcome").textContent()).toMatch(/recalculated/);
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
      const header = await page.evaluate((name) => window.__workbench.getValues(name, "A10:I10"), sheet.name);
      expect(header[0]?.slice(0, 3)).toEqual(["Level", "Code", "Name"]);
      const rows = await page.evaluate(
        (name) => window.__workbench.getFormulas(name, "A11:G200"),
        sheet.name,
      );
      const data = rows.filter((r) => r[0] !== "");
      expect(data.length).toBeGreaterThan(2);
      const firstLeaf = data.findIndex((r) => String(r[6]).startsWith("=E"));
      expect(data[firstLeaf]?.[6]).toBe(`=E${11 + firstLeaf}*F${11 + firstLeaf}`);
      expect(String(data[0]?.[6])).toMatch(/^=SUBTOTAL\(9,G12:G\d+\)$/);
      const outline = await page.evaluate((name) => window.__workbench.outline(name), sheet.name);
      // Rows below a section are grouped one level deeper than the section (0-based sheet rows).
      data.forEach((r, i) => {
        expect(outline.rows[10 + i] ?? 0).toBe(Math.min(Number(r[0]) - 1, 8));
      });
      expect(await page.evaluate((name) => window.__workbench.frozen(name), sheet.name)).toEqual({
        rows: 10,
        columns: 0,
      });
      await saveScreenshot(page, "boq-sheet-inserted");
      expect(wb.pageErrors).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "in the inserted BOQ sheet, a quantity typed into a leaf rolls up into its section and the grand total",
    async () => {
      const { page } = wb;
      const sheet = (await page.evaluate(() => window.__workbench.sheets())).find((s) => s.active);
      if (!sheet) throw new Error("no active sheet");
      const read = () => page.evaluate((name) => window.__workbench.getValues(name, "A11:I200"), sheet.name);
      const before = await read();
      const dataCount = before.findIndex((r) => r[0] === "");
      // A leaf with a unit cost, and the section it belongs to (the nearest row above one level up).
      const leaf = before.findIndex((r, i) => i < dataCount && r[4] !== "" && Number(r[5]) > 0);
      expect(leaf).toBeGreaterThan(0);
      const leafLevel = Number(before[leaf]?.[0]);
      let parent = leaf - 1;
      while (parent >= 0 && Number(before[parent]?.[0]) !== leafLevel - 1) parent -= 1;
      expect(parent).toBeGreaterThanOrEqual(0);
      const total = dataCount; // the grand total row sits right under the data
      expect(before[total]?.[2]).toBe("Total");
      const quantity = Number(before[leaf]?.[4]);
      const unitCost = Number(before[leaf]?.[5]);
      const g = (rows: typeof before, i: number) => Number(rows[i]?.[6]);
      expect(g(before, leaf)).toBeCloseTo(quantity * unitCost, 6);

      // As an estimator: open the outline down to the leaf's level (the sheet opens at sections
      // and their children), click the quantity, type the new one, Enter.
      await page.getByRole("button", { name: `Show outline level ${leafLevel}` }).click();
      const leafRow = 10 + leaf; // 0-based sheet row
      await page.locator(`#wb-sheet [data-row="${leafRow}"][data-col="4"]`).click();
      const newQuantity = quantity + 12;
      await page.keyboard.type(String(newQuantity));
      await page.keyboard.press("Enter");
      const after = await read();
      expect(after[leaf]?.[4]).toBe(newQuantity);
      const delta = 12 * unitCost;
      expect(g(after, leaf)).toBeCloseTo(newQuantity * unitCost, 6);
      expect(g(after, parent)).toBeCloseTo(g(before, parent) + delta, 6);
      expect(g(after, total)).toBeCloseTo(g(before, total) + delta, 6);
      // The platform's own totals stay as they were, with a marker where ours now differ.
      expect(after[leaf]?.[7]).toBe(before[leaf]?.[7]);
      expect(after[leaf]?.[8]).toBe("≠");
      expect(after[parent]?.[8]).toBe("≠");
      expect(after[total]?.[8]).toBe("≠");
      const formulas = await page.evaluate(([name, a]) => window.__workbench.getFormulas(name, a), [
        sheet.name,
        `G${11 + leaf}`,
      ] as const);
      expect(formulas).toEqual([[`=E${11 + leaf}*F${11 + leaf}`]]);
      await saveScreenshot(page, "boq-sheet-live-totals");
      expect(wb.pageErrors).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "Refresh this BOQ sheet pulls the changed BOQ into the same sheet and says what changed",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      const sheetsBefore = await page.evaluate(() => window.__workbench.sheets());
      const sheet = sheetsBefore.find((s) => s.active);
      if (!sheet) throw new Error("no active sheet");
      const read = () => page.evaluate((name) => window.__workbench.getValues(name, "A11:I200"), sheet.name);
      const before = await read();
      const dataCount = before.findIndex((r) => r[0] === "");
      // The leaf the previous test edited shows the marker; take another leaf to change on the platform.
      const edited = before.findIndex((r) => r[8] === "≠" && r[4] !== "");
      const other = before.findIndex(
        (r, i) => i < dataCount && i !== edited && r[4] !== "" && Number(r[5]) > 0,
      );
      expect(edited).toBeGreaterThan(0);
      expect(other).toBeGreaterThan(0);
      const otherCode = String(before[other]?.[1]);
      wb.emulator.boq.setQuantity({
        project: "O'Brien Tower",
        model: "Block #2 / North",
        scheme: "Main scheme",
        version: "2.1",
        code: otherCode,
        value: 1234.5,
      });
      await app.getByRole("button", { name: "Refresh this BOQ sheet" }).click();
      const outcome = page.getByTestId("sheet-refresh-outcome");
      await outcome.waitFor();
      // The platform's change, and the estimator's typed quantity replaced by the platform's.
      expect(await outcome.textContent()).toContain(
        `Sheet “${sheet.name}” refreshed. Rows added: 0, removed: 0, changed: 2.`,
      );
      // Same sheet, same place among the sheets, still active.
      expect(await page.evaluate(() => window.__workbench.sheets())).toEqual(sheetsBefore);
      const after = await read();
      expect(after[other]?.[1]).toBe(otherCode);
      expect(after[other]?.[4]).toBe(1234.5);
      expect(Number(after[other]?.[6])).toBeCloseTo(1234.5 * Number(after[other]?.[5]), 6);
      expect(after[edited]?.[8]).toBe("");
      expect(after.findIndex((r) => r[0] === "")).toBe(dataCount);
      await saveScreenshot(page, "boq-sheet-refreshed");
      expect(wb.pageErrors).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );
});
