import { createHash } from "node:crypto";
import {
  decodeJwt,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from "jose";
import { systemClock, type Clock } from "./clock";
import type { ApiClient, User } from "./model";
import type { Store } from "./store";
import { newSecret, newUuid, sha256 } from "./util";

const SIGNING_ALG = "RS256";
/**
 * Refresh tokens outlive access tokens (at least 30 days, whatever the access token lifetime), so
 * a test with one-second access tokens can still renew them.
 */
const MIN_REFRESH_LIFETIME_SECONDS = 30 * 86_400;

export interface AccessClaims extends JWTPayload {
  sub: string;
  name: string;
  email: string;
  preferred_username: string;
  company_id: string;
  client_id: string;
  scope: string;
  jti: string;
}

export type VerifyResult =
  | { ok: true; claims: AccessClaims; user: User; client: ApiClient }
  | {
      ok: false;
      error: "invalid_token" | "insufficient_scope";
      description: string;
      clientId: string | null;
    };

interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

export class Tokens {
  private constructor(
    private readonly store: Store,
    private readonly keys: SigningKeys,
    public issuer: string,
    readonly lifetimeSeconds: number,
    private readonly clock: Clock,
  ) {}

  /** Loads the signing key from the data directory, or makes one (and saves it when there is a directory). */
  static async create(
    store: Store,
    issuer: string,
    lifetimeSeconds: number,
    clock: Clock = systemClock,
  ): Promise<Tokens> {
    const saved = store.readKey() as { privateJwk: JWK; publicJwk: JWK } | undefined;
    let privateJwk: JWK;
    let publicJwk: JWK;
    if (saved?.privateJwk && saved.publicJwk) {
      privateJwk = saved.privateJwk;
      publicJwk = saved.publicJwk;
    } else {
      const pair = await generateKeyPair(SIGNING_ALG, { extractable: true });
      privateJwk = await exportJWK(pair.privateKey);
      publicJwk = await exportJWK(pair.publicKey);
      store.writeKey({ privateJwk, publicJwk });
    }
    const kid = createHash("sha256")
      .update(publicJwk.n ?? "")
      .digest("base64url")
      .slice(0, 16);
    const keys: SigningKeys = {
      kid,
      privateKey: (await importJWK(privateJwk, SIGNING_ALG)) as CryptoKey,
      publicKey: (await importJWK(publicJwk, SIGNING_ALG)) as CryptoKey,
      publicJwk: { ...publicJwk, kid, alg: SIGNING_ALG, use: "sig" },
    };
    return new Tokens(store, keys, issuer, lifetimeSeconds, clock);
  }

  jwks(): { keys: JWK[] } {
    return { keys: [this.keys.publicJwk] };
  }

  /** company_id: the client's company when the user belongs to it, else the user's first company. */
  companyFor(user: User, client: ApiClient): string {
    return user.companyIds.includes(client.companyId) ? client.companyId : (user.companyIds[0] ?? "");
  }

  /**
   * `openIdFlow` is false for the password grant: it is plain OAuth, and the platform's shown
   * response to it has no id_token (docs/interface.md 5), as IdentityServer answers that grant.
   * A refresh keeps the kind of flow its refresh token came from.
   */
  async issue(
    user: User,
    client: ApiClient,
    scope: string[],
    options: { nonce?: string; openIdFlow: boolean },
  ): Promise<{
    access_token: string;
    expires_in: number;
    token_type: "Bearer";
    scope: string;
    refresh_token?: string;
    id_token?: string;
  }> {
    const now = Math.floor(this.clock.now() / 1000);
    const exp = now + this.lifetimeSeconds;
    const jti = newUuid();
    const companyId = this.companyFor(user, client);
    const access = await new SignJWT({
      name: user.name,
      email: user.email,
      preferred_username: user.username,
      company_id: companyId,
      client_id: client.clientId,
      scope: scope.join(" "),
      jti,
    })
      .setProtectedHeader({ alg: SIGNING_ALG, kid: this.keys.kid, typ: "at+jwt" })
      .setIssuer(this.issuer)
      .setSubject(user.id)
      .setAudience(["IdentityServerApi", "Platform.Server", "Platform.Value.Server"])
      .setIssuedAt(now)
      .setNotBefore(now)
      .setExpirationTime(exp)
      .sign(this.keys.privateKey);
    this.store.issued.set(jti, { jti, clientId: client.clientId, userId: user.id, exp });
    this.store.markDirty("tokens");
    const response: {
      access_token: string;
      expires_in: number;
      token_type: "Bearer";
      scope: string;
      refresh_token?: string;
      id_token?: string;
    } = {
      access_token: access,
      expires_in: this.lifetimeSeconds,
      token_type: "Bearer",
      scope: scope.join(" "),
    };
    if (scope.includes("offline_access")) {
      const refresh = newSecret();
      this.store.refreshTokens.set(sha256(refresh), {
        token: sha256(refresh),
        clientId: client.clientId,
        userId: user.id,
        scope,
        companyId,
        expiresAt: now + Math.max(this.lifetimeSeconds * 2, MIN_REFRESH_LIFETIME_SECONDS),
        openIdFlow: options.openIdFlow,
      });
      response.refresh_token = refresh;
    }
    if (options.openIdFlow && scope.includes("openid")) {
      response.id_token = await new SignJWT({
        name: user.name,
        email: user.email,
        preferred_username: user.username,
        company_id: companyId,
        auth_time: now,
        ...(options.nonce ? { nonce: options.nonce } : {}),
      })
        .setProtectedHeader({ alg: SIGNING_ALG, kid: this.keys.kid, typ: "JWT" })
        .setIssuer(this.issuer)
        .setSubject(user.id)
        .setAudience(client.clientId)
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .sign(this.keys.privateKey);
    }
    return response;
  }

  /** Consumes a refresh token (they rotate); null when unknown or expired. */
  takeRefreshToken(
    token: string,
  ): { clientId: string; userId: string; scope: string[]; openIdFlow: boolean } | null {
    const key = sha256(token);
    const rec = this.store.refreshTokens.get(key);
    if (!rec) return null;
    this.store.refreshTokens.delete(key);
    this.store.markDirty("tokens");
    if (rec.expiresAt < this.clock.now() / 1000) return null;
    // Records saved before the flow was noted came with an id_token; they keep doing so.
    return { ...rec, openIdFlow: rec.openIdFlow ?? true };
  }

  /** Verifies signature, issuer and expiry, then that the client is active and the token not revoked. */
  async verify(token: string, acceptedScopes: readonly string[]): Promise<VerifyResult> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.keys.publicKey, {
        issuer: this.issuer,
        algorithms: [SIGNING_ALG],
        currentDate: new Date(this.clock.now()),
      }));
    } catch (e) {
      const expired = e instanceof Error && "code" in e && e.code === "ERR_JWT_EXPIRED";
      return {
        ok: false,
        error: "invalid_token",
        description: expired ? "The access token expired" : "The access token is invalid",
        clientId: null,
      };
    }
    const claims = payload as AccessClaims;
    const client = this.store.clients.get(claims.client_id);
    const user = this.store.demo.users.find((u) => u.id === claims.sub);
    if (!client || !user) {
      return {
        ok: false,
        error: "invalid_token",
        description: "The access token's client no longer exists",
        clientId: null,
      };
    }
    if (!client.isActive) {
      return {
        ok: false,
        error: "invalid_token",
        description: "The API client is deactivated",
        clientId: client.clientId,
      };
    }
    if (this.store.revokedJtis.has(claims.jti)) {
      return {
        ok: false,
        error: "invalid_token",
        description: "The access token was revoked",
        clientId: client.clientId,
      };
    }
    const scopes = (claims.scope ?? "").split(" ");
    if (!acceptedScopes.some((s) => scopes.includes(s))) {
      return {
        ok: false,
        error: "insufficient_scope",
        description: `The access token needs the scope ${acceptedScopes.join(" or ")}`,
        clientId: client.clientId,
      };
    }
    return { ok: true, claims, user, client };
  }

  /** Verifies an id_token_hint for end-session: the audience names the client. */
  async clientOfIdToken(idToken: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(idToken, this.keys.publicKey, {
        issuer: this.issuer,
        algorithms: [SIGNING_ALG],
        currentDate: new Date(this.clock.now()),
        clockTolerance: Number.MAX_SAFE_INTEGER,
      });
      return typeof payload.aud === "string" ? payload.aud : (payload.aud?.[0] ?? null);
    } catch {
      return null;
    }
  }

  /** Revokes matching access and refresh tokens; returns how many access tokens were revoked. */
  revoke(filter: { clientId?: string; userId?: string; token?: string; all?: boolean }): number {
    let count = 0;
    if (filter.token) {
      if (this.store.refreshTokens.delete(sha256(filter.token))) count++;
      try {
        const { jti } = decodeJwt(filter.token);
        if (typeof jti === "string" && this.store.issued.has(jti) && !this.store.revokedJtis.has(jti)) {
          this.store.revokedJtis.add(jti);
          count++;
        }
      } catch {
        // Not a JWT: it was a refresh token or garbage; both are fine for revocation.
      }
    }
    if (filter.clientId || filter.userId || filter.all) {
      const hit = (rec: { clientId: string; userId: string }) =>
        filter.all === true ||
        ((!filter.clientId || rec.clientId === filter.clientId) &&
          (!filter.userId || rec.userId === filter.userId));
      for (const t of this.store.issued.values()) {
        if (hit(t) && !this.store.revokedJtis.has(t.jti)) {
          this.store.revokedJtis.add(t.jti);
          count++;
        }
      }
      for (const [key, r] of this.store.refreshTokens) if (hit(r)) this.store.refreshTokens.delete(key);
    }
    this.store.markDirty("tokens");
    return count;
  }
}
