// The access token of the current sign-in and its renewal: the HTTP layer's TokenProvider. It
// holds the token, its expiry and the credentials that can renew it; it renews before a request
// when the token is about to expire, and once after a 401; one renewal at a time, shared by every
// waiting request. What a renewal means for the rest of the session (saving the new refresh token,
// telling the pane, signing out when refused) is the session's, through RenewalHooks.

import { ApiError, isApiError, requestName, type ApiEndpoint } from "../api/errors";
import type { PasswordGrantInput, RefreshGrantInput } from "../api/auth";
import type { TokenProvider } from "../api/http";
import type { TokenResponse } from "../api/schemas";
import { forgetSecret, registerSecret, type Logger } from "../log/logger";
import type { Credentials } from "./credentials";
import { decodeClaims } from "./jwt";

/**
 * Renew this long before the stated expiry, so a request does not leave with a dying token; at
 * most EXPIRY_SKEW_MS, and a tenth of the token's lifetime for short-lived tokens (a token living
 * 5 s is renewed half a second before its end, not before every request).
 */
export const EXPIRY_SKEW_MS = 30_000;
export const EXPIRY_SKEW_SHARE = 0.1;

/** The margin for a token that lives `lifetimeMs` (unknown lifetime: the full margin). */
export function renewalMargin(lifetimeMs: number | null): number {
  if (lifetimeMs === null || lifetimeMs <= 0) return EXPIRY_SKEW_MS;
  return Math.min(EXPIRY_SKEW_MS, lifetimeMs * EXPIRY_SKEW_SHARE);
}

/**
 * After the server refused our refresh token (invalid_grant), the pauses before each look at the
 * saved sign-in for the token another runtime (another workbook) got with it: both may have used
 * the same kept token at the same moment, and the other's answer and save may still be on their
 * way. About 3 s in all, then the refusal stands.
 */
export const OTHER_RUNTIME_LOOKS_MS: readonly number[] = [0, 100, 200, 400, 800, 1_500];

export type Wait = (ms: number) => Promise<void>;

const realWait: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The token endpoint's two grants the renewal may use. */
export interface Grants {
  refresh(input: RefreshGrantInput, signal?: AbortSignal): Promise<TokenResponse>;
  password(input: PasswordGrantInput, signal?: AbortSignal): Promise<TokenResponse>;
}

/** What the session does around a renewal. */
export interface RenewalHooks {
  /** Restores a kept sign-in (once per runtime, retried after an offline start). */
  restore(): Promise<unknown>;
  /**
   * The refresh token saved on this computer now, if another runtime (another workbook) wrote a
   * different one than `mine`: the shared storage may hold a newer token than this runtime has.
   */
  newerSavedRefreshToken(mine: string): Promise<string | null>;
  /**
   * Whether the sign-in saved on this computer holds `mine`: shared with another runtime, which
   * may have used it a moment ago. Not shared: a refusal is final at once.
   */
  sharesSavedRefreshToken(mine: string): Promise<boolean>;
  /** Why the last restore got no answer (offline), while a retry is pending. */
  restoreFailure(): ApiError | null;
  /** New tokens were adopted: save the new refresh token, publish the new expiry. */
  renewed(): Promise<void>;
  /** The server refused the renewal (or the replayed request): sign out; `during` names what the user was doing. */
  refused(reason: "expired" | "revoked", during?: ApiEndpoint): Promise<void>;
}

export class TokenKeeper implements TokenProvider {
  private accessToken: string | null = null;
  private expiresAtMs: number | null = null;
  private lifetimeMs: number | null = null;
  private credentials: Credentials | null = null;
  private renewing: Promise<string> | null = null;
  /** Bumped by every clear(): a renewal already on its way must not bring its tokens back. */
  private generation = 0;
  private hooks: RenewalHooks | null = null;

  constructor(
    private readonly grants: Grants,
    private readonly now: () => number,
    private readonly log: Logger,
    private readonly wait: Wait = realWait,
  ) {}

  /** The session connects itself once, after construction (the HTTP client needs the keeper first). */
  connect(hooks: RenewalHooks): void {
    this.hooks = hooks;
  }

  private get session(): RenewalHooks {
    if (!this.hooks) throw new Error("TokenKeeper used before the session connected to it");
    return this.hooks;
  }

  get current(): Credentials | null {
    return this.credentials;
  }

  /** The company_id claim of the current access token. */
  get companyClaim(): string | undefined {
    return this.accessToken ? (decodeClaims(this.accessToken).company_id ?? undefined) : undefined;
  }

  get expiresAt(): number | null {
    return this.expiresAtMs;
  }

  /** A number that changes with every clear(): compare before and after an await. */
  get epoch(): number {
    return this.generation;
  }

  // Replaced tokens stay registered with the logger (bounded, see src/log): a request still in
  // flight may log an error that quotes the old one.
  adopt(tokens: TokenResponse, creds: Credentials): void {
    registerSecret(tokens.access_token);
    registerSecret(tokens.refresh_token);
    registerSecret(tokens.id_token);
    this.accessToken = tokens.access_token;
    const exp = decodeClaims(tokens.access_token).exp ?? undefined;
    // The token's own exp is authoritative; expires_in (unit not stated: seconds) is the fallback.
    const now = this.now();
    this.expiresAtMs =
      exp !== undefined ? exp * 1000 : tokens.expires_in ? now + tokens.expires_in * 1000 : null;
    this.lifetimeMs =
      tokens.expires_in && tokens.expires_in > 0
        ? tokens.expires_in * 1000
        : this.expiresAtMs === null
          ? null
          : this.expiresAtMs - now;
    this.credentials = {
      ...creds,
      // A refresh response may omit the refresh token (no rotation): keep the one we have.
      refreshToken: tokens.refresh_token ?? creds.refreshToken,
      idToken: tokens.id_token ?? creds.idToken,
    };
  }

  /** Forgets the tokens and credentials; a renewal on its way is disowned. */
  clear(): void {
    this.generation++;
    forgetSecret(this.credentials?.password);
    this.accessToken = null;
    this.expiresAtMs = null;
    this.lifetimeMs = null;
    this.credentials = null;
  }

  // ---- TokenProvider ------------------------------------------------------------------------

  async getAccessToken(signal?: AbortSignal, endpoint?: ApiEndpoint): Promise<string> {
    // Custom functions can run before the task pane was ever shown: restore a kept sign-in first.
    // (During the restore itself the token is set before any authorised call, so this never waits
    // on itself.)
    if (!this.accessToken) await this.session.restore();
    const token = this.accessToken;
    if (!token) throw this.session.restoreFailure() ?? signedOutError();
    if (this.expiresAtMs !== null && this.now() >= this.expiresAtMs - renewalMargin(this.lifetimeMs)) {
      return this.renew(token, signal, endpoint);
    }
    return token;
  }

  renewAfterUnauthorized(
    refusedToken: string,
    signal?: AbortSignal,
    endpoint?: ApiEndpoint,
  ): Promise<string> {
    return this.renew(refusedToken, signal, endpoint);
  }

  async signOutAfterRefusal(): Promise<void> {
    await this.session.refused("revoked");
  }

  /** One renewal at a time: concurrent requests that all got 401 share it. */
  private renew(refusedToken: string, signal?: AbortSignal, endpoint?: ApiEndpoint): Promise<string> {
    // Another caller renewed since this token was handed out: use the new one.
    if (this.accessToken && this.accessToken !== refusedToken) return Promise.resolve(this.accessToken);
    // Shared by every waiting request, so no single caller's AbortSignal may cancel it.
    this.renewing ??= this.doRenew(endpoint).finally(() => {
      this.renewing = null;
    });
    return untilAborted(this.renewing, signal).catch((e: unknown) => {
      throw explainRenewalFailure(e, endpoint);
    });
  }

  /**
   * The refresh grant with this refresh token; on invalid_grant, once more with the one another
   * runtime saved (two workbooks share the saved sign-in, and refresh tokens are single-use),
   * looked for a few times: the other runtime may have used the same token a moment ago and still
   * be saving the new one.
   */
  async refreshWithSaved(c: Credentials & { refreshToken: string }): Promise<TokenResponse> {
    const grant = (refreshToken: string) =>
      this.grants.refresh({ clientId: c.clientId, clientSecret: c.clientSecret, refreshToken });
    try {
      return await grant(c.refreshToken);
    } catch (e) {
      if (!(isApiError(e) && e.kind === "auth" && e.code === "invalid_grant")) throw e;
      const newer = await this.savedByAnotherRuntime(c.refreshToken);
      if (!newer) throw e;
      registerSecret(newer);
      this.log.info("the saved sign-in was renewed by another workbook; using its refresh token");
      return grant(newer);
    }
  }

  private async savedByAnotherRuntime(mine: string): Promise<string | null> {
    for (const pause of OTHER_RUNTIME_LOOKS_MS) {
      if (pause > 0) await this.wait(pause);
      const newer = await this.session.newerSavedRefreshToken(mine);
      if (newer) return newer;
      // Nothing saved, or another token that is not newer: no runtime is about to save one.
      if (!(await this.session.sharesSavedRefreshToken(mine))) return null;
    }
    return null;
  }

  private async doRenew(during?: ApiEndpoint): Promise<string> {
    const c = this.credentials;
    if (!c) throw signedOutError();
    const epochBefore = this.generation;
    try {
      let tokens: TokenResponse | null = null;
      if (c.refreshToken) {
        try {
          tokens = await this.refreshWithSaved({ ...c, refreshToken: c.refreshToken });
        } catch (e) {
          // A refused refresh token can still be replaced by the password while it is in memory.
          if (!(isApiError(e) && e.kind === "auth" && c.password)) throw e;
        }
      }
      if (!tokens && c.password && c.clientSecret && c.username) {
        tokens = await this.grants.password({
          clientId: c.clientId,
          clientSecret: c.clientSecret,
          username: c.username,
          password: c.password,
        });
      }
      if (!tokens) throw new ApiError({ kind: "auth", endpoint: "renewal", code: "no_refresh_token" });
      // Signed out while the server answered: keeping these tokens (or saving the new refresh
      // token) would undo the sign-out behind the user's back.
      if (this.generation !== epochBefore) throw signedOutError();
      this.adopt(tokens, c);
      await this.session.renewed();
      this.log.info("sign-in renewed");
      return tokens.access_token;
    } catch (e) {
      if (this.generation !== epochBefore) throw signedOutError();
      if (isApiError(e) && (e.kind === "auth" || e.kind === "signed-out")) {
        await this.session.refused("expired", during);
        throw signedOutError(e.platformMessage);
      }
      // Network trouble while renewing: keep the session, report the failure as it is.
      throw e;
    }
  }
}

/** The promise, or an "aborted" ApiError as soon as the caller's signal fires (the work goes on). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  const aborted = () => new ApiError({ kind: "aborted", endpoint: "renewal", cause: signal.reason });
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener("abort", onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(e);
      },
    );
  });
}

/**
 * A renewal that got no answer, told from the request the user made: "while loading the company
 * list, the sign-in server did not answer", not "the token endpoint failed".
 */
function explainRenewalFailure(e: unknown, endpoint: ApiEndpoint | undefined): unknown {
  if (!endpoint || !isApiError(e)) return e;
  const unanswered =
    e.kind === "network" || e.kind === "timeout" || (e.kind === "http" && (e.status ?? 0) >= 500);
  if (!unanswered) return e;
  return new ApiError({
    kind: e.kind,
    endpoint,
    status: e.status,
    said: { key: "session.renewalUnreachableWhile", values: { what: requestName(endpoint) } },
    cause: e,
  });
}

export function signedOutError(platformMessage?: string): ApiError {
  return new ApiError({ kind: "signed-out", endpoint: "platform", platformMessage });
}
