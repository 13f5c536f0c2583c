// Two workbooks open at once restore the same kept sign-in: two runtimes, each with its session,
// over one OfficeRuntime.storage. Both send the saved refresh token at the same moment; the
// emulator rotates refresh tokens single-use, so one of them is refused (invalid_grant). The
// refused one looks for the token the other is saving, and both end signed in. The storage here
// is slow to write (as OfficeRuntime.storage can be), so the refusal comes before the other's save.
import { setLogSink } from "../../../src/log/logger";
import { createSession, type Session } from "../../../src/session/index";
import { CREDENTIALS_KEY_PREFIX } from "../../../src/session/session";
import { MemoryStore, type KeyValueStore } from "../../../src/session/storage";
import { sessionFor, signIn, startEnv, type Env } from "../api/setup";

jest.setTimeout(60_000);

let env: Env;

beforeAll(() => setLogSink(() => undefined));
afterAll(() => setLogSink(null));
afterEach(async () => {
  await env?.emu.stop();
});

/** One storage shared by the runtimes; every write lands `delayMs` after it was asked. */
function slowToWrite(shared: MemoryStore, delayMs: number): KeyValueStore {
  const later = () => new Promise<void>((resolve) => setTimeout(resolve, delayMs));
  return {
    getItem: (key) => shared.getItem(key),
    setItem: async (key, value) => {
      await later();
      await shared.setItem(key, value);
    },
    removeItem: async (key) => {
      await later();
      await shared.removeItem(key);
    },
  };
}

/** A runtime opening the workbook: its own session over the shared storage, not yet restored. */
function runtime(store: KeyValueStore): Session {
  return createSession({ store, http: { sleep: async () => undefined } });
}

const refusedRefreshes = () =>
  env.requests.filter((l) => l.startsWith("auth POST /connect/token 400")).length;

describe("two runtimes restoring one kept sign-in at the same moment", () => {
  it("both end signed in, though the emulator refused one of the two refresh tokens", async () => {
    env = await startEnv();
    const shared = new MemoryStore();
    // Signed in with "keep me signed in" earlier: the refresh token is saved on this computer.
    const earlier = await sessionFor(env, { store: shared });
    await signIn(env, earlier.session, true);
    const saved = () =>
      [...shared.items.entries()].find(([k]) => k.startsWith(CREDENTIALS_KEY_PREFIX))?.[1] ?? "";
    const keptBefore = saved();
    expect(keptBefore).not.toBe("");

    const store = slowToWrite(shared, 300);
    const [a, b] = [runtime(store), runtime(store)];
    await Promise.all([a.init(), b.init()]);

    // The race happened: one of the two sent a refresh token the other had just used.
    expect(refusedRefreshes()).toBe(1);
    expect(a.getState()).toMatchObject({ status: "signed-in" });
    expect(b.getState()).toMatchObject({ status: "signed-in" });
    // Both can work, and a sign-in is still kept for the next workbook.
    await expect(a.api.listCompanies()).resolves.toHaveLength(env.emu.demo.companies.length);
    await expect(b.api.listCompanies()).resolves.toHaveLength(env.emu.demo.companies.length);
    expect(saved()).not.toBe("");
    expect(saved()).not.toBe(keptBefore);
    const third = runtime(shared);
    await third.init();
    expect(third.getState()).toMatchObject({ status: "signed-in" });
  });
});
