// The functions runtime's error boundary, as a user meets it: a PLATFORM function whose own code
// fails in a way it did not expect answers its cell with #N/A and a sentence, never a stuck #BUSY
// or a bare error. The fault is injected into the page's JavaScript (a built-in the function's code
// calls starts to throw), so no test hook is needed in the add-in.
import { openWorkbench, saveScreenshot, type WorkbenchSession } from "./harness";
import type {} from "../../dev/workbench/test-api"; // window.__workbench

const BROWSER_TIMEOUT_MS = 180_000;
const SHEET = "Catalog";

let wb: WorkbenchSession;

beforeAll(async () => {
  wb = await openWorkbench();
}, BROWSER_TIMEOUT_MS);
afterAll(async () => {
  await wb?.close();
}, BROWSER_TIMEOUT_MS);

it(
  "a function whose code throws unexpectedly shows #N/A with a sentence, and works again once the fault is gone",
  async () => {
    const { page } = wb;
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.evaluate(() => {
      const original = Number.isSafeInteger;
      (window as unknown as { __restore: () => void }).__restore = () => {
        Number.isSafeInteger = original;
      };
      Number.isSafeInteger = () => {
        throw new TypeError("injected fault");
      };
    });
    await page.fill("#wb-namebox", "H30");
    await page.press("#wb-namebox", "Enter");
    await page.fill("#wb-formula", "=PLATFORM.VERSIONTAG(3, 2)");
    await page.press("#wb-formula", "Enter");
    await page.evaluate(() => window.__workbench.formulasSettled());

    const failed = await page.evaluate((sheet) => window.__workbench.getCell(sheet, "H30"), SHEET);
    expect(failed.text).toBe("#N/A");
    expect(failed.errorMessage).toMatch(/^PLATFORM\.VERSIONTAG failed unexpectedly\. Recalculate the cell/);
    expect(failed.errorMessage).not.toContain("injected fault");
    // The status line shows the selected cell's message, where the user reads it (Enter moved
    // the selection down: select the cell again).
    await page.fill("#wb-namebox", "H30");
    await page.press("#wb-namebox", "Enter");
    await page
      .getByText(/PLATFORM\.VERSIONTAG failed unexpectedly/)
      .first()
      .waitFor();
    await saveScreenshot(page, "function-unexpected-error");
    expect(errors).toEqual([]);

    await page.evaluate(() => (window as unknown as { __restore: () => void }).__restore());
    await page.evaluate(() => window.__workbench.recalculate());
    await page.evaluate(() => window.__workbench.formulasSettled());
    const healed = await page.evaluate((sheet) => window.__workbench.getCell(sheet, "H30"), SHEET);
    expect(healed.text).toBe("3.2");
  },
  BROWSER_TIMEOUT_MS,
);
