// Signing out at the authorization server: best effort, never throwing. The refresh token is
// revoked (RFC 7009) with the client's secret when it has one, then the end-session endpoint is
// told with the id token as a hint; a server without either endpoint, or that does not answer,
// still lets the user sign out, and the result says whether the token is revoked.
import { HttpClient } from "../../src/api/http";
import { endSession, fetchDiscovery, passwordGrant, refreshGrant } from "../../src/api/auth";
import { setLogSink } from "../../src/log/logger";
import { scriptedClient, type RecordedRequest, type Reply } from "./fakes";

beforeAll(() => setLogSink(() => undefined));
afterAll(() => setLogSink(null));

const DISCOVERY = {
  issuer: "https://auth.example.com",
  authorization_endpoint: "https://auth.example.com/connect/authorize",
  token_endpoint: "https://auth.example.com/connect/token",
  revocation_endpoint: "https://auth.example.com/connect/revocation",
  end_session_endpoint: "https://auth.example.com/connect/endsession",
};

const client = scriptedClient;

const byPath =
  (discovery: Record<string, string>, revocation: Reply = { status: 200 }) =>
  (req: RecordedRequest): Reply => {
    const path = new URL(req.url).pathname;
    if (path === "/.well-known/openid-configuration") return { status: 200, body: discovery };
    if (path === "/connect/revocation") return revocation;
    if (path === "/connect/endsession") return { status: 200, body: "<html>signed out</html>" };
    return { status: 404 };
  };

describe("signing out at the server", () => {
  it("revokes the refresh token with the client's secret, then ends the session with the id token", async () => {
    const { http, requests } = client(byPath(DISCOVERY));
    const result = await endSession(http, {
      clientId: "demo",
      clientSecret: "s3cret",
      refreshToken: "refresh-1",
      idToken: "id-1",
    });
    expect(result).toEqual({ revoked: true });
    const [, revoke, end] = requests;
    expect(revoke?.method).toBe("POST");
    expect(Object.fromEntries(new URLSearchParams(revoke?.body ?? ""))).toEqual({
      token: "refresh-1",
      token_type_hint: "refresh_token",
      client_id: "demo",
      client_secret: "s3cret",
    });
    expect(revoke?.headers.Authorization).toBeUndefined();
    const endUrl = new URL(end?.url ?? "");
    expect(endUrl.pathname).toBe("/connect/endsession");
    expect(Object.fromEntries(endUrl.searchParams)).toEqual({ id_token_hint: "id-1", client_id: "demo" });
  });

  it("sends no secret for the public client, and says when the revocation was refused", async () => {
    const { http, requests } = client(byPath(DISCOVERY, { status: 400, body: { error: "invalid_client" } }));
    const result = await endSession(http, { clientId: "spa", refreshToken: "refresh-1" });
    expect(result).toEqual({ revoked: false });
    expect(new URLSearchParams(requests[1]?.body ?? "").has("client_secret")).toBe(false);
    expect(requests).toHaveLength(2); // no id token: the end-session endpoint is not called
  });

  it("has nothing to revoke without a refresh token", async () => {
    const { http, requests } = client(byPath(DISCOVERY));
    await expect(endSession(http, { clientId: "demo", idToken: "id-1" })).resolves.toEqual({ revoked: null });
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual([
      "/.well-known/openid-configuration",
      "/connect/endsession",
    ]);
  });

  it("cannot revoke on a server without a revocation endpoint, and says so", async () => {
    const { revocation_endpoint: _none, end_session_endpoint: _neither, ...bare } = DISCOVERY;
    const { http, requests } = client(byPath(bare));
    await expect(endSession(http, { clientId: "demo", refreshToken: "r", idToken: "i" })).resolves.toEqual({
      revoked: false,
    });
    expect(requests).toHaveLength(1);
  });

  it("never throws when the server does not answer", async () => {
    const { http } = client(() => "network-error");
    await expect(endSession(http, { clientId: "demo", refreshToken: "r", idToken: "i" })).resolves.toEqual({
      revoked: false,
    });
  });
});

describe("the token endpoint", () => {
  const tokens = { access_token: "a", token_type: "Bearer", expires_in: 60 };

  it("is posted once, never retried (a refresh token may be single-use), without a bearer token", async () => {
    for (const grant of [
      (http: HttpClient) =>
        passwordGrant(http, { clientId: "c", clientSecret: "s", username: "u", password: "p" }),
      (http: HttpClient) => refreshGrant(http, { clientId: "c", refreshToken: "r" }),
    ]) {
      const { http, requests } = client(() => ({ status: 503 }));
      await expect(grant(http)).rejects.toMatchObject({
        status: 503,
        endpoint: "token",
      });
      expect(requests).toHaveLength(1);
      expect(requests[0]?.method).toBe("POST");
      expect(requests[0]?.url).toBe("https://auth.example.com/connect/token");
      expect(requests[0]?.headers.Authorization).toBeUndefined();
    }
  });

  it("sends the refresh grant with the secret only when the client has one", async () => {
    const withSecret = client(() => ({ status: 200, body: tokens }));
    await refreshGrant(withSecret.http, { clientId: "c", clientSecret: "s", refreshToken: "r" });
    expect(Object.fromEntries(new URLSearchParams(withSecret.requests[0]?.body ?? ""))).toEqual({
      client_id: "c",
      client_secret: "s",
      grant_type: "refresh_token",
      refresh_token: "r",
    });
    const without = client(() => ({ status: 200, body: tokens }));
    await refreshGrant(without.http, { clientId: "c", refreshToken: "r" });
    expect(new URLSearchParams(without.requests[0]?.body ?? "").has("client_secret")).toBe(false);
  });

  it("reads an OAuth refusal as a sign-in problem with the server's words", async () => {
    const { http } = client(() => ({
      status: 400,
      body: { error: "invalid_grant", error_description: "Invalid username or password" },
    }));
    await expect(
      passwordGrant(http, { clientId: "c", clientSecret: "s", username: "u", password: "wrong" }),
    ).rejects.toMatchObject({
      kind: "auth",
      code: "invalid_grant",
      platformMessage: "Invalid username or password",
    });
  });
});

describe("the sign-in server's configuration", () => {
  it("is read from the well-known address without a token, and named in its error", async () => {
    const { http, requests } = client(() => ({ status: 500 }));
    await expect(fetchDiscovery(http)).rejects.toMatchObject({
      endpoint: "discovery",
      status: 500,
    });
    expect(requests[0]?.method).toBe("GET");
    expect(requests[0]?.url).toBe("https://auth.example.com/.well-known/openid-configuration");
    expect(requests[0]?.headers.Authorization).toBeUndefined();
  });

  it("reads a misspelt endpoint as absent rather than failing", async () => {
    const { http } = client(() => ({ status: 200, body: { ...DISCOVERY, revocation_endpoint: 42 } }));
    await expect(fetchDiscovery(http)).resolves.toMatchObject({
      revocation_endpoint: undefined,
      end_session_endpoint: DISCOVERY.end_session_endpoint,
    });
  });
});
