// Browser test harness: the add-in built once per Jest run (globalSetup), served over HTTP on a
// free localhost port, the platform emulator started in-process with that origin allowed, and
// Debian's chromium driven by playwright-core. Nothing leaves localhost: the Office CDN script is
// answered from @microsoft/office-js and every other outside request is refused.
//
// Nothing depends on what else listens on this computer: the pane starts with its settings saved
// for the test's own emulator (never the build's default, the ports of `npm start`), and a session
// that reaches one of those default ports anyway fails when it closes.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "fs";
import { createServer, type Server } from "http";
import type { AddressInfo } from "net";
import { tmpdir } from "os";
import path from "path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { BROWSER_STORAGE_PREFIX } from "../../dev/office-emulation/runtime-storage";
import type { EmulatorOptions, RunningEmulator } from "../../emulator/src/index";
import { EMULATOR_PORTS, SETTINGS_KEY, type ServiceSettings } from "../../src/session/settings";
import { BUILT_ADDIN_ENV, buildAddin } from "./build";
import { settled } from "./steps";

export const REPO_ROOT = path.resolve(__dirname, "../..");
export const TEST_OUTPUT_DIR = path.join(REPO_ROOT, "test-output");
/** Debian's Chromium; BOQ_BRIDGE_CHROMIUM names another (the bench's broken-section test names none). */
const CHROMIUM_PATH = process.env.BOQ_BRIDGE_CHROMIUM ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const VIEWPORT = { width: 1400, height: 900 };
/** Where `npm start` serves on this computer: its emulator and the webpack dev server (package.json). */
export const DEFAULT_PORTS: readonly number[] = [
  EMULATOR_PORTS.auth,
  EMULATOR_PORTS.value,
  EMULATOR_PORTS.platform,
  (
    JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as {
      config: { dev_server_port: number };
    }
  ).config.dev_server_port,
];
const THIS_COMPUTER = new Set(["localhost", "127.0.0.1", "[::1]"]);
const OFFICE_JS_CDN = "https://appsforoffice.microsoft.com/**";
const OFFICE_JS_DIST = path.join(REPO_ROOT, "node_modules/@microsoft/office-js/dist");
const OFFICE_JS_LOCAL = path.join(OFFICE_JS_DIST, "office.js");
const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".png": "image/png",
  ".xml": "application/xml; charset=utf-8",
};

// --- the platform emulator ----------------------------------------------------------------

export type { EmulatorOptions, RunningEmulator };

/** Loaded when a test opens the workbench, so a harness import alone starts no servers. */
async function startEmulatorFor(origin: string, options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const { startEmulator } = await import("../../emulator/src/index");
  return startEmulator({
    ports: { auth: 0, value: 0, platform: 0 },
    https: false,
    dataDir: null,
    jobSpeed: "instant",
    ...options,
    extraCorsOrigins: [origin, ...(options.extraCorsOrigins ?? [])],
    extraRedirectUris: [`${origin}/signin.html`, ...(options.extraRedirectUris ?? [])],
  });
}

// --- build and static server ---------------------------------------------------------------

let buildInThisProcess: Promise<string> | undefined;

/** The development build made by globalSetup; built here (once) when run without it. */
export async function builtAddinDir(): Promise<string> {
  const fromSetup = process.env[BUILT_ADDIN_ENV];
  if (fromSetup && existsSync(path.join(fromSetup, "workbench.html"))) return fromSetup;
  buildInThisProcess ??= buildAddin();
  return buildInThisProcess;
}

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

export async function serveDirectory(root: string): Promise<StaticServer> {
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    const file = path.join(root, path.normalize(pathname === "/" ? "/workbench.html" : pathname));
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, { "Content-Type": "text/plain" });
      response.end(`Not found: ${pathname}`);
      return;
    }
    response.writeHead(200, {
      "Content-Type": CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream",
      "Cache-Control": "no-store",
    });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // http://localhost is a secure context, so crypto.subtle and friends work as on HTTPS.
    origin: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

// --- chromium ------------------------------------------------------------------------------

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /**
   * Serve office.js for the Office CDN and block every other outside address (default true).
   * While any route is set, playwright answers CORS preflights itself with permissive headers:
   * a test of the server's real preflight launches without routes.
   */
  routes?: boolean;
}

export async function launchChromium({ routes = true }: LaunchOptions = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing; install it with: apt-get install -y chromium`);
  }
  const profile = mkdtempSync(path.join(tmpdir(), "boq-bridge-chromium-"));
  const context = await chromium
    .launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      ignoreHTTPSErrors: true,
      viewport: VIEWPORT,
    })
    .catch((error: unknown) => {
      rmSync(profile, { recursive: true, force: true });
      throw error;
    });
  if (routes) {
    // Each CDN file from the package (office.js loads more files, e.g. its app-to-file mapping
    // table, outside Office); office.js itself for anything the package does not hold.
    await context.route(OFFICE_JS_CDN, (route) => {
      const relative = new URL(route.request().url()).pathname.replace(/^\/lib\/1\/hosted\//, "");
      const file = path.join(OFFICE_JS_DIST, path.normalize(relative));
      const body =
        file.startsWith(OFFICE_JS_DIST) && existsSync(file) && statSync(file).isFile()
          ? readFileSync(file, "utf8")
          : readFileSync(OFFICE_JS_LOCAL, "utf8");
      return route.fulfill({ status: 200, contentType: CONTENT_TYPES[".js"], body });
    });
    await context.route(
      (url) =>
        url.hostname !== "localhost" &&
        url.hostname !== "127.0.0.1" &&
        url.hostname !== "appsforoffice.microsoft.com",
      (route) => route.abort("blockedbyclient"),
    );
  }
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// --- the whole set-up ----------------------------------------------------------------------

export interface WorkbenchSession {
  page: Page;
  /**
   * Requests the pages sent to a default port of this computer (DEFAULT_PORTS): none is expected,
   * and close() fails when there was one.
   */
  strayRequests: string[];
  context: BrowserContext;
  /** Origin the add-in is served from, e.g. http://localhost:43123. */
  origin: string;
  /** The in-process platform emulator; the add-in's origin is among its allowed origins. */
  emulator: RunningEmulator;
  /** Errors thrown in the page or logged with console.error, for assertions. */
  pageErrors: string[];
  close(): Promise<void>;
}

/**
 * The workbench page at the ExcelApi version WORKBENCH_EXCEL_API names (unset: the emulation's
 * default, the newest): `WORKBENCH_EXCEL_API=1.10` runs the browser suite at the manifests'
 * minimum (issue 42). Other pages (the production build's) are left as they are, and so is a page
 * that asks for Microsoft 365's data types (`dataTypes=on`: ExcelApi 1.19 and
 * CustomFunctionsRuntime 1.4), a host that is never at 1.10 (data types from functions need
 * ExcelApi 1.16): its tests are of that host, and the rest of the suite runs at the minimum.
 */
/**
 * Whether WORKBENCH_EXCEL_API runs the suite at an ExcelApi version below `version` ("1.13"), where
 * the members that set introduced refuse with ApiNotFound and the add-in does without them.
 */
export function excelApiBelow(version: string): boolean {
  const running = process.env["WORKBENCH_EXCEL_API"];
  if (running === undefined || running === "") return false;
  const minor = (v: string): number => Number(v.split(".")[1] ?? 0);
  return minor(running) < minor(version);
}

export function withExcelApi(pagePath: string): string {
  const version = process.env["WORKBENCH_EXCEL_API"];
  if (version === undefined || version === "" || !pagePath.startsWith("/workbench.html")) return pagePath;
  if (/[?&]dataTypes=on(&|$)/.test(pagePath)) return pagePath;
  return `${pagePath}${pagePath.includes("?") ? "&" : "?"}excelApi=${encodeURIComponent(version)}`;
}

export interface WorkbenchOptions {
  /** Path and query appended to the origin; default the workbench page. */
  path?: string;
  /** Extra emulator options (ports and allowed origins are set by the harness). */
  emulator?: EmulatorOptions;
  /** See LaunchOptions.routes: false lets the browser send real CORS preflights. */
  routes?: boolean;
  /** Save the pane's settings for the test's emulator before the page runs (default true); false: a first start. */
  seedSettings?: boolean;
  /** Runs before the page is opened, e.g. to answer for a file beside the pages. */
  prepare?(context: BrowserContext, emulator: RunningEmulator): Promise<void>;
}

/** The pane's settings for the test's own emulator, saved as the pane saves them. */
function settingsFor(emulator: RunningEmulator): ServiceSettings {
  return {
    preset: "custom",
    emulatorScheme: "http",
    authUrl: emulator.authUrl,
    valueUrl: emulator.baseUrl,
    platformUrl: emulator.platformUrl,
    interactiveClientId: emulator.demo.publicClient.clientId,
  };
}

/** Whether a URL addresses a default port of this computer (DEFAULT_PORTS). */
export function isDefaultPort(url: string): boolean {
  const { hostname, port } = new URL(url);
  return THIS_COMPUTER.has(hostname) && DEFAULT_PORTS.includes(Number(port));
}

export async function openWorkbench(options: WorkbenchOptions = {}): Promise<WorkbenchSession> {
  const dir = await builtAddinDir();
  const server = await serveDirectory(dir);
  const cleanups: (() => Promise<void>)[] = [() => server.close()];
  const strayRequests: string[] = [];
  const release = async () => {
    for (const step of cleanups.reverse()) await step();
  };
  const close = async () => {
    await release();
    if (strayRequests.length > 0) {
      throw new Error(
        `The pages reached default ports of this computer, where anything may listen:\n${strayRequests.join("\n")}`,
      );
    }
  };
  try {
    const emulator = await startEmulatorFor(server.origin, options.emulator);
    cleanups.push(() => emulator.stop());

    const browser = await launchChromium({ routes: options.routes ?? true });
    cleanups.push(() => browser.close());
    browser.context.on("request", (request) => {
      if (isDefaultPort(request.url())) strayRequests.push(`${request.method()} ${request.url()}`);
    });
    // Before any page of the origin runs: the settings the pane would have saved for this emulator
    // (kept if a test changes them, as on a computer), so the pane never starts on the build's default.
    if (options.seedSettings !== false)
      await browser.context.addInitScript(
        ({ key, value }) => {
          try {
            if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
          } catch {
            // A frame without storage of its own (about:blank) holds no pane.
          }
        },
        { key: `${BROWSER_STORAGE_PREFIX}${SETTINGS_KEY}`, value: JSON.stringify(settingsFor(emulator)) },
      );
    await options.prepare?.(browser.context, emulator);
    const page = await browser.context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") pageErrors.push(message.text());
    });
    await page.goto(`${server.origin}${withExcelApi(options.path ?? "/workbench.html")}`);
    return {
      page,
      context: browser.context,
      origin: server.origin,
      emulator,
      pageErrors,
      strayRequests,
      close,
    };
  } catch (error) {
    await release();
    throw error;
  }
}

/**
 * Saves a full-page screenshot as test-output/<name>.png, once the screen has settled (steps.ts
 * settled: fonts, transitions, frames), and returns its path.
 */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(TEST_OUTPUT_DIR, { recursive: true });
  const file = path.join(TEST_OUTPUT_DIR, `${name}.png`);
  await settled(page);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
