// The BOQ data path of one runtime: the session's platform client behind the request layer, so
// that a PLATFORM formula, the navigator's lists and the BOQ sheet ask the platform once for the
// same thing. Results are kept per signed-in user; a sign-out, another user or another company
// forgets them all. A renewed token (every few minutes with short-lived tokens) is the same
// sign-in: the results stay.
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

/** Whose results the kept ones are: the user and company of a sign-in, or null when signed out. */
function owner(state: SessionState): string | null {
  if (state.status !== "signed-in") return null;
  return JSON.stringify([state.user.id ?? state.user.email ?? state.user.displayName, state.company?.id]);
}

/**
 * The data path over a session. The kept results are forgotten on a sign-out and on a change of
 * user or company; not on a renewal, a reloaded company list or anything else that keeps them.
 */
export function createBoqData(session: DataSession, layer = new RequestLayer()): BoqData {
  let kept = owner(session.getState());
  session.subscribe((state) => {
    const next = owner(state);
    if (next === null || next !== kept) layer.clear();
    kept = next;
  });
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
