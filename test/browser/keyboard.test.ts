// The pane by keyboard alone, as in Excel: F6 reaches the task pane, and from there Tab,
// Shift+Tab, Enter and Space sign in (with the local test platform's demo account), change the
// company, open Settings and come back. Only the set-up (pointing the pane at the test's emulator,
// whose ports are random) uses the mouse; from the reload on, only those keys are pressed.
import type { Page } from "playwright-core";
import { openWorkbench, saveScreenshot, type WorkbenchSession } from "./harness";

const BROWSER_TIMEOUT_MS = 180_000;
const MAX_TABS = 30;

let wb: WorkbenchSession;
beforeAll(async () => {
  wb = await openWorkbench();
}, BROWSER_TIMEOUT_MS);
afterAll(async () => {
  await wb?.close();
}, BROWSER_TIMEOUT_MS);

/** What has the keyboard focus: its name attribute, else its text. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.getAttribute("name") ?? el?.getAttribute("aria-label") ?? el?.textContent?.trim() ?? "";
  });
}

/** Presses Tab (or Shift+Tab) until the focused element is `name`. */
async function tabTo(page: Page, name: string, key: "Tab" | "Shift+Tab" = "Tab"): Promise<void> {
  for (let i = 0; i < MAX_TABS; i += 1) {
    if ((await focused(page)) === name) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached "${name}"; focus is on "${await focused(page)}".`);
}

it(
  "signs in, changes the company, opens Settings and comes back with Tab, Shift+Tab, Enter, Space and F6",
  async () => {
    const { page } = wb;
    const app = page.locator("#app");
    // Set-up: the test's emulator as the server.
    await app.locator('button[name="changeServer"]').click();
    await app.locator('input[name="preset"][value="custom"]').check();
    await app.locator('input[name="authUrl"]').fill(wb.emulator.authUrl);
    await app.locator('input[name="valueUrl"]').fill(wb.emulator.baseUrl);
    await app.locator('input[name="platformUrl"]').fill(wb.emulator.platformUrl);
    await app.locator('button[name="saveSettings"]').click();
    await page.reload();
    await app.locator('button[name="useDemo"]').waitFor();

    // F6 goes round the ribbon, the grid and the task pane.
    await page.keyboard.press("F6");
    expect(
      await page.evaluate(() => document.getElementById("wb-toolbar")?.contains(document.activeElement)),
    ).toBe(true);
    await page.keyboard.press("F6");
    expect(await page.evaluate(() => document.activeElement?.closest("#wb-sheet") !== null)).toBe(true);
    await page.keyboard.press("F6");
    expect(await page.evaluate(() => document.getElementById("app")?.contains(document.activeElement))).toBe(
      true,
    );

    // Sign in with the demo account: Enter fills the form and moves to Sign in.
    await tabTo(page, "useDemo");
    await page.keyboard.press("Enter");
    expect(await focused(page)).toBe("signInPassword");
    await page.keyboard.press("Enter");
    await app.getByTestId("session-user").waitFor();
    // Signed in by the user's own keys, the header takes the focus, in an effect after it is drawn:
    // Tab goes on from there once it has (a Tab before it would be undone by the move).
    await page.waitForFunction(() => document.activeElement?.classList.contains("boq-session") === true);
    const before = await app.getByTestId("session-company").textContent();

    // Change the company: a dialog of buttons; Tab to another company, Space chooses it.
    await tabTo(page, "changeCompany");
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Tab");
    const chosen = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
    expect(chosen).not.toBe("");
    expect(chosen).not.toContain(before ?? "?");
    await saveScreenshot(page, "keyboard-company-dialog");
    await page.keyboard.press("Space");
    await page.getByRole("dialog").waitFor({ state: "hidden" });
    await app.getByTestId("session-company").filter({ hasText: chosen }).waitFor();
    // The dialog gives the focus back to Change company once it has closed (an effect after the
    // frame that empties it): Tab goes on from there.
    await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "changeCompany");

    // Settings and back: Tab past Cancel to Save's neighbour and Shift+Tab back, Space cancels.
    await tabTo(page, "openSettings");
    await page.keyboard.press("Enter");
    await app.getByRole("heading", { name: "Settings" }).waitFor();
    // The keyboard continues from the screen's title, focused in an effect after it is drawn.
    await page.waitForFunction(() => document.activeElement?.id === "boq-settings-title");
    await tabTo(page, "cancelSettings");
    await tabTo(page, "saveSettings", "Shift+Tab");
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("cancelSettings");
    await page.keyboard.press("Space");
    await app.getByTestId("session-company").filter({ hasText: chosen }).waitFor();
    // Back where it was, the keyboard still in the pane.
    // (The pane moves focus in an effect after the view is drawn: wait for it.)
    await page.waitForFunction(
      () => document.getElementById("app")?.contains(document.activeElement) === true,
    );
    await saveScreenshot(page, "keyboard-signed-in");
    expect(wb.pageErrors).toEqual([]);
  },
  BROWSER_TIMEOUT_MS,
);
