// The signed-in state of the add-in, one instance per runtime. The task pane and the custom
// functions share the runtime, so they see one sign-in: a sign-in in the pane is at once visible
// to =PLATFORM.BOQ(...), and a sign-out (or a refused token) ends both.
//
// What is kept where:
// - memory: access token, expiry, refresh token, id token, user, company; the client secret; the
//   password only when "keep me signed in" was chosen, and only until the runtime ends.
// - OfficeRuntime.storage (per user and machine, see storage.ts), only with "keep me signed in":
//   the refresh token, the client id and (password grant) the client secret. Never the password:
//   a stored password would outlive a password change and is the one secret the user reuses
//   elsewhere. Consequence: after a restart, renewal is by refresh token only; re-authentication
//   by password grant is possible only while the password is still in memory in this runtime.
// - never: the workbook (document settings, custom XML, cells) and logs.

import { ApiError, isApiError } from "../api/errors";
import { endSession, passwordGrant, refreshGrant } from "../api/auth";
import { HttpClient, type HttpDeps, type TokenProvider } from "../api/http";
import { createLogger, forgetSecret, registerSecret, type Logger } from "../api/logger";
import { createPlatformApi, listCompanies, type PlatformApi } from "../api/platform";
import type { Company, TokenResponse } from "../api/schemas";
import { decodeClaims } from "./jwt";
import { SettingsStore, type ServiceSettings, type SettingsErrors } from "./settings";
import type { KeyValueStore } from "./storage";

export const CREDENTIALS_KEY_PREFIX = "boq-bridge.signin.v1:";
/** Renew this long before the stated expiry, so a request does not leave with a dying token. */
export const EXPIRY_SKEW_MS = 30_000;

export type SignInMethod = "password" | "interactive";

export interface SessionUser {
  /** The `sub` claim. */
  id?: string;
  /** What the header shows: name, else user name, else e-mail. */
  displayName: string;
  email?: string;
}

export type SignedOutReason = "never" | "user" | "expired" | "revoked" | "restore-failed";

export interface SignedInState {
  status: "signed-in";
  method: SignInMethod;
  user: SessionUser;
  company: Company | null;
  companies: Company[];
  /** Epoch ms, or null when the server gave no lifetime. */
  expiresAt: number | null;
  keepSignedIn: boolean;
}

export interface SignedOutState {
  status: "signed-out";
  reason: SignedOutReason;
  /** A sentence for the user when the sign-out was not their choice. */
  message?: string;
}

export type SessionState = SignedInState | SignedOutState;
export type SessionListener = (state: SessionState) => void;

export interface PasswordSignInInput {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  keepSignedIn: boolean;
}

/** What the sign-in dialog hands back (messageParent), already validated by the caller. */
export interface InteractiveTokens {
  access_token: string;
  refresh_token?: string | null;
  id_token?: string | null;
  expires_in?: number | null;
}

export interface InteractiveSignInInput {
  clientId: string;
  tokens: InteractiveTokens;
  keepSignedIn: boolean;
}

interface StoredCredentials {
  v: 1;
  method: SignInMethod;
  clientId: string;
  clientSecret?: string;
  refreshToken: string;
  username?: string;
}

interface Credentials {
  method: SignInMethod;
  clientId: string;
  clientSecret?: string;
  username?: string;
  /** Only with keepSignedIn, only in memory. */
  password?: string;
  refreshToken?: string;
  idToken?: string;
  keepSignedIn: boolean;
}

export interface SessionDeps {
  store: KeyValueStore;
  settings?: SettingsStore;
  http?: HttpDeps;
  now?: () => number;
  logger?: Logger;
}

const SIGNED_OUT_NEVER: SignedOutState = { status: "signed-out", reason: "never" };

export class Session implements TokenProvider {
  readonly settings: SettingsStore;
  readonly http: HttpClient;
  readonly api: PlatformApi;
  private readonly store: KeyValueStore;
  private readonly now: () => number;
  private readonly log: Logger;
  private readonly listeners = new Set<SessionListener>();

  private state: SessionState = SIGNED_OUT_NEVER;
  private accessToken: string | null = null;
  private expiresAtMs: number | null = null;
  private savedUnderKey: string | null = null;
  private credentials: Credentials | null = null;
  private renewing: Promise<string> | null = null;
  private initialised: Promise<SessionState> | null = null;
  /** Why the last restore got no answer (offline); meaningful while a retry is pending (initialised null). */
  private restoreFailure: ApiError | null = null;
  /** After a sign-out the next interactive sign-in must ask for the password (prompt=login). */
  private signedOutByUser = false;
  /** Bumped by every sign-out: a renewal already on its way must not bring its tokens back. */
  private signOuts = 0;

  constructor(deps: SessionDeps) {
    this.store = deps.store;
    this.settings = deps.settings ?? new SettingsStore(deps.store);
    this.now = deps.now ?? Date.now;
    this.log = deps.logger ?? createLogger("session");
    this.http = new HttpClient(() => this.settings.urls(), this, {
      ...deps.http,
      now: deps.http?.now ?? this.now,
    });
    this.api = createPlatformApi(this.http);
  }

  // ---- observation --------------------------------------------------------------------------

  getState(): SessionState {
    return this.state;
  }

  isSignedIn(): boolean {
    return this.state.status === "signed-in";
  }

  /** The listener is called on every change (sign-in, sign-out, company switch); returns unsubscribe. */
  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Whether the next interactive sign-in should force the password prompt. */
  get mustPromptForLogin(): boolean {
    return this.signedOutByUser;
  }

  private setState(next: SessionState): void {
    this.state = next;
    for (const l of [...this.listeners]) {
      try {
        l(next);
      } catch (e) {
        this.log.error("a session listener failed", e);
      }
    }
  }

  // ---- start-up -----------------------------------------------------------------------------

  /** Loads settings and, when "keep me signed in" was chosen before, signs in again silently. */
  init(): Promise<SessionState> {
    // Shared by every caller, so no caller's AbortSignal: one cancelled cell must not cancel the
    // restore for everybody.
    this.initialised ??= this.restore();
    return this.initialised;
  }

  private credentialsKey(): string {
    return `${CREDENTIALS_KEY_PREFIX}${this.settings.urls().auth}`;
  }

  private async restore(): Promise<SessionState> {
    await this.settings.load();
    let stored: StoredCredentials | null = null;
    try {
      stored = parseStored(await this.store.getItem(this.credentialsKey()));
    } catch {
      stored = null;
    }
    if (!stored || this.isSignedIn()) return this.state;
    this.savedUnderKey = this.credentialsKey();
    registerSecret(stored.refreshToken);
    registerSecret(stored.clientSecret);
    const creds: Credentials = {
      method: stored.method,
      clientId: stored.clientId,
      clientSecret: stored.clientSecret,
      username: stored.username,
      refreshToken: stored.refreshToken,
      keepSignedIn: true,
    };
    // A restore retried by a request can overlap a sign-in or sign-out in the pane: theirs wins.
    const signOutsBefore = this.signOuts;
    const overtaken = () => this.isSignedIn() || this.signOuts !== signOutsBefore;
    try {
      const tokens = await refreshGrant(this.http, {
        clientId: stored.clientId,
        clientSecret: stored.clientSecret,
        refreshToken: stored.refreshToken,
      });
      if (overtaken()) return this.state;
      await this.establish(tokens, creds);
    } catch (e) {
      if (overtaken()) return this.state;
      if (isApiError(e) && (e.kind === "auth" || e.kind === "signed-out")) {
        await this.clearEverything({
          status: "signed-out",
          reason: "restore-failed",
          message: "Your saved sign-in is no longer valid. Sign in again.",
        });
      } else {
        // Offline at start-up: keep the saved sign-in and stay signed out for now; the next call
        // that needs a token (a custom function, the pane) tries the restore again, and until
        // then a request fails with this reason rather than "sign in again".
        this.initialised = null;
        this.restoreFailure = isApiError(e) ? e : null;
        this.log.warn("could not restore the saved sign-in", e);
      }
    }
    return this.state;
  }

  // ---- signing in ---------------------------------------------------------------------------

  async signInWithPassword(input: PasswordSignInInput, signal?: AbortSignal): Promise<SignedInState> {
    registerSecret(input.password);
    registerSecret(input.clientSecret);
    try {
      const tokens = await passwordGrant(
        this.http,
        {
          clientId: input.clientId.trim(),
          clientSecret: input.clientSecret,
          username: input.username.trim(),
          password: input.password,
        },
        signal,
      );
      const creds: Credentials = {
        method: "password",
        clientId: input.clientId.trim(),
        clientSecret: input.clientSecret,
        username: input.username.trim(),
        password: input.keepSignedIn ? input.password : undefined,
        keepSignedIn: input.keepSignedIn,
      };
      await this.settings.rememberFormDefaults(creds.clientId, creds.username ?? "").catch(() => undefined);
      return await this.establish(tokens, creds, signal);
    } finally {
      // The logger's list of values to blank must not be where a password outlives its use.
      if (!input.keepSignedIn) forgetSecret(input.password);
    }
  }

  async completeInteractiveSignIn(
    input: InteractiveSignInInput,
    signal?: AbortSignal,
  ): Promise<SignedInState> {
    const t = input.tokens;
    const tokens: TokenResponse = {
      access_token: t.access_token,
      token_type: "Bearer",
      expires_in: t.expires_in ?? undefined,
      refresh_token: t.refresh_token ?? undefined,
      id_token: t.id_token ?? undefined,
    };
    return this.establish(
      tokens,
      { method: "interactive", clientId: input.clientId, keepSignedIn: input.keepSignedIn },
      signal,
    );
  }

  /** Takes a fresh token response, reads the user and company, persists if asked, notifies. */
  private async establish(
    tokens: TokenResponse,
    creds: Credentials,
    signal?: AbortSignal,
  ): Promise<SignedInState> {
    this.adoptTokens(tokens, creds);
    const claims = decodeClaims(tokens.access_token);
    const user: SessionUser = {
      id: claims.sub ?? undefined,
      displayName:
        claims.name ?? claims.preferred_username ?? claims.email ?? creds.username ?? "Signed-in user",
      email: claims.email ?? undefined,
    };
    let companies: Company[] = [];
    try {
      companies = await listCompanies(this.http, signal);
    } catch (e) {
      // The sign-in itself worked; a refused company list must not leave a half state.
      if (isApiError(e) && e.kind === "signed-out") throw e;
      this.log.warn("could not read the company list", e);
    }
    const company =
      companies.find((c) => c.id === claims.company_id) ??
      companies.find((c) => !c.isPersonal) ??
      companies[0] ??
      null;
    const expiresAt = this.expiresAtMs;
    await this.persist();
    this.signedOutByUser = false;
    const state: SignedInState = {
      status: "signed-in",
      method: creds.method,
      user,
      company,
      companies,
      expiresAt,
      keepSignedIn: creds.keepSignedIn,
    };
    this.log.info(`signed in (${creds.method})`);
    this.setState(state);
    return state;
  }

  // Replaced tokens stay registered with the logger for the life of the runtime: a request still
  // in flight may log an error that quotes the old one.
  private adoptTokens(tokens: TokenResponse, creds: Credentials): void {
    registerSecret(tokens.access_token);
    registerSecret(tokens.refresh_token);
    registerSecret(tokens.id_token);
    this.accessToken = tokens.access_token;
    const exp = decodeClaims(tokens.access_token).exp ?? undefined;
    // The token's own exp is authoritative; expires_in (unit not stated: seconds) is the fallback.
    this.expiresAtMs =
      exp !== undefined ? exp * 1000 : tokens.expires_in ? this.now() + tokens.expires_in * 1000 : null;
    this.credentials = {
      ...creds,
      // A refresh response may omit the refresh token (no rotation): keep the one we have.
      refreshToken: tokens.refresh_token ?? creds.refreshToken,
      idToken: tokens.id_token ?? creds.idToken,
    };
  }

  private async persist(): Promise<void> {
    const c = this.credentials;
    const key = this.credentialsKey();
    if (!c || !c.keepSignedIn || !c.refreshToken) {
      await this.store.removeItem(key).catch(() => undefined);
      return;
    }
    const record: StoredCredentials = {
      v: 1,
      method: c.method,
      clientId: c.clientId,
      refreshToken: c.refreshToken,
      username: c.username,
    };
    if (c.method === "password" && c.clientSecret) record.clientSecret = c.clientSecret;
    try {
      await this.store.setItem(key, JSON.stringify(record));
      this.savedUnderKey = key;
    } catch (e) {
      this.log.warn("could not save the sign-in on this computer", e);
    }
  }

  // ---- TokenProvider ------------------------------------------------------------------------

  async getAccessToken(signal?: AbortSignal): Promise<string> {
    // Custom functions can run before the task pane was ever shown: restore a kept sign-in first.
    // (During the restore itself the token is set before any authorised call, so this never waits
    // on itself.)
    if (!this.accessToken) await this.init();
    const token = this.accessToken;
    if (!token) throw (this.initialised === null && this.restoreFailure) || signedOutError();
    if (this.expiresAtMs !== null && this.now() >= this.expiresAtMs - EXPIRY_SKEW_MS) {
      return this.renew(token, signal);
    }
    return token;
  }

  renewAfterUnauthorized(refusedToken: string, signal?: AbortSignal): Promise<string> {
    return this.renew(refusedToken, signal);
  }

  async signOutAfterRefusal(): Promise<void> {
    await this.clearEverything({
      status: "signed-out",
      reason: "revoked",
      message: "The platform no longer accepts your sign-in. Sign in again.",
    });
  }

  /** One renewal at a time: concurrent requests that all got 401 share it. */
  private renew(refusedToken: string, signal?: AbortSignal): Promise<string> {
    if (this.accessToken && this.accessToken !== refusedToken) return Promise.resolve(this.accessToken);
    // Shared by every waiting request, so no single caller's AbortSignal may cancel it.
    this.renewing ??= this.doRenew().finally(() => {
      this.renewing = null;
    });
    return untilAborted(this.renewing, signal);
  }

  private async doRenew(): Promise<string> {
    const c = this.credentials;
    if (!c) throw signedOutError();
    const signOutsBefore = this.signOuts;
    try {
      let tokens: TokenResponse | null = null;
      if (c.refreshToken) {
        try {
          tokens = await refreshGrant(this.http, {
            clientId: c.clientId,
            clientSecret: c.clientSecret,
            refreshToken: c.refreshToken,
          });
        } catch (e) {
          // A refused refresh token can still be replaced by the password while it is in memory.
          if (!(isApiError(e) && e.kind === "auth" && c.password)) throw e;
        }
      }
      if (!tokens && c.password && c.clientSecret && c.username) {
        tokens = await passwordGrant(this.http, {
          clientId: c.clientId,
          clientSecret: c.clientSecret,
          username: c.username,
          password: c.password,
        });
      }
      if (!tokens)
        throw new ApiError({ kind: "auth", endpoint: "the sign-in renewal", code: "no_refresh_token" });
      // Signed out while the server answered: keeping these tokens (or saving the new refresh
      // token) would undo the sign-out behind the user's back.
      if (this.signOuts !== signOutsBefore) throw signedOutError();
      this.adoptTokens(tokens, c);
      await this.persist();
      if (this.state.status === "signed-in") {
        this.setState({ ...this.state, expiresAt: this.expiresAtMs });
      }
      this.log.info("sign-in renewed");
      return tokens.access_token;
    } catch (e) {
      if (this.signOuts !== signOutsBefore) throw signedOutError();
      if (isApiError(e) && (e.kind === "auth" || e.kind === "signed-out")) {
        await this.clearEverything({
          status: "signed-out",
          reason: "expired",
          message: "Your sign-in has ended and could not be renewed. Sign in again.",
        });
        throw signedOutError(e.platformMessage);
      }
      // Network trouble while renewing: keep the session, report the failure as it is.
      throw e;
    }
  }

  // ---- settings -----------------------------------------------------------------------------

  /**
   * Saves new service settings. A sign-in belongs to one authorization server: when its address
   * changes, the current sign-in ends (its tokens would be sent to the wrong server otherwise).
   */
  async saveSettings(next: ServiceSettings): Promise<SettingsErrors> {
    const before = this.settings.urls().auth;
    const errors = await this.settings.save(next);
    if (Object.keys(errors).length === 0 && this.settings.urls().auth !== before && this.isSignedIn()) {
      await this.clearEverything({
        status: "signed-out",
        reason: "user",
        message: "The service addresses changed. Sign in to the new server.",
      });
    }
    return errors;
  }

  // ---- company ------------------------------------------------------------------------------

  selectCompany(companyId: string): void {
    if (this.state.status !== "signed-in") return;
    const company = this.state.companies.find((c) => c.id === companyId);
    if (company) this.setState({ ...this.state, company });
  }

  // ---- signing out --------------------------------------------------------------------------

  /** Clears memory and saved credentials at once, then tells the server (best effort, not awaited by the UI). */
  async signOut(signal?: AbortSignal): Promise<void> {
    const c = this.credentials;
    this.signedOutByUser = true;
    await this.clearEverything({ status: "signed-out", reason: "user" });
    if (c) {
      await endSession(
        this.http,
        {
          clientId: c.clientId,
          clientSecret: c.clientSecret,
          refreshToken: c.refreshToken,
          idToken: c.idToken,
        },
        signal,
      );
    }
  }

  private async clearEverything(next: SignedOutState): Promise<void> {
    this.signOuts++;
    forgetSecret(this.credentials?.password);
    this.accessToken = null;
    this.expiresAtMs = null;
    this.credentials = null;
    // The key of the server the sign-in was saved for, even if the settings changed since.
    for (const key of new Set([this.credentialsKey(), this.savedUnderKey])) {
      if (key) await this.store.removeItem(key).catch(() => undefined);
    }
    this.savedUnderKey = null;
    this.log.info(`signed out (${next.reason})`);
    this.setState(next);
  }
}

/** The promise, or an "aborted" ApiError as soon as the caller's signal fires (the work goes on). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  const aborted = () =>
    new ApiError({ kind: "aborted", endpoint: "the sign-in renewal", cause: signal.reason });
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

function signedOutError(platformMessage?: string): ApiError {
  return new ApiError({ kind: "signed-out", endpoint: "the platform", platformMessage });
}

function parseStored(raw: string | null): StoredCredentials | null {
  if (!raw) return null;
  let d: unknown;
  try {
    d = JSON.parse(raw);
  } catch {
    return null;
  }
  if (d === null || typeof d !== "object") return null;
  const r = d as Record<string, unknown>;
  if (r.v !== 1 || (r.method !== "password" && r.method !== "interactive")) return null;
  if (typeof r.clientId !== "string" || typeof r.refreshToken !== "string") return null;
  return {
    v: 1,
    method: r.method,
    clientId: r.clientId,
    refreshToken: r.refreshToken,
    clientSecret: typeof r.clientSecret === "string" ? r.clientSecret : undefined,
    username: typeof r.username === "string" ? r.username : undefined,
  };
}
