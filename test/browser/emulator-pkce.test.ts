// The authorization-code flow with PKCE in headless chromium against the emulator: the test drives
// the emulator's sign-in page, reads the code from the redirect to a sign-in URI of its own (a
// stub page on a free port, so no add-in is needed), and exchanges it from that page's origin, as
// the sign-in dialog does (CORS included). Its own port, not the demo client's
// https://localhost:3000: a redirect is not intercepted by playwright's routes, so it would land
// on whatever listens there (a developer's `npm start`).
import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext, Page } from "playwright-core";
import { decodeJwt } from "jose";
import { startEmulator, type RunningEmulator } from "../../emulator/src/index";
import { launchChromium, type Browser } from "./harness";

const TIMEOUT_MS = 60_000;

let emu: RunningEmulator;
/** The stub pages' server, its origin and the sign-in URI the emulator redirects to. */
let stubPages: Server;
let origin: string;
let redirectUri: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  stubPages = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html" });
    response.end("<!doctype html><title>signin stub</title>");
  });
  await new Promise<void>((resolve) => stubPages.listen(0, "127.0.0.1", resolve));
  origin = `http://localhost:${(stubPages.address() as AddressInfo).port}`;
  redirectUri = `${origin}/signin.html`;
  emu = await startEmulator({
    dataDir: null,
    https: false,
    extraCorsOrigins: [origin],
    extraRedirectUris: [redirectUri],
  });
  browser = await launchChromium({ routes: false });
  context = browser.context;
  // Excel on the web calls the local emulator from another page: the user grants chromium's
  // local network access permission, as they would in the prompt.
  await context.grantPermissions(["local-network-access"]);
}, TIMEOUT_MS);

beforeEach(async () => {
  page = await context.newPage();
});
afterEach(async () => {
  await page.close();
});

afterAll(async () => {
  await browser?.close();
  await emu?.stop();
  await new Promise((resolve) => stubPages?.close(resolve));
});

function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** prompt=login: the session cookie of an earlier test would otherwise skip the sign-in page. */
function authorizeUrl(challenge: string, state: string): string {
  const params = new URLSearchParams({
    prompt: "login",
    client_id: emu.demo.publicClient.clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "openid email profile role IdentityServerApi Platform.Server offline_access",
    state,
    nonce: `nonce-${state}`,
    code_challenge: challenge,
    code_challenge_method: "S256",
  });
  return `${emu.authUrl}/connect/authorize?${params.toString()}`;
}

async function signIn(username: string, password: string): Promise<void> {
  await page.fill("#username", username);
  await page.fill("#password", password);
  await page.click("#submit");
}

it(
  "signs in on the sign-in page, redirects with the code, and exchanges it with the code_verifier",
  async () => {
    const { verifier, challenge } = pkce();
    const user = emu.demo.users[0];
    await page.goto(authorizeUrl(challenge, "browser-1"));
    expect(await page.title()).toMatch(/Sign in/);
    await signIn(user?.username ?? "", user?.password ?? "");
    await page.waitForURL(`${redirectUri}?**`);
    const redirected = new URL(page.url());
    expect(redirected.searchParams.get("state")).toBe("browser-1");
    const code = redirected.searchParams.get("code");
    expect(code).toBeTruthy();

    const result = await page.evaluate(
      async ({ tokenUrl, fields }) => {
        const res = await fetch(tokenUrl, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields).toString(),
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      },
      {
        tokenUrl: `${emu.authUrl}/connect/token`,
        fields: {
          grant_type: "authorization_code",
          client_id: emu.demo.publicClient.clientId,
          code: code ?? "",
          redirect_uri: redirectUri,
          code_verifier: verifier,
        },
      },
    );
    expect(result.status).toBe(200);
    const accessToken = String(result.body.access_token);
    expect(decodeJwt(accessToken)).toMatchObject({
      client_id: emu.demo.publicClient.clientId,
      preferred_username: user?.username,
      email: user?.email,
    });
    expect(decodeJwt(String(result.body.id_token))).toMatchObject({ nonce: "nonce-browser-1" });
    expect(result.body.refresh_token).toEqual(expect.any(String));
    const companies = await fetch(`${emu.authUrl}/api/app/company`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(companies.status).toBe(200);
  },
  TIMEOUT_MS,
);

it(
  "stays on the sign-in page with a message for a wrong password",
  async () => {
    const { challenge } = pkce();
    await page.goto(authorizeUrl(challenge, "browser-2"));
    await signIn(emu.demo.users[0]?.username ?? "", "not-the-password");
    await page.waitForSelector("#error");
    expect(await page.textContent("#error")).toBe("The user name or password is incorrect.");
    expect(page.url().startsWith(emu.authUrl)).toBe(true);
  },
  TIMEOUT_MS,
);

it(
  "redirects with access_denied when the user cancels",
  async () => {
    const { challenge } = pkce();
    await page.goto(authorizeUrl(challenge, "browser-3"));
    await page.click("#cancel");
    await page.waitForURL(`${redirectUri}?**`);
    const redirected = new URL(page.url());
    expect(redirected.searchParams.get("error")).toBe("access_denied");
    expect(redirected.searchParams.get("state")).toBe("browser-3");
  },
  TIMEOUT_MS,
);

it(
  "lets the browser read the token response only from an origin in the client's CORS list",
  async () => {
    const outsider = "https://outsider.example";
    await context.route(`${outsider}/**`, (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<!doctype html><title>outsider</title>",
      }),
    );
    const user = emu.demo.users[0];
    const fields = {
      grant_type: "password",
      client_id: emu.demo.passwordClient.clientId,
      client_secret: emu.demo.passwordClient.clientSecret,
      username: user?.username ?? "",
      password: user?.password ?? "",
    };
    const tryToken = async (origin: string) => {
      await page.goto(`${origin}/page.html`);
      return page.evaluate(
        async ({ tokenUrl, body }) => {
          try {
            const res = await fetch(tokenUrl, {
              method: "POST",
              headers: { "content-type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams(body).toString(),
            });
            return `status ${res.status}`;
          } catch (e) {
            return `blocked: ${String(e)}`;
          }
        },
        { tokenUrl: `${emu.authUrl}/connect/token`, body: fields },
      );
    };
    const consoleLines: string[] = [];
    page.on("console", (m) => consoleLines.push(m.text()));
    expect(await tryToken(origin)).toBe("status 200");
    expect(await tryToken(outsider)).toMatch(/^blocked: TypeError/);
    // Refused for CORS (no Access-Control-Allow-Origin), not for the local network permission.
    expect(consoleLines.join("\n")).toMatch(/No 'Access-Control-Allow-Origin' header/);
  },
  TIMEOUT_MS,
);

it(
  "passes the preflight of a bearer-token call to the value service only from an allowed origin",
  async () => {
    // Not in the shared context: while any route is set, playwright answers CORS preflights itself
    // with permissive headers, so the emulator's preflight handling would never be exercised.
    // One local page server gives two origins: localhost (allowed) and 127.0.0.1 (not allowed).
    const pages = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<!doctype html><title>caller</title>");
    });
    await new Promise<void>((resolve) => pages.listen(0, "127.0.0.1", resolve));
    const port = (pages.address() as AddressInfo).port;
    const allowed = `http://localhost:${port}`;
    const outsider = `http://127.0.0.1:${port}`;
    const own = await startEmulator({ dataDir: null, https: false, extraCorsOrigins: [allowed] });
    const ownBrowser = await launchChromium({ routes: false });
    const ownContext = ownBrowser.context;
    try {
      await ownContext.grantPermissions(["local-network-access"]);
      const user = own.demo.users[0];
      const tokenRes = await fetch(`${own.authUrl}/connect/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "password",
          client_id: own.demo.passwordClient.clientId,
          client_secret: own.demo.passwordClient.clientSecret,
          username: user?.username ?? "",
          password: user?.password ?? "",
        }).toString(),
      });
      const accessToken = ((await tokenRes.json()) as { access_token: string }).access_token;
      const companyId = own.demo.companies[0]?.id ?? "";
      const callerPage = await ownContext.newPage();
      // The Authorization header makes this a non-simple request: the browser sends a preflight first.
      const callFrom = async (origin: string) => {
        await callerPage.goto(`${origin}/page.html`);
        return callerPage.evaluate(
          async ({ url, token }) => {
            try {
              const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
              const body = (await res.json()) as { name: string }[];
              return `status ${res.status}: ${body.map((p) => p.name).join(", ")}`;
            } catch (e) {
              return `blocked: ${String(e)}`;
            }
          },
          { url: `${own.baseUrl}/api/app/project/${companyId}/byCompanyId`, token: accessToken },
        );
      };
      expect(await callFrom(allowed)).toBe("status 200: O'Brien Tower, Riverside 50% Phase #2");
      expect(await callFrom(outsider)).toMatch(/^blocked: TypeError/);
    } finally {
      await ownBrowser.close();
      await own.stop();
      await new Promise((resolve) => pages.close(resolve));
    }
  },
  TIMEOUT_MS,
);
