// The session singleton of the runtime. Kept on globalThis under a registered symbol, so even if
// the bundler puts a copy of this module in each chunk (functions, commands, taskpane), the task
// pane and the custom functions still get the one same instance.

import type { PlatformApi } from "../api/platform";
import { Session, type SessionDeps } from "./session";
import { defaultStore } from "./storage";

const SESSION_SLOT = Symbol.for("boq-bridge.session");

type Slot = { [SESSION_SLOT]?: Session };

/** The runtime's session; created on first use with OfficeRuntime.storage (or localStorage). */
export function getSession(): Session {
  const g = globalThis as Slot;
  g[SESSION_SLOT] ??= new Session({ store: defaultStore() });
  return g[SESSION_SLOT];
}

/** The platform endpoints bound to the runtime's session (bearer token, renewal, settings). */
export function getPlatformApi(): PlatformApi {
  return getSession().api;
}

/** Tests only: replace the runtime's session (pass deps) or drop it (no argument). */
export function resetSessionForTests(deps?: SessionDeps): Session | undefined {
  const g = globalThis as Slot;
  if (deps) g[SESSION_SLOT] = new Session(deps);
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
  validateServiceUrl,
  DEFAULT_SETTINGS,
  emulatorSettings,
} from "./settings";
export type { ServiceSettings, SettingsErrors } from "./settings";
