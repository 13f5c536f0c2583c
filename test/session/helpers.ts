// A fake authorization server + value service for session unit tests, answering by URL.

import { scriptedFetch, type RecordedRequest, type Reply } from "../api/fakes";

export function fakeJwt(claims: Record<string, unknown>): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${enc({ alg: "RS256", typ: "JWT" })}.${enc(claims)}.c2lnbmF0dXJl`;
}

/** Service settings pointing at the fake server's addresses (stored under SETTINGS_KEY). */
export const CUSTOM_SETTINGS = {
  preset: "custom" as const,
  emulatorScheme: "https" as const,
  authUrl: "https://auth.example.com",
  valueUrl: "https://value.example.com",
  platformUrl: "https://platform.example.com",
  interactiveClientId: "spa",
};

export const COMPANY_ID = "3fa85f64-5717-4562-b3fc-2c963f66afa6";
export const COMPANIES = [
  { id: "personal-1", name: "Ivan Petrov", isPersonal: true },
  { id: COMPANY_ID, name: "ООО Стройпроект", isPersonal: false },
];

export interface FakeServer {
  handler: (req: RecordedRequest) => Reply;
  /** Access tokens the value service accepts. */
  valid: Set<string>;
  issued: string[];
  refreshTokens: Set<string>;
  /** Whether the token endpoint returns refresh tokens. */
  issueRefreshTokens: boolean;
  /** Passwords the token endpoint accepts. */
  passwords: Set<string>;
  form(req: RecordedRequest): URLSearchParams;
}

export function fakeServer(nowSeconds = () => Math.floor(Date.now() / 1000), lifetime = 3600): FakeServer {
  let n = 0;
  const server: FakeServer = {
    valid: new Set(),
    issued: [],
    refreshTokens: new Set(),
    issueRefreshTokens: true,
    passwords: new Set(["pa$$word-1"]),
    form: (req) => new URLSearchParams(req.body ?? ""),
    handler: (req) => {
      const url = new URL(req.url);
      if (url.pathname === "/connect/token") {
        const form = server.form(req);
        const grant = form.get("grant_type");
        if (grant === "password") {
          if (!server.passwords.has(form.get("password") ?? ""))
            return {
              status: 400,
              body: { error: "invalid_grant", error_description: "Invalid username or password" },
            };
          if (form.get("client_secret") !== "client-secret-1")
            return { status: 401, body: { error: "invalid_client" } };
        } else if (grant === "refresh_token") {
          const rt = form.get("refresh_token") ?? "";
          if (!server.refreshTokens.has(rt))
            return {
              status: 400,
              body: { error: "invalid_grant", error_description: "The refresh token is no longer valid" },
            };
          server.refreshTokens.delete(rt); // rotation
        } else return { status: 400, body: { error: "unsupported_grant_type" } };
        n++;
        const access = fakeJwt({
          sub: "u1",
          name: "Ivan Petrov",
          email: "ivan@example.com",
          company_id: COMPANY_ID,
          exp: nowSeconds() + lifetime,
          n,
        });
        server.valid.add(access);
        server.issued.push(access);
        const body: Record<string, unknown> = {
          access_token: access,
          token_type: "Bearer",
          expires_in: lifetime,
          scope: "openid",
        };
        if (server.issueRefreshTokens) {
          const rt = `refresh-token-${n}-abcdef`;
          server.refreshTokens.add(rt);
          body.refresh_token = rt;
        }
        return { status: 200, body };
      }
      if (url.pathname === "/.well-known/openid-configuration") {
        return {
          status: 200,
          body: {
            issuer: "https://auth.example.com",
            authorization_endpoint: "https://auth.example.com/auth",
            token_endpoint: "https://auth.example.com/connect/token",
            revocation_endpoint: "https://auth.example.com/connect/revocation",
            end_session_endpoint: "https://auth.example.com/session/end",
          },
        };
      }
      if (url.pathname === "/connect/revocation") {
        server.refreshTokens.delete(server.form(req).get("token") ?? "");
        return { status: 200 };
      }
      if (url.pathname === "/session/end") return { status: 200, body: "<html>bye</html>" };
      const auth = req.headers.Authorization ?? "";
      if (!server.valid.has(auth.replace(/^Bearer /, "")))
        return { status: 401, headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' } };
      if (url.pathname === "/api/app/company") return { status: 200, body: COMPANIES };
      if (url.pathname.endsWith("/byCompanyId")) return { status: 200, body: [] };
      return { status: 404 };
    },
  };
  return server;
}

/**
 * A fetch on the fake server whose refresh-grant answers wait for release(): the server has
 * already rotated the refresh token when `answered` resolves, but the add-in has not seen it.
 */
export function gatedRefreshFetch(server: FakeServer) {
  const f = scriptedFetch(server.handler);
  let refreshAnswered: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (refreshAnswered = resolve));
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await f.fetch(input, init);
    if (typeof init?.body === "string" && init.body.includes("grant_type=refresh_token")) {
      refreshAnswered();
      await released;
    }
    return response;
  }) as typeof fetch;
  return { fetch: fetchFn, requests: f.requests, answered, release };
}
