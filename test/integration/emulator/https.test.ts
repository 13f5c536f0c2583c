// HTTPS when the dev certificates exist (here a throw-away self-signed pair), HTTP otherwise.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator } from "../../../emulator/src/index";

let certDir: string;
beforeAll(() => {
  certDir = mkdtempSync(join(tmpdir(), "emulator-certs-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-keyout",
      join(certDir, "localhost.key"),
      "-out",
      join(certDir, "localhost.crt"),
    ],
    { stdio: "ignore" },
  );
});
afterAll(() => {
  rmSync(certDir, { recursive: true, force: true });
});

function getInsecure(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    // The certificate is self-signed for this test only; the emulator's TLS is what is checked.
    const req = request(url, { rejectUnauthorized: false, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

it("serves the three origins over HTTPS when certificates exist", async () => {
  const emu = await startEmulator({ dataDir: null, certDir });
  try {
    for (const url of [emu.authUrl, emu.baseUrl, emu.platformUrl])
      expect(url).toMatch(/^https:\/\/localhost:\d+$/);
    const res = await getInsecure(`${emu.authUrl}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    expect((JSON.parse(res.body) as { issuer: string }).issuer).toBe(emu.authUrl);
    expect((await getInsecure(`${emu.baseUrl}/api/app/analysis/collectionByModel`)).status).toBe(401);
  } finally {
    await emu.stop();
  }
});

it("falls back to HTTP without certificates, and refuses https: true without them", async () => {
  const empty = mkdtempSync(join(tmpdir(), "emulator-nocerts-"));
  try {
    const emu = await startEmulator({ dataDir: null, certDir: empty });
    expect(emu.authUrl).toMatch(/^http:\/\/localhost:\d+$/);
    await emu.stop();
    await expect(startEmulator({ dataDir: null, certDir: empty, https: true })).rejects.toThrow(
      /no dev certificates/,
    );
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});
