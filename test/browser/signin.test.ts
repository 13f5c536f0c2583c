// Sign-in in a real browser against the in-process emulator:
// 1. the sign-in dialog page on its own: authorization code + PKCE through the emulator's sign-in
//    page, tokens handed to Office.context.ui.messageParent (a stand-in office.js records them);
// 2. in the workbench: the password form, and the interactive sign-in through the emulated
//    Office dialog, each ending with the user and the company in the task pane's header.
import type { Page } from "playwright-core";
import { DIALOG_SHIM_SCRIPT } from "../../dev/office-emulation/dialog-browser";
import { openWorkbench, saveScreenshot, type WorkbenchSession } from "./harness";
import { pointAtEmulator } from "./steps";

const BROWSER_TIMEOUT_MS = 120_000;
const MESSAGES_GLOBAL = "__boqDialogMessages";

/** An office.js stand-in for the dialog page opened on its own: messageParent is recorded. */
const RECORDING_OFFICE_JS = `(function () {
  var info = { host: "Excel", platform: "OfficeOnline" };
  window.${MESSAGES_GLOBAL} = [];
  window.Office = {
    onReady: function (cb) { if (cb) cb(info); return Promise.resolve(info); },
    context: { ui: { messageParent: function (m) { window.${MESSAGES_GLOBAL}.push(String(m)); } } }
  };
})();`;

interface DialogMessage {
  type: string;
  ok: boolean;
  tokens?: { access_token: string; refresh_token?: string | null; id_token?: string | null };
  error?: string;
  message?: string;
}

async function dialogMessages(page: Page): Promise<DialogMessage[]> {
  const raw = await page.evaluate(
    (name) => (window as unknown as Record<string, string[]>)[name] ?? [],
    MESSAGES_GLOBAL,
  );
  return raw.map((m) => JSON.parse(m) as DialogMessage);
}

describe("the sign-in dialog page on its own", () => {
  let wb: WorkbenchSession;
  beforeAll(async () => {
    wb = await openWorkbench();
  }, BROWSER_TIMEOUT_MS);
  afterAll(async () => {
    await wb?.close();
  }, BROWSER_TIMEOUT_MS);

  async function openDialogPage(): Promise<Page> {
    const page = await wb.context.newPage();
    await page.route("https://appsforoffice.microsoft.com/**", (route) =>
      route.fulfill({ contentType: "text/javascript", body: RECORDING_OFFICE_JS }),
    );
    const url = new URL(`${wb.origin}/signin.html`);
    url.searchParams.set("authority", wb.emulator.authUrl);
    url.searchParams.set("client_id", wb.emulator.demo.publicClient.clientId);
    url.searchParams.set("prompt", "login");
    await page.goto(url.toString());
    return page;
  }

  it(
    "runs code + PKCE through the platform's sign-in page and hands usable tokens to the task pane",
    async () => {
      const page = await openDialogPage();
      const user = wb.emulator.demo.users[0]!;
      await page.locator("#username").fill(user.username);
      await page.locator("#password").fill(user.password);
      await page.locator("#submit").click();
      await page.waitForFunction(
        (name) => ((window as unknown as Record<string, string[]>)[name] ?? []).length > 0,
        MESSAGES_GLOBAL,
      );
      const [message] = await dialogMessages(page);
      expect(message).toMatchObject({ type: "boq-bridge-signin", ok: true });
      expect(message!.tokens!.refresh_token).toBeTruthy();
      // Nothing of the code stays in the dialog's address.
      expect(page.url()).not.toContain("code=");
      // The access token is accepted by the platform.
      const response = await fetch(`${wb.emulator.authUrl}/api/app/company`, {
        headers: { Authorization: `Bearer ${message!.tokens!.access_token}` },
      });
      expect(response.status).toBe(200);
      await page.close();
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "reports a cancelled sign-in to the task pane",
    async () => {
      const page = await openDialogPage();
      await page.locator("#cancel").click();
      await page.waitForFunction(
        (name) => ((window as unknown as Record<string, string[]>)[name] ?? []).length > 0,
        MESSAGES_GLOBAL,
      );
      const [message] = await dialogMessages(page);
      expect(message).toMatchObject({
        ok: false,
        error: "access_denied",
        message: "The user cancelled the sign-in.",
      });
      await page.close();
    },
    BROWSER_TIMEOUT_MS,
  );
});

async function expectSignedInAs(wb: WorkbenchSession, page: Page) {
  const user = wb.emulator.demo.users[0]!;
  const company = wb.emulator.demo.companies.find((c) => user.companyIds.includes(c.id) && !c.isPersonal)!;
  await page.getByTestId("session-user").filter({ hasText: user.name }).waitFor();
  expect(await page.getByTestId("session-user").textContent()).toBe(user.name);
  expect(await page.getByTestId("session-company").textContent()).toBe(company.name);
}

/** The password form filled with the demo client and user, then submitted. */
async function signInWithPasswordForm(wb: WorkbenchSession, password?: string) {
  const app = wb.page.locator("#app");
  const user = wb.emulator.demo.users[0]!;
  await app.locator('input[name="clientId"]').fill(wb.emulator.demo.passwordClient.clientId);
  await app.locator('input[name="clientSecret"]').fill(wb.emulator.demo.passwordClient.clientSecret);
  await app.locator('input[name="username"]').fill(user.username);
  await app.locator('input[name="password"]').fill(password ?? user.password);
  await app.locator('button[name="signInPassword"]').click();
}

describe("signing in from the task pane in the workbench", () => {
  let wb: WorkbenchSession;
  beforeEach(async () => {
    wb = await openWorkbench();
  }, BROWSER_TIMEOUT_MS);
  afterEach(async () => {
    await wb?.close();
  }, BROWSER_TIMEOUT_MS);

  const useEmulator = (page: Page) => pointAtEmulator(page, wb.emulator);
  const expectSignedIn = (page: Page) => expectSignedInAs(wb, page);

  it(
    "signs in with the password form and shows the user and the company",
    async () => {
      const { page } = wb;
      await useEmulator(page);
      const app = page.locator("#app");
      await signInWithPasswordForm(wb);
      await expectSignedIn(page);
      await saveScreenshot(page, "signin-password");
      await app.locator('button[name="signOut"]').click();
      await app.locator('button[name="signInPassword"]').waitFor();
      expect(wb.pageErrors).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "explains an address that is not allowed in the settings and does not save it",
    async () => {
      const app = wb.page.locator("#app");
      await app.getByRole("button", { name: "Change server" }).click();
      await app.locator('input[name="preset"][value="custom"]').check();
      await app.locator('input[name="valueUrl"]').fill("http://platform.example.com");
      await app.locator('button[name="saveSettings"]').click();
      // One validation, ours, in words: no "Please enter a URL." bubble of the browser beside it.
      await app
        .getByText("Use https://. Plain http:// is only allowed for this computer (localhost).")
        .waitFor();
      const input = app.locator('input[name="valueUrl"]');
      expect(await input.getAttribute("aria-invalid")).toBe("true");
      expect(await input.evaluate((el) => (el as HTMLInputElement).validationMessage)).toBe("");
      // The message is tied to the field (read after its name), not inside its label.
      const describedBy = (await input.getAttribute("aria-describedby")) ?? "";
      const message = await app.locator(`[id="${describedBy.split(" ")[0]}"]`).textContent();
      expect(message).toContain("Use https://");
      expect(await app.locator("label", { hasText: "Use https://" }).count()).toBe(0);
      // Still on the settings screen: nothing was saved.
      expect(await app.locator('button[name="saveSettings"]').isVisible()).toBe(true);
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "says in words that the password is wrong, with the OAuth code one click away",
    async () => {
      const { page } = wb;
      await useEmulator(page);
      const app = page.locator("#app");
      await signInWithPasswordForm(wb, "not-the-password");
      const alert = app.getByRole("alert");
      await alert.waitFor();
      const text = (await alert.textContent()) ?? "";
      expect(text).toContain("The user name or password is not right. Check them and try again.");
      expect(text).not.toMatch(/invalid_/);
      await alert.getByRole("button", { name: "Show details" }).click();
      expect(await alert.getByTestId("message-details").textContent()).toContain("invalid_grant");
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "signs in through the sign-in window and shows the user and the company",
    async () => {
      const { page } = wb;
      await useEmulator(page);
      // Inside the workbench's emulated dialog, office.js is the emulation's stand-in, which hands
      // messageParent to the emulated Office of the task pane (see dev/office-emulation/dialog-browser.ts).
      await page.route("https://appsforoffice.microsoft.com/**", (route) =>
        route.fulfill({ contentType: "text/javascript", body: DIALOG_SHIM_SCRIPT }),
      );
      const app = page.locator("#app");
      await app.locator('input[name="keepSignedIn"]').check();
      await app.locator('button[name="signInInteractive"]').click();
      const user = wb.emulator.demo.users[0]!;
      const dialog = page.frameLocator("iframe").first();
      await dialog.locator("#username").fill(user.username);
      await dialog.locator("#password").fill(user.password);
      await dialog.locator("#submit").click();
      await expectSignedIn(page);
      // "Keep me signed in": the refresh token went to OfficeRuntime.storage (the workbench keeps it
      // in localStorage under its prefix), never to the workbook.
      const storageKeys = await page.evaluate(() => Object.keys(window.localStorage));
      expect(
        storageKeys.some((k) => k.startsWith("office-emulation:runtime-storage:boq-bridge.signin.v1:")),
      ).toBe(true);
      await saveScreenshot(page, "signin-dialog");
      expect(wb.pageErrors).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );
});

describe("the add-in under the emulator's real CORS checks", () => {
  it(
    "signs in with the password form through the browser's own preflights",
    async () => {
      // No playwright routes: with any route set, playwright answers preflights itself, so only
      // here do the bearer-token calls of the sign-in (companies) pass the emulator's CORS check.
      const wb = await openWorkbench({ routes: false });
      try {
        await wb.context.grantPermissions(["local-network-access"]);
        await pointAtEmulator(wb.page, wb.emulator);
        await signInWithPasswordForm(wb);
        await expectSignedInAs(wb, wb.page);
        expect(wb.pageErrors).toEqual([]);
      } finally {
        await wb.close();
      }
    },
    BROWSER_TIMEOUT_MS,
  );
});
