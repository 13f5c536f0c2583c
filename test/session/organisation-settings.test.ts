// The organisation's preset in the settings: what everyone starts with, the only setting when users
// may not change it, the first choice when they may; never saved with the user's own settings.
import {
  SETTINGS_KEY,
  SettingsStore,
  isConfigured,
  type OrganisationPreset,
  type ServiceSettings,
} from "../../src/session/settings";
import { MemoryStore } from "../../src/session/storage";

const LOCKED: OrganisationPreset = {
  authUrl: "https://auth.example.com",
  valueUrl: "https://value.example.com",
  platformUrl: "https://platform.example.com",
  interactiveClientId: "boq-spa",
  usersMayChange: false,
};
const OPEN: OrganisationPreset = { ...LOCKED, usersMayChange: true };
const USERS_OWN: ServiceSettings = {
  preset: "custom",
  emulatorScheme: "https",
  authUrl: "https://auth.other.example",
  valueUrl: "https://value.other.example",
  platformUrl: "https://platform.other.example",
  interactiveClientId: "other-spa",
  lastUsername: "estimator@example.com",
};

async function storeWith(
  organisation: OrganisationPreset | null,
  saved?: ServiceSettings,
  memory = new MemoryStore(),
): Promise<{ settings: SettingsStore; memory: MemoryStore }> {
  if (saved) await memory.setItem(SETTINGS_KEY, JSON.stringify(saved));
  const settings = new SettingsStore(memory, () => Promise.resolve(organisation));
  await settings.load();
  return { settings, memory };
}

async function savedJson(memory: MemoryStore): Promise<Record<string, unknown>> {
  return JSON.parse((await memory.getItem(SETTINGS_KEY)) ?? "{}") as Record<string, unknown>;
}

describe("an organisation's preset", () => {
  it("is what a first start uses, ready for sign-in", async () => {
    const { settings } = await storeWith(LOCKED);
    expect(settings.get()).toMatchObject({
      preset: "organisation",
      authUrl: LOCKED.authUrl,
      valueUrl: LOCKED.valueUrl,
      platformUrl: LOCKED.platformUrl,
      interactiveClientId: "boq-spa",
      organisation: LOCKED,
    });
    expect(isConfigured(settings.get())).toBe(true);
    expect(settings.urls().auth).toBe("https://auth.example.com");
  });

  it("needs no client id where the organisation signs in with passwords only", async () => {
    const { interactiveClientId: _none, ...withoutClient } = LOCKED;
    const { settings } = await storeWith(withoutClient);
    expect(settings.get().interactiveClientId).toBe("");
    expect(isConfigured(settings.get())).toBe(true);
  });

  it("replaces what a user saved before when users may not change it, keeping the remembered user name", async () => {
    const { settings } = await storeWith(LOCKED, USERS_OWN);
    expect(settings.get()).toMatchObject({ preset: "organisation", authUrl: LOCKED.authUrl });
    expect(settings.get().lastUsername).toBe("estimator@example.com");
  });

  it("cannot be changed in Settings when the organisation does not allow it", async () => {
    const { settings, memory } = await storeWith(LOCKED);
    expect(await settings.save({ ...USERS_OWN })).toEqual({});
    expect(settings.get()).toMatchObject({ preset: "organisation", authUrl: LOCKED.authUrl });
    expect(await savedJson(memory)).toMatchObject({ preset: "organisation", authUrl: LOCKED.authUrl });
  });

  it("leaves a user's own choice in force when users may change it, and offers the preset beside it", async () => {
    const { settings } = await storeWith(OPEN, USERS_OWN);
    expect(settings.get()).toMatchObject({
      preset: "custom",
      authUrl: USERS_OWN.authUrl,
      organisation: OPEN,
    });
  });

  it("lets a user choose another platform and come back to the organisation's", async () => {
    const { settings, memory } = await storeWith(OPEN);
    expect(settings.get().preset).toBe("organisation");
    expect(await settings.save({ ...USERS_OWN })).toEqual({});
    const again = await storeWith(OPEN, undefined, memory);
    expect(again.settings.get()).toMatchObject({ preset: "custom", authUrl: USERS_OWN.authUrl });
    expect(await again.settings.save({ ...again.settings.get(), preset: "organisation" })).toEqual({});
    expect(again.settings.get()).toMatchObject({ preset: "organisation", authUrl: OPEN.authUrl });
  });

  it("is never written to the user's storage: the next start reads config.json again", async () => {
    const { settings, memory } = await storeWith(OPEN);
    await settings.rememberFormDefaults("client-1", "someone@example.com");
    await settings.rememberCompany("company-1");
    expect(await savedJson(memory)).not.toHaveProperty("organisation");
    // The organisation moved its platform: the next start follows it.
    const moved = { ...OPEN, authUrl: "https://auth2.example.com" };
    const next = await storeWith(moved, undefined, memory);
    expect(next.settings.get()).toMatchObject({
      authUrl: "https://auth2.example.com",
      lastCompanyId: "company-1",
    });
  });

  it("is ignored when an address is not one the add-in may use", async () => {
    const { settings } = await storeWith({ ...LOCKED, valueUrl: "http://value.example.com" });
    expect(settings.get().preset).not.toBe("organisation");
    expect(settings.get().organisation).toBeUndefined();
  });

  it("falls back to the build's default once the organisation removes its preset", async () => {
    const { memory } = await storeWith(LOCKED);
    const { settings } = await storeWith(null, undefined, memory);
    expect(settings.get().preset).toBe("emulator");
    expect(settings.get().organisation).toBeUndefined();
  });
});
