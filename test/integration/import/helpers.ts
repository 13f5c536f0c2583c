// Shared set-up of the import pipeline tests: the in-process emulator (real HTTP), a signed-in
// session, and an emulated Excel workbook whose document settings hold the import history.

import {
  createEmulatedExcel,
  type KeyValueBackend,
  type OfficeEmulation,
  type SheetRows,
} from "../../../dev/office-emulation";
import { loadDemoCatalog } from "../../../dev/workbench/demo";
import type { Session } from "../../../src/session/session";
import { ImportPipeline, type ImportDeps, type ImportState } from "../../../src/import";
import { documentSettings, type OfficeSettingsLike } from "../../../src/workbook";
import { createSession } from "../../../src/session/index";
import { SETTINGS_KEY } from "../../../src/session/settings";
import { MemoryStore } from "../../../src/session/storage";
import { setLogSink } from "../../../src/log/logger";
import { countRequests, signIn, startEnv, type Env } from "../api/setup";

export interface Harness {
  pipeline: ImportPipeline;
  states: ImportState[];
  pauses: number[];
}

/** A sleep that records the pause asked for and waits a little (at most `capMs`), abortable. */
function testSleep(pauses: number[], capMs: number): ImportDeps["sleep"] {
  return (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      pauses.push(ms);
      if (signal.aborted) return reject(abortReason(signal));
      const onAbort = () => {
        clearTimeout(timer);
        reject(abortReason(signal));
      };
      const timer = setTimeout(
        () => {
          signal.removeEventListener("abort", onAbort);
          resolve();
        },
        Math.min(ms, capMs),
      );
      signal.addEventListener("abort", onAbort, { once: true });
    });
}

export function whenSignedIn(session: Session): ImportDeps["whenSignedIn"] {
  return (signal) =>
    new Promise<void>((resolve, reject) => {
      if (session.isSignedIn()) return resolve();
      const stop = session.subscribe((s) => {
        if (s.status === "signed-in") {
          stop();
          resolve();
        }
      });
      signal.addEventListener(
        "abort",
        () => {
          stop();
          reject(abortReason(signal));
        },
        { once: true },
      );
    });
}

export function pipelineFor(
  excel: OfficeEmulation,
  session: Session,
  options: { capMs?: number; deps?: Partial<ImportDeps> } = {},
): Harness {
  const states: ImportState[] = [];
  const pauses: number[] = [];
  const settings = excel.globals.Office.context.document.settings as unknown as OfficeSettingsLike;
  const pipeline = new ImportPipeline({
    excel: (batch) => excel.run(batch),
    api: session.api,
    settings: documentSettings(settings),
    now: Date.now,
    sleep: testSleep(pauses, options.capMs ?? 2),
    whenSignedIn: whenSignedIn(session),
    userName: () => "Test estimator",
    language: () => "en",
    ...options.deps,
  });
  pipeline.subscribe((s) => states.push(s));
  return { pipeline, states, pauses };
}

/**
 * The demo workbook; `storage`: the OfficeRuntime.storage of a computer where another workbook is
 * open too; `documentUrl`: where the workbook is (Office.context.document.url).
 */
export function demoWorkbook(storage?: KeyValueBackend, documentUrl?: string): OfficeEmulation {
  const excel = createEmulatedExcel({
    sheets: { Catalog: [] },
    ...(storage ? { storage } : {}),
    ...(documentUrl !== undefined ? { documentUrl } : {}),
  });
  loadDemoCatalog(excel);
  return excel;
}

/** A clock the test moves on (ImportDeps.now): this computer's time and what the test added. */
export function movableClock(): { now: () => number; move: (ms: number) => void } {
  let added = 0;
  return { now: () => Date.now() + added, move: (ms) => void (added += ms) };
}

/**
 * Timers the test fires itself (ImportDeps.every): `fire` runs every running timer's tick once and
 * waits for what it does; `running` counts the timers not stopped.
 */
export function manualTimers(): {
  every: NonNullable<ImportDeps["every"]>;
  fire: () => Promise<void>;
  running: () => number;
} {
  const ticks = new Set<() => Promise<void>>();
  return {
    every: (_ms, tick) => {
      const own = () => tick();
      ticks.add(own);
      return () => void ticks.delete(own);
    },
    fire: async () => {
      for (const tick of [...ticks]) await tick();
    },
    running: () => ticks.size,
  };
}

export function workbookWith(rows: SheetRows): OfficeEmulation {
  return createEmulatedExcel({ sheets: { Catalog: rows } });
}

export function companyOf(session: Session): { id: string; name: string } {
  const state = session.getState();
  if (state.status !== "signed-in" || !state.company) throw new Error("not signed in with a company");
  return { id: state.company.id, name: state.company.name };
}

/** Reads the range, previews and imports; returns the final state. */
const catalogCounts = new Map<string, number>();

/** A new empty catalog on the platform ("<label> <n>"), so tests do not see each other's positions. */
export function newCatalog(env: Env, session: Session, label: string): string {
  const n = (catalogCounts.get(label) ?? 0) + 1;
  catalogCounts.set(label, n);
  const name = `${label} ${n}`;
  env.emu.catalogs.create(companyOf(session).id, name);
  return name;
}

export async function importRange(
  h: Harness,
  session: Session,
  catalogName: string,
  address = "A1:G17",
  extra: { skipErrorRows?: boolean; writeBackGuids?: boolean } = {},
): Promise<ImportState> {
  const company = companyOf(session);
  h.pipeline.setChoices({ catalogName, companyId: company.id, companyName: company.name, ...extra });
  await h.pipeline.readRange({ sheet: "Catalog", address });
  await h.pipeline.preview();
  expect(h.pipeline.getState().phase).toBe("previewed");
  await h.pipeline.start();
  return h.pipeline.getState();
}

export function sheetRows(excel: OfficeEmulation, sheet: string): unknown[][] {
  return excel.values(sheet);
}

export type { Env };

/** Endpoint 1, the import's POST (docs/interface.md). */
export const IMPORT = "/api/import/catalog/json/external";

/**
 * The emulator handles the next `count` import POSTs (the jobs are made) and holds their answers
 * back, until the client gives up: the imports stay "being sent" meanwhile.
 */
export function holdImportAnswers(env: Env, count: number): void {
  env.emu.faults.processThenHangNext(`POST ${IMPORT}`, count);
}

/** How many import POSTs the emulator has handled. */
export function importPosts(env: Env): number {
  return countRequests(env, "POST", IMPORT);
}

/** Resolves once the emulator has handled (and logged) `count` import POSTs in all. */
export async function importPostsReach(env: Env, count: number): Promise<void> {
  const isPost = (line: string) => {
    const [, method, path] = line.split(" ");
    return method === "POST" && path === IMPORT;
  };
  while (importPosts(env) < count) await env.nextRequest(isPost);
}
export { outsideStore } from "../../import/fakePlatform";

/**
 * The in-process emulator of a test file: started before its tests, with jobs of about two seconds
 * (faults can hit while one runs), stopped after them, its faults cleared after each; the log
 * kept quiet. Returns the running emulator.
 */
export function emulatorPerFile(): () => Env {
  let env: Env | undefined;
  beforeAll(async () => {
    setLogSink(() => undefined);
    env = await startEnv({ jobSpeed: 50 });
  });
  afterAll(async () => {
    setLogSink(null);
    await env?.emu.stop();
  });
  afterEach(() => env?.emu.faults.clear());
  return () => {
    if (env === undefined) throw new Error("the emulator starts before the tests");
    return env;
  };
}

/** A signed-in session whose requests give up after `timeoutMs` (sessionWithTimeout). */
export async function signedInWithTimeout(env: Env, timeoutMs: number): Promise<Session> {
  const session = await sessionWithTimeout(env, timeoutMs);
  await signIn(env, session);
  return session;
}

/**
 * A session like the API tests' one whose fetch remembers the last bearer token sent, so a test
 * can revoke exactly that access token (and leave the refresh token valid).
 */
export async function spiedSession(env: Env): Promise<{ session: Session; lastToken: () => string }> {
  const store = new MemoryStore();
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
  let token = "";
  const session = createSession({
    store,
    http: {
      sleep: () => Promise.resolve(),
      fetch: (input, init) => {
        const auth = new Headers(init?.headers).get("authorization");
        if (auth?.startsWith("Bearer ")) token = auth.slice("Bearer ".length);
        return globalThis.fetch(input, init);
      },
    },
  });
  await session.init();
  return { session, lastToken: () => token };
}

/**
 * A signed-in session like the API tests' one whose requests give up after `timeoutMs` (the
 * pane's own limit is far longer: a test of a POST that never gets an answer does not wait it out).
 */
export async function sessionWithTimeout(env: Env, timeoutMs: number): Promise<Session> {
  const store = new MemoryStore();
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
  const session = createSession({
    store,
    http: { timeoutMs, sleep: () => Promise.resolve() },
  });
  await session.init();
  return session;
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error("aborted");
}
