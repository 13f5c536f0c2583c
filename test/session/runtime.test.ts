// One session per runtime: the task pane and the custom functions share the runtime and must see
// one sign-in, even when two bundles each carry a copy of this module (the slot is a global symbol).
import {
  getPlatformApi,
  getSession,
  readOrganisationPresetAhead,
  resetSessionForTests,
} from "../../src/session/index";

type Globals = { OfficeRuntime?: unknown; location?: unknown; fetch?: unknown };

const realFetch = globalThis.fetch;

afterEach(() => {
  resetSessionForTests();
  delete (globalThis as Globals).OfficeRuntime;
  delete (globalThis as Globals).location;
  globalThis.fetch = realFetch;
});

/** The page at an organisation's address, whose config.json gives `platform` (counts the reads). */
function pageWithPreset(platformUrl: string): string[] {
  const reads: string[] = [];
  (globalThis as Globals).location = { href: "https://addin.example.com/boq/taskpane.html" };
  globalThis.fetch = (input: RequestInfo | URL) => {
    reads.push(input instanceof Request ? input.url : input.toString());
    const body = {
      platform: {
        authUrl: "https://auth.example.com",
        valueUrl: "https://value.example.com",
        platformUrl,
        usersMayChange: false,
      },
    };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  };
  return reads;
}

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

  it("takes the organisation's settings read ahead of it (the pane's start), without reading them again", async () => {
    resetSessionForTests();
    const reads = pageWithPreset("https://platform.example.com");
    readOrganisationPresetAhead();
    readOrganisationPresetAhead();
    expect(reads).toEqual(["https://addin.example.com/boq/config.json"]);
    const settings = await getSession().settings.load();
    expect(settings.preset).toBe("organisation");
    expect(settings.platformUrl).toBe("https://platform.example.com");
    expect(reads).toHaveLength(1);
  });

  it("reads the organisation's settings when it loads them, if nothing read them ahead", async () => {
    resetSessionForTests();
    const reads = pageWithPreset("https://other.example.com");
    const settings = await getSession().settings.load();
    expect(settings.platformUrl).toBe("https://other.example.com");
    expect(reads).toEqual(["https://addin.example.com/boq/config.json"]);
  });
});
