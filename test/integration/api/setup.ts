// Shared set-up of the API integration tests: the in-process emulator (plain HTTP on free ports)
// with its request log (and a promise for the next request it logs, to wait for one to have been
// handled), and a session pointed at it with custom service addresses, real fetch, and a sleep
// that records the pauses the HTTP layer asked for and waits only briefly (so Retry-After is
// checked without slowing the suite).

import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../../emulator/src/index";
import type { HttpDeps } from "../../../src/api/http";
import { createSession, type Session } from "../../../src/session/index";
import { SETTINGS_KEY } from "../../../src/session/settings";
import { MemoryStore, type KeyValueStore } from "../../../src/session/storage";

export interface Env {
  emu: RunningEmulator;
  /** One line per request the emulator answered: "service METHOD path status ms". */
  requests: string[];
  /**
   * Resolves with the next line of `requests` that `matches` accepts, when the emulator logs it:
   * a wait for the request to have been handled, not for a time.
   */
  nextRequest(matches: (line: string) => boolean): Promise<string>;
}

export async function startEnv(options: EmulatorOptions = {}): Promise<Env> {
  const requests: string[] = [];
  const waiting = new Set<{ matches: (line: string) => boolean; resolve: (line: string) => void }>();
  const emu = await startEmulator({
    https: false,
    dataDir: null,
    jobSpeed: "instant",
    log: (line) => {
      requests.push(line);
      for (const waiter of [...waiting]) {
        if (!waiter.matches(line)) continue;
        waiting.delete(waiter);
        waiter.resolve(line);
      }
    },
    ...options,
  });
  const nextRequest = (matches: (line: string) => boolean) =>
    new Promise<string>((resolve) => waiting.add({ matches, resolve }));
  return { emu, requests, nextRequest };
}

export interface SessionOptions {
  store?: KeyValueStore;
  now?: () => number;
  /** Stands between the client and the emulator (a proxy, a lost answer). */
  fetch?: typeof fetch;
  /**
   * The HTTP layer's time limits and retry policy, scaled down to test a deadline for real, and
   * the timer of one try's limit, to see the limit a request was given.
   */
  http?: Pick<HttpDeps, "timeoutMs" | "retry" | "tryTimer">;
}

export async function sessionFor(env: Env, options: SessionOptions = {}) {
  const store = options.store ?? new MemoryStore();
  await store.setItem(
    SETTINGS_KEY,
    JSON.stringify({
      preset: "custom",
      emulatorScheme: "http",
      authUrl: env.emu.authUrl,
      valueUrl: env.emu.baseUrl,
      platformUrl: env.emu.platformUrl,
      interactiveClientId: env.emu.demo.publicClient.clientId,
    }),
  );
  const pauses: number[] = [];
  const session = createSession({
    store,
    now: options.now,
    http: {
      ...options.http,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      sleep: async (ms) => {
        pauses.push(ms);
        await Promise.resolve();
      },
    },
  });
  await session.init();
  return { session, store, pauses };
}

export function demoUser(env: Env) {
  const user = env.emu.demo.users[0];
  if (!user) throw new Error("the emulator has no demo user");
  return user;
}

export async function signIn(env: Env, session: Session, keepSignedIn = false) {
  const user = demoUser(env);
  return session.signInWithPassword({
    clientId: env.emu.demo.passwordClient.clientId,
    clientSecret: env.emu.demo.passwordClient.clientSecret,
    username: user.username,
    password: user.password,
    keepSignedIn,
  });
}

/** Emulator request lines matching a method and a path prefix. */
export function countRequests(env: Env, method: string, pathPrefix: string): number {
  return env.requests.filter((l) => {
    const [, m, p] = l.split(" ");
    return m === method && (p ?? "").startsWith(pathPrefix);
  }).length;
}
