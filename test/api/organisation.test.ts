// config.json, the organisation's preset: read beside the page, revalidated, without credentials;
// a missing file is no preset, a broken one is reported, never half applied.
import { fetchOrganisationConfig } from "../../src/api/organisation";

const PAGE = "https://addins.example.com/boq-bridge/taskpane.html";
const PRESET = {
  authUrl: "https://auth.example.com",
  valueUrl: "https://value.example.com",
  platformUrl: "https://platform.example.com",
};

function answering(status: number, body: string) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetchFn = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return new Response(body, { status, headers: { "Content-Type": "application/json" } });
  }) as typeof fetch;
  return { calls, fetchFn };
}

describe("fetchOrganisationConfig", () => {
  it("reads config.json beside the page, revalidated and without credentials", async () => {
    const { calls, fetchFn } = answering(200, JSON.stringify({ platform: PRESET }));
    expect(await fetchOrganisationConfig(PAGE, fetchFn)).toEqual({
      kind: "preset",
      preset: { ...PRESET, usersMayChange: false },
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe("https://addins.example.com/boq-bridge/config.json");
    expect(calls[0]?.init).toMatchObject({ cache: "no-cache", credentials: "omit" });
  });

  it("keeps the client id and whether users may change the platform", async () => {
    const platform = { ...PRESET, interactiveClientId: " boq-spa ", usersMayChange: true };
    const { fetchFn } = answering(200, JSON.stringify({ platform, comment: "edited by IT" }));
    expect(await fetchOrganisationConfig(PAGE, fetchFn)).toEqual({
      kind: "preset",
      preset: { ...PRESET, interactiveClientId: "boq-spa", usersMayChange: true },
    });
  });

  it.each([
    ["the file the build writes", 200, JSON.stringify({ platform: null })],
    ["an empty object", 200, "{}"],
    ["no file on the host", 404, "not found"],
  ])("gives no preset for %s", async (_label, status, body) => {
    expect(await fetchOrganisationConfig(PAGE, answering(status, body).fetchFn)).toEqual({ kind: "none" });
  });

  it("gives no preset, and asks nothing, when the page's own address cannot be read", async () => {
    const { calls, fetchFn } = answering(200, JSON.stringify({ platform: PRESET }));
    expect(await fetchOrganisationConfig("about:blank", fetchFn)).toEqual({ kind: "none" });
    expect(calls).toHaveLength(0);
  });

  it("names every wrong field by its path, and a file that is no object as the top", async () => {
    const wrong = await fetchOrganisationConfig(
      PAGE,
      answering(200, JSON.stringify({ platform: { authUrl: "https://a.example.com" } })).fetchFn,
    );
    expect(wrong).toEqual({
      kind: "invalid",
      reason: "/boq-bridge/config.json has wrong fields: platform.valueUrl, platform.platformUrl",
    });
    const list = await fetchOrganisationConfig(PAGE, answering(200, JSON.stringify([PRESET])).fetchFn);
    expect(list).toEqual({ kind: "invalid", reason: "/boq-bridge/config.json has wrong fields: (top)" });
  });

  it("gives no preset when the host cannot be reached", async () => {
    const fetchFn = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    expect(await fetchOrganisationConfig(PAGE, fetchFn)).toEqual({ kind: "none" });
  });

  it.each([
    ["text that is not JSON", 200, "platform = auth.example.com", /is not JSON/],
    [
      "a missing address",
      200,
      JSON.stringify({ platform: { authUrl: "https://a.example.com" } }),
      /valueUrl/,
    ],
    [
      "a flag that is not true or false",
      200,
      JSON.stringify({ platform: { ...PRESET, usersMayChange: "no" } }),
      /usersMayChange/,
    ],
    ["a server error", 500, "", /answered 500/],
  ])("reports %s instead of applying part of it", async (_label, status, body, reason) => {
    const result = await fetchOrganisationConfig(PAGE, answering(status, body).fetchFn);
    expect(result.kind).toBe("invalid");
    expect(result.kind === "invalid" ? result.reason : "").toMatch(reason);
  });
});
