import { ApiError } from "../../src/api/errors";
import { redact, setLogSink } from "../../src/log/logger";
import { CREDENTIALS_KEY_PREFIX, type Session, type SessionState } from "../../src/session/session";
import { createSession } from "../../src/session/index";
import { SETTINGS_KEY, SettingsStore } from "../../src/session/settings";
import { MemoryStore } from "../../src/session/storage";
import { scriptedFetch, type RecordedRequest, type Reply } from "../api/fakes";
import {
  COMPANY_ID,
  fakeServer,
  gatedRefreshFetch,
  type FakeServer,
  CUSTOM_SETTINGS as CUSTOM,
} from "./helpers";
import { errorText, say } from "../../src/i18n";

/** Looks for another runtime's refresh token without waiting for real (renewal.ts). */
const noWait = async (): Promise<void> => undefined;

const PASSWORD = "pa$$word-1";
const SECRET = "client-secret-1";
let logLines: string[] = [];
beforeEach(() => {
  logLines = [];
  setLogSink((_l, line) => logLines.push(line));
});
afterAll(() => setLogSink(null));

async function setup(options: { server?: FakeServer; store?: MemoryStore; now?: () => number } = {}) {
  const server = options.server ?? fakeServer();
  const store = options.store ?? new MemoryStore();
  await store.setItem(SETTINGS_KEY, JSON.stringify(CUSTOM));
  const f = scriptedFetch(server.handler);
  const session = createSession({
    wait: noWait,
    store,
    http: { fetch: f.fetch, sleep: async () => undefined },
    now: options.now,
  });
  await session.init();
  const states: SessionState[] = [];
  session.subscribe((s) => states.push(s));
  return { session, server, store, requests: f.requests, states };
}

const signIn = (session: Session, keepSignedIn: boolean, password = PASSWORD) =>
  session.signInWithPassword({
    clientId: "demo",
    clientSecret: SECRET,
    username: "ivan",
    password,
    keepSignedIn,
  });

function storedValues(store: MemoryStore): string {
  return [...store.items.entries()].map(([k, v]) => `${k}=${v}`).join("\n");
}

describe("password sign-in", () => {
  it("signs in, reads the user from the token and the company from the company list", async () => {
    const { session, states } = await setup();
    const state = await signIn(session, false);
    expect(state.user.displayName).toBe("Ivan Petrov");
    expect(state.company).toEqual({ id: COMPANY_ID, name: "ООО Стройпроект", isPersonal: false });
    expect(states.map((s) => s.status)).toEqual(["signed-in"]);
  });

  it("sends the form of interface section 5", async () => {
    const { session, requests, server } = await setup();
    await signIn(session, false);
    const form = server.form(requests[0]!);
    expect(requests[0]!.url).toBe("https://auth.example.com/connect/token");
    expect(Object.fromEntries(form)).toEqual({
      client_id: "demo",
      client_secret: SECRET,
      grant_type: "password",
      username: "ivan",
      password: PASSWORD,
    });
  });

  it("says in plain words that the user name or password is wrong and stays signed out", async () => {
    const { session } = await setup();
    const error = (await signIn(session, false, "wrong").catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe("auth");
    expect(errorText(error)).toBe("The user name or password is wrong. Check them and try again.");
    expect(session.isSignedIn()).toBe(false);
  });
});

describe("keep me signed in", () => {
  it("stores the refresh token and client secret, never the password", async () => {
    const { session, store } = await setup();
    await signIn(session, true);
    const stored = storedValues(store);
    expect(stored).toContain(CREDENTIALS_KEY_PREFIX);
    expect(stored).toContain("refresh-token-1");
    expect(stored).toContain(SECRET);
    expect(stored).not.toContain(PASSWORD);
    expect(stored).not.toContain("eyJ"); // no access token either
  });

  it("stores nothing of the sign-in without it", async () => {
    const { session, store } = await setup();
    await signIn(session, false);
    expect(storedValues(store)).not.toContain(CREDENTIALS_KEY_PREFIX);
    expect(storedValues(store)).not.toContain(SECRET);
  });

  it("signs in again at start-up with the stored refresh token", async () => {
    const server = fakeServer();
    const store = new MemoryStore();
    const first = await setup({ server, store });
    await signIn(first.session, true);
    const second = await setup({ server, store });
    expect(second.session.getState()).toMatchObject({
      status: "signed-in",
      method: "password",
      keepSignedIn: true,
    });
    const form = server.form(second.requests[0]!);
    expect(form.get("grant_type")).toBe("refresh_token");
    expect(form.get("client_secret")).toBe(SECRET);
    // The rotated refresh token replaced the old one.
    expect(storedValues(store)).toContain("refresh-token-2");
    expect(storedValues(store)).not.toContain("refresh-token-1");
  });

  it("restores the kept sign-in when a custom function calls before the task pane started the session", async () => {
    const server = fakeServer();
    const store = new MemoryStore();
    const first = await setup({ server, store });
    await signIn(first.session, true);
    const f = scriptedFetch(server.handler);
    const fresh = createSession({
      wait: noWait,
      store,
      http: { fetch: f.fetch, sleep: async () => undefined },
    });
    await expect(fresh.api.listProjects(COMPANY_ID)).resolves.toEqual([]);
    expect(fresh.isSignedIn()).toBe(true);
  });

  it("tries the restore again on the next request when the server was unreachable at start-up", async () => {
    const server = fakeServer();
    const store = new MemoryStore();
    const first = await setup({ server, store });
    await signIn(first.session, true);
    let offline = true;
    const f = scriptedFetch((req) => (offline ? "network-error" : server.handler(req)));
    const later = createSession({
      wait: noWait,
      store,
      http: { fetch: f.fetch, sleep: async () => undefined },
    });
    await expect(later.init()).resolves.toMatchObject({ status: "signed-out" });
    expect(storedValues(store)).toContain(CREDENTIALS_KEY_PREFIX);
    // Still offline: the request says the platform cannot be reached, not "sign in again".
    await expect(later.api.listProjects(COMPANY_ID)).rejects.toMatchObject({ kind: "network" });
    offline = false;
    await expect(later.api.listProjects(COMPANY_ID)).resolves.toEqual([]);
    expect(later.getState()).toMatchObject({ status: "signed-in", keepSignedIn: true });
  });

  it("forgets a stored sign-in the server no longer accepts", async () => {
    const server = fakeServer();
    const store = new MemoryStore();
    const first = await setup({ server, store });
    await signIn(first.session, true);
    server.refreshTokens.clear();
    const second = await setup({ server, store });
    expect(second.session.getState()).toMatchObject({ status: "signed-out", reason: "restore-failed" });
    expect(storedValues(store)).not.toContain(CREDENTIALS_KEY_PREFIX);
  });
});

describe("renewal", () => {
  it("refreshes once on 401 and replays the request", async () => {
    const { session, server, requests } = await setup();
    await signIn(session, false);
    server.valid.clear(); // the server forgets the access token (expired server-side)
    await expect(session.api.listProjects(COMPANY_ID)).resolves.toEqual([]);
    const grants = requests
      .filter((r) => r.url.endsWith("/connect/token"))
      .map((r) => server.form(r).get("grant_type"));
    expect(grants).toEqual(["password", "refresh_token"]);
    expect(requests.filter((r) => r.url.endsWith("/byCompanyId"))).toHaveLength(2);
  });

  it("shares one renewal among concurrent refused requests", async () => {
    const { session, server, requests } = await setup();
    await signIn(session, false);
    server.valid.clear();
    await Promise.all([
      session.api.listProjects("a"),
      session.api.listProjects("b"),
      session.api.listCompanies(),
    ]);
    expect(requests.filter((r) => server.form(r).get("grant_type") === "refresh_token")).toHaveLength(1);
  });

  it("renews before a request when the clock says the token has expired", async () => {
    let now = Date.now();
    const server = fakeServer(() => Math.floor(now / 1000), 60);
    const { session, requests } = await setup({ server, now: () => now });
    await signIn(session, false);
    now += 61_000;
    await session.api.listProjects("a");
    expect(requests.filter((r) => server.form(r).get("grant_type") === "refresh_token")).toHaveLength(1);
    expect(requests.filter((r) => r.url.endsWith("/byCompanyId"))).toHaveLength(1);
  });

  it("re-authenticates with the password kept in memory when there is no refresh token", async () => {
    const server = fakeServer();
    server.issueRefreshTokens = false;
    const { session, requests } = await setup({ server });
    await signIn(session, true);
    server.valid.clear();
    await session.api.listProjects("a");
    const grants = requests
      .filter((r) => r.url.endsWith("/connect/token"))
      .map((r) => server.form(r).get("grant_type"));
    expect(grants).toEqual(["password", "password"]);
  });

  it("falls back to the in-memory password when the refresh token is refused", async () => {
    const { session, server, requests } = await setup();
    await signIn(session, true);
    server.valid.clear();
    server.refreshTokens.clear();
    await expect(session.api.listProjects("a")).resolves.toEqual([]);
    const grants = requests
      .filter((r) => r.url.endsWith("/connect/token"))
      .map((r) => server.form(r).get("grant_type"));
    expect(grants).toEqual(["password", "refresh_token", "password"]);
    expect(session.isSignedIn()).toBe(true);
  });

  it("signs out and says to sign in again when renewal is refused", async () => {
    const { session, server, states, store } = await setup();
    await signIn(session, false);
    server.valid.clear();
    server.refreshTokens.clear(); // revoked
    const error = (await session.api.listProjects("a").catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe("signed-out");
    expect(errorText(error)).toMatch(/Sign in again\.$/);
    expect(states.at(-1)).toMatchObject({ status: "signed-out", reason: "expired" });
    expect(storedValues(store)).not.toContain(CREDENTIALS_KEY_PREFIX);
    await expect(session.api.listCompanies()).rejects.toMatchObject({ kind: "signed-out" });
  });

  it("without kept credentials and without a refresh token, a refused token signs out", async () => {
    const server = fakeServer();
    server.issueRefreshTokens = false;
    const { session } = await setup({ server });
    await signIn(session, false);
    server.valid.clear();
    await expect(session.api.listProjects("a")).rejects.toMatchObject({ kind: "signed-out" });
    expect(session.getState().status).toBe("signed-out");
  });
});

describe("sign-out", () => {
  it("clears memory and storage, revokes the refresh token and tells subscribers", async () => {
    const { session, server, store, states, requests } = await setup();
    await signIn(session, true);
    await session.signOut();
    expect(states.map((s) => s.status)).toEqual(["signed-in", "signed-out"]);
    expect(storedValues(store)).not.toContain(CREDENTIALS_KEY_PREFIX);
    expect(server.refreshTokens.size).toBe(0);
    expect(requests.some((r) => r.url.startsWith("https://auth.example.com/connect/revocation"))).toBe(true);
    await expect(session.api.listCompanies()).rejects.toMatchObject({ kind: "signed-out" });
    expect(session.mustPromptForLogin).toBe(true);
  });
});

describe("sign-out during a renewal", () => {
  it("keeps the session signed out and saves nothing when the renewal answers afterwards", async () => {
    const server = fakeServer();
    const store = new MemoryStore();
    await store.setItem(SETTINGS_KEY, JSON.stringify(CUSTOM));
    const gated = gatedRefreshFetch(server);
    const session = createSession({
      wait: noWait,
      store,
      http: { fetch: gated.fetch, sleep: async () => undefined },
    });
    await session.init();
    await signIn(session, true);
    server.valid.clear();
    const request = session.api.listProjects(COMPANY_ID).catch((e: unknown) => e);
    await gated.answered;
    await session.signOut();
    gated.release();
    expect(await request).toMatchObject({ kind: "signed-out" });
    expect(session.getState()).toMatchObject({ status: "signed-out", reason: "user" });
    expect(storedValues(store)).not.toContain(CREDENTIALS_KEY_PREFIX);
    await expect(session.api.listCompanies()).rejects.toMatchObject({ kind: "signed-out" });
  });
});

describe("a restore overtaken by a sign-in", () => {
  it("leaves the new sign-in as the user made it", async () => {
    const server = fakeServer();
    const store = new MemoryStore();
    const first = await setup({ server, store });
    await signIn(first.session, true);
    const gated = gatedRefreshFetch(server);
    const session = createSession({
      wait: noWait,
      store,
      http: { fetch: gated.fetch, sleep: async () => undefined },
    });
    const states: SessionState[] = [];
    session.subscribe((s) => states.push(s));
    const restoring = session.init();
    await gated.answered;
    // The user signs in again in the pane, this time without "keep me signed in".
    await signIn(session, false);
    const userToken = server.issued.at(-1);
    gated.release();
    await restoring;
    expect(states.map((s) => s.status)).toEqual(["signed-in"]);
    expect(session.getState()).toMatchObject({ status: "signed-in", keepSignedIn: false });
    expect(storedValues(store)).not.toContain(CREDENTIALS_KEY_PREFIX);
    await session.api.listCompanies();
    expect(gated.requests.at(-1)?.headers.Authorization).toBe(`Bearer ${userToken}`);
  });
});

describe("settings changes", () => {
  it("ends a sign-in made at another authorization server and forgets its kept credentials", async () => {
    const { session, store, states } = await setup();
    await signIn(session, true);
    const errors = await session.saveSettings({ ...CUSTOM, authUrl: "https://auth2.example.com" });
    expect(errors).toEqual({});
    const ended = states.at(-1);
    expect(ended).toMatchObject({ status: "signed-out", said: { key: "session.addressesChanged" } });
    expect(ended?.status === "signed-out" && ended.said && say(ended.said)).toContain("new server");
    expect(storedValues(store)).not.toContain(CREDENTIALS_KEY_PREFIX);
  });

  it("keeps the sign-in when only the value service address changes", async () => {
    const { session } = await setup();
    await signIn(session, true);
    await session.saveSettings({ ...CUSTOM, valueUrl: "https://value2.example.com" });
    expect(session.isSignedIn()).toBe(true);
  });

  it("does not save invalid addresses nor sign out", async () => {
    const { session } = await setup();
    await signIn(session, false);
    const errors = await session.saveSettings({ ...CUSTOM, authUrl: "http://auth.evil.example" });
    expect(errors.authUrl).toBe("http-not-local");
    expect(session.isSignedIn()).toBe(true);
  });
});

describe("secrets in logs", () => {
  it("no log line holds the password, the client secret or a token", async () => {
    const { session, server } = await setup();
    await signIn(session, true);
    server.valid.clear();
    await session.api.listProjects("a");
    await session.signOut();
    const all = logLines.join("\n");
    expect(logLines.length).toBeGreaterThan(0);
    for (const secret of [PASSWORD, SECRET, ...server.issued, "refresh-token-1", "refresh-token-2"]) {
      expect(all).not.toContain(secret);
    }
  });
});

describe("the password in memory", () => {
  // Passwords used only here, so no other test has registered them with the logger.
  const ONCE = "only-for-this-sign-in-1";
  const KEPT = "kept-until-sign-out-2";

  it("is not held after a sign-in without keep me signed in, not even by the log redaction", async () => {
    const { session, server } = await setup();
    server.passwords.add(ONCE);
    await signIn(session, false, ONCE);
    expect(redact(`typed ${ONCE}`)).toBe(`typed ${ONCE}`);
  });

  it("is held with keep me signed in until the sign-out", async () => {
    const { session, server } = await setup();
    server.passwords.add(KEPT);
    await signIn(session, true, KEPT);
    expect(redact(`typed ${KEPT}`)).toBe("typed [redacted]");
    await session.signOut();
    expect(redact(`typed ${KEPT}`)).toBe(`typed ${KEPT}`);
  });
});

describe("settings in the session", () => {
  it("uses the stored service addresses", async () => {
    const store = new MemoryStore();
    const settings = new SettingsStore(store);
    await store.setItem(SETTINGS_KEY, JSON.stringify({ ...CUSTOM, authUrl: "https://other.example.com/" }));
    await settings.load();
    expect(settings.urls().auth).toBe("https://other.example.com");
  });
});

describe("a host that cannot keep a sign-in", () => {
  it("signs in without keeping the password or the sign-in, even when asked to keep it", async () => {
    const server = fakeServer();
    const store = new MemoryStore();
    const credentialStore = new MemoryStore();
    await store.setItem(SETTINGS_KEY, JSON.stringify(CUSTOM));
    const f = scriptedFetch(server.handler);
    const session = createSession({
      wait: noWait,
      store,
      credentialStore,
      keepsSignIn: false,
      http: { fetch: f.fetch, sleep: async () => undefined },
    });
    await session.init();
    expect(session.keepsSignIn).toBe(false);
    const state = await signIn(session, true);
    expect(state).toMatchObject({ status: "signed-in", keepSignedIn: false });
    expect(credentialStore.items.size).toBe(0);
    expect(storedValues(store)).not.toContain(SECRET);
    // A later runtime finds nothing to restore.
    const later = createSession({
      wait: noWait,
      store,
      credentialStore,
      keepsSignIn: false,
      http: { fetch: f.fetch },
    });
    await expect(later.init()).resolves.toMatchObject({ status: "signed-out" });
  });
});

describe("the chosen company", () => {
  it("is chosen again after signing out and in, and by a later runtime", async () => {
    const server = fakeServer();
    const store = new MemoryStore();
    const { session } = await setup({ server, store });
    const first = await signIn(session, false);
    expect(first.company?.id).toBe(COMPANY_ID);
    session.selectCompany("personal-1");
    await session.signOut();
    const again = await signIn(session, false);
    expect(again.company?.id).toBe("personal-1");
    // Kept in the settings on this computer (not secret), so a new runtime chooses it too.
    const f = scriptedFetch(server.handler);
    const later = createSession({
      wait: noWait,
      store,
      http: { fetch: f.fetch, sleep: async () => undefined },
    });
    await later.init();
    expect((await signIn(later, false)).company?.id).toBe("personal-1");
  });

  it("falls back to the token's company when the remembered one is not in this user's list", async () => {
    const store = new MemoryStore();
    const { session } = await setup({ store });
    await signIn(session, false);
    session.selectCompany("personal-1");
    await session.signOut();
    await session.settings.rememberCompany("a-company-this-user-does-not-have");
    expect((await signIn(session, false)).company?.id).toBe(COMPANY_ID);
  });
});

describe("a company list that could not be loaded at sign-in", () => {
  async function withFlakyCompanies() {
    const server = fakeServer();
    const store = new MemoryStore();
    await store.setItem(SETTINGS_KEY, JSON.stringify(CUSTOM));
    const flaky = { down: true };
    const f = scriptedFetch((req) =>
      flaky.down && new URL(req.url).pathname === "/api/app/company" ? "network-error" : server.handler(req),
    );
    const session = createSession({
      wait: noWait,
      store,
      http: { fetch: f.fetch, sleep: async () => undefined },
    });
    await session.init();
    return { session, flaky, requests: f.requests };
  }

  it("signs in with the token's company, unnamed, and says the list failed", async () => {
    const { session } = await withFlakyCompanies();
    const state = await signIn(session, false);
    expect(state.companiesFailed).toBe(true);
    expect(state.companies).toEqual([]);
    expect(state.company).toEqual({ id: COMPANY_ID, name: "", isPersonal: false });
  });

  it("is loaded again by ensureCompany, which then names the company", async () => {
    const { session, flaky } = await withFlakyCompanies();
    await signIn(session, false);
    flaky.down = false;
    await expect(session.ensureCompany()).resolves.toEqual({
      id: COMPANY_ID,
      name: "ООО Стройпроект",
      isPersonal: false,
    });
    expect(session.getState()).toMatchObject({ companiesFailed: false, companies: expect.any(Array) });
  });

  it("keeps saying it failed, and throws the reason, while the list still cannot be loaded", async () => {
    const { session } = await withFlakyCompanies();
    await signIn(session, false);
    await expect(session.reloadCompanies()).rejects.toMatchObject({ kind: "network" });
    expect(session.getState()).toMatchObject({ status: "signed-in", companiesFailed: true });
  });

  it("keeps the company the user chose when the list is loaded again", async () => {
    const { session, flaky, requests } = await withFlakyCompanies();
    flaky.down = false;
    await signIn(session, false);
    session.selectCompany("personal-1");
    const before = requests.length;
    await session.reloadCompanies();
    expect(requests.length).toBe(before + 1);
    expect(session.getState()).toMatchObject({ company: { id: "personal-1" }, companiesFailed: false });
    // A named company with a loaded list needs no request.
    await expect(session.ensureCompany()).resolves.toMatchObject({ id: "personal-1" });
    expect(requests.length).toBe(before + 1);
  });

  it("ensureCompany says to sign in when signed out", async () => {
    const { session } = await withFlakyCompanies();
    await expect(session.ensureCompany()).rejects.toMatchObject({ kind: "signed-out" });
  });
});

describe("endings the user did not choose", () => {
  async function withFetch(answer: (req: RecordedRequest, server: FakeServer) => Reply | undefined) {
    const server = fakeServer();
    const store = new MemoryStore();
    await store.setItem(SETTINGS_KEY, JSON.stringify(CUSTOM));
    const f = scriptedFetch((req) => answer(req, server) ?? server.handler(req));
    const session = createSession({
      wait: noWait,
      store,
      http: { fetch: f.fetch, sleep: async () => undefined },
    });
    await session.init();
    return { session, server };
  }

  it("signs out as revoked when the platform refuses even a freshly renewed token", async () => {
    const refuseAll = { on: false };
    const { session } = await withFetch((req) =>
      refuseAll.on && new URL(req.url).pathname.startsWith("/api/app/project") ? { status: 401 } : undefined,
    );
    await signIn(session, false);
    refuseAll.on = true;
    await expect(session.api.listProjects("a")).rejects.toMatchObject({ kind: "signed-out" });
    const state = session.getState();
    expect(state).toMatchObject({
      status: "signed-out",
      reason: "revoked",
      said: { key: "session.revoked" },
    });
    expect(state.status === "signed-out" && state.said && say(state.said)).toBe(
      "The platform no longer accepts your sign-in. Sign in again.",
    );
  });

  it("says when the sign-out could not revoke the kept sign-in at the server", async () => {
    const { session } = await withFetch((req) =>
      new URL(req.url).pathname === "/connect/revocation" ? "network-error" : undefined,
    );
    await signIn(session, true);
    await session.signOut();
    expect(session.getState()).toMatchObject({
      status: "signed-out",
      reason: "user",
      notice: { key: "session.notRevoked" },
    });
  });

  it("says to choose a company when the user has none to import into", async () => {
    const { session } = await withFetch((req) =>
      new URL(req.url).pathname === "/api/app/company" ? { status: 200, body: [] } : undefined,
    );
    const state = await signIn(session, false);
    expect(state.company).toBeNull();
    await expect(session.ensureCompany()).rejects.toMatchObject({
      kind: "invalid-request",
      endpoint: "company-list",
    });
  });
});
