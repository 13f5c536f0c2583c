// One session per runtime: the task pane and the custom functions share the runtime and must see
// one sign-in, even when two bundles each carry a copy of this module (the slot is a global symbol).
import { getPlatformApi, getSession, resetSessionForTests } from "../../src/session/index";

type Globals = { OfficeRuntime?: unknown };

afterEach(() => {
  resetSessionForTests();
  delete (globalThis as Globals).OfficeRuntime;
});

describe("the runtime's session", () => {
  it("is made once and shared, with its platform API", () => {
    resetSessionForTests();
    const session = getSession();
    expect(getSession()).toBe(session);
    expect(getPlatformApi()).toBe(session.api);
  });

  it("cannot keep a sign-in on a host without OfficeRuntime.storage, and can with it", () => {
    resetSessionForTests();
    expect(getSession().keepsSignIn).toBe(false);
    resetSessionForTests();
    (globalThis as Globals).OfficeRuntime = {
      storage: {
        getItem: () => Promise.resolve(null),
        setItem: () => Promise.resolve(),
        removeItem: () => Promise.resolve(),
      },
    };
    expect(getSession().keepsSignIn).toBe(true);
  });
});
