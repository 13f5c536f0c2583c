// `npm run test:excel`: the journeys of test/excel/journeys.ts in real Excel, Microsoft's
// end-to-end pattern for Office add-ins. On Windows and macOS: the platform emulator (HTTPS, the
// Office development certificate), the test server on https://localhost:4201, the dev server with
// the add-in's test chunk (webpack --env excelTests), then manifest.xml sideloaded into Excel
// desktop; the add-in runs the journeys in Excel and posts the results; they are printed and kept
// in test-output/excel-journeys.json. Elsewhere (Linux, CI) Excel desktop does not exist: it says
// so and runs the same journeys inside the workbench against the Office emulation
// (test/browser/excel-journeys.test.ts, also part of npm test). `--workbench` does that anywhere.
const fs = require("fs");
const https = require("https");
const os = require("os");
const path = require("path");
const { spawn, spawnSync } = require("child_process");
const { REPO_ROOT, isAlive, stopProcessTree, waitUntilServing } = require("../../scripts/processes");
const { DEFAULT_PORT, startTestServer } = require("./server.cjs");

const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
const NODE = process.execPath;
const MANIFEST = path.join(REPO_ROOT, "manifest.xml");
const OUTPUT_DIR = path.join(REPO_ROOT, "test-output");
const REPORT = path.join(OUTPUT_DIR, "excel-journeys.json");
const DEV_CERTS_DIR = path.join(os.homedir(), ".office-addin-dev-certs");
const DEV_SERVER = "https://localhost:3000";
const PLATFORM = {
  authUrl: "https://localhost:4001",
  valueUrl: "https://localhost:4002",
  platformUrl: "https://localhost:4003",
};
const READY_TIMEOUT_MS = 180_000;
const RESULTS_TIMEOUT_MS = 10 * 60_000;
const POLL_MS = 1_000;

function respondsOk(url) {
  return new Promise((resolve) => {
    const request = https.get(url, { rejectUnauthorized: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on("error", () => resolve(false));
    request.setTimeout(POLL_MS * 5, () => request.destroy());
  });
}

function npm(args, options = {}) {
  return spawnSync(NPM, args, {
    cwd: REPO_ROOT,
    stdio: "inherit",
    shell: process.platform === "win32",
    ...options,
  });
}

/** Runs the same journeys in the workbench (headless Chromium and the Office emulation). */
function inWorkbench() {
  const result = npm([
    "exec",
    "--",
    "jest",
    "test/browser/excel-journeys.test.ts",
    "--selectProjects",
    "browser",
    "--runInBand",
  ]);
  console.log(
    `\nThe report: ${path.relative(REPO_ROOT, path.join(OUTPUT_DIR, "excel-journeys-workbench.json"))}`,
  );
  process.exit(result.status ?? 1);
}

function background(name, command, args) {
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  const log = fs.openSync(path.join(OUTPUT_DIR, `excel-${name}.log`), "w");
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    detached: process.platform !== "win32",
    stdio: ["ignore", log, log],
    shell: process.platform === "win32",
  });
  console.log(`Started ${name} (pid ${child.pid}), output in test-output/excel-${name}.log`);
  return child.pid;
}

async function ready(name, pid, url) {
  const ok = await waitUntilServing({
    alive: () => isAlive(pid),
    probe: () => respondsOk(url),
    timeoutMs: READY_TIMEOUT_MS,
    intervalMs: POLL_MS,
  });
  if (!ok) throw new Error(`${name} did not answer at ${url}; see test-output/excel-${name}.log.`);
}

function printReport(report) {
  console.log(`\nExcel: ${report.office?.host} ${report.office?.platform} ${report.office?.version ?? ""}`);
  for (const result of report.results ?? []) {
    console.log(
      `${result.ok ? "ok  " : "FAIL"}  ${result.resultName} (${result.ms} ms): ${result.detail ?? ""}`,
    );
  }
}

async function inExcelDesktop() {
  if (!fs.existsSync(path.join(DEV_CERTS_DIR, "localhost.crt"))) {
    // Excel trusts HTTPS on localhost only with the Office development certificate (asks once).
    const result = npm(["exec", "--", "office-addin-dev-certs", "install"]);
    if (result.status !== 0) throw new Error("The Office development certificate could not be installed.");
  }
  const tls = {
    key: fs.readFileSync(path.join(DEV_CERTS_DIR, "localhost.key")),
    cert: fs.readFileSync(path.join(DEV_CERTS_DIR, "localhost.crt")),
  };
  const pids = [];
  let server;
  try {
    server = await startTestServer({ config: PLATFORM, tls, port: DEFAULT_PORT });
    pids.push(background("emulator", NODE, ["emulator/run.cjs", "--job-speed", "instant", "--in-memory"]));
    await ready("emulator", pids[0], `${PLATFORM.authUrl}/.well-known/openid-configuration`);
    pids.push(
      background("dev-server", NODE, [
        require.resolve("webpack-cli/bin/cli.js"),
        "serve",
        "--mode",
        "development",
        "--env",
        "excelTests",
      ]),
    );
    await ready("dev-server", pids[1], `${DEV_SERVER}/taskpane.html`);
    const sideload = npm([
      "exec",
      "--",
      "office-addin-debugging",
      "start",
      MANIFEST,
      "desktop",
      "--app",
      "excel",
      "--no-debug",
      "--dev-server-port",
      "3000",
    ]);
    if (sideload.status !== 0) throw new Error("Sideloading into Excel desktop failed (see above).");
    console.log("Excel opens with BOQ Bridge; the journeys run in its task pane. Waiting for the results…");
    const report = await Promise.race([
      server.results,
      new Promise((_, reject) =>
        setTimeout(
          () => reject(new Error("No results from Excel within 10 minutes.")),
          RESULTS_TIMEOUT_MS,
        ).unref(),
      ),
    ]);
    fs.writeFileSync(REPORT, `${JSON.stringify(report, null, 2)}\n`);
    printReport(report);
    console.log(`\nThe report: ${path.relative(REPO_ROOT, REPORT)}`);
    return (report.results ?? []).length > 0 && report.results.every((result) => result.ok);
  } finally {
    npm(["exec", "--", "office-addin-debugging", "stop", MANIFEST], { stdio: "ignore" });
    for (const pid of pids) stopProcessTree(pid);
    await server?.close();
  }
}

async function main() {
  const desktop = process.platform === "win32" || process.platform === "darwin";
  if (!desktop || process.argv.includes("--workbench")) {
    if (!desktop) {
      console.log(
        `Sideloading into Excel desktop needs Windows or macOS; this is ${process.platform}.\n` +
          "Running the same journeys inside the workbench against the Office emulation instead.\n",
      );
    }
    inWorkbench();
    return;
  }
  const passed = await inExcelDesktop();
  process.exit(passed ? 0 : 1);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
