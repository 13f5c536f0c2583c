// Faults on demand (handle, options and the admin endpoint) and the request log.
import type { RunningEmulator } from "../../../emulator/src/index";
import {
  bearer,
  companyId,
  form,
  getJson,
  IMPORT,
  MAIN_COMPANY,
  passwordToken,
  startTestEmulator,
  type ImportStatus,
} from "./helpers";

let emu: RunningEmulator;
let token: string;
let projectsUrl: string;
const lines: string[] = [];

beforeAll(async () => {
  emu = await startTestEmulator({ admin: true, log: (l) => lines.push(l) });
  token = (await passwordToken(emu)).access_token;
  projectsUrl = `${emu.baseUrl}/api/app/project/${companyId(emu, MAIN_COMPANY)}/byCompanyId`;
});
afterEach(() => {
  emu.faults.clear();
});
afterAll(async () => {
  await emu.stop();
});

const getProjects = () => fetch(projectsUrl, { headers: { authorization: `Bearer ${token}` } });

describe("faults through the in-process handle", () => {
  it("fails the next N requests of a route with the given status, then recovers", async () => {
    emu.faults.failNext("/api/app/project", 2, 503);
    const first = await getProjects();
    expect(first.status).toBe(503);
    expect(((await first.json()) as { error: { message: string } }).error.message).toMatch(/unavailable/);
    expect((await getProjects()).status).toBe(503);
    expect((await getProjects()).status).toBe(200);
  });

  it.each([413, 500, 502] as const)("can answer %i", async (status) => {
    emu.faults.failNext("GET /api/app/project", 1, status);
    expect((await getProjects()).status).toBe(status);
  });

  it("only hits the route it names (method and path prefix)", async () => {
    emu.faults.failNext("POST /api/app/project", 1, 500);
    expect((await getProjects()).status).toBe(200);
    expect(emu.faults.list().rules[0]?.remaining).toBe(1);
  });

  it("answers 429 with Retry-After", async () => {
    emu.faults.throttleNext("/api/app/project", 1, 7);
    const res = await getProjects();
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("7");
  });

  it("drops the connection", async () => {
    emu.faults.dropNext("/api/app/project", 1);
    await expect(getProjects()).rejects.toThrow();
    expect((await getProjects()).status).toBe(200);
  });

  it("fails a deterministic share of requests at an error rate", async () => {
    const run = async () => {
      emu.faults.clear();
      emu.faults.failRate("/api/app/project", 0.5, 500);
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await getProjects()).status);
      return statuses;
    };
    const a = await run();
    const b = await run();
    expect(a).toEqual(b);
    expect(a).toContain(500);
    expect(a).toContain(200);
  });

  it("applies latency without failing the request", async () => {
    emu.faults.setLatency(150, "/api/app/project");
    expect(emu.faults.list().latency).toEqual([{ route: "/api/app/project", ms: 150 }]);
    expect((await getProjects()).status).toBe(200);
  });
});

describe("answers lost after the request was handled", () => {
  const importBody = (catalog: string) =>
    JSON.stringify({
      Settings: { CatalogName: catalog, CompanyId: companyId(emu, MAIN_COMPANY) },
      Data: [{ Code: "1", Name: "Concrete" }],
    });
  const post = (catalog: string, signal?: AbortSignal) =>
    fetch(`${emu.baseUrl}${IMPORT}`, {
      method: "POST",
      headers: bearer(token, { "content-type": "application/json" }),
      body: importBody(catalog),
      ...(signal ? { signal } : {}),
    });
  const latest = (catalog: string) =>
    getJson<ImportStatus>(`${emu.baseUrl}${IMPORT}/statusbyroot/${encodeURIComponent(catalog)}`, token);
  const posts = () => lines.filter((l) => l.startsWith(`value POST ${IMPORT} `)).length;

  it("process, then reset: the job is made, the client gets the start of an answer and a broken connection", async () => {
    emu.catalogs.create(companyId(emu, MAIN_COMPANY), "Lost answer reset");
    lines.length = 0;
    emu.faults.processThenResetNext(`POST ${IMPORT}`, 1);
    // The status and the headers came, then the body broke off.
    const res = await post("Lost answer reset");
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    expect(lines.some((l) => l.startsWith(`value POST ${IMPORT} 200 then-reset`))).toBe(true);
    const found = await latest("Lost answer reset");
    expect(found.status).toBe(200);
    expect(found.body.jobId).toMatch(/\S/);
    // The rule was used up: the next POST is answered.
    const next = await post("Lost answer reset");
    expect(next.status).toBe(200);
    const { jobId } = (await next.json()) as { jobId: string };
    expect(jobId).not.toBe(found.body.jobId);
    expect(posts()).toBe(2);
  });

  it("process, then hang: the job is made and no answer comes until the client gives up", async () => {
    emu.catalogs.create(companyId(emu, MAIN_COMPANY), "Lost answer hang");
    lines.length = 0;
    emu.faults.processThenHangNext(`POST ${IMPORT}`, 1);
    const started = Date.now();
    await expect(post("Lost answer hang", AbortSignal.timeout(700))).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(650);
    expect(lines.some((l) => l.startsWith(`value POST ${IMPORT} 200 then-hang`))).toBe(true);
    const found = await latest("Lost answer hang");
    expect(found.status).toBe(200);
    expect(found.body.jobId).toMatch(/\S/);
    expect(emu.faults.list().rules[0]).toMatchObject({ kind: "process-hang", remaining: 0, hits: 1 });
  });

  it("the admin endpoint offers both", async () => {
    const op = (body: unknown) =>
      fetch(`${emu.adminUrl}/faults`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await op({ op: "processThenResetNext", route: `POST ${IMPORT}`, count: 1 })).status).toBe(200);
    expect((await op({ op: "processThenHangNext", route: `POST ${IMPORT}`, count: 2 })).status).toBe(200);
    expect(emu.faults.list().rules.map((r) => [r.kind, r.remaining])).toEqual([
      ["process-reset", 1],
      ["process-hang", 2],
    ]);
  });

  it("the admin endpoint stands in for the personal account: a client's origins and switch, a company's capability", async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${emu.adminUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const clientId = emu.demo.passwordClient.clientId;
    const before = emu.clients.get(clientId);
    const changed = await post(`/clients/${clientId}`, { allowedCorsOrigins: ["https://a.example"] });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { allowedCorsOrigins: string[] }).allowedCorsOrigins).toEqual([
      "https://a.example",
    ]);
    emu.clients.set(clientId, { allowedCorsOrigins: before?.allowedCorsOrigins ?? [] });
    expect((await post("/clients/no-such-client", { isActive: false })).status).toBe(404);
    expect((await post(`/clients/${clientId}`, { isActive: "no" })).status).toBe(400);
    const personal = emu.demo.companies.find((c) => c.isPersonal)?.id ?? "";
    expect((await post(`/companies/${personal}`, { apiClients: true })).status).toBe(200);
    expect((await post(`/companies/${personal}`, { apiClients: false })).status).toBe(200);
    expect((await post("/companies/nope", { apiClients: true })).status).toBe(404);
    const read = await fetch(`${emu.adminUrl}/clients/${clientId}`);
    expect(((await read.json()) as { clientId: string }).clientId).toBe(clientId);
  });
});

describe("answers changed (issue 40)", () => {
  const importBody = (catalog: string) =>
    JSON.stringify({
      Settings: { CatalogName: catalog, CompanyId: companyId(emu, MAIN_COMPANY) },
      Data: [{ Code: "1", Name: "Concrete" }],
    });
  const post = (catalog: string) =>
    fetch(`${emu.baseUrl}${IMPORT}`, {
      method: "POST",
      headers: bearer(token, { "content-type": "application/json" }),
      body: importBody(catalog),
      redirect: "manual",
    });
  const latest = (catalog: string) =>
    getJson<ImportStatus>(`${emu.baseUrl}${IMPORT}/statusbyroot/${encodeURIComponent(catalog)}`, token);

  it.each([
    [524, "html", "text/html"],
    [500, "platform", "application/json"],
    [200, "no-job-id", "application/json"],
  ] as const)(
    "process, then answer %i (%s): the job is made, the answer is another",
    async (status, body, type) => {
      const catalog = `Changed answer ${status}`;
      emu.catalogs.create(companyId(emu, MAIN_COMPANY), catalog);
      emu.faults.processThenStatusNext(`POST ${IMPORT}`, 1, status, body);
      const res = await post(catalog);
      expect(res.status).toBe(status);
      expect(res.headers.get("content-type")).toContain(type);
      const text = await res.text();
      expect(text).not.toMatch(/jobId/i);
      expect((await latest(catalog)).body.jobId).toMatch(/\S/);
    },
  );

  it("redirects to the second origin, which logs what reaches it and answers as another host", async () => {
    lines.length = 0;
    emu.faults.redirectNext(`POST ${IMPORT}`, 1, 307);
    const res = await post("Redirected");
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toBe(`${emu.elsewhereUrl}${IMPORT}`);
    expect(lines.filter((l) => l.startsWith("elsewhere "))).toEqual([]);
    const there = await fetch(res.headers.get("location") ?? "", { method: "POST", body: "{}" });
    expect(((await there.json()) as { JobId: string }).JobId).toMatch(/^e15e/);
    expect(lines.some((l) => l.startsWith(`elsewhere POST ${IMPORT} 200`))).toBe(true);
  });

  it("streams an oversized answer a chunk at a time, and stops when the client does", async () => {
    emu.faults.oversizeNext("/api/app/project", 1, 64 * 1024 * 1024);
    const res = await getProjects();
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let bytes = 0;
    while (bytes < 1024 * 1024) bytes += (await reader.read()).value?.byteLength ?? 0;
    await reader.cancel();
    expect((await getProjects()).status).toBe(200);
  });

  it("nests, injects members and echoes words where the add-in shows them", async () => {
    emu.faults.nestNext("/api/app/project", 1, 1000);
    expect(await (await getProjects()).text()).toContain(`"Nested":${"[".repeat(1000)}]`);
    emu.faults.injectNext("/api/app/project", 1, '"__proto__":{"polluted":true}');
    expect(await (await getProjects()).text()).toMatch(/^\[\{"__proto__":\{"polluted":true\},"/);
    emu.faults.echoNext("/api/app/project", 1, "idsrv.session=ABC; \u202Eexe");
    const echoed = await getProjects();
    expect(echoed.status).toBe(400);
    const error = (
      (await echoed.json()) as { error: { message: string; validationErrors: { message: string }[] } }
    ).error;
    expect(error.message).toBe("idsrv.session=ABC; \u202Eexe");
    expect(error.validationErrors[0]?.message).toBe(error.message);
    emu.faults.echoNext("/api/app/project", 1, "Bad cookie", "oauth");
    expect(await (await getProjects()).json()).toEqual({
      error: "invalid_request",
      error_description: "Bad cookie",
    });
  });

  it("the admin endpoint offers each", async () => {
    const op = (body: unknown) =>
      fetch(`${emu.adminUrl}/faults`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const route = `POST ${IMPORT}`;
    for (const body of [
      { op: "processThenStatusNext", route, count: 1, status: 524, body: "html" },
      { op: "redirectNext", route, count: 1, status: 302 },
      { op: "oversizeNext", route, count: 1, bytes: 1000 },
      { op: "nestNext", route, count: 1, depth: 10 },
      { op: "injectNext", route, count: 1, members: '"x":1' },
      { op: "echoNext", route, count: 1, text: "t", where: "reason" },
    ]) {
      expect((await op(body)).status).toBe(200);
    }
    expect(emu.faults.list().rules.map((r) => r.kind)).toEqual([
      "process-status",
      "redirect",
      "oversize",
      "nest",
      "inject",
      "echo",
    ]);
  });
});

describe("body size limit", () => {
  it("answers 413 with the error body above bodyLimitBytes", async () => {
    const small = await startTestEmulator({ bodyLimitBytes: 2000 });
    try {
      const t = await passwordToken(small);
      const data = Array.from({ length: 100 }, (_, i) => ({
        Code: String(i + 1),
        Name: `Position ${i + 1}`,
      }));
      const res = await fetch(`${small.baseUrl}/api/import/catalog/json/external`, {
        method: "POST",
        headers: { authorization: `Bearer ${t.access_token}`, "content-type": "application/json" },
        body: JSON.stringify({ Settings: { CatalogName: "Empty catalog" }, Data: data }),
      });
      expect(res.status).toBe(413);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("PayloadTooLarge");
    } finally {
      await small.stop();
    }
  });
});

describe("faults from options", () => {
  it("starts with the given rules", async () => {
    const other = await startTestEmulator({
      faults: { rules: [{ route: "/connect/token", kind: 503, count: 1 }] },
    });
    try {
      const user = other.demo.users[0];
      const fields = {
        grant_type: "password",
        client_id: other.demo.passwordClient.clientId,
        client_secret: other.demo.passwordClient.clientSecret,
        username: user?.username ?? "",
        password: user?.password ?? "",
      };
      expect((await form(`${other.authUrl}/connect/token`, fields)).status).toBe(503);
      expect((await form(`${other.authUrl}/connect/token`, fields)).status).toBe(200);
      expect(other.adminUrl).toBeUndefined();
    } finally {
      await other.stop();
    }
  });
});

describe("admin endpoint", () => {
  it("listens on loopback only and offers the same operations", async () => {
    expect(emu.adminUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const post = (body: unknown) =>
      fetch(`${emu.adminUrl}/faults`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await post({ op: "failNext", route: "/api/app/project", count: 1, status: 502 })).status).toBe(
      200,
    );
    expect((await getProjects()).status).toBe(502);
    expect(
      (await post({ op: "throttleNext", route: "/api/app/project", count: 1, retryAfterSeconds: 3 })).status,
    ).toBe(200);
    expect((await getProjects()).headers.get("retry-after")).toBe("3");
    const revoke = await post({ op: "revokeTokens", clientId: emu.demo.passwordClient.clientId });
    expect(((await revoke.json()) as { revoked: number }).revoked).toBeGreaterThan(0);
    expect((await getProjects()).status).toBe(401);
    token = (await passwordToken(emu)).access_token;
    expect((await getProjects()).status).toBe(200);
    const bad = await post({ op: "explode" });
    expect(bad.status).toBe(400);
    const state = (await (await fetch(`${emu.adminUrl}/faults`)).json()) as { rules: unknown[] };
    expect(Array.isArray(state.rules)).toBe(true);
    expect((await fetch(`${emu.adminUrl}/faults`, { method: "DELETE" })).status).toBe(200);
  });
});

describe("admin endpoint: catalogs", () => {
  it("creates a catalog, lists it and shows its tree", async () => {
    const main = companyId(emu, MAIN_COMPANY);
    const created = await fetch(`${emu.adminUrl}/catalogs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ companyId: main, name: "Admin made" }),
    });
    expect(created.status).toBe(200);
    const again = await fetch(`${emu.adminUrl}/catalogs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ companyId: main, name: "Admin made" }),
    });
    expect(again.status).toBe(400);
    const list = (await (await fetch(`${emu.adminUrl}/catalogs`)).json()) as {
      name: string;
      positions: number;
    }[];
    expect(list.find((c) => c.name === "Admin made")?.positions).toBe(0);
    const demo = (await (
      await fetch(`${emu.adminUrl}/catalogs/${main}/${encodeURIComponent("Demo catalog")}`)
    ).json()) as { code: string }[];
    expect(demo.map((n) => n.code)).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
    expect((await fetch(`${emu.adminUrl}/catalogs/${main}/nothing`)).status).toBe(404);
  });
});

describe("request log", () => {
  it("writes one line per request with service, method, path, status and milliseconds, never a secret", async () => {
    lines.length = 0;
    const t = await passwordToken(emu);
    await fetch(`${projectsUrl}?access_token=${t.access_token}`, {
      headers: { authorization: `Bearer ${t.access_token}` },
    });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^auth POST \/connect\/token 200 \d+\.\dms$/);
    expect(lines[1]).toMatch(/^value GET \/api\/app\/project\/[0-9a-f-]+\/byCompanyId 200 \d+\.\dms$/);
    const all = lines.join("\n");
    for (const secret of [
      t.access_token,
      t.refresh_token ?? "",
      emu.demo.passwordClient.clientSecret,
      "demo-password",
    ]) {
      expect(all).not.toContain(secret);
    }
  });
});
