// The sign-in's credentials: the in-memory form, and the form kept on this computer with "keep me
// signed in" (OfficeRuntime.storage, see storage.ts), parsed by a schema when read back.
//
// Kept on this computer, one record per authorization server under CREDENTIALS_KEY_PREFIX + its
// address, and nothing else: what the refresh grant needs to renew the sign-in after a restart
// (renewal.ts) — the refresh token, the client id and, for a password sign-in (a confidential API
// client), the client secret. Not the password (it would outlive a password change and is the one
// secret the user reuses elsewhere), not the user name or the sign-in method (the header reads the
// user from the token; the method follows from the client secret), not the access or id token.
// Never the workbook (document settings, custom XML, cells) and never logs. Sign-out removes the
// record (Session.signOut, forget below).

import { z } from "zod";
import type { Logger } from "../log/logger";
import type { SignInMethod } from "./state";
import type { KeyValueStore } from "./storage";

export const CREDENTIALS_KEY_PREFIX = "boq-bridge.signin.v1:";

/**
 * What "keep me signed in" saves, one record per authorization server. Version 1 also held the
 * method and the user name; it is still read (those fields are dropped), and the restore's
 * renewal writes it again as version 2 at once.
 */
export const storedCredentialsSchema = z.object({
  v: z.union([z.literal(1), z.literal(2)]),
  clientId: z.string(),
  clientSecret: z.string().optional().catch(undefined),
  refreshToken: z.string(),
});
export type StoredCredentials = z.output<typeof storedCredentialsSchema>;

/** The fields a kept sign-in holds, exactly (tests compare the stored record with them). */
export const STORED_CREDENTIAL_FIELDS = ["v", "clientId", "refreshToken", "clientSecret"] as const;

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
    // Only a password sign-in's API client has a secret; the sign-in window's client is public.
    method: stored.clientSecret ? "password" : "interactive",
    clientId: stored.clientId,
    clientSecret: stored.clientSecret,
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

  /**
   * Saves what "keep me signed in" keeps; without it (or without a refresh token) removes the
   * record. False when the storage refused it (full: Office's storage is shared by the add-ins of
   * one site, 10 MB): the sign-in goes on in memory, and the record of an earlier save is removed,
   * since its refresh token may be used up by the renewal that brought this one.
   */
  async save(c: Credentials): Promise<boolean> {
    const key = this.key();
    if (!c.keepSignedIn || !c.refreshToken) {
      await this.store.removeItem(key).catch(() => undefined);
      return true;
    }
    const record: StoredCredentials = { v: 2, clientId: c.clientId, refreshToken: c.refreshToken };
    if (c.method === "password" && c.clientSecret) record.clientSecret = c.clientSecret;
    try {
      await this.store.setItem(key, JSON.stringify(record));
      this.savedUnderKey = key;
      this.mine = record.refreshToken;
      return true;
    } catch (e) {
      this.log.warn("could not keep the sign-in on this computer", e);
      await this.forget({ onlyMine: true });
      return false;
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
