// What "keep me signed in" keeps, and where: in Office's own storage on this computer
// (OfficeRuntime.storage, here the emulated one with its 10 MB quota shared by the add-ins of one
// site: dev/office-emulation README, "OfficeRuntime.storage's quota"), never in the workbook; only
// what renewal needs; gone after sign-out; and a storage that is full refuses it without stopping
// the sign-in, the user told they will sign in again next time.
import { createEmulatedExcel, memoryBackend, type OfficeEmulation } from "../../dev/office-emulation";
import { setLogSink } from "../../src/log/logger";
import { CREDENTIALS_KEY_PREFIX, STORED_CREDENTIAL_FIELDS } from "../../src/session/credentials";
import { createSession } from "../../src/session/index";
import type { Session } from "../../src/session/session";
import { SETTINGS_KEY } from "../../src/session/settings";
import { hostStores } from "../../src/session/storage";
import { scriptedFetch } from "../api/fakes";
import { CUSTOM_SETTINGS, fakeServer, type FakeServer } from "./helpers";

const PASSWORD = "pa$$word-1";
const SECRET = "client-secret-1";
const CREDENTIALS_KEY = `${CREDENTIALS_KEY_PREFIX}${CUSTOM_SETTINGS.authUrl}`;
/** What the workbook of the test holds in its document settings afterwards: nothing of the sign-in. */
const WORKBOOK_SETTINGS = (excel: OfficeEmulation) =>
  JSON.stringify(excel.globals.Office.context.document.settings.get("boq-bridge") ?? null);

type Globals = { OfficeRuntime?: unknown };

/** A session on the emulated host's stores, as getSession() builds it in Office. */
async function startAddIn(excel: OfficeEmulation, server: FakeServer): Promise<Session> {
  const g = globalThis as Globals;
  const before = g.OfficeRuntime;
  g.OfficeRuntime = excel.globals.OfficeRuntime;
  try {
    const stores = hostStores();
    const f = scriptedFetch((req) => server.handler(req));
    const session = createSession({
      store: stores.settings,
      credentialStore: stores.credentials,
      keepsSignIn: stores.keepsSignIn,
      http: { fetch: f.fetch, sleep: async () => undefined },
    });
    await session.init();
    return session;
  } finally {
    if (before === undefined) delete g.OfficeRuntime;
    else g.OfficeRuntime = before;
  }
}

async function newComputer(): Promise<OfficeEmulation> {
  const excel = createEmulatedExcel({ storage: memoryBackend() });
  await excel.globals.OfficeRuntime.storage.setItem(SETTINGS_KEY, JSON.stringify(CUSTOM_SETTINGS));
  return excel;
}

const signIn = (session: Session, keepSignedIn: boolean) =>
  session.signInWithPassword({
    clientId: "demo",
    clientSecret: SECRET,
    username: "ivan",
    password: PASSWORD,
    keepSignedIn,
  });

/** The add-in's keys in OfficeRuntime.storage (not the emulation's note of what other add-ins hold). */
const stored = (excel: OfficeEmulation) =>
  excel.storage.backend.keys().filter((k) => !k.includes("other-add-ins"));

beforeAll(() => setLogSink(() => undefined));
afterAll(() => setLogSink(null));

describe('"keep me signed in"', () => {
  it("keeps exactly the refresh token, the client id and the API client's secret, under the server's key", async () => {
    const excel = await newComputer();
    const server = fakeServer();
    const session = await startAddIn(excel, server);
    await signIn(session, true);
    const storage = excel.globals.OfficeRuntime.storage;
    expect(stored(excel).sort()).toEqual([CREDENTIALS_KEY, SETTINGS_KEY].sort());
    const record = JSON.parse((await storage.getItem(CREDENTIALS_KEY)) ?? "{}") as Record<string, unknown>;
    expect(Object.keys(record).sort()).toEqual([...STORED_CREDENTIAL_FIELDS].sort());
    expect(record).toMatchObject({ v: 2, clientId: "demo", clientSecret: SECRET });
    expect(server.refreshTokens.has(String(record.refreshToken))).toBe(true);
    // Nothing secret among the settings beside it (the form's client id and user name only).
    const settings = (await storage.getItem(SETTINGS_KEY)) ?? "";
    for (const secret of [PASSWORD, SECRET, String(record.refreshToken)])
      expect(settings).not.toContain(secret);
    expect(WORKBOOK_SETTINGS(excel)).toBe("null");
    // Enough for renewal: the add-in started again signs in from it alone.
    const again = await startAddIn(excel, server);
    expect(again.getState()).toMatchObject({ status: "signed-in", method: "password", keepSignedIn: true });
  });

  it("keeps nothing of the sign-in when not chosen", async () => {
    const excel = await newComputer();
    await signIn(await startAddIn(excel, fakeServer()), false);
    expect(stored(excel)).toEqual([SETTINGS_KEY]);
  });

  it("is removed on sign-out, so the add-in started again is signed out", async () => {
    const excel = await newComputer();
    const server = fakeServer();
    const session = await startAddIn(excel, server);
    await signIn(session, true);
    await session.signOut();
    expect(stored(excel)).toEqual([SETTINGS_KEY]);
    expect((await startAddIn(excel, server)).getState()).toMatchObject({
      status: "signed-out",
      reason: "never",
    });
  });
});

describe("a storage that is full (other add-ins of the site hold the 10 MB)", () => {
  it("refuses to keep the sign-in: the user is signed in, told so, and signs in again next time", async () => {
    const excel = await newComputer();
    excel.storage.fillAsOtherAddIns(10 * 1024 * 1024 - excel.storage.usedBytes() - 64);
    const server = fakeServer();
    const session = await startAddIn(excel, server);
    const state = await signIn(session, true);
    expect(state).toMatchObject({ status: "signed-in", keepSignedIn: true, keepFailed: true });
    expect(stored(excel)).toEqual([SETTINGS_KEY]);
    expect((await startAddIn(excel, server)).getState()).toMatchObject({
      status: "signed-out",
      reason: "never",
    });
  });

  it("says nothing when there was room", async () => {
    const excel = await newComputer();
    const state = await signIn(await startAddIn(excel, fakeServer()), true);
    expect(state).not.toHaveProperty("keepFailed");
  });
});
