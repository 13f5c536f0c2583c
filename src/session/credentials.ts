// The sign-in's credentials: the in-memory form, and the form kept on this computer with "keep me
// signed in" (OfficeRuntime.storage, see storage.ts), parsed by a schema when read back.
//
// Kept on this computer: the refresh token, the client id and (password grant) the client secret.
// Never the password: a stored password would outlive a password change and is the one secret the
// user reuses elsewhere. Never the workbook (document settings, custom XML, cells) and never logs.

import { z } from "zod";
import type { Logger } from "../log/logger";
import type { SignInMethod } from "./state";
import type { KeyValueStore } from "./storage";

export const CREDENTIALS_KEY_PREFIX = "boq-bridge.signin.v1:";

/** What "keep me signed in" saves, one record per authorization server. */
export const storedCredentialsSchema = z.object({
  v: z.literal(1),
  method: z.enum(["password", "interactive"]),
  clientId: z.string(),
  clientSecret: z.string().optional().catch(undefined),
  refreshToken: z.string(),
  username: z.string().optional().catch(undefined),
});
export type StoredCredentials = z.output<typeof storedCredentialsSchema>;

/** The credentials of the current sign-in, in memory only. */
export interface Credentials {
  method: SignInMethod;
  clientId: string;
  clientSecret?: string;
  username?: string;
  /** Only with keepSignedIn, only in memory. */
  password?: string;
  refreshToken?: string;
  idToken?: string;
  keepSignedIn: boolean;
}

/** The stored record, or null when there is none or it is unreadable (an older or damaged form). */
export function parseStoredCredentials(raw: string | null): StoredCredentials | null {
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = storedCredentialsSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export function credentialsFromStored(stored: StoredCredentials): Credentials {
  return {
    method: stored.method,
    clientId: stored.clientId,
    clientSecret: stored.clientSecret,
    username: stored.username,
    refreshToken: stored.refreshToken,
    keepSignedIn: true,
  };
}

/** Reads, writes and forgets the kept sign-in of the configured authorization server. */
export class CredentialStore {
  /** The key the sign-in was saved (or read) under, even if the settings changed since. */
  private savedUnderKey: string | null = null;
  /**
   * The refresh token this runtime last wrote or read. Another runtime (another open workbook)
   * shares the storage: a different saved token is theirs, and an automatic sign-out here must
   * not delete it.
   */
  private mine: string | null = null;

  constructor(
    private readonly store: KeyValueStore,
    private readonly authUrl: () => string,
    private readonly log: Logger,
  ) {}

  private key(): string {
    return `${CREDENTIALS_KEY_PREFIX}${this.authUrl()}`;
  }

  /** The kept sign-in of the configured server; null when none or unreadable. */
  async read(): Promise<StoredCredentials | null> {
    let stored: StoredCredentials | null;
    try {
      stored = parseStoredCredentials(await this.store.getItem(this.key()));
    } catch {
      stored = null;
    }
    if (stored) {
      this.savedUnderKey = this.key();
      this.mine = stored.refreshToken;
    }
    return stored;
  }

  /** Saves what "keep me signed in" keeps; without it (or without a refresh token) removes the record. */
  async save(c: Credentials): Promise<void> {
    const key = this.key();
    if (!c.keepSignedIn || !c.refreshToken) {
      await this.store.removeItem(key).catch(() => undefined);
      return;
    }
    const record: StoredCredentials = {
      v: 1,
      method: c.method,
      clientId: c.clientId,
      refreshToken: c.refreshToken,
      username: c.username,
    };
    if (c.method === "password" && c.clientSecret) record.clientSecret = c.clientSecret;
    try {
      await this.store.setItem(key, JSON.stringify(record));
      this.savedUnderKey = key;
      this.mine = record.refreshToken;
    } catch (e) {
      this.log.warn("could not save the sign-in on this computer", e);
    }
  }

  /**
   * Removes the kept sign-in of the configured server and of the one it was saved for. With
   * `onlyMine`, a record holding a refresh token this runtime did not write or read stays: it is
   * another workbook's newer sign-in.
   */
  async forget(options: { onlyMine?: boolean } = {}): Promise<void> {
    for (const key of new Set([this.key(), this.savedUnderKey])) {
      if (!key) continue;
      if (options.onlyMine) {
        const raw = await this.store.getItem(key).catch(() => null);
        const stored = parseStoredCredentials(raw);
        if (stored && stored.refreshToken !== this.mine) continue;
      }
      await this.store.removeItem(key).catch(() => undefined);
    }
    this.savedUnderKey = null;
    this.mine = null;
  }

  /**
   * Whether the saved sign-in holds `known`: then another runtime that read it too may be
   * renewing it right now (and will save the new token).
   */
  async holds(known: string): Promise<boolean> {
    try {
      return parseStoredCredentials(await this.store.getItem(this.key()))?.refreshToken === known;
    } catch {
      return false;
    }
  }

  /** The saved refresh token when it differs from `known` (another runtime renewed since). */
  async newerThan(known: string): Promise<string | null> {
    let stored: StoredCredentials | null;
    try {
      stored = parseStoredCredentials(await this.store.getItem(this.key()));
    } catch {
      return null;
    }
    if (!stored || stored.refreshToken === known) return null;
    this.mine = stored.refreshToken;
    return stored.refreshToken;
  }
}
