// Acceptance: after a sign-in with "keep me signed in", nothing of the token, the client secret or
// the password is in the workbook (document settings, cells) and no log line contains them. Uses
// the workbench's Office emulation (dev/office-emulation): a workbook model with cells, its
// document settings as Office.context.document.settings, and OfficeRuntime.storage.

import { EmulatedSettings } from "../../../dev/office-emulation/office";
import { WorkbookModel } from "../../../dev/office-emulation/model";
import { EmulatedRuntimeStorage, memoryBackend } from "../../../dev/office-emulation/runtime-storage";
import { setLogSink } from "../../../src/log/logger";
import { getSession, resetSessionForTests } from "../../../src/session/index";
import { hostStores } from "../../../src/session/storage";
import { demoUser, startEnv, type Env } from "./setup";

/** The runtime's session as getSession() builds it, on the host's stores (OfficeRuntime.storage here). */
function runtimeSession(): void {
  const stores = hostStores();
  resetSessionForTests({
    store: stores.settings,
    credentialStore: stores.credentials,
    keepsSignIn: stores.keepsSignIn,
    http: { fetch: recordingFetch },
  });
}

jest.setTimeout(60_000);

type Globals = { Office?: unknown; OfficeRuntime?: unknown };

let env: Env;
const logLines: string[] = [];
const issuedTokens: string[] = [];
const workbook = new WorkbookModel();
const documentSettings = new EmulatedSettings(workbook);
const runtimeStorage = new EmulatedRuntimeStorage(memoryBackend());

/** Real fetch, noting every token the authorization server hands out. */
const recordingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const url = input instanceof Request ? input.url : String(input);
  if (url.endsWith("/connect/token") && response.ok) {
    const body = (await response.clone().json()) as Record<string, unknown>;
    for (const k of ["access_token", "refresh_token", "id_token"]) {
      if (typeof body[k] === "string") issuedTokens.push(body[k]);
    }
  }
  return response;
};

function workbookText(): string {
  const cells = workbook.sheets.flatMap((s) =>
    [...s.cells.values()].map((c) => `${String(c.value)}|${c.formula ?? ""}|${c.errorMessage ?? ""}`),
  );
  return (
    [...workbook.documentSettings.entries()].map(([k, v]) => `${k}=${v}`).join("\n") + "\n" + cells.join("\n")
  );
}

beforeAll(async () => {
  env = await startEnv();
  workbook.addSheet("Catalog", {
    rows: [
      ["Code", "Name"],
      ["1", "Root"],
    ],
  });
  const g = globalThis as Globals;
  g.Office = { context: { document: { settings: documentSettings } } };
  g.OfficeRuntime = { storage: runtimeStorage };
  setLogSink((_level, line) => logLines.push(line));
  // The add-in's document settings are in use for something harmless, so a leak would show.
  documentSettings.set("boq-bridge.lastCatalog", "Materials");
  await new Promise<void>((resolve) => documentSettings.saveAsync(() => resolve()));
  runtimeSession();
});

afterAll(async () => {
  resetSessionForTests();
  setLogSink(null);
  const g = globalThis as Globals;
  delete g.Office;
  delete g.OfficeRuntime;
  await env?.emu.stop();
});

it("keeps the sign-in in OfficeRuntime.storage only, and out of the workbook and the logs", async () => {
  const session = getSession();
  await session.init();
  const errors = await session.saveSettings({
    ...session.settings.get(),
    preset: "custom",
    authUrl: env.emu.authUrl,
    valueUrl: env.emu.baseUrl,
    platformUrl: env.emu.platformUrl,
  });
  expect(errors).toEqual({});
  const user = demoUser(env);
  const { clientId, clientSecret } = env.emu.demo.passwordClient;
  const state = await session.signInWithPassword({
    clientId,
    clientSecret,
    username: user.username,
    password: user.password,
    keepSignedIn: true,
  });
  await session.api.listProjects(state.company!.id);
  // A failing request logs too: its lines must be clean as well.
  env.emu.faults.failNext("GET /api/app/company", 1, 503);
  await session.api.listCompanies();

  // A second runtime (Excel restarted) signs in from the stored refresh token.
  runtimeSession();
  const restored = await getSession().init();
  expect(restored.status).toBe("signed-in");
  await getSession().api.listCompanies();
  await new Promise<void>((resolve) => documentSettings.saveAsync(() => resolve()));

  const secrets = [user.password, clientSecret, ...issuedTokens];
  expect(issuedTokens.length).toBeGreaterThanOrEqual(4); // two access and two refresh tokens

  // Stored where it belongs: OfficeRuntime.storage has the refresh token and the client secret, not the password.
  const stored = JSON.stringify(runtimeStorage.snapshot());
  expect(stored).toContain(clientSecret);
  expect(issuedTokens.some((t) => stored.includes(t))).toBe(true);
  expect(stored).not.toContain(user.password);

  const inWorkbook = workbookText();
  expect(inWorkbook).toContain("Materials");
  const inLogs = logLines.join("\n");
  expect(logLines.length).toBeGreaterThan(0);
  for (const secret of secrets) {
    expect(inWorkbook).not.toContain(secret);
    expect(inLogs).not.toContain(secret);
  }
});
