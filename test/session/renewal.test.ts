// Boundary tests of the renewal (issue 8.7, issue 11 gap 4): when a token is renewed ahead of its
// expiry, and that a request refused with a token someone else already replaced does not renew
// again (a single-use refresh token would be burned for nothing).
import { setLogSink } from "../../src/log/logger";
import { createSession } from "../../src/session/index";
import { EXPIRY_SKEW_MS, renewalMargin } from "../../src/session/renewal";
import { SETTINGS_KEY } from "../../src/session/settings";
import { MemoryStore } from "../../src/session/storage";
import { scriptedFetch } from "../api/fakes";
import { fakeServer, type FakeServer } from "./helpers";

const CUSTOM = {
  preset: "custom" as const,
  emulatorScheme: "https" as const,
  authUrl: "https://auth.example.com",
  valueUrl: "https://value.example.com",
  platformUrl: "https://platform.example.com",
  interactiveClientId: "spa",
};

beforeAll(() => setLogSink(() => undefined));
afterAll(() => setLogSink(null));

async function signedIn(server: FakeServer, now: () => number, fetchFn?: typeof fetch) {
  const store = new MemoryStore();
  await store.setItem(SETTINGS_KEY, JSON.stringify(CUSTOM));
  const f = scriptedFetch(server.handler);
  const session = createSession({
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
    keepSignedIn: false,
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
