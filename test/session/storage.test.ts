// Where the sign-in is kept: OfficeRuntime.storage, or memory only. A host without OfficeRuntime.storage
// must not put the refresh token or the client secret into the page's localStorage.
import { hostStores, MemoryStore } from "../../src/session/storage";

type Globals = { OfficeRuntime?: unknown; localStorage?: unknown };

function withGlobals(globals: Globals, body: () => void): void {
  const g = globalThis as Globals;
  const before = { OfficeRuntime: g.OfficeRuntime, localStorage: g.localStorage };
  Object.assign(g, globals);
  try {
    body();
  } finally {
    Object.assign(g, before);
    if (before.OfficeRuntime === undefined) delete g.OfficeRuntime;
    if (before.localStorage === undefined) delete g.localStorage;
  }
}

function fakeLocalStorage(): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    key: (i: number) => [...data.keys()][i] ?? null,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe("host stores", () => {
  it("keeps sign-ins and settings in OfficeRuntime.storage when the host has it", async () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (k: string) => Promise.resolve(items.get(k) ?? null),
      setItem: (k: string, v: string) => Promise.resolve(void items.set(k, v)),
      removeItem: (k: string) => Promise.resolve(void items.delete(k)),
    };
    let stores: ReturnType<typeof hostStores> | undefined;
    withGlobals({ OfficeRuntime: { storage }, localStorage: fakeLocalStorage() }, () => {
      stores = hostStores();
    });
    expect(stores?.keepsSignIn).toBe(true);
    await stores?.credentials.setItem("k", "refresh-token");
    expect(items.get("k")).toBe("refresh-token");
  });

  it("without OfficeRuntime.storage keeps credentials in memory only, never in localStorage", async () => {
    const ls = fakeLocalStorage();
    let stores: ReturnType<typeof hostStores> | undefined;
    withGlobals({ localStorage: ls }, () => {
      stores = hostStores();
    });
    expect(stores?.keepsSignIn).toBe(false);
    expect(stores?.credentials).toBeInstanceOf(MemoryStore);
    await stores?.credentials.setItem("boq-bridge.signin.v1:x", "refresh-token");
    expect([...ls.data.values()].join()).not.toContain("refresh-token");
    // Settings are not secret and may use localStorage.
    await stores?.settings.setItem("settings", "{}");
    expect(ls.data.get("settings")).toBe("{}");
  });

  it("reads a missing item from OfficeRuntime.storage as null, and removes items there", async () => {
    const items = new Map<string, string>([["k", "v"]]);
    const storage = {
      getItem: (k: string) => Promise.resolve(items.get(k)),
      setItem: (k: string, v: string) => Promise.resolve(void items.set(k, v)),
      removeItem: (k: string) => Promise.resolve(void items.delete(k)),
    };
    let stores: ReturnType<typeof hostStores> | undefined;
    withGlobals({ OfficeRuntime: { storage } }, () => {
      stores = hostStores();
    });
    await expect(stores?.settings.getItem("absent")).resolves.toBeNull();
    await stores?.settings.removeItem("k");
    expect(items.has("k")).toBe(false);
  });

  it("keeps settings in memory when the page's storage is disabled by policy", async () => {
    const g = globalThis as Globals;
    let stores: ReturnType<typeof hostStores> | undefined;
    Object.defineProperty(g, "localStorage", {
      configurable: true,
      get: () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
    try {
      stores = hostStores();
    } finally {
      delete g.localStorage;
    }
    expect(stores?.settings).toBeInstanceOf(MemoryStore);
    await stores?.settings.setItem("settings", "{}");
    await expect(stores?.settings.getItem("settings")).resolves.toBe("{}");
  });

  it("reports a full page storage as a failed save, not a thrown error", async () => {
    const ls = fakeLocalStorage();
    ls.setItem = () => {
      throw new DOMException("Quota exceeded", "QuotaExceededError");
    };
    let stores: ReturnType<typeof hostStores> | undefined;
    withGlobals({ localStorage: ls }, () => {
      stores = hostStores();
    });
    await expect(stores?.settings.setItem("settings", "{}")).rejects.toMatchObject({
      name: "QuotaExceededError",
    });
    await stores?.settings.removeItem("settings");
  });
});
