// A restart with the same data directory keeps catalogs, jobs, logs, clients and tokens, and an
// import that was running at shutdown completes after the restart.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EmulatorOptions, RunningEmulator } from "../../../emulator/src/index";
import {
  companyId,
  getJson,
  MAIN_COMPANY,
  passwordToken,
  postJson,
  startTestEmulator,
  waitForJob,
  type ImportStatus,
  IMPORT,
} from "./helpers";
import { until } from "../until";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "emulator-data-"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/**
 * After a restart on the same ports, Node's fetch may reuse a kept-alive socket of the stopped
 * emulator ("other side closed"); these requests use a connection of their own instead.
 */
function freshRequest<T>(
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: T }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: body === undefined ? "GET" : "POST", agent: false, headers },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: (text ? JSON.parse(text) : null) as T }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const freshGet = <T>(url: string, token: string) =>
  freshRequest<T>(url, { authorization: `Bearer ${token}` });

async function freshWait(url: string, token: string): Promise<ImportStatus> {
  const { body } = await until(
    () => freshGet<ImportStatus>(url, token),
    ({ body }) => body.status !== "Queued" && body.status !== "Running",
    20,
  );
  return body;
}

const start = (options: EmulatorOptions = {}) => startTestEmulator({ dataDir: dir, ...options });

/** The issuer is the auth origin, so a restart keeps tokens valid only on the same ports (as the CLI does). */
function samePorts(emu: RunningEmulator): EmulatorOptions["ports"] {
  const port = (url: string) => Number(new URL(url).port);
  return { auth: port(emu.authUrl), value: port(emu.baseUrl), platform: port(emu.platformUrl) };
}

describe("restart with the same data directory", () => {
  it("keeps catalogs, jobs, logs, created clients and issued tokens", async () => {
    const first = await start();
    const main = companyId(first, MAIN_COMPANY);
    const token = (await passwordToken(first)).access_token;
    first.catalogs.create(main, "Kept catalog");
    const res = await postJson<{ jobId: string }>(`${first.baseUrl}${IMPORT}`, token, {
      Settings: { CatalogName: "Kept catalog", CompanyId: main },
      Data: [
        { Code: "1", Name: "Kept" },
        { Code: "1.1", Name: "Kept child", Unit: "м2", Price: 12.5 },
      ],
    });
    await waitForJob(first, token, res.body.jobId);
    const logBefore = await getJson(`${first.baseUrl}${IMPORT}/logbyjobid/${res.body.jobId}`, token);
    const created = (await (
      await fetch(`${first.authUrl}/api/app/client`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({
          companyId: main,
          clientName: "Survivor",
          redirectUri: [],
          platformServices: [],
        }),
      })
    ).json()) as { clientId: string; clientSecret: string };
    await first.stop();

    const second = await start({ ports: samePorts(first) });
    try {
      expect(
        second.catalogs.tree(main, "Kept catalog").map((n) => [n.code, n.children.map((c) => c.code)]),
      ).toEqual([["1", ["1.1"]]]);
      // The signing key is kept too, so the token issued before the restart still works.
      const status = await freshGet<ImportStatus>(
        `${second.baseUrl}${IMPORT}/statusbyjobid/${res.body.jobId}`,
        token,
      );
      expect(status.status).toBe(200);
      expect(status.body).toMatchObject({ status: "ReportCreated", progress: 100, rootName: "Kept catalog" });
      const logAfter = await freshGet(`${second.baseUrl}${IMPORT}/logbyjobid/${res.body.jobId}`, token);
      expect(logAfter).toEqual(logBefore);
      const user = second.demo.users[0];
      const tokenRes = await freshRequest<{ access_token: string }>(
        `${second.authUrl}/connect/token`,
        { "content-type": "application/x-www-form-urlencoded" },
        new URLSearchParams({
          grant_type: "password",
          client_id: created.clientId,
          client_secret: created.clientSecret,
          username: user?.username ?? "",
          password: user?.password ?? "",
        }).toString(),
      );
      expect(tokenRes.status).toBe(200);
      expect(tokenRes.body.access_token).toEqual(expect.any(String));
    } finally {
      await second.stop();
    }
  });

  it("completes an import that was running when the emulator stopped", async () => {
    // 1 % per second: certainly still Running when stopped.
    const first = await start({ jobSpeed: 1 });
    const main = companyId(first, MAIN_COMPANY);
    const token = (await passwordToken(first)).access_token;
    first.catalogs.create(main, "Interrupted");
    const res = await postJson<{ jobId: string }>(`${first.baseUrl}${IMPORT}`, token, {
      Settings: { CatalogName: "Interrupted", CompanyId: main },
      Data: [{ Code: "A", Name: "Survives the restart" }],
    });
    await until(
      () => getJson<ImportStatus>(`${first.baseUrl}${IMPORT}/statusbyjobid/${res.body.jobId}`, token),
      (s) => s.body.status === "Running",
      20,
    );
    await first.stop();

    const second = await start({ ports: samePorts(first) });
    try {
      const done = await freshWait(`${second.baseUrl}${IMPORT}/statusbyjobid/${res.body.jobId}`, token);
      expect(done).toMatchObject({ status: "ReportCreated", progress: 100, error: null });
      expect(second.catalogs.tree(main, "Interrupted").map((n) => n.name)).toEqual(["Survives the restart"]);
      const log = await freshGet<{ InsertedTwigs: { Code: string }[] }>(
        `${second.baseUrl}${IMPORT}/logbyjobid/${res.body.jobId}`,
        token,
      );
      expect(log.body.InsertedTwigs.map((t) => t.Code)).toEqual(["A"]);
    } finally {
      await second.stop();
    }
  });

  it("has a job on disk as soon as its id is answered, so a crash right after loses nothing", async () => {
    const own = mkdtempSync(join(tmpdir(), "emulator-crash-"));
    const snapshot = mkdtempSync(join(tmpdir(), "emulator-crash-copy-"));
    try {
      // 1 % per second: the job is still running when the data directory is copied.
      const first = await startTestEmulator({ dataDir: own, jobSpeed: 1 });
      const main = companyId(first, MAIN_COMPANY);
      let jobId: string;
      try {
        const token = (await passwordToken(first)).access_token;
        const res = await postJson<{ jobId: string }>(`${first.baseUrl}${IMPORT}`, token, {
          Settings: { CatalogName: "Empty catalog", CompanyId: main },
          Data: [{ Code: "K", Name: "Sent just before the crash" }],
        });
        expect(res.status).toBe(200);
        jobId = res.body.jobId;
        // What a crash at this instant would leave behind: no timer has had a chance to save.
        cpSync(own, snapshot, { recursive: true });
      } finally {
        await first.stop();
      }
      const saved = JSON.parse(readFileSync(join(snapshot, "jobs.json"), "utf8")) as { jobId: string }[];
      expect(saved.map((j) => j.jobId)).toContain(jobId);

      const second = await startTestEmulator({ dataDir: snapshot });
      try {
        const token = (await passwordToken(second)).access_token;
        const done = await waitForJob(second, token, jobId);
        expect(done).toMatchObject({ status: "ReportCreated", progress: 100, error: null });
        expect(second.catalogs.tree(main, "Empty catalog").map((n) => n.name)).toEqual([
          "Sent just before the crash",
        ]);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(own, { recursive: true, force: true });
      rmSync(snapshot, { recursive: true, force: true });
    }
  });

  it("fails a job whose log cannot be written, keeps the catalog and keeps serving", async () => {
    const own = mkdtempSync(join(tmpdir(), "emulator-broken-"));
    const emu = await startTestEmulator({ dataDir: own });
    try {
      const main = companyId(emu, MAIN_COMPANY);
      const token = (await passwordToken(emu)).access_token;
      // A file where the logs directory should be: every log write fails (ENOTDIR), as on a full
      // or read-only disk, which root in a container cannot otherwise simulate.
      rmSync(join(own, "logs"), { recursive: true, force: true });
      writeFileSync(join(own, "logs"), "not a directory");
      const res = await postJson<{ jobId: string }>(`${emu.baseUrl}${IMPORT}`, token, {
        Settings: { CatalogName: "Empty catalog", CompanyId: main },
        Data: [{ Code: "1", Name: "Never written" }],
      });
      expect(res.status).toBe(200);
      const status = await waitForJob(emu, token, res.body.jobId);
      expect(status.status).toBe("Failed");
      expect(status.error).toBe(
        "The import could not be completed: the emulator could not write its data directory (ENOTDIR)",
      );
      expect(emu.catalogs.tree(main, "Empty catalog")).toEqual([]);
      const log = await getJson<{ error: { code: string } }>(
        `${emu.baseUrl}${IMPORT}/logbyjobid/${res.body.jobId}`,
        token,
      );
      expect(log.status).toBe(409);
      expect(log.body.error.code).toBe("JobFailed");
    } finally {
      await emu.stop();
      rmSync(own, { recursive: true, force: true });
    }
  });

  it("keeps a demo client deleted through the client API deleted after a restart", async () => {
    const own = mkdtempSync(join(tmpdir(), "emulator-deleted-client-"));
    try {
      const first = await startTestEmulator({ dataDir: own });
      const publicId = first.demo.publicClient.clientId;
      try {
        const token = (await passwordToken(first)).access_token;
        const del = await fetch(`${first.authUrl}/api/app/client/${publicId}`, {
          method: "DELETE",
          headers: { authorization: `Bearer ${token}` },
        });
        expect(del.status).toBe(204);
      } finally {
        await first.stop();
      }
      const second = await startTestEmulator({ dataDir: own });
      try {
        const token = (await passwordToken(second)).access_token;
        const list = await getJson<{ clientId: string }[]>(
          `${second.authUrl}/api/app/client/${companyId(second, MAIN_COMPANY)}`,
          token,
        );
        expect(list.status).toBe(200);
        expect(list.body.map((c) => c.clientId)).toEqual([second.demo.passwordClient.clientId]);
        const refused = await fetch(`${second.authUrl}/connect/token`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ grant_type: "refresh_token", client_id: publicId, refresh_token: "x" }),
        });
        expect(refused.status).toBe(400);
        expect(((await refused.json()) as { error: string }).error).toBe("invalid_client");
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });

  it("adds the large demo catalog when a saved data directory is started with a larger size", async () => {
    const small = await start();
    await small.stop();
    const large = await start({ demoSize: 500 });
    try {
      const catalog = large.catalogs.list().find((c) => c.name === "Large catalog");
      expect(catalog?.positions).toBeGreaterThan(500);
      expect(large.catalogs.list().some((c) => c.name === "Kept catalog")).toBe(true);
    } finally {
      await large.stop();
    }
  });

  it("refuses to start on a damaged data file and names it", async () => {
    const own = mkdtempSync(join(tmpdir(), "emulator-damaged-"));
    try {
      writeFileSync(join(own, "jobs.json"), '[{"jobId": "abc"');
      await expect(startTestEmulator({ dataDir: own })).rejects.toThrow(
        `The emulator's data file ${join(own, "jobs.json")} is not valid JSON`,
      );
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });

  it("keeps nothing in memory mode", async () => {
    const a = await startTestEmulator();
    const main = companyId(a, MAIN_COMPANY);
    a.catalogs.create(main, "Ephemeral");
    await a.stop();
    const b = await startTestEmulator();
    try {
      expect(b.catalogs.list().some((c) => c.name === "Ephemeral")).toBe(false);
    } finally {
      await b.stop();
    }
  });
});
