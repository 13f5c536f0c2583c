// Every call of the client management API (src/api/clients.ts) through the real client and session
// against the in-process emulator: list, create, update, delete, a new secret; the refusals (not an
// administrator, the capability not enabled, a name taken) as the pane receives them; a secret
// never in a log line; and the services' check after a set-up.

import * as clients from "../../../src/api/clients";
import { isApiError, type ApiError } from "../../../src/api/errors";
import { errorText } from "../../../src/i18n";
import { redact, setLogSink } from "../../../src/log/logger";
import type { Session } from "../../../src/session/session";
import { demoUser, sessionFor, signIn, startEnv, type Env } from "./setup";

jest.setTimeout(60_000);

let env: Env;
let session: Session;
const logLines: string[] = [];
let northwind: string;

const FIELDS: clients.ApiClientFields = {
  clientName: "BOQ Bridge",
  description: "BOQ Bridge, the Excel add-in at https://addins.example.com/boq-bridge/",
  redirectUris: ["https://addins.example.com/boq-bridge/signin.html"],
  platformServices: ["Platform.Value.Server"],
};

beforeAll(async () => {
  setLogSink((_level, line) => logLines.push(line));
  env = await startEnv();
  northwind = env.emu.demo.companies.find((c) => c.name === "Northwind Construction")?.id ?? "";
  ({ session } = await sessionFor(env));
  await signIn(env, session);
});
afterAll(async () => {
  setLogSink(null);
  await env?.emu.stop();
});

async function refusal(action: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await action.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

/** A password sign-in of the demo user with that client, in a session of its own. */
async function signInWith(clientId: string, clientSecret: string): Promise<unknown> {
  const { session: other } = await sessionFor(env);
  const user = demoUser(env);
  return other.signInWithPassword({
    clientId,
    clientSecret,
    username: user.username,
    password: user.password,
    keepSignedIn: false,
  });
}

describe("the client management API through the client", () => {
  it("creates a client with the stated fields, lists, changes and deletes it", async () => {
    const created = await clients.createClient(session.http, northwind, FIELDS);
    expect(created).toMatchObject({ ...FIELDS, clientId: expect.any(String) });
    expect(created.clientSecret).toEqual(expect.any(String));
    // The secret is registered at once: the logger blanks it wherever it would appear.
    expect(redact(`secret ${created.clientSecret}`)).toBe("secret [redacted]");
    // What the body could not carry is not set: the personal account has it empty.
    expect(env.emu.clients.get(created.clientId)).toMatchObject({ allowedCorsOrigins: [], isActive: true });
    await expect(signInWith(created.clientId, created.clientSecret)).resolves.toBeDefined();

    const listed = await clients.listClients(session.http, northwind);
    expect(listed.find((c) => c.clientId === created.clientId)).toEqual({
      clientId: created.clientId,
      ...FIELDS,
    });
    expect(listed.map((c) => c.clientId)).toContain(env.emu.demo.passwordClient.clientId);

    const changed = await clients.updateClient(session.http, created.clientId, {
      ...FIELDS,
      clientName: "BOQ Bridge (staging)",
      description: "changed",
    });
    expect(changed).toMatchObject({ clientName: "BOQ Bridge (staging)", description: "changed" });

    await clients.deleteClient(session.http, created.clientId);
    expect((await clients.listClients(session.http, northwind)).map((c) => c.clientId)).not.toContain(
      created.clientId,
    );
    const gone = await refusal(clients.deleteClient(session.http, created.clientId));
    expect(gone.kind).toBe("http");
    expect(logLines.join("\n")).not.toContain(created.clientSecret);
  });

  it("makes a new secret: a password sign-in with the old one fails with the estimator's message", async () => {
    const created = await clients.createClient(session.http, northwind, {
      ...FIELDS,
      clientName: "Secret test",
    });
    const fresh = await clients.newClientSecret(session.http, created.clientId);
    expect(fresh).not.toBe(created.clientSecret);
    expect(redact(fresh)).toBe("[redacted]");
    const old = await refusal(signInWith(created.clientId, created.clientSecret));
    expect(errorText(old, { plain: true })).toBe(
      "The client id or client secret is not accepted. Check them with your company administrator.",
    );
    expect(errorText(old, { plain: true, language: "ru" })).toBe(
      "Идентификатор клиента или секрет клиента не приняты. Уточните их у администратора компании.",
    );
    await expect(signInWith(created.clientId, fresh)).resolves.toBeDefined();
    expect(logLines.join("\n")).not.toContain(fresh);
  });

  it("answers a name the company already has with the platform's validation error naming the name", async () => {
    const taken = await refusal(
      clients.createClient(session.http, northwind, { ...FIELDS, clientName: "boq bridge demo (password)" }),
    );
    expect(taken.kind).toBe("http");
    expect(taken.validationErrors.flatMap((v) => v.members)).toEqual(["clientName"]);
  });

  it("refuses a user who is not the company's administrator, and a company without the capability", async () => {
    const { session: viewer } = await sessionFor(env);
    const user = env.emu.demo.users[1]!;
    await viewer.signInWithPassword({
      clientId: env.emu.demo.passwordClient.clientId,
      clientSecret: env.emu.demo.passwordClient.clientSecret,
      username: user.username,
      password: user.password,
      keepSignedIn: false,
    });
    const notAdmin = await refusal(clients.listClients(viewer.http, northwind));
    expect(notAdmin.kind).toBe("http");
    const personal = env.emu.demo.companies.find((c) => c.isPersonal)?.id ?? "";
    const notEnabled = await refusal(clients.listClients(session.http, personal));
    expect(notEnabled.kind).toBe("http");
    const notCreated = await refusal(clients.createClient(session.http, personal, FIELDS));
    expect(notCreated.kind).toBe("http");
    // Neither signs anybody out.
    expect(session.getState().status).toBe("signed-in");
    expect(viewer.getState().status).toBe("signed-in");
  });
});

describe("the services' check after a set-up", () => {
  it("finds each of the three services answering", async () => {
    for (const service of ["auth", "value", "platform"] as const) {
      await expect(clients.reachService(session.http, service, northwind)).resolves.toBe("answered");
    }
  });

  it("says a service that does not answer is unreachable, once, without retrying for long", async () => {
    const closed = `http://127.0.0.1:9`;
    const { session: other } = await sessionFor(env);
    await signIn(env, other);
    const settings = other.settings.get();
    await other.saveSettings({ ...settings, preset: "custom", platformUrl: closed });
    expect(await clients.reachService(other.http, "platform", northwind)).toBe("unreachable");
  });
});
