// What an estimator reads in PLATFORM cells (issue 41): on Excel whose custom functions return
// data types (the workbench with ?dataTypes=on: CustomFunctionsRuntime 1.4, ExcelApi 1.19),
// VERSIONS' dates show as dates and ANALYSES' totals as money, and PLATFORM.BOQ with cards gives
// each row's Name cell a card the estimator opens from its icon, whose fields a formula reads
// (=C21.Quantity). On Excel without data types (the workbench's default, as perpetual Office) the
// same formulas give plain numbers, and the BOQ tab says how to get formatted figures.
// Screenshots in test-output/.
import { openWorkbench, saveScreenshot, type WorkbenchSession } from "./harness";
import { signIn, typeFormula } from "./steps";
import type {} from "../../dev/workbench/test-api"; // window.__workbench

const BROWSER_TIMEOUT_MS = 240_000;
const PATH = `"Northwind Construction", "O'Brien Tower", "Tower AR"`;
const VERSIONS = `=PLATFORM.VERSIONS(${PATH})`;
const ANALYSES = `=PLATFORM.ANALYSES(${PATH})`;
const BOQ_CARDS = `=PLATFORM.BOQ(${PATH}, "Main scheme", "3.2", TRUE, "Level, Code, Name, Unit, Value, ValueCost, TotalCost", TRUE)`;

type Page = WorkbenchSession["page"];

/** The active sheet's cell. */
const cellAt = (page: Page, address: string) =>
  page.evaluate((a) => {
    const sheet = window.__workbench.sheets().find((s) => s.active)?.name ?? "";
    return window.__workbench.getCell(sheet, a);
  }, address);

/** A new sheet, as an estimator adds one from the tabs (the workbench's "+"). */
async function newSheet(page: Page): Promise<void> {
  await page.getByRole("button", { name: "New sheet" }).click();
}

/**
 * Columns A to H as wide as what they show (a double click on their borders in Excel), with some
 * room: the emulation's autofit reckons an average character, narrower than digits in the grid.
 */
async function autofit(page: Page): Promise<void> {
  await page.evaluate(() =>
    Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getActiveWorksheet();
      sheet.getRange("A:H").format.autofitColumns();
      const columns = ["A", "B", "C", "D", "E", "F", "G", "H"].map((c) => {
        const format = sheet.getRange(`${c}:${c}`).format;
        format.load("columnWidth");
        return format;
      });
      await context.sync();
      for (const format of columns) format.columnWidth = Math.round(format.columnWidth * 1.2);
      await context.sync();
    }),
  );
}

/** The grid from A1 with the task pane closed, for a screenshot of what the cells show. */
async function showCells(page: Page): Promise<void> {
  await page.fill("#wb-namebox", "A1");
  await page.press("#wb-namebox", "Enter");
  await page.getByRole("button", { name: "Close task pane" }).click();
}

async function showPane(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Show task pane" }).click();
}

/** VERSIONS at A1, ANALYSES at A7; returns the first data row of each as shown and as values. */
async function versionsAndAnalyses(page: Page) {
  await newSheet(page);
  await typeFormula(page, "A1", VERSIONS);
  await typeFormula(page, "A7", ANALYSES);
  await autofit(page);
  const versionDate = await cellAt(page, "B2");
  const analysisDate = await cellAt(page, "D8");
  const analysisTotal = await cellAt(page, "G8");
  return { versionDate, analysisDate, analysisTotal };
}

describe("on Excel whose functions return data types", () => {
  let wb: WorkbenchSession;
  beforeAll(async () => {
    wb = await openWorkbench({ path: "/workbench.html?dataTypes=on" });
    await signIn(wb.page, wb.emulator);
  }, BROWSER_TIMEOUT_MS);
  afterAll(async () => {
    await wb?.close();
  }, BROWSER_TIMEOUT_MS);

  it(
    "shows VERSIONS' dates as dates and ANALYSES' totals as money, and formulas read the numbers",
    async () => {
      const { page } = wb;
      const { versionDate, analysisDate, analysisTotal } = await versionsAndAnalyses(page);
      expect(versionDate.text).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
      expect(typeof versionDate.value).toBe("number");
      expect(versionDate.valueFormat).toBe("m/d/yyyy");
      expect(analysisDate.text).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
      expect(analysisTotal.text).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
      expect(typeof analysisTotal.value).toBe("number");
      await typeFormula(page, "A16", "=G8*2");
      expect((await cellAt(page, "A16")).value).toBe(Number(analysisTotal.value) * 2);
      await showCells(page);
      await saveScreenshot(page, "boq-values-formatted");
      await showPane(page);
      expect(wb.pageErrors).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "opens a position's card from its Name cell, and =C<row>.Quantity reads the card's quantity",
    async () => {
      const { page } = wb;
      await newSheet(page);
      await typeFormula(page, "A1", BOQ_CARDS);
      await autofit(page);
      const levels = await Promise.all(Array.from({ length: 30 }, (_, i) => cellAt(page, `A${i + 2}`)));
      const index = levels.findIndex((c) => c.value === 3);
      if (index < 0) throw new Error("no position of level 3 in the spill");
      const row = 2 + index;
      const name = await cellAt(page, `C${row}`);
      expect(name.entityFields).not.toBeNull();
      expect(name.value).toBe("#VALUE!");
      expect(name.text).toBe(String(name.entityFields?.["Name"]));
      const quantity = (await cellAt(page, `E${row}`)).value;
      expect(name.entityFields?.["Quantity"]).toBe(quantity);
      // A section's total on its card is the sum of its rows, as its Total cell says.
      const section = await cellAt(page, "C2");
      expect(section.entityFields?.["Total"]).toBe((await cellAt(page, "G2")).value);
      expect(section.entityFields?.["Total"]).not.toBe(0);

      await typeFormula(page, "I1", `=C${row}.Quantity*2`);
      expect((await cellAt(page, "I1")).value).toBe(Number(quantity) * 2);

      await showCells(page);
      await page.getByRole("button", { name: `Show card: ${name.text}` }).click();
      const card = page.getByRole("dialog", { name: `Card: ${name.text}` });
      await card.waitFor();
      await expect(card.locator("dt").allTextContents()).resolves.toEqual([
        "Code",
        "Name",
        "Unit",
        "Quantity",
        "Unit cost",
        "Total",
        "Catalog",
        "Section",
        "Platform id",
      ]);
      await saveScreenshot(page, "boq-values-entity-card");
      await page.keyboard.press("Escape");
      await card.waitFor({ state: "hidden" });
      await showPane(page);
      expect(wb.pageErrors).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );
});

describe("on Excel whose functions return no data types (perpetual Office)", () => {
  let wb: WorkbenchSession;
  beforeAll(async () => {
    wb = await openWorkbench();
    await signIn(wb.page, wb.emulator);
  }, BROWSER_TIMEOUT_MS);
  afterAll(async () => {
    await wb?.close();
  }, BROWSER_TIMEOUT_MS);

  it(
    "gives the same formulas plain numbers and Name cells as text, and the BOQ tab says how to get formats",
    async () => {
      const { page } = wb;
      const { versionDate, analysisTotal } = await versionsAndAnalyses(page);
      expect(typeof versionDate.value).toBe("number");
      expect(versionDate.valueFormat).toBeNull();
      expect(versionDate.text).not.toMatch(/\//);
      expect(analysisTotal.valueFormat).toBeNull();
      await typeFormula(page, "A20", BOQ_CARDS);
      const name = await cellAt(page, "C21");
      expect(name.entityFields).toBeNull();
      expect(typeof name.value).toBe("string");
      expect(name.value).not.toBe("#VALUE!");
      const app = page.locator("#app");
      await app.getByRole("tab", { name: "BOQ" }).click();
      await app.getByTestId("plain-values-hint").waitFor();
      expect(await app.getByTestId("plain-values-hint").textContent()).toContain("insert a BOQ sheet");
      await saveScreenshot(page, "boq-values-plain");
      expect(wb.pageErrors).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );
});
