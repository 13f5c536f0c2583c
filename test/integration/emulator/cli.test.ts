// `npm run emulator` (node emulator/run.cjs): prints the three URLs, the demo users and clients
// with the secret, and serves them; stops cleanly on SIGTERM.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { form } from "./helpers";

const RUNNER = join(__dirname, "../../../emulator/run.cjs");
const START_TIMEOUT_MS = 60_000;

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill("SIGTERM");
});

function startCli(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [RUNNER, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    child = proc;
    let out = "";
    proc.stdout.setEncoding("utf8");
    proc.stdout.on("data", (chunk: string) => {
      out += chunk;
      if (out.includes("Companies:")) resolve(out);
    });
    proc.on("exit", (code) => reject(new Error(`the emulator exited with ${code}: ${out}`)));
  });
}

it(
  "prints URLs, users and client secrets that work",
  async () => {
    const out = await startCli([
      "--in-memory",
      "--http",
      "--auth-port",
      "0",
      "--value-port",
      "0",
      "--platform-port",
      "0",
      "--job-speed",
      "instant",
    ]);
    const authUrl = /auth_url\s+(\S+)/.exec(out)?.[1] ?? "";
    expect(authUrl).toMatch(/^http:\/\/localhost:\d+$/);
    expect(out).toMatch(/base_url\s+http:\/\/localhost:\d+/);
    expect(out).toMatch(/platform_url\s+http:\/\/localhost:\d+/);
    expect(out).toContain("demo / demo-password");
    const clientId = /client_id (\S+)\s+client_secret/.exec(out)?.[1] ?? "";
    const secret = /client_secret (\S+)/.exec(out)?.[1] ?? "";
    const res = await form(`${authUrl}/connect/token`, {
      grant_type: "password",
      client_id: clientId,
      client_secret: secret,
      username: "demo",
      password: "demo-password",
    });
    expect(res.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child?.on("exit", (code) => resolve(code)));
    child?.kill("SIGTERM");
    expect(await exited).toBe(0);
    child = undefined;
  },
  START_TIMEOUT_MS,
);

it("prints its options with --help", async () => {
  const proc = spawn(process.execPath, [RUNNER, "--help"], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  proc.stdout.setEncoding("utf8");
  proc.stdout.on("data", (c: string) => (out += c));
  const code = await new Promise<number | null>((resolve) => proc.on("exit", resolve));
  expect(code).toBe(0);
  for (const option of [
    "--data-dir",
    "--in-memory",
    "--demo-size",
    "--job-speed",
    "--token-lifetime",
    "--page-size",
    "--admin",
  ]) {
    expect(out).toContain(option);
  }
});
