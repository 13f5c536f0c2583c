// Import endpoints 1-4: body casing and validation, choice of the catalog's company, the job's
// life (Queued, Running with rising progress, ReportCreated or Failed), status by id and by
// catalog name, and the log once the job is done.
import { TestClock, type RunningEmulator } from "../../../emulator/src/index";
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

const NORTH = "СтройГрупп Север";

interface ErrorBody {
  error: {
    code: string;
    message: string;
    details: string | null;
    validationErrors: { message: string; members: string[] }[] | null;
  };
}

let emu: RunningEmulator;
let token: string;
let main: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  token = (await passwordToken(emu)).access_token;
  main = companyId(emu, MAIN_COMPANY);
});
afterAll(async () => {
  await emu.stop();
});

describe("endpoint 1: import request", () => {
  it("accepts the PascalCase body and answers with the job id (24 hex characters)", async () => {
    emu.catalogs.create(main, "Pascal");
    const res = await postJson<{ jobId: string }>(`${emu.baseUrl}${IMPORT}`, token, {
      Settings: { CatalogName: "Pascal", CompanyId: main },
      Data: [
        {
          Guid: "0b5f7c1e-2f57-4c7e-9a53-000000000001",
          Code: "1",
          Name: "Бетон B25",
          Price: 7450.75,
          Unit: "м3",
          CurrencyCharCode: "RUB",
          Binding: "concrete",
          ControlPoints: [{ Binding: "cp", VariableName: "Volume" }],
        },
      ],
      DeletedData: [],
    });
    expect(res.status).toBe(200);
    expect(res.body.jobId).toMatch(/^[0-9a-f]{24}$/);
    expect((await waitForJob(emu, token, res.body.jobId)).status).toBe("ReportCreated");
    expect(
      emu.catalogs.tree(main, "Pascal").map((n) => [n.code, n.name, n.price, n.unit, n.currency]),
    ).toEqual([["1", "Бетон B25", 7450.75, "м3", "RUB"]]);
  });

  it("accepts the camelCase body the same way", async () => {
    emu.catalogs.create(main, "Camel");
    const res = await postJson<{ jobId: string }>(`${emu.baseUrl}${IMPORT}`, token, {
      settings: { catalogName: "Camel", companyId: main },
      data: [
        { code: "1", name: "Section" },
        { code: "1.1", name: "Item", price: 3, unit: "шт", currencyCharCode: "RUB", controlPoints: [] },
      ],
      deletedData: [{ code: "9" }],
    });
    expect(res.status).toBe(200);
    await waitForJob(emu, token, res.body.jobId);
    const log = await getJson<{ InsertedTwigs: unknown[]; IgnoredTwigs: { Code: string }[] }>(
      `${emu.baseUrl}${IMPORT}/logbyjobid/${res.body.jobId}`,
      token,
    );
    expect(log.body.InsertedTwigs).toHaveLength(2);
    expect(log.body.IgnoredTwigs.map((t) => t.Code)).toEqual(["9"]);
  });

  it("answers 400 with validationErrors naming the members of a malformed body", async () => {
    const res = await postJson<ErrorBody>(`${emu.baseUrl}${IMPORT}`, token, {
      Settings: { CompanyId: "not-a-uuid" },
      Data: [
        { Code: "1", Name: "ok" },
        { Code: "2", Name: "x", Price: "12,5" },
        { Guid: "nope", Code: "3", Name: "y" },
        5,
      ],
      DeletedData: {},
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("Your request is not valid!");
    expect(res.body.error.validationErrors?.flatMap((e) => e.members)).toEqual([
      "Settings.CatalogName",
      "Settings.CompanyId",
      "Data[1].Price",
      "Data[2].Guid",
      "Data[3]",
      "DeletedData",
    ]);
    const noSettings = await postJson<ErrorBody>(`${emu.baseUrl}${IMPORT}`, token, { Data: [] });
    expect(noSettings.body.error.validationErrors?.[0]?.members).toEqual(["Settings"]);
  });

  it("answers 400 for a body that is not JSON", async () => {
    const res = await fetch(`${emu.baseUrl}${IMPORT}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.message).toMatch(/could not be read/);
  });

  it("refuses an ambiguous catalog name without Settings.CompanyId, and says so", async () => {
    const res = await postJson<ErrorBody>(`${emu.baseUrl}${IMPORT}`, token, {
      Settings: { CatalogName: "Materials" },
      Data: [{ Code: "1", Name: "Cement" }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("Several of your companies have a catalog named 'Materials'");
    expect(res.body.error.message).toContain(MAIN_COMPANY);
    expect(res.body.error.message).toContain(NORTH);
    expect(res.body.error.validationErrors?.[0]?.members).toEqual(["Settings.CompanyId"]);
  });

  it("writes into the company named by Settings.CompanyId", async () => {
    const north = companyId(emu, NORTH);
    const res = await postJson<{ jobId: string }>(`${emu.baseUrl}${IMPORT}`, token, {
      Settings: { CatalogName: "Materials", CompanyId: north },
      Data: [{ Code: "M1", Name: "Цемент М500", Unit: "т", Price: 8200 }],
    });
    expect(res.status).toBe(200);
    await waitForJob(emu, token, res.body.jobId);
    expect(emu.catalogs.tree(north, "Materials").map((n) => n.code)).toEqual(["M1"]);
    expect(emu.catalogs.tree(main, "Materials")).toEqual([]);
  });

  it("uses the only catalog of that name without Settings.CompanyId", async () => {
    const res = await postJson<{ jobId: string }>(`${emu.baseUrl}${IMPORT}`, token, {
      Settings: { CatalogName: "Empty catalog" },
      Data: [{ Code: "1", Name: "One" }],
    });
    expect(res.status).toBe(200);
  });

  it("answers 404 for an unknown catalog and 403 for a company the user is not in", async () => {
    const unknown = await postJson<ErrorBody>(`${emu.baseUrl}${IMPORT}`, token, {
      Settings: { CatalogName: "No such catalog" },
      Data: [],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain("'No such catalog'");
    const viewer = emu.demo.users[1];
    const viewerToken = (
      await passwordToken(emu, { username: viewer?.username ?? "", password: viewer?.password ?? "" })
    ).access_token;
    const personal = emu.demo.companies.find((c) => c.isPersonal)?.id ?? "";
    const forbidden = await postJson<ErrorBody>(`${emu.baseUrl}${IMPORT}`, viewerToken, {
      Settings: { CatalogName: "Личный каталог", CompanyId: personal },
      Data: [],
    });
    expect(forbidden.status).toBe(403);
  });

  it("requires a token", async () => {
    const res = await fetch(`${emu.baseUrl}${IMPORT}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ Settings: { CatalogName: "Empty catalog" }, Data: [] }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/invalid_token/);
  });
});

describe("endpoints 2-4: job status and log", () => {
  let slow: RunningEmulator;
  let slowToken: string;
  // A hundredth of a percent a second: the job moves only as far as the test moves the emulator's
  // clock, a step of 40 % at a time (4000 s), so it is seen Running at 0, 40 and 80 % however slow
  // the machine, and never runs ahead of the test.
  const clock = new TestClock();
  const JOB_SPEED = 0.01;
  const STEP_MS = 4_000_000;
  beforeAll(async () => {
    slow = await startTestEmulator({ jobSpeed: JOB_SPEED, clock });
    slowToken = (await passwordToken(slow)).access_token;
  });
  afterAll(async () => {
    await slow.stop();
  });

  it("goes Queued, Running with rising progress, then ReportCreated with 100 and error null; the log waits", async () => {
    const res = await postJson<{ jobId: string }>(`${slow.baseUrl}${IMPORT}`, slowToken, {
      Settings: { CatalogName: "Empty catalog" },
      Data: [{ Code: "1", Name: "One" }],
    });
    const jobId = res.body.jobId;
    const seen: ImportStatus[] = [];
    const look = async () => {
      const s = await getJson<ImportStatus>(`${slow.baseUrl}${IMPORT}/statusbyjobid/${jobId}`, slowToken);
      seen.push(s.body);
      return s.body;
    };
    // Queued until the emulator's first tick; then Running, and its log is asked for too early.
    let now = await until(look, (s) => s.status !== "Queued", 20);
    expect(now.status).toBe("Running");
    const tooEarly = await getJson<ErrorBody>(`${slow.baseUrl}${IMPORT}/logbyjobid/${jobId}`, slowToken);
    // Each step of the clock shows at the emulator's next tick: looked at until it has.
    while (now.status === "Running") {
      const before = now.progress;
      clock.advance(STEP_MS);
      now = await until(look, (s) => s.status !== "Running" || s.progress > before, 20);
    }
    const statuses = [...new Set(seen.map((s) => s.status))];
    expect(statuses).toEqual(["Queued", "Running", "ReportCreated"].filter((x) => statuses.includes(x)));
    expect(statuses).toContain("Running");
    const progress = seen.map((s) => s.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(seen.some((s) => s.status === "Running" && s.progress > 0 && s.progress < 100)).toBe(true);
    const last = seen[seen.length - 1];
    expect(last).toMatchObject({
      status: "ReportCreated",
      progress: 100,
      error: null,
      rootName: "Empty catalog",
      jobId,
    });
    expect(Object.keys(last ?? {}).sort()).toEqual([
      "date",
      "error",
      "id",
      "jobId",
      "progress",
      "rootId",
      "rootName",
      "status",
    ]);
    expect(tooEarly?.status).toBe(409);
    expect(tooEarly?.body.error.message).toMatch(
      /is Running \(\d+%\); its log is available when it has finished/,
    );
    const log = await getJson<Record<string, unknown[]>>(
      `${slow.baseUrl}${IMPORT}/logbyjobid/${jobId}`,
      slowToken,
    );
    expect(log.status).toBe(200);
    expect(Object.keys(log.body).sort()).toEqual([
      "DeletedTwigs",
      "IgnoredTwigs",
      "InsertedTwigs",
      "UpdatedTwigs",
    ]);
  });

  it("answers statusbyroot with the latest job of that catalog", async () => {
    const send = (name: string) =>
      postJson<{ jobId: string }>(`${emu.baseUrl}${IMPORT}`, token, {
        Settings: { CatalogName: "Empty catalog", CompanyId: main },
        Data: [{ Code: "R", Name: name }],
      });
    const first = await send("first");
    const second = await send("second");
    await waitForJob(emu, token, second.body.jobId);
    const byRoot = await getJson<ImportStatus>(
      `${emu.baseUrl}${IMPORT}/statusbyroot/${encodeURIComponent("Empty catalog")}`,
      token,
    );
    expect(byRoot.status).toBe(200);
    expect(byRoot.body.jobId).toBe(second.body.jobId);
    expect(byRoot.body.jobId).not.toBe(first.body.jobId);
    const none = await getJson<ErrorBody>(`${emu.baseUrl}${IMPORT}/statusbyroot/Nothing%20imported`, token);
    expect(none.status).toBe(404);
  });

  it("finds the status by a catalog name holding a quote, #, / and %", async () => {
    const name = "Прайс O'Neil 50% / #1";
    emu.catalogs.create(main, name);
    const res = await postJson<{ jobId: string }>(`${emu.baseUrl}${IMPORT}`, token, {
      Settings: { CatalogName: name, CompanyId: main },
      Data: [{ Code: "1", Name: "One" }],
    });
    await waitForJob(emu, token, res.body.jobId);
    const byRoot = await getJson<ImportStatus>(
      `${emu.baseUrl}${IMPORT}/statusbyroot/${encodeURIComponent(name)}`,
      token,
    );
    expect(byRoot.status).toBe(200);
    expect(byRoot.body).toMatchObject({ jobId: res.body.jobId, rootName: name });
  });

  it("answers 415 for a body that is not JSON by its content type", async () => {
    const res = await fetch(`${emu.baseUrl}${IMPORT}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/xml" },
      body: "<Settings/>",
    });
    expect(res.status).toBe(415);
  });

  it("answers 404 for an unknown job id, and for a job of a company the user is not in", async () => {
    expect(
      (await getJson(`${emu.baseUrl}${IMPORT}/statusbyjobid/000000000000000000000000`, token)).status,
    ).toBe(404);
    expect((await getJson(`${emu.baseUrl}${IMPORT}/logbyjobid/000000000000000000000000`, token)).status).toBe(
      404,
    );
    const personal = emu.demo.companies.find((c) => c.isPersonal)?.id ?? "";
    const res = await postJson<{ jobId: string }>(`${emu.baseUrl}${IMPORT}`, token, {
      Settings: { CatalogName: "Личный каталог", CompanyId: personal },
      Data: [],
    });
    const viewer = emu.demo.users[1];
    const viewerToken = (
      await passwordToken(emu, { username: viewer?.username ?? "", password: viewer?.password ?? "" })
    ).access_token;
    expect(
      (await getJson(`${emu.baseUrl}${IMPORT}/statusbyjobid/${res.body.jobId}`, viewerToken)).status,
    ).toBe(404);
    expect(
      (
        await getJson(
          `${emu.baseUrl}${IMPORT}/statusbyroot/${encodeURIComponent("Личный каталог")}`,
          viewerToken,
        )
      ).status,
    ).toBe(404);
  });

  it("fails a job on demand: status Failed with the message, no log, catalog unchanged", async () => {
    emu.catalogs.create(main, "Will fail");
    emu.faults.failNextJobs(1, "Disk full on the catalog server.");
    const res = await postJson<{ jobId: string }>(`${emu.baseUrl}${IMPORT}`, token, {
      Settings: { CatalogName: "Will fail", CompanyId: main },
      Data: [{ Code: "1", Name: "One" }],
    });
    const status = await waitForJob(emu, token, res.body.jobId);
    expect(status.status).toBe("Failed");
    expect(status.error).toBe("Disk full on the catalog server.");
    expect(status.progress).toBeLessThan(100);
    const log = await getJson<ErrorBody>(`${emu.baseUrl}${IMPORT}/logbyjobid/${res.body.jobId}`, token);
    expect(log.status).toBe(409);
    expect(log.body.error.details).toBe("Disk full on the catalog server.");
    expect(emu.catalogs.tree(main, "Will fail")).toEqual([]);
    const next = await postJson<{ jobId: string }>(`${emu.baseUrl}${IMPORT}`, token, {
      Settings: { CatalogName: "Will fail", CompanyId: main },
      Data: [{ Code: "1", Name: "One" }],
    });
    expect((await waitForJob(emu, token, next.body.jobId)).status).toBe("ReportCreated");
  });
});
