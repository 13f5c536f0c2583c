import { HttpClient } from "../../src/api/http";
import { listCompanies } from "../../src/api/platform";
import {
  DEFAULT_SETTINGS,
  defaultSettings,
  emulatorSettings,
  isConfigured,
  toServiceUrls,
  SETTINGS_KEY,
  SettingsStore,
  validateServiceUrl,
  validateSettings,
} from "../../src/session/settings";
import { MemoryStore } from "../../src/session/storage";

describe("service address validation", () => {
  it.each([
    "https://platform.example.com",
    "https://x.example.com/base/",
    "http://localhost:4001",
    "http://127.0.0.1:8080",
  ])("accepts %s", (url) => {
    expect(validateServiceUrl("Value service address", url)).toBeNull();
  });

  it("requires https away from this machine", () => {
    expect(validateServiceUrl("Value service address", "http://platform.example.com")).toBe(
      "Value service address must use https:// (plain http:// is only allowed for localhost and 127.0.0.1).",
    );
  });

  it.each([
    ["", /is empty/],
    ["platform.example.com", /is not a web address/],
    ["ftp://platform.example.com", /must start with https/],
    ["https://user:pw@platform.example.com", /user name or password/],
    ["https://platform.example.com/?key=1", /"\?" or "#"/],
  ])("refuses %j with a sentence", (url, message) => {
    expect(validateServiceUrl("Authorization server address", url)).toMatch(message);
  });

  it("names each wrong field", () => {
    const errors = validateSettings({
      ...DEFAULT_SETTINGS,
      preset: "custom",
      valueUrl: "http://x.com",
      interactiveClientId: " ",
    });
    expect(Object.keys(errors).sort()).toEqual(["interactiveClientId", "valueUrl"]);
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
    expect(errors.authUrl).toMatch(/https/);
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
    await expect(listCompanies(http)).rejects.toMatchObject({
      kind: "invalid-request",
      userMessage: expect.stringContaining("Settings"),
    });
  });
});
