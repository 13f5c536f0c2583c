// The BOQ data path of one runtime: the session's platform client behind the request layer, so
// that a PLATFORM formula, the navigator's lists and the BOQ sheet ask the platform once for the
// same thing. Results are kept per signed-in user; a sign-in, sign-out or company switch forgets
// them all.
import type { PlatformApi } from "../api/platform";
import { unavailable } from "../boq/errors";
import type { SessionState } from "../session";
import { RequestLayer, type RunOptions } from "./requests";

/** What the data path needs of the session: its sign-in state and the platform bound to it. */
export interface DataSession {
  init(): Promise<unknown>;
  getState(): SessionState;
  readonly api: PlatformApi;
  subscribe(listener: (state: SessionState) => void): () => void;
}

export interface BoqData {
  readonly session: DataSession;
  readonly layer: RequestLayer;
}

/** The data path over a session; every change of the session's state forgets every kept result. */
export function createBoqData(session: DataSession, layer = new RequestLayer()): BoqData {
  session.subscribe(() => layer.clear());
  return { session, layer };
}

/**
 * The signed-in user's scope of the cache, so results of one user are never shown to another. A
 * session not yet restored is restored first; signed out is #N/A saying to sign in.
 */
export async function userScope(data: BoqData): Promise<string> {
  let state = data.session.getState();
  if (state.status !== "signed-in") {
    await data.session.init();
    state = data.session.getState();
  }
  if (state.status !== "signed-in") throw unavailable("boq.notSignedIn");
  return state.user.id ?? state.user.email ?? state.user.displayName;
}

/** The layer's key of a request of `user`. */
export function cacheKey(user: string, key: readonly unknown[]): string {
  return JSON.stringify([user, ...key]);
}

export interface CachedOptions extends RunOptions {
  /** The caller's cancellation (a cell's onCanceled, a closed pane). */
  signal?: AbortSignal;
}

/** A platform request through the layer: kept, shared with an identical one in flight, or sent. */
export function cached<T>(
  data: BoqData,
  user: string,
  key: readonly unknown[],
  work: (api: PlatformApi, signal: AbortSignal) => Promise<T>,
  options: CachedOptions = {},
): Promise<T> {
  const { signal, ...run } = options;
  return data.layer.run(cacheKey(user, key), (s) => work(data.session.api, s), signal, run);
}
