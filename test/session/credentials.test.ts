import type { Logger } from "../../src/log/logger";
import {
  CREDENTIALS_KEY_PREFIX,
  CredentialStore,
  credentialsFromStored,
  parseStoredCredentials,
  STORED_CREDENTIAL_FIELDS,
  type Credentials,
} from "../../src/session/credentials";
import { MemoryStore, type KeyValueStore } from "../../src/session/storage";

describe("the kept sign-in read back from this computer", () => {
  const good = { v: 2 as const, clientId: "c1", clientSecret: "s1", refreshToken: "r1" };

  it("is read when it has the saved form", () => {
    expect(parseStoredCredentials(JSON.stringify(good))).toEqual(good);
  });

  it("reads the first version's record, dropping what renewal does not need", () => {
    const first = { ...good, v: 1, method: "password", username: "ivan" };
    expect(parseStoredCredentials(JSON.stringify(first))).toEqual({ ...good, v: 1 });
    expect(credentialsFromStored({ ...good, v: 1 })).toMatchObject({ method: "password", clientId: "c1" });
    const { clientSecret: _none, ...interactive } = good;
    expect(credentialsFromStored(interactive).method).toBe("interactive");
  });

  it("is ignored when damaged, of another version or without a refresh token", () => {
    expect(parseStoredCredentials("{not json")).toBeNull();
    expect(parseStoredCredentials(JSON.stringify({ ...good, v: 3 }))).toBeNull();
    const { refreshToken: _dropped, ...noToken } = good;
    expect(parseStoredCredentials(JSON.stringify(noToken))).toBeNull();
    expect(parseStoredCredentials(null)).toBeNull();
  });

  it("keeps the sign-in when only an optional field is malformed", () => {
    expect(parseStoredCredentials(JSON.stringify({ ...good, clientSecret: 42 }))).toEqual({
      ...good,
      clientSecret: undefined,
    });
  });
});

describe("the credential store", () => {
  const AUTH = "https://auth.example.com";
  const KEY = `${CREDENTIALS_KEY_PREFIX}${AUTH}`;
  const kept: Credentials = {
    method: "password",
    clientId: "c1",
    clientSecret: "s1",
    username: "ivan",
    password: "never-stored",
    refreshToken: "r1",
    keepSignedIn: true,
  };
  const warnings: string[] = [];
  const log: Logger = {
    debug: () => undefined,
    info: () => undefined,
    warn: (m) => warnings.push(m),
    error: () => undefined,
  };
  beforeEach(() => (warnings.length = 0));

  it("keeps only what renewal needs under the server's key: refresh token, client id, secret", async () => {
    const store = new MemoryStore();
    await new CredentialStore(store, () => AUTH, log).save({ ...kept, idToken: "id-token-1" });
    expect([...store.items.keys()]).toEqual([KEY]);
    const raw = store.items.get(KEY) ?? "";
    expect(JSON.parse(raw)).toEqual({ v: 2, clientId: "c1", clientSecret: "s1", refreshToken: "r1" });
    expect(Object.keys(JSON.parse(raw) as object).sort()).toEqual([...STORED_CREDENTIAL_FIELDS].sort());
    for (const never of ["never-stored", "ivan", "id-token-1", "password"]) expect(raw).not.toContain(never);
  });

  it("keeps no client secret for an interactive sign-in", async () => {
    const store = new MemoryStore();
    await new CredentialStore(store, () => AUTH, log).save({ ...kept, method: "interactive" });
    expect(JSON.parse(store.items.get(KEY) ?? "{}")).not.toHaveProperty("clientSecret");
  });

  it("removes the record when the sign-in is not to be kept, or has no refresh token", async () => {
    const store = new MemoryStore();
    const credentials = new CredentialStore(store, () => AUTH, log);
    await credentials.save(kept);
    await credentials.save({ ...kept, keepSignedIn: false });
    expect(store.items.has(KEY)).toBe(false);
    await credentials.save(kept);
    await credentials.save({ ...kept, refreshToken: undefined });
    expect(store.items.has(KEY)).toBe(false);
  });

  it("survives a storage that fails: the sign-in goes on, unsaved, with a warning", async () => {
    const broken: KeyValueStore = {
      getItem: () => Promise.reject(new Error("storage unavailable")),
      setItem: () => Promise.reject(new Error("quota exceeded")),
      removeItem: () => Promise.reject(new Error("storage unavailable")),
    };
    const credentials = new CredentialStore(broken, () => AUTH, log);
    await expect(credentials.save(kept)).resolves.toBe(false);
    expect(warnings).toEqual(["could not keep the sign-in on this computer"]);
    await expect(credentials.read()).resolves.toBeNull();
    await expect(credentials.newerThan("r1")).resolves.toBeNull();
    await expect(credentials.forget()).resolves.toBeUndefined();
  });

  it("removes its earlier record when the storage refuses a renewed one (its token may be used up)", async () => {
    const store = new MemoryStore();
    const credentials = new CredentialStore(store, () => AUTH, log);
    await expect(credentials.save(kept)).resolves.toBe(true);
    store.setItem = () => Promise.reject(new DOMException("quota", "QuotaExceededError"));
    await expect(credentials.save({ ...kept, refreshToken: "r2" })).resolves.toBe(false);
    expect(store.items.has(KEY)).toBe(false);
  });

  it("tells of a refresh token another runtime saved since, once", async () => {
    const store = new MemoryStore();
    const mine = new CredentialStore(store, () => AUTH, log);
    await mine.save(kept);
    await expect(mine.newerThan("r1")).resolves.toBeNull();
    await new CredentialStore(store, () => AUTH, log).save({ ...kept, refreshToken: "r2" });
    await expect(mine.newerThan("r1")).resolves.toBe("r2");
    await expect(mine.newerThan("r2")).resolves.toBeNull();
  });

  it("tells whether the saved sign-in still holds a refresh token (shared with another runtime)", async () => {
    const store = new MemoryStore();
    const mine = new CredentialStore(store, () => AUTH, log);
    await expect(mine.holds("r1")).resolves.toBe(false);
    await mine.save(kept);
    await expect(mine.holds("r1")).resolves.toBe(true);
    await new CredentialStore(store, () => AUTH, log).save({ ...kept, refreshToken: "r2" });
    await expect(mine.holds("r1")).resolves.toBe(false);
    const broken: KeyValueStore = {
      getItem: () => Promise.reject(new Error("storage unavailable")),
      setItem: () => Promise.resolve(),
      removeItem: () => Promise.resolve(),
    };
    await expect(new CredentialStore(broken, () => AUTH, log).holds("r1")).resolves.toBe(false);
  });

  it("on an automatic sign-out leaves another runtime's newer sign-in, and forgets its own", async () => {
    const store = new MemoryStore();
    const mine = new CredentialStore(store, () => AUTH, log);
    await mine.save(kept);
    await new CredentialStore(store, () => AUTH, log).save({ ...kept, refreshToken: "r2" });
    await mine.forget({ onlyMine: true });
    expect(parseStoredCredentials(store.items.get(KEY) ?? null)?.refreshToken).toBe("r2");
    const theirs = new CredentialStore(store, () => AUTH, log);
    await theirs.read();
    await theirs.forget({ onlyMine: true });
    expect(store.items.has(KEY)).toBe(false);
  });

  it("forgets the record of the server it was saved for after the address changed", async () => {
    const store = new MemoryStore();
    let auth = AUTH;
    const credentials = new CredentialStore(store, () => auth, log);
    await credentials.save(kept);
    auth = "https://other-auth.example.com";
    await credentials.forget();
    expect([...store.items.keys()]).toEqual([]);
  });
});
