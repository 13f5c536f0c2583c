// `npm stop` must stop exactly what `npm start` recorded, children included (the dev server and
// the emulator run under npm, which starts them as child processes).
import { spawn } from "child_process";
import { existsSync, mkdtempSync, rmSync } from "fs";
import { tmpdir } from "os";
import path from "path";

interface ProcessesModule {
  PIDS_DIR: string;
  recordPid(name: string, pid: number): void;
  recordedProcesses(): { name: string; pid: number }[];
  isAlive(pid: number): boolean;
  stopProcessTree(pid: number): void;
  forget(name: string): void;
  emulatorReport(alive: boolean, logText: string, logPath: string): { ok: boolean; lines: string[] };
  waitUntilServing(options: {
    alive: () => boolean;
    probe: () => Promise<boolean>;
    timeoutMs: number;
    intervalMs: number;
  }): Promise<"serving" | "exited" | "timeout">;
}

const STOP_WAIT_MS = 10_000;
const POLL_MS = 50;

let pidsDir: string;
let processes: ProcessesModule;

beforeAll(() => {
  pidsDir = mkdtempSync(path.join(tmpdir(), "boq-bridge-pids-"));
  process.env.BOQ_BRIDGE_PIDS_DIR = pidsDir;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  processes = require("../../scripts/processes.js") as ProcessesModule;
});

afterAll(() => {
  delete process.env.BOQ_BRIDGE_PIDS_DIR;
  rmSync(pidsDir, { recursive: true, force: true });
});

async function waitUntilGone(pid: number): Promise<boolean> {
  const deadline = Date.now() + STOP_WAIT_MS;
  while (Date.now() < deadline) {
    if (!processes.isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return false;
}

/** A detached shell that starts a grandchild, as `npm run emulator` does; returns both pids. */
async function startProcessTree(): Promise<{ parent: number; grandchild: number }> {
  const child = spawn("sh", ["-c", "sleep 300 & echo $!; wait"], {
    detached: true,
    stdio: ["ignore", "pipe", "ignore"],
  });
  const grandchild = await new Promise<number>((resolve) =>
    child.stdout.once("data", (chunk: Buffer) => resolve(Number.parseInt(chunk.toString(), 10))),
  );
  child.stdout.destroy();
  child.unref();
  if (child.pid === undefined) throw new Error("the test process did not start");
  return { parent: child.pid, grandchild };
}

describe("the processes npm start records", () => {
  it("are listed from the pid folder and forgotten one by one", () => {
    processes.recordPid("dev-server", 111111);
    processes.recordPid("emulator", 222222);
    expect(processes.PIDS_DIR).toBe(pidsDir);
    expect(processes.recordedProcesses().sort((a, b) => a.pid - b.pid)).toEqual([
      { name: "dev-server", pid: 111111 },
      { name: "emulator", pid: 222222 },
    ]);
    processes.forget("dev-server");
    processes.forget("emulator");
    expect(processes.recordedProcesses()).toEqual([]);
    expect(existsSync(path.join(pidsDir, "emulator.pid"))).toBe(false);
  });

  it("are stopped together with the processes they started", async () => {
    const { parent, grandchild } = await startProcessTree();
    expect(processes.isAlive(parent)).toBe(true);
    expect(processes.isAlive(grandchild)).toBe(true);

    processes.stopProcessTree(parent);

    expect(await waitUntilGone(grandchild)).toBe(true);
    expect(await waitUntilGone(parent)).toBe(true);
  });
});

describe("what npm start says about the emulator", () => {
  const LOG_PATH = ".pids/emulator.log";

  it("repeats the service addresses of a running emulator from its log", () => {
    const log = "starting\n  auth_url      http://localhost:4001\n  base_url      http://localhost:4002\n";
    const report = processes.emulatorReport(true, log, LOG_PATH);
    expect(report.ok).toBe(true);
    expect(report.lines).toContain("  auth_url      http://localhost:4001");
    expect(report.lines.join("\n")).toMatch(/plain HTTP/);
  });

  it("prints the demo sign-in (user, password, client id and secret) the emulator logged from its demo data", () => {
    const log = [
      "Platform emulator is running.",
      "  auth_url      https://localhost:4001",
      "  base_url      https://localhost:4002",
      "",
      "Demo users:",
      "  demo / demo-password  (Ivan Petrov, ivan.petrov@example.com)",
      "  viewer / viewer-password  (Anna O'Neil, anna.oneil@example.com)",
      "",
      "Demo API clients:",
      "  password grant:  client_id boq-bridge-demo  client_secret demo-secret-0123abcd",
      "  code + PKCE:     client_id boq-bridge-spa  (public, no secret)",
    ].join("\n");
    const text = processes.emulatorReport(true, log, LOG_PATH).lines.join("\n");
    expect(text).toMatch(/user name\s+demo\n/);
    expect(text).toMatch(/password\s+demo-password\n/);
    expect(text).toMatch(/client id\s+boq-bridge-demo\n/);
    expect(text).toMatch(/client secret\s+demo-secret-0123abcd\n/);
    expect(text).toMatch(/sign-in server https:\/\/localhost:4001/);
    expect(text).not.toMatch(/plain HTTP/);
  });

  it("says the emulator is not running, with the end of its log, when it stopped at start", () => {
    const log = "Error: listen EADDRINUSE: address already in use 127.0.0.1:4001\n";
    const report = processes.emulatorReport(false, log, LOG_PATH);
    expect(report.ok).toBe(false);
    expect(report.lines[0]).toMatch(/emulator is not running.*\.pids\/emulator\.log/);
    expect(report.lines).toContain("Error: listen EADDRINUSE: address already in use 127.0.0.1:4001");
  });
});

describe("npm start waiting for the dev server", () => {
  const GENEROUS_TIMEOUT_MS = 30_000;

  it("is done when the page answers while the dev server runs", async () => {
    let probes = 0;
    const outcome = await processes.waitUntilServing({
      alive: () => true,
      probe: async () => (probes += 1) >= 3,
      timeoutMs: GENEROUS_TIMEOUT_MS,
      intervalMs: 1,
    });
    expect(outcome).toBe("serving");
  });

  it("gives up as soon as the dev server has exited, even if something else answers on the port", async () => {
    let probes = 0;
    const outcome = await processes.waitUntilServing({
      alive: () => false,
      probe: async () => {
        probes += 1;
        return true;
      },
      timeoutMs: GENEROUS_TIMEOUT_MS,
      intervalMs: 1,
    });
    expect(outcome).toBe("exited");
    expect(probes).toBe(0);
  });

  it("reports a dev server that never answers once the time is up", async () => {
    const outcome = await processes.waitUntilServing({
      alive: () => true,
      probe: async () => false,
      timeoutMs: 20,
      intervalMs: 1,
    });
    expect(outcome).toBe("timeout");
  });
});
