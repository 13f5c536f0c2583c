// The emulator's variations (emulator/src/variations.ts): each shows the platform's other form,
// and the default profile keeps the interface document's.
import { startTestEmulator, passwordToken } from "./helpers";
import { dotNetTimestamp, recaseKeys } from "../../../emulator/src/variations";

describe("the strict profile", () => {
  it("gives 5-second tokens, a minimal discovery document and unknown fields everywhere", async () => {
    const emu = await startTestEmulator({ profile: "strict" });
    try {
      const token = await passwordToken(emu);
      expect(token.expires_in).toBe(5);
      const discovery = (await (
        await fetch(`${emu.authUrl}/.well-known/openid-configuration`)
      ).json()) as Record<string, unknown>;
      expect(discovery.authorization_endpoint).toBeUndefined();
      expect(discovery.revocation_endpoint).toBe(`${emu.authUrl}/connect/revocation`);
      const companies = (await (
        await fetch(`${emu.authUrl}/api/app/company`, {
          headers: { Authorization: `Bearer ${token.access_token}` },
        })
      ).json()) as Record<string, unknown>[];
      expect(companies[0]).toHaveProperty("ConcurrencyStamp");
      expect(companies[0]).toHaveProperty("id");
    } finally {
      await emu.stop();
    }
  });

  it("keeps the interface's forms in the default profile", async () => {
    const emu = await startTestEmulator();
    try {
      const token = await passwordToken(emu);
      const discovery = (await (
        await fetch(`${emu.authUrl}/.well-known/openid-configuration`)
      ).json()) as Record<string, unknown>;
      expect(discovery.authorization_endpoint).toBe(`${emu.authUrl}/connect/authorize`);
      const companies = (await (
        await fetch(`${emu.authUrl}/api/app/company`, {
          headers: { Authorization: `Bearer ${token.access_token}` },
        })
      ).json()) as Record<string, unknown>[];
      expect(Object.keys(companies[0]!).sort()).toEqual(["id", "isPersonal", "name"]);
    } finally {
      await emu.stop();
    }
  });
});

describe("the variation helpers", () => {
  it("write .NET timestamps and either casing", () => {
    expect(dotNetTimestamp("2026-01-02T03:04:05.678Z")).toBe("2026-01-02T03:04:05.6780000");
    expect(dotNetTimestamp("not a date")).toBe("not a date");
    expect(recaseKeys({ JobId: 1, "@odata.nextLink": "x", Rows: [{ Code: "1" }] }, "camel")).toEqual({
      jobId: 1,
      "@odata.nextLink": "x",
      rows: [{ code: "1" }],
    });
  });
});
