// The service settings as the user keeps them between sessions (src/session/settings.ts): what is
// read back from storage written by an older or damaged copy, how addresses are cleaned before
// use, and the exact sentences the Settings screen shows for a wrong address.
import {
  EMULATOR_INTERACTIVE_CLIENT_ID,
  SETTINGS_KEY,
  SettingsStore,
  emulatorSettings,
  toServiceUrls,
  validateSettings,
  type ServiceSettings,
} from "../../src/session/settings";
import { MemoryStore, type KeyValueStore } from "../../src/session/storage";
import { settingsProblems } from "../../src/taskpane/session/SettingsScreen";

async function loadFrom(raw: string | null): Promise<ServiceSettings> {
  const store = new MemoryStore();
  if (raw !== null) await store.setItem(SETTINGS_KEY, raw);
  const settings = new SettingsStore(store);
  return settings.load();
}

const CUSTOM: ServiceSettings = {
  preset: "custom",
  emulatorScheme: "https",
  authUrl: "https://auth.example.com",
  valueUrl: "https://value.example.com",
  platformUrl: "https://platform.example.com",
  interactiveClientId: "estimators-spa",
};

describe("settings read back from storage", () => {
  it.each([
    ["nothing stored", null],
    ["an empty string", ""],
    ["text that is not JSON", "{not json"],
    ["JSON null", "null"],
    ["a JSON number", "42"],
    ["a JSON string", '"custom"'],
  ])("start from the local emulator when the store holds %s", async (_what, raw) => {
    expect(await loadFrom(raw)).toEqual(emulatorSettings());
  });

  it("keep the emulator on plain http:// when that was chosen, and https:// for an unknown scheme", async () => {
    expect((await loadFrom(JSON.stringify({ preset: "emulator", emulatorScheme: "http" }))).authUrl).toBe(
      "http://localhost:4001",
    );
    expect((await loadFrom(JSON.stringify({ preset: "emulator", emulatorScheme: "https" }))).valueUrl).toBe(
      "https://localhost:4002",
    );
    expect(
      (await loadFrom(JSON.stringify({ preset: "emulator", emulatorScheme: "ftp" }))).emulatorScheme,
    ).toBe("https");
  });

  it("give back the company's own addresses and client id as saved", async () => {
    expect(await loadFrom(JSON.stringify(CUSTOM))).toEqual(CUSTOM);
  });

  it("use the emulator's client id for custom addresses saved without one", async () => {
    const { interactiveClientId: _dropped, ...withoutClient } = CUSTOM;
    expect((await loadFrom(JSON.stringify(withoutClient))).interactiveClientId).toBe(
      EMULATOR_INTERACTIVE_CLIENT_ID,
    );
  });

  it("fall back to the emulator when a custom address is missing or not text", async () => {
    expect((await loadFrom(JSON.stringify({ ...CUSTOM, valueUrl: undefined }))).preset).toBe("emulator");
    expect((await loadFrom(JSON.stringify({ ...CUSTOM, platformUrl: 443 }))).preset).toBe("emulator");
  });

  it("keep a client id typed for the emulator, and ignore an empty one", async () => {
    const typed = await loadFrom(JSON.stringify({ preset: "emulator", interactiveClientId: "my-spa" }));
    expect(typed.interactiveClientId).toBe("my-spa");
    const empty = await loadFrom(JSON.stringify({ preset: "emulator", interactiveClientId: "" }));
    expect(empty.interactiveClientId).toBe(EMULATOR_INTERACTIVE_CLIENT_ID);
  });

  it("leave out remembered form values that are empty or not text", async () => {
    const read = await loadFrom(
      JSON.stringify({ ...CUSTOM, lastClientId: "", lastUsername: 7, lastCompanyId: "company-2" }),
    );
    expect(read).toEqual({ ...CUSTOM, lastCompanyId: "company-2" });
    expect(Object.keys(read)).not.toContain("lastClientId");
    expect(Object.keys(read)).not.toContain("lastUsername");
  });

  it("are read from storage once, however often the pane and the functions ask", async () => {
    const store = new MemoryStore();
    await store.setItem(SETTINGS_KEY, JSON.stringify(CUSTOM));
    const getItem = jest.spyOn(store, "getItem");
    const settings = new SettingsStore(store);
    const [first, second] = await Promise.all([settings.load(), settings.load()]);
    expect(first).toEqual(CUSTOM);
    expect(second).toBe(first);
    expect(getItem).toHaveBeenCalledTimes(1);
  });

  it("stay at the defaults when storage cannot be read", async () => {
    const broken: KeyValueStore = {
      getItem: () => Promise.reject(new Error("storage unavailable")),
      setItem: () => Promise.resolve(),
      removeItem: () => Promise.resolve(),
    };
    const settings = new SettingsStore(broken);
    expect(await settings.load()).toEqual(emulatorSettings());
    expect(settings.get()).toEqual(emulatorSettings());
  });
});

describe("saving settings", () => {
  it("puts the emulator's own addresses in place of whatever was typed while it is chosen", async () => {
    const store = new MemoryStore();
    const settings = new SettingsStore(store);
    await settings.load();
    const errors = await settings.save({
      ...emulatorSettings("http"),
      authUrl: "https://elsewhere.example.com",
      interactiveClientId: "my-spa",
      lastUsername: "ivan",
    });
    expect(errors).toEqual({});
    const saved = JSON.parse((await store.getItem(SETTINGS_KEY)) ?? "null") as ServiceSettings;
    expect(saved).toEqual({
      ...emulatorSettings("http"),
      interactiveClientId: "my-spa",
      lastUsername: "ivan",
    });
    expect(settings.get()).toEqual(saved);
  });

  it("keeps the custom addresses exactly as typed", async () => {
    const settings = new SettingsStore(new MemoryStore());
    await settings.load();
    expect(await settings.save({ ...CUSTOM, preset: "custom" })).toEqual({});
    expect(settings.get()).toEqual(CUSTOM);
  });

  it("stores nothing and tells no one when an address is wrong", async () => {
    const store = new MemoryStore();
    const settings = new SettingsStore(store);
    await settings.load();
    const heard: ServiceSettings[] = [];
    settings.subscribe((s) => heard.push(s));
    const errors = await settings.save({ ...CUSTOM, preset: "custom", authUrl: "auth.example.com" });
    expect(errors).toEqual({ authUrl: "not-address" });
    expect(await store.getItem(SETTINGS_KEY)).toBeNull();
    expect(heard).toEqual([]);
    expect(settings.get()).toEqual(emulatorSettings());
  });

  it("remembers the chosen company and the form's values in storage, for the next start", async () => {
    const store = new MemoryStore();
    const settings = new SettingsStore(store);
    await settings.load();
    await settings.rememberCompany("company-9");
    expect(JSON.parse((await store.getItem(SETTINGS_KEY)) ?? "{}")).toMatchObject({
      lastCompanyId: "company-9",
    });
    await settings.rememberFormDefaults("client-1", "anna");
    expect(JSON.parse((await store.getItem(SETTINGS_KEY)) ?? "{}")).toMatchObject({
      lastCompanyId: "company-9",
      lastClientId: "client-1",
      lastUsername: "anna",
    });
  });
});

describe("addresses as the HTTP layer gets them", () => {
  it("are trimmed and lose their trailing slashes", () => {
    expect(
      toServiceUrls({
        ...CUSTOM,
        preset: "custom",
        authUrl: "  https://auth.example.com/ ",
        valueUrl: "https://value.example.com/odata///",
        platformUrl: "https://platform.example.com",
      }),
    ).toEqual({
      auth: "https://auth.example.com",
      value: "https://value.example.com/odata",
      platform: "https://platform.example.com",
    });
  });
});

describe("what the Settings screen says of a wrong field", () => {
  // The session says what is wrong as a code (validateSettings); the screen words it.
  const custom = (platformUrl: string): ServiceSettings => ({ ...CUSTOM, preset: "custom", platformUrl });
  it.each([
    ["   ", "empty", "Enter the address, for example https://example.com."],
    [
      " platform.example.com ",
      "not-address",
      "This is not a web address. Enter it with https://, for example https://example.com.",
    ],
    [
      "https://me:pw@platform.example.com",
      "credentials",
      "Leave the user name and password out of the address.",
    ],
    ["https://platform.example.com/?a=1", "query", 'Leave the "?" and "#" parts out of the address.'],
    [
      "http://platform.example.com",
      "http-not-local",
      "Use https://. Plain http:// is only allowed for this computer (localhost).",
    ],
    ["ftp://platform.example.com", "scheme", "The address must start with https://."],
  ])("%j: %s", (value, problem, sentence) => {
    expect(validateSettings(custom(value)).platformUrl).toBe(problem);
    expect(settingsProblems(custom(value)).platformUrl).toBe(sentence);
  });

  it("names each field that is wrong, the client id as empty", () => {
    expect(
      validateSettings({
        ...CUSTOM,
        preset: "custom",
        authUrl: "",
        valueUrl: "",
        platformUrl: "",
        interactiveClientId: "",
      }),
    ).toEqual({ authUrl: "empty", valueUrl: "empty", platformUrl: "empty", interactiveClientId: "empty" });
  });
});
