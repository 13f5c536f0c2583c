// The sign-in of the add-in, one instance per runtime (built in index.ts). The task pane and the
// custom functions share the runtime, so they see one sign-in: a sign-in in the pane is at once
// visible to =PLATFORM.BOQ(...), and a sign-out (or a refused token) ends both.
//
// This class runs the sign-in flows (password, interactive, restore at start-up, sign-out) and
// coordinates the parts that each have one job:
// - state.ts: the observable state the pane and the functions see;
// - credentials.ts: what "keep me signed in" keeps on this computer (never the password);
// - renewal.ts: the access token and its renewal (the HTTP layer's TokenProvider);
// - settings.ts: the service addresses; companies.ts: the company list and the chosen company.
//
// What is kept where: memory holds the access token, expiry, refresh token, id token, user,
// company, the client secret, and the password only when "keep me signed in" was chosen (until
// the runtime ends). On this computer, with "keep me signed in": only what the refresh grant
// needs (credentials.ts). After a restart, renewal is by refresh token only.

import { ApiError, isApiError, requestName, type ApiEndpoint } from "../api/errors";
import { endSession, type EndSessionInput } from "../api/auth";
import type { HttpClient } from "../api/http";
import type { PlatformApi } from "../api/platform";
import type { Company, TokenResponse } from "../api/schemas";
import type { Said } from "../i18n";
import { forgetSecret, registerSecret, type Logger } from "../log/logger";
import { chooseCompany } from "./companies";
import { credentialsFromStored, type CredentialStore, type Credentials } from "./credentials";
import { decodeClaims } from "./jwt";
import type { Grants, TokenKeeper } from "./renewal";
import type { ServiceSettings, SettingsErrors, SettingsStore } from "./settings";
import {
  SessionStateStore,
  type SessionListener,
  type SessionState,
  type SessionUser,
  type SignedInState,
  type SignedOutState,
} from "./state";

export type {
  SessionListener,
  SessionState,
  SessionUser,
  SignedInState,
  SignedOutReason,
  SignedOutState,
  SignInMethod,
} from "./state";
export { CREDENTIALS_KEY_PREFIX } from "./credentials";
export { EXPIRY_SKEW_MS } from "./renewal";

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

/** The parts a session coordinates, built and wired by createSession (index.ts). */
export interface SessionParts {
  settings: SettingsStore;
  http: HttpClient;
  api: PlatformApi;
  tokens: TokenKeeper;
  grants: Grants;
  credentials: CredentialStore;
  state: SessionStateStore;
  log: Logger;
  /** Whether kept sign-ins outlive the runtime (false: the host has no OfficeRuntime.storage). */
  keepsSignIn: boolean;
}

export class Session {
  /** Whether "keep me signed in" can work in this host (see storage.ts). */
  readonly keepsSignIn: boolean;
  readonly settings: SettingsStore;
  readonly http: HttpClient;
  readonly api: PlatformApi;
  private readonly tokens: TokenKeeper;
  private readonly grants: Grants;
  private readonly saved: CredentialStore;
  private readonly state: SessionStateStore;
  private readonly log: Logger;

  private initialised: Promise<SessionState> | null = null;
  /** Why the last restore got no answer (offline); meaningful while a retry is pending (initialised null). */
  private restoreFailure: ApiError | null = null;
  /** After a sign-out the next interactive sign-in must ask for the password (prompt=login). */
  private signedOutByUser = false;

  constructor(parts: SessionParts) {
    this.settings = parts.settings;
    this.http = parts.http;
    this.api = parts.api;
    this.tokens = parts.tokens;
    this.grants = parts.grants;
    this.saved = parts.credentials;
    this.state = parts.state;
    this.log = parts.log;
    this.keepsSignIn = parts.keepsSignIn;
    this.tokens.connect({
      restore: () => this.init(),
      restoreFailure: () => (this.initialised === null ? this.restoreFailure : null),
      newerSavedRefreshToken: (mine) => this.saved.newerThan(mine),
      sharesSavedRefreshToken: (mine) => this.saved.holds(mine),
      renewed: () => this.afterRenewal(),
      refused: (reason, during) => this.clearEverything(refusal(reason, during), { onlyMine: true }),
    });
  }

  // ---- observation --------------------------------------------------------------------------

  getState(): SessionState {
    return this.state.get();
  }

  isSignedIn(): boolean {
    return this.state.isSignedIn();
  }

  /** The listener is called on every change (sign-in, sign-out, company switch); returns unsubscribe. */
  subscribe(listener: SessionListener): () => void {
    return this.state.subscribe(listener);
  }

  /** Whether the next interactive sign-in should force the password prompt. */
  get mustPromptForLogin(): boolean {
    return this.signedOutByUser;
  }

  // ---- start-up -----------------------------------------------------------------------------

  /** Loads settings and, when "keep me signed in" was chosen before, signs in again silently. */
  init(): Promise<SessionState> {
    // Shared by every caller, so no caller's AbortSignal: one cancelled cell must not cancel the
    // restore for everybody.
    this.initialised ??= this.restore();
    return this.initialised;
  }

  private async restore(): Promise<SessionState> {
    await this.settings.load();
    const stored = await this.saved.read();
    if (!stored || this.isSignedIn()) return this.getState();
    registerSecret(stored.refreshToken);
    registerSecret(stored.clientSecret);
    const creds = credentialsFromStored(stored);
    // A restore retried by a request can overlap a sign-in or sign-out in the pane: theirs wins.
    const epochBefore = this.tokens.epoch;
    const overtaken = () => this.isSignedIn() || this.tokens.epoch !== epochBefore;
    try {
      const tokens = await this.tokens.refreshWithSaved({ ...creds, refreshToken: stored.refreshToken });
      if (overtaken()) return this.getState();
      await this.establish(tokens, creds);
    } catch (e) {
      if (overtaken()) return this.getState();
      if (isApiError(e) && (e.kind === "auth" || e.kind === "signed-out")) {
        await this.clearEverything(
          { status: "signed-out", reason: "restore-failed", said: { key: "session.savedSignInInvalid" } },
          { onlyMine: true },
        );
      } else {
        // Offline at start-up: keep the saved sign-in and stay signed out for now; the next call
        // that needs a token (a custom function, the pane) tries the restore again, and until
        // then a request fails with this reason rather than "sign in again".
        this.initialised = null;
        this.restoreFailure = isApiError(e) ? e : null;
        this.log.warn("could not restore the saved sign-in", e);
      }
    }
    return this.getState();
  }

  // ---- signing in ---------------------------------------------------------------------------

  async signInWithPassword(input: PasswordSignInInput, signal?: AbortSignal): Promise<SignedInState> {
    registerSecret(input.password);
    registerSecret(input.clientSecret);
    const keep = input.keepSignedIn && this.keepsSignIn;
    try {
      const tokens = await this.grants
        .password(
          {
            clientId: input.clientId.trim(),
            clientSecret: input.clientSecret,
            username: input.username.trim(),
            password: input.password,
          },
          signal,
        )
        .catch((e: unknown) => {
          throw plainSignInError(e);
        });
      const creds: Credentials = {
        method: "password",
        clientId: input.clientId.trim(),
        clientSecret: input.clientSecret,
        username: input.username.trim(),
        password: keep ? input.password : undefined,
        keepSignedIn: keep,
      };
      await this.settings.rememberFormDefaults(creds.clientId, creds.username ?? "").catch(() => undefined);
      return await this.establish(tokens, creds, signal);
    } finally {
      // The logger's list of values to blank must not be where a password outlives its use.
      if (!keep) forgetSecret(input.password);
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
      {
        method: "interactive",
        clientId: input.clientId,
        keepSignedIn: input.keepSignedIn && this.keepsSignIn,
      },
      signal,
    );
  }

  /** Takes a fresh token response, reads the user and company, persists if asked, notifies. */
  private async establish(
    tokens: TokenResponse,
    creds: Credentials,
    signal?: AbortSignal,
  ): Promise<SignedInState> {
    this.tokens.adopt(tokens, creds);
    // Saved before anything else is asked: another runtime restoring the same kept sign-in may
    // have had its refresh token used up by this grant, and looks for the new one now.
    const kept = await this.saveCredentials();
    const claims = decodeClaims(tokens.access_token);
    const user: SessionUser = {
      id: claims.sub ?? undefined,
      displayName:
        claims.name ?? claims.preferred_username ?? claims.email ?? creds.username ?? "Signed-in user",
      email: claims.email ?? undefined,
    };
    const list = await this.loadCompanies(signal);
    const companies = list ?? [];
    // Without the list, the token's company_id claim still names the company (an import needs
    // only its id); its name comes when the list is loaded again (ensureCompany, the pane).
    // The company chosen last time in the pane wins when this user still has it.
    const remembered = companies.find((c) => c.id === this.settings.get().lastCompanyId);
    const company =
      remembered ??
      chooseCompany(companies, claims.company_id) ??
      (list === null && claims.company_id ? { id: claims.company_id, name: "", isPersonal: false } : null);
    this.signedOutByUser = false;
    const state: SignedInState = {
      status: "signed-in",
      method: creds.method,
      user,
      company,
      companies,
      companiesFailed: list === null,
      expiresAt: this.tokens.expiresAt,
      keepSignedIn: creds.keepSignedIn,
      ...(kept ? {} : { keepFailed: true }),
    };
    this.log.info(`signed in (${creds.method})`);
    this.state.set(state);
    return state;
  }

  /** The company list, or null when it could not be loaded (a passing fault: 429, 503, offline). */
  private async loadCompanies(signal?: AbortSignal): Promise<Company[] | null> {
    try {
      return await this.api.listCompanies(signal);
    } catch (e) {
      // The sign-in itself worked; a refused company list must not leave a half state.
      if (isApiError(e) && e.kind === "signed-out") throw e;
      this.log.warn("could not read the company list", e);
      return null;
    }
  }

  /** False when "keep me signed in" was asked for and the storage refused it. */
  private async saveCredentials(): Promise<boolean> {
    const c = this.tokens.current;
    if (c) return this.saved.save(c);
    await this.saved.forget();
    return true;
  }

  private async afterRenewal(): Promise<void> {
    const kept = await this.saveCredentials();
    const expiresAt = this.tokens.expiresAt;
    this.state.update(({ keepFailed: _before, ...s }) => ({
      ...s,
      expiresAt,
      ...(kept ? {} : { keepFailed: true }),
    }));
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
        said: { key: "session.addressesChanged" },
      });
    }
    return errors;
  }

  /**
   * Loads the company list again (the pane's "load the companies again", and ensureCompany).
   * Keeps the chosen company when it is in the list. Throws the reason when it fails again.
   */
  async reloadCompanies(signal?: AbortSignal): Promise<void> {
    let companies: Company[];
    try {
      companies = await this.api.listCompanies(signal);
    } catch (e) {
      this.state.update((s) => ({ ...s, companiesFailed: true }));
      throw e;
    }
    this.state.update((s) => ({
      ...s,
      companies,
      companiesFailed: false,
      company: chooseCompany(companies, s.company?.id ?? this.tokens.companyClaim),
    }));
  }

  /**
   * The company to work in, with its name (a BOQ is addressed by it): loads the company list
   * first when the sign-in could not. Throws when signed out or when no company can be found.
   */
  async ensureCompany(signal?: AbortSignal): Promise<Company> {
    const before = this.getState();
    if (
      before.status === "signed-in" &&
      before.company &&
      before.company.name !== "" &&
      !before.companiesFailed
    ) {
      return before.company;
    }
    if (before.status === "signed-in") await this.reloadCompanies(signal);
    const after = this.getState();
    if (after.status !== "signed-in") throw new ApiError({ kind: "signed-out", endpoint: "company-list" });
    if (!after.company) {
      throw new ApiError({
        kind: "invalid-request",
        endpoint: "company-list",
        said: { key: "session.noCompanyForImport" },
      });
    }
    return after.company;
  }

  // ---- company ------------------------------------------------------------------------------

  selectCompany(companyId: string): void {
    let chosen = false;
    this.state.update((s) => {
      const company = s.companies.find((c) => c.id === companyId);
      chosen = company !== undefined;
      return company ? { ...s, company } : s;
    });
    // Remembered for the next sign-in (settings: on this computer, never in the workbook).
    if (chosen) {
      this.settings.rememberCompany(companyId).catch((e: unknown) => {
        this.log.warn("could not remember the chosen company", e);
      });
    }
  }

  // ---- signing out --------------------------------------------------------------------------

  /**
   * Clears memory and saved credentials at once, then tells the server (best effort, not awaited
   * by the UI): revokes the refresh token. When it could not be revoked, the signed-out state says
   * so (the token stays valid at the server until it expires).
   */
  async signOut(signal?: AbortSignal): Promise<void> {
    const c = this.tokens.current;
    this.signedOutByUser = true;
    await this.clearEverything({ status: "signed-out", reason: "user" });
    if (!c) return;
    const input: EndSessionInput = {
      clientId: c.clientId,
      clientSecret: c.clientSecret,
      refreshToken: c.refreshToken,
      idToken: c.idToken,
    };
    const epoch = this.tokens.epoch;
    const { revoked } = await endSession(this.http, input, signal);
    if (revoked === false && this.tokens.epoch === epoch && !this.isSignedIn()) {
      this.log.warn("the refresh token could not be revoked at sign-out");
      this.state.set({
        status: "signed-out",
        reason: "user",
        said: { key: "session.notRevoked" },
        notice: { key: "session.notRevoked" },
      });
    }
  }

  private async clearEverything(next: SignedOutState, options: { onlyMine?: boolean } = {}): Promise<void> {
    this.tokens.clear();
    await this.saved.forget(options);
    this.log.info(`signed out (${next.reason})`);
    this.state.set(next);
  }
}

/** The signed-out state after the platform refused the sign-in (`during`: what the user was doing). */
function refusal(reason: "expired" | "revoked", during: ApiEndpoint | undefined): SignedOutState {
  if (reason === "revoked") return { status: "signed-out", reason, said: { key: "session.revoked" } };
  if (during === undefined) return { status: "signed-out", reason, said: { key: "session.renewalRefused" } };
  // The reason alone does not say what the user was doing: the pane says it too.
  const said: Said = { key: "session.renewalRefusedWhile", values: { what: requestName(during) } };
  return { status: "signed-out", reason, said, notice: said };
}

/** The token endpoint's refusal of a password sign-in, in the user's words (not its error code). */
function plainSignInError(e: unknown): unknown {
  if (!isApiError(e) || e.kind !== "auth") return e;
  const key =
    e.code === "invalid_grant"
      ? "session.wrongPassword"
      : e.code === "invalid_client"
        ? "session.wrongClient"
        : null;
  if (!key) return e;
  return new ApiError({
    kind: "auth",
    endpoint: e.endpoint,
    status: e.status,
    code: e.code,
    said: { key },
    cause: e,
  });
}
