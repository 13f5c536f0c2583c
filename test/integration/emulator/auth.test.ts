// Authorization server: token endpoint grants and OAuth errors, claims, discovery and JWKS, the
// code flow with PKCE over plain HTTP (the browser test drives the sign-in page in chromium),
// refresh, revocation, userinfo, end-session and /api/app/company.
import { createHash, randomBytes } from "node:crypto";
import { createLocalJWKSet, decodeJwt, jwtVerify } from "jose";
import type { RunningEmulator } from "../../../emulator/src/index";
import { bearer, form, getJson, passwordToken, startTestEmulator, type TokenResponse } from "./helpers";

const INTERFACE_SCOPES = [
  "address",
  "Platform.Value.Server",
  "email",
  "IdentityServerApi",
  "offline_access",
  "openid",
  "profile",
  "role",
  "Platform.Server",
];
const REDIRECT = "http://localhost:5999/signin.html";

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startTestEmulator({ extraRedirectUris: [REDIRECT] });
});
afterAll(async () => {
  await emu.stop();
});

const tokenUrl = () => `${emu.authUrl}/connect/token`;
const demoUser = () => {
  const u = emu.demo.users[0];
  if (!u) throw new Error("no demo user");
  return u;
};

async function oauthError(res: Response): Promise<{ error: string; error_description: string }> {
  expect(res.status).toBe(400);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  return (await res.json()) as { error: string; error_description: string };
}

describe("password grant", () => {
  it("returns the token response of interface section 5", async () => {
    const t = await passwordToken(emu);
    // Exactly the fields of the shown response: the password grant is plain OAuth, no id_token.
    expect(Object.keys(t).sort()).toEqual([
      "access_token",
      "expires_in",
      "refresh_token",
      "scope",
      "token_type",
    ]);
    expect(t.access_token.split(".")).toHaveLength(3);
    expect(t.token_type).toBe("Bearer");
    expect(t.expires_in).toBe(31536000);
    expect(typeof t.refresh_token).toBe("string");
    expect(t.scope.split(" ").sort()).toEqual([...INTERFACE_SCOPES].sort());
    const refreshed = await form(tokenUrl(), {
      grant_type: "refresh_token",
      refresh_token: t.refresh_token ?? "",
      client_id: emu.demo.passwordClient.clientId,
      client_secret: emu.demo.passwordClient.clientSecret,
    });
    expect(Object.keys((await refreshed.json()) as object).sort()).toEqual([
      "access_token",
      "expires_in",
      "refresh_token",
      "scope",
      "token_type",
    ]);
  });

  it("signs an RS256 JWT with the claims the add-in and msal read, verifiable with the JWKS", async () => {
    const t = await passwordToken(emu);
    const discovery = (await (
      await fetch(`${emu.authUrl}/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: emu.authUrl,
      token_endpoint: `${emu.authUrl}/connect/token`,
      authorization_endpoint: `${emu.authUrl}/connect/authorize`,
      end_session_endpoint: `${emu.authUrl}/connect/endsession`,
      code_challenge_methods_supported: ["S256"],
    });
    const jwks = (await (await fetch(String(discovery.jwks_uri))).json()) as { keys: [] };
    const { payload, protectedHeader } = await jwtVerify(t.access_token, createLocalJWKSet(jwks), {
      issuer: emu.authUrl,
    });
    expect(protectedHeader.alg).toBe("RS256");
    const main = emu.demo.companies.find((c) => c.name === "Northwind Construction");
    expect(payload).toMatchObject({
      name: demoUser().name,
      email: demoUser().email,
      preferred_username: demoUser().username,
      company_id: main?.id,
      client_id: emu.demo.passwordClient.clientId,
    });
    expect(typeof payload.sub).toBe("string");
    expect(String(payload.scope).split(" ")).toContain("Platform.Value.Server");
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(31536000);
  });

  it("accepts the client credentials in a Basic header", async () => {
    const basic = Buffer.from(
      `${emu.demo.passwordClient.clientId}:${emu.demo.passwordClient.clientSecret}`,
    ).toString("base64");
    const res = await form(
      tokenUrl(),
      { grant_type: "password", username: demoUser().username, password: demoUser().password },
      { authorization: `Basic ${basic}` },
    );
    expect(res.status).toBe(200);
  });

  it.each([
    ["a wrong password", { password: "wrong" }, "invalid_grant"],
    ["an unknown user", { username: "nobody" }, "invalid_grant"],
    ["a wrong client secret", { client_secret: "wrong" }, "invalid_client"],
    ["an unknown client", { client_id: "nope" }, "invalid_client"],
    ["no client id", { client_id: "" }, "invalid_client"],
    ["an unsupported grant", { grant_type: "client_credentials" }, "unsupported_grant_type"],
    ["no grant type", { grant_type: "" }, "invalid_request"],
    ["no password", { password: "" }, "invalid_request"],
    ["a scope the platform does not have", { scope: "openid admin" }, "invalid_scope"],
  ])("answers 400 with the OAuth error for %s", async (_label, override, error) => {
    const fields: Record<string, string> = {
      grant_type: "password",
      client_id: emu.demo.passwordClient.clientId,
      client_secret: emu.demo.passwordClient.clientSecret,
      username: demoUser().username,
      password: demoUser().password,
    };
    for (const [k, v] of Object.entries(override)) {
      if (v === "") delete fields[k];
      else fields[k] = v;
    }
    const body = await oauthError(await form(tokenUrl(), fields));
    expect(body.error).toBe(error);
    expect(typeof body.error_description).toBe("string");
    expect(JSON.stringify(body)).not.toContain(emu.demo.passwordClient.clientSecret);
  });

  it("refuses the password grant to the public client (unauthorized_client)", async () => {
    const body = await oauthError(
      await form(tokenUrl(), {
        grant_type: "password",
        client_id: emu.demo.publicClient.clientId,
        username: demoUser().username,
        password: demoUser().password,
      }),
    );
    expect(body.error).toBe("unauthorized_client");
  });

  it("refuses a JSON body: the token request is form-encoded", async () => {
    const res = await fetch(tokenUrl(), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "password" }),
    });
    expect((await oauthError(res)).error).toBe("invalid_request");
  });

  it.each([
    ["malformed JSON", "application/json", '{"grant_type": "password"'],
    ["an empty JSON body", "application/json", ""],
    ["an unknown content type", "text/plain", "grant_type=password"],
  ])("answers %s with the OAuth error body, not the service error body", async (_, type, body) => {
    const res = await fetch(tokenUrl(), { method: "POST", headers: { "content-type": type }, body });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "invalid_request", error_description: expect.any(String) });
  });

  it("grants only the scopes asked for", async () => {
    const t = await passwordToken(emu, { scope: "openid Platform.Value.Server" });
    expect(t.scope).toBe("openid Platform.Value.Server");
    expect(t.refresh_token).toBeUndefined();
    expect(decodeJwt(t.access_token).scope).toBe("openid Platform.Value.Server");
  });
});

describe("refresh_token grant", () => {
  it("issues new tokens and rotates the refresh token", async () => {
    const first = await passwordToken(emu);
    const refresh = first.refresh_token ?? "";
    const res = await form(tokenUrl(), {
      grant_type: "refresh_token",
      refresh_token: refresh,
      client_id: emu.demo.passwordClient.clientId,
      client_secret: emu.demo.passwordClient.clientSecret,
    });
    expect(res.status).toBe(200);
    const second = (await res.json()) as TokenResponse;
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(refresh);
    const again = await form(tokenUrl(), {
      grant_type: "refresh_token",
      refresh_token: refresh,
      client_id: emu.demo.passwordClient.clientId,
      client_secret: emu.demo.passwordClient.clientSecret,
    });
    expect((await oauthError(again)).error).toBe("invalid_grant");
  });

  it("refuses a refresh token of another client", async () => {
    const first = await passwordToken(emu);
    const res = await form(tokenUrl(), {
      grant_type: "refresh_token",
      refresh_token: first.refresh_token ?? "",
      client_id: emu.demo.publicClient.clientId,
    });
    expect((await oauthError(res)).error).toBe("invalid_grant");
  });
});

function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  return { verifier, challenge };
}

function authorizeUrl(params: Record<string, string>): string {
  return `${emu.authUrl}/connect/authorize?${new URLSearchParams(params).toString()}`;
}

/** Submits the sign-in form as the page would, returning the redirect location. */
async function signIn(query: Record<string, string>, username: string, password: string) {
  const page = await fetch(authorizeUrl(query), { redirect: "manual" });
  expect(page.status).toBe(200);
  const html = await page.text();
  const hidden = /name="request" value="([^"]*)"/.exec(html)?.[1] ?? "";
  const request = hidden.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));
  return fetch(`${emu.authUrl}/connect/authorize`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ request, username, password, action: "login" }).toString(),
  });
}

describe("authorization code with PKCE (plain HTTP)", () => {
  const base = () => ({
    client_id: emu.demo.publicClient.clientId,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope: "openid email profile role IdentityServerApi Platform.Server offline_access",
    state: "st-1",
    nonce: "n-1",
    code_challenge_method: "S256",
  });

  it("signs in, redirects with code and state, and exchanges the code with the verifier", async () => {
    const { verifier, challenge } = pkce();
    const res = await signIn(
      { ...base(), code_challenge: challenge },
      demoUser().username,
      demoUser().password,
    );
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get("state")).toBe("st-1");
    const code = location.searchParams.get("code") ?? "";
    const tokenRes = await form(tokenUrl(), {
      grant_type: "authorization_code",
      client_id: emu.demo.publicClient.clientId,
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    expect(tokenRes.status).toBe(200);
    const t = (await tokenRes.json()) as TokenResponse;
    expect(decodeJwt(t.access_token)).toMatchObject({ client_id: emu.demo.publicClient.clientId });
    expect(decodeJwt(t.id_token ?? "")).toMatchObject({
      aud: emu.demo.publicClient.clientId,
      nonce: "n-1",
      preferred_username: demoUser().username,
    });
    expect(t.refresh_token).toBeDefined();
    const companies = await getJson<unknown[]>(`${emu.authUrl}/api/app/company`, t.access_token);
    expect(companies.status).toBe(200);
    // The code is single-use.
    const reuse = await form(tokenUrl(), {
      grant_type: "authorization_code",
      client_id: emu.demo.publicClient.clientId,
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    expect((await oauthError(reuse)).error).toBe("invalid_grant");
  });

  it("refuses a wrong code_verifier or redirect_uri with invalid_grant", async () => {
    for (const wrong of [
      { code_verifier: "x".repeat(43) },
      { redirect_uri: "https://localhost:3000/signin.html" },
    ]) {
      const { verifier, challenge } = pkce();
      const res = await signIn(
        { ...base(), code_challenge: challenge },
        demoUser().username,
        demoUser().password,
      );
      const code = new URL(res.headers.get("location") ?? "").searchParams.get("code") ?? "";
      const tokenRes = await form(tokenUrl(), {
        grant_type: "authorization_code",
        client_id: emu.demo.publicClient.clientId,
        code,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
        ...wrong,
      });
      expect((await oauthError(tokenRes)).error).toBe("invalid_grant");
    }
  });

  it("reads a repeated query parameter by its first value instead of failing with a 500", async () => {
    const q = new URLSearchParams({
      client_id: emu.demo.publicClient.clientId,
      redirect_uri: emu.demo.redirectUri,
      response_type: "code",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
      scope: "openid",
    });
    q.append("scope", "profile");
    q.append("state", "first");
    q.append("state", "second");
    const res = await fetch(`${emu.authUrl}/connect/authorize?${q.toString()}`, { redirect: "manual" });
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('id="username"');
    expect(page).toContain("state=first");
    expect(page).not.toContain("state=second");
  });

  it("shows the error on the page for a wrong password", async () => {
    const { challenge } = pkce();
    const res = await signIn({ ...base(), code_challenge: challenge }, demoUser().username, "wrong");
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("The user name or password is incorrect.");
  });

  it("shows an error page (no redirect) for an unknown client or an unregistered redirect URI", async () => {
    const { challenge } = pkce();
    for (const bad of [{ client_id: "nope" }, { redirect_uri: "https://evil.example/cb" }]) {
      const res = await fetch(authorizeUrl({ ...base(), code_challenge: challenge, ...bad }), {
        redirect: "manual",
      });
      expect(res.status).toBe(400);
      expect(res.headers.get("location")).toBeNull();
    }
  });

  it("redirects with invalid_request when PKCE is missing or not S256", async () => {
    const cases: Record<string, string>[] = [{}, { code_challenge: "abc", code_challenge_method: "plain" }];
    for (const bad of cases) {
      const res = await fetch(authorizeUrl({ ...base(), ...bad }), { redirect: "manual" });
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get("location") ?? "");
      expect(location.searchParams.get("error")).toBe("invalid_request");
      expect(location.searchParams.get("state")).toBe("st-1");
    }
  });

  it("answers login_required for prompt=none without a session, and skips the page with one", async () => {
    const { challenge } = pkce();
    const none = await fetch(authorizeUrl({ ...base(), code_challenge: challenge, prompt: "none" }), {
      redirect: "manual",
    });
    expect(new URL(none.headers.get("location") ?? "").searchParams.get("error")).toBe("login_required");
    const signedIn = await signIn(
      { ...base(), code_challenge: challenge },
      demoUser().username,
      demoUser().password,
    );
    const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(cookie).toMatch(/^emulator_session=/);
    const silent = await fetch(authorizeUrl({ ...base(), code_challenge: challenge, prompt: "none" }), {
      redirect: "manual",
      headers: { cookie },
    });
    expect(silent.status).toBe(302);
    expect(new URL(silent.headers.get("location") ?? "").searchParams.get("code")).toBeTruthy();
  });

  it("answers in the fragment when response_mode=fragment (msal's default)", async () => {
    const { challenge } = pkce();
    const res = await signIn(
      { ...base(), code_challenge: challenge, response_mode: "fragment" },
      demoUser().username,
      demoUser().password,
    );
    const location = new URL(res.headers.get("location") ?? "");
    expect(new URLSearchParams(location.hash.slice(1)).get("code")).toBeTruthy();
  });

  it("redirects with access_denied when the user cancels", async () => {
    const { challenge } = pkce();
    const page = await (await fetch(authorizeUrl({ ...base(), code_challenge: challenge }))).text();
    const hidden = (/name="request" value="([^"]*)"/.exec(page)?.[1] ?? "").replace(
      /&#(\d+);/g,
      (_m, n: string) => String.fromCharCode(Number(n)),
    );
    const res = await fetch(`${emu.authUrl}/connect/authorize`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ request: hidden, action: "cancel" }).toString(),
    });
    expect(new URL(res.headers.get("location") ?? "").searchParams.get("error")).toBe("access_denied");
  });
});

describe("end-session, revocation and userinfo", () => {
  it("redirects to a registered post-logout URI with the state, refuses an unregistered one", async () => {
    const ok = await fetch(
      `${emu.authUrl}/connect/endsession?${new URLSearchParams({
        client_id: emu.demo.publicClient.clientId,
        post_logout_redirect_uri: REDIRECT,
        state: "bye",
      })}`,
      { redirect: "manual" },
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe(`${REDIRECT}?state=bye`);
    const bad = await fetch(
      `${emu.authUrl}/connect/endsession?${new URLSearchParams({
        client_id: emu.demo.publicClient.clientId,
        post_logout_redirect_uri: "https://evil.example/",
      })}`,
      { redirect: "manual" },
    );
    expect(bad.status).toBe(400);
  });

  it("revokes a token through the revocation endpoint", async () => {
    const t = await passwordToken(emu);
    const res = await form(`${emu.authUrl}/connect/revocation`, {
      token: t.access_token,
      client_id: emu.demo.passwordClient.clientId,
      client_secret: emu.demo.passwordClient.clientSecret,
    });
    expect(res.status).toBe(200);
    const after = await fetch(`${emu.authUrl}/api/app/company`, { headers: bearer(t.access_token) });
    expect(after.status).toBe(401);
  });

  it("refuses a JSON revocation request with the OAuth error body", async () => {
    const res = await fetch(`${emu.authUrl}/connect/revocation`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        client_id: emu.demo.passwordClient.clientId,
        client_secret: 5,
        token: 7,
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "invalid_request", error_description: expect.any(String) });
  });

  it("refuses userinfo to a token without the openid scope", async () => {
    const t = await passwordToken(emu, { scope: "Platform.Value.Server" });
    const res = await fetch(`${emu.authUrl}/connect/userinfo`, { headers: bearer(t.access_token) });
    expect(res.status).toBe(401);
  });

  it("answers userinfo with the user's claims", async () => {
    const t = await passwordToken(emu);
    const { status, body } = await getJson<Record<string, string>>(
      `${emu.authUrl}/connect/userinfo`,
      t.access_token,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ preferred_username: demoUser().username, email: demoUser().email });
  });
});

describe("/api/app/company", () => {
  it("lists the companies of the user with id, name and isPersonal", async () => {
    const t = await passwordToken(emu);
    const { status, body } = await getJson<{ id: string; name: string; isPersonal: boolean }[]>(
      `${emu.authUrl}/api/app/company`,
      t.access_token,
    );
    expect(status).toBe(200);
    expect(body).toEqual(
      emu.demo.companies.map((c) => ({ id: c.id, name: c.name, isPersonal: c.isPersonal })),
    );
    expect(body.filter((c) => c.isPersonal)).toHaveLength(1);
  });

  it("lists only the companies of another user", async () => {
    const viewer = emu.demo.users[1];
    const t = await passwordToken(emu, {
      username: viewer?.username ?? "",
      password: viewer?.password ?? "",
    });
    const { body } = await getJson<{ name: string }[]>(`${emu.authUrl}/api/app/company`, t.access_token);
    expect(body.map((c) => c.name)).toEqual(["Northwind Construction"]);
  });

  it("answers 401 with WWW-Authenticate and an empty body without a token", async () => {
    const res = await fetch(`${emu.authUrl}/api/app/company`);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
    expect(await res.text()).toBe("");
  });
});
