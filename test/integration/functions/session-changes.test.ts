// What a change of the sign-in does to the PLATFORM functions' kept results, against the
// in-process emulator: a token renewal (every few minutes with short-lived tokens) keeps them, so
// a recalculation inside the five minutes asks the platform nothing; a change of company and a
// sign-out forget them.
import { setLogSink } from "../../../src/log/logger";
import * as fx from "../../../src/functions/functions";
import type { Session } from "../../../src/session/session";
import { countRequests, sessionFor, signIn, startEnv, type Env } from "../api/setup";
import {
  dropContext,
  installCustomFunctionsGlobal,
  invocation,
  removeCustomFunctionsGlobal,
  useContext,
} from "./helpers";

jest.setTimeout(60_000);

const COMPANY = "Northwind Construction";
const TOWER = "O'Brien Tower";
const YEAR_MS = 365 * 24 * 3600 * 1000;

let env: Env;
let session: Session;
let skew = 0;

beforeAll(async () => {
  setLogSink(() => undefined);
  installCustomFunctionsGlobal();
  env = await startEnv();
});
afterAll(async () => {
  dropContext();
  removeCustomFunctionsGlobal();
  setLogSink(null);
  await env?.emu.stop();
});
beforeEach(async () => {
  skew = 0;
  // The session's clock can be moved past its token's expiry: the next request renews first.
  ({ session } = await sessionFor(env, { now: () => Date.now() + skew }));
  await signIn(env, session);
  useContext(session);
});

const boqRequests = () => countRequests(env, "GET", "/api/odata/UnionTree");
const tokenRequests = () => countRequests(env, "POST", "/connect/token");
const recalculate = () =>
  fx.boq(COMPANY, TOWER, "Tower AR", "Main scheme", "3.2", true, "", null, invocation());

describe("the functions' kept results", () => {
  it("survive a token renewal: the recalculation asks the platform nothing", async () => {
    const first = await recalculate();
    const asked = boqRequests();
    skew = 10 * YEAR_MS;
    const tokensBefore = tokenRequests();
    // Any request now renews the sign-in first (the pane loading the company list, say).
    await session.api.listCompanies();
    expect(tokenRequests()).toBe(tokensBefore + 1);
    expect(session.getState()).toMatchObject({ status: "signed-in" });
    expect(await recalculate()).toEqual(first);
    expect(boqRequests()).toBe(asked);
  });

  it("are forgotten when the user works in another company", async () => {
    await recalculate();
    const asked = boqRequests();
    const state = session.getState();
    if (state.status !== "signed-in") throw new Error("not signed in");
    const other = state.companies.find((c) => c.id !== state.company?.id);
    if (!other) throw new Error("the demo user has one company only");
    session.selectCompany(other.id);
    await recalculate();
    expect(boqRequests()).toBe(asked + 1);
  });

  it("are forgotten on a sign-out: signed in again, the formula asks again", async () => {
    await recalculate();
    const asked = boqRequests();
    await session.signOut();
    await signIn(env, session);
    await recalculate();
    expect(boqRequests()).toBe(asked + 1);
  });
});
