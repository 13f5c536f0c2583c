// The production build as a host serves it: `npm run build`'s webpack config into a temporary
// folder, a plain static file server that sends the headers the build wrote for static hosts
// (dist/_headers, the Netlify and Cloudflare Pages format), the Office emulation bundled to answer
// for office.js, and an HTTPS platform emulator with a throw-away self-signed certificate (the
// production policy allows https connections only).
import { spawnSync } from "child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "fs";
import { createServer, type Server } from "http";
import type { AddressInfo } from "net";
import { tmpdir } from "os";
import path from "path";
import webpack from "webpack";
import type { RunningEmulator } from "../../emulator/src/index";
import { REPO_ROOT } from "./harness";

type ConfigFactory = ((env: { outputPath: string }, argv: { mode: string }) => webpack.Configuration) & {
  sourceMapDir(outputPath: string): string;
};

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".png": "image/png",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
};

function run(config: webpack.Configuration): Promise<void> {
  return new Promise((resolve, reject) => {
    webpack({ ...config, infrastructureLogging: { level: "error" } }, (error, stats) => {
      if (error) reject(error);
      else if (!stats) reject(new Error("webpack returned no build result."));
      else if (stats.hasErrors()) reject(new Error(stats.toString("errors-only")));
      else resolve();
    });
  });
}

export interface ProductionBuild {
  dir: string;
  mapsDir: string;
  /** The Office emulation as one script, served in place of office.js. */
  officeEmulation: string;
  remove(): void;
}

/** `npm run build` for ADDIN_BASE_URL=baseUrl, and the emulation script. */
export async function buildProduction(baseUrl: string): Promise<ProductionBuild> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const factory = require(path.join(REPO_ROOT, "webpack.config.js")) as ConfigFactory;
  const dir = mkdtempSync(path.join(tmpdir(), "boq-bridge-production-"));
  const shimDir = mkdtempSync(path.join(tmpdir(), "boq-bridge-office-shim-"));
  const saved = process.env.ADDIN_BASE_URL;
  process.env.ADDIN_BASE_URL = baseUrl;
  const config = factory({ outputPath: dir }, { mode: "production" });
  if (saved === undefined) delete process.env.ADDIN_BASE_URL;
  else process.env.ADDIN_BASE_URL = saved;
  await run(config);
  await run({
    context: REPO_ROOT,
    mode: "development",
    devtool: false,
    entry: { "office-emulation": "./test/browser/pages/office-emulation.ts" },
    output: { path: shimDir, filename: "[name].js" },
    resolve: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: "ts-loader", options: { onlyCompileBundledFiles: true, transpileOnly: true } },
        },
      ],
    },
    performance: { hints: false },
  });
  const officeEmulation = readFileSync(path.join(shimDir, "office-emulation.js"), "utf8");
  rmSync(shimDir, { recursive: true, force: true });
  const mapsDir = factory.sourceMapDir(dir);
  return {
    dir,
    mapsDir,
    officeEmulation,
    remove: () => {
      rmSync(dir, { recursive: true, force: true });
      rmSync(mapsDir, { recursive: true, force: true });
    },
  };
}

/** The headers of a Netlify-style _headers file for a path (rules for "/*" and the exact path). */
export function headersFor(headersFile: string, pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let applies = false;
  for (const line of headersFile.split("\n")) {
    if (line.startsWith("#") || line.trim() === "") continue;
    if (!/^\s/.test(line)) {
      const rule = line.trim();
      applies = rule === pathname || (rule.endsWith("*") && pathname.startsWith(rule.slice(0, -1)));
      continue;
    }
    const colon = line.indexOf(":");
    if (applies && colon > 0) headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}

export interface HeaderServer {
  origin: string;
  close(): Promise<void>;
}

/** A plain static file server for `root`, sending the headers of root/_headers with every file. */
export async function serveWithHostHeaders(root: string): Promise<HeaderServer> {
  const rules = readFileSync(path.join(root, "_headers"), "utf8");
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    const file = path.join(root, path.normalize(pathname));
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, { "Content-Type": "text/plain" });
      response.end(`Not found: ${pathname}`);
      return;
    }
    response.writeHead(200, {
      ...headersFor(rules, pathname),
      "Content-Type": CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream",
      "Cache-Control": "no-store",
    });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** The platform emulator over HTTPS with a self-signed certificate for localhost (openssl). */
export async function startHttpsEmulator(origin: string): Promise<RunningEmulator & { removeCerts(): void }> {
  const certDir = mkdtempSync(path.join(tmpdir(), "boq-bridge-certs-"));
  const result = spawnSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost"],
      ...["-addext", "subjectAltName=DNS:localhost"],
      ...["-keyout", path.join(certDir, "localhost.key"), "-out", path.join(certDir, "localhost.crt")],
    ],
    { encoding: "utf8" },
  );
  if (result.status !== 0) {
    throw new Error(`openssl could not make a test certificate (apt-get install openssl): ${result.stderr}`);
  }
  const { startEmulator } = await import("../../emulator/src/index");
  const emulator = await startEmulator({
    ports: { auth: 0, value: 0, platform: 0 },
    https: true,
    certDir,
    dataDir: null,
    jobSpeed: "instant",
    extraCorsOrigins: [origin],
    extraRedirectUris: [`${origin}/signin.html`],
  });
  return Object.assign(emulator, { removeCerts: () => rmSync(certDir, { recursive: true, force: true }) });
}
