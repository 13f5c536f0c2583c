// Shared by start.js and stop.js: the background processes `npm start` launches are recorded in
// .pids/ (gitignored) so that `npm stop` stops exactly those and nothing else.
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");

const REPO_ROOT = path.resolve(__dirname, "..");
// Overridable so tests can record processes without touching a running `npm start`.
const PIDS_DIR = process.env.BOQ_BRIDGE_PIDS_DIR || path.join(REPO_ROOT, ".pids");
/** Lines of the emulator's log repeated when it stopped at start. */
const EMULATOR_LOG_TAIL_LINES = 8;

function pidFile(name) {
  return path.join(PIDS_DIR, `${name}.pid`);
}

function logFile(name) {
  fs.mkdirSync(PIDS_DIR, { recursive: true });
  return path.join(PIDS_DIR, `${name}.log`);
}

function recordPid(name, pid) {
  fs.mkdirSync(PIDS_DIR, { recursive: true });
  fs.writeFileSync(pidFile(name), `${pid}\n`);
}

function recordedProcesses() {
  if (!fs.existsSync(PIDS_DIR)) return [];
  return fs
    .readdirSync(PIDS_DIR)
    .filter((file) => file.endsWith(".pid"))
    .map((file) => ({
      name: file.slice(0, -".pid".length),
      pid: Number.parseInt(fs.readFileSync(path.join(PIDS_DIR, file), "utf8"), 10),
    }))
    .filter((entry) => Number.isSafeInteger(entry.pid) && entry.pid > 0);
}

/** True while the process runs; an exited process that nobody reaped yet (zombie) is not alive. */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = `/proc/${pid}/stat`;
  if (process.platform === "linux" && fs.existsSync(stat)) {
    // The state follows the command name in parentheses: "123 (node) S ...".
    const state = fs.readFileSync(stat, "utf8").split(") ")[1]?.charAt(0);
    return state !== "Z";
  }
  return true;
}

/** Stops a recorded process and everything it started (each runs in its own process group). */
function stopProcessTree(pid) {
  if (process.platform === "win32") {
    spawnSync("taskkill", ["/pid", String(pid), "/T", "/F"], { stdio: "ignore" });
    return;
  }
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    try {
      process.kill(pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
}

/**
 * What `npm start` says about the emulator once the dev server answers: its addresses from its
 * log, or, when the process already ended (a port of 4001-4003 in use, a damaged data file), that
 * it is not running and where its log is, instead of saying nothing.
 */
function emulatorReport(alive, logText, logPath) {
  const addresses = logText.split("\n").filter((line) => /_url\s+https?:/.test(line));
  if (!alive) {
    const lastLines = logText.trim().split("\n").slice(-EMULATOR_LOG_TAIL_LINES).join("\n");
    return {
      ok: false,
      lines: [
        `The platform emulator is not running: it stopped after it started. Its output (${logPath}):`,
        lastLines || "(empty)",
        "A port of 4001-4003 may be in use; free it, run npm stop, then npm start again.",
      ],
    };
  }
  if (addresses.length === 0) return { ok: true, lines: [] };
  const lines = [`The platform emulator is running:`, ...addresses];
  const demo = demoSignIn(logText);
  if (demo) {
    lines.push(
      "",
      'Demo sign-in (the task pane offers it with "Use the demo account" on the test platform):',
      `  user name  ${demo.username}`,
      `  password   ${demo.password}`,
      `  client id  ${demo.clientId}`,
      `  client secret  ${demo.clientSecret}`,
      `  sign-in server ${addresses[0]?.trim().split(/\s+/)[1] ?? ""}`,
    );
  }
  if (addresses.some((line) => line.includes("http://"))) {
    lines.push(
      "It serves plain HTTP (no dev certificates in ~/.office-addin-dev-certs); this build's " +
        '"Local emulator" preset uses http too. A browser allows http://localhost from an https page.',
    );
  }
  return { ok: true, lines };
}

/**
 * The demo user and API client as the emulator printed them from its demo data (emulator/src/
 * cli.ts): the first line under "Demo users:" ("  demo / demo-password  (...)") and the
 * password-grant client line. Null when the log does not hold them (yet).
 */
function demoSignIn(logText) {
  const lines = logText.split("\n");
  const usersAt = lines.findIndex((line) => line.trim() === "Demo users:");
  const user = usersAt >= 0 ? /^\s+(\S+) \/ (\S+)/.exec(lines[usersAt + 1] ?? "") : null;
  const client = /password grant:\s+client_id (\S+)\s+client_secret (\S+)/.exec(logText);
  if (!user || !client) return null;
  return { username: user[1], password: user[2], clientId: client[1], clientSecret: client[2] };
}

/**
 * Polls `probe` until it answers true ("serving"), the process ends ("exited"; then whatever
 * answers is not ours, e.g. another server on the same port) or the time is up ("timeout").
 */
async function waitUntilServing({ alive, probe, timeoutMs, intervalMs }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive()) return "exited";
    if (await probe()) return alive() ? "serving" : "exited";
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return "timeout";
}

function forget(name) {
  fs.rmSync(pidFile(name), { force: true });
}

module.exports = {
  REPO_ROOT,
  PIDS_DIR,
  logFile,
  recordPid,
  recordedProcesses,
  isAlive,
  stopProcessTree,
  forget,
  emulatorReport,
  waitUntilServing,
};
