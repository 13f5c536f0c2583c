// The feature tabs' screens come in their own chunk after the pane's first screen: while it
// downloads, the tab shows a labelled spinner; when the download fails, a message with Try again,
// which loads it and shows the Import screen. The chunk's request is held or refused by the test.
import type { Route } from "playwright-core";
import { openWorkbench, saveScreenshot, type WorkbenchSession } from "./harness";
import { axeSerious, signIn } from "./steps";

const BROWSER_TIMEOUT_MS = 180_000;
const SCREENS_CHUNK = /\/feature-screens(\.[0-9a-f]{8})?\.js$/;

let wb: WorkbenchSession;
beforeAll(async () => {
  wb = await openWorkbench();
}, BROWSER_TIMEOUT_MS);
afterAll(async () => {
  await wb?.close();
}, BROWSER_TIMEOUT_MS);

it(
  "shows a spinner while the tabs' screens load, and a retry when they could not be downloaded",
  async () => {
    const { page } = wb;
    const app = page.locator("#app");
    let mode: "refuse" | "hold" = "refuse";
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(SCREENS_CHUNK, async (route: Route) => {
      if (mode === "refuse") {
        await route.abort("internetdisconnected");
        return;
      }
      await held;
      await route.continue();
    });
    await page.reload();
    await signIn(page, wb.emulator);

    const panel = app.getByRole("tabpanel");
    await panel.getByRole("alert").filter({ hasText: "This tab did not open" }).waitFor();
    expect(await panel.textContent()).toContain("Check your internet connection and try again.");
    // The tab strip is there already: the first screen does not wait for the screens.
    expect(await app.getByRole("tab", { name: "History" }).isVisible()).toBe(true);
    await saveScreenshot(page, "feature-screens-failed");
    expect(await axeSerious(page)).toEqual([]);

    mode = "hold";
    await panel.getByRole("button", { name: "Try again" }).click();
    await panel.getByRole("status").filter({ hasText: "Opening the tab…" }).waitFor();
    await saveScreenshot(page, "feature-screens-loading");
    expect(await axeSerious(page)).toEqual([]);

    release();
    await app.getByTestId("import-source").waitFor();
    expect(await panel.getByRole("status").filter({ hasText: "Opening the tab…" }).count()).toBe(0);
  },
  BROWSER_TIMEOUT_MS,
);
