// Boundary tests of the renewal (issue 8.7, issue 11 gap 4): when a token is renewed ahead of its
// expiry, and that a request refused with a token someone else already replaced does not renew
// again (a single-use refresh token would be burned for nothing).
import { setLogSink } from "../../src/log/logger";
import { createSession } from "../../src/session/index";
import { EXPIRY_SKEW_MS, renewalMargin } from "../../src/session/renewal";
import { SETTINGS_KEY } from "../../src/session/settings";
import { MemoryStore } from "../../src/session/storage";
import { scriptedFetch } from "../api/fakes";
import { fakeServer, type FakeServer, CUSTOM_SETTINGS as CUSTOM } from "./helpers";
import { errorText } from "../../src/i18n";

/** Looks for another runtime's refresh token without waiting for real (renewal.ts). */
const noWait = async (): Promise<void> => undefined;

beforeAll(() => setLogSink(() => undefined));
afterAll(() => setLogSink(null));

async function signedIn(server: FakeServer, now: () => number, fetchFn?: typeof fetch, keepSignedIn = false) {
  const store = new MemoryStore();
  await store.setItem(SETTINGS_KEY, JSON.stringify(CUSTOM));
  const f = scriptedFetch(server.handler);
  const session = createSession({
    wait: noWait,
    store,
    now,
    http: { fetch: fetchFn ?? f.fetch, sleep: async () => undefined },
  });
  await session.init();
  await session.signInWithPassword({
    clientId: "demo",
    clientSecret: "client-secret-1",
    username: "ivan",
    password: "pa$$word-1",
    keepSignedIn,
  });
  const refreshes = () =>
    f.requests.filter((r) => server.form(r).get("grant_type") === "refresh_token").length;
  return { session, refreshes, requests: f.requests };
}

describe("the renewal margin", () => {
  it("is 30 s for long-lived tokens and a tenth of the lifetime for short ones", () => {
    expect(renewalMargin(3600_000)).toBe(EXPIRY_SKEW_MS);
    expect(EXPIRY_SKEW_MS).toBe(30_000);
    expect(renewalMargin(60_000)).toBe(6_000);
    expect(renewalMargin(5_000)).toBe(500);
    expect(renewalMargin(null)).toBe(EXPIRY_SKEW_MS);
    // A lifetime the server did not state sensibly: the full margin, not none.
    expect(renewalMargin(0)).toBe(EXPIRY_SKEW_MS);
    expect(renewalMargin(-5_000)).toBe(EXPIRY_SKEW_MS);
  });

  it("renews an hour-long token 20 s before it expires, not 40 s before", async () => {
    const start = Date.now();
    let now = start;
    const server = fakeServer(() => Math.floor(now / 1000), 3600);
    const { session, refreshes } = await signedIn(server, () => now);
    const expiry = Math.floor(start / 1000) * 1000 + 3600_000;
    now = expiry - 40_000;
    await session.api.listProjects("a");
    expect(refreshes()).toBe(0);
    now = expiry - 20_000;
    await session.api.listProjects("a");
    expect(refreshes()).toBe(1);
  });

  it("renews a minute-long token 5 s before it expires, not 7 s before", async () => {
    const start = Date.now();
    let now = start;
    const server = fakeServer(() => Math.floor(now / 1000), 60);
    const { session, refreshes } = await signedIn(server, () => now);
    const expiry = Math.floor(start / 1000) * 1000 + 60_000;
    now = expiry - 7_000;
    await session.api.listProjects("a");
    expect(refreshes()).toBe(0);
    now = expiry - 5_000;
    await session.api.listProjects("a");
    expect(refreshes()).toBe(1);
  });
});

describe("a request refused with a token another request already replaced", () => {
  it("is replayed with the new token without a second renewal", async () => {
    const server = fakeServer();
    const inner = scriptedFetch(server.handler);
    let releaseB: () => void = () => undefined;
    const bHeld = new Promise<void>((resolve) => (releaseB = resolve));
    let bSent: () => void = () => undefined;
    const bWasSent = new Promise<void>((resolve) => (bSent = resolve));
    let holdB = true;
    const holding = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await inner.fetch(input, init);
      if (holdB && (input instanceof Request ? input.url : String(input)).includes("/project/b/")) {
        holdB = false;
        bSent();
        await bHeld;
      }
      return response;
    }) as typeof fetch;
    const { session } = await signedIn(server, Date.now, holding);
    server.valid.clear(); // the first token is no longer accepted
    const b = session.api.listProjects("b"); // sent with the first token; its 401 is held back
    await bWasSent;
    await session.api.listProjects("a"); // 401, renews, replays
    releaseB(); // now B's 401 (for the first token) arrives
    await expect(b).resolves.toEqual([]);
    const refreshes = inner.requests.filter((r) => server.form(r).get("grant_type") === "refresh_token");
    expect(refreshes).toHaveLength(1);
  });
});

describe("a renewal that cannot use the refresh token", () => {
  it("uses the refresh token another workbook saved since (refresh tokens are single-use)", async () => {
    const server = fakeServer();
    const store = new MemoryStore();
    await store.setItem(SETTINGS_KEY, JSON.stringify(CUSTOM));
    const open = async () => {
      const f = scriptedFetch(server.handler);
      const session = createSession({
        wait: noWait,
        store,
        http: { fetch: f.fetch, sleep: async () => undefined },
      });
      await session.init();
      return session;
    };
    const signingIn = await open();
    await signingIn.signInWithPassword({
      clientId: "demo",
      clientSecret: "client-secret-1",
      username: "ivan",
      password: "pa$$word-1",
      keepSignedIn: true,
    });
    // Two workbooks opened later restore the kept sign-in (no password in either): each restore
    // uses the saved refresh token and saves the new one, so the first one's is used up.
    const first = await open();
    const second = await open();
    expect(first.isSignedIn() && second.isSignedIn()).toBe(true);
    server.valid.clear();
    await expect(first.api.listProjects("a")).resolves.toEqual([]);
    expect(first.isSignedIn()).toBe(true);
    server.valid.clear();
    await expect(second.api.listProjects("a")).resolves.toEqual([]);
    expect(second.isSignedIn()).toBe(true);
  });

  it("signs out when neither the refresh token nor the kept password is accepted any more", async () => {
    const server = fakeServer();
    const { session, requests } = await signedIn(server, Date.now, undefined, true);
    server.valid.clear();
    server.refreshTokens.clear();
    server.passwords.clear(); // the password was changed on the server
    await expect(session.api.listProjects("a")).rejects.toMatchObject({ kind: "signed-out" });
    expect(session.isSignedIn()).toBe(false);
    const grants = requests.map((r) => server.form(r).get("grant_type")).filter((g) => g !== null);
    expect(grants).toEqual(["password", "refresh_token", "password"]);
  });
});

describe("a renewal the sign-in server does not answer", () => {
  it("says what the user was loading, keeps the session, and renews once the server is back", async () => {
    const server = fakeServer();
    let tokenEndpointDown = false;
    const f = scriptedFetch((req) =>
      tokenEndpointDown && new URL(req.url).pathname === "/connect/token"
        ? "network-error"
        : server.handler(req),
    );
    const { session } = await signedIn(server, Date.now, f.fetch);
    server.valid.clear();
    tokenEndpointDown = true;
    const failed = session.api.listProjects("a");
    await expect(failed).rejects.toMatchObject({ kind: "network" });
    const error = (await failed.catch((e: unknown) => e)) as Error;
    expect(errorText(error)).toMatch(
      /^Your sign-in needed renewing while loading .+, and the sign-in server did not answer\./,
    );
    expect(session.isSignedIn()).toBe(true);
    tokenEndpointDown = false;
    await expect(session.api.listProjects("a")).resolves.toEqual([]);
  });
});

describe("a renewal the sign-in server answers with an error of its own", () => {
  const failWith = async (status: number) => {
    const server = fakeServer();
    let tokenEndpointDown = false;
    const f = scriptedFetch((req) =>
      tokenEndpointDown && new URL(req.url).pathname === "/connect/token"
        ? { status, body: "<html>down</html>" }
        : server.handler(req),
    );
    const { session } = await signedIn(server, Date.now, f.fetch);
    server.valid.clear();
    tokenEndpointDown = true;
    const error = (await session.api.listProjects("a").catch((e: unknown) => e)) as Error &
      Record<string, unknown>;
    return { error, signedIn: session.isSignedIn() };
  };

  it.each([500, 503])("%i: says what the user was loading, and keeps the session", async (status) => {
    const { error, signedIn } = await failWith(status);
    expect(error).toMatchObject({ kind: "http", status, endpoint: "project-list" });
    expect(errorText(error)).toBe(
      "Your sign-in needed renewing while loading the project list, and the sign-in server did not answer. Check the network connection and try again.",
    );
    expect(signedIn).toBe(true);
  });

  it("404: is reported as the sign-in server's answer (a wrong address), not as no answer", async () => {
    const { error } = await failWith(404);
    expect(error).toMatchObject({ kind: "http", status: 404, endpoint: "token" });
    expect(errorText(error)).toBe(
      "The platform found nothing for the sign-in (token endpoint). Check the names and identifiers.",
    );
  });
});

describe("a request cancelled while the sign-in is being renewed", () => {
  it("stops waiting at once, and the renewal still serves the requests that wait for it", async () => {
    const server = fakeServer();
    const inner = scriptedFetch(server.handler);
    let releaseRefresh: () => void = () => undefined;
    const refreshHeld = new Promise<void>((resolve) => (releaseRefresh = resolve));
    let refreshSent: () => void = () => undefined;
    const refreshWasSent = new Promise<void>((resolve) => (refreshSent = resolve));
    const holding = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = typeof init?.body === "string" ? init.body : "";
      if (body.includes("grant_type=refresh_token")) {
        refreshSent();
        await refreshHeld;
      }
      return inner.fetch(input, init);
    }) as typeof fetch;
    const { session } = await signedIn(server, Date.now, holding);
    server.valid.clear();
    const controller = new AbortController();
    const cancelled = session.api.listProjects("a", controller.signal);
    const waiting = session.api.listProjects("b");
    await refreshWasSent;
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ kind: "aborted" });
    releaseRefresh();
    await expect(waiting).resolves.toEqual([]);
    const refreshes = inner.requests.filter((r) => server.form(r).get("grant_type") === "refresh_token");
    expect(refreshes).toHaveLength(1);
  });

  it("does not start waiting when it was cancelled before", async () => {
    const server = fakeServer();
    const { session } = await signedIn(server, Date.now);
    server.valid.clear();
    const controller = new AbortController();
    controller.abort();
    await expect(session.api.listProjects("a", controller.signal)).rejects.toMatchObject({ kind: "aborted" });
  });
});
