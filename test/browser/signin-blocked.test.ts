// The sign-in window refused in Excel on the web (dialog errors 12011 and 12009, the workbench's
// setDialogBlocking: dev/office-emulation README, "Blocked dialogs"), and "keep me signed in" on
// a computer whose Office storage is full (fillStorageAsOtherAddIns): the pane says in an
// estimator's words what happened and what to allow, offers to try again, and signs in once the
// window may open. Screenshots at the narrowest pane (320 px) in the dark theme, English and
// Russian: test-output/signin-blocked-*.png.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { DIALOG_SHIM_SCRIPT } from "../../dev/office-emulation/dialog-browser";
import { openWorkbench, TEST_OUTPUT_DIR, type WorkbenchSession } from "./harness";
import { axeSerious, settled } from "./steps";

const BROWSER_TIMEOUT_MS = 180_000;
const STORAGE_LIMIT_BYTES = 10 * 1024 * 1024;

type Blocking = "none" | "ignore-prompt" | "block-popups";

async function narrowDark(wb: WorkbenchSession, query: string): Promise<Page> {
  const { page } = wb;
  await page.setViewportSize({ width: 1400, height: 1300 });
  await page.goto(`${wb.origin}/workbench.html?theme=dark&${query}`);
  await page.locator('#app button[name="signInInteractive"]').waitFor();
  await page.evaluate(() => window.__workbench.setPaneWidth(320));
  expect(await page.locator("#app .fui-root").getAttribute("data-theme")).toBe("dark");
  return page;
}

const block = (page: Page, mode: Blocking) =>
  page.evaluate((m) => window.__workbench.setDialogBlocking(m), mode);

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(TEST_OUTPUT_DIR, { recursive: true });
  await settled(page);
  await page.locator("#wb-pane").screenshot({ path: path.join(TEST_OUTPUT_DIR, `${name}.png`) });
}

/** The error beside the sign-in button: its heading, its sentence, and whether it offers a retry. */
async function windowError(page: Page) {
  const alert = page.locator("#app").getByRole("alert");
  await alert.waitFor();
  return {
    text: (await alert.textContent()) ?? "",
    retry: alert.locator('button[name="retrySignInWindow"]'),
  };
}

describe("a sign-in window the browser or the user did not let open", () => {
  let wb: WorkbenchSession;
  beforeEach(async () => {
    wb = await openWorkbench();
  }, BROWSER_TIMEOUT_MS);
  afterEach(async () => {
    await wb?.close();
  }, BROWSER_TIMEOUT_MS);

  it(
    "says what to allow, retries with Office's question, and signs in once the window may open",
    async () => {
      const page = await narrowDark(wb, "dialogs=block-popups");
      const app = page.locator("#app");
      // Where "keep me signed in" keeps the sign-in, beside the box.
      expect(await app.textContent()).toContain(
        "Kept by Excel on this computer (in this browser when you use Excel on the web), never in the workbook",
      );
      await app.locator('input[name="keepSignedIn"]').check();

      // 12011: the browser gave no window.
      await app.locator('button[name="signInInteractive"]').click();
      let shown = await windowError(page);
      expect(shown.text).toContain("Your browser blocked the sign-in window");
      expect(shown.text).toContain("Allow pop-up windows for this Excel page");
      expect(shown.text).toContain("if Excel asks whether to show a new window, choose Allow");
      expect(shown.text).not.toMatch(/120\d\d|Browser restrictions|security zone/);
      expect(await axeSerious(page)).toEqual([]);
      await shot(page, "signin-blocked-popups-en-dark-320");

      // 12009: asked first this time, and Ignore was chosen in Office's question.
      await block(page, "ignore-prompt");
      await shown.retry.click();
      shown = await windowError(page);
      expect(shown.text).toContain("The sign-in window was not allowed");
      expect(shown.text).toContain("Choose Try again, then Allow.");
      await shot(page, "signin-blocked-ignored-en-dark-320");

      // Allowed: the window opens and the sign-in finishes.
      await block(page, "none");
      await page.route("https://appsforoffice.microsoft.com/**", (route) =>
        route.fulfill({ contentType: "text/javascript", body: DIALOG_SHIM_SCRIPT }),
      );
      await shown.retry.click();
      const user = wb.emulator.demo.users[0]!;
      const dialog = page.frameLocator("iframe").first();
      await dialog.locator("#username").fill(user.username);
      await dialog.locator("#password").fill(user.password);
      await dialog.locator("#submit").click();
      await page.getByTestId("session-user").filter({ hasText: user.name }).waitFor();
      expect(wb.pageErrors).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "says it in Russian",
    async () => {
      const page = await narrowDark(wb, "displayLanguage=ru-RU&dialogs=block-popups");
      const app = page.locator("#app");
      expect(await app.textContent()).toContain("Вход хранится в Excel на этом компьютере");
      await app.locator('button[name="signInInteractive"]').click();
      let shown = await windowError(page);
      expect(shown.text).toContain("Браузер заблокировал окно входа");
      expect(shown.text).toContain("Разрешите всплывающие окна для этой страницы Excel");
      expect(await shown.retry.textContent()).toBe("Повторить");
      await shot(page, "signin-blocked-popups-ru-dark-320");
      await block(page, "ignore-prompt");
      await shown.retry.click();
      shown = await windowError(page);
      expect(shown.text).toContain("Окно входа не было разрешено");
      await shot(page, "signin-blocked-ignored-ru-dark-320");
    },
    BROWSER_TIMEOUT_MS,
  );
});

describe('"keep me signed in" on a computer whose Office storage is full', () => {
  it(
    "signs in and says the sign-in could not be kept",
    async () => {
      const wb = await openWorkbench();
      try {
        const page = await narrowDark(wb, "displayLanguage=en-US");
        const app = page.locator("#app");
        const used = await page.evaluate(() => window.__workbench.storageUsedBytes());
        await page.evaluate(
          (bytes) => window.__workbench.fillStorageAsOtherAddIns(bytes),
          STORAGE_LIMIT_BYTES - used - 64,
        );
        await app.locator('input[name="keepSignedIn"]').check();
        const user = wb.emulator.demo.users[0]!;
        await app.locator('input[name="clientId"]').fill(wb.emulator.demo.passwordClient.clientId);
        await app.locator('input[name="clientSecret"]').fill(wb.emulator.demo.passwordClient.clientSecret);
        await app.locator('input[name="username"]').fill(user.username);
        await app.locator('input[name="password"]').fill(user.password);
        await app.locator('button[name="signInPassword"]').click();
        await page.getByTestId("session-user").filter({ hasText: user.name }).waitFor();
        await app.getByText("Your sign-in could not be kept").waitFor();
        expect(await app.textContent()).toContain("next time you will need to sign in again");
        const keys = await page.evaluate(() => Object.keys(window.localStorage));
        expect(keys.some((k) => k.includes("boq-bridge.signin"))).toBe(false);
        await shot(page, "signin-storage-full-en-dark-320");
        expect(wb.pageErrors).toEqual([]);
      } finally {
        await wb.close();
      }
    },
    BROWSER_TIMEOUT_MS,
  );
});
