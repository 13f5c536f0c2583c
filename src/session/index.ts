// The session of the runtime, and its wiring. createSession builds the parts (settings, saved
// credentials, token renewal, observable state, HTTP client and platform API) and hands them to
// the Session that coordinates them. The runtime's one instance is kept on globalThis under a
// registered symbol, so even if the bundler puts a copy of this module in each chunk (functions,
// commands, taskpane), the task pane and the custom functions still get the one same instance.

import { passwordGrant, refreshGrant } from "../api/auth";
import { HttpClient, type HttpDeps } from "../api/http";
import { fetchOrganisationConfig, type OrganisationPreset } from "../api/organisation";
import { createPlatformApi, type PlatformApi } from "../api/platform";
import { createLogger, type Logger } from "../log/logger";
import { CredentialStore } from "./credentials";
import { TokenKeeper, type Grants, type Wait } from "./renewal";
import { Session } from "./session";
import { SettingsStore } from "./settings";
import { SessionStateStore } from "./state";
import { hostStores, type KeyValueStore } from "./storage";

export interface SessionDeps {
  /** Settings, and kept sign-ins unless `credentialStore` is given. */
  store: KeyValueStore;
  /** Where kept sign-ins go (default: `store`). */
  credentialStore?: KeyValueStore;
  /** Whether the credential store outlives the runtime (default true); false: "keep me signed in" is unavailable. */
  keepsSignIn?: boolean;
  settings?: SettingsStore;
  http?: HttpDeps;
  now?: () => number;
  /** The pause between looks for another runtime's refresh token (renewal.ts); tests shorten it. */
  wait?: Wait;
  logger?: Logger;
}

/** A session with its parts wired together. */
export function createSession(deps: SessionDeps): Session {
  const log = deps.logger ?? createLogger("session");
  const now = deps.now ?? Date.now;
  const settings = deps.settings ?? new SettingsStore(deps.store);
  // The grants need the HTTP client, which needs the token keeper, which needs the grants.
  const grants: Grants = {
    refresh: (input, signal) => refreshGrant(http, input, signal),
    password: (input, signal) => passwordGrant(http, input, signal),
  };
  const tokens = new TokenKeeper(grants, now, log, deps.wait);
  const http: HttpClient = new HttpClient(() => settings.urls(), tokens, {
    ...deps.http,
    now: deps.http?.now ?? now,
  });
  return new Session({
    settings,
    http,
    api: createPlatformApi(http),
    tokens,
    grants,
    credentials: new CredentialStore(deps.credentialStore ?? deps.store, () => settings.urls().auth, log),
    state: new SessionStateStore(log),
    log,
    keepsSignIn: deps.keepsSignIn ?? true,
  });
}

/**
 * The organisation's preset from config.json beside the page; none outside a page (Node, tests).
 * A file that is there but wrong is logged and ignored: the add-in starts as if there were none.
 */
async function loadOrganisationPreset(): Promise<OrganisationPreset | null> {
  const page = typeof location === "undefined" ? undefined : location.href;
  if (!page || !/^https?:/.test(page)) return null;
  const result = await fetchOrganisationConfig(page);
  if (result.kind === "invalid")
    createLogger("session").warn(`Organisation settings ignored: ${result.reason}`);
  return result.kind === "preset" ? result.preset : null;
}

const SESSION_SLOT = Symbol.for("boq-bridge.session");

type Slot = { [SESSION_SLOT]?: Session };

/** The runtime's session; created on first use with the host's stores (storage.ts). */
export function getSession(): Session {
  const g = globalThis as Slot;
  if (!g[SESSION_SLOT]) {
    const stores = hostStores();
    g[SESSION_SLOT] = createSession({
      store: stores.settings,
      settings: new SettingsStore(stores.settings, loadOrganisationPreset),
      credentialStore: stores.credentials,
      keepsSignIn: stores.keepsSignIn,
    });
  }
  return g[SESSION_SLOT];
}

/** The platform endpoints bound to the runtime's session (bearer token, renewal, settings). */
export function getPlatformApi(): PlatformApi {
  return getSession().api;
}

/** Tests only: replace the runtime's session (pass deps) or drop it (no argument). */
export function resetSessionForTests(deps?: SessionDeps): Session | undefined {
  const g = globalThis as Slot;
  if (deps) g[SESSION_SLOT] = createSession(deps);
  else delete g[SESSION_SLOT];
  return g[SESSION_SLOT];
}

export { Session } from "./session";
export type {
  SessionState,
  SignedInState,
  SignedOutState,
  SessionUser,
  SignInMethod,
  PasswordSignInInput,
  InteractiveSignInInput,
  InteractiveTokens,
} from "./session";
export {
  SettingsStore,
  validateSettings,
  checkServiceUrl,
  isConfigured,
  isLocalAddress,
  DEFAULT_SETTINGS,
  emulatorSettings,
  organisationSettings,
} from "./settings";
export type {
  ServiceSettings,
  SettingsErrors,
  Scheme,
  UrlField,
  UrlProblem,
  OrganisationPreset,
} from "./settings";
export { isDialogSupported, signInInteractively, InteractiveSignInError } from "./interactive";
export type { InteractiveFailure } from "./interactive";
// The import keeps its running job in the same storage outside the workbook (nothing secret).
export { hostStores } from "./storage";
export { indexedDbStore, type ObjectStore } from "./objectStore";
export type { KeyValueStore, ListedStore } from "./storage";
