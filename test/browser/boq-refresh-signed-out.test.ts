// Refresh BOQ on the ribbon while signed out: the task pane asks to sign in, and the spills in the
// grid keep what they showed (no recalculation into #N/A "Sign in"). English, 320 px, dark.
import { openWorkbench, saveScreenshot, type WorkbenchSession } from "./harness";
import { axeSerious, signInAgain, typeFormula } from "./steps";
import type {} from "../../dev/workbench/test-api"; // window.__workbench

const BROWSER_TIMEOUT_MS = 180_000;
const SHEET = "Catalog";
const FORMULA =
  '=PLATFORM.BOQ("Northwind Construction", "O\'Brien Tower", "Tower AR", "Main scheme", "3.2", TRUE, "Level, Code, Name, Value")';

let wb: WorkbenchSession;

beforeAll(async () => {
  wb = await openWorkbench({ path: "/workbench.html?theme=dark&displayLanguage=en-US" });
}, BROWSER_TIMEOUT_MS);
afterAll(async () => {
  await wb?.close();
}, BROWSER_TIMEOUT_MS);

it(
  "signed out, the ribbon's Refresh BOQ asks to sign in and leaves the filled spill as it was",
  async () => {
    const { page } = wb;
    const app = page.locator("#app");
    await page.setViewportSize({ width: 1400, height: 1300 });
    await signInAgain(page, wb.emulator);
    await page.evaluate(() => window.__workbench.setPaneWidth(320));
    await typeFormula(page, "A20", FORMULA);
    const read = () => page.evaluate((s) => window.__workbench.getValues(s, "A20:D40"), SHEET);
    const filled = await read();
    expect(filled[0]).toEqual(["Level", "Code", "Name", "Quantity"]);
    expect(typeof filled[3]?.[3]).toBe("number");

    await app.getByRole("button", { name: "Sign out" }).click();
    await app.locator('button[name="signInPassword"]').waitFor();
    await page.evaluate(() => window.__workbench.invokeAction("refreshBoq"));
    const asked = app.getByText(/Sign in to refresh the BOQ formulas/);
    await asked.waitFor();
    await page.evaluate(() => window.__workbench.formulasSettled());
    expect(await read()).toEqual(filled);
    expect(await page.evaluate(() => window.__workbench.busyCells())).toEqual([]);
    await page
      .locator("#wb-pane")
      .screenshot({ path: await saveScreenshot(page, "boq-refresh-signed-out-en-dark-320") });
    expect(await axeSerious(page)).toEqual([]);

    // Signed in again, the same Refresh recalculates, and the ask is gone.
    await signInAgain(page, wb.emulator);
    await page.evaluate(() => window.__workbench.invokeAction("refreshBoq"));
    await page.evaluate(() => window.__workbench.formulasSettled());
    expect(await read()).toEqual(filled);
    expect(wb.pageErrors).toEqual([]);
  },
  BROWSER_TIMEOUT_MS,
);
