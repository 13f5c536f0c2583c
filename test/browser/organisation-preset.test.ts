// The organisation's preset (config.json beside the pages): a first start with nothing saved offers
// sign-in at the organisation's platform straight away, and Settings shows its addresses as set by
// the organisation, changeable only where the organisation allows it.
import type { BrowserContext } from "playwright-core";
import { openWorkbench, saveScreenshot, type RunningEmulator, type WorkbenchSession } from "./harness";
import { axeSerious, signInAgain } from "./steps";

const BROWSER_TIMEOUT_MS = 180_000;

/** Answers for config.json beside the pages, as the administrator wrote it. */
function organisationConfig(usersMayChange: boolean) {
  return async (context: BrowserContext, emulator: RunningEmulator): Promise<void> => {
    await context.route("**/config.json", (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({
          platform: {
            authUrl: emulator.authUrl,
            valueUrl: emulator.baseUrl,
            platformUrl: emulator.platformUrl,
            interactiveClientId: emulator.demo.publicClient.clientId,
            usersMayChange,
          },
        }),
      }),
    );
  };
}

describe("an organisation that does not let users change the platform", () => {
  let wb: WorkbenchSession;
  beforeAll(async () => {
    wb = await openWorkbench({ seedSettings: false, prepare: organisationConfig(false) });
  }, BROWSER_TIMEOUT_MS);
  afterAll(async () => {
    await wb?.close();
  }, BROWSER_TIMEOUT_MS);

  it(
    "offers sign-in at its platform on the first start and shows its addresses in Settings, not as fields",
    async () => {
      const { page, emulator } = wb;
      const app = page.locator("#app");
      // Nothing saved, no visit to Settings: the sign-in form for the organisation's server.
      await app.getByTestId("signin-auth-url").filter({ hasText: emulator.authUrl }).waitFor();
      expect(await app.locator('input[name="username"]').isVisible()).toBe(true);

      await app.getByRole("button", { name: "Change server" }).click();
      const preset = app.getByTestId("organisation-preset");
      await preset.waitFor();
      expect(await preset.textContent()).toContain("Set by your organisation");
      expect(await app.getByTestId("organisation-authUrl").textContent()).toBe(emulator.authUrl);
      expect(await app.getByTestId("organisation-valueUrl").textContent()).toBe(emulator.baseUrl);
      expect(await app.getByTestId("organisation-platformUrl").textContent()).toBe(emulator.platformUrl);
      expect(await app.getByTestId("organisation-interactiveClientId").textContent()).toBe(
        emulator.demo.publicClient.clientId,
      );
      expect(await preset.textContent()).toContain("ask your administrator");
      // No way to point the add-in elsewhere.
      expect(await app.locator('input[name="preset"]').count()).toBe(0);
      expect(await app.locator('input[name="authUrl"]').count()).toBe(0);
      await saveScreenshot(page, "settings-organisation-locked");
      expect(await axeSerious(page)).toEqual([]);

      await app.locator('button[name="cancelSettings"]').click();
      await signInAgain(page, emulator);
      expect(wb.pageErrors).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );
});

describe("an organisation that lets users change the platform", () => {
  let wb: WorkbenchSession;
  beforeAll(async () => {
    wb = await openWorkbench({ seedSettings: false, prepare: organisationConfig(true) });
  }, BROWSER_TIMEOUT_MS);
  afterAll(async () => {
    await wb?.close();
  }, BROWSER_TIMEOUT_MS);

  it(
    "starts on its platform and offers it first among the platforms a user may choose",
    async () => {
      const { page, emulator } = wb;
      const app = page.locator("#app");
      await app.getByTestId("signin-auth-url").filter({ hasText: emulator.authUrl }).waitFor();

      await app.getByRole("button", { name: "Change server" }).click();
      const choice = app.locator('input[name="preset"][value="organisation"]');
      await choice.waitFor();
      expect(await choice.isChecked()).toBe(true);
      expect(await app.getByTestId("organisation-authUrl").textContent()).toBe(emulator.authUrl);
      expect(await app.getByTestId("organisation-preset").textContent()).not.toContain(
        "ask your administrator",
      );
      await saveScreenshot(page, "settings-organisation-open");

      // Another platform is the user's to choose; the organisation's stays one click away.
      await app.locator('input[name="preset"][value="custom"]').check();
      await app.locator('input[name="authUrl"]').waitFor();
      expect(await app.getByTestId("organisation-preset").count()).toBe(0);
      await app.locator('input[name="preset"][value="organisation"]').check();
      await app.locator('button[name="saveSettings"]').click();
      await app.getByTestId("signin-auth-url").filter({ hasText: emulator.authUrl }).waitFor();
      expect(wb.pageErrors).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );
});
