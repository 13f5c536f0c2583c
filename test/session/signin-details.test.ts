// The details of a sign-in the user sees afterwards: the client id and user name as typed in the
// form but without stray spaces (sent, remembered for the form and kept), the name shown for the
// user when the token carries less than a full profile, and what an interactive sign-in keeps.
import { setLogSink } from "../../src/log/logger";
import { createSession } from "../../src/session/index";
import type { Session } from "../../src/session/session";
import { SETTINGS_KEY } from "../../src/session/settings";
import { MemoryStore } from "../../src/session/storage";
import { scriptedFetch, type Reply } from "../api/fakes";
import { COMPANY_ID, fakeJwt, fakeServer, type FakeServer, CUSTOM_SETTINGS as CUSTOM } from "./helpers";
import { errorText } from "../../src/i18n";

const PASSWORD = "pa$$word-1";
const SECRET = "client-secret-1";
/** The fake server, its access tokens carrying only the given claims. */
function serverWithClaims(claims: Record<string, unknown>): FakeServer {
  const server = fakeServer();
  const handler = server.handler;
  server.handler = (req): Reply => {
    const reply = handler(req);
    if (reply === "network-error" || new URL(req.url).pathname !== "/connect/token") return reply;
    const body = reply.body as Record<string, unknown> | undefined;
    if (typeof body?.access_token !== "string") return reply;
    const access = fakeJwt({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 });
    server.valid.add(access);
    return { ...reply, body: { ...body, access_token: access } };
  };
  return server;
}

beforeAll(() => setLogSink(() => undefined));
afterAll(() => setLogSink(null));

/** A password sign-in that the fake server accepts, without keeping it. */
const signInAsIvan = (session: Session) =>
  session.signInWithPassword({
    clientId: "demo",
    clientSecret: SECRET,
    username: "ivan",
    password: PASSWORD,
    keepSignedIn: false,
  });

async function setup(server: FakeServer = fakeServer(), keepsSignIn = true) {
  const store = new MemoryStore();
  const credentialStore = new MemoryStore();
  await store.setItem(SETTINGS_KEY, JSON.stringify(CUSTOM));
  const f = scriptedFetch((req) => server.handler(req));
  const session = createSession({
    store,
    credentialStore,
    keepsSignIn,
    http: { fetch: f.fetch, sleep: async () => undefined },
  });
  await session.init();
  return { session, server, store, credentialStore, requests: f.requests };
}

describe("a client id and user name typed with spaces around them", () => {
  it("are sent, remembered for the form and kept without the spaces", async () => {
    const { session, server, store, credentialStore, requests } = await setup();
    await session.signInWithPassword({
      clientId: "  demo ",
      clientSecret: SECRET,
      username: "\tivan  ",
      password: PASSWORD,
      keepSignedIn: true,
    });
    const form = server.form(requests[0]!);
    expect([form.get("client_id"), form.get("username")]).toEqual(["demo", "ivan"]);
    const settings = JSON.parse((await store.getItem(SETTINGS_KEY)) ?? "{}") as Record<string, unknown>;
    expect(settings).toMatchObject({ lastClientId: "demo", lastUsername: "ivan" });
    const kept = [...credentialStore.items.values()].join("\n");
    expect(kept).toContain('"clientId":"demo"');
    // The user name is the form's default (settings), not part of the kept sign-in.
    expect(kept).not.toContain("ivan");
    expect(kept).not.toContain("  demo ");
  });

  it("keep the password as typed: spaces in a password are part of it", async () => {
    const server = fakeServer();
    server.passwords.add(" pass word ");
    const { session, requests } = await setup(server);
    await session.signInWithPassword({
      clientId: "demo",
      clientSecret: SECRET,
      username: "ivan",
      password: " pass word ",
      keepSignedIn: false,
    });
    expect(server.form(requests[0]!).get("password")).toBe(" pass word ");
  });
});

describe("the name shown for the user", () => {
  const signIn = async (claims: Record<string, unknown>) => {
    const { session } = await setup(serverWithClaims(claims));
    const state = await signInAsIvan(session);
    return state.user;
  };

  it.each<[string, Record<string, unknown>, { id?: string; displayName: string; email?: string }]>([
    [
      "the full name, when the token has one",
      { sub: "u1", name: "Ivan Petrov", preferred_username: "ivan.p", email: "ivan@example.com" },
      { id: "u1", displayName: "Ivan Petrov", email: "ivan@example.com" },
    ],
    [
      "the preferred user name, without a full name",
      { sub: "u1", preferred_username: "ivan.p", email: "ivan@example.com" },
      { id: "u1", displayName: "ivan.p", email: "ivan@example.com" },
    ],
    [
      "the e-mail address, without either",
      { email: "ivan@example.com" },
      { displayName: "ivan@example.com", email: "ivan@example.com" },
    ],
    ["the user name signed in with, when the token names nobody", {}, { displayName: "ivan" }],
  ])("is %s", async (_case, claims, user) => {
    const shown = await signIn(claims);
    expect(shown).toEqual({ id: undefined, email: undefined, ...user });
  });
});

describe("an interactive sign-in", () => {
  const tokens = (claims: Record<string, unknown>, server: FakeServer) => {
    const access = fakeJwt({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 });
    server.valid.add(access);
    return { access_token: access, refresh_token: null, id_token: null, expires_in: null };
  };

  it("shows a generic name when the token names nobody, and keeps it when asked", async () => {
    const { session, server } = await setup();
    const state = await session.completeInteractiveSignIn({
      clientId: "spa",
      tokens: tokens({}, server),
      keepSignedIn: true,
    });
    expect(state).toMatchObject({
      status: "signed-in",
      method: "interactive",
      keepSignedIn: true,
      user: { displayName: "Signed-in user" },
    });
  });

  it("is not kept by a host that cannot keep a sign-in, even when asked", async () => {
    const server = fakeServer();
    const { session } = await setup(server, false);
    const state = await session.completeInteractiveSignIn({
      clientId: "spa",
      tokens: tokens({ name: "Ivan Petrov" }, server),
      keepSignedIn: true,
    });
    expect(state).toMatchObject({
      status: "signed-in",
      keepSignedIn: false,
      user: { displayName: "Ivan Petrov" },
    });
  });

  it("is not kept when not asked", async () => {
    const { session, server } = await setup();
    const state = await session.completeInteractiveSignIn({
      clientId: "spa",
      tokens: tokens({ name: "Ivan Petrov" }, server),
      keepSignedIn: false,
    });
    expect(state).toMatchObject({ keepSignedIn: false });
  });
});

describe("a password sign-in the sign-in server refuses", () => {
  const refusedWith = async (server: FakeServer, clientSecret = SECRET) => {
    const { session } = await setup(server);
    const error = (await session
      .signInWithPassword({
        clientId: "demo",
        clientSecret,
        username: "ivan",
        password: PASSWORD,
        keepSignedIn: false,
      })
      .catch((e: unknown) => e)) as Error & Record<string, unknown>;
    return { error, state: session.getState() };
  };

  it("says the client id or secret is not accepted, and stays signed out", async () => {
    const { error, state } = await refusedWith(fakeServer(), "wrong-secret");
    expect(error).toMatchObject({ kind: "auth", code: "invalid_client", status: 401 });
    expect(errorText(error)).toBe(
      "The client id or client secret is not accepted. Check them with your company administrator.",
    );
    expect(state.status).toBe("signed-out");
  });

  it("keeps the server's own reason for a refusal it has no plain words for", async () => {
    const server = fakeServer();
    const handler = server.handler;
    server.handler = (req) =>
      new URL(req.url).pathname === "/connect/token"
        ? {
            status: 400,
            body: { error: "invalid_scope", error_description: "The scope openid is not allowed" },
          }
        : handler(req);
    const { error, state } = await refusedWith(server);
    expect(error).toMatchObject({ kind: "auth", code: "invalid_scope", status: 400 });
    expect(errorText(error)).toBe("Sign-in failed: The scope openid is not allowed.");
    expect(state.status).toBe("signed-out");
  });
});

describe("the company chosen in the pane", () => {
  it("is remembered when it is one of the user's companies, and ignored otherwise", async () => {
    const { session, store } = await setup();
    await signInAsIvan(session);
    const lastCompany = async () =>
      (JSON.parse((await store.getItem(SETTINGS_KEY)) ?? "{}") as Record<string, unknown>).lastCompanyId;
    session.selectCompany("not-a-company-of-this-user");
    expect(session.getState()).toMatchObject({ company: { id: COMPANY_ID } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await lastCompany()).toBeUndefined();
    session.selectCompany("personal-1");
    expect(session.getState()).toMatchObject({ company: { id: "personal-1", name: "Ivan Petrov" } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await lastCompany()).toBe("personal-1");
  });

  it("is given by ensureCompany without loading the list again", async () => {
    const { session, requests } = await setup();
    await signInAsIvan(session);
    const before = requests.length;
    await expect(session.ensureCompany()).resolves.toEqual({
      id: COMPANY_ID,
      name: "ООО Стройпроект",
      isPersonal: false,
    });
    expect(requests.length).toBe(before);
  });
});
