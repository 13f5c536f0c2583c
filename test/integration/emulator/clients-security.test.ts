// API client management as the platform notes state it (list, create, update, delete, new secret:
// exactly the stated fields), what only the personal account sets (CORS origins, logout redirects,
// the active switch: the emulator's `clients` handle), the capability per company, and the checks
// every service makes on a request: signature, expiry, scope, active client, revocation, and CORS
// per client.
import { z } from "zod";
import { generateKeyPair, SignJWT, decodeJwt } from "jose";
import { TestClock, type RunningEmulator } from "../../../emulator/src/index";
import {
  bearer,
  companyId,
  form,
  getJson,
  MAIN_COMPANY,
  passwordToken,
  startTestEmulator,
  TEST_ORIGIN,
  type TokenResponse,
} from "./helpers";

const OTHER_ORIGIN = "https://other.example";
const UNKNOWN_ORIGIN = "https://evil.example";

interface ClientDto {
  clientId: string;
  clientName: string;
  description: string;
  redirectUris: string[];
  platformServices: string[];
  clientSecret?: string;
}

/** The stated list's client, field for field: nothing more (strict), nothing less. */
const statedClient = z.strictObject({
  clientId: z.string().min(1),
  clientName: z.string(),
  description: z.string(),
  redirectUris: z.array(z.string()),
  platformServices: z.array(z.string()),
});
const statedCreated = statedClient.extend({ clientSecret: z.string().min(1) });
const statedSecret = z.strictObject({ clientSecret: z.string().min(1) });

let emu: RunningEmulator;
let admin: string;
let main: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  admin = (await passwordToken(emu)).access_token;
  main = companyId(emu, MAIN_COMPANY);
});
afterAll(async () => {
  await emu.stop();
});

async function call<T>(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${emu.authUrl}${path}`, {
    method,
    headers: bearer(token, body === undefined ? {} : { "content-type": "application/json" }),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

async function createClient(name: string, origins: string[] = [OTHER_ORIGIN]): Promise<ClientDto> {
  const { status, body } = await call<ClientDto>("POST", "/api/app/client", admin, {
    companyId: main,
    clientName: name,
    redirectUri: ["https://other.example/signin"],
    platformServices: [],
    description: "made by a test",
  });
  expect(status).toBe(200);
  // What the client API cannot carry is set in the personal account.
  emu.clients.set(body.clientId, { allowedCorsOrigins: origins });
  return body;
}

async function tokenFor(client: ClientDto, secret = client.clientSecret ?? ""): Promise<Response> {
  const user = emu.demo.users[0];
  return form(`${emu.authUrl}/connect/token`, {
    grant_type: "password",
    client_id: client.clientId,
    client_secret: secret,
    username: user?.username ?? "",
    password: user?.password ?? "",
  });
}

async function projectsStatus(token: string): Promise<number> {
  return (await fetch(`${emu.baseUrl}/api/app/project/${main}/byCompanyId`, { headers: bearer(token) }))
    .status;
}

describe("client management API", () => {
  it("creates a client whose secret is shown once and works for the password grant", async () => {
    const created = await createClient("Created client");
    expect(created).toMatchObject({
      clientName: "Created client",
      description: "made by a test",
      redirectUris: ["https://other.example/signin"],
      platformServices: [],
    });
    expect(statedCreated.safeParse(created).success).toBe(true);
    expect((await tokenFor(created)).status).toBe(200);
    const list = await call<ClientDto[]>("GET", `/api/app/client/${main}`, admin);
    expect(list.status).toBe(200);
    expect(z.array(statedClient).safeParse(list.body).error).toBeUndefined();
    const listed = list.body.find((c) => c.clientId === created.clientId);
    expect(listed).toMatchObject({ clientName: "Created client", description: "made by a test" });
    expect(listed).not.toHaveProperty("clientSecret");
    expect(list.body.map((c) => c.clientId)).toEqual(
      expect.arrayContaining([emu.demo.passwordClient.clientId, emu.demo.publicClient.clientId]),
    );
  });

  it("updates a client", async () => {
    const created = await createClient("To update");
    const { status, body } = await call<ClientDto>("PUT", `/api/app/client/${created.clientId}`, admin, {
      clientName: "Updated",
      redirectUri: ["https://other.example/cb2"],
      platformServices: ["Platform.Value.Server"],
      description: "changed",
    });
    expect(status).toBe(200);
    expect(statedClient.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      clientName: "Updated",
      redirectUris: ["https://other.example/cb2"],
      platformServices: ["Platform.Value.Server"],
      description: "changed",
    });
  });

  it("regenerates the secret: the old one stops working", async () => {
    const created = await createClient("Regenerate");
    const { status, body } = await call<{ clientSecret: string }>(
      "PUT",
      `/api/app/client/${created.clientId}/secret`,
      admin,
    );
    expect(status).toBe(200);
    expect(statedSecret.safeParse(body).success).toBe(true);
    expect(body.clientSecret).not.toBe(created.clientSecret);
    const old = await tokenFor(created);
    expect(old.status).toBe(400);
    expect(((await old.json()) as { error: string }).error).toBe("invalid_client");
    expect((await tokenFor(created, body.clientSecret)).status).toBe(200);
  });

  it("deletes a client: its tokens and its secret are refused", async () => {
    const created = await createClient("To delete");
    const token = ((await (await tokenFor(created)).json()) as TokenResponse).access_token;
    expect(await projectsStatus(token)).toBe(200);
    expect((await call("DELETE", `/api/app/client/${created.clientId}`, admin)).status).toBe(204);
    expect(await projectsStatus(token)).toBe(401);
    expect((await tokenFor(created)).status).toBe(400);
    expect((await call("DELETE", `/api/app/client/${created.clientId}`, admin)).status).toBe(404);
  });

  it("validates bodies with member names", async () => {
    const missing = await call<{ error: { validationErrors: { members: string[] }[] } }>(
      "POST",
      "/api/app/client",
      admin,
      { companyId: "not-a-uuid", clientName: "", redirectUri: ["not a url"] },
    );
    expect(missing.status).toBe(400);
    const members = missing.body.error.validationErrors.flatMap((e) => e.members);
    expect(members).toEqual(expect.arrayContaining(["companyId", "clientName", "redirectUri[0]"]));
    await createClient("Duplicate name");
    const dup = await call<{ error: { validationErrors: { members: string[] }[] } }>(
      "POST",
      "/api/app/client",
      admin,
      {
        companyId: main,
        clientName: "Duplicate name",
      },
    );
    expect(dup.status).toBe(400);
    expect(dup.body.error.validationErrors[0]?.members).toEqual(["clientName"]);
  });

  it("refuses to make a secret for the public client, and answers 404 for an unknown client", async () => {
    const pub = await call<{ error: { code: string } }>(
      "PUT",
      `/api/app/client/${emu.demo.publicClient.clientId}/secret`,
      admin,
    );
    expect(pub.status).toBe(400);
    expect(pub.body.error.code).toBe("PublicClient");
    expect((await call("PUT", "/api/app/client/no-such-client/secret", admin)).status).toBe(404);
    expect((await call("PUT", "/api/app/client/no-such-client", admin, { clientName: "x" })).status).toBe(
      404,
    );
  });

  it("requires the company administrator role", async () => {
    const viewer = emu.demo.users[1];
    const t = await passwordToken(emu, {
      username: viewer?.username ?? "",
      password: viewer?.password ?? "",
    });
    const res = await call<{ error: { message: string } }>("GET", `/api/app/client/${main}`, t.access_token);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/administrator/);
    const other = companyId(emu, "СтройГрупп Север");
    expect((await call("GET", `/api/app/client/${other}`, admin)).status).toBe(403);
  });

  it("refuses a company whose capability the platform's support has not switched on, until it has", async () => {
    const personal = companyId(emu, "Ivan Petrov");
    const off = await call<{ error: { code: string } }>("GET", `/api/app/client/${personal}`, admin);
    expect(off.status).toBe(403);
    expect(off.body.error.code).toBe("ApiClientsNotEnabled");
    const create = await call("POST", "/api/app/client", admin, { companyId: personal, clientName: "x" });
    expect(create.status).toBe(403);
    emu.clients.setApiClientsEnabled(personal, true);
    try {
      expect((await call<ClientDto[]>("GET", `/api/app/client/${personal}`, admin)).body).toEqual([]);
    } finally {
      emu.clients.setApiClientsEnabled(personal, false);
    }
  });

  it("ignores what the stated bodies do not carry: a new client has no CORS origin, logout redirect or switch of its own", async () => {
    const { body } = await call<ClientDto>("POST", "/api/app/client", admin, {
      companyId: main,
      clientName: "Extra fields",
      redirectUri: ["https://other.example/signin"],
      platformServices: ["Platform.Value.Server"],
      description: "",
      allowedCorsOrigins: [OTHER_ORIGIN],
      postLogoutRedirectUri: ["https://other.example/out"],
      isActive: false,
    });
    expect(emu.clients.get(body.clientId)).toMatchObject({
      allowedCorsOrigins: [],
      postLogoutRedirectUris: [],
      isActive: true,
      redirectUris: ["https://other.example/signin"],
    });
    const unknown = await call<{ error: { validationErrors: { members: string[] }[] } }>(
      "POST",
      "/api/app/client",
      admin,
      { companyId: main, clientName: "Unknown service", platformServices: ["Nope"] },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.validationErrors[0]?.members).toEqual(["platformServices[0]"]);
  });
});

describe("activate and deactivate (the personal account)", () => {
  it("refuses an inactive client's token requests (invalid_client) and its issued tokens, until reactivated", async () => {
    const created = await createClient("Switchable");
    const token = ((await (await tokenFor(created)).json()) as TokenResponse).access_token;
    expect(await projectsStatus(token)).toBe(200);
    expect(emu.clients.set(created.clientId, { isActive: false }).isActive).toBe(false);
    expect((await call("PUT", `/api/app/client/${created.clientId}/deactivate`, admin)).status).toBe(404);
    const refused = await tokenFor(created);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe("invalid_client");
    expect(await projectsStatus(token)).toBe(401);
    const platform = await fetch(`${emu.authUrl}/api/app/company`, { headers: bearer(token) });
    expect(platform.status).toBe(401);
    expect(emu.clients.set(created.clientId, { isActive: true }).isActive).toBe(true);
    expect(await projectsStatus(token)).toBe(200);
  });
});

describe("token checks on every service", () => {
  it("refuses a token signed by another key", async () => {
    const real = decodeJwt(admin);
    const { privateKey } = await generateKeyPair("RS256");
    const forged = await new SignJWT({ ...real })
      .setProtectedHeader({ alg: "RS256", kid: "forged" })
      .sign(privateKey);
    for (const url of [
      `${emu.baseUrl}/api/app/project/${main}/byCompanyId`,
      `${emu.authUrl}/api/app/company`,
      `${emu.platformUrl}/api/app/metaModels/${main}`,
    ]) {
      const res = await fetch(url, { headers: bearer(forged) });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);
    }
  });

  it("refuses a tampered token and garbage", async () => {
    const [h, p, s] = admin.split(".");
    const payload = JSON.parse(Buffer.from(p ?? "", "base64url").toString()) as Record<string, unknown>;
    payload.company_id = "00000000-0000-0000-0000-000000000001";
    const tampered = `${h}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${s}`;
    expect(await projectsStatus(tampered)).toBe(401);
    expect(await projectsStatus("not-a-jwt")).toBe(401);
  });

  it("refuses a token without a service scope", async () => {
    const t = await passwordToken(emu, { scope: "openid profile" });
    const res = await fetch(`${emu.baseUrl}/api/app/project/${main}/byCompanyId`, {
      headers: bearer(t.access_token),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/error="insufficient_scope"/);
  });

  it("refuses tokens revoked by a fault (per user), and keeps other users' tokens", async () => {
    const viewer = emu.demo.users[1];
    const viewerToken = (
      await passwordToken(emu, { username: viewer?.username ?? "", password: viewer?.password ?? "" })
    ).access_token;
    const mineResponse = await passwordToken(emu);
    const mine = mineResponse.access_token;
    const revoked = emu.faults.revokeTokens({ username: emu.demo.users[0]?.username ?? "" });
    expect(revoked).toBeGreaterThan(0);
    expect(await projectsStatus(mine)).toBe(401);
    // The user's refresh tokens go with the access tokens: no way back in without the password.
    const renewal = await form(`${emu.authUrl}/connect/token`, {
      grant_type: "refresh_token",
      refresh_token: mineResponse.refresh_token ?? "",
      client_id: emu.demo.passwordClient.clientId,
      client_secret: emu.demo.passwordClient.clientSecret,
    });
    expect(renewal.status).toBe(400);
    expect(((await renewal.json()) as { error: string }).error).toBe("invalid_grant");
    expect(await projectsStatus(viewerToken)).toBe(200);
    admin = (await passwordToken(emu)).access_token;
    expect(await projectsStatus(admin)).toBe(200);
  });
});

describe("expiry", () => {
  let shortLived: RunningEmulator;
  const clock = new TestClock();
  beforeAll(async () => {
    shortLived = await startTestEmulator({ tokenLifetimeSeconds: 1, clock });
  });
  afterAll(async () => {
    await shortLived.stop();
  });

  it("answers 401 once the token is past its expiry", async () => {
    const t = await passwordToken(shortLived);
    expect(t.expires_in).toBe(1);
    const company = companyId(shortLived, MAIN_COMPANY);
    const url = `${shortLived.baseUrl}/api/app/project/${company}/byCompanyId`;
    expect((await getJson(url, t.access_token)).status).toBe(200);
    // A second is a second on the emulator's clock: moved on at once, not waited for.
    clock.advance(2_100);
    const res = await fetch(url, { headers: bearer(t.access_token) });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/expired/);
  });
});

describe("CORS per API client", () => {
  let otherToken: string;
  beforeAll(async () => {
    const other = await createClient("CORS other", [OTHER_ORIGIN]);
    otherToken = ((await (await tokenFor(other)).json()) as TokenResponse).access_token;
  });

  const projects = (token: string, origin: string) =>
    fetch(`${emu.baseUrl}/api/app/project/${main}/byCompanyId`, { headers: bearer(token, { origin }) });

  it("answers with CORS headers for an origin in the token's client list", async () => {
    const res = await projects(admin, TEST_ORIGIN);
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe(TEST_ORIGIN);
    expect(res.headers.get("access-control-expose-headers")).toMatch(/WWW-Authenticate/);
  });

  it("gives no CORS headers to an origin outside the token's client list, even if another client lists it", async () => {
    expect((await projects(admin, UNKNOWN_ORIGIN)).headers.get("access-control-allow-origin")).toBeNull();
    expect((await projects(admin, OTHER_ORIGIN)).headers.get("access-control-allow-origin")).toBeNull();
    expect((await projects(otherToken, OTHER_ORIGIN)).headers.get("access-control-allow-origin")).toBe(
      OTHER_ORIGIN,
    );
    expect((await projects(otherToken, TEST_ORIGIN)).headers.get("access-control-allow-origin")).toBeNull();
  });

  it("uses the form's client for /connect/token", async () => {
    const user = emu.demo.users[0];
    const fields = {
      grant_type: "password",
      client_id: emu.demo.passwordClient.clientId,
      client_secret: emu.demo.passwordClient.clientSecret,
      username: user?.username ?? "",
      password: user?.password ?? "",
    };
    const ok = await form(`${emu.authUrl}/connect/token`, fields, { origin: TEST_ORIGIN });
    expect(ok.headers.get("access-control-allow-origin")).toBe(TEST_ORIGIN);
    const other = await form(`${emu.authUrl}/connect/token`, fields, { origin: OTHER_ORIGIN });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("answers preflights for an origin of any active client, with Private Network Access", async () => {
    const res = await fetch(`${emu.baseUrl}/api/import/catalog/json/external`, {
      method: "OPTIONS",
      headers: {
        origin: TEST_ORIGIN,
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
        "access-control-request-private-network": "true",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe(TEST_ORIGIN);
    expect(res.headers.get("access-control-allow-methods")).toMatch(/POST/);
    expect(res.headers.get("access-control-allow-headers")).toBe("authorization, content-type");
    expect(res.headers.get("access-control-allow-private-network")).toBe("true");
    const denied = await fetch(`${emu.authUrl}/connect/token`, {
      method: "OPTIONS",
      headers: {
        origin: UNKNOWN_ORIGIN,
        "access-control-request-method": "POST",
        "access-control-request-private-network": "true",
      },
    });
    expect(denied.headers.get("access-control-allow-origin")).toBeNull();
    expect(denied.headers.get("access-control-allow-private-network")).toBeNull();
  });

  it("lets the browser read a 401 from an allowed origin", async () => {
    const res = await fetch(`${emu.baseUrl}/api/app/project/${main}/byCompanyId`, {
      headers: { origin: TEST_ORIGIN },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("access-control-allow-origin")).toBe(TEST_ORIGIN);
  });
});
