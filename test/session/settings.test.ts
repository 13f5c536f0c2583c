import { HttpClient } from "../../src/api/http";
import { listCompanies } from "../../src/api/platform";
import {
  DEFAULT_SETTINGS,
  defaultSettings,
  emulatorSettings,
  checkServiceUrl,
  isConfigured,
  isLocalAddress,
  toServiceUrls,
  SETTINGS_KEY,
  SettingsStore,
  validateSettings,
} from "../../src/session/settings";
import { MemoryStore } from "../../src/session/storage";
import { errorText } from "../../src/i18n";

describe("service address validation", () => {
  it.each([
    "https://platform.example.com",
    "https://x.example.com/base/",
    "http://localhost:4001",
    "http://127.0.0.1:8080",
  ])("accepts %s", (url) => {
    expect(checkServiceUrl(url)).toBeNull();
  });

  it("requires https away from this machine", () => {
    expect(checkServiceUrl("http://platform.example.com")).toBe("http-not-local");
  });

  it.each([
    ["", "empty"],
    ["platform.example.com", "not-address"],
    ["ftp://platform.example.com", "scheme"],
    ["https://user:pw@platform.example.com", "credentials"],
    ["https://platform.example.com/?key=1", "query"],
  ])("refuses %j, saying why as a code the pane words", (url, problem) => {
    expect(checkServiceUrl(url)).toBe(problem);
  });

  it("names each wrong field", () => {
    const errors = validateSettings({
      ...DEFAULT_SETTINGS,
      preset: "custom",
      valueUrl: "http://x.com",
      interactiveClientId: " ",
    });
    expect(errors).toEqual({ interactiveClientId: "empty", valueUrl: "http-not-local" });
  });
});

describe("the settings store", () => {
  it("defaults to the local emulator preset", async () => {
    const s = new SettingsStore(new MemoryStore());
    await s.load();
    expect(s.get().preset).toBe("emulator");
    expect(s.urls()).toEqual({
      auth: "https://localhost:4001",
      value: "https://localhost:4002",
      platform: "https://localhost:4003",
    });
  });

  it("saves custom addresses per user and reads them back", async () => {
    const store = new MemoryStore();
    const custom = {
      ...DEFAULT_SETTINGS,
      preset: "custom" as const,
      authUrl: "https://auth.example.com",
      valueUrl: "https://value.example.com",
      platformUrl: "https://platform.example.com",
    };
    expect(await new SettingsStore(store).save(custom)).toEqual({});
    const again = new SettingsStore(store);
    await again.load();
    expect(again.get()).toMatchObject({ preset: "custom", valueUrl: "https://value.example.com" });
  });

  it("does not save invalid addresses", async () => {
    const store = new MemoryStore();
    const errors = await new SettingsStore(store).save({
      ...DEFAULT_SETTINGS,
      preset: "custom",
      authUrl: "http://evil.example.com",
    });
    expect(errors.authUrl).toBe("http-not-local");
    expect(await store.getItem(SETTINGS_KEY)).toBeNull();
  });

  it("switches the emulator preset to http for a machine without dev certificates", async () => {
    const s = new SettingsStore(new MemoryStore());
    await s.save(emulatorSettings("http"));
    expect(s.urls().value).toBe("http://localhost:4002");
  });

  it("falls back to the default when the stored settings are damaged", async () => {
    const store = new MemoryStore();
    await store.setItem(SETTINGS_KEY, "{not json");
    const s = new SettingsStore(store);
    await s.load();
    expect(s.get().preset).toBe("emulator");
  });
});

describe("the settings a build starts with", () => {
  it("is the local emulator in a development build", () => {
    const s = defaultSettings(true);
    expect(s.preset).toBe("emulator");
    expect(isConfigured(s)).toBe(true);
  });

  it("is no server at all in a production build, which the HTTP layer explains", async () => {
    const s = defaultSettings(false);
    expect([s.authUrl, s.valueUrl, s.platformUrl]).toEqual(["", "", ""]);
    expect(isConfigured(s)).toBe(false);
    const http = new HttpClient(() => toServiceUrls(s), {
      getAccessToken: async () => "t",
      renewAfterUnauthorized: async () => "t",
      signOutAfterRefusal: async () => undefined,
    });
    const error = await listCompanies(http).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "invalid-request", said: { key: "session.noServerConfigured" } });
    expect(errorText(error)).toContain("Settings");
  });
});

describe("addresses on this computer", () => {
  it.each([
    ["http://localhost:4001", true],
    ["  https://127.0.0.1:8443/base ", true],
    ["http://[::1]:4002", true],
    ["https://localhost.example.com", false],
    ["https://auth.example.com", false],
    ["localhost:4001", false], // not an address: no scheme
    ["", false],
  ])("%j is local: %s", (url, local) => {
    expect(isLocalAddress(url)).toBe(local);
  });

  it("allows plain http:// only for them, and names each other problem", () => {
    expect(checkServiceUrl("http://[::1]:4002")).toBeNull();
    expect(checkServiceUrl("http://localhost.example.com")).toBe("http-not-local");
    expect(checkServiceUrl("https://platform.example.com#part")).toBe("query");
    expect(checkServiceUrl("https://:pw@platform.example.com")).toBe("credentials");
    expect(checkServiceUrl("ws://platform.example.com")).toBe("scheme");
    expect(checkServiceUrl(" https://platform.example.com ")).toBeNull();
  });
});

describe("what the settings store remembers", () => {
  it("keeps the form's client id and user name and the chosen company, for the next runtime", async () => {
    const store = new MemoryStore();
    const s = new SettingsStore(store);
    await s.load();
    await s.rememberFormDefaults("demo-client", "ivan");
    await s.rememberCompany("company-7");
    const later = new SettingsStore(store);
    await later.load();
    expect(later.get()).toMatchObject({
      preset: "emulator",
      lastClientId: "demo-client",
      lastUsername: "ivan",
      lastCompanyId: "company-7",
    });
  });

  it("keeps them, and the emulator's interactive client id, when the addresses change", async () => {
    const store = new MemoryStore();
    const s = new SettingsStore(store);
    await s.load();
    await s.rememberFormDefaults("demo-client", "ivan");
    expect(await s.save({ ...s.get(), interactiveClientId: "my-spa" })).toEqual({});
    const later = new SettingsStore(store);
    await later.load();
    expect(later.get()).toMatchObject({ interactiveClientId: "my-spa", lastClientId: "demo-client" });
    expect(later.urls().auth).toMatch(/^https?:\/\/localhost:4001$/);
  });

  it("keeps them when the stored addresses are no longer valid, and falls back to the default server", async () => {
    const store = new MemoryStore();
    await store.setItem(
      SETTINGS_KEY,
      JSON.stringify({ preset: "custom", authUrl: "http://evil.example.com", lastUsername: "ivan" }),
    );
    const s = new SettingsStore(store);
    await s.load();
    expect(s.get()).toMatchObject({ preset: DEFAULT_SETTINGS.preset, lastUsername: "ivan" });
  });

  it("tells subscribers when saved settings change, until they unsubscribe", async () => {
    const s = new SettingsStore(new MemoryStore());
    await s.load();
    const seen: string[] = [];
    const stop = s.subscribe((settings) => seen.push(settings.preset));
    await s.save({ ...emulatorSettings("http"), preset: "emulator" });
    stop();
    await s.save(emulatorSettings("https"));
    expect(seen).toEqual(["emulator"]);
  });
});
