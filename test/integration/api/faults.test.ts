// Fault behaviour of the client against the emulator's fault injection: retries of GETs, Retry-After,
// no second import POST, renewal of an expired token, and the signed-out state after a revocation.

import { TestClock } from "../../../emulator/src/index";
import { ApiError } from "../../../src/api/errors";
import { setLogSink } from "../../../src/log/logger";
import type { SessionState } from "../../../src/session/session";
import { countRequests, sessionFor, signIn, startEnv, type Env } from "./setup";
import { errorText } from "../../../src/i18n";

jest.setTimeout(60_000);

const IMPORT_PATH = "/api/import/catalog/json/external";

beforeAll(() => setLogSink(() => undefined));
afterAll(() => setLogSink(null));

describe("with a long-lived token", () => {
  let env: Env;
  beforeAll(async () => {
    env = await startEnv();
  });
  afterAll(async () => {
    await env?.emu.stop();
  });
  afterEach(() => env.emu.faults.clear());

  it("returns the data of a GET that fails twice with 503 first", async () => {
    const { session, pauses } = await sessionFor(env);
    const state = await signIn(env, session);
    env.emu.faults.failNext("GET /api/app/project/", 2, 503);
    const before = countRequests(env, "GET", "/api/app/project/");
    const projects = await session.api.listProjects(state.company!.id);
    expect(projects.length).toBeGreaterThan(0);
    expect(countRequests(env, "GET", "/api/app/project/") - before).toBe(3);
    expect(pauses).toHaveLength(2);
  });

  it("waits as long as Retry-After asks on 429, then returns the data", async () => {
    const { session, pauses } = await sessionFor(env);
    await signIn(env, session);
    env.emu.faults.throttleNext("GET /api/app/company", 1, 2);
    const companies = await session.api.listCompanies();
    expect(companies.length).toBeGreaterThan(0);
    expect(pauses).toEqual([2000]);
  });

  it("sends a failing import POST only once", async () => {
    const { session } = await sessionFor(env);
    const state = await signIn(env, session);
    env.emu.faults.failNext(`POST ${IMPORT_PATH}`, 1, 503);
    const before = countRequests(env, "POST", IMPORT_PATH);
    const error = await session.api
      .startImport({
        Settings: { CatalogName: "Materials", CompanyId: state.company!.id },
        Data: [{ Code: "1", Name: "Root", Price: 1, Unit: "m", CurrencyCharCode: "EUR" }],
        DeletedData: [],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect(countRequests(env, "POST", IMPORT_PATH) - before).toBe(1);
  });

  it("ends a request to a server that does not answer at its deadline, the connection dropped", async () => {
    // The deadline's policy scaled down (40 s and 30 s per try in the add-in): the same code path,
    // a real connection held open by the emulator and aborted by the client.
    const { session } = await sessionFor(env, {
      http: { timeoutMs: 600, retry: { deadlineMs: 1_000, minAttemptMs: 100 } },
    });
    const state = await signIn(env, session);
    env.emu.faults.setLatency(1_500, "/api/app/project");
    // The emulator logs a project request when it answers it, 1.5 s after it came.
    const answers = () => countRequests(env, "GET", "/api/app/project");
    const answersBefore = answers();
    const started = Date.now();
    const error = (await session.api.listProjects(state.company!.id).catch((e: unknown) => e)) as ApiError;
    const waited = Date.now() - started;
    const answered = answers() - answersBefore;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe("timeout");
    expect(errorText(error)).toMatch(
      /^The platform did not answer within \d+ seconds \(the project list\)\./,
    );
    // At its deadline: not before its own limit, and before the server's answer, which it did not
    // wait for (read from the emulator's log, not from a clock a busy machine may hold back).
    expect(waited).toBeGreaterThanOrEqual(600);
    expect(answered).toBe(0);
  });

  it("leads to the signed-out state when the tokens are revoked", async () => {
    const { session } = await sessionFor(env);
    await signIn(env, session);
    const states: SessionState[] = [];
    session.subscribe((s) => states.push(s));
    env.emu.faults.revokeTokens({ username: env.emu.demo.users[0]!.username });
    const error = (await session.api.listCompanies().catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe("signed-out");
    expect(errorText(error)).toMatch(/Sign in again\.$/);
    expect(session.getState().status).toBe("signed-out");
    expect(states.at(-1)?.status).toBe("signed-out");
    await expect(session.api.listCompanies()).rejects.toMatchObject({ kind: "signed-out" });
  });
});

describe("with a short-lived token", () => {
  let env: Env;
  // The emulator's clock, moved on past the token's lifetime instead of waiting it out.
  const clock = new TestClock();
  beforeAll(async () => {
    env = await startEnv({ tokenLifetimeSeconds: 3, clock });
  });
  afterAll(async () => {
    await env?.emu.stop();
  });

  it("refreshes an expired token once and replays the request", async () => {
    // The session's clock stands still a minute behind, so it does not renew ahead of time: the
    // server's 401 is what triggers the renewal.
    const frozen = Date.now() - 60_000;
    const { session } = await sessionFor(env, { now: () => frozen });
    const state = await signIn(env, session);
    clock.advance(3_600);
    const tokensBefore = countRequests(env, "POST", "/connect/token");
    const projectsBefore = countRequests(env, "GET", "/api/app/project/");
    const projects = await session.api.listProjects(state.company!.id);
    expect(projects.length).toBeGreaterThan(0);
    expect(countRequests(env, "POST", "/connect/token") - tokensBefore).toBe(1);
    expect(countRequests(env, "GET", "/api/app/project/") - projectsBefore).toBe(2);
    expect(env.requests.filter((l) => l.includes("/api/app/project/")).map((l) => l.split(" ")[3])).toContain(
      "401",
    );
    expect(session.isSignedIn()).toBe(true);
  });
});
