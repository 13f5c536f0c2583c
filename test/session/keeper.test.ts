// The token keeper on its own: when a token counts as expiring (its own exp claim first, the
// token response's expires_in otherwise, never when neither says), which refusals make it try
// the refresh token another workbook saved, and what it keeps from a renewal.
import { ApiError } from "../../src/api/errors";
import type { TokenResponse } from "../../src/api/schemas";
import type { Logger } from "../../src/log/logger";
import type { Credentials } from "../../src/session/credentials";
import { TokenKeeper, type Grants, type RenewalHooks } from "../../src/session/renewal";
import { fakeJwt } from "./helpers";

const quiet: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
const CREDS: Credentials = { method: "interactive", clientId: "spa", refreshToken: "r1", keepSignedIn: true };

function keeper(grants: Partial<Grants>, now: () => number, hooks: Partial<RenewalHooks> = {}) {
  const calls = { refresh: [] as string[], refused: 0, renewed: 0, waits: [] as number[] };
  const all: Grants = {
    refresh: (input) => {
      calls.refresh.push(input.refreshToken);
      return grants.refresh ? grants.refresh(input) : Promise.reject(new Error("no refresh"));
    },
    password: (input) =>
      grants.password ? grants.password(input) : Promise.reject(new Error("no password")),
  };
  const k = new TokenKeeper(all, now, quiet, (ms) => {
    calls.waits.push(ms);
    return Promise.resolve();
  });
  k.connect({
    restore: () => Promise.resolve(),
    newerSavedRefreshToken: () => Promise.resolve(null),
    sharesSavedRefreshToken: () => Promise.resolve(false),
    restoreFailure: () => null,
    renewed: () => {
      calls.renewed++;
      return Promise.resolve();
    },
    refused: () => {
      calls.refused++;
      return Promise.resolve();
    },
    ...hooks,
  });
  return { k, calls };
}

const opaque = (n: number): TokenResponse => ({
  access_token: `opaque-${n}`,
  token_type: "Bearer",
  expires_in: 60,
});

describe("when a token expires", () => {
  it("by its own exp claim, even when expires_in says otherwise", () => {
    const { k } = keeper({}, () => 1_000_000);
    k.adopt({ access_token: fakeJwt({ exp: 5_000 }), token_type: "Bearer", expires_in: 99_999 }, CREDS);
    expect(k.expiresAt).toBe(5_000_000);
  });

  it("by expires_in (seconds) for an opaque token, and not at all when neither says", () => {
    const { k } = keeper({}, () => 1_000_000);
    k.adopt(opaque(1), CREDS);
    expect(k.expiresAt).toBe(1_060_000);
    k.adopt({ access_token: "opaque-2", token_type: "Bearer" }, CREDS);
    expect(k.expiresAt).toBeNull();
    k.adopt({ access_token: "opaque-3", token_type: "Bearer", expires_in: 0 }, CREDS);
    expect(k.expiresAt).toBeNull();
  });

  it("is renewed a tenth of its lifetime before its end (a minute-long opaque token: 6 s before)", async () => {
    let now = 1_000_000;
    let n = 1;
    const { k, calls } = keeper({ refresh: () => Promise.resolve(opaque(++n)) }, () => now);
    k.adopt(opaque(1), CREDS);
    now = 1_000_000 + 53_999;
    await expect(k.getAccessToken()).resolves.toBe("opaque-1");
    now = 1_000_000 + 54_000;
    await expect(k.getAccessToken()).resolves.toBe("opaque-2");
    expect(calls.refresh).toEqual(["r1"]);
  });

  it("with only an exp claim, the lifetime is the time left when it came", async () => {
    let now = 1_000_000;
    const { k } = keeper({ refresh: () => Promise.resolve(opaque(2)) }, () => now);
    k.adopt({ access_token: fakeJwt({ exp: 1_100 }), token_type: "Bearer" }, CREDS); // 100 s: 10 s margin
    now = 1_089_999;
    expect(await k.getAccessToken()).not.toBe("opaque-2");
    now = 1_090_000;
    await expect(k.getAccessToken()).resolves.toBe("opaque-2");
  });
});

describe("what a renewal keeps", () => {
  it("keeps the refresh token and id token it had when the answer has none (no rotation)", async () => {
    const { k } = keeper({ refresh: () => Promise.resolve(opaque(2)) }, () => 0);
    k.adopt(opaque(1), { ...CREDS, idToken: "id-1" });
    await k.renewAfterUnauthorized("opaque-1");
    expect(k.current).toMatchObject({ refreshToken: "r1", idToken: "id-1" });
  });

  it("takes the new ones when the answer has them", async () => {
    const { k } = keeper(
      { refresh: () => Promise.resolve({ ...opaque(2), refresh_token: "r2", id_token: "id-2" }) },
      () => 0,
    );
    k.adopt(opaque(1), { ...CREDS, idToken: "id-1" });
    await k.renewAfterUnauthorized("opaque-1");
    expect(k.current).toMatchObject({ refreshToken: "r2", idToken: "id-2" });
  });
});

describe("the refresh token another workbook saved", () => {
  it("is tried only when the server says the refresh token is no longer valid (invalid_grant)", async () => {
    const tried: string[] = [];
    const fail = (code: string) => () =>
      Promise.reject(new ApiError({ kind: "auth", endpoint: "token", code }));
    for (const code of ["invalid_grant", "invalid_client"]) {
      const { k, calls } = keeper({ refresh: fail(code) }, () => 0, {
        newerSavedRefreshToken: () => {
          tried.push(code);
          return Promise.resolve(null);
        },
      });
      k.adopt(opaque(1), CREDS);
      await expect(k.renewAfterUnauthorized("opaque-1")).rejects.toMatchObject({ kind: "signed-out" });
      expect(calls.refused).toBe(1);
    }
    expect(tried).toEqual(["invalid_grant"]);
  });

  it("is looked for again while the saved sign-in still holds the refused token", async () => {
    // Another workbook used the same kept token a moment ago: its new one is saved on the third look.
    let looks = 0;
    const { k, calls } = keeper(
      {
        refresh: (input) =>
          input.refreshToken === "r1"
            ? Promise.reject(new ApiError({ kind: "auth", endpoint: "token", code: "invalid_grant" }))
            : Promise.resolve({ ...opaque(2), refresh_token: "r3" }),
      },
      () => 0,
      {
        newerSavedRefreshToken: () => Promise.resolve(++looks >= 3 ? "r2" : null),
        sharesSavedRefreshToken: () => Promise.resolve(true),
      },
    );
    k.adopt(opaque(1), CREDS);
    await expect(k.renewAfterUnauthorized("opaque-1")).resolves.toBe("opaque-2");
    expect(calls.refresh).toEqual(["r1", "r2"]);
    expect(calls.waits).toEqual([100, 200]);
    expect(calls.refused).toBe(0);
    expect(k.current?.refreshToken).toBe("r3");
  });

  it("gives up after a few seconds when no runtime saves a newer one", async () => {
    const { k, calls } = keeper(
      {
        refresh: () =>
          Promise.reject(new ApiError({ kind: "auth", endpoint: "token", code: "invalid_grant" })),
      },
      () => 0,
      { sharesSavedRefreshToken: () => Promise.resolve(true) },
    );
    k.adopt(opaque(1), CREDS);
    await expect(k.renewAfterUnauthorized("opaque-1")).rejects.toMatchObject({ kind: "signed-out" });
    const waited = calls.waits.reduce((a, b) => a + b, 0);
    expect(waited).toBeGreaterThanOrEqual(2_000);
    expect(waited).toBeLessThanOrEqual(5_000);
    expect(calls.refused).toBe(1);
  });

  it("does not wait when the sign-in is not saved (nobody else holds the token)", async () => {
    const { k, calls } = keeper(
      {
        refresh: () =>
          Promise.reject(new ApiError({ kind: "auth", endpoint: "token", code: "invalid_grant" })),
      },
      () => 0,
    );
    k.adopt(opaque(1), CREDS);
    await expect(k.renewAfterUnauthorized("opaque-1")).rejects.toMatchObject({ kind: "signed-out" });
    expect(calls.waits).toEqual([]);
  });

  it("is not asked for when the token endpoint did not answer, and the session is kept", async () => {
    let asked = 0;
    const { k, calls } = keeper(
      {
        refresh: () => Promise.reject(new ApiError({ kind: "network", endpoint: "token" })),
      },
      () => 0,
      {
        newerSavedRefreshToken: () => {
          asked++;
          return Promise.resolve(null);
        },
      },
    );
    k.adopt(opaque(1), { ...CREDS, method: "password", clientSecret: "s", username: "u", password: "p" });
    await expect(k.renewAfterUnauthorized("opaque-1")).rejects.toMatchObject({ kind: "network" });
    expect(asked).toBe(0);
    expect(calls.refused).toBe(0);
    expect(k.current).not.toBeNull();
  });
});

describe("a keeper used before the session connected", () => {
  it("says so instead of failing obscurely", async () => {
    const k = new TokenKeeper(
      { refresh: () => Promise.reject(new Error()), password: () => Promise.reject(new Error()) },
      () => 0,
      quiet,
    );
    await expect(k.getAccessToken()).rejects.toThrow("TokenKeeper used before the session connected to it");
  });

  it("has no company claim and no expiry before a sign-in, and a new epoch after each clear", () => {
    const { k } = keeper({}, () => 0);
    expect(k.companyClaim).toBeUndefined();
    expect(k.expiresAt).toBeNull();
    const before = k.epoch;
    k.adopt({ access_token: fakeJwt({ company_id: "c9", exp: 10 }), token_type: "Bearer" }, CREDS);
    expect(k.companyClaim).toBe("c9");
    k.clear();
    expect(k.epoch).toBe(before + 1);
    expect(k.current).toBeNull();
    expect(k.expiresAt).toBeNull();
  });
});
