// The three service addresses (and the public client id for interactive sign-in), per user,
// outside the workbook. A development build starts with the "Local emulator" preset; a production
// build starts with no server configured (the pane says so and points to Settings). "Custom" takes
// any addresses that pass validation (HTTPS, or HTTP on this machine only). An organisation's
// preset (config.json beside the pages, read by the loader the store is given) comes first: it is
// what everyone starts with, and when the organisation does not let users change it, it is the
// only setting the store keeps.

import type { ServiceUrls } from "../api/http";
import type { OrganisationPreset } from "../api/organisation";
import type { KeyValueStore } from "./storage";

export type { OrganisationPreset };

export const SETTINGS_KEY = "boq-bridge.settings.v1";
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The emulator's CLI defaults (emulator/README.md): ports 4001-4003, HTTPS only when dev
 * certificates exist. A development build knows which of the two `npm start` serves on its
 * machine (DEFAULT_EMULATOR_SCHEME); the scheme can still be switched in the settings screen.
 */
export const EMULATOR_PORTS = { auth: 4001, value: 4002, platform: 4003 } as const;
/** The public PKCE client the emulator registers for the add-in's sign-in dialog. */
export const EMULATOR_INTERACTIVE_CLIENT_ID = "boq-bridge-spa";

export type Preset = "emulator" | "custom" | "organisation";
export type Scheme = "https" | "http";

export interface ServiceSettings {
  preset: Preset;
  /** Only for the emulator preset. */
  emulatorScheme: Scheme;
  authUrl: string;
  valueUrl: string;
  platformUrl: string;
  /** Client id of the public client used by the interactive (PKCE) sign-in. */
  interactiveClientId: string;
  /** Last client id and user name typed in the password form (not secret; saves typing). */
  lastClientId?: string;
  lastUsername?: string;
  /** The company last chosen in the pane (an id, not secret), chosen again at the next sign-in. */
  lastCompanyId?: string;
  /** The organisation's preset, when it gave one (from config.json at each start; never saved). */
  organisation?: OrganisationPreset;
}

/** Set by webpack's DefinePlugin (webpack.config.js, emulatorScheme); absent under Jest. */
declare const __BOQ_EMULATOR_SCHEME__: string | undefined;
/** The scheme the emulator serves on the machine that built the add-in; HTTPS when unknown. */
export const DEFAULT_EMULATOR_SCHEME: Scheme =
  typeof __BOQ_EMULATOR_SCHEME__ !== "undefined" && __BOQ_EMULATOR_SCHEME__ === "http" ? "http" : "https";

export function emulatorSettings(scheme: Scheme = DEFAULT_EMULATOR_SCHEME): ServiceSettings {
  return {
    preset: "emulator",
    emulatorScheme: scheme,
    authUrl: `${scheme}://localhost:${EMULATOR_PORTS.auth}`,
    valueUrl: `${scheme}://localhost:${EMULATOR_PORTS.value}`,
    platformUrl: `${scheme}://localhost:${EMULATOR_PORTS.platform}`,
    interactiveClientId: EMULATOR_INTERACTIVE_CLIENT_ID,
  };
}

/** The settings of an organisation's preset (its client id is optional: password sign-in needs none). */
export function organisationSettings(preset: OrganisationPreset): ServiceSettings {
  return {
    preset: "organisation",
    emulatorScheme: DEFAULT_EMULATOR_SCHEME,
    authUrl: preset.authUrl,
    valueUrl: preset.valueUrl,
    platformUrl: preset.platformUrl,
    interactiveClientId: preset.interactiveClientId ?? "",
    organisation: preset,
  };
}

/** Null when the organisation's addresses are usable, else which one is not. */
export function checkOrganisationPreset(preset: OrganisationPreset): string | null {
  for (const field of ["authUrl", "valueUrl", "platformUrl"] as const) {
    const problem = checkServiceUrl(preset[field]);
    if (problem) return `${field}: ${problem}`;
  }
  return null;
}

/** Set by webpack's DefinePlugin (false in a production build); absent under Jest (development). */
declare const __BOQ_DEVELOPMENT__: boolean | undefined;
export const IS_DEVELOPMENT_BUILD: boolean =
  typeof __BOQ_DEVELOPMENT__ === "undefined" ? true : __BOQ_DEVELOPMENT__;

/** No server yet: what a production build starts with, until the user enters the addresses. */
export const NO_SERVER: ServiceSettings = {
  preset: "custom",
  emulatorScheme: "https",
  authUrl: "",
  valueUrl: "",
  platformUrl: "",
  interactiveClientId: "",
};

/** The settings a build starts with: the emulator in development, no server in production. */
export function defaultSettings(development: boolean = IS_DEVELOPMENT_BUILD): ServiceSettings {
  return development ? emulatorSettings(DEFAULT_EMULATOR_SCHEME) : { ...NO_SERVER };
}

export const DEFAULT_SETTINGS: ServiceSettings = defaultSettings();

/** Whether the three addresses are set and valid (false for a production build's first start). */
export function isConfigured(s: ServiceSettings): boolean {
  return Object.keys(validateSettings(s)).length === 0;
}

export type UrlField = "authUrl" | "valueUrl" | "platformUrl";

/** What is wrong with a service address (the pane words it in the user's language). */
export type UrlProblem = "empty" | "not-address" | "credentials" | "query" | "http-not-local" | "scheme";

/** Null when the address is acceptable (HTTPS, or HTTP on this machine only), else the problem. */
export function checkServiceUrl(value: string): UrlProblem | null {
  const text = value.trim();
  if (text === "") return "empty";
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "not-address";
  }
  if (url.username || url.password) return "credentials";
  if (url.search || url.hash) return "query";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname)) return null;
  if (url.protocol === "http:") return "http-not-local";
  return "scheme";
}

/** True for an address on this computer (localhost, 127.0.0.1, [::1]). */
export function isLocalAddress(value: string): boolean {
  try {
    return LOCAL_HOSTS.has(new URL(value.trim()).hostname);
  } catch {
    return false;
  }
}

/**
 * What is wrong with each field, as codes the pane words in the user's language: an address's
 * UrlProblem, or "empty" for the interactive sign-in's client id.
 */
export type SettingsErrors = Partial<Record<UrlField, UrlProblem>> & { interactiveClientId?: "empty" };

export function validateSettings(s: ServiceSettings): SettingsErrors {
  const errors: SettingsErrors = {};
  for (const field of ["authUrl", "valueUrl", "platformUrl"] as const) {
    const problem = checkServiceUrl(s[field]);
    if (problem) errors[field] = problem;
  }
  if (s.interactiveClientId.trim() === "" && s.preset !== "organisation")
    errors.interactiveClientId = "empty";
  return errors;
}

export function toServiceUrls(s: ServiceSettings): ServiceUrls {
  const clean = (u: string) => u.trim().replace(/\/+$/, "");
  return { auth: clean(s.authUrl), value: clean(s.valueUrl), platform: clean(s.platformUrl) };
}

function isScheme(v: unknown): v is Scheme {
  return v === "https" || v === "http";
}

/** Reads stored settings leniently: anything missing or invalid falls back to the default. */
function fromStored(raw: string | null): ServiceSettings {
  if (!raw) return { ...DEFAULT_SETTINGS };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
  if (data === null || typeof data !== "object") return { ...DEFAULT_SETTINGS };
  const d = data as Record<string, unknown>;
  const str = (k: string): string | undefined => (typeof d[k] === "string" ? d[k] : undefined);
  const scheme = isScheme(d.emulatorScheme) ? d.emulatorScheme : DEFAULT_EMULATOR_SCHEME;
  // An organisation's preset is applied afresh at each start (load), never taken from storage.
  const base: ServiceSettings =
    d.preset === "organisation"
      ? { ...DEFAULT_SETTINGS }
      : d.preset === "custom"
        ? {
            preset: "custom",
            emulatorScheme: scheme,
            authUrl: str("authUrl") ?? "",
            valueUrl: str("valueUrl") ?? "",
            platformUrl: str("platformUrl") ?? "",
            interactiveClientId: str("interactiveClientId") ?? EMULATOR_INTERACTIVE_CLIENT_ID,
          }
        : emulatorSettings(scheme);
  if (d.preset !== "custom" && str("interactiveClientId"))
    base.interactiveClientId = str("interactiveClientId")!;
  const lastClientId = str("lastClientId");
  const lastUsername = str("lastUsername");
  const lastCompanyId = str("lastCompanyId");
  if (lastClientId) base.lastClientId = lastClientId;
  if (lastUsername) base.lastUsername = lastUsername;
  if (lastCompanyId) base.lastCompanyId = lastCompanyId;
  if (Object.keys(validateSettings(base)).length > 0)
    return { ...DEFAULT_SETTINGS, lastClientId, lastUsername, lastCompanyId };
  return base;
}

/** The platform a user chose in Settings and saved (not the build's default, not a broken entry). */
function storedChoice(raw: string | null): Preset | null {
  if (!raw) return null;
  try {
    const preset = (JSON.parse(raw) as { preset?: unknown } | null)?.preset;
    return preset === "custom" || preset === "emulator" ? preset : null;
  } catch {
    return null;
  }
}

/** The remembered, non-secret parts of the sign-in form and the company choice. */
function remembered(
  s: ServiceSettings,
): Pick<ServiceSettings, "lastClientId" | "lastUsername" | "lastCompanyId"> {
  return {
    ...(s.lastClientId ? { lastClientId: s.lastClientId } : {}),
    ...(s.lastUsername ? { lastUsername: s.lastUsername } : {}),
    ...(s.lastCompanyId ? { lastCompanyId: s.lastCompanyId } : {}),
  };
}

/**
 * The settings in force given what the user saved and the organisation's preset: the preset when
 * users may not change it or have not chosen another platform; otherwise the user's choice, with
 * the preset beside it for the settings screen.
 */
function withOrganisation(
  stored: ServiceSettings,
  choice: Preset | null,
  organisation: OrganisationPreset | null,
): ServiceSettings {
  if (!organisation) return stored;
  if (!organisation.usersMayChange || choice === null) {
    return { ...organisationSettings(organisation), ...remembered(stored) };
  }
  return { ...stored, organisation };
}

type Listener = (s: ServiceSettings) => void;

/** Holds the current settings in memory (read synchronously by the HTTP layer) and persists them. */
export class SettingsStore {
  private current: ServiceSettings = { ...DEFAULT_SETTINGS };
  private readonly listeners = new Set<Listener>();
  private loaded: Promise<ServiceSettings> | null = null;
  private organisation: OrganisationPreset | null = null;

  /** `loadOrganisation` gives the organisation's preset (null: none), read once with the settings. */
  constructor(
    private readonly store: KeyValueStore,
    private readonly loadOrganisation: () => Promise<OrganisationPreset | null> = () => Promise.resolve(null),
  ) {}

  get(): ServiceSettings {
    return this.current;
  }

  urls(): ServiceUrls {
    return toServiceUrls(this.current);
  }

  load(): Promise<ServiceSettings> {
    this.loaded ??= Promise.all([
      this.store.getItem(SETTINGS_KEY).then(
        (raw) => ({ raw, ok: true }),
        () => ({ raw: null, ok: false }),
      ),
      this.loadOrganisation().catch(() => null),
    ]).then(([{ raw, ok }, organisation]) => {
      this.organisation =
        organisation && checkOrganisationPreset(organisation) === null ? organisation : null;
      if (!ok && !this.organisation) return this.current;
      this.current = withOrganisation(fromStored(raw), storedChoice(raw), this.organisation);
      this.emit();
      return this.current;
    });
    return this.loaded;
  }

  /**
   * Validates and saves; returns the errors (empty object when saved). Where the organisation's
   * preset may not be changed, that preset is what is kept, whatever `next` says.
   */
  async save(next: ServiceSettings): Promise<SettingsErrors> {
    const organisation = this.organisation;
    const normalised: ServiceSettings =
      organisation && (!organisation.usersMayChange || next.preset === "organisation")
        ? { ...organisationSettings(organisation), ...remembered(next) }
        : next.preset === "emulator"
          ? {
              ...next,
              ...emulatorSettings(next.emulatorScheme),
              interactiveClientId: next.interactiveClientId,
              lastClientId: next.lastClientId,
              lastUsername: next.lastUsername,
              lastCompanyId: next.lastCompanyId,
            }
          : { ...next, preset: next.preset === "organisation" ? "custom" : next.preset };
    const errors = validateSettings(normalised);
    if (Object.keys(errors).length > 0) return errors;
    this.current = organisation ? { ...normalised, organisation } : { ...normalised };
    await this.persist();
    this.emit();
    return {};
  }

  /** Remembers the company chosen in the pane, for the next sign-in. */
  async rememberCompany(companyId: string): Promise<void> {
    this.current = { ...this.current, lastCompanyId: companyId };
    await this.persist();
  }

  /** Remembers the non-secret parts of the last password sign-in form. */
  async rememberFormDefaults(clientId: string, username: string): Promise<void> {
    this.current = { ...this.current, lastClientId: clientId, lastUsername: username };
    await this.persist();
  }

  /** The organisation's preset is read from config.json at each start, never kept with the user's. */
  private async persist(): Promise<void> {
    const { organisation: _organisation, ...own } = this.current;
    await this.store.setItem(SETTINGS_KEY, JSON.stringify(own));
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(): void {
    for (const l of this.listeners) l(this.current);
  }
}
