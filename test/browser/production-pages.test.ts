// The production pages under their security policy: `npm run build`'s output served by a plain
// static file server with the headers the build wrote for static hosts, office.js answered by the
// workbench's Office emulation (or, outside Office, by the office.js package itself), the platform
// over HTTPS. Any Content-Security-Policy violation, page error or console error fails the test.
import { readdirSync, readFileSync, writeFileSync } from "fs";
import path from "path";
import type { Page } from "playwright-core";
import { launchChromium, type Browser } from "./harness";
import { buildProduction, serveWithHostHeaders, startHttpsEmulator, type HeaderServer } from "./production";
import { signInAgain } from "./steps";
import type { RunningEmulator } from "../../emulator/src/index";

const BROWSER_TIMEOUT_MS = 240_000;
const OFFICE_JS = "https://appsforoffice.microsoft.com/**";
/**
 * office.js's logging frame (OSF.Logger's ULS proxy), which it opens 3 s after it starts: the test
 * waits for the frame's page to have loaded, or for the policy's refusal of it to be reported.
 */
const OFFICE_LOGGING_FRAME = "https://telemetryservice.firstpartyapps.oaspapps.com/";
const VIOLATIONS = "__cspViolations";
const MESSAGES = "__dialogMessages";
/** office.js for the sign-in dialog: records what the page hands to the task pane. */
const DIALOG_OFFICE_JS = `(function () {
  var info = { host: "Excel", platform: "OfficeOnline" };
  window.${MESSAGES} = [];
  window.Office = {
    onReady: function (cb) { if (cb) cb(info); return Promise.resolve(info); },
    context: { ui: { messageParent: function (m) { window.${MESSAGES}.push(String(m)); } } }
  };
})();`;

let build: Awaited<ReturnType<typeof buildProduction>>;
let server: HeaderServer;
let emulator: RunningEmulator & { removeCerts(): void };
let browser: Browser;

beforeAll(async () => {
  build = await buildProduction("https://addins.example.com/boq-bridge/");
  server = await serveWithHostHeaders(build.dir);
  emulator = await startHttpsEmulator(server.origin);
  // The administrator's edit of dist/config.json: the organisation's platform for everyone.
  writeFileSync(
    path.join(build.dir, "config.json"),
    JSON.stringify({
      platform: {
        authUrl: emulator.authUrl,
        valueUrl: emulator.baseUrl,
        platformUrl: emulator.platformUrl,
        interactiveClientId: emulator.demo.publicClient.clientId,
      },
    }),
  );
  browser = await launchChromium();
  // Every policy violation the browser reports in a page, beside the console's own line.
  await browser.context.addInitScript((name) => {
    const list: string[] = [];
    (window as unknown as Record<string, string[]>)[name] = list;
    document.addEventListener("securitypolicyviolation", (event) =>
      list.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  }, VIOLATIONS);
}, BROWSER_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await emulator?.stop();
  emulator?.removeCerts();
  await server?.close();
  build?.remove();
}, BROWSER_TIMEOUT_MS);

interface Watched {
  page: Page;
  /** Page errors and console errors, as they happened. */
  errors: string[];
}

async function openWatched(): Promise<Watched> {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  return { page, errors };
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate((name) => (window as unknown as Record<string, string[]>)[name] ?? [], VIOLATIONS);
}

describe("the production build that is deployed", () => {
  it("holds no source map, and holds the third-party licence notices", () => {
    const files = readdirSync(build.dir, { recursive: true, encoding: "utf8" });
    expect(files.filter((file) => file.endsWith(".map"))).toEqual([]);
    expect(readdirSync(build.mapsDir).length).toBeGreaterThan(0);
    expect(readFileSync(path.join(build.dir, "THIRD-PARTY-NOTICES.txt"), "utf8")).toMatch(/^preact \d/m);
  });
});

describe("the production pages with their security policy enforced", () => {
  it(
    "taskpane.html: a first start with the organisation's config.json offers sign-in, signs in over https, opens the screens",
    async () => {
      const { page, errors } = await openWatched();
      await page.route(OFFICE_JS, (route) =>
        route.fulfill({ contentType: "text/javascript", body: build.officeEmulation }),
      );
      const response = await page.goto(`${server.origin}/taskpane.html`);
      const csp = response?.headers()["content-security-policy"] ?? "";
      expect(csp).toContain("script-src 'self' https://appsforoffice.microsoft.com");
      expect(csp).not.toContain("localhost");
      expect(response?.headers()["referrer-policy"]).toBe("no-referrer");

      // Sign-in straight away: the organisation's server, no settings visit.
      await page
        .locator("#app")
        .getByTestId("signin-auth-url")
        .filter({ hasText: emulator.authUrl })
        .waitFor();
      await signInAgain(page, emulator);
      // The Import screen comes in the feature screens' own chunk, loaded with import().
      await page.locator("#app").getByTestId("import-source").waitFor();
      expect(await violations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "taskpane.html with the office.js package outside Office: the page that says to open Excel, and office.js's own logging frame",
    async () => {
      const { page, errors } = await openWatched();
      // office.js's logging frame: an empty page in place of Microsoft's.
      await page.route("https://telemetryservice.firstpartyapps.oaspapps.com/**", (route) =>
        route.fulfill({ contentType: "text/html", body: "<!doctype html><title>log</title>" }),
      );
      // Watched from before the page starts: the frame comes on office.js's own timer.
      const frameLoaded = page
        .waitForEvent("framenavigated", {
          predicate: (frame) => frame.url().startsWith(OFFICE_LOGGING_FRAME),
        })
        .then((frame) => frame.waitForLoadState("load"));
      const refused = page.waitForFunction(
        (name) => ((window as unknown as Record<string, string[]>)[name] ?? []).length > 0,
        VIOLATIONS,
      );
      // Whichever does not come ends when the page closes: not a failure of its own.
      frameLoaded.catch(() => undefined);
      refused.catch(() => undefined);
      await page.goto(`${server.origin}/taskpane.html`);
      await page.getByText("Open BOQ Bridge in Excel").waitFor();
      await Promise.race([frameLoaded, refused]);
      expect(await violations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "signin.html: code and PKCE through the platform's sign-in page, tokens handed to the pane",
    async () => {
      const { page, errors } = await openWatched();
      await page.route(OFFICE_JS, (route) =>
        route.fulfill({ contentType: "text/javascript", body: DIALOG_OFFICE_JS }),
      );
      const url = new URL(`${server.origin}/signin.html`);
      url.searchParams.set("authority", emulator.authUrl);
      url.searchParams.set("client_id", emulator.demo.publicClient.clientId);
      url.searchParams.set("prompt", "login");
      await page.goto(url.toString());
      const user = emulator.demo.users[0]!;
      await page.locator("#username").fill(user.username);
      await page.locator("#password").fill(user.password);
      await page.locator("#submit").click();
      await page.waitForFunction(
        (name) => ((window as unknown as Record<string, string[]>)[name] ?? []).length > 0,
        MESSAGES,
      );
      const messages = await page.evaluate(
        (name) => (window as unknown as Record<string, string[]>)[name],
        MESSAGES,
      );
      expect(JSON.parse(messages?.[0] ?? "{}")).toMatchObject({ ok: true });
      expect(await violations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    },
    BROWSER_TIMEOUT_MS,
  );
});
