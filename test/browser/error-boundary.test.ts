// The pane never stays blank: when start fails (here Office itself refuses to start, the way a
// broken host or a blocked office.js would), the pane shows the message bar with the sentence and
// a Reload button, and the failure is logged.
import { openWorkbench, saveScreenshot, type WorkbenchSession } from "./harness";

const BROWSER_TIMEOUT_MS = 120_000;

let session: WorkbenchSession;

beforeAll(async () => {
  session = await openWorkbench({ path: "/about:blank" });
}, BROWSER_TIMEOUT_MS);

afterAll(async () => {
  await session?.close();
}, BROWSER_TIMEOUT_MS);

describe("the pane's error boundary", () => {
  it(
    "shows a message bar with Reload when start fails",
    async () => {
      const { page, origin } = session;
      // This page's office.js: an Office whose onReady rejects, so the pane's start fails.
      await page.route("https://appsforoffice.microsoft.com/**", (route) =>
        route.fulfill({
          status: 200,
          contentType: "text/javascript",
          body: 'window.Office = { onReady: () => Promise.reject(new Error("Office could not start here.")) };',
        }),
      );
      const logged: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") logged.push(message.text());
      });
      await page.setViewportSize({ width: 360, height: 640 });
      await page.goto(`${origin}/taskpane.html`);

      const bar = page.getByTestId("unexpected-failure");
      await bar.waitFor({ state: "visible" });
      expect(await bar.getByRole("alert").textContent()).toContain(
        "Something went wrong that BOQ Bridge did not expect.",
      );
      const reload = bar.getByRole("button", { name: "Reload" });
      expect(await reload.isVisible()).toBe(true);
      expect(logged.join("\n")).toContain("Unexpected failure (start).");
      expect(logged.join("\n")).toContain("Office could not start here.");
      await saveScreenshot(page, "pane-start-failure");

      // Reload loads the pane again (and here, fails the same way again: the bar comes back).
      await Promise.all([page.waitForEvent("load"), reload.click()]);
      await page.getByTestId("unexpected-failure").waitFor({ state: "visible" });
    },
    BROWSER_TIMEOUT_MS,
  );
});
