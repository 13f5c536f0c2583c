// Refresh BOQ under current Excel's behaviour (the workbench's variations): a full recalculation
// skips custom-function cells in an error state (office-js 4502), and a function running again
// keeps its old value (4152, 6930). A PLATFORM cell that showed #N/A while the network was down
// (the emulator dropping every platform request) is refreshed by the ribbon's Refresh BOQ once the
// network is back, and the pane says how many cells were refreshed. Screenshots in test-output/.
import { openWorkbench, saveScreenshot, type WorkbenchSession } from "./harness";
import { signIn, typeFormula } from "./steps";
import type {} from "../../dev/workbench/test-api"; // window.__workbench

const BROWSER_TIMEOUT_MS = 240_000;
const SHEET = "Catalog";
const FORMULA =
  '=PLATFORM.BOQ("Northwind Construction", "O\'Brien Tower", "Tower AR", "Main scheme", "3.2", TRUE, "Level, Code, Name, Value")';
/** Every request to the platform's API: the network down, as far as the add-in can tell. */
const PLATFORM_API = "/api";

let wb: WorkbenchSession;

beforeAll(async () => {
  wb = await openWorkbench({
    path: "/workbench.html?variations=fullCalculationSkipsErrors,busyKeepsOldValue",
  });
}, BROWSER_TIMEOUT_MS);
afterAll(async () => {
  await wb?.close();
}, BROWSER_TIMEOUT_MS);
afterEach(() => wb?.emulator.faults.clear());

it(
  "a PLATFORM cell in #N/A from a network failure is refreshed by Refresh BOQ once the network is back",
  async () => {
    const { page } = wb;
    const app = page.locator("#app");
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, wb.emulator);
    const cell = () => page.evaluate((s) => window.__workbench.getCell(s, "A20"), SHEET);

    // The network goes down: the formula typed now cannot reach the platform.
    wb.emulator.faults.dropNext(PLATFORM_API, 100_000);
    await typeFormula(page, "A20", FORMULA);
    const failed = await cell();
    expect(failed.text).toBe("#N/A");
    expect(failed.errorMessage).toMatch(/Could not reach the platform/);

    // The network is back; Excel's full recalculation (Ctrl+Alt+F9) leaves the cell as it is.
    wb.emulator.faults.clear();
    await page.evaluate(() => window.__workbench.calculate("Full"));
    await page.evaluate(() => window.__workbench.formulasSettled());
    expect((await cell()).text).toBe("#N/A");

    // Refresh BOQ on the ribbon, the BOQ tab open to hear how it went.
    await app.getByRole("tab", { name: "BOQ" }).click();
    await app.getByRole("button", { name: "Refresh BOQ formulas" }).waitFor();
    await page.getByRole("button", { name: "Refresh BOQ", exact: true }).click();
    const count = app.getByTestId("refresh-count");
    await count.waitFor();
    await page.evaluate(() => window.__workbench.formulasSettled());

    const refreshed = await cell();
    expect(refreshed.value).toBe("Level");
    const body = await page.evaluate((s) => window.__workbench.getValues(s, "A21:D23"), SHEET);
    expect(body[0]?.[0]).toBe(1);
    expect(await count.textContent()).toBe(
      "The PLATFORM cell was refreshed: it answered with fresh data from the platform.",
    );
    expect(await app.getByTestId("refresh-failed").count()).toBe(0);
    expect(await app.getByTestId("refresh-unknown").count()).toBe(0);
    await app.getByTestId("refresh-outcome").scrollIntoViewIfNeeded();
    await saveScreenshot(page, "boq-refresh-after-network");
    expect(wb.pageErrors.filter((e) => !/Failed to load resource|ERR_/.test(e))).toEqual([]);
  },
  BROWSER_TIMEOUT_MS,
);

it(
  "while the network is still down, the count names the cell that could not get fresh data",
  async () => {
    const { page } = wb;
    const app = page.locator("#app");
    wb.emulator.faults.dropNext(PLATFORM_API, 100_000);
    await page.evaluate(() => window.__workbench.invokeAction("refreshBoq"));
    // A new outcome: the failed cell named with what it shows.
    const failed = app.getByTestId("refresh-failed");
    await failed.waitFor();
    expect(await app.getByTestId("refresh-count").textContent()).toBe(
      "0 of 1 PLATFORM cells were refreshed with fresh data from the platform.",
    );
    expect(await failed.textContent()).toMatch(/^Catalog!A20: .*Could not reach the platform/);
    await app.getByTestId("refresh-outcome").scrollIntoViewIfNeeded();
    await saveScreenshot(page, "boq-refresh-network-down");
  },
  BROWSER_TIMEOUT_MS,
);
