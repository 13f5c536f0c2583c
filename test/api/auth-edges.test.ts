// The authorization server's fixed addresses and names (docs/interface.md 5): the token
// endpoint, the discovery document and what is read from it, the scopes of an interactive sign-in;
// and the sign-out calls, which carry no bearer token and are never sent twice. The module is
// loaded afresh in each test, so its module-level constants and schema are built inside the test.
import type * as AuthModule from "../../src/api/auth";
import { setLogSink } from "../../src/log/logger";
import { scriptedClient, type RecordedRequest, type Reply } from "./fakes";

beforeAll(() => setLogSink(() => undefined));
afterAll(() => setLogSink(null));

async function freshAuth(): Promise<typeof AuthModule> {
  let loaded: typeof AuthModule | undefined;
  await jest.isolateModulesAsync(async () => {
    loaded = await import("../../src/api/auth");
  });
  if (loaded === undefined) throw new Error("the auth module did not load");
  return loaded;
}

const client = scriptedClient;

const DISCOVERY = {
  issuer: "https://auth.example.com",
  authorization_endpoint: "https://auth.example.com/connect/authorize",
  token_endpoint: "https://auth.example.com/connect/token",
  end_session_endpoint: "https://auth.example.com/connect/endsession",
  revocation_endpoint: "https://auth.example.com/connect/revocation",
  jwks_uri: "https://auth.example.com/.well-known/jwks",
  userinfo_endpoint: "https://auth.example.com/connect/userinfo",
};

const TOKENS = { access_token: "a", token_type: "Bearer", expires_in: 60 };

describe("the token endpoint", () => {
  it("takes the password grant at /connect/token and returns the token", async () => {
    const auth = await freshAuth();
    const { http, requests } = client(() => ({ status: 200, body: TOKENS }));
    await expect(
      auth.passwordGrant(http, { clientId: "c", clientSecret: "s", username: "u", password: "p" }),
    ).resolves.toEqual(TOKENS);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST https://auth.example.com/connect/token",
    ]);
  });

  it("takes the refresh grant at the same address, and names it in a refusal", async () => {
    const auth = await freshAuth();
    const { http, requests } = client(() => ({ status: 400, body: { error: "invalid_grant" } }));
    await expect(auth.refreshGrant(http, { clientId: "c", refreshToken: "r" })).rejects.toMatchObject({
      kind: "auth",
      code: "invalid_grant",
      endpoint: "token",
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST https://auth.example.com/connect/token",
    ]);
  });
});

describe("the discovery document", () => {
  it("is read from /.well-known/openid-configuration, keeping every endpoint the add-in may use", async () => {
    const auth = await freshAuth();
    const { http, requests } = client(() => ({
      status: 200,
      body: { ...DISCOVERY, scopes_supported: ["openid"] },
    }));
    await expect(auth.fetchDiscovery(http)).resolves.toEqual(DISCOVERY);
    expect(requests[0]?.url).toBe("https://auth.example.com/.well-known/openid-configuration");
  });
});

describe("the interactive sign-in", () => {
  it("asks for the platform's scopes and a refresh token", async () => {
    const auth = await freshAuth();
    expect(auth.INTERACTIVE_SCOPES.split(" ")).toEqual([
      "openid",
      "email",
      "profile",
      "role",
      "IdentityServerApi",
      "Platform.Server",
      "offline_access",
    ]);
  });
});

describe("signing out", () => {
  const unavailable = (req: RecordedRequest): Reply =>
    new URL(req.url).pathname === "/.well-known/openid-configuration"
      ? { status: 200, body: DISCOVERY }
      : { status: 503 };

  it("sends the revocation and the end session once each, even when the server is unavailable", async () => {
    const auth = await freshAuth();
    const { http, requests } = client(unavailable);
    await expect(
      auth.endSession(http, { clientId: "demo", refreshToken: "refresh-1", idToken: "id-1" }),
    ).resolves.toEqual({ revoked: false });
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      "GET /.well-known/openid-configuration",
      "POST /connect/revocation",
      "GET /connect/endsession",
    ]);
  });

  it("carries no bearer token to the end-session endpoint", async () => {
    const auth = await freshAuth();
    const { http, requests } = client(unavailable);
    await auth.endSession(http, { clientId: "demo", idToken: "id-1" });
    expect(requests.map((r) => r.headers.Authorization)).toEqual([undefined, undefined]);
  });
});
