// The company set-up's pure parts: the add-in's address from the page, the pre-filled client and a
// free name, the preset, and what a failure of the client API is.
import { ApiError } from "../../../src/api/errors";
import {
  addinAddress,
  addinClient,
  failureKind,
  freeName,
  isAddinClient,
  nameTaken,
  presetJson,
  type ApiClient,
} from "../../../src/taskpane/setup/setupModel";

const client = (clientName: string, redirectUris: string[] = []): ApiClient => ({
  clientId: `id-${clientName}`,
  clientName,
  description: "",
  redirectUris,
  platformServices: [],
});

describe("the add-in's address", () => {
  it("is the folder of the page, its sign-in page and its origin", () => {
    const address = addinAddress("https://addins.example.com/boq-bridge/taskpane.html?_host_Info=x#a");
    expect(address).toEqual({
      origin: "https://addins.example.com",
      base: "https://addins.example.com/boq-bridge/",
      redirectUri: "https://addins.example.com/boq-bridge/signin.html",
    });
    expect(addinAddress("http://localhost:3000/workbench.html").redirectUri).toBe(
      "http://localhost:3000/signin.html",
    );
  });

  it("pre-fills the add-in's client with a name the company does not have", () => {
    const address = addinAddress("https://a.example/x/taskpane.html");
    expect(addinClient(address, [client("Other")], "about")).toEqual({
      clientName: "BOQ Bridge",
      description: "about",
      redirectUris: ["https://a.example/x/signin.html"],
      platformServices: ["Platform.Value.Server"],
    });
    expect(freeName([client("boq bridge"), client("BOQ Bridge 2")])).toBe("BOQ Bridge 3");
    expect(nameTaken(" BOQ BRIDGE ", [client("BOQ Bridge")])).toBe(true);
    expect(nameTaken("BOQ Bridge", [client("BOQ Bridge")], "id-BOQ Bridge")).toBe(false);
    expect(isAddinClient(client("c", ["https://a.example/x/signin.html"]), address)).toBe(true);
    expect(isAddinClient(client("c", ["https://a.example/signin.html"]), address)).toBe(false);
  });
});

describe("the preset", () => {
  it("is the organisation's config.json for the platform and the client", () => {
    const json = presetJson({ auth: "https://auth", value: "https://value", platform: "https://p" }, "c-1");
    expect(JSON.parse(json)).toEqual({
      platform: {
        authUrl: "https://auth",
        valueUrl: "https://value",
        platformUrl: "https://p",
        interactiveClientId: "c-1",
        usersMayChange: false,
      },
    });
  });
});

describe("a failure of the client API", () => {
  const http = (status: number, members: string[][] = []) =>
    new ApiError({
      kind: "http",
      endpoint: "client-create",
      status,
      validationErrors: members.map((m) => ({ message: "no", members: m })),
    });

  it("is a refusal for any answer of no, whatever its status", () => {
    for (const status of [400, 401, 403, 404, 409]) expect(failureKind(http(status))).toBe("refused");
  });

  it("is a taken name when the platform's validation error names the name", () => {
    expect(failureKind(http(400, [["clientName"]]))).toBe("name-taken");
    expect(failureKind(http(400, [["ClientName"]]))).toBe("name-taken");
    expect(failureKind(http(400, [["redirectUri[0]"]]))).toBe("other");
  });

  it("is anything else for a busy or failing server, a network failure or another error", () => {
    for (const status of [413, 429, 500, 503]) expect(failureKind(http(status))).toBe("other");
    expect(failureKind(new ApiError({ kind: "network", endpoint: "client-list" }))).toBe("other");
    expect(failureKind(new Error("x"))).toBe("other");
  });
});
