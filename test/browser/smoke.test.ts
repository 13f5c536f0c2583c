// Smoke test: the workbench page loads the real add-in chunks, the task pane renders beside the
// grid, and a screenshot is kept under test-output/ for people to look at.
import { existsSync } from "fs";
import { openWorkbench, saveScreenshot, type WorkbenchSession } from "./harness";
import { typeFormula as typeCellFormula } from "./steps";
import type {} from "../../dev/workbench/test-api"; // window.__workbench

const BROWSER_TIMEOUT_MS = 120_000;
const TASKPANE_HEADING = "#app h1";
const GRID = '[role="grid"]';

let session: WorkbenchSession;

beforeAll(async () => {
  session = await openWorkbench();
}, BROWSER_TIMEOUT_MS);

afterAll(async () => {
  await session?.close();
}, BROWSER_TIMEOUT_MS);

describe("workbench smoke test", () => {
  it(
    "shows the task pane with the product header beside the grid",
    async () => {
      const { page } = session;
      const heading = page.locator(TASKPANE_HEADING);
      await heading.waitFor({ state: "visible" });
      expect(await heading.textContent()).toBe("BOQ Bridge");
      await page.locator("#app h2").first().waitFor();

      const grid = page.locator(GRID).first();
      await grid.waitFor({ state: "visible" });
      const gridBox = await grid.boundingBox();
      const paneBox = await page.locator("#app").boundingBox();
      expect(gridBox && gridBox.width > 0 && gridBox.height > 0).toBe(true);
      // Beside, not on top of each other: the task pane does not overlap the grid.
      expect(
        paneBox &&
          gridBox &&
          (paneBox.x >= gridBox.x + gridBox.width || paneBox.x + paneBox.width <= gridBox.x),
      ).toBe(true);

      const screenshot = await saveScreenshot(page, "workbench-smoke");
      expect(existsSync(screenshot)).toBe(true);
      expect(session.pageErrors).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "runs a PLATFORM function typed in the formula bar and shows its error with a message",
    async () => {
      const { page } = session;
      // As a user does it: the name box picks the cell, the formula bar takes the formula, Enter.
      const typeFormula = (address: string, formula: string) => typeCellFormula(page, address, formula);
      await typeFormula("J2", "=PLATFORM.VERSIONTAG(3, 2)");
      await typeFormula("J3", "=PLATFORM.VERSIONTAG(-1, 2)");

      const [ok, bad] = await page.evaluate(() => [
        window.__workbench.getCell("Catalog", "J2"),
        window.__workbench.getCell("Catalog", "J3"),
      ]);
      expect(ok.value).toBe("3.2");
      expect(ok.formula).toBe("=PLATFORM.VERSIONTAG(3, 2)");
      expect(bad.text).toBe("#VALUE!");
      expect(bad.errorMessage).toMatch(/version/i);
      expect(session.pageErrors).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "keeps an address typed into the name box while the workbook changes, as Excel does",
    async () => {
      const { page } = session;
      await page.fill("#wb-namebox", "K7");
      // Whatever the pane (or anything else) writes meanwhile redraws the grid and its boxes.
      await page.evaluate(() => window.__workbench.setCells("Catalog", "Z100", [["written meanwhile"]]));
      expect(await page.inputValue("#wb-namebox")).toBe("K7");
      await page.press("#wb-namebox", "Enter");
      expect(await page.evaluate(() => window.__workbench.getSelection())).toEqual({
        sheet: "Catalog",
        address: "Catalog!K7",
      });
      expect(await page.inputValue("#wb-namebox")).toBe("K7");
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "lets the page call the in-process emulator across origins",
    async () => {
      const { page, emulator } = session;
      const issuer = await page.evaluate(async (authUrl) => {
        const response = await fetch(`${authUrl}/.well-known/openid-configuration`);
        const body = (await response.json()) as { issuer?: string };
        return body.issuer;
      }, emulator.authUrl);
      expect(issuer).toBeTruthy();
    },
    BROWSER_TIMEOUT_MS,
  );
});
