// `npm start`: builds and serves the add-in on https://localhost:3000 (webpack dev server),
// starts the local platform emulator, and sideloads the add-in into Excel desktop where the OS
// allows it. Everything started here is recorded in .pids/ for `npm stop`.
const fs = require("fs");
const https = require("https");
const os = require("os");
const path = require("path");
const { spawn, spawnSync } = require("child_process");
const {
  REPO_ROOT,
  logFile,
  recordPid,
  recordedProcesses,
  isAlive,
  emulatorReport,
  waitUntilServing,
} = require("./processes");

const DEV_SERVER_URL = "https://localhost:3000";
const DEV_SERVER_PORT = 3000;
const READY_TIMEOUT_MS = 180_000;
const POLL_INTERVAL_MS = 1_000;
/** Lines of a background process's log repeated when it fails at start. */
const LOG_TAIL_LINES = 8;
const MANIFEST = path.join(REPO_ROOT, "manifest.xml");
const DEV_CERTS_DIR = path.join(os.homedir(), ".office-addin-dev-certs");
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";

function startInBackground(name, command, args) {
  const log = fs.openSync(logFile(name), "w");
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    // Own process group, so `npm stop` can end the process together with its children.
    detached: true,
    stdio: ["ignore", log, log],
    shell: process.platform === "win32",
  });
  child.unref();
  recordPid(name, child.pid);
  console.log(
    `Started ${name} (pid ${child.pid}); its output goes to ${path.relative(REPO_ROOT, logFile(name))}`,
  );
  return child.pid;
}

function hasNpmScript(name) {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8"));
  return Boolean(pkg.scripts && pkg.scripts[name]);
}

function respondsOk(url) {
  return new Promise((resolve) => {
    // The dev server may use its own self-signed certificate; this only checks that it is up.
    const request = https.get(url, { rejectUnauthorized: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on("error", () => resolve(false));
    request.setTimeout(POLL_INTERVAL_MS * 5, () => request.destroy());
  });
}

function waitForDevServer(pid) {
  return waitUntilServing({
    alive: () => isAlive(pid),
    probe: () => respondsOk(`${DEV_SERVER_URL}/taskpane.html`),
    timeoutMs: READY_TIMEOUT_MS,
    intervalMs: POLL_INTERVAL_MS,
  });
}

/** The end of a background process's log, for a failure message. */
function logTail(name) {
  const log = logFile(name);
  if (!fs.existsSync(log)) return "";
  return fs.readFileSync(log, "utf8").trim().split("\n").slice(-LOG_TAIL_LINES).join("\n");
}

function ensureDevCertificates() {
  if (fs.existsSync(path.join(DEV_CERTS_DIR, "localhost.crt"))) return;
  if (process.platform === "linux") {
    console.log(
      "No Office add-in development certificate found: the dev server uses a self-signed certificate.\n" +
        "Chromium will warn once; see README, Troubleshooting, to install a trusted one.",
    );
    return;
  }
  // Windows and macOS: create and trust a localhost certificate (asks for confirmation once).
  const result = spawnSync(NPM, ["exec", "--", "office-addin-dev-certs", "install"], {
    cwd: REPO_ROOT,
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  if (result.status !== 0) {
    console.log("Could not install the development certificate; continuing with a self-signed one.");
  }
}

/** The emulator prints its service addresses when it is up; they go to its log, so repeat them. */
function printEmulatorStatus() {
  const entry = recordedProcesses().find((recorded) => recorded.name === "emulator");
  if (!entry) return;
  const log = logFile("emulator");
  const logText = fs.existsSync(log) ? fs.readFileSync(log, "utf8") : "";
  const report = emulatorReport(isAlive(entry.pid), logText, path.relative(REPO_ROOT, log));
  for (const line of report.lines) (report.ok ? console.log : console.error)(line);
}

function sideloadIntoDesktopExcel() {
  if (process.platform !== "win32" && process.platform !== "darwin") {
    console.log(`\nExcel desktop is not available on ${process.platform}, so the add-in was not sideloaded.`);
    return false;
  }
  const result = spawnSync(
    NPM,
    [
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
      String(DEV_SERVER_PORT),
    ],
    { cwd: REPO_ROOT, stdio: "inherit", shell: process.platform === "win32" },
  );
  if (result.status !== 0) {
    console.log("\nSideloading into Excel desktop failed (see the messages above).");
    return false;
  }
  return true;
}

function printManualInstructions() {
  console.log(`
Try the add-in without Excel in the workbench:
    ${DEV_SERVER_URL}/workbench.html

Or load it into Excel on the web:
    1. Open a workbook at https://www.office.com (Excel for the web).
    2. Home > Add-ins > More Add-ins > My Add-ins > Upload My Add-in.
    3. Choose ${MANIFEST}
    The browser must trust ${DEV_SERVER_URL}: open it once and accept the certificate.`);
}

async function main() {
  const running = recordedProcesses().filter((entry) => isAlive(entry.pid));
  if (running.length > 0) {
    const names = running.map((entry) => `${entry.name} (pid ${entry.pid})`).join(", ");
    console.error(`Already running: ${names}. Run "npm stop" first.`);
    process.exitCode = 1;
    return;
  }

  ensureDevCertificates();

  if (hasNpmScript("emulator")) {
    startInBackground("emulator", NPM, ["run", "emulator"]);
  } else {
    console.log('No "emulator" script in package.json: the local platform emulator was not started.');
  }
  const devServerPid = startInBackground("dev-server", process.execPath, [
    require.resolve("webpack-cli/bin/cli.js"),
    "serve",
    "--mode",
    "development",
  ]);

  console.log(`Waiting for the dev server at ${DEV_SERVER_URL} (first build takes a little while)...`);
  const devServer = await waitForDevServer(devServerPid);
  if (devServer === "exited") {
    console.error(
      `The dev server stopped (port ${DEV_SERVER_PORT} may be in use by another program). ` +
        `Its output (.pids/dev-server.log):\n${logTail("dev-server")}\nRun "npm stop", free the port and start again.`,
    );
    process.exitCode = 1;
    return;
  }
  if (devServer === "timeout") {
    console.error(
      `The dev server did not answer within ${READY_TIMEOUT_MS / 1000} s; see .pids/dev-server.log.`,
    );
    process.exitCode = 1;
    return;
  }
  console.log(`The add-in is served at ${DEV_SERVER_URL}/taskpane.html`);
  printEmulatorStatus();

  if (!sideloadIntoDesktopExcel()) {
    printManualInstructions();
  } else {
    console.log(`\nThe workbench is at ${DEV_SERVER_URL}/workbench.html as well.`);
  }
  console.log('\nRun "npm stop" to stop the dev server and the emulator.');
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
