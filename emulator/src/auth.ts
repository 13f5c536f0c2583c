import type { Variations } from "./variations";
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Clock } from "./clock";
import { registerClientRoutes } from "./clientRoutes";
import { ALL_SCOPES } from "./demo";
import { sendUnauthorized } from "./http";
import type { ApiClient, User } from "./model";
import type { Store } from "./store";
import type { Tokens } from "./tokens";
import { newSecret, sha256 } from "./util";

const CODE_LIFETIME_MS = 5 * 60_000;
const SESSION_COOKIE = "emulator_session";
const AUTH_API_SCOPES = ["IdentityServerApi"];

interface PendingCode {
  clientId: string;
  redirectUri: string;
  userId: string;
  scope: string[];
  codeChallenge: string;
  nonce: string | undefined;
  expiresAt: number;
}

type Form = Record<string, string | undefined>;

function oauthError(reply: FastifyReply, error: string, description: string): FastifyReply {
  return reply.code(400).header("Cache-Control", "no-store").send({ error, error_description: description });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function s256(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie ?? "";
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return undefined;
}

export interface AuthRoutesContext {
  variations: Variations;
  store: Store;
  tokens: Tokens;
  authUrl: () => string;
  secureCookies: boolean;
  /** Authorization codes expire by it. */
  clock: Clock;
}

/** The sign-in page in the look of a hosted identity provider's page (light and dark). */
const SIGN_IN_PAGE_CSS = `
:root{color-scheme:light dark;--bg:#f3f2f1;--card:#fff;--text:#1b1b1b;--muted:#5f5f5f;--line:#8a8886;--brand:#0f6cbd;--brand-hover:#115ea3;--error:#b10e1c}
@media (prefers-color-scheme:dark){:root{--bg:#1b1b1b;--card:#2b2b2b;--text:#fff;--muted:#c8c8c8;--line:#8a8886;--brand:#479ef5;--brand-hover:#62abf5;--error:#f1707b}}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--text);
font:15px/1.4 "Segoe UI",system-ui,-apple-system,sans-serif}
.card{width:min(440px,100vw);background:var(--card);padding:44px;box-shadow:0 2px 6px rgba(0,0,0,.2)}
@media (max-width:480px){.card{padding:24px;box-shadow:none;min-height:100vh}}
.brand{display:flex;align-items:center;gap:8px;font-weight:600;color:var(--muted)}
.logo{width:24px;height:24px;border-radius:4px;background:linear-gradient(135deg,var(--brand) 50%,#0b5563 50%)}
h1{font-size:24px;font-weight:600;margin:16px 0 4px}.sub{margin:0 0 16px;color:var(--muted)}
label{display:block;margin:16px 0 4px;font-size:14px}
input[type=text],input[type=password]{width:100%;padding:6px 0;font:inherit;color:inherit;background:transparent;border:0;border-bottom:1px solid var(--line);border-radius:0}
input:focus{outline:none;border-bottom:2px solid var(--brand);padding-bottom:5px}
.actions{display:flex;justify-content:flex-end;gap:8px;margin-top:28px}
button{min-width:108px;min-height:32px;padding:4px 12px;font:inherit;font-weight:600;border-radius:4px;cursor:pointer}
button:focus-visible{outline:2px solid var(--text);outline-offset:2px}
.primary{background:var(--brand);color:#fff;border:1px solid var(--brand)}.primary:hover{background:var(--brand-hover)}
@media (prefers-color-scheme:dark){.primary{color:#000}}
.secondary{background:transparent;color:var(--text);border:1px solid var(--line)}
.error{color:var(--error);margin:8px 0 0}.note{margin:28px 0 0;font-size:13px;color:var(--muted)}
code{font-family:Consolas,monospace}`;

/** Authorization server: OAuth token endpoint, OIDC code flow with PKCE, companies and client management (clientRoutes.ts). */
export function registerAuthRoutes(app: FastifyInstance, ctx: AuthRoutesContext): void {
  const { store, tokens } = ctx;
  const codes = new Map<string, PendingCode>();
  const sessions = new Map<string, string>();

  const findUser = (username: string | undefined, password: string | undefined): User | undefined =>
    store.demo.users.find((u) => u.username === username && u.password === password);

  /** Authenticates the client of a token request (form or Basic); a public client has no secret. */
  function authenticateClient(request: FastifyRequest, form: Form): ApiClient | string {
    let clientId = form.client_id;
    let secret = form.client_secret;
    const basic = /^Basic\s+(.+)$/i.exec(request.headers.authorization ?? "");
    if (basic?.[1]) {
      const [id, sec] = Buffer.from(basic[1], "base64").toString("utf8").split(":");
      try {
        clientId = decodeURIComponent(id ?? "");
        secret = decodeURIComponent(sec ?? "");
      } catch {
        return "The Basic authorization header is malformed";
      }
    }
    if (!clientId) return "client_id is required";
    const client = store.clients.get(clientId);
    if (client) request.corsClientId = client.clientId;
    if (!client) return "Unknown client";
    if (!client.isActive) return "The client is deactivated";
    if (client.secretHash === null) return secret ? "This public client has no secret" : client;
    if (!secret || sha256(secret) !== client.secretHash) return "Invalid client secret";
    return client;
  }

  /** Every client may ask for any of the platform's scopes; none asked means all of them. */
  function grantedScope(requested: string | undefined): string[] | null {
    if (!requested) return [...ALL_SCOPES];
    const asked = requested.split(/\s+/).filter(Boolean);
    if (asked.some((s) => !ALL_SCOPES.includes(s))) return null;
    return asked;
  }

  app.post("/connect/token", async (request, reply) => {
    const form = (request.body ?? {}) as Form;
    if (
      typeof request.body !== "object" ||
      !request.headers["content-type"]?.includes("x-www-form-urlencoded")
    ) {
      return oauthError(
        reply,
        "invalid_request",
        "Send the token request as application/x-www-form-urlencoded.",
      );
    }
    const grant = form.grant_type;
    if (!grant) return oauthError(reply, "invalid_request", "grant_type is required.");
    if (grant !== "password" && grant !== "authorization_code" && grant !== "refresh_token") {
      return oauthError(reply, "unsupported_grant_type", `The grant type ${grant} is not supported.`);
    }
    const client = authenticateClient(request, form);
    if (typeof client === "string") return oauthError(reply, "invalid_client", client);
    if (!client.grantTypes.includes(grant)) {
      return oauthError(reply, "unauthorized_client", `The client is not allowed to use the ${grant} grant.`);
    }
    if (grant === "password") {
      if (!form.username || !form.password) {
        return oauthError(reply, "invalid_request", "username and password are required.");
      }
      const user = findUser(form.username, form.password);
      if (!user) return oauthError(reply, "invalid_grant", "invalid_username_or_password");
      const scope = grantedScope(form.scope);
      if (!scope)
        return oauthError(reply, "invalid_scope", "A requested scope is not allowed for this client.");
      return reply
        .header("Cache-Control", "no-store")
        .send(await tokens.issue(user, client, scope, { openIdFlow: false }));
    }
    if (grant === "refresh_token") {
      if (!form.refresh_token) return oauthError(reply, "invalid_request", "refresh_token is required.");
      const rec = tokens.takeRefreshToken(form.refresh_token);
      if (!rec || rec.clientId !== client.clientId) {
        return oauthError(reply, "invalid_grant", "The refresh token is invalid, expired or revoked.");
      }
      const user = store.demo.users.find((u) => u.id === rec.userId);
      if (!user) return oauthError(reply, "invalid_grant", "The user no longer exists.");
      return reply
        .header("Cache-Control", "no-store")
        .send(await tokens.issue(user, client, rec.scope, { openIdFlow: rec.openIdFlow }));
    }
    // authorization_code with PKCE
    const code = form.code ? codes.get(form.code) : undefined;
    if (form.code) codes.delete(form.code);
    if (!code || code.expiresAt < ctx.clock.now()) {
      return oauthError(
        reply,
        "invalid_grant",
        "The authorization code is invalid, expired or already used.",
      );
    }
    if (code.clientId !== client.clientId) {
      return oauthError(reply, "invalid_grant", "The authorization code was issued to another client.");
    }
    if (form.redirect_uri !== code.redirectUri) {
      return oauthError(reply, "invalid_grant", "redirect_uri does not match the authorization request.");
    }
    if (!form.code_verifier) return oauthError(reply, "invalid_grant", "code_verifier is required (PKCE).");
    if (s256(form.code_verifier) !== code.codeChallenge) {
      return oauthError(reply, "invalid_grant", "The code_verifier does not match the code_challenge.");
    }
    const user = store.demo.users.find((u) => u.id === code.userId);
    if (!user) return oauthError(reply, "invalid_grant", "The user no longer exists.");
    return reply.header("Cache-Control", "no-store").send(
      await tokens.issue(user, client, code.scope, {
        openIdFlow: true,
        ...(code.nonce !== undefined ? { nonce: code.nonce } : {}),
      }),
    );
  });

  app.post("/connect/revocation", async (request, reply) => {
    const form = (request.body ?? {}) as Form;
    // RFC 7009: form-encoded like the token request; a JSON body could carry non-string values.
    if (!request.headers["content-type"]?.includes("x-www-form-urlencoded")) {
      return oauthError(
        reply,
        "invalid_request",
        "Send the revocation request as application/x-www-form-urlencoded.",
      );
    }
    const client = authenticateClient(request, form);
    if (typeof client === "string") return oauthError(reply, "invalid_client", client);
    if (form.token) tokens.revoke({ token: form.token });
    return reply.code(200).send();
  });

  app.get("/.well-known/openid-configuration", () => {
    const base = ctx.authUrl();
    // Only what a provider must publish (and revocation): a client must not require the rest.
    if (ctx.variations.minimalDiscovery) {
      return {
        issuer: base,
        token_endpoint: `${base}/connect/token`,
        revocation_endpoint: `${base}/connect/revocation`,
      };
    }
    return {
      issuer: base,
      authorization_endpoint: `${base}/connect/authorize`,
      token_endpoint: `${base}/connect/token`,
      userinfo_endpoint: `${base}/connect/userinfo`,
      end_session_endpoint: `${base}/connect/endsession`,
      revocation_endpoint: `${base}/connect/revocation`,
      jwks_uri: `${base}/.well-known/openid-configuration/jwks`,
      scopes_supported: ALL_SCOPES,
      claims_supported: ["sub", "name", "email", "preferred_username", "company_id", "client_id", "scope"],
      response_types_supported: ["code"],
      response_modes_supported: ["query", "fragment", "form_post"],
      grant_types_supported: ["authorization_code", "password", "refresh_token"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["RS256"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic", "none"],
    };
  });

  app.get("/.well-known/openid-configuration/jwks", () => tokens.jwks());

  // The demo sign-in, for the add-in's "Use the demo account" (offered only when the add-in points
  // at a server on this computer) and for npm start's printout. A real platform has no such route:
  // the add-in treats a 404 as "no demo account". Only the first demo user and the password-grant
  // client whose secret is still the seeded one (a regenerated secret is not handed out).
  app.get("/demo/sign-in", async (_request, reply) => {
    const user = store.demo.users[0];
    const entry = [...store.demoSecrets.entries()][0];
    if (!user || !entry) return reply.code(404).send();
    const [clientId, clientSecret] = entry;
    return { clientId, clientSecret, username: user.username, password: user.password };
  });

  /** Validates an authorization request; errors that cannot be sent back to the client are shown as a page. */
  function checkAuthorize(q: Form):
    | { page: string }
    | {
        redirectError: { error: string; description: string };
        redirectUri: string;
        state?: string;
        mode: string;
      }
    | { client: ApiClient; redirectUri: string; scope: string[]; mode: string } {
    const client = q.client_id ? store.clients.get(q.client_id) : undefined;
    if (!client || !client.isActive)
      return { page: "The application (client_id) is unknown or deactivated." };
    if (!q.redirect_uri || !client.redirectUris.includes(q.redirect_uri)) {
      return { page: "The redirect_uri is not in the client's Allowed Redirect After Login URIs." };
    }
    const mode = q.response_mode ?? "query";
    const fail = (error: string, description: string) => ({
      redirectError: { error, description },
      redirectUri: q.redirect_uri ?? "",
      ...(q.state !== undefined ? { state: q.state } : {}),
      mode,
    });
    if (q.response_type !== "code")
      return fail("unsupported_response_type", "Only response_type=code is supported.");
    if (!client.grantTypes.includes("authorization_code")) {
      return fail("unauthorized_client", "The client may not use the authorization-code flow.");
    }
    if (!q.code_challenge || q.code_challenge_method !== "S256") {
      return fail(
        "invalid_request",
        "PKCE is required: send code_challenge with code_challenge_method=S256.",
      );
    }
    const scope = grantedScope(q.scope ?? "openid");
    if (!scope) return fail("invalid_scope", "A requested scope is not allowed.");
    return { client, redirectUri: q.redirect_uri, scope, mode };
  }

  function redirectWith(reply: FastifyReply, uri: string, mode: string, params: Record<string, string>) {
    if (mode === "form_post") {
      const inputs = Object.entries(params)
        .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
        .join("");
      return reply
        .type("text/html; charset=utf-8")
        .send(
          `<!doctype html><html><body onload="document.forms[0].submit()"><form method="post" action="${escapeHtml(uri)}">${inputs}</form></body></html>`,
        );
    }
    const qs = new URLSearchParams(params).toString();
    const target = mode === "fragment" ? `${uri}#${qs}` : `${uri}${uri.includes("?") ? "&" : "?"}${qs}`;
    return reply.redirect(target, 302);
  }

  function issueCode(
    reply: FastifyReply,
    q: Form,
    ok: { client: ApiClient; redirectUri: string; scope: string[]; mode: string },
    user: User,
  ) {
    const code = newSecret();
    codes.set(code, {
      clientId: ok.client.clientId,
      redirectUri: ok.redirectUri,
      userId: user.id,
      scope: ok.scope,
      codeChallenge: q.code_challenge ?? "",
      nonce: q.nonce,
      expiresAt: ctx.clock.now() + CODE_LIFETIME_MS,
    });
    return redirectWith(reply, ok.redirectUri, ok.mode, {
      code,
      ...(q.state !== undefined ? { state: q.state } : {}),
    });
  }

  function signInPage(reply: FastifyReply, q: Form, client: ApiClient, message?: string) {
    const hidden = escapeHtml(new URLSearchParams(q as Record<string, string>).toString());
    return reply
      .code(message ? 401 : 200)
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-store").send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in - Estimating Platform</title>
<style>${SIGN_IN_PAGE_CSS}</style></head>
<body><main class="card" aria-labelledby="title">
<div class="brand"><span class="logo" aria-hidden="true"></span><span>Estimating Platform</span></div>
<h1 id="title">Sign in</h1>
<p class="sub">to continue to <strong>${escapeHtml(client.clientName)}</strong></p>
${message ? `<p class="error" role="alert" id="error">${escapeHtml(message)}</p>` : ""}
<form method="post" action="/connect/authorize">
<input type="hidden" name="request" value="${hidden}">
<label for="username">User name or e-mail</label><input id="username" name="username" type="text" autocomplete="username" required${message ? ' aria-describedby="error"' : ""}>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<div class="actions">
<button id="cancel" class="secondary" type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
<button id="submit" class="primary" type="submit" name="action" value="login">Sign in</button>
</div>
</form>
<p class="note">Test platform on this computer. <code>npm start</code> prints the demo user.</p>
</main></body></html>`);
  }

  function errorPage(reply: FastifyReply, message: string) {
    return reply
      .code(400)
      .type("text/html; charset=utf-8")
      .send(
        `<!doctype html><html><head><meta charset="utf-8"><title>Sign-in error</title></head><body><h1>Sign-in error</h1><p id="error">${escapeHtml(message)}</p></body></html>`,
      );
  }

  app.get("/connect/authorize", async (request, reply) => {
    const q = request.query as Form;
    const check = checkAuthorize(q);
    if ("page" in check) return errorPage(reply, check.page);
    if ("redirectError" in check) {
      return redirectWith(reply, check.redirectUri, check.mode, {
        error: check.redirectError.error,
        error_description: check.redirectError.description,
        ...(check.state !== undefined ? { state: check.state } : {}),
      });
    }
    const sessionUser = sessions.get(cookieOf(request, SESSION_COOKIE) ?? "");
    const user = store.demo.users.find((u) => u.id === sessionUser);
    if (user && q.prompt !== "login") return issueCode(reply, q, check, user);
    if (q.prompt === "none") {
      return redirectWith(reply, check.redirectUri, check.mode, {
        error: "login_required",
        error_description: "The user is not signed in.",
        ...(q.state !== undefined ? { state: q.state } : {}),
      });
    }
    return signInPage(reply, q, check.client);
  });

  app.post("/connect/authorize", async (request, reply) => {
    const form = (request.body ?? {}) as Form;
    const q = Object.fromEntries(new URLSearchParams(form.request ?? "")) as Form;
    const check = checkAuthorize(q);
    if ("page" in check) return errorPage(reply, check.page);
    if ("redirectError" in check) return errorPage(reply, check.redirectError.description);
    const state: Record<string, string> = q.state !== undefined ? { state: q.state } : {};
    if (form.action === "cancel") {
      return redirectWith(reply, check.redirectUri, check.mode, {
        error: "access_denied",
        error_description: "The user cancelled the sign-in.",
        ...state,
      });
    }
    const user = findUser(form.username, form.password);
    if (!user) return signInPage(reply, q, check.client, "The user name or password is incorrect.");
    const session = newSecret();
    sessions.set(session, user.id);
    reply.header(
      "Set-Cookie",
      `${SESSION_COOKIE}=${session}; Path=/; HttpOnly; SameSite=Lax${ctx.secureCookies ? "; Secure" : ""}`,
    );
    return issueCode(reply, q, check, user);
  });

  app.get("/connect/endsession", async (request, reply) => {
    const q = request.query as Form;
    const session = cookieOf(request, SESSION_COOKIE);
    if (session) sessions.delete(session);
    reply.header("Set-Cookie", `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
    const clientId = q.client_id ?? (q.id_token_hint ? await tokens.clientOfIdToken(q.id_token_hint) : null);
    const client = clientId ? store.clients.get(clientId) : undefined;
    const target = q.post_logout_redirect_uri;
    if (target) {
      if (!client || !client.postLogoutRedirectUris.includes(target)) {
        return errorPage(
          reply,
          "The post_logout_redirect_uri is not in the client's Allowed Redirect After Logout URIs.",
        );
      }
      const qs =
        q.state !== undefined
          ? `${target.includes("?") ? "&" : "?"}state=${encodeURIComponent(q.state)}`
          : "";
      return reply.redirect(`${target}${qs}`, 302);
    }
    return reply
      .type("text/html; charset=utf-8")
      .send(
        `<!doctype html><html><head><meta charset="utf-8"><title>Signed out</title></head><body><h1>You are signed out</h1></body></html>`,
      );
  });

  /** Bearer check for the authorization server's own API. */
  async function authorize(request: FastifyRequest, reply: FastifyReply, scopes = AUTH_API_SCOPES) {
    const m = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? "");
    if (!m?.[1]) {
      sendUnauthorized(reply, "invalid_token", "A bearer token is required");
      return null;
    }
    const result = await tokens.verify(m[1], scopes);
    if (!result.ok) {
      sendUnauthorized(reply, result.error, result.description);
      return null;
    }
    request.corsClientId = result.client.clientId;
    return result;
  }

  app.get("/connect/userinfo", async (request, reply) => {
    const auth = await authorize(request, reply, ["openid"]);
    if (!auth) return reply;
    const { user } = auth;
    return { sub: user.id, name: user.name, email: user.email, preferred_username: user.username };
  });

  app.get("/api/app/company", async (request, reply) => {
    const auth = await authorize(request, reply);
    if (!auth) return reply;
    return store.demo.companies
      .filter((c) => auth.user.companyIds.includes(c.id))
      .map((c) => ({ id: c.id, name: c.name, isPersonal: c.isPersonal }));
  });

  registerClientRoutes(app, {
    store,
    tokens,
    clock: ctx.clock,
    authorize: (request, reply) => authorize(request, reply),
  });
}
